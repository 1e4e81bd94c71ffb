// The stored application as the section modules read it: one query with
// every related row, the personal questions, the uploaded document types and
// the validation context built from them. Used by load, save and submit.
import type { Prisma } from "~/generated/prisma/client";
import { agentName } from "./derive";
import { isAppointmentTypeCode, isInvitationFlavour, type AppointmentTypeCode, type InvitationFlavour } from "./model";
import { AGENT_NAME_SIGNATURES, alwaysPresentDocument, isCheckboxSignature, type SignatureType } from "./codes";
import { type ValidationContext } from "./form-data";
import { storedOf } from "./sensitive.server";

export type Db = Prisma.TransactionClient;

/** The application's own rows: what the sections read, check and write (a save or submit loads only these). */
const recordInclude = {
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
const fullInclude = {
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
  const out: Record<string, boolean> = {};
  for (const r of rows) if (r.documentTypeCode) out[r.documentTypeCode] = true;
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
 * The stored record, the personal questions and the validation context, read on the caller's connection.
 * A save of one section leaves out what its rules do not use (questions: only Personal Information's;
 * the uploaded documents: only the Documents section's): an empty list stands for them.
 */
export async function loadRecord(db: Db, appointmentId: number, now: Date, need: { questions?: boolean; uploads?: boolean } = {}) {
  const a: StoredRecord = await db.appointment.findUniqueOrThrow({ where: { appointmentId }, include: recordInclude });
  const questions = need.questions === false ? [] : await personalQuestions(db);
  const uploads = need.uploads === false ? {} : await uploadedTypes(db, appointmentId, typeOf(a));
  const ctx = contextOf(a, questions, uploads, now);
  return { a, questions, ctx };
}
