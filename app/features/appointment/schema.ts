// The validation rules of the appointment application (spec part 2 §5), one
// zod schema per section, shared by conform in the browser
// (`parseWithZod(formData, { schema })`) and the actions on the server, and
// by completion.ts. Every rule attaches its message to the form field name
// the section posts (see model.ts), so conform shows it next to the field.
//
// Each section schema: a loose z.object of optional values (an empty input is
// "missing"), a normalising transform (trim; formatting stripped from numeric
// fields; email lowercased; masks kept), then one superRefine with the rules,
// which depend on the ValidationContext (appointment type, invitation flavour,
// stored sensitive values, now).
import { z } from "zod";
import { isBeforeNow, normalizeEmail, parseIsoDate, routingNumberValid, stripFormatting, digitsOrMask } from "./derive";
import {
  ACCOUNT_TYPES,
  APPOINTMENT_TYPE_CODES,
  CARD_TYPES,
  CORRESPONDENCE_CODES,
  EO_CERT_DOCUMENT_TYPE,
  PERSONAL_QUESTION_COUNT,
  REMIT_TYPES,
  W9_BUSINESS_TYPES,
  W9_CORPORATE_BUSINESS_TYPES,
  WIZARD_APPOINTMENT_TYPES,
  alwaysPresentDocument,
  cardYears,
  feesApply,
  hasRemitAssignment,
  isIndividualW9Type,
  isCvcMask,
  isEmailAddress,
  isMasked,
  isRepresentativeType,
  requiresStates,
  showsBusinessBlock,
  showsCommissionSchedule,
  showsCreditCard,
  showsFaxField,
  showsRepresentativeAgreement,
  showsStateFeeQuestion,
  showsW9,
  type AddressForm,
  type AgreementsForm,
  type CardInfoForm,
  type CommissionsForm,
  type DataSectionId,
  type DocsForm,
  type FeesForm,
  type InvitationFlavour,
  type PersonalForm,
  type StoredSensitive,
  type ValidationContext,
} from "./model";

// ---------------------------------------------------------------- messages

/** The messages the spec gives (§5, §8), by rule. Generic ones are built by the helpers below. */
export const MESSAGES = {
  birthDateRange: "Birth Date is out of range",
  ssnEqualsTaxId: "SSN and Tax Id should not be same",
  remitTypeRequired: "Selecting a Remittance type is Required",
  accountNumberMax: "Account Number 17 chars max",
  accountNumberMin: "Account Number 6 chars minimum",
  accountNumberInvalid: "Account Number is Invalid",
  routingNumberDigits: "Routing Number must be 9 digits",
  routingNumberInvalid: "Routing Number is invalid",
  accountTypeRequired: "Bank Account Type is required",
  remitSsnTaxId: "SSN or Tax ID must be exactly 9 digits",
  stateFeeQuestion: "State Fee Question is Required",
  stateFeeChoice: "At least one State Fee needs to be selected",
  statesRequired: "At least one State needs to be added",
  stateDuplicate: "Your selected state has already been added to the list.",
  allQuestions: "All questions must be answered",
  answerRequired: "Answers Required",
  eoCertificate: "Missing E&O Certificate",
  qnaSignature: "Q&A Signature Required",
  w9Signature: "W-9 Signature Required",
  comSchedSignature: "Commission Sched Signature Required",
  comSchedDate: "Commission Sign Date is Required",
  comSchedDateInvalid: "Commission Sign Date is not a valid date",
  comSchedAgent: "Commission Agent Name is Required",
  feesSignature: "Fees Signature Required",
  policyCheckbox: "Policy Agreement checkbox Required",
  agentCheckbox: "Agent Agreement checkbox Required",
  repCheckbox: "Representative Agreement checkbox Required",
  amlCheckbox: "AML Agreement checkbox Required",
  agreeName: "Your Name is Required",
  agreeNameSummary: "AML: Your Name Required",
  agreeSignature: "Agreement Signature Required",
  signatureLength: "Signature must be at most 200 characters",
  w9IndividualType: "Individual's Appointment Type requires \"Individual or Sole-Proprietorship\"'s Type Of Business value",
  w9CorporateType:
    "Corporation's Appointment Type requires a corporate Type Of Business value (C Corporation, S Corporation, Limited Liability Company or Other)",
  wizardYesNo: "Please choose Yes or No",
  wizardType: "Please choose one of the appointment types before continuing.",
  uploadNone: "You must select 1 file to upload.",
  uploadTooMany: "You must select only 1 file to upload.",
  uploadInvalid: "Invalid File",
  uploadDocumentType: "Please choose a document type",
  correspondence: "Please choose where to send correspondence",
  cardExpired: "The card has expired",
} as const;

export const required = (label: string) => `${label} is required`;
export const lengthBetween = (label: string, min: number, max: number) =>
  min <= 1 ? `${label} must be at most ${max} characters` : `${label} must be ${min} to ${max} characters`;
export const digitsExactly = (label: string, n: number) => `${label} must be ${n} digits`;
export const numeric = (label: string) => `${label} must be numeric`;

