// The appointment application's data contract (spec part 2 §2–§4, §9), shared
// by the browser and the server: section ids, type codes and letters,
// visibility rules, codes, limits, and the shape of each section's form data.
// No server-only imports here.
//
// ## Form field names (what conform posts; works without JavaScript)
// Every section form posts flat names; nested objects use conform's dotted
// names and arrays use `[i]`:
//   PERSONAL   firstName, middleName, lastName, ssn, birthDate (YYYY-MM-DD), emailAddress,
//              driverLicenseNumber, nationalProducerNumber, residentStateInsuranceLicenseNumber,
//              residentStateCode, cellNumber, phoneNumber, faxNumber,
//              businessName, businessPhone, businessCellNumber, businessFaxNumber, businessTaxID,
//              home.address1 home.address2 home.city home.stateCode home.zipCode,
//              business.address1 … business.zipCode, sameAsMailing (checkbox "on"),
//              sendCorrespondenceToCode (radio R / C),
//              answers[i].questionId (hidden) + answers[i].answer (radio Y / N), qnaComment,
//              signatures.SIGTYP_QNA, signatures.SIGTYP_W9_CERT,
//              apptIRSInfo.name apptIRSInfo.businessName apptIRSInfo.businessTypeCode
//              apptIRSInfo.businessTypeOther apptIRSInfo.employerIdNumber
//   COMMS      signatures.SIGTYP_COMSCHED_DT (date YYYY-MM-DD), signatures.SIGTYP_COMSCHED_AGT,
//              signatures.SIGTYP_COMSCHED, commissionRemitTypeCode (radio),
//              bankInfo.bankName bankInfo.accountNumber bankInfo.routingNumber bankInfo.accountName
//              bankInfo.accountTypeCode, commissionRemitAssign.agentAgencyName … .zip
//   FEES       states (one hidden input per chosen state code, repeated name), stateFeeAnswer (radio Y / N),
//              isPA, isMT (checkboxes "on"), ccInfo.creditCardTypeCode ccInfo.cardNumber
//              ccInfo.expirationMonth ccInfo.expirationYear (selects, numbers as strings) ccInfo.cvcNumber
//              ccInfo.nameonCard ccInfo.billingAddress ccInfo.city ccInfo.stateCode ccInfo.zip,
//              signatures.SIGTYP_ST_FEES
//   AGREEMENTS signatures.SIGTYP_POLICY_AGREE / _AGENT_AGREE / _ACKREP / _AML (checkboxes value "Y"),
//              signatures.SIGTYP_AGREENAME (your name), signatures.SIGTYP_AGREESIG (mother's maiden name)
//   DOCS       willFax, extraWritingNumRequested (checkboxes "on")
// Every value is optional in the types: an empty input is posted as "" and
// conform turns it into undefined. Sensitive values (ssn, businessTaxID,
// bankInfo.accountNumber/routingNumber, ccInfo.cardNumber/cvcNumber,
// commissionRemitAssign.ssnTaxID, apptIRSInfo.employerIdNumber) reach the
// browser only as a mask ('*****6789'); posting the mask back unchanged means
// "keep the stored value" (accepted when ctx.stored says a value is stored).

import { z } from "zod";

// ---------------------------------------------------------------- sections

export const SECTIONS = ["PERSONAL", "COMMS", "FEES", "AGREEMENTS", "DOCS", "INSTRUCT"] as const;
export type SectionId = (typeof SECTIONS)[number];
/** The sections that hold data and are validated (INSTRUCT has nothing to fill in). */
export const DATA_SECTIONS = ["PERSONAL", "COMMS", "FEES", "AGREEMENTS", "DOCS"] as const;
export type DataSectionId = (typeof DATA_SECTIONS)[number];

export const SECTION_TITLES: Record<SectionId, string> = {
  PERSONAL: "Personal Information",
  COMMS: "Commissions",
  FEES: "States & Fees",
  AGREEMENTS: "Policies & Agreements",
  DOCS: "Supporting Documents",
  INSTRUCT: "Instructions",
};

export function isSectionId(v: unknown): v is SectionId {
  return typeof v === "string" && (SECTIONS as readonly string[]).includes(v);
}

// ---------------------------------------------------------------- appointment types

