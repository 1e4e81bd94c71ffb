// Loading the application for the screen (spec part 2 §2–§4): the stored
// record as the section forms hold it (sensitive values only as masks), the
// header, the catalogues, the completion and the consent state.
import type { Prisma } from "~/generated/prisma/client";
import { preparedStatements, prisma, queryRows } from "~/lib/db.server";
import type { CurrentUser } from "~/lib/current-user";
import {
  appointmentDocumentListsOf,
  SYSTEM_AGREEMENT_KEYS,
  type AppointmentDocumentLists,
  type SystemAgreementDocument,
} from "~/features/documents/appointment-documents.server";
import { documentsContextSelect, type Requirement } from "~/features/documents/appointment-document-sources.server";
import { decisionNoteOf, latestDecision, type DecisionNote } from "~/features/review/notes";
import { decideAppointmentAccess, isReadOnlyStatus, type AppointmentRole } from "./access.server";
import { agreementsSection } from "./agreements.server";
import { commissionsSection } from "./commissions.server";
import type { completion } from "./completion";
import { screenCompletion } from "./completion-store.server";
import { totalFees } from "./derive";
import { documentsSection } from "./documents.server";
import { ESIGN_CONSENT_TEXT, ESIGN_CONSENT_VERSION } from "./evidence.server";
import { feesSection } from "./fees.server";
import {
  APPOINTMENT_TYPE_LABELS,
  businessTypeLabel,
  statusText,
  visibleSections,
  type AppointmentTypeCode,
  type InvitationFlavour,
  type SectionId,
} from "./model";
import { isSubQuestion } from "./codes";
import { type ApplicationData, type ValidationContext } from "./form-data";
import { personalSection } from "./personal.server";
import { contextOf, fullInclude, type StoredRecord, type Profile, type Question } from "./record.server";
import { contactPhone } from "~/features/agents/format";

/**
 * The stored application as the forms hold it (model.ts shapes). Sensitive
 * values appear only as masks. Missing signatures are blank, or the derived
 * agent name for the agent-name signatures (spec §3 'Signature'); a
 * prospect's empty names, email and phone come from their profile.
 */
export function toFormData(a: StoredRecord, questions: Question[], profile?: Profile | null): ApplicationData {
  return {
    personal: personalSection.read(a, questions, profile),
    commissions: commissionsSection.read(a, questions, profile),
    fees: feesSection.read(a, questions, profile),
    agreements: agreementsSection.read(a, questions, profile),
    documents: documentsSection.read(a, questions, profile),
  };
}

export type HeaderLine = { carrier: string; productType: string; scheduleName: string; levelNo: number | null; levelName: string };

export type ApplicationView = {
  appointmentId: number;
  /** How the asking user relates to it: PROSPECT, SUBMITTER (paper appointment) or ADMIN. */
  role: AppointmentRole;
  isPaperAppointment: boolean;
  statusCode: string;
  statusText: string;
  readOnly: boolean;
  /** When the retention schedule erased its sensitive values and files (decision 0120), else null. */
  erasedAt: string | null;
  /** Only once approved. */
  agentNumber: string | null;
  appointmentTypeCode: AppointmentTypeCode;
  appointmentTypeLabel: string;
  /** 'Individual' or 'Corporation' (spec §3). */
  businessType: "Individual" | "Corporation";
  flavour: InvitationFlavour;
  header: {
    inviterAgentNumber: string | null;
    inviterPhone: string | null;
    levelNo: number | null;
    levelName: string | null;
    /** One line per carrier/level (several for a multi-link). */
    lines: HeaderLine[];
    isMulti: boolean;
    /** Commission schedule PDFs (system Document ids) of the levels. */
    commissionScheduleDocumentIds: string[];
  };
  sections: SectionId[];
  questions: {
    personal: Array<{ questionId: number; questionText: string; isSubQuestion: boolean }>;
    stateFee: { questionId: number; questionText: string } | null;
  };
  stateFees: Array<{ stateFeeId: number; stateCode: string; stateName: string; residentFeeAmount: number; nonResidentFeeAmount: number; isPreAppointment: boolean }>;
  residentStateCode: string | null;
  /** The chosen states with their stored fee, and the total. */
  states: Array<{ stateCode: string; stateName: string; feeAmount: number; isResident: boolean }>;
  totalFees: number;
  data: ApplicationData;
  context: ValidationContext;
  completion: ReturnType<typeof completion>;
  esign: {
    /** The asking user has accepted the current consent for this application. */
    accepted: boolean;
    /** Can accept now (not while impersonating, not read-only). */
    canAccept: boolean;
    text: string;
    version: string;
  };
  /** When the application was submitted (read-only screens). */
  submittedAt: Date | null;
  /** Supporting Documents' lists (engineer B2's appointmentDocumentLists). */
  documents: AppointmentDocumentLists;
  /** An administrator's return or rejection (issue 11), as review/notes.ts decides it. */
  decisionNote: DecisionNote | null;
};