/** Field limits, for maxLength / pattern attributes in the forms. */
export const LIMITS = {
  name: { min: 2, max: 50 },
  middleName: { max: 50 },
  businessName: { min: 1, max: 40 },
  licence: { min: 1, max: 25 },
  address: { min: 2, max: 100 },
  zip: { min: 5, max: 10 },
  remitZip: { min: 5, max: 15 },
  bankText: { min: 2, max: 100 },
  accountNumber: { min: 6, max: 17 },
  w9Text: { min: 2, max: 100 },
  card: { min: 13, max: 19 },
  cardText: { min: 2, max: 150 },
  signature: { min: 1, max: 200 },
  qnaComment: { max: 1000 },
  email: { max: 254 },
} as const;

// ---------------------------------------------------------------- issue plumbing

type Path = Array<string | number>;

/**
 * Extra data on an issue, read by completion.ts: `summary` replaces the
 * message in the deficiency list; `listed: false` keeps an issue out of the
 * list (it still counts); `checks` is how many failed checks it stands for
 * (default 1); `missing` marks a "something is not there yet" issue on a
 * path that holds a value (a draft does not report it).
 */
export type IssueParams = { summary?: string; listed?: boolean; checks?: number; missing?: boolean };

type Add = (path: Path, message: string, params?: IssueParams) => void;

function adder(zctx: z.RefinementCtx, draftOf?: unknown): Add {
  return (path, message, params) => {
    // A draft (save) reports only what is wrong with values that are there.
    if (draftOf !== undefined && (params?.missing || isEmptyAt(draftOf, path))) return;
    zctx.addIssue({ code: "custom", path, message, ...(params ? { params } : {}) });
  };
}

/** Nothing at the path: absent, blank, false, or an empty list. */
function isEmptyAt(root: unknown, path: Path): boolean {
  let v: unknown = root;
  for (const key of path) {
    if (v === null || typeof v !== "object") return true;
    v = (v as Record<string | number, unknown>)[key];
  }
  return v === undefined || v === null || v === false || (typeof v === "string" && v.trim() === "") || (Array.isArray(v) && v.length === 0);
}

const draft = (ctx: ValidationContext, v: unknown) => (ctx.mode === "draft" ? v : undefined);

const str = () => z.string().optional();
const bool = () => z.boolean().optional();

const present = (v: string | undefined): v is string => v !== undefined && v.trim() !== "";
const trimOrUndef = (v: string | undefined) => (v === undefined ? undefined : v.trim() === "" ? undefined : v.trim());

/** A text field's label and length limits: the shape caps it (maxLength reaches the input), the rule checks the rest. */
type TextSpec = { label: string; min: number; max: number };
const spec = (label: string, min: number, max: number): TextSpec => ({ label, min, max });
/**
 * A string of at most `max` characters with the rule's own message. zod 4.6 no longer records the
 * maximum where conform's getZodConstraint reads it (`_zod.bag.maximum`), so it is set here: the
 * limit then reaches the input as maxLength.
 */
function maxString(max: number, message: string) {
  const s = z.string().max(max, message);
  s._zod.bag.maximum = max;
  return s.optional();
}
/** The shape of a text field: at most `max` characters, with the rule's own message. */
const capped = (t: TextSpec) => maxString(t.max, lengthBetween(t.label, t.min, t.max));
/** The shape of a typed signature: at most 200 characters. */
const signed = () => maxString(LIMITS.signature.max, MESSAGES.signatureLength);

/** The text fields of the sections (spec §5 limits). */
const T = {
  firstName: spec("First Name", 2, 50),
  middleName: spec("Middle Name", 1, 50),
  lastName: spec("Last Name", 2, 50),
  driverLicenseNumber: spec("Driver License Number", 1, 25),
  nationalProducerNumber: spec("NPN", 1, 25),
  residentStateInsuranceLicenseNumber: spec("License Number", 1, 25),
  businessName: spec("Business Name", 1, 40),
  qnaComment: spec("Comment", 1, LIMITS.qnaComment.max),
  w9Name: spec("Name (on W-9)", 2, 100),
  w9BusinessName: spec("Business Name (on W-9)", 2, 100),
  w9Other: spec("Other Type Of Business", 2, 100),
  bankName: spec("Bank Name", 2, 100),
  accountName: spec("Account Name", 2, 100),
  agentAgencyName: spec("Agent/Agency Name", 2, 100),
  assignAddress1: spec("Assignee Address", 2, 100),
  assignAddress2: spec("Assignee Address Line 2", 1, 100),
  assignCity: spec("Assignee City", 2, 100),
  assignZip: spec("Assignee Zip", 5, 15),
  nameonCard: spec("Name on Card", 2, 150),
  billingAddress: spec("Billing Address", 2, 150),
  billingCity: spec("Billing City", 2, 150),
  billingState: spec("Billing State", 2, 150),
  billingZip: spec("Billing Zip", 2, 150),
} as const;
const addressSpecs = (labelPrefix: string) => ({
  address1: spec(`${labelPrefix} Address`, 2, 100),
  address2: spec(`${labelPrefix} Address Line 2`, 1, 100),
  city: spec(`${labelPrefix} City`, 2, 100),
});

/** Text rule: required (when asked) and at least `min` characters (the shape caps the maximum). */
function text(add: Add, path: Path, value: string | undefined, t: TextSpec, o: { required?: boolean; requiredMessage?: string } = {}) {
  if (!present(value)) {
    if (o.required) add(path, o.requiredMessage ?? required(t.label));
    return;
  }
  if (value.length < t.min) add(path, lengthBetween(t.label, t.min, t.max));
}

