// The application's messages, one catalogue imported by the rules
// (rules/*.ts), the server modules and the UI: the validation messages and
// field limits of spec part 2 §5 (MESSAGES, LIMITS), then the screen's dialogs
// and server messages (§8).


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

export const SAVE_SUCCESS = {
  title: "Successfully Saved!",
  message: "Your application changes have been saved but NOT submitted for approval.",
} as const;
export const SUBMIT_SUCCESS = {
  title: "Successfully Submitted for Approval!",
  message: "Your application has been received and submitted for approval.",
} as const;
/** What the confirmation page and the receipt email say after SUBMIT (decision 0099). */
export const RECEIPT = {
  reviewer: "The portal's administrators, who appoint agents for the carrier, check every section and the documents.",
  usually: (days: number) => `Usually ${days} ${days === 1 ? "working day" : "working days"}.`,
  next: "An email when it is decided: approved (with your agent number), returned for correction (with what to fix) or rejected (with the reason).",
} as const;
export const SAVE_FAILED = { title: "The Save Failed", message: "Oops! The Save has failed due to some System Error" } as const;
/** Beside the check page's CVC input: the code is asked with the submit and never kept (decisions 0087, 0099). */
export const CVC_HINT = "Asked when you submit, checked, never kept: type it each time you submit.";
/** In the card section: where the CVC is asked instead (decision 0099). */
export const CVC_ON_CHECK_PAGE = "The card's CVC is not asked here: type it when you submit, on the page where you check your answers. It is never kept.";
export const SUBMIT_FAILED = { title: "The Submit Failed", message: "Oops! The Submit has failed due to some System Error" } as const;
export const SUBMIT_INCOMPLETE = {
  title: "Your application is not complete",
  message: "Please correct the items in the list before submitting.",
} as const;
export const ALREADY_SUBMITTED = "This application was already submitted.";
/** Another save of the same application is still running (two tabs, many clicks): nothing was written. */
export const SAVE_BUSY = {
  title: "The Save Failed",
  message: "Your application is being saved from another window. Nothing was changed: please try again in a moment.",
} as const;

export const UNKNOWN_STATE = "Please choose a state from the list";
export const UNKNOWN_QUESTION = "Unknown question";
export const NOT_APPLICABLE = "This section does not apply to your application";
export const READ_ONLY_SAVE = "This application is read-only.";
/** The dialog title when the consent to sign electronically is refused. */
export const ESIGN_DIALOG_TITLE = "Electronic Signature";

/** The add-a-state row of States & Fees (with and without JavaScript). */
export const FEES_MESSAGES = {
  alreadyConfigured: { title: "Already Configured", message: "Your selected state has already been added to the list." },
  addWhat: { title: "Add What State", message: "Please make a selection from the State dropdown before clicking the check-mark." },
  addTheState: {
    title: "Add the State?",
    message: "You are still adding a state. Click the check-mark to add it, or cancel, before you save or submit.",
  },
} as const;
export type FeesDialog = keyof typeof FEES_MESSAGES;