const num = (d: { toString(): string } | null | undefined) => (d == null ? 0 : Number(d.toString()));

type StateFeeRow = { stateFeeId: number; stateCode: string; stateName: string; residentFeeAmount: number; nonResidentFeeAmount: number; isPreAppointment: boolean };

/**
 * The catalogues every section of the screen reads, in ONE statement (prepared, so planned once
 * per connection; three Prisma statements before: docs/performance-appscreen-profile.md): the
 * personal questions (as personalQuestions() in record.server.ts orders and filters them), the
 * state-fee question and the state fees.
 */
const SCREEN_CATALOGUE_SQL = `
SELECT
  (SELECT COALESCE(json_agg(json_build_object('questionId', q.question_id, 'questionText', q.question_text,
                                              'questionType', q.question_type, 'sortOrder', q.sort_order)
                            ORDER BY q.sort_order, q.question_id), '[]')
     FROM questions q WHERE q.question_type = 'QUES_TYP_PERSONAL' AND q.is_active AND NOT q.is_text_only) AS questions,
  (SELECT json_build_object('questionId', q.question_id, 'questionText', q.question_text)
     FROM questions q WHERE q.question_type = 'QUES_TYP_STATE_FEE' AND q.is_active
    ORDER BY q.sort_order, q.question_id LIMIT 1) AS "stateFeeQuestion",
  (SELECT COALESCE(json_agg(json_build_object('stateFeeId', f.state_fee_id, 'stateCode', f.state_code, 'stateName', f.state_name,
                                              'residentFeeAmount', f.resident_fee_amount, 'nonResidentFeeAmount', f.non_resident_fee_amount,
                                              'isPreAppointment', COALESCE(sr.appointment_timing = 'PRE_APPOINTMENT', false))
                            ORDER BY f.sort_order, f.state_code), '[]')
     FROM state_fees f LEFT JOIN state_rules sr ON sr.state_code = f.state_code) AS "stateFees",
  (SELECT COALESCE(json_agg(json_build_object('documentTypeCode', r.document_type_code, 'documentName', r.document_name, 'groupCode', r.group_code,
                                              'isRequired', r.is_required, 'forLevel', r.for_level, 'exceptForLevel', r.except_for_level)
                            ORDER BY r.sort_order, r.document_requirements_id), '[]')
     FROM document_requirements r
    WHERE r.appointment_type_code = (SELECT t.appointment_type_code FROM appointments t WHERE t.appointment_id = $1::int)) AS requirements,
  (SELECT COALESCE(json_agg(json_build_object('id', d.id, 'documentKey', d.document_key, 'title', d.title, 'uploadedAt', d.uploaded_at,
                                              'storedFile', json_build_object('fileName', sf.file_name))
                            ORDER BY d.version DESC), '[]')
     FROM documents d JOIN stored_files sf ON sf.id = d.stored_file_id
    WHERE d.kind_code = 'SYSTEM' AND d.is_current AND d.document_key = ANY($2::text[])) AS "systemDocs"`;

type CatalogueRow = {
  questions: Question[];
  stateFeeQuestion: { questionId: number; questionText: string } | null;
  stateFees: StateFeeRow[];
  requirements: Requirement[];
  systemDocs: Array<Omit<SystemAgreementDocument, "uploadedAt"> & { uploadedAt: string }>;
};

/** The catalogues of the screen; the document requirements are those of the application's type (every level). */
async function screenCatalogue(appointmentId: number) {
  const [row] = await queryRows<CatalogueRow>(SCREEN_CATALOGUE_SQL, [appointmentId, SYSTEM_AGREEMENT_KEYS]);
  const { systemDocs, ...rest } = row!;
  return { ...rest, systemDocs: systemDocs.map((d) => ({ ...d, uploadedAt: new Date(d.uploadedAt) })) };
}

/**
 * The application as the screen shows it, in ONE statement (five before: the access row, loadFull,
 * the documents' context, the consent and the decision note): the record and header (fullInclude),
 * the link's recruiter position (the access rule), the documents' context (documentsContextSelect),
 * whether this user accepted the current e-sign consent, the latest decision and the stored
 * completion (completion-store.server.ts).
 */
const screenInclude = (userId: string) =>
  ({
    ...fullInclude,
    appointmentLink: { select: { recruiterAgentId: true } },
    irsInfo: true,
    bankInfo: true,
    commissionRemitAssign: true,
    cardInfo: true,
    carrierBlocks: {
      select: {
        levelNo: true,
        carrier: documentsContextSelect.carrierBlocks.select.carrier,
        scheduleLevel: {
          select: {
            ...fullInclude.carrierBlocks.select.scheduleLevel.select,
            ...documentsContextSelect.carrierBlocks.select.scheduleLevel.select,
          },
        },
      },
    },
    documents: documentsContextSelect.documents,
    esignConsents: { where: { userId, consentTextVersion: ESIGN_CONSENT_VERSION }, take: 1, select: { id: true } },
    decisions: latestDecision,
    completionCache: { select: { completionKey: true, completion: true } },
  }) satisfies Prisma.AppointmentInclude;