/** Exactly n digits (formatting already stripped); a mask passes when a value is stored. */
function digits(add: Add, path: Path, value: string | undefined, label: string, n: number, o: { required?: boolean; stored?: boolean; message?: string } = {}) {
  if (!present(value)) {
    if (o.required) add(path, required(label));
    return;
  }
  if (isMasked(value)) {
    if (!o.stored) add(path, o.message ?? digitsExactly(label, n));
    return;
  }
  if (!/^\d+$/.test(value)) add(path, o.message ?? numeric(label));
  else if (value.length !== n) add(path, o.message ?? digitsExactly(label, n));
}

function oneOf(add: Add, path: Path, value: string | undefined, allowed: readonly string[], message: string) {
  if (!present(value) || !allowed.includes(value)) add(path, message);
}

/** A typed signature is required (the shape caps its length). */
function signature(add: Add, path: Path, value: string | undefined, missing: string, params?: IssueParams) {
  if (!present(value)) add(path, missing, params);
}

function checkbox(add: Add, path: Path, value: string | undefined, missing: string) {
  if (value !== "Y") add(path, missing);
}

function address(add: Add, prefix: string, a: AddressForm | undefined, labelPrefix: string) {
  const v = a ?? {};
  const t = addressSpecs(labelPrefix);
  text(add, [prefix, "address1"], v.address1, t.address1, { required: true });
  text(add, [prefix, "address2"], v.address2, t.address2);
  text(add, [prefix, "city"], v.city, t.city, { required: true });
  if (!present(v.stateCode)) add([prefix, "stateCode"], required(`${labelPrefix} State`));
  else if (v.stateCode.length !== 2) add([prefix, "stateCode"], `${labelPrefix} State must be 2 letters`);
  if (!present(v.zipCode)) add([prefix, "zipCode"], required(`${labelPrefix} Zip Code`));
  else if (!/^\d{5,10}$/.test(v.zipCode)) add([prefix, "zipCode"], `${labelPrefix} Zip Code must be 5 to 10 digits`);
}

// ---------------------------------------------------------------- normalising

const addressShape = (labelPrefix: string) => {
  const t = addressSpecs(labelPrefix);
  return z.object({ address1: capped(t.address1), address2: capped(t.address2), city: capped(t.city), stateCode: str(), zipCode: str() });
};

function normAddress(a: AddressForm | undefined): AddressForm | undefined {
  if (!a) return a;
  return {
    address1: trimOrUndef(a.address1),
    address2: trimOrUndef(a.address2),
    city: trimOrUndef(a.city),
    stateCode: trimOrUndef(a.stateCode)?.toUpperCase(),
    zipCode: trimOrUndef(a.zipCode)?.replace(/[\s-]/g, ""),
  };
}

