// The appointment application's codes and limits (spec part 2 §4, §9), shared
// by the browser and the server: signature types and the section that posts
// each, remit / account / card / W-9 business / address / correspondence /
// question / document codes, upload limits, state fees, card expiry choices
// and the masks of sensitive values. No server-only imports here.
// Split out of model.ts (no behaviour change).

import type { AppointmentTypeCode, DataSectionId } from "./model";

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
  "SIGTYP_FCRA_AUTH",
] as const;
/** Checkbox acknowledgements: 'Y' when checked, 'N' when not. */
export const CHECKBOX_SIGNATURE_TYPES = ["SIGTYP_POLICY_AGREE", "SIGTYP_AGENT_AGREE", "SIGTYP_ACKREP", "SIGTYP_AML", "SIGTYP_FCRA_DISCLOSURE"] as const;
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
  // The background check block of Personal Information (fcra.ts, decision 0121).
  SIGTYP_FCRA_DISCLOSURE: "PERSONAL",
  SIGTYP_FCRA_AUTH: "PERSONAL",
};

/**
 * The signatures typed as the mother's maiden name: a secret once given, shown to nobody (the check
 * page, the review's summary, the signature evidence) but as SECRET_GIVEN (decision 0104).
 */
export const SECRET_SIGNATURE_TYPES: readonly SignatureType[] = ["SIGTYP_QNA", "SIGTYP_W9_CERT", "SIGTYP_COMSCHED", "SIGTYP_ST_FEES", "SIGTYP_AGREESIG"];
export const SECRET_GIVEN = "•••• (given)";

/** A signature's value as a reader may see it: a typed secret masked, anything else as stored. */
export function shownSignature(code: string, value: string | null | undefined): string {
  const v = value?.trim() ?? "";
  return v && (SECRET_SIGNATURE_TYPES as readonly string[]).includes(code) ? SECRET_GIVEN : v;
}

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
  "DOCTYP_1033_CONSENT",
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

// The upload's limits and accepted type: ~/lib/upload-policy.ts (PDF_UPLOAD_POLICY).

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
