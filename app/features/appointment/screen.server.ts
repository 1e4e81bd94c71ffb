// What the application screen shows for one section (spec part 2 §2–§4):
// the loaded application shaped for the section forms, the header, the side
// panel's completion, the documents (Supporting Documents only) and, for
// internal administrators, the signature evidence.
import type { CurrentUser } from "~/lib/current-user";
import { recordAccess } from "~/lib/audit.server";
import { env } from "~/lib/env.server";
import { appointmentDocumentUrl } from "~/features/documents/appointment-documents.server";
import { answersOf } from "./check-page.server";
import { canSeeSignatureEvidence, signatureEvidence } from "./evidence.server";
import { loadApplication } from "./load.server";
import { isSectionId, type SectionId } from "./model";
import { appointmentLineLabel } from "./ui/lines";
import type { SectionView } from "./ui/types";
import { turnReader, whoseTurn } from "./whose-turn";
import { CONSENT_1033_DOCUMENT_TYPE } from "./fcra";

/** The sections with a state drop-down (addresses: Personal Information, Commissions' assignee, the card's billing address). */
const STATE_SELECT_SECTIONS: ReadonlySet<SectionId> = new Set(["PERSONAL", "COMMS", "FEES"]);

export async function applicationScreen(
  user: CurrentUser,
  id: number,
  wanted: string | null,
  request: Request,
  /** allDocuments: the document lists whatever the section; answers: every section summarised (the review screen, issue 11, decision 0104). */
  opts: { allDocuments?: boolean; answers?: boolean } = {},
) {
  const app = await loadApplication(user, id, { request });
  // The application screen and the review screen: anyone but the applicant is on record.
  await recordAccess(request, user, "APPLICATION_VIEWED", { type: "Appointment", id, ownerUserId: app.role === "PROSPECT" ? user.id : null });
  const section: SectionId = isSectionId(wanted) && app.sections.includes(wanted) ? wanted : app.sections[0] ?? "PERSONAL";
  const view: SectionView = {
    appointmentId: id,
    typeCode: app.appointmentTypeCode,
    flavour: app.flavour,
    statusCode: app.statusCode,
    readOnly: app.readOnly,
    // What the open section shows, and no more (the loader data are in every page: docs/performance-appscreen-profile.md, D).
    questions: section === "PERSONAL" ? app.questions.personal : [],
    stateFees: section === "FEES" ? app.stateFees : [],
    states: STATE_SELECT_SECTIONS.has(section) ? app.stateFees.map((f) => ({ stateCode: f.stateCode, stateName: f.stateName })) : [],
    residentStateCode: app.residentStateCode,
    esignConsented: app.esign.accepted,
    esignCanAccept: app.esign.canAccept,
    esignText: app.esign.text,
    commissionStatements: app.header.commissionScheduleDocumentIds.map((docId, i) => ({
      label:
        app.header.commissionScheduleDocumentIds.length > 1 && app.header.lines[i]
          ? `Commission Schedule — ${appointmentLineLabel(app.header.lines[i])}`
          : "Commission Schedule",
      href: appointmentDocumentUrl(id, docId),
    })),
    faxNumber: env().DOCUMENT_FAX_NUMBER,
    asks1033Consent: section === "DOCS" && Boolean(app.context.needs1033Consent) && !app.context.hasUploaded[CONSENT_1033_DOCUMENT_TYPE],
    section,
    now: new Date().toISOString(),
  };
  return {
    view,
    section,
    sections: app.sections,
    statusText: app.statusText,
    /** Whose turn it is ('With you', 'Returned: …'): whose-turn.ts. */
    turn: whoseTurn(app.statusCode, app.decisionNote, turnReader(app.role)).label,
    /** A recruiter or upline reading a downline application (read-only, decision 0024). */
    isUpline: app.role === "UPLINE",
    agentNumber: app.agentNumber,
    header: {
      inviterName: null,
      inviterAgentNumber: app.header.inviterAgentNumber,
      inviterPhone: app.header.inviterPhone,
      lines: app.header.lines.map((l) => ({ carrier: l.carrier, productType: l.productType, scheduleName: l.scheduleName, levelNo: l.levelNo ?? 0, levelName: l.levelName })),
      typeLabel: `${app.appointmentTypeLabel} (${app.businessType})`,
    },
    data: app.data,
    context: { ...app.context, now: app.context.now.toISOString() },
    completion: {
      percent: app.completion.percent,
      complete: app.completion.complete,
      deficiencies: app.completion.deficiencies,
    },
    documents: section === "DOCS" || opts.allDocuments ? app.documents : null,
    answers: opts.answers ? answersOf(app) : null,
    submittedAt: app.submittedAt?.toISOString() ?? null,
    /** An administrator's return (reason, sections to correct) or rejection (issue 11). */
    decisionNote: app.decisionNote,
    // Internal administrators (not while impersonating) see the signature evidence, read-only.
    evidence: canSeeSignatureEvidence(user) ? await signatureEvidence(user, id, request) : null,
  };
}