/** Raw input as an object (conform posts nothing for an empty form). */
const asObject = <T>(v: unknown): T => (typeof v === "object" && v !== null ? (v as T) : ({} as T));
/** A value conform may post as one string or as a list. */
const asList = (v: unknown): string[] | undefined =>
  v === undefined || v === null ? undefined : (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string");

const num = (v: string | undefined) => trimOrUndef(v === undefined ? undefined : digitsOrMask(v));
const phone = (v: string | undefined) => trimOrUndef(v === undefined ? undefined : stripFormatting(v));

// ---------------------------------------------------------------- personal

const personalShape = z.object({
  firstName: capped(T.firstName),
  middleName: capped(T.middleName),
  lastName: capped(T.lastName),
  ssn: str(),
  birthDate: str(),
  emailAddress: str(),
  driverLicenseNumber: capped(T.driverLicenseNumber),
  nationalProducerNumber: capped(T.nationalProducerNumber),
  residentStateInsuranceLicenseNumber: capped(T.residentStateInsuranceLicenseNumber),
  residentStateCode: str(),
  cellNumber: str(),
  phoneNumber: str(),
  faxNumber: str(),
  businessName: capped(T.businessName),
  businessPhone: str(),
  businessCellNumber: str(),
  businessFaxNumber: str(),
  businessTaxID: str(),
  home: addressShape("Home").optional(),
  business: addressShape("Business").optional(),
  sameAsMailing: bool(),
  sendCorrespondenceToCode: str(),
  answers: z.array(z.object({ questionId: str(), answer: str() })).optional(),
  qnaComment: capped(T.qnaComment),
  apptIRSInfo: z
    .object({ name: capped(T.w9Name), businessName: capped(T.w9BusinessName), businessTypeCode: str(), businessTypeOther: capped(T.w9Other), employerIdNumber: str() })
    .optional(),
  signatures: z.object({ SIGTYP_QNA: signed(), SIGTYP_W9_CERT: signed() }).optional(),
});

export function normalizePersonal(p: PersonalForm): PersonalForm {
  const irs = p.apptIRSInfo;
  return {
    ...p,
    firstName: trimOrUndef(p.firstName),
    middleName: trimOrUndef(p.middleName),
    lastName: trimOrUndef(p.lastName),
    ssn: num(p.ssn),
    birthDate: trimOrUndef(p.birthDate),
    emailAddress: p.emailAddress === undefined ? undefined : trimOrUndef(normalizeEmail(p.emailAddress)),
    driverLicenseNumber: trimOrUndef(p.driverLicenseNumber),
    nationalProducerNumber: trimOrUndef(p.nationalProducerNumber),
    residentStateInsuranceLicenseNumber: trimOrUndef(p.residentStateInsuranceLicenseNumber),
    residentStateCode: trimOrUndef(p.residentStateCode)?.toUpperCase(),
    cellNumber: phone(p.cellNumber),
    phoneNumber: phone(p.phoneNumber),
    faxNumber: phone(p.faxNumber),
    businessName: trimOrUndef(p.businessName),
    businessPhone: phone(p.businessPhone),
    businessCellNumber: phone(p.businessCellNumber),
    businessFaxNumber: phone(p.businessFaxNumber),
    businessTaxID: num(p.businessTaxID),
    home: normAddress(p.home),
    business: normAddress(p.business),
    sendCorrespondenceToCode: trimOrUndef(p.sendCorrespondenceToCode),
    answers: (Array.isArray(p.answers) ? p.answers : undefined)?.map((a) => ({ questionId: trimOrUndef(a?.questionId), answer: trimOrUndef(a?.answer) })),
    qnaComment: trimOrUndef(p.qnaComment),
    apptIRSInfo: irs && {
      name: trimOrUndef(irs.name),
      businessName: trimOrUndef(irs.businessName),
      businessTypeCode: trimOrUndef(irs.businessTypeCode),
      businessTypeOther: trimOrUndef(irs.businessTypeOther),
      employerIdNumber: num(irs.employerIdNumber),
    },
    signatures: p.signatures && { SIGTYP_QNA: trimOrUndef(p.signatures.SIGTYP_QNA), SIGTYP_W9_CERT: trimOrUndef(p.signatures.SIGTYP_W9_CERT) },
  };
}

export function personalRules(p: PersonalForm, ctx: ValidationContext, add: Add): void {
  const type = ctx.appointmentTypeCode;
  text(add, ["firstName"], p.firstName, T.firstName, { required: true });
  text(add, ["middleName"], p.middleName, T.middleName);
  text(add, ["lastName"], p.lastName, T.lastName, { required: true });
  digits(add, ["ssn"], p.ssn, "SSN", 9, { required: true, stored: ctx.stored.ssn });
  if (!present(p.birthDate)) add(["birthDate"], required("Birth Date"));
  else if (!isBeforeNow(p.birthDate, ctx.now)) add(["birthDate"], MESSAGES.birthDateRange);
  if (!present(p.emailAddress)) add(["emailAddress"], required("Email Address"));
  else if (!isEmailAddress(p.emailAddress)) add(["emailAddress"], "Email Address is invalid");
  text(add, ["driverLicenseNumber"], p.driverLicenseNumber, T.driverLicenseNumber);
  text(add, ["nationalProducerNumber"], p.nationalProducerNumber, T.nationalProducerNumber, { required: true });
  text(add, ["residentStateInsuranceLicenseNumber"], p.residentStateInsuranceLicenseNumber, T.residentStateInsuranceLicenseNumber, { required: true });
  if (present(p.residentStateCode) && !/^[A-Z]{2}$/.test(p.residentStateCode)) add(["residentStateCode"], "Resident State must be 2 letters");
  digits(add, ["phoneNumber"], p.phoneNumber, "Phone Number", 10, { required: true });
  digits(add, ["cellNumber"], p.cellNumber, "Cell Number", 10);
  if (showsFaxField(ctx)) digits(add, ["faxNumber"], p.faxNumber, "Fax Number", 10);
  oneOf(add, ["sendCorrespondenceToCode"], p.sendCorrespondenceToCode, CORRESPONDENCE_CODES, MESSAGES.correspondence);

  address(add, "home", p.home, "Home");

  if (showsBusinessBlock(ctx)) {
    text(add, ["businessName"], p.businessName, T.businessName, { required: true });
    digits(add, ["businessPhone"], p.businessPhone, "Business Phone", 10, { required: true });
    digits(add, ["businessTaxID"], p.businessTaxID, "Business Tax Id", 9, { required: true, stored: ctx.stored.businessTaxID });
    digits(add, ["businessCellNumber"], p.businessCellNumber, "Business Cell Number", 10);
    digits(add, ["businessFaxNumber"], p.businessFaxNumber, "Business Fax Number", 10);
    address(add, "business", p.business, "Business");
  } else if (isRepresentativeType(type)) {
    digits(add, ["businessPhone"], p.businessPhone, "Business Phone", 10);
  }
  // Both values typed in full (not masks) and equal.
  if (present(p.ssn) && present(p.businessTaxID) && !isMasked(p.ssn) && !isMasked(p.businessTaxID) && p.ssn === p.businessTaxID && showsBusinessBlock(ctx)) {
    add(["businessTaxID"], MESSAGES.ssnEqualsTaxId);
  }

  // Questions and answers.
  const answers = p.answers ?? [];
  let unanswered = 0;
  answers.forEach((a, i) => {
    if (a?.answer !== "Y" && a?.answer !== "N") {
      unanswered++;
      add(["answers", i, "answer"], MESSAGES.answerRequired, { listed: false });
    }
  });
  const answered = new Set(answers.filter((a) => a?.answer === "Y" || a?.answer === "N").map((a) => a?.questionId));
  const posted = new Set(answers.map((a) => a?.questionId));
  const missingEntries = ctx.personalQuestionIds
    ? ctx.personalQuestionIds.filter((id) => !posted.has(id)).length
    : Math.max(0, PERSONAL_QUESTION_COUNT - answers.length);
  const allAnswered = ctx.personalQuestionIds ? ctx.personalQuestionIds.every((id) => answered.has(id)) : answered.size >= PERSONAL_QUESTION_COUNT && unanswered === 0;
  if (!allAnswered || unanswered > 0) add(["answers"], MESSAGES.allQuestions, { checks: missingEntries, missing: true });
  text(add, ["qnaComment"], p.qnaComment, T.qnaComment);
  signature(add, ["signatures", "SIGTYP_QNA"], p.signatures?.SIGTYP_QNA, MESSAGES.qnaSignature);

  // W-9.
  if (showsW9(ctx)) {
    const irs = p.apptIRSInfo ?? {};
    text(add, ["apptIRSInfo", "name"], irs.name, T.w9Name, { required: true });
    const needsBusinessName = type === "APPTTYP_CORP" || type === "APPTTYP_VB_CORP" || type === "APPTTYP_BOTH" || type === "APPTTYP_REP";
    text(add, ["apptIRSInfo", "businessName"], irs.businessName, T.w9BusinessName, { required: needsBusinessName });
    const bt = irs.businessTypeCode;
    if (!present(bt) || !(W9_BUSINESS_TYPES as readonly string[]).includes(bt)) add(["apptIRSInfo", "businessTypeCode"], required("Type Of Business"));
    else if (isIndividualW9Type(type) && bt !== "W9BIZ_TYP_IND") add(["apptIRSInfo", "businessTypeCode"], MESSAGES.w9IndividualType);
    else if ((type === "APPTTYP_CORP" || type === "APPTTYP_VB_CORP") && !(W9_CORPORATE_BUSINESS_TYPES as readonly string[]).includes(bt))
      add(["apptIRSInfo", "businessTypeCode"], MESSAGES.w9CorporateType);
    text(add, ["apptIRSInfo", "businessTypeOther"], irs.businessTypeOther, T.w9Other, {
      required: bt === "W9BIZ_TYP_OTHER",
      requiredMessage: "Please describe the Other Type Of Business",
    });
    digits(add, ["apptIRSInfo", "employerIdNumber"], irs.employerIdNumber, "Employer ID Number", 9, { stored: ctx.stored.employerIdNumber });
    signature(add, ["signatures", "SIGTYP_W9_CERT"], p.signatures?.SIGTYP_W9_CERT, MESSAGES.w9Signature);
  }
}

// ---------------------------------------------------------------- commissions

const commissionsShape = z.object({
  commissionRemitTypeCode: str(),
  bankInfo: z.object({ bankName: capped(T.bankName), accountNumber: str(), routingNumber: str(), accountName: capped(T.accountName), accountTypeCode: str() }).optional(),
  commissionRemitAssign: z
    .object({
      agentAgencyName: capped(T.agentAgencyName),
      ssnTaxID: str(),
      address1: capped(T.assignAddress1),
      address2: capped(T.assignAddress2),
      city: capped(T.assignCity),
      stateCode: str(),
      zip: capped(T.assignZip),
    })
    .optional(),
  signatures: z.object({ SIGTYP_COMSCHED_DT: signed(), SIGTYP_COMSCHED_AGT: signed(), SIGTYP_COMSCHED: signed() }).optional(),
});

export function normalizeCommissions(c: CommissionsForm): CommissionsForm {
  const b = c.bankInfo;
  const r = c.commissionRemitAssign;
  const s = c.signatures;
  return {
    commissionRemitTypeCode: trimOrUndef(c.commissionRemitTypeCode),
    bankInfo: b && {
      bankName: trimOrUndef(b.bankName),
      accountNumber: num(b.accountNumber),
      routingNumber: num(b.routingNumber),
      accountName: trimOrUndef(b.accountName),
      accountTypeCode: trimOrUndef(b.accountTypeCode),
    },
    commissionRemitAssign: r && {
      agentAgencyName: trimOrUndef(r.agentAgencyName),
      ssnTaxID: num(r.ssnTaxID),
      address1: trimOrUndef(r.address1),
      address2: trimOrUndef(r.address2),
      city: trimOrUndef(r.city),
      stateCode: trimOrUndef(r.stateCode)?.toUpperCase(),
      zip: trimOrUndef(r.zip),
    },
    signatures: s && {
      SIGTYP_COMSCHED_DT: trimOrUndef(s.SIGTYP_COMSCHED_DT),
      SIGTYP_COMSCHED_AGT: trimOrUndef(s.SIGTYP_COMSCHED_AGT),
      SIGTYP_COMSCHED: trimOrUndef(s.SIGTYP_COMSCHED),
    },
  };
}

/** "Commission sign date must parse as a date": YYYY-MM-DD, or another form Date understands. */
function parsesAsDate(v: string): boolean {
  return parseIsoDate(v) !== null || (!/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)));
}