export const APPOINTMENT_TYPE_CODES = [
  "APPTTYP_IND",
  "APPTTYP_WVB",
  "APPTTYP_REP",
  "APPTTYP_PRIN",
  "APPTTYP_CORP",
  "APPTTYP_VB_CORP",
  "APPTTYP_BOTH",
] as const;
export type AppointmentTypeCode = (typeof APPOINTMENT_TYPE_CODES)[number];

export function isAppointmentTypeCode(v: unknown): v is AppointmentTypeCode {
  return typeof v === "string" && (APPOINTMENT_TYPE_CODES as readonly string[]).includes(v);
}

export const APPOINTMENT_TYPE_LABELS: Record<AppointmentTypeCode, string> = {
  APPTTYP_IND: "Individual",
  APPTTYP_WVB: "Web-Based Individual",
  APPTTYP_REP: "Representative",
  APPTTYP_PRIN: "Principal",
  APPTTYP_CORP: "Corporation",
  APPTTYP_VB_CORP: "Web-Based Corporation",
  APPTTYP_BOTH: "Individual and Corporation",
};

/** The displayed business type (spec §3). */
export function businessTypeLabel(code: AppointmentTypeCode): "Individual" | "Corporation" {
  return code === "APPTTYP_CORP" || code === "APPTTYP_VB_CORP" || code === "APPTTYP_BOTH" ? "Corporation" : "Individual";
}

/** Web-based appointment types: the email field is view-only. */
export function isWebBasedType(code: AppointmentTypeCode): boolean {
  return code === "APPTTYP_WVB" || code === "APPTTYP_VB_CORP";
}

/** Corporate types: employer id ↔ business tax id and business name mirror each other. */
export function isCorporateType(code: AppointmentTypeCode): boolean {
  return code === "APPTTYP_CORP" || code === "APPTTYP_VB_CORP" || code === "APPTTYP_BOTH";
}

/** Representative types (REP and PRIN): credit-card block, remittance optional, remit assignment. */
export function isRepresentativeType(code: AppointmentTypeCode): boolean {
  return code === "APPTTYP_REP" || code === "APPTTYP_PRIN";
}

/** Individual types for the W-9 rule (must choose W9BIZ_TYP_IND). */
export function isIndividualW9Type(code: AppointmentTypeCode): boolean {
  return code === "APPTTYP_IND" || code === "APPTTYP_WVB";
}

/** Types that may carry a commission remit assignment (REP, PRIN, BOTH). */
export function hasRemitAssignment(code: AppointmentTypeCode): boolean {
  return code === "APPTTYP_REP" || code === "APPTTYP_PRIN" || code === "APPTTYP_BOTH";
}

/** The appointment types a prospect can choose in the wizard (step 3), by invitation flavour. */
export const WIZARD_APPOINTMENT_TYPES: Record<InvitationFlavour, ReadonlyArray<{ code: AppointmentTypeCode; label: string }>> = {
  STANDARD: [
    { code: "APPTTYP_IND", label: "Individual" },
    { code: "APPTTYP_CORP", label: "Corporation" },
    { code: "APPTTYP_BOTH", label: "Individual and Corporation" },
    { code: "APPTTYP_PRIN", label: "Principal" },
  ],
  VB: [
    { code: "APPTTYP_WVB", label: "Web-Based Individual" },
    { code: "APPTTYP_VB_CORP", label: "Web-Based Corporation" },
  ],
  VB_CUSTOM: [
    { code: "APPTTYP_WVB", label: "Web-Based Individual" },
    { code: "APPTTYP_VB_CORP", label: "Web-Based Corporation" },
  ],
};
/** The type fixed for an invitation flagged enrollRep (wizard step 3 is skipped). */
export const ENROLL_REP_TYPE: AppointmentTypeCode = "APPTTYP_REP";

// ---------------------------------------------------------------- invitation flavours

export const INVITATION_FLAVOURS = ["STANDARD", "VB", "VB_CUSTOM"] as const;
export type InvitationFlavour = (typeof INVITATION_FLAVOURS)[number];

export function isInvitationFlavour(v: unknown): v is InvitationFlavour {
  return typeof v === "string" && (INVITATION_FLAVOURS as readonly string[]).includes(v);
}

