// The stored application as the section modules read it: one query with
// every related row, the personal questions, the uploaded document types and
// the validation context built from them. Used by load, save and submit.
import type {
  Appointment,
  AppointmentAddress,
  AppointmentAnswer,
  AppointmentBankInfo,
  AppointmentCardInfo,
  AppointmentIrsInfo,
  AppointmentPersonal,
  AppointmentSignature,
  AppointmentState,
  CommissionRemitAssign,
  Prisma,
} from "~/generated/prisma/client";
import {
  ADDRESS_COLUMNS,
  ANSWER_COLUMNS,
  APPOINTMENT_COLUMNS,
  BANK_COLUMNS,
  CARD_COLUMNS,
  IRS_COLUMNS,
  jsonObjectOf,
  PERSONAL_COLUMNS,
  REMIT_COLUMNS,
  rowFromJson,
  SIGNATURE_COLUMNS,
  STATE_COLUMNS,
} from "./columns.server";
import { agentName } from "./derive";
import { isAppointmentTypeCode, isInvitationFlavour, type AppointmentTypeCode, type InvitationFlavour } from "./model";
import { AGENT_NAME_SIGNATURES, alwaysPresentDocument, isCheckboxSignature, type SignatureType } from "./codes";
import { asks1033Consent } from "./fcra";
import { PREPARED } from "~/lib/db.server";
import { type ValidationContext } from "./form-data";
import { storedOf } from "./sensitive.server";

export type Db = Prisma.TransactionClient;

/** The application's own rows: what the sections read, check and write (a save or submit loads only these). */
export const recordInclude = {
  personal: true,
  addresses: true,
  states: { orderBy: { createdAt: "asc" } },
  answers: true,
  signatures: true,
  bankInfo: true,
  cardInfo: true,
  commissionRemitAssign: true,
  irsInfo: true,
} as const satisfies Prisma.AppointmentInclude;

/** The record and what the screen's header shows (recruiter, inviter, carrier lines). */
export const fullInclude = {
  ...recordInclude,
  recruiterAgent: true,
  invitation: { select: { inviterAgentNumber: true, inviterAgent: { select: { agentNumber: true, phoneNumber: true, businessPhone: true } } } },
  carrierBlocks: {
    select: {
      levelNo: true,
      scheduleLevel: {
        select: {
          levelNo: true,
          levelName: true,
          documentId: true,
          schedule: { select: { scheduleName: true, carrier: { select: { carrierCode: true, name: true } }, productType: { select: { productTypeCode: true, name: true } } } },
        },
      },
    },
  },
} as const satisfies Prisma.AppointmentInclude;

export type FullAppointment = Prisma.AppointmentGetPayload<{ include: typeof fullInclude }>;
/** The application's own rows (FullAppointment without the header's relations). */
export type StoredRecord = Prisma.AppointmentGetPayload<{ include: typeof recordInclude }>;

export async function loadFull(db: Db, appointmentId: number): Promise<FullAppointment> {
  return db.appointment.findUniqueOrThrow({ where: { appointmentId }, include: fullInclude });
}

export const typeOf = (a: { appointmentTypeCode: string }): AppointmentTypeCode =>
  isAppointmentTypeCode(a.appointmentTypeCode) ? a.appointmentTypeCode : "APPTTYP_IND";
export const flavourOf = (a: { invitationFlavour: string }): InvitationFlavour =>
  isInvitationFlavour(a.invitationFlavour) ? a.invitationFlavour : "STANDARD";

/** A stored text as the form holds it: null and '' are missing. */
export const str = (v: string | null | undefined) => (v == null || v === "" ? undefined : v);
/** A form value as a column: missing is NULL. */
export const orNull = (v: string | undefined | null) => (v == null || v === "" ? null : v);

export type Question = { questionId: number; questionText: string; questionType: string; sortOrder: number };

export async function personalQuestions(db: Db): Promise<Question[]> {
  return db.question.findMany({
    where: { questionType: "QUES_TYP_PERSONAL", isActive: true, isTextOnly: false },
    orderBy: [{ sortOrder: "asc" }, { questionId: "asc" }],
    select: { questionId: true, questionText: true, questionType: true, sortOrder: true },
  });
}

/** The resident state: the one chosen on Personal Information, else the home address state. */
export function residentStateOf(a: StoredRecord): string | undefined {
  return str(a.personal?.residentStateCode) ?? str(a.addresses.find((x) => x.addressTypeCode === "ADRTYP_HOME")?.stateCode);
}

/**
 * The uploaded document types (one query, on the caller's connection: inside
 * a save or submit it sees the transaction's snapshot), with the §4 rule that
 * some types always count as present.
 */