export function commissionsRules(c: CommissionsForm, ctx: ValidationContext, add: Add): void {
  const type = ctx.appointmentTypeCode;
  if (showsCommissionSchedule(ctx)) {
    const s = c.signatures ?? {};
    if (!present(s.SIGTYP_COMSCHED_DT)) add(["signatures", "SIGTYP_COMSCHED_DT"], MESSAGES.comSchedDate);
    else if (!parsesAsDate(s.SIGTYP_COMSCHED_DT)) add(["signatures", "SIGTYP_COMSCHED_DT"], MESSAGES.comSchedDateInvalid);
    signature(add, ["signatures", "SIGTYP_COMSCHED_AGT"], s.SIGTYP_COMSCHED_AGT, MESSAGES.comSchedAgent);
    signature(add, ["signatures", "SIGTYP_COMSCHED"], s.SIGTYP_COMSCHED, MESSAGES.comSchedSignature);
  }
  const remit = c.commissionRemitTypeCode;
  if (present(remit) ? !(REMIT_TYPES as readonly string[]).includes(remit) : !isRepresentativeType(type)) {
    add(["commissionRemitTypeCode"], MESSAGES.remitTypeRequired);
  }
  if (remit === "COMRMT_TYP_DIRECT") {
    const b = c.bankInfo ?? {};
    text(add, ["bankInfo", "bankName"], b.bankName, T.bankName, { required: true });
    const acct = b.accountNumber;
    if (!present(acct)) add(["bankInfo", "accountNumber"], required("Account Number"));
    else if (isMasked(acct)) {
      if (!ctx.stored.accountNumber) add(["bankInfo", "accountNumber"], MESSAGES.accountNumberInvalid);
    } else if (!/^\d+$/.test(acct)) add(["bankInfo", "accountNumber"], MESSAGES.accountNumberInvalid);
    else if (acct.length < 6) add(["bankInfo", "accountNumber"], MESSAGES.accountNumberMin);
    else if (acct.length > 17) add(["bankInfo", "accountNumber"], MESSAGES.accountNumberMax);
    const rt = b.routingNumber;
    if (!present(rt)) add(["bankInfo", "routingNumber"], required("Routing Number"));
    else if (isMasked(rt)) {
      if (!ctx.stored.routingNumber) add(["bankInfo", "routingNumber"], MESSAGES.routingNumberDigits);
    } else if (!/^\d{9}$/.test(rt)) add(["bankInfo", "routingNumber"], MESSAGES.routingNumberDigits);
    else if (!routingNumberValid(rt)) add(["bankInfo", "routingNumber"], MESSAGES.routingNumberInvalid);
    text(add, ["bankInfo", "accountName"], b.accountName, T.accountName, { required: true });
    oneOf(add, ["bankInfo", "accountTypeCode"], b.accountTypeCode, ACCOUNT_TYPES, MESSAGES.accountTypeRequired);
  }
  const r = c.commissionRemitAssign ?? {};
  const anyAssign = [r.agentAgencyName, r.ssnTaxID, r.address1, r.address2, r.city, r.stateCode, r.zip].some(present);
  if (remit === "COMRMT_TYP_ASGN" || (hasRemitAssignment(type) && anyAssign)) {
    text(add, ["commissionRemitAssign", "agentAgencyName"], r.agentAgencyName, T.agentAgencyName, { required: true });
    digits(add, ["commissionRemitAssign", "ssnTaxID"], r.ssnTaxID, "SSN or Tax ID", 9, {
      required: true,
      stored: ctx.stored.ssnTaxID,
      message: MESSAGES.remitSsnTaxId,
    });
    text(add, ["commissionRemitAssign", "address1"], r.address1, T.assignAddress1, { required: true });
    text(add, ["commissionRemitAssign", "address2"], r.address2, T.assignAddress2);
    text(add, ["commissionRemitAssign", "city"], r.city, T.assignCity, { required: true });
    if (!present(r.stateCode)) add(["commissionRemitAssign", "stateCode"], required("Assignee State"));
    else if (r.stateCode.length !== 2) add(["commissionRemitAssign", "stateCode"], "Assignee State must be 2 letters");
    text(add, ["commissionRemitAssign", "zip"], r.zip, T.assignZip, { required: true });
  }
}