/** VB and VB custom are both "VB" (web-based) invitations. */
export function isVbFlavour(flavour: InvitationFlavour): boolean {
  return flavour === "VB" || flavour === "VB_CUSTOM";
}

// ---------------------------------------------------------------- type letters and visibility

export type TypeLetter = "C" | "B" | "R" | "I" | "P" | "VC" | "VB" | "VI" | "VR";

/**
 * The type letter (spec §2). IND → I, CORP → C, BOTH → B, REP → R, PRIN → P;
 * WVB is a web-based individual → VI and VB_CORP → VC whatever the invitation.
 * Under a VB or VB custom invitation the other letters take their V form
 * (I → VI, C → VC, B → VB, R → VR); P has no V form and stays P.
 */
export function typeLetter(code: AppointmentTypeCode, flavour: InvitationFlavour = "STANDARD"): TypeLetter {
  const vb = isVbFlavour(flavour);
  switch (code) {
    case "APPTTYP_WVB":
      return "VI";
    case "APPTTYP_VB_CORP":
      return "VC";
    case "APPTTYP_IND":
      return vb ? "VI" : "I";
    case "APPTTYP_CORP":
      return vb ? "VC" : "C";
    case "APPTTYP_BOTH":
      return vb ? "VB" : "B";
    case "APPTTYP_REP":
      return vb ? "VR" : "R";
    case "APPTTYP_PRIN":
      return "P";
  }
}

const has = (letters: readonly TypeLetter[], l: TypeLetter) => letters.includes(l);

export const BUSINESS_BLOCK_LETTERS: readonly TypeLetter[] = ["C", "B", "VC", "VB"];
export const W9_LETTERS: readonly TypeLetter[] = ["C", "B", "I", "VC", "VB", "VI"];
export const FAX_FIELD_LETTERS: readonly TypeLetter[] = ["I", "VI"];
export const STATE_FEE_LETTERS: readonly TypeLetter[] = ["C", "B", "I", "R", "VC", "VB", "VI", "VR"];
export const CREDIT_CARD_LETTERS: readonly TypeLetter[] = ["R", "P", "VR"];

/** What a ValidationContext-like value needs for the visibility rules. */
export type TypeAndFlavour = { appointmentTypeCode: AppointmentTypeCode; flavour: InvitationFlavour };

const letterOf = (t: TypeAndFlavour) => typeLetter(t.appointmentTypeCode, t.flavour);

/** Business Information + Business Address block (and its rules). */
export const showsBusinessBlock = (t: TypeAndFlavour) => has(BUSINESS_BLOCK_LETTERS, letterOf(t));
/** W-9 Tax Form and Certification (and its rules). */
export const showsW9 = (t: TypeAndFlavour) => has(W9_LETTERS, letterOf(t));
/** The personal fax number field. */
export const showsFaxField = (t: TypeAndFlavour) => has(FAX_FIELD_LETTERS, letterOf(t));
/**
 * The States & Fees section is shown (and validated, and in the navigation)
 * unless the invitation is VB or VB custom. Every type has it otherwise.
 */
export const feesApply = (t: TypeAndFlavour) => !isVbFlavour(t.flavour);
/** The state fee question (PA / MT) within States & Fees: letters of spec §2's "state fee section" (not P). */
export const showsStateFeeQuestion = (t: TypeAndFlavour) => feesApply(t) && has(STATE_FEE_LETTERS, letterOf(t));
/** 'Pay Fees By Credit Card' block (representative types); otherwise fees are deducted from commissions. */
export const showsCreditCard = (t: TypeAndFlavour) => feesApply(t) && has(CREDIT_CARD_LETTERS, letterOf(t));
/** Commission statement PDFs and the three commission-schedule signatures (not for VB custom). */
export const showsCommissionSchedule = (t: TypeAndFlavour) => t.flavour !== "VB_CUSTOM";
/**
 * The representative agreement (part and checkbox) in Policies & Agreements: spec §2 lists four parts
 * (agent agreement, representative agreement, company policy, AML guide) for every type, and §7 requires
 * each acknowledgement, so every type has it (docs/decisions/0017-application-ui-review.md).
 */
