// The appointment application's form data (spec part 2 §2–§4): the validation
// context the section schemas get and the shape of each section's form data,
// shared by the browser and the server. No server-only imports here.
// Split out of model.ts (no behaviour change).
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
// bankInfo.accountNumber/routingNumber, ccInfo.cardNumber,
// commissionRemitAssign.ssnTaxID, apptIRSInfo.employerIdNumber) reach the
// browser only as a mask ('*****6789'); posting the mask back unchanged means
// "keep the stored value" (accepted when ctx.stored says a value is stored).
// ccInfo.cvcNumber is never stored nor given back: checked in the post that
// carries it (and required only with SUBMIT), then dropped (decision 0087).

import type { AppointmentTypeCode, DataSectionId, InvitationFlavour } from "./model";

// ---------------------------------------------------------------- validation context

/** Whether a sensitive value is already stored (a posted mask then means "keep"). */
export interface StoredSensitive {
  ssn: boolean;
  businessTaxID: boolean;
  accountNumber: boolean;
  routingNumber: boolean;
  cardNumber: boolean;
  ssnTaxID: boolean;
  employerIdNumber: boolean;
}

export const NOTHING_STORED: StoredSensitive = {
  ssn: false,
  businessTaxID: false,
  accountNumber: false,
  routingNumber: false,
  cardNumber: false,
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
  /** A Yes to the 1033 question (fcra.ts asks1033Consent): the 1033 consent document is needed. */
  needs1033Consent?: boolean;
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
  signatures?: { SIGTYP_QNA?: string; SIGTYP_W9_CERT?: string; SIGTYP_FCRA_DISCLOSURE?: string; SIGTYP_FCRA_AUTH?: string };
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