// ---------------------------------------------------------------- fees

const feesShape = z.object({
  states: z.array(z.string()).optional(),
  stateFeeAnswer: str(),
  isPA: bool(),
  isMT: bool(),
  ccInfo: z
    .object({
      creditCardTypeCode: str(),
      cardNumber: str(),
      expirationMonth: str(),
      expirationYear: str(),
      cvcNumber: str(),
      nameonCard: capped(T.nameonCard),
      billingAddress: capped(T.billingAddress),
      city: capped(T.billingCity),
      stateCode: capped(T.billingState),
      zip: capped(T.billingZip),
    })
    .optional(),
  signatures: z.object({ SIGTYP_ST_FEES: signed() }).optional(),
});

export function normalizeFees(f: FeesForm): FeesForm {
  const c: CardInfoForm | undefined = f.ccInfo;
  const answer = trimOrUndef(f.stateFeeAnswer);
  return {
    states: asList(f.states)?.map((s) => s.trim().toUpperCase()).filter(Boolean),
    stateFeeAnswer: answer,
    // Answering No clears the PA and MT selections (spec §4).
    isPA: answer === "N" ? false : f.isPA,
    isMT: answer === "N" ? false : f.isMT,
    ccInfo: c && {
      creditCardTypeCode: trimOrUndef(c.creditCardTypeCode),
      cardNumber: num(c.cardNumber),
      expirationMonth: trimOrUndef(c.expirationMonth),
      expirationYear: trimOrUndef(c.expirationYear),
      cvcNumber: isCvcMask(c.cvcNumber) ? c.cvcNumber!.trim() : num(c.cvcNumber),
      nameonCard: trimOrUndef(c.nameonCard),
      billingAddress: trimOrUndef(c.billingAddress),
      city: trimOrUndef(c.city),
      stateCode: trimOrUndef(c.stateCode),
      zip: trimOrUndef(c.zip),
    },
    signatures: f.signatures && { SIGTYP_ST_FEES: trimOrUndef(f.signatures.SIGTYP_ST_FEES) },
  };
}