/**
 * Everything the application screen needs, for someone who may see it (404
 * otherwise). Sensitive values only as masks.
 */
export async function loadApplication(user: CurrentUser, appointmentId: number, opts: { request?: Request; now?: Date } = {}): Promise<ApplicationView> {
  const valid = Number.isSafeInteger(appointmentId) && appointmentId > 0 && appointmentId <= 2_147_483_647;
  // The row and the catalogues side by side; nothing is returned before the access rule has answered.
  const [found, catalogue] = await Promise.all([
    // A prepared statement: planned once per connection, not at every render (decision 0066).
    valid ? preparedStatements(() => prisma.appointment.findFirst({ where: { appointmentId }, include: screenInclude(user.id) })) : null,
    screenCatalogue(valid ? appointmentId : 0),
  ]);
  const role = await decideAppointmentAccess(user, appointmentId, found, { request: opts.request });
  const a = found!;
  const now = opts.now ?? new Date();
  const { questions, stateFeeQuestion, stateFees: stateFeeRows } = catalogue;
  const documents = appointmentDocumentListsOf(a, catalogue.requirements, catalogue.systemDocs);
  const consent = a.esignConsents.length > 0;
  const ctx = contextOf(a, questions, documents.hasUploaded, now);
  const data = toFormData(a, questions, role === "PROSPECT" ? user : null);
  const type = ctx.appointmentTypeCode;
  const lines: HeaderLine[] = a.carrierBlocks.map((b) => ({
    carrier: b.scheduleLevel?.schedule.carrier.carrierCode ?? "",
    productType: b.scheduleLevel?.schedule.productType.name ?? "",
    scheduleName: b.scheduleLevel?.schedule.scheduleName ?? "",
    levelNo: b.levelNo ?? b.scheduleLevel?.levelNo ?? null,
    levelName: b.scheduleLevel?.levelName ?? "",
  }));
  const inviter = a.invitation?.inviterAgent ?? a.recruiterAgent;
  // An upline reads the downline's application and never changes it (access.server.ts).
  const readOnly = isReadOnlyStatus(a.appointmentStatusCode) || role === "UPLINE";
  return {
    appointmentId,
    role: role,
    isPaperAppointment: a.isPaperAppointment,
    statusCode: a.appointmentStatusCode,
    statusText: statusText(a.appointmentStatusCode),
    readOnly,
    erasedAt: a.erasedAt?.toISOString() ?? null,
    agentNumber: a.appointmentStatusCode === "APWF_STATUS_APPROVED" ? a.agentNumber : null,
    appointmentTypeCode: type,
    appointmentTypeLabel: APPOINTMENT_TYPE_LABELS[type],
    businessType: businessTypeLabel(type),
    flavour: ctx.flavour,
    header: {
      inviterAgentNumber: a.invitation?.inviterAgentNumber ?? inviter?.agentNumber ?? null,
      inviterPhone: contactPhone(inviter),
      levelNo: lines[0]?.levelNo ?? null,
      levelName: lines[0]?.levelName ?? null,
      lines,
      isMulti: a.multiLinkId != null,
      commissionScheduleDocumentIds: [
        ...new Set(a.carrierBlocks.map((b) => b.scheduleLevel?.documentId).filter((v): v is string => !!v)),
      ],
    },
    sections: visibleSections(ctx),
    questions: {
      personal: questions.map((q) => ({ questionId: q.questionId, questionText: q.questionText, isSubQuestion: isSubQuestion(q.questionText) })),
      stateFee: stateFeeQuestion,
    },
    stateFees: stateFeeRows.map((f) => ({
      stateFeeId: f.stateFeeId,
      stateCode: f.stateCode,
      stateName: f.stateName,
      residentFeeAmount: num(f.residentFeeAmount),
      nonResidentFeeAmount: num(f.nonResidentFeeAmount),
      isPreAppointment: f.isPreAppointment,
    })),
    residentStateCode: ctx.residentStateCode ?? null,
    states: a.states.map((s) => ({ stateCode: s.stateCode, stateName: s.stateName, feeAmount: num(s.feeAmount), isResident: s.isResident })),
    totalFees: totalFees(a.states),
    data,
    context: ctx,
    completion: await screenCompletion(appointmentId, a.completionCache, data, ctx),
    esign: {
      accepted: consent,
      canAccept: !consent && !readOnly && !user.impersonator,
      text: ESIGN_CONSENT_TEXT,
      version: ESIGN_CONSENT_VERSION,
    },
    submittedAt: a.submittedAt,
    documents,
    decisionNote: decisionNoteOf({ statusCode: a.appointmentStatusCode, submittedAt: a.submittedAt, rejectionReason: a.rejectionReason }, a.decisions[0]),
  };
}