export async function uploadedTypes(db: Db, appointmentId: number, type: AppointmentTypeCode): Promise<Partial<Record<string, boolean>>> {
  const rows = await db.document.findMany({
    where: { appointmentId, isCurrent: true, kindCode: "UPLOAD" },
    distinct: ["documentTypeCode"],
    select: { documentTypeCode: true },
  });
  return withAlwaysPresent(
    rows.flatMap((r) => (r.documentTypeCode ? [r.documentTypeCode] : [])),
    type,
  );
}

/** The uploaded document types, with the §4 rule that some types always count as present. */
function withAlwaysPresent(uploaded: readonly string[], type: AppointmentTypeCode): Partial<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  for (const code of uploaded) out[code] = true;
  for (const code of ["DOCTYP_DRV_LIC", "DOCTYP_AML_CERT", "DOCTYP_STATE_LIC", "DOCTYP_EO_CERT"]) {
    if (alwaysPresentDocument(code, type)) out[code] = true;
  }
  return out;
}

export function contextOf(a: StoredRecord, questions: Question[], hasUploaded: Partial<Record<string, boolean>>, now: Date): ValidationContext {
  return {
    appointmentTypeCode: typeOf(a),
    flavour: flavourOf(a),
    willFax: a.willFax,
    residentStateCode: residentStateOf(a),
    hasUploaded,
    now,
    stored: storedOf(a),
    personalQuestionIds: questions.map((q) => String(q.questionId)),
    needs1033Consent: asks1033Consent(questions, (id) => {
      const ans = a.answers.find((x) => String(x.questionId) === id && x.questionType === "QUES_TYP_PERSONAL");
      return ans?.answerBoolean == null ? undefined : ans.answerBoolean ? "Y" : "N";
    }),
  };
}

export type Profile = { firstName?: string | null; middleName?: string | null; lastName?: string | null; userName?: string | null; phoneNumber?: string | null };

/** The agent name a form shows: derived from the stored names, else from the signed-in prospect's profile. */
export function formAgentName(a: Pick<FullAppointment, "personal">, profile?: Profile | null): string {
  return derivedAgentName(a) || (profile ? agentName(profile.firstName, profile.middleName, profile.lastName) : "");
}

/** The prospect's derived agent name (from the stored personal section). */
export function derivedAgentName(a: Pick<FullAppointment, "personal">): string {
  return agentName(a.personal?.firstName, a.personal?.middleName, a.personal?.lastName);
}

/**
 * A signature as the form holds it: the stored value; missing, the derived
 * agent name for the agent-name signatures (spec §3 'Signature'), 'N' for a
 * checkbox, else blank.
 */
export function signatureReader(a: Pick<FullAppointment, "signatures">, agentNameFallback: string) {
  const sig = new Map(a.signatures.map((s) => [s.signatureTypeCode, s.signatureValue]));
  return (code: SignatureType): string | undefined => {
    const v = sig.get(code);
    if (v != null && v !== "") return v;
    if (AGENT_NAME_SIGNATURES.includes(code)) return agentNameFallback || undefined;
    return isCheckboxSignature(code) ? "N" : undefined;
  };
}

/**
 * The stored record (recordInclude's rows, as Prisma returns them), the personal questions, the
 * uploaded document types and the state catalogue's codes, in ONE statement (a save or submit
 * runs it after taking the row lock, on the transaction's connection). One JSON value; the column
 * lists are columns.server.ts's. $1 the application, $2 whether the questions are needed, $3
 * whether the uploads are.
 */