export function feesRules(f: FeesForm, ctx: ValidationContext, add: Add): void {
  if (!feesApply(ctx)) return;
  const states = f.states ?? [];
  if (requiresStates(ctx) && states.length === 0) add(["states"], MESSAGES.statesRequired);
  if (new Set(states).size !== states.length) add(["states"], MESSAGES.stateDuplicate);
  if (showsStateFeeQuestion(ctx)) {
    if (f.stateFeeAnswer !== "Y" && f.stateFeeAnswer !== "N") add(["stateFeeAnswer"], MESSAGES.stateFeeQuestion);
    else if (f.stateFeeAnswer === "Y" && !f.isPA && !f.isMT) add(["isPA"], MESSAGES.stateFeeChoice);
  }
  if (showsCreditCard(ctx)) cardRules(f.ccInfo ?? {}, ctx, add);
  signature(add, ["signatures", "SIGTYP_ST_FEES"], f.signatures?.SIGTYP_ST_FEES, MESSAGES.feesSignature);
}

function cardRules(c: CardInfoForm, ctx: ValidationContext, add: Add) {
  const p = (k: keyof CardInfoForm): Path => ["ccInfo", k];
  oneOf(add, p("creditCardTypeCode"), c.creditCardTypeCode, CARD_TYPES, required("Card Type"));
  const n = c.cardNumber;
  if (!present(n)) add(p("cardNumber"), required("Card Number"));
  else if (isMasked(n) ? !ctx.stored.cardNumber : !/^\d{13,19}$/.test(n)) add(p("cardNumber"), "Card Number must be 13 to 19 digits");
  const month = present(c.expirationMonth) && /^\d{1,2}$/.test(c.expirationMonth) ? Number(c.expirationMonth) : NaN;
  const years = cardYears(ctx.now);
  const year = present(c.expirationYear) && /^\d{4}$/.test(c.expirationYear) ? Number(c.expirationYear) : NaN;
  if (!present(c.expirationMonth)) add(p("expirationMonth"), required("Expiration Month"));
  else if (!(month >= 1 && month <= 12)) add(p("expirationMonth"), "Expiration Month must be 1 to 12");
  if (!present(c.expirationYear)) add(p("expirationYear"), required("Expiration Year"));
  else if (!years.includes(year)) add(p("expirationYear"), `Expiration Year must be ${years[0]} to ${years[years.length - 1]}`);
  else if (month >= 1 && month <= 12 && year === ctx.now.getFullYear() && month < ctx.now.getMonth() + 1) add(p("expirationMonth"), MESSAGES.cardExpired);
  const cvc = c.cvcNumber;
  if (!present(cvc)) add(p("cvcNumber"), required("CVC"));
  else if (isCvcMask(cvc) ? !ctx.stored.cvcNumber : !/^\d{3,4}$/.test(cvc)) add(p("cvcNumber"), "CVC must be 3 or 4 digits");
  text(add, p("nameonCard"), c.nameonCard, T.nameonCard, { required: true });
  text(add, p("billingAddress"), c.billingAddress, T.billingAddress, { required: true });
  text(add, p("city"), c.city, T.billingCity, { required: true });
  text(add, p("stateCode"), c.stateCode, T.billingState, { required: true });
  text(add, p("zip"), c.zip, T.billingZip, { required: true });
}

// ---------------------------------------------------------------- agreements

const agreementsShape = z.object({
  signatures: z
    .object({
      SIGTYP_POLICY_AGREE: str(),
      SIGTYP_AGENT_AGREE: str(),
      SIGTYP_ACKREP: str(),
      SIGTYP_AML: str(),
      SIGTYP_AGREENAME: signed(),
      SIGTYP_AGREESIG: signed(),
    })
    .optional(),
});