export const showsRepresentativeAgreement = (_t: TypeAndFlavour) => true;
/** At least one state must be chosen (all types except PRIN). */
export const requiresStates = (t: TypeAndFlavour) => feesApply(t) && t.appointmentTypeCode !== "APPTTYP_PRIN";

/** The sections shown in the left navigation, in order. */
export function visibleSections(t: TypeAndFlavour): SectionId[] {
  return SECTIONS.filter((s) => s !== "FEES" || feesApply(t));
}

/** The section after a Save & Continue (spec §2). INSTRUCT stays on INSTRUCT. */
export function nextSection(section: SectionId, t: TypeAndFlavour): SectionId {
  switch (section) {
    case "PERSONAL":
      return "COMMS";
    case "COMMS":
      return feesApply(t) ? "FEES" : "AGREEMENTS";
    case "FEES":
      return "AGREEMENTS";
    case "AGREEMENTS":
      return "DOCS";
    case "DOCS":
    case "INSTRUCT":
      return "INSTRUCT";
  }
}

// ---------------------------------------------------------------- statuses

export const APPOINTMENT_STATUSES = [
  "APWF_STATUS_INVITED",
  "APWF_STATUS_INCOMPLETE",
  "APWF_STATUS_NEWCONTRACT",
  "APWF_STATUS_APPROVED",
  "APWF_STATUS_REJECTED",
  "APWF_STATUS_ABANDONED",
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const STATUS_TEXT: Record<AppointmentStatus, string> = {
  APWF_STATUS_INVITED: "Invited",
  APWF_STATUS_INCOMPLETE: "Incomplete",
  APWF_STATUS_NEWCONTRACT: "Awaiting Approval",
  APWF_STATUS_APPROVED: "Approved",
  APWF_STATUS_REJECTED: "Rejected",
  APWF_STATUS_ABANDONED: "Abandoned",
};

/** Display text of a status code (the code itself when unknown). */
export function statusText(code: string): string {
  return (STATUS_TEXT as Record<string, string>)[code] ?? code;
}

/** The longest email address accepted (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
const emailFormat = z.email();
/** The one email rule of the application and the paper form: a standard address (zod's format), at most EMAIL_MAX characters. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX && emailFormat.safeParse(value).success;
}

/** The form is editable only in INCOMPLETE or INVITED (spec §4). */
export function isEditableStatus(code: string): boolean {
  return code === "APWF_STATUS_INCOMPLETE" || code === "APWF_STATUS_INVITED";
}

// ---------------------------------------------------------------- signatures

export const TEXT_SIGNATURE_TYPES = [
  "SIGTYP_QNA",
  "SIGTYP_W9_CERT",
  "SIGTYP_COMSCHED",
  "SIGTYP_COMSCHED_DT",
  "SIGTYP_COMSCHED_AGT",
  "SIGTYP_ST_FEES",
  "SIGTYP_AGREENAME",
  "SIGTYP_AGREESIG",
] as const;
/** Checkbox acknowledgements: 'Y' when checked, 'N' when not. */
export const CHECKBOX_SIGNATURE_TYPES = ["SIGTYP_POLICY_AGREE", "SIGTYP_AGENT_AGREE", "SIGTYP_ACKREP", "SIGTYP_AML"] as const;
export const SIGNATURE_TYPES = [...TEXT_SIGNATURE_TYPES, ...CHECKBOX_SIGNATURE_TYPES] as const;
export type TextSignatureType = (typeof TEXT_SIGNATURE_TYPES)[number];
export type CheckboxSignatureType = (typeof CHECKBOX_SIGNATURE_TYPES)[number];
export type SignatureType = TextSignatureType | CheckboxSignatureType;

export function isCheckboxSignature(code: string): code is CheckboxSignatureType {
  return (CHECKBOX_SIGNATURE_TYPES as readonly string[]).includes(code);
}

/** The section whose form posts each signature. SIGTYP_COMSCHED_DT holds a date (YYYY-MM-DD). */
export const SIGNATURE_SECTION: Record<SignatureType, DataSectionId> = {
  SIGTYP_QNA: "PERSONAL",
  SIGTYP_W9_CERT: "PERSONAL",
  SIGTYP_COMSCHED: "COMMS",
  SIGTYP_COMSCHED_DT: "COMMS",
  SIGTYP_COMSCHED_AGT: "COMMS",
  SIGTYP_ST_FEES: "FEES",
  SIGTYP_POLICY_AGREE: "AGREEMENTS",
  SIGTYP_AGENT_AGREE: "AGREEMENTS",
  SIGTYP_ACKREP: "AGREEMENTS",
  SIGTYP_AML: "AGREEMENTS",
  SIGTYP_AGREENAME: "AGREEMENTS",
  SIGTYP_AGREESIG: "AGREEMENTS",
};

/** Signatures prefilled with the derived agent name when missing (spec §4). */
export const AGENT_NAME_SIGNATURES: readonly SignatureType[] = ["SIGTYP_COMSCHED_AGT", "SIGTYP_AGREENAME"];

// ---------------------------------------------------------------- other codes

export const REMIT_TYPES = ["COMRMT_TYP_ASGN", "COMRMT_TYP_DIRECT", "COMRMT_TYP_PAPER"] as const;
export type RemitType = (typeof REMIT_TYPES)[number];
export const REMIT_TYPE_LABELS: Record<RemitType, string> = {
  COMRMT_TYP_ASGN: "Assignment",
  COMRMT_TYP_DIRECT: "Direct Deposit",
  COMRMT_TYP_PAPER: "Paper Check",
};

export const ACCOUNT_TYPES = ["ACCTTYP_CHECKING", "ACCTTYP_SAVINGS"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = { ACCTTYP_CHECKING: "Checking", ACCTTYP_SAVINGS: "Savings" };

export const CARD_TYPES = ["CCTYP_MASTER", "CCTYP_VISA", "CCTYP_OTHER"] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const CARD_TYPE_LABELS: Record<CardType, string> = { CCTYP_MASTER: "MasterCard", CCTYP_VISA: "Visa", CCTYP_OTHER: "Other" };

export const W9_BUSINESS_TYPES = ["W9BIZ_TYP_IND", "W9BIZ_TYP_CCORP", "W9BIZ_TYP_SCORP", "W9BIZ_TYP_LLC", "W9BIZ_TYP_OTHER"] as const;
export type W9BusinessType = (typeof W9_BUSINESS_TYPES)[number];
export const W9_BUSINESS_TYPE_LABELS: Record<W9BusinessType, string> = {
  W9BIZ_TYP_IND: "Individual or Sole-Proprietorship",
  W9BIZ_TYP_CCORP: "C Corporation",
  W9BIZ_TYP_SCORP: "S Corporation",
  W9BIZ_TYP_LLC: "Limited Liability Company",
  W9BIZ_TYP_OTHER: "Other",
};
/** W-9 business types a corporate appointment (CORP, VB_CORP) may choose. */
export const W9_CORPORATE_BUSINESS_TYPES: readonly W9BusinessType[] = ["W9BIZ_TYP_CCORP", "W9BIZ_TYP_SCORP", "W9BIZ_TYP_LLC", "W9BIZ_TYP_OTHER"];

export const ADDRESS_TYPES = ["ADRTYP_HOME", "ADRTYP_BUSINESS"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Where to send correspondence: R residence, C business. */
export const CORRESPONDENCE_CODES = ["R", "C"] as const;
export type CorrespondenceCode = (typeof CORRESPONDENCE_CODES)[number];
export const CORRESPONDENCE_LABELS: Record<CorrespondenceCode, string> = { R: "Residence", C: "Business" };

export const QUESTION_TYPES = ["QUES_TYP_PERSONAL", "QUES_TYP_STATE_FEE"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** 15 personal questions (spec §9). */
export const PERSONAL_QUESTION_COUNT = 15;
/** A sub-question has ')' as its second character ('a) ...'). */
export function isSubQuestion(questionText: string): boolean {
  return questionText.charAt(1) === ")";
}

export const DOCUMENT_TYPES = [
  "DOCTYP_COMB_APP",
  "DOCTYP_COMSCHED_AGREE",
  "DOCTYP_DIRECT_DEPOSIT",
  "DOCTYP_EO_CERT",
  "DOCTYP_DRV_LIC",
  "DOCTYP_AML_CERT",
  "DOCTYP_STATE_LIC",
  "DOCTYP_UNK_ADDTL_DOC",
  "DOCTYP_APP",
  "W9_FORM",
  "ALLCO_AGREE",
  "REP_AGREE",
  "ASGN_OF_COMM",
  "CO_POLICY",
  "CR_CARD_AGREE",
  "AML_GUIDE",
] as const;
export type DocumentTypeCode = (typeof DOCUMENT_TYPES)[number];
/** Additional documents: an upload never replaces an earlier one of this type. */
export const ADDITIONAL_DOCUMENT_TYPE = "DOCTYP_UNK_ADDTL_DOC";
export const EO_CERT_DOCUMENT_TYPE = "DOCTYP_EO_CERT";
/** An upload replaces the existing document of the same type, except additional documents. */
export function uploadReplacesExisting(documentTypeCode: string): boolean {
  return documentTypeCode !== ADDITIONAL_DOCUMENT_TYPE;
}
/** Uploaded status always treated as present (spec §4): driver license, AML and state license; E&O for principals. */
export function alwaysPresentDocument(documentTypeCode: string, appointmentTypeCode: AppointmentTypeCode): boolean {
  if (documentTypeCode === "DOCTYP_DRV_LIC" || documentTypeCode === "DOCTYP_AML_CERT" || documentTypeCode === "DOCTYP_STATE_LIC") return true;
  return documentTypeCode === EO_CERT_DOCUMENT_TYPE && appointmentTypeCode === "APPTTYP_PRIN";
}

// ---------------------------------------------------------------- limits and constants

export const UPLOAD_MAX_FILES = 1;
export const UPLOAD_MAX_BYTES = 2_000_000;
export const UPLOAD_ACCEPT = "application/pdf,.pdf";

/** Pre-appointment state fees (spec §9), in dollars. */
export const PA_FEE = 15;
export const MT_FEE = 0;
export const PA_FEE_TEXT = "$15.00";
export const MT_FEE_TEXT = "$0.00";

export const CARD_MONTHS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/** Card expiry years: the current year and the 19 following (20 years). */
export function cardYears(now: Date): number[] {
  const y = now.getFullYear();
  return Array.from({ length: 20 }, (_, i) => y + i);
}

/** A masked sensitive value as shown in its input: asterisks then the last 4 digits. */
export const MASK_RE = /^\*+\d{4}$/;
export function isMasked(value: unknown): boolean {
  return typeof value === "string" && MASK_RE.test(value.trim());
}

/** A stored CVC shows no digits at all: '****' means "keep the stored one". */
export const CVC_MASK_RE = /^\*{3,4}$/;
export function isCvcMask(value: unknown): boolean {
  return typeof value === "string" && CVC_MASK_RE.test(value.trim());
}

// ---------------------------------------------------------------- validation context

/** Whether a sensitive value is already stored (a posted mask then means "keep"). */
export interface StoredSensitive {
  ssn: boolean;
  businessTaxID: boolean;
  accountNumber: boolean;
  routingNumber: boolean;
  cardNumber: boolean;
  cvcNumber: boolean;
  ssnTaxID: boolean;
  employerIdNumber: boolean;
}

export const NOTHING_STORED: StoredSensitive = {
  ssn: false,
  businessTaxID: false,
  accountNumber: false,
  routingNumber: false,
  cardNumber: false,
  cvcNumber: false,
  ssnTaxID: false,
  employerIdNumber: false,
};

export interface ValidationContext {
  appointmentTypeCode: AppointmentTypeCode;
  flavour: InvitationFlavour;
  /** The stored willFax (completion weights); the DOCS form's own willFax wins in documentsSchema. */
  willFax: boolean;
  residentStateCode?: string;
  /** Uploaded documents by document type code. */
  hasUploaded: Partial<Record<string, boolean>>;
  now: Date;
  stored: StoredSensitive;
  /**
   * The ids (as strings) of the active, answerable personal questions. When
   * given, each must be answered; when absent, PERSONAL_QUESTION_COUNT answers
   * are required.
   */
  personalQuestionIds?: readonly string[];
  /**
   * "draft" (a save): only values that are there are checked, so a prospect
   * can save a half-filled section but never a wrong value; nothing missing
   * is reported. "complete" (default: completion and submit): every rule.
   */
  mode?: "draft" | "complete";
}

// ---------------------------------------------------------------- form data

export type YesNo = "Y" | "N";

export interface AddressForm {
  address1?: string;
  address2?: string;
  city?: string;
  stateCode?: string;
  zipCode?: string;
}

export interface AnswerForm {
  questionId?: string;
  /** 'Y' or 'N'; undefined when not answered. */
  answer?: string;
}

export interface IrsInfoForm {
  name?: string;
  businessName?: string;
  businessTypeCode?: string;
  businessTypeOther?: string;
  employerIdNumber?: string;
}

export interface PersonalForm {
  firstName?: string;
  middleName?: string;
  lastName?: string;
  ssn?: string;
  /** YYYY-MM-DD */
  birthDate?: string;
  emailAddress?: string;
  driverLicenseNumber?: string;
  nationalProducerNumber?: string;
  residentStateInsuranceLicenseNumber?: string;
  residentStateCode?: string;
  cellNumber?: string;
  phoneNumber?: string;
  faxNumber?: string;
  businessName?: string;
  businessPhone?: string;
  businessCellNumber?: string;
  businessFaxNumber?: string;
  businessTaxID?: string;
  home?: AddressForm;
  business?: AddressForm;
  sameAsMailing?: boolean;
  sendCorrespondenceToCode?: string;
  answers?: AnswerForm[];
  qnaComment?: string;
  apptIRSInfo?: IrsInfoForm;
  signatures?: { SIGTYP_QNA?: string; SIGTYP_W9_CERT?: string };
}

export interface BankInfoForm {
  bankName?: string;
  accountNumber?: string;
  routingNumber?: string;
  accountName?: string;
  accountTypeCode?: string;
}

export interface RemitAssignForm {
  agentAgencyName?: string;
  ssnTaxID?: string;
  address1?: string;
  address2?: string;
  city?: string;
  stateCode?: string;
  zip?: string;
}

export interface CommissionsForm {
  commissionRemitTypeCode?: string;
  bankInfo?: BankInfoForm;
  commissionRemitAssign?: RemitAssignForm;
  signatures?: { SIGTYP_COMSCHED_DT?: string; SIGTYP_COMSCHED_AGT?: string; SIGTYP_COMSCHED?: string };
}

export interface CardInfoForm {
  creditCardTypeCode?: string;
  cardNumber?: string;
  /** "1".."12" */
  expirationMonth?: string;
  /** "2026" */
  expirationYear?: string;
  cvcNumber?: string;
  nameonCard?: string;
  billingAddress?: string;
  city?: string;
  stateCode?: string;
  zip?: string;
}

export interface FeesForm {
  /** Chosen state codes; fee amounts are derived on the server from the catalogue. */
  states?: string[];
  stateFeeAnswer?: string;
  isPA?: boolean;
  isMT?: boolean;
  ccInfo?: CardInfoForm;
  signatures?: { SIGTYP_ST_FEES?: string };
}

export interface AgreementsForm {
  signatures?: {
    SIGTYP_POLICY_AGREE?: string;
    SIGTYP_AGENT_AGREE?: string;
    SIGTYP_ACKREP?: string;
    SIGTYP_AML?: string;
    SIGTYP_AGREENAME?: string;
    SIGTYP_AGREESIG?: string;
  };
}

export interface DocsForm {
  willFax?: boolean;
  extraWritingNumRequested?: boolean;
}

/** The whole application as completion and submit see it. */
export interface ApplicationData {
  personal: PersonalForm;
  commissions: CommissionsForm;
  fees: FeesForm;
  agreements: AgreementsForm;
  documents: DocsForm;
}

export const EMPTY_APPLICATION: ApplicationData = { personal: {}, commissions: {}, fees: {}, agreements: {}, documents: {} };

/** Which section's form data ApplicationData keeps under which key. */
export const SECTION_DATA_KEY: Record<DataSectionId, keyof ApplicationData> = {
  PERSONAL: "personal",
  COMMS: "commissions",
  FEES: "fees",
  AGREEMENTS: "agreements",
  DOCS: "documents",
};

/**
 * Posted by every section form (hidden input, value '1'): the post carries
 * every field of the form, so an absent checkbox or state list means
 * unchecked or empty. Without it, an absent field keeps its stored value.
 */
export const ALL_FIELDS = "allFields";
