// The review screen of one submitted application (issue 11): the application
// summarised as text (the check page's builder, decision 0104) with every
// document list and the signature evidence, its decision history, and the
// decision a reviewer takes with the decision form. The route checks requireReviewer first.
import type { CurrentUser } from "~/lib/current-user";
import { CONSENT_1033_DOCUMENT_TYPE, CONSENT_1033_NEEDED, CONSENT_1033_UPLOADED } from "~/features/appointment/fcra";
import { prisma } from "~/lib/db.server";
import { applicationScreen } from "~/features/appointment/screen.server";
import { recordsOfNpn } from "~/features/licences/records.server";
import { licencesAction } from "~/features/licences/screens.server";
import { capabilitiesFor } from "~/lib/permissions.server";
import { licenceCheck } from "~/features/licences/rules.server";
import { dayOf } from "~/features/licences/status";
import { shownSignature } from "~/features/appointment/codes";
import { DATA_SECTIONS, type DataSectionId } from "~/features/appointment/model";
import { approveApplication, rejectApplication, returnApplication, type DecisionResult } from "./decisions.server";
import { decisionHistory } from "./history.server";
import { agentName, AWAITING_STATUS } from "./queue.server";
import type { DecisionForm } from "./schema";

const shownSignatures = (sigs: Record<string, string | undefined> | undefined) =>
  Object.fromEntries(Object.entries(sigs ?? {}).map(([code, v]) => [code, shownSignature(code, v)]));

export async function reviewScreen(user: CurrentUser, appointmentId: number, wanted: string | null, request: Request) {
  // The review page shows only the data sections (no Instructions).
  const section = wanted && (DATA_SECTIONS as readonly string[]).includes(wanted) ? wanted : "PERSONAL";
  const { data, ...screen } = await applicationScreen(user, appointmentId, section, request, { allDocuments: true, answers: true });
  const today = dayOf(new Date());
  const [history, people, licences] = await Promise.all([
    decisionHistory(appointmentId),
    prisma.appointment.findUnique({
      where: { appointmentId },
      select: {
        prospectEmailAddress: true,
        isPaperAppointment: true,
        personal: { select: { firstName: true, lastName: true, businessName: true } },
        user: { select: { firstName: true, lastName: true, userName: true } },
        recruiterAgent: { select: { agentNumber: true, firstName: true, lastName: true, companyName: true } },
        appointmentLink: { select: { recruiterAgent: { select: { agentNumber: true, firstName: true, lastName: true, companyName: true } } } },
      },
    }),
    // The applicant's licenses against what the application asks for (the approval's own check, decision 0070).
    licenceCheck(prisma, appointmentId, today),
  ]);
  const awaiting = screen.view.statusCode === AWAITING_STATUS;
  // The NPN's records, for the license screens' forms this screen opens to confirm or correct them (decision 0098).
  const records = awaiting && licences?.npn ? { npn: licences.npn, mode: "edit" as const, today, positions: [], records: await recordsOfNpn(licences.npn) } : null;
  const recruiter = people?.recruiterAgent ?? people?.appointmentLink?.recruiterAgent ?? null;
  const prospect =
    [people?.personal?.firstName ?? people?.user?.firstName, people?.personal?.lastName ?? people?.user?.lastName].filter(Boolean).join(" ") ||
    people?.personal?.businessName ||
    people?.prospectEmailAddress ||
    `Application ${appointmentId}`;
  return {
    ...screen,
    // The review screen never changes the application, whatever its status.
    view: { ...screen.view, readOnly: true, esignCanAccept: false },
    sections: screen.sections.filter((s): s is DataSectionId => (DATA_SECTIONS as readonly string[]).includes(s)),
    awaiting,
    summary: {
      prospect,
      email: people?.prospectEmailAddress ?? people?.user?.userName ?? null,
      recruiter: recruiter ? `${agentName(recruiter)} (${recruiter.agentNumber})` : null,
      isPaper: Boolean(people?.isPaperAppointment),
      // 18 U.S.C. 1033 (decision 0121): a Yes to the breach-of-trust question needs the commissioner's consent.
      consent1033: screen.context.needs1033Consent
        ? screen.context.hasUploaded[CONSENT_1033_DOCUMENT_TYPE]
          ? CONSENT_1033_UPLOADED
          : CONSENT_1033_NEEDED
        : null,
    },
    history,
    licences,
    records,
    today,
    // The loader data are in the page: only what the document lists' statuses read, the typed
    // secrets masked; the application itself is the summary, as text (decision 0104).
    documentsData: {
      agreements: { signatures: shownSignatures(data.agreements.signatures) },
      commissions: { signatures: shownSignatures(data.commissions.signatures) },
    },
  };
}

/**
 * A licence or credential form the review screen opened (?licence=…, ?credential=…) posted back to it:
 * the licence screens' own action for the application's NPN (access, caps, the one writer; the
 * administrator's save confirms the record), back to the review on success, the refusal shown
 * next to its field on the review screen (decision 0098). No NPN: 404.
 */
export async function reviewRecordsAction(request: Request, user: CurrentUser, appointmentId: number) {
  const check = await licenceCheck(prisma, appointmentId, dayOf(new Date()));
  if (!check?.npn) throw new Response(null, { status: 404 });
  const { capabilities } = await capabilitiesFor(request);
  return licencesAction(request, user, capabilities, check.npn, `/admin/review/${appointmentId}`);
}

/** Takes the decision through the decision functions (which refuse a second decision: ALREADY_DECIDED). */
export function decide(user: CurrentUser, appointmentId: number, form: DecisionForm, request: Request): Promise<DecisionResult> {
  const input = { appointmentId, adminUserId: user.id, reason: form.reason, request };
  switch (form.decision) {
    case "RETURN":
      return returnApplication({ ...input, sections: form.sections ?? [] });
    case "REJECT":
      return rejectApplication(input);
    case "APPROVE":
      return approveApplication(input);
  }
}