export function normalizeAgreements(a: AgreementsForm): AgreementsForm {
  const s = a.signatures;
  if (!s) return { signatures: undefined };
  const yn = (v: string | undefined) => (trimOrUndef(v) === "Y" ? "Y" : "N");
  return {
    signatures: {
      SIGTYP_POLICY_AGREE: yn(s.SIGTYP_POLICY_AGREE),
      SIGTYP_AGENT_AGREE: yn(s.SIGTYP_AGENT_AGREE),
      SIGTYP_ACKREP: yn(s.SIGTYP_ACKREP),
      SIGTYP_AML: yn(s.SIGTYP_AML),
      SIGTYP_AGREENAME: trimOrUndef(s.SIGTYP_AGREENAME),
      SIGTYP_AGREESIG: trimOrUndef(s.SIGTYP_AGREESIG),
    },
  };
}

export function agreementsRules(a: AgreementsForm, ctx: ValidationContext, add: Add): void {
  const s = a.signatures ?? {};
  checkbox(add, ["signatures", "SIGTYP_POLICY_AGREE"], s.SIGTYP_POLICY_AGREE, MESSAGES.policyCheckbox);
  checkbox(add, ["signatures", "SIGTYP_AGENT_AGREE"], s.SIGTYP_AGENT_AGREE, MESSAGES.agentCheckbox);
  if (showsRepresentativeAgreement(ctx)) checkbox(add, ["signatures", "SIGTYP_ACKREP"], s.SIGTYP_ACKREP, MESSAGES.repCheckbox);
  checkbox(add, ["signatures", "SIGTYP_AML"], s.SIGTYP_AML, MESSAGES.amlCheckbox);
  signature(add, ["signatures", "SIGTYP_AGREENAME"], s.SIGTYP_AGREENAME, MESSAGES.agreeName, { summary: MESSAGES.agreeNameSummary });
  signature(add, ["signatures", "SIGTYP_AGREESIG"], s.SIGTYP_AGREESIG, MESSAGES.agreeSignature);
}

// ---------------------------------------------------------------- documents

const documentsShape = z.object({ willFax: bool(), extraWritingNumRequested: bool() });

/** The E&O certificate's error is keyed by its document type code (the upload row's anchor). */
export const EO_CERT_FIELD = EO_CERT_DOCUMENT_TYPE;

export function documentsRules(d: DocsForm, ctx: ValidationContext, add: Add): void {
  const willFax = d.willFax ?? ctx.willFax;
  const eo = ctx.hasUploaded[EO_CERT_DOCUMENT_TYPE] || alwaysPresentDocument(EO_CERT_DOCUMENT_TYPE, ctx.appointmentTypeCode);
  if (!willFax && !eo) add([EO_CERT_FIELD], MESSAGES.eoCertificate);
}

// ---------------------------------------------------------------- section schemas

export function personalSchema(ctx: ValidationContext) {
  return z.preprocess((v) => normalizePersonal(asObject(v)), personalShape).superRefine((v, zctx) => personalRules(v, ctx, adder(zctx, draft(ctx, v))));
}
export function commissionsSchema(ctx: ValidationContext) {
  return z.preprocess((v) => normalizeCommissions(asObject(v)), commissionsShape).superRefine((v, zctx) => commissionsRules(v, ctx, adder(zctx, draft(ctx, v))));
}
export function feesSchema(ctx: ValidationContext) {
  return z.preprocess((v) => normalizeFees(asObject(v)), feesShape).superRefine((v, zctx) => feesRules(v, ctx, adder(zctx, draft(ctx, v))));
}
export function agreementsSchema(ctx: ValidationContext) {
  return z.preprocess((v) => normalizeAgreements(asObject(v)), agreementsShape).superRefine((v, zctx) => agreementsRules(v, ctx, adder(zctx, draft(ctx, v))));
}
export function documentsSchema(ctx: ValidationContext) {
  return documentsShape.superRefine((v, zctx) => documentsRules(v, ctx, adder(zctx, draft(ctx, v))));
}

// ---------------------------------------------------------------- wizard

/** Wizard step 2: does the invitation look good? (radio `looksGood`, Y or N) */
export const wizardStep2Schema = z.object({
  looksGood: z.enum(["Y", "N"], { error: MESSAGES.wizardYesNo }),
});

/** Wizard step 3: the appointment type (radio `appointmentTypeCode`), any type a wizard offers. */
export const wizardStep3Schema = z.object({
  appointmentTypeCode: z.enum(APPOINTMENT_TYPE_CODES, { error: MESSAGES.wizardType }),
});

/** Wizard step 3 restricted to the choices offered for an invitation flavour. */
export function wizardStep3SchemaFor(flavour: InvitationFlavour) {
  const codes = WIZARD_APPOINTMENT_TYPES[flavour].map((t) => t.code as string);
  return z.object({
    appointmentTypeCode: z
      .string({ error: MESSAGES.wizardType })
      .refine((v) => codes.includes(v), { error: MESSAGES.wizardType }),
  });
}

// ---------------------------------------------------------------- helpers for callers

/** Re-exported for convenience. */
export type { StoredSensitive, ValidationContext };

/** The schema of a data section (what one section form posts). */
export function sectionSchema(section: DataSectionId, ctx: ValidationContext) {
  switch (section) {
    case "PERSONAL":
      return personalSchema(ctx);
    case "COMMS":
      return commissionsSchema(ctx);
    case "FEES":
      return feesSchema(ctx);
    case "AGREEMENTS":
      return agreementsSchema(ctx);
    case "DOCS":
      return documentsSchema(ctx);
  }
}
