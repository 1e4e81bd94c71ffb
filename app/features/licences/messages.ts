// What the licences and credentials screens, the review screen, the notices and the compliance
// view say (issue 23, decision 0068). The spec is silent on all of it; the wording is ours.
import type { CredentialKind, ExpiryState, LineOfAuthority, Reason, RecordSource, Standing } from "./status";

/** US states, the District of Columbia and the territories that license producers (NIPR's codes). */
export const LICENCE_STATES: ReadonlyArray<readonly [code: string, name: string]> = [
  ["AL", "Alabama"], ["AK", "Alaska"], ["AS", "American Samoa"], ["AZ", "Arizona"], ["AR", "Arkansas"],
  ["CA", "California"], ["CO", "Colorado"], ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"],
  ["FL", "Florida"], ["GA", "Georgia"], ["GU", "Guam"], ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"],
  ["IN", "Indiana"], ["IA", "Iowa"], ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"], ["ME", "Maine"],
  ["MD", "Maryland"], ["MA", "Massachusetts"], ["MI", "Michigan"], ["MN", "Minnesota"], ["MS", "Mississippi"],
  ["MO", "Missouri"], ["MT", "Montana"], ["NE", "Nebraska"], ["NV", "Nevada"], ["NH", "New Hampshire"],
  ["NJ", "New Jersey"], ["NM", "New Mexico"], ["NY", "New York"], ["NC", "North Carolina"], ["ND", "North Dakota"],
  ["MP", "Northern Mariana Islands"], ["OH", "Ohio"], ["OK", "Oklahoma"], ["OR", "Oregon"], ["PA", "Pennsylvania"],
  ["PR", "Puerto Rico"], ["RI", "Rhode Island"], ["SC", "South Carolina"], ["SD", "South Dakota"], ["TN", "Tennessee"],
  ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"], ["VI", "U.S. Virgin Islands"], ["VA", "Virginia"],
  ["WA", "Washington"], ["WV", "West Virginia"], ["WI", "Wisconsin"], ["WY", "Wyoming"],
];
const STATE_NAME = new Map(LICENCE_STATES);
export const LICENCE_STATE_CODES = LICENCE_STATES.map(([c]) => c);
export const stateName = (code: string) => STATE_NAME.get(code) ?? code;

export const LINE_LABEL: Record<LineOfAuthority, string> = {
  LIFE: "Life",
  ACCIDENT_HEALTH: "Accident & Health",
  VARIABLE: "Variable Life & Annuity",
};

export const CREDENTIAL_LABEL: Record<CredentialKind, string> = {
  EO: "E&O coverage",
  AML: "AML training",
  PRODUCT_TRAINING: "Product training",
};

export const EXPIRY_LABEL: Record<ExpiryState, string> = {
  VALID: "Valid",
  EXPIRING_60: "Expires within 60 days",
  EXPIRING_30: "Expires within 30 days",
  EXPIRING_7: "Expires within 7 days",
  EXPIRED: "Expired",
};

export const STANDING_LABEL: Record<Standing, string> = {
  IN_GOOD_ORDER: "In good order",
  NOT_IN_GOOD_ORDER: "Not in good order",
  UNVERIFIED: "No license records",
};

export const SOURCE_LABEL: Record<RecordSource, string> = {
  AGENT: "Entered by the agent",
  ADMIN: "Entered by an administrator",
  IMPORT: "Imported",
  LOOKUP: "License lookup",
  APPLICATION: "From the application (to confirm)",
};

/** A credential's certificate, as the reasons name it. */
export const CERTIFICATE_LABEL: Record<CredentialKind, string> = {
  EO: "E&O certificate",
  AML: "AML certificate",
  PRODUCT_TRAINING: "Product training certificate",
};

/** A credential taken from the application has no known expiry yet. */
export const TO_CONFIRM = "To confirm";

/** One sentence per reason, for the review screen, the agent's page, the notices and the compliance view. */
export function reasonText(r: Reason): string {
  const st = r.stateCode ? stateName(r.stateCode) : "";
  const line = r.line ? LINE_LABEL[r.line] : "";
  switch (r.code) {
    case "NO_NPN":
      return "No National Producer Number (NPN) is on record.";
    case "LICENCE_MISSING":
      return line ? `No license for ${st} with the ${line} line of authority is on record.` : `No license for ${st} is on record.`;
    case "LICENCE_INACTIVE":
      return `The license for ${st} is inactive.`;
    case "LICENCE_NOT_YET_EFFECTIVE":
      return `The license for ${st} is not yet in effect.`;
    case "LICENCE_EXPIRED":
      return `The license for ${st} has expired.`;
    case "LINE_MISSING":
      return `The license for ${st} does not carry the ${line} line of authority.`;
    case "EO_MISSING":
      return "No E&O coverage is on record.";
    case "EO_EXPIRED":
      return "The E&O coverage has expired.";
    case "LICENCE_TO_CONFIRM":
      return `License for ${st} to confirm: given on the application, not yet confirmed.`;
    case "CREDENTIAL_TO_CONFIRM":
      return `${r.kind ? CERTIFICATE_LABEL[r.kind] : "Certificate"} to confirm: uploaded with the application, not yet confirmed.`;
  }
}

export const LICENCE_MESSAGES = {
  /** The approval's refusal, followed by the reasons (one per line). */
  approvalRefused: "This application cannot be approved: the applicant's licenses do not cover what it asks for.",
  /** An invitation to an agent who is not in good order. */
  inviteeNotInGoodOrder: "This agent is not in good order (licenses or E&O), so no new appointment link can be sent to them.",
  stateRequired: "State is required.",
  stateUnknown: "Choose a state from the list.",
  stateTaken: "A license for this state is already on record.",
  residentTaken: (state: string) => `A producer has one resident state: the resident license on record is ${stateName(state)}. Make that one non-resident first.`,
  numberTooLong: "License Number may be at most 25 characters.",
  classTooLong: "License class may be at most 60 characters.",
  lineRequired: "Choose at least one line of authority.",
  dateInvalid: "Enter a date as YYYY-MM-DD.",
  expiryBeforeEffective: "The expiry date must be after the effective date.",
  expiryRequired: "Expiry date is required.",
  completionRequired: "Completion date is required.",
  validMonthsRange: "Validity must be 1 to 120 months.",
  providerTooLong: "At most 100 characters.",
  policyRequired: "Policy number is required.",
  policyTooLong: "Policy number may be at most 40 characters.",
  limitInvalid: "Enter the limit in dollars, e.g. 1000000.",
  courseRequired: "Course name is required.",
  saved: "Saved.",
  deleted: "Deleted.",
  notFound: "This record does not exist.",
  npnRequired: "Your National Producer Number (NPN) is not on record: it comes with your application or from your administrator.",
} as const;
