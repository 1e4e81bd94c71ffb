// The appointment application: load it for the screen, save one section,
// submit the whole. Spec part 2 §2–§5 and §8; decisions in
// docs/decisions/0009-application-save-submit-evidence.md.
//
// - Every function takes the asking user and reads the row through
//   requireAppointmentAccess (404 for someone else's application, 403
//   'read-only' for a write once submitted).
// - Sensitive values (SSN, tax ids, EIN, bank numbers, card number, CVC) are
//   encrypted with sealField and reach the page only as masks ('*****6789').
//   A mask posted back unchanged keeps the stored ciphertext.
// - A save writes one section in one transaction: nothing is half-saved and
//   a refused save changes nothing. Saving does not require the section to be
//   complete (the prospect may save at any time); what is missing shows in
//   the completion list. Values that cannot be stored (a mask with nothing
//   stored, an unknown state, a duplicate state, SSN equal to the tax id, a
//   signature without the ESIGN consent) refuse the save.
// - Submit recomputes completion from the database, refuses below 100%, and
//   queues the combined application PDF and the notifications in the same
//   transaction as the status change.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { Prisma } from "~/generated/prisma/client";
import { realUserId } from "~/lib/auth.server";
import { decryptField, maskLast4, sealField } from "~/lib/crypto.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { ensureJobQueue } from "~/lib/jobs.server";
import { appointmentDocumentLists, type AppointmentDocumentLists } from "~/features/documents/appointment-documents.server";
import { applicationPdfJobKey } from "../../../jobs/tasks/generate-application-pdf";
import { auditAppointment, isReadOnlyStatus, requireAppointmentAccess, type AppointmentRole } from "./access.server";
import { completion } from "./completion";
import { agentName, applyPersonalDerivations, isoDate, parseIsoDate, stateFeeAmount, totalFees, w9Name } from "./derive";
import {
  ESIGN_CONSENT_REQUIRED_MESSAGE,
  ESIGN_CONSENT_TEXT,
  ESIGN_CONSENT_VERSION,
  hasEsignConsent,
  isSigned,
  signatureActors,
  writeSignatures,
} from "./evidence.server";
import {
  AGENT_NAME_SIGNATURES,
  APPOINTMENT_TYPE_LABELS,
  NOTHING_STORED,
  SIGNATURE_SECTION,
  SIGNATURE_TYPES,
  businessTypeLabel,
  feesApply,
  hasRemitAssignment,
  isAppointmentTypeCode,
  isCheckboxSignature,
  isInvitationFlavour,
  isMasked,
  isSubQuestion,
  nextSection,
  showsBusinessBlock,
  showsCommissionSchedule,
  showsCreditCard,
  showsRepresentativeAgreement,
  showsW9,
  statusText,
  visibleSections,
  type AgreementsForm,
  type AppointmentTypeCode,
  type ApplicationData,
  type CommissionsForm,
  type DataSectionId,
  type DocsForm,
  type FeesForm,
  type InvitationFlavour,
  type PersonalForm,
  type SectionId,
  type SignatureType,
  type StoredSensitive,
  type ValidationContext,
} from "./model";
import {
  MESSAGES,
  documentsSchema,
  normalizeAgreements,
  normalizeCommissions,
  normalizeFees,
  normalizePersonal,
  sectionSchema,
} from "./schema";

type Db = Prisma.TransactionClient;

// ───────────────────────────── dialogs (spec §8) ─────────────────────────────

export const SAVE_SUCCESS = {
  title: "Successfully Saved!",
  message: "Your application changes have been saved but NOT submitted for approval.",
} as const;
export const SUBMIT_SUCCESS = {
  title: "Successfully Submitted for Approval!",
  message: "Your application has been received and submitted for approval.",
} as const;
export const SAVE_FAILED = { title: "The Save Failed", message: "Oops! The Save has failed due to some System Error" } as const;
export const SUBMIT_FAILED = { title: "The Submit Failed", message: "Oops! The Submit has failed due to some System Error" } as const;
export const SUBMIT_INCOMPLETE = {
  title: "Your application is not complete",
  message: "Please correct the items in the list before submitting.",
} as const;

export const MASK_WITHOUT_VALUE = "Please enter the full number";
export const UNKNOWN_STATE = "Please choose a state from the list";
export const UNKNOWN_QUESTION = "Unknown question";
export const NOT_APPLICABLE = "This section does not apply to your application";
export const TOO_LONG = "This value is too long";
/** Longest text accepted for storage (the longest rule is the 1,000-character comment). */
const MAX_STORED_LENGTH = 1000;

// ───────────────────────────── loading ─────────────────────────────

