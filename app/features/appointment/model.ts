// The appointment application's data contract (spec part 2 §2–§4), shared
// by the browser and the server: section ids, type codes and letters,
// invitation flavours, visibility rules and statuses. Signature types, other
// codes and limits are in codes.ts; the validation context and each section's
// form data shape in form-data.ts. No server-only imports here.


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

/** The reference the prospect quotes (confirmation page, receipt email): 'APP-<appointmentId>'. */
export function applicationReference(appointmentId: number): string {
  return `APP-${appointmentId}`;
}

// ---------------------------------------------------------------- statuses

// The one catalogue (codes, texts, filter ids) is status.ts.
export { APPOINTMENT_STATUSES, STATUS_TEXT, statusText, type AppointmentStatus } from "./status";

/** The form is editable only in INCOMPLETE or INVITED (spec §4). */
export function isEditableStatus(code: string): boolean {
  return code === "APWF_STATUS_INCOMPLETE" || code === "APWF_STATUS_INVITED";
}