const RECORD_SQL = `${PREPARED}
  SELECT json_build_object(
    'a', (SELECT ${jsonObjectOf("t", APPOINTMENT_COLUMNS)} FROM appointments t WHERE t.appointment_id = $1),
    'personal', (SELECT ${jsonObjectOf("t", PERSONAL_COLUMNS)} FROM appointment_personal t WHERE t.appointment_id = $1),
    'addresses', (SELECT json_agg(${jsonObjectOf("t", ADDRESS_COLUMNS)}) FROM appointment_addresses t WHERE t.appointment_id = $1),
    'states', (SELECT json_agg(${jsonObjectOf("t", STATE_COLUMNS)} ORDER BY t.created_at) FROM appointment_states t WHERE t.appointment_id = $1),
    'answers', (SELECT json_agg(${jsonObjectOf("t", ANSWER_COLUMNS)}) FROM appointment_answers t WHERE t.appointment_id = $1),
    'signatures', (SELECT json_agg(${jsonObjectOf("t", SIGNATURE_COLUMNS)}) FROM appointment_signatures t WHERE t.appointment_id = $1),
    'bankInfo', (SELECT ${jsonObjectOf("t", BANK_COLUMNS)} FROM appointment_bank_info t WHERE t.appointment_id = $1),
    'cardInfo', (SELECT ${jsonObjectOf("t", CARD_COLUMNS)} FROM appointment_card_info t WHERE t.appointment_id = $1),
    'commissionRemitAssign', (SELECT ${jsonObjectOf("t", REMIT_COLUMNS)} FROM commission_remit_assign t WHERE t.appointment_id = $1),
    'irsInfo', (SELECT ${jsonObjectOf("t", IRS_COLUMNS)} FROM appointment_irs_info t WHERE t.appointment_id = $1),
    'questions', CASE WHEN $2 THEN (
       SELECT json_agg(json_build_object('questionId', q.question_id, 'questionText', q.question_text, 'questionType', q.question_type, 'sortOrder', q.sort_order)
                       ORDER BY q.sort_order, q.question_id)
         FROM questions q WHERE q.question_type = 'QUES_TYP_PERSONAL' AND q.is_active AND NOT q.is_text_only) END,
    'uploads', CASE WHEN $3 THEN (
       SELECT json_agg(DISTINCT d.document_type_code)
         FROM documents d WHERE d.appointment_id = $1 AND d.is_current AND d.kind_code = 'UPLOAD' AND d.document_type_code IS NOT NULL) END,
    'stateCodes', (SELECT json_agg(f.state_code) FROM state_fees f)
  )::text AS record`;

type RecordJson = {
  a: Record<string, unknown> | null;
  personal: Record<string, unknown> | null;
  addresses: Array<Record<string, unknown>> | null;
  states: Array<Record<string, unknown>> | null;
  answers: Array<Record<string, unknown>> | null;
  signatures: Array<Record<string, unknown>> | null;
  bankInfo: Record<string, unknown> | null;
  cardInfo: Record<string, unknown> | null;
  commissionRemitAssign: Record<string, unknown> | null;
  irsInfo: Record<string, unknown> | null;
  questions: Question[] | null;
  uploads: string[] | null;
  stateCodes: string[] | null;
};

const one = <M>(json: Record<string, unknown> | null, columns: Parameters<typeof rowFromJson<M>>[1]): M | null => (json ? rowFromJson(json, columns) : null);
const many = <M>(json: Array<Record<string, unknown>> | null, columns: Parameters<typeof rowFromJson<M>>[1]): M[] => (json ?? []).map((r) => rowFromJson(r, columns));

/**
 * The stored record, the personal questions, the state catalogue's codes and the validation
 * context, read on the caller's connection in one statement (RECORD_SQL). A save of one section
 * leaves out what its rules do not use (questions: only Personal Information's; the uploaded
 * documents: only the Documents section's): an empty list stands for them.
 */
export async function loadRecord(db: Db, appointmentId: number, now: Date, need: { questions?: boolean; uploads?: boolean } = {}) {
  const wantQuestions = need.questions !== false;
  const wantUploads = need.uploads !== false;
  const [row] = await db.$queryRawUnsafe<Array<{ record: string }>>(RECORD_SQL, appointmentId, wantQuestions, wantUploads);
  const j = JSON.parse(row!.record) as RecordJson;
  if (!j.a) throw new Error(`appointment ${appointmentId} not found`);
  const a: StoredRecord = {
    ...rowFromJson<Appointment>(j.a, APPOINTMENT_COLUMNS),
    personal: one<AppointmentPersonal>(j.personal, PERSONAL_COLUMNS),
    addresses: many<AppointmentAddress>(j.addresses, ADDRESS_COLUMNS),
    states: many<AppointmentState>(j.states, STATE_COLUMNS),
    answers: many<AppointmentAnswer>(j.answers, ANSWER_COLUMNS),
    signatures: many<AppointmentSignature>(j.signatures, SIGNATURE_COLUMNS),
    bankInfo: one<AppointmentBankInfo>(j.bankInfo, BANK_COLUMNS),
    cardInfo: one<AppointmentCardInfo>(j.cardInfo, CARD_COLUMNS),
    commissionRemitAssign: one<CommissionRemitAssign>(j.commissionRemitAssign, REMIT_COLUMNS),
    irsInfo: one<AppointmentIrsInfo>(j.irsInfo, IRS_COLUMNS),
  };
  const questions = wantQuestions ? (j.questions ?? []) : [];
  const uploads = wantUploads ? withAlwaysPresent(j.uploads ?? [], typeOf(a)) : {};
  const ctx = contextOf(a, questions, uploads, now);
  return { a, questions, ctx, stateCodes: new Set(j.stateCodes ?? []) as ReadonlySet<string> };
}