const fullInclude = {
  personal: true,
  addresses: true,
  states: { orderBy: { createdAt: "asc" } },
  answers: true,
  signatures: true,
  bankInfo: true,
  cardInfo: true,
  commissionRemitAssign: true,
  irsInfo: true,
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

async function loadFull(db: Db, appointmentId: number): Promise<FullAppointment> {
  return db.appointment.findUniqueOrThrow({ where: { appointmentId }, include: fullInclude });
}

const typeOf = (a: { appointmentTypeCode: string }): AppointmentTypeCode =>
  isAppointmentTypeCode(a.appointmentTypeCode) ? a.appointmentTypeCode : "APPTTYP_IND";
const flavourOf = (a: { invitationFlavour: string }): InvitationFlavour =>
  isInvitationFlavour(a.invitationFlavour) ? a.invitationFlavour : "STANDARD";

const str = (v: string | null | undefined) => (v == null || v === "" ? undefined : v);
const mask = (last4: string | null | undefined, encrypted: string | null | undefined) =>
  encrypted ? maskLast4(last4) || undefined : undefined;
/** A stored CVC is never shown, not even its last digits: four asterisks stand for it. */
export const CVC_MASK = "****";

function storedOf(a: FullAppointment): StoredSensitive {
  return {
    ssn: !!a.personal?.ssnEncrypted,
    businessTaxID: !!a.personal?.businessTaxIdEncrypted,
    accountNumber: !!a.bankInfo?.accountNumberEncrypted,
    routingNumber: !!a.bankInfo?.routingNumberEncrypted,
    cardNumber: !!a.cardInfo?.cardNumberEncrypted,
    cvcNumber: !!a.cardInfo?.cvcEncrypted,
    ssnTaxID: !!a.commissionRemitAssign?.ssnTaxIdEncrypted,
    employerIdNumber: !!a.irsInfo?.employerIdNumberEncrypted,
  };
}

type Question = { questionId: number; questionText: string; questionType: string; sortOrder: number };

async function personalQuestions(db: Db): Promise<Question[]> {
  return db.question.findMany({
    where: { questionType: "QUES_TYP_PERSONAL", isActive: true, isTextOnly: false },
    orderBy: [{ sortOrder: "asc" }, { questionId: "asc" }],
    select: { questionId: true, questionText: true, questionType: true, sortOrder: true },
  });
}

/** The resident state: the one chosen on Personal Information, else the home address state. */
function residentStateOf(a: FullAppointment): string | undefined {
  return str(a.personal?.residentStateCode) ?? str(a.addresses.find((x) => x.addressTypeCode === "ADRTYP_HOME")?.stateCode);
}

/** Uploaded documents by type (Supporting Documents' lists, with the §4 'always present' rule). */
async function uploadedTypes(_db: Db, appointmentId: number, appointmentTypeCode: string): Promise<Partial<Record<string, boolean>>> {
  return (await appointmentDocumentLists({ appointmentId, appointmentTypeCode })).hasUploaded;
}

function contextOf(a: FullAppointment, questions: Question[], hasUploaded: Partial<Record<string, boolean>>, now: Date): ValidationContext {
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

function address(a: FullAppointment, code: string) {
  const r = a.addresses.find((x) => x.addressTypeCode === code);
  if (!r) return undefined;
  return { address1: str(r.address1), address2: str(r.address2), city: str(r.city), stateCode: str(r.stateCode), zipCode: str(r.zipCode) };
}

/** The prospect's derived agent name (from the stored personal section). */
function derivedAgentName(a: Pick<FullAppointment, "personal">): string {
  return agentName(a.personal?.firstName, a.personal?.middleName, a.personal?.lastName);
}

/**
 * The stored application as the forms hold it (model.ts shapes). Sensitive
 * values appear only as masks. Missing signatures are blank, or the derived
 * agent name for the agent-name signatures (spec §3 'Signature').
 */
export function toFormData(a: FullAppointment, questions: Question[], profile?: Pick<CurrentUser, "firstName" | "middleName" | "lastName" | "userName" | "phoneNumber"> | null): ApplicationData {
  const p = a.personal;
  const sig = new Map(a.signatures.map((s) => [s.signatureTypeCode, s.signatureValue]));
  const name = derivedAgentName(a) || (profile ? agentName(profile.firstName, profile.middleName, profile.lastName) : "");
  const signature = (code: SignatureType): string | undefined => {
    const v = sig.get(code);
    if (v != null && v !== "") return v;
    if (AGENT_NAME_SIGNATURES.includes(code)) return name || undefined;
    return isCheckboxSignature(code) ? "N" : undefined;
  };
  const answers = new Map(a.answers.map((x) => [x.questionId, x]));
  const irs = a.irsInfo;
  const bank = a.bankInfo;
  const card = a.cardInfo;
  const remit = a.commissionRemitAssign;
  const personal: PersonalForm = {
    firstName: str(p?.firstName) ?? str(profile?.firstName),
    middleName: str(p?.middleName) ?? (p ? undefined : str(profile?.middleName)),
    lastName: str(p?.lastName) ?? str(profile?.lastName),
    ssn: mask(p?.ssnLast4, p?.ssnEncrypted),
    birthDate: p?.birthDate ? isoDate(p.birthDate) : undefined,
    emailAddress: str(p?.emailAddress) ?? str(a.prospectEmailAddress) ?? str(profile?.userName),
    driverLicenseNumber: str(p?.driverLicenseNumber),
    nationalProducerNumber: str(p?.nationalProducerNumber),
    residentStateInsuranceLicenseNumber: str(p?.residentStateInsuranceLicenseNumber),
    residentStateCode: str(p?.residentStateCode),
    cellNumber: str(p?.cellNumber),
    phoneNumber: str(p?.phoneNumber) ?? (profile?.phoneNumber ? str(profile.phoneNumber.replace(/\D/g, "")) : undefined),
    faxNumber: str(p?.faxNumber),
    businessName: str(p?.businessName),
    businessPhone: str(p?.businessPhone),
    businessCellNumber: str(p?.businessCellNumber),
    businessFaxNumber: str(p?.businessFaxNumber),
    businessTaxID: mask(p?.businessTaxIdLast4, p?.businessTaxIdEncrypted),
    home: address(a, "ADRTYP_HOME"),
    business: address(a, "ADRTYP_BUSINESS"),
    sameAsMailing: false,
    sendCorrespondenceToCode: str(p?.sendCorrespondenceToCode),
    answers: questions.map((q) => {
      const ans = answers.get(q.questionId);
      return {
        questionId: String(q.questionId),
        answer: ans?.answerBoolean == null ? undefined : ans.answerBoolean ? "Y" : "N",
      };
    }),
    qnaComment: str(a.qnaComment),
    apptIRSInfo: {
      name: str(irs?.name),
      businessName: str(irs?.businessName),
      businessTypeCode: str(irs?.businessTypeCode),
      businessTypeOther: str(irs?.businessTypeOther),
      employerIdNumber: mask(irs?.employerIdNumberLast4, irs?.employerIdNumberEncrypted),
    },
    signatures: { SIGTYP_QNA: signature("SIGTYP_QNA"), SIGTYP_W9_CERT: signature("SIGTYP_W9_CERT") },
  };
  const commissions: CommissionsForm = {
    commissionRemitTypeCode: str(a.commissionRemitTypeCode),
    bankInfo: {
      bankName: str(bank?.bankName),
      accountNumber: mask(bank?.accountNumberLast4, bank?.accountNumberEncrypted),
      routingNumber: mask(bank?.routingNumberLast4, bank?.routingNumberEncrypted),
      accountName: str(bank?.accountName),
      accountTypeCode: str(bank?.accountTypeCode),
    },
    commissionRemitAssign: {
      agentAgencyName: str(remit?.agentAgencyName),
      ssnTaxID: mask(remit?.ssnTaxIdLast4, remit?.ssnTaxIdEncrypted),
      address1: str(remit?.address1),
      address2: str(remit?.address2),
      city: str(remit?.city),
      stateCode: str(remit?.stateCode),
      zip: str(remit?.zip),
    },
    signatures: {
      SIGTYP_COMSCHED_DT: signature("SIGTYP_COMSCHED_DT"),
      SIGTYP_COMSCHED_AGT: signature("SIGTYP_COMSCHED_AGT"),
      SIGTYP_COMSCHED: signature("SIGTYP_COMSCHED"),
    },
  };
  const fees: FeesForm = {
    states: a.states.map((s) => s.stateCode),
    stateFeeAnswer: a.stateFeeAnswer == null ? undefined : a.stateFeeAnswer ? "Y" : "N",
    isPA: a.isPA,
    isMT: a.isMT,
    ccInfo: {
      creditCardTypeCode: str(card?.creditCardTypeCode),
      cardNumber: mask(card?.cardLast4, card?.cardNumberEncrypted),
      expirationMonth: card?.expirationMonth != null ? String(card.expirationMonth) : undefined,
      expirationYear: card?.expirationYear != null ? String(card.expirationYear) : undefined,
      cvcNumber: card?.cvcEncrypted ? CVC_MASK : undefined,
      nameonCard: str(card?.nameOnCard),
      billingAddress: str(card?.billingAddress),
      city: str(card?.city),
      stateCode: str(card?.stateCode),
      zip: str(card?.zip),
    },
    signatures: { SIGTYP_ST_FEES: signature("SIGTYP_ST_FEES") },
  };
  const agreements: AgreementsForm = {
    signatures: {
      SIGTYP_POLICY_AGREE: signature("SIGTYP_POLICY_AGREE"),
      SIGTYP_AGENT_AGREE: signature("SIGTYP_AGENT_AGREE"),
      SIGTYP_ACKREP: signature("SIGTYP_ACKREP"),
      SIGTYP_AML: signature("SIGTYP_AML"),
      SIGTYP_AGREENAME: signature("SIGTYP_AGREENAME"),
      SIGTYP_AGREESIG: signature("SIGTYP_AGREESIG"),
    },
  };
  const documents: DocsForm = { willFax: a.willFax, extraWritingNumRequested: a.extraWritingNumRequested };
  return { personal, commissions, fees, agreements, documents };
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
};

const num = (d: { toString(): string } | null | undefined) => (d == null ? 0 : Number(d.toString()));

/**
 * Everything the application screen needs, for someone who may see it (404
 * otherwise). Sensitive values only as masks.
 */
export async function loadApplication(user: CurrentUser, appointmentId: number, opts: { request?: Request; now?: Date } = {}): Promise<ApplicationView> {
  const row = await requireAppointmentAccess(user, appointmentId, { request: opts.request });
  const now = opts.now ?? new Date();
  const [a, questions, stateFeeQuestion, catalogue, documents, consent] = await Promise.all([
    loadFull(prisma, appointmentId),
    personalQuestions(prisma),
    prisma.question.findFirst({
      where: { questionType: "QUES_TYP_STATE_FEE", isActive: true },
      orderBy: { sortOrder: "asc" },
      select: { questionId: true, questionText: true },
    }),
    prisma.stateFee.findMany({ orderBy: [{ sortOrder: "asc" }, { stateCode: "asc" }] }),
    appointmentDocumentLists(row),
    hasEsignConsent(prisma, appointmentId, user.id),
  ]);
  const ctx = contextOf(a, questions, documents.hasUploaded, now);
  const data = toFormData(a, questions, row.role === "PROSPECT" ? user : null);
  const type = ctx.appointmentTypeCode;
  const lines: HeaderLine[] = a.carrierBlocks.map((b) => ({
    carrier: b.scheduleLevel?.schedule.carrier.carrierCode ?? "",
    productType: b.scheduleLevel?.schedule.productType.name ?? "",
    scheduleName: b.scheduleLevel?.schedule.scheduleName ?? "",
    levelNo: b.levelNo ?? b.scheduleLevel?.levelNo ?? null,
    levelName: b.scheduleLevel?.levelName ?? "",
  }));
  const inviter = a.invitation?.inviterAgent ?? a.recruiterAgent;
  const readOnly = isReadOnlyStatus(a.appointmentStatusCode);
  return {
    appointmentId,
    role: row.role,
    isPaperAppointment: a.isPaperAppointment,
    statusCode: a.appointmentStatusCode,
    statusText: statusText(a.appointmentStatusCode),
    readOnly,
    agentNumber: a.appointmentStatusCode === "APWF_STATUS_APPROVED" ? a.agentNumber : null,
    appointmentTypeCode: type,
    appointmentTypeLabel: APPOINTMENT_TYPE_LABELS[type],
    businessType: businessTypeLabel(type),
    flavour: ctx.flavour,
    header: {
      inviterAgentNumber: a.invitation?.inviterAgentNumber ?? inviter?.agentNumber ?? null,
      inviterPhone: inviter?.businessPhone ?? inviter?.phoneNumber ?? null,
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
    stateFees: catalogue.map((f) => ({
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
    completion: completion(data, ctx),
    esign: {
      accepted: consent,
      canAccept: !consent && !readOnly && !user.impersonator,
      text: ESIGN_CONSENT_TEXT,
      version: ESIGN_CONSENT_VERSION,
    },
    submittedAt: a.submittedAt,
    documents,
  };
}

// ───────────────────────────── saving ─────────────────────────────

export type SaveResult = {
  /** True when the section was written. */
  saved: boolean;
  /** conform's reply: field errors (validation, or why the save was refused); sensitive inputs are not echoed. */
  reply: SubmissionResult<string[]>;
  /** Where Save & Continue goes next (spec §2). */
  nextSection: SectionId;
  /** The dialog to show: SAVE_SUCCESS, or SAVE_FAILED with the reason. */
  dialog: { title: string; message: string };
};

/** Input names that carry sensitive values: never echoed back in a reply. */
export const SENSITIVE_FIELDS = [
  "ssn",
  "businessTaxID",
  "apptIRSInfo.employerIdNumber",
  "bankInfo.accountNumber",
  "bankInfo.routingNumber",
  "commissionRemitAssign.ssnTaxID",
  "ccInfo.cardNumber",
  "ccInfo.cvcNumber",
] as const;

const BOOLEAN_KEYS = new Set(["sameAsMailing", "isPA", "isMT", "willFax", "extraWritingNumRequested"]);

/** conform-like coercion of the raw payload: '' is missing, checkboxes are booleans, repeated names are arrays. */
function coerce(value: unknown, key = ""): unknown {
  if (BOOLEAN_KEYS.has(key)) return value === "on" || value === "true" || value === "Y" || value === true;
  if (key === "states") return (Array.isArray(value) ? value : value == null ? [] : [value]).filter((v) => typeof v === "string" && v !== "");
  if (typeof value === "string") return value === "" ? undefined : value;
  if (Array.isArray(value)) return value.map((v) => coerce(v));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = coerce(v, k);
    for (const k of BOOLEAN_KEYS) if (k in out || key === "") out[k] ??= false;
    return out;
  }
  return value;
}

type FieldErrors = Record<string, string[]>;
const addError = (errors: FieldErrors, name: string, message: string) => {
  (errors[name] ??= []).push(message);
};

function tooLong(value: unknown, path: string, errors: FieldErrors) {
  if (typeof value === "string") {
    if (value.length > MAX_STORED_LENGTH) addError(errors, path, TOO_LONG);
  } else if (Array.isArray(value)) value.forEach((v, i) => tooLong(v, `${path}[${i}]`, errors));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) tooLong(v, path ? `${path}.${k}` : k, errors);
}

/**
 * A posted sensitive value resolved against the stored one: a mask keeps the
 * stored ciphertext (an error when nothing is stored), empty clears, anything
 * else is encrypted.
 */
type Resolved = { kind: "keep" } | { kind: "set"; plain: string | null } | { kind: "error" };

function resolveSensitive(posted: string | undefined, storedEncrypted: string | null | undefined, opts: { cvc?: boolean } = {}): Resolved {
  if (posted == null || posted === "") return { kind: "set", plain: null };
  const isMask = isMasked(posted) || (opts.cvc && /^\*+$/.test(posted));
  if (isMask) return storedEncrypted ? { kind: "keep" } : { kind: "error" };
  return { kind: "set", plain: posted };
}

/** The plain value behind a resolution (decrypting the stored one when kept). */
function plainOf(r: Resolved, storedEncrypted: string | null | undefined): string | null {
  if (r.kind === "set") return r.plain;
  if (r.kind === "keep" && storedEncrypted) return decryptField(storedEncrypted);
  return null;
}

/** Columns for a resolved sensitive value (undefined: leave as stored). */
function sealed(r: Resolved): { encrypted: string | null; last4: string | null } | undefined {
  if (r.kind !== "set") return undefined;
  return sealField(r.plain);
}

const schemaFor = sectionSchema;

class SaveRefused extends Error {
  constructor(public readonly fieldErrors: FieldErrors) {
    super("save refused");
  }
}

/**
 * Saves one section of the application (status unchanged: 'saved but NOT
 * submitted'). Parses the posted FormData with the section's schema, adds the
 * server-only checks, applies the derived data of spec §4, encrypts sensitive
 * values, records signature evidence, and writes it all in one transaction.
 */
export async function saveSection(
  user: CurrentUser,
  appointmentId: number,
  section: SectionId,
  formData: FormData,
  request: Request,
  opts: { now?: Date } = {},
): Promise<SaveResult> {
  const row = await requireAppointmentAccess(user, appointmentId, { write: true, request });
  const now = opts.now ?? new Date();
  const t = { appointmentTypeCode: typeOf(row), flavour: flavourOf(row) };
  const next = nextSection(section, t);
  if (section === "INSTRUCT") {
    const submission = parseWithZod(formData, { schema: documentsSchema({ ...t, willFax: false, hasUploaded: {}, now, stored: NOTHING_STORED }) });
    return { saved: true, reply: submission.reply({ hideFields: [...SENSITIVE_FIELDS] }), nextSection: next, dialog: SAVE_SUCCESS };
  }
  try {
    const result = await prisma.$transaction(
      async (tx) => {
        // One save at a time per application (two tabs, double clicks).
        await tx.$queryRaw`SELECT appointment_id FROM appointments WHERE appointment_id = ${appointmentId} FOR UPDATE`;
        const a = await loadFull(tx, appointmentId);
        if (isReadOnlyStatus(a.appointmentStatusCode)) throw new SaveRefused({ "": ["This application is read-only."] });
        const questions = await personalQuestions(tx);
        const ctx = contextOf(a, questions, await uploadedTypes(tx, appointmentId, a.appointmentTypeCode), now);
        // A save checks the values that are there (draft): a half-filled
        // section saves, a wrong value refuses the whole save.
        const submission = parseWithZod(formData, { schema: schemaFor(section, { ...ctx, mode: "draft" }) });
        const errors: FieldErrors = {};
        tooLong(submission.payload, "", errors);
        if (submission.status === "error") {
          for (const [k, v] of Object.entries(submission.error ?? {})) if (v?.length) errors[k] = [...(errors[k] ?? []), ...v];
        }
        if (Object.keys(errors).length) throw new SaveRefused(errors);
        const payload = coerce(submission.payload) as Record<string, unknown>;
        const writer = new SectionWriter(tx, a, ctx, user, row.role, request, now, questions);
        switch (section) {
          case "PERSONAL":
            await writer.personal(normalizePersonal(payload as PersonalForm), errors);
            break;
          case "COMMS":
            await writer.commissions(normalizeCommissions(payload as CommissionsForm), errors);
            break;
          case "FEES":
            await writer.fees(normalizeFees(payload as FeesForm), errors);
            break;
          case "AGREEMENTS":
            await writer.agreements(normalizeAgreements(payload as AgreementsForm), errors);
            break;
          case "DOCS":
            await writer.documents(payload as DocsForm);
            break;
        }
        if (Object.keys(errors).length) throw new SaveRefused(errors);
        await tx.appointment.update({
          where: { appointmentId },
          data: { updatedById: realUserId(user) },
        });
        return submission;
      },
      { timeout: 20_000, maxWait: 10_000 },
    );
    await auditAppointment("APPOINTMENT_SAVED", user, appointmentId, request, { section });
    return {
      saved: true,
      reply: result.reply({ hideFields: [...SENSITIVE_FIELDS] }),
      nextSection: next,
      dialog: SAVE_SUCCESS,
    };
  } catch (error) {
    const submission = parseWithZod(formData, {
      schema: schemaFor(section as DataSectionId, { ...contextFromRow(row, now), mode: "draft" }),
    });
    if (error instanceof SaveRefused) {
      // The refusal carries the rules' errors (checked against the stored
      // values inside the transaction) and the server's own.
      const fieldErrors: FieldErrors = { ...error.fieldErrors };
      const formErrors = fieldErrors[""] ?? [];
      delete fieldErrors[""];
      const first = formErrors[0] ?? Object.values(error.fieldErrors)[0]?.[0];
      return {
        saved: false,
        reply: submission.reply({ formErrors, fieldErrors, hideFields: [...SENSITIVE_FIELDS] }),
        nextSection: section,
        dialog: { title: SAVE_FAILED.title, message: first ?? SAVE_FAILED.message },
      };
    }
    console.error(`saveSection ${section} of ${appointmentId} failed:`, (error as Error).message);
    return {
      saved: false,
      reply: submission.reply({ formErrors: [SAVE_FAILED.message], hideFields: [...SENSITIVE_FIELDS] }),
      nextSection: section,
      dialog: SAVE_FAILED,
    };
  }
}


/** A context good enough to re-parse a refused submission for its reply. */
function contextFromRow(row: { appointmentTypeCode: string; invitationFlavour: string; willFax: boolean }, now: Date): ValidationContext {
  return {
    appointmentTypeCode: typeOf(row),
    flavour: flavourOf(row),
    willFax: row.willFax,
    hasUploaded: {},
    now,
    stored: { ...NOTHING_STORED, ssn: true, businessTaxID: true, accountNumber: true, routingNumber: true, cardNumber: true, cvcNumber: true, ssnTaxID: true, employerIdNumber: true },
  };
}

const orNull = (v: string | undefined | null) => (v == null || v === "" ? null : v);

/** Writes one section inside the save transaction. */
class SectionWriter {
  private readonly id: number;
  constructor(
    private readonly tx: Db,
    private readonly a: FullAppointment,
    private readonly ctx: ValidationContext,
    private readonly user: CurrentUser,
    private readonly role: AppointmentRole,
    private readonly request: Request,
    private readonly now: Date,
    private readonly questions: Question[],
  ) {
    this.id = a.appointmentId;
  }

  private async knownStates(codes: Array<string | undefined>, errors: FieldErrors, names: string[]) {
    const wanted = codes.map((c) => c?.toUpperCase());
    const present = wanted.filter((c): c is string => !!c);
    if (present.length === 0) return;
    const found = new Set(
      (await this.tx.stateFee.findMany({ where: { stateCode: { in: present } }, select: { stateCode: true } })).map((s) => s.stateCode),
    );
    wanted.forEach((c, i) => {
      if (c && !found.has(c)) addError(errors, names[i], UNKNOWN_STATE);
    });
  }

  /** Signatures: consent check (except the agent-name fields), then evidence for changed values. */
  private async signatures(values: Partial<Record<SignatureType, string | undefined>>, errors: FieldErrors) {
    const stored = new Map(this.a.signatures.map((s) => [s.signatureTypeCode, s.signatureValue]));
    const out: Record<string, string> = {};
    const needConsent: string[] = [];
    for (const [code, raw] of Object.entries(values)) {
      const value = raw ?? (isCheckboxSignature(code) ? "N" : "");
      if ((stored.get(code) ?? "") === value || (!stored.has(code) && !isSigned(value))) {
        if (!stored.has(code) && !isSigned(value)) continue;
        continue;
      }
      out[code] = value;
      if (isSigned(value) && !AGENT_NAME_SIGNATURES.includes(code as SignatureType)) needConsent.push(code);
    }
    if (needConsent.length && !(await hasEsignConsent(this.tx, this.id, this.user.id))) {
      for (const code of needConsent) addError(errors, `signatures.${code}`, ESIGN_CONSENT_REQUIRED_MESSAGE);
      return;
    }
    if (Object.keys(errors).length) return;
    await writeSignatures(this.tx, {
      appointmentId: this.id,
      values: out,
      actors: signatureActors(this.user, this.a, this.role),
      request: this.request,
      now: this.now,
    });
  }

  async personal(posted: PersonalForm, errors: FieldErrors) {
    const type = this.ctx.appointmentTypeCode;
    const p = applyPersonalDerivations(posted, type);
    const stored = this.a.personal;
    const business = showsBusinessBlock(this.ctx);

    const ssn = resolveSensitive(p.ssn, stored?.ssnEncrypted);
    if (ssn.kind === "error") addError(errors, "ssn", MASK_WITHOUT_VALUE);
    let taxId: Resolved = business ? resolveSensitive(p.businessTaxID, stored?.businessTaxIdEncrypted) : { kind: "keep" };
    if (taxId.kind === "error") addError(errors, "businessTaxID", MASK_WITHOUT_VALUE);
    const irsPosted = p.apptIRSInfo ?? {};
    let ein: Resolved = showsW9(this.ctx) ? resolveSensitive(irsPosted.employerIdNumber, this.a.irsInfo?.employerIdNumberEncrypted) : { kind: "keep" };
    if (ein.kind === "error") addError(errors, "apptIRSInfo.employerIdNumber", MASK_WITHOUT_VALUE);
    if (Object.keys(errors).length) return;

    // Corporate types: the employer id mirrors the business tax id (spec §4).
    if (business && (type === "APPTTYP_CORP" || type === "APPTTYP_VB_CORP" || type === "APPTTYP_BOTH")) {
      const plainTax = plainOf(taxId, stored?.businessTaxIdEncrypted);
      const plainEin = plainOf(ein, this.a.irsInfo?.employerIdNumberEncrypted);
      if (plainTax) ein = { kind: "set", plain: plainTax };
      else if (plainEin) taxId = { kind: "set", plain: plainEin };
    }
    if (business) {
      const plainSsn = plainOf(ssn, stored?.ssnEncrypted);
      const plainTax = plainOf(taxId, stored?.businessTaxIdEncrypted);
      if (plainSsn && plainTax && plainSsn === plainTax) addError(errors, "businessTaxID", MESSAGES.ssnEqualsTaxId);
    }

    const home = p.home ?? {};
    const biz = p.business ?? {};
    await this.knownStates(
      [p.residentStateCode, home.stateCode, business ? biz.stateCode : undefined],
      errors,
      ["residentStateCode", "home.stateCode", "business.stateCode"],
    );
    const questionIds = new Set(this.questions.map((q) => String(q.questionId)));
    (p.answers ?? []).forEach((ans, i) => {
      if (ans?.questionId && !questionIds.has(ans.questionId)) addError(errors, `answers[${i}].questionId`, UNKNOWN_QUESTION);
    });
    const birth = p.birthDate ? parseIsoDate(p.birthDate) : null;
    if (p.birthDate && !birth) addError(errors, "birthDate", MESSAGES.birthDateRange);
    if (Object.keys(errors).length) return;

    const s = sealed(ssn);
    const tax = sealed(taxId);
    const personalData = {
      firstName: orNull(p.firstName),
      middleName: orNull(p.middleName),
      lastName: orNull(p.lastName),
      ...(s ? { ssnEncrypted: s.encrypted, ssnLast4: s.last4 } : {}),
      birthDate: birth,
      emailAddress: orNull(p.emailAddress),
      driverLicenseNumber: orNull(p.driverLicenseNumber),
      nationalProducerNumber: orNull(p.nationalProducerNumber),
      residentStateInsuranceLicenseNumber: orNull(p.residentStateInsuranceLicenseNumber),
      residentStateCode: orNull(p.residentStateCode),
      cellNumber: orNull(p.cellNumber),
      phoneNumber: orNull(p.phoneNumber),
      faxNumber: orNull(p.faxNumber),
      businessTypeCode: business ? "C" : null,
      businessName: business ? orNull(p.businessName) : null,
      businessCellNumber: business ? orNull(p.businessCellNumber) : null,
      businessPhone: business || type === "APPTTYP_REP" || type === "APPTTYP_PRIN" ? orNull(p.businessPhone) : null,
      businessFaxNumber: business ? orNull(p.businessFaxNumber) : null,
      ...(business
        ? tax
          ? { businessTaxIdEncrypted: tax.encrypted, businessTaxIdLast4: tax.last4 }
          : {}
        : { businessTaxIdEncrypted: null, businessTaxIdLast4: null }),
      sendCorrespondenceToCode: orNull(p.sendCorrespondenceToCode),
    };
    await this.tx.appointmentPersonal.upsert({
      where: { appointmentId: this.id },
      create: { appointmentId: this.id, ...personalData },
      update: personalData,
    });
    await this.address("ADRTYP_HOME", home);
    if (business) await this.address("ADRTYP_BUSINESS", biz);
    else await this.tx.appointmentAddress.deleteMany({ where: { appointmentId: this.id, addressTypeCode: "ADRTYP_BUSINESS" } });

    for (const ans of p.answers ?? []) {
      if (!ans?.questionId) continue;
      const questionId = Number(ans.questionId);
      const answerBoolean = ans.answer === "Y" ? true : ans.answer === "N" ? false : null;
      await this.tx.appointmentAnswer.upsert({
        where: { appointmentId_questionId: { appointmentId: this.id, questionId } },
        create: { appointmentId: this.id, questionId, questionType: "QUES_TYP_PERSONAL", answerBoolean },
        update: { answerBoolean },
      });
    }
    await this.tx.appointment.update({ where: { appointmentId: this.id }, data: { qnaComment: orNull(p.qnaComment) } });

    if (showsW9(this.ctx)) {
      const e = sealed(ein);
      const irs = {
        // The W-9 name is first, middle and last name combined (spec §4) unless typed.
        name: orNull(irsPosted.name) ?? orNull(w9Name(p.firstName, p.middleName, p.lastName)),
        businessName: orNull(p.apptIRSInfo?.businessName),
        businessTypeCode: orNull(irsPosted.businessTypeCode),
        businessTypeOther: irsPosted.businessTypeCode === "W9BIZ_TYP_OTHER" ? orNull(irsPosted.businessTypeOther) : null,
        ...(e ? { employerIdNumberEncrypted: e.encrypted, employerIdNumberLast4: e.last4 } : {}),
      };
      await this.tx.appointmentIrsInfo.upsert({ where: { appointmentId: this.id }, create: { appointmentId: this.id, ...irs }, update: irs });
    }

    // Fees follow the resident state (resident vs non-resident amount).
    const resident = orNull(p.residentStateCode) ?? orNull(home.stateCode);
    if ((resident ?? undefined) !== this.ctx.residentStateCode) await refreshStateFees(this.tx, this.id, resident);

    // The derived agent name is stored for the commission and agreement signatures.
    const oldName = derivedAgentName(this.a);
    const newName = agentName(p.firstName, p.middleName, p.lastName);
    const nameSigs: Partial<Record<SignatureType, string>> = {};
    for (const code of AGENT_NAME_SIGNATURES) {
      const cur = this.a.signatures.find((x) => x.signatureTypeCode === code)?.signatureValue ?? "";
      if (newName && (cur === "" || cur === oldName) && cur !== newName) nameSigs[code] = newName;
    }
    await this.signatures(
      {
        ...nameSigs,
        SIGTYP_QNA: p.signatures?.SIGTYP_QNA,
        ...(showsW9(this.ctx) ? { SIGTYP_W9_CERT: p.signatures?.SIGTYP_W9_CERT } : {}),
      },
      errors,
    );
  }

  private async address(code: string, v: { address1?: string; address2?: string; city?: string; stateCode?: string; zipCode?: string }) {
    const data = {
      address1: orNull(v.address1),
      address2: orNull(v.address2),
      city: orNull(v.city),
      stateCode: orNull(v.stateCode),
      zipCode: orNull(v.zipCode),
    };
    await this.tx.appointmentAddress.upsert({
      where: { appointmentId_addressTypeCode: { appointmentId: this.id, addressTypeCode: code } },
      create: { appointmentId: this.id, addressTypeCode: code, ...data },
      update: data,
    });
  }

  async commissions(c: CommissionsForm, errors: FieldErrors) {
    const type = this.ctx.appointmentTypeCode;
    const remit = c.commissionRemitTypeCode;
    const b = c.bankInfo ?? {};
    const r = c.commissionRemitAssign ?? {};
    const direct = remit === "COMRMT_TYP_DIRECT";
    const assign = remit === "COMRMT_TYP_ASGN" || (hasRemitAssignment(type) && Object.values(r).some((v) => v != null && v !== ""));
    const acct = direct ? resolveSensitive(b.accountNumber, this.a.bankInfo?.accountNumberEncrypted) : null;
    const routing = direct ? resolveSensitive(b.routingNumber, this.a.bankInfo?.routingNumberEncrypted) : null;
    const remitTax = assign ? resolveSensitive(r.ssnTaxID, this.a.commissionRemitAssign?.ssnTaxIdEncrypted) : null;
    if (acct?.kind === "error") addError(errors, "bankInfo.accountNumber", MASK_WITHOUT_VALUE);
    if (routing?.kind === "error") addError(errors, "bankInfo.routingNumber", MASK_WITHOUT_VALUE);
    if (remitTax?.kind === "error") addError(errors, "commissionRemitAssign.ssnTaxID", MASK_WITHOUT_VALUE);
    if (assign) await this.knownStates([r.stateCode], errors, ["commissionRemitAssign.stateCode"]);
    if (Object.keys(errors).length) return;

    await this.tx.appointment.update({ where: { appointmentId: this.id }, data: { commissionRemitTypeCode: orNull(remit) } });
    if (direct) {
      const an = sealed(acct!);
      const rn = sealed(routing!);
      const data = {
        bankName: orNull(b.bankName),
        ...(an ? { accountNumberEncrypted: an.encrypted, accountNumberLast4: an.last4 } : {}),
        ...(rn ? { routingNumberEncrypted: rn.encrypted, routingNumberLast4: rn.last4 } : {}),
        accountName: orNull(b.accountName),
        accountTypeCode: orNull(b.accountTypeCode),
      };
      await this.tx.appointmentBankInfo.upsert({ where: { appointmentId: this.id }, create: { appointmentId: this.id, ...data }, update: data });
    } else {
      // Bank details are kept only for direct deposit (data minimisation).
      await this.tx.appointmentBankInfo.deleteMany({ where: { appointmentId: this.id } });
    }
    if (assign) {
      const t = sealed(remitTax!);
      const data = {
        agentAgencyName: orNull(r.agentAgencyName),
        ...(t ? { ssnTaxIdEncrypted: t.encrypted, ssnTaxIdLast4: t.last4 } : {}),
        address1: orNull(r.address1),
        address2: orNull(r.address2),
        city: orNull(r.city),
        stateCode: orNull(r.stateCode),
        zip: orNull(r.zip),
      };
      await this.tx.commissionRemitAssign.upsert({ where: { appointmentId: this.id }, create: { appointmentId: this.id, ...data }, update: data });
    } else {
      await this.tx.commissionRemitAssign.deleteMany({ where: { appointmentId: this.id } });
    }
    if (showsCommissionSchedule(this.ctx)) {
      const s = c.signatures ?? {};
      const date = s.SIGTYP_COMSCHED_DT ? parseIsoDate(s.SIGTYP_COMSCHED_DT) : null;
      await this.signatures(
        {
          SIGTYP_COMSCHED_DT: date ? isoDate(date) : s.SIGTYP_COMSCHED_DT,
          SIGTYP_COMSCHED_AGT: s.SIGTYP_COMSCHED_AGT || derivedAgentName(this.a) || undefined,
          SIGTYP_COMSCHED: s.SIGTYP_COMSCHED,
        },
        errors,
      );
    }
  }

  async fees(f: FeesForm, errors: FieldErrors) {
    if (!feesApply(this.ctx)) {
      addError(errors, "", NOT_APPLICABLE);
      return;
    }
    const codes = f.states ?? [];
    const seen = new Set<string>();
    codes.forEach((code) => {
      if (seen.has(code)) addError(errors, "states", MESSAGES.stateDuplicate);
      seen.add(code);
    });
    const catalogue = codes.length ? await this.tx.stateFee.findMany({ where: { stateCode: { in: codes } } }) : [];
    const byCode = new Map(catalogue.map((s) => [s.stateCode, s]));
    for (const code of seen) if (!byCode.has(code)) addError(errors, "states", UNKNOWN_STATE);
    const card = showsCreditCard(this.ctx) ? f.ccInfo ?? {} : null;
    const cardNumber = card ? resolveSensitive(card.cardNumber, this.a.cardInfo?.cardNumberEncrypted) : null;
    const cvc = card ? resolveSensitive(card.cvcNumber, this.a.cardInfo?.cvcEncrypted, { cvc: true }) : null;
    if (cardNumber?.kind === "error") addError(errors, "ccInfo.cardNumber", MASK_WITHOUT_VALUE);
    if (cvc?.kind === "error") addError(errors, "ccInfo.cvcNumber", MASK_WITHOUT_VALUE);
    if (card?.stateCode) await this.knownStates([card.stateCode], errors, ["ccInfo.stateCode"]);
    const month = card?.expirationMonth ? Number(card.expirationMonth) : null;
    const year = card?.expirationYear ? Number(card.expirationYear) : null;
    if (month != null && !(Number.isInteger(month) && month >= 1 && month <= 12)) addError(errors, "ccInfo.expirationMonth", "Expiration Month must be 1 to 12");
    if (year != null && !(Number.isInteger(year) && year >= 2000 && year <= 2200)) addError(errors, "ccInfo.expirationYear", "Expiration Year is invalid");
    if (Object.keys(errors).length) return;

    // The chosen states, with the fee from the catalogue: resident or non-resident amount.
    const resident = this.ctx.residentStateCode ?? null;
    await this.tx.appointmentState.deleteMany({ where: { appointmentId: this.id, stateCode: { notIn: [...seen] } } });
    for (const code of seen) {
      const fee = byCode.get(code)!;
      const isResident = !!resident && fee.stateCode === resident;
      const data = { stateFeeId: fee.stateFeeId, stateName: fee.stateName, feeAmount: stateFeeAmount(fee, resident).toFixed(2), isResident };
      await this.tx.appointmentState.upsert({
        where: { appointmentId_stateCode: { appointmentId: this.id, stateCode: code } },
        create: { appointmentId: this.id, stateCode: code, ...data },
        update: data,
      });
    }
    const answer = f.stateFeeAnswer === "Y" ? true : f.stateFeeAnswer === "N" ? false : null;
    await this.tx.appointment.update({
      where: { appointmentId: this.id },
      data: {
        stateFeeAnswer: answer,
        // Answering No clears PA and MT (spec §4).
        isPA: answer === true && !!f.isPA,
        isMT: answer === true && !!f.isMT,
      },
    });
    if (card) {
      const n = sealed(cardNumber!);
      const v = sealed(cvc!);
      const data = {
        creditCardTypeCode: orNull(card.creditCardTypeCode),
        ...(n ? { cardNumberEncrypted: n.encrypted, cardLast4: n.last4 } : {}),
        ...(v ? { cvcEncrypted: v.encrypted } : {}),
        expirationMonth: month,
        expirationYear: year,
        nameOnCard: orNull(card.nameonCard),
        billingAddress: orNull(card.billingAddress),
        city: orNull(card.city),
        stateCode: orNull(card.stateCode),
        zip: orNull(card.zip),
      };
      await this.tx.appointmentCardInfo.upsert({ where: { appointmentId: this.id }, create: { appointmentId: this.id, ...data }, update: data });
    } else {
      // No card is kept for types that pay fees from commissions.
      await this.tx.appointmentCardInfo.deleteMany({ where: { appointmentId: this.id } });
    }
    await this.signatures({ SIGTYP_ST_FEES: f.signatures?.SIGTYP_ST_FEES }, errors);
  }

  async agreements(a: AgreementsForm, errors: FieldErrors) {
    const s = a.signatures ?? {};
    await this.signatures(
      {
        SIGTYP_POLICY_AGREE: s.SIGTYP_POLICY_AGREE,
        SIGTYP_AGENT_AGREE: s.SIGTYP_AGENT_AGREE,
        ...(showsRepresentativeAgreement(this.ctx) ? { SIGTYP_ACKREP: s.SIGTYP_ACKREP } : {}),
        SIGTYP_AML: s.SIGTYP_AML,
        SIGTYP_AGREENAME: s.SIGTYP_AGREENAME || derivedAgentName(this.a) || undefined,
        SIGTYP_AGREESIG: s.SIGTYP_AGREESIG,
      },
      errors,
    );
  }

  async documents(d: DocsForm) {
    await this.tx.appointment.update({
      where: { appointmentId: this.id },
      data: { willFax: !!d.willFax, extraWritingNumRequested: !!d.extraWritingNumRequested },
    });
  }
}

/** Recomputes the chosen states' fees and resident flag after the resident state changed. */
async function refreshStateFees(tx: Db, appointmentId: number, resident: string | null) {
  const states = await tx.appointmentState.findMany({ where: { appointmentId }, include: { stateFee: true } });
  for (const s of states) {
    const fee = s.stateFee ?? (await tx.stateFee.findUnique({ where: { stateCode: s.stateCode } }));
    if (!fee) continue;
    await tx.appointmentState.update({
      where: { id: s.id },
      data: { feeAmount: stateFeeAmount(fee, resident).toFixed(2), isResident: !!resident && fee.stateCode === resident },
    });
  }
}

// ───────────────────────────── submitting ─────────────────────────────

export type SubmitResult =
  | { ok: true; dialog: typeof SUBMIT_SUCCESS }
  | { ok: false; dialog: { title: string; message: string }; completion: ReturnType<typeof completion> | null };

/** Job key of the combined application PDF job (the task's own key). */
export const pdfJobKey = applicationPdfJobKey;
/** Job key of the submission notification job. */
export const notifySubmittedJobKey = (appointmentId: number) => `notify-submitted:${appointmentId}`;

/**
 * Submits the application: completion is recomputed from the database and
 * must be 100%; the status becomes APWF_STATUS_NEWCONTRACT with submittedAt
 * and submittedById, the CVC is erased, and the combined application PDF and
 * the notifications are queued in the same transaction (graphile_worker.add_job).
 */
export async function submitApplication(user: CurrentUser, appointmentId: number, request: Request, opts: { now?: Date } = {}): Promise<SubmitResult> {
  await requireAppointmentAccess(user, appointmentId, { write: true, request });
  const now = opts.now ?? new Date();
  try {
    await ensureJobQueue();
    const result = await prisma.$transaction(
      async (tx): Promise<SubmitResult> => {
        await tx.$queryRaw`SELECT appointment_id FROM appointments WHERE appointment_id = ${appointmentId} FOR UPDATE`;
        const a = await loadFull(tx, appointmentId);
        if (isReadOnlyStatus(a.appointmentStatusCode)) {
          return { ok: false, dialog: { title: SUBMIT_FAILED.title, message: "This application was already submitted." }, completion: null };
        }
        const questions = await personalQuestions(tx);
        const ctx = contextOf(a, questions, await uploadedTypes(tx, appointmentId, a.appointmentTypeCode), now);
        const c = completion(toFormData(a, questions), ctx);
        const serverProblems = serverOnlyProblems(a, ctx);
        if (c.percent < 100 || serverProblems.length) {
          return { ok: false, dialog: { ...SUBMIT_INCOMPLETE, message: serverProblems[0] ?? SUBMIT_INCOMPLETE.message }, completion: c };
        }
        await tx.appointment.update({
          where: { appointmentId },
          data: {
            appointmentStatusCode: "APWF_STATUS_NEWCONTRACT",
            submittedAt: now,
            submittedById: realUserId(user),
            updatedById: realUserId(user),
          },
        });
        await eraseCardVerificationCode(tx, appointmentId);
        await tx.$queryRaw`SELECT graphile_worker.add_job(${"generate-application-pdf"}::text, ${JSON.stringify({ appointmentId })}::json, job_key => ${pdfJobKey(appointmentId)}::text)`;
        await tx.$queryRaw`SELECT graphile_worker.add_job(${"notify-appointment"}::text, ${JSON.stringify({ appointmentId, event: "SUBMITTED" })}::json, job_key => ${notifySubmittedJobKey(appointmentId)}::text)`;
        return { ok: true, dialog: SUBMIT_SUCCESS };
      },
      { timeout: 20_000, maxWait: 10_000 },
    );
    if (result.ok) {
      await auditAppointment("APPOINTMENT_SUBMITTED", user, appointmentId, request);
    }
    return result;
  } catch (error) {
    console.error(`submitApplication ${appointmentId} failed:`, (error as Error).message);
    return { ok: false, dialog: SUBMIT_FAILED, completion: null };
  }
}

/** Checks that need the stored (decrypted) values: the SSN must differ from the business tax id. */
function serverOnlyProblems(a: FullAppointment, ctx: ValidationContext): string[] {
  const out: string[] = [];
  const p = a.personal;
  if (showsBusinessBlock(ctx) && p?.ssnEncrypted && p.businessTaxIdEncrypted) {
    if (decryptField(p.ssnEncrypted) === decryptField(p.businessTaxIdEncrypted)) out.push(MESSAGES.ssnEqualsTaxId);
  }
  return out;
}

// ───────────────────────────── card data retention ─────────────────────────────

/**
 * Erases the stored CVC (done on submit: it is only needed while the
 * application is being filled in). Returns true when one was erased.
 */
export async function eraseCardVerificationCode(db: Db, appointmentId: number): Promise<boolean> {
  const r = await db.appointmentCardInfo.updateMany({ where: { appointmentId, cvcEncrypted: { not: null } }, data: { cvcEncrypted: null } });
  return r.count > 0;
}

/**
 * Erases the card (number, CVC, expiry, name and billing address) once the
 * fees are collected or the application is approved, rejected or abandoned;
 * the back office calls it. Keeps the card type and last four digits for
 * the record. Returns true when card data was erased.
 */
export async function eraseCardData(db: Db, appointmentId: number): Promise<boolean> {
  const r = await db.appointmentCardInfo.updateMany({
    where: { appointmentId },
    data: {
      cardNumberEncrypted: null,
      cvcEncrypted: null,
      expirationMonth: null,
      expirationYear: null,
      nameOnCard: null,
      billingAddress: null,
      city: null,
      stateCode: null,
      zip: null,
    },
  });
  return r.count > 0;
}

/** For tests and the back office: every signature type a section posts. */
export const SECTION_SIGNATURES: Record<DataSectionId, SignatureType[]> = Object.fromEntries(
  (["PERSONAL", "COMMS", "FEES", "AGREEMENTS", "DOCS"] as const).map((s) => [s, SIGNATURE_TYPES.filter((t) => SIGNATURE_SECTION[t] === s)]),
) as Record<DataSectionId, SignatureType[]>;
