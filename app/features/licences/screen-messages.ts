// What the licence and credential screens say (issue 23 items 1 and 2; decision 0069): /licences,
// /licences/:npn, the agent detail page's link and the dashboard card. The rules' own labels
// (states, lines, expiry states, standings, sources, reasons) are in messages.ts.
import { UPLOAD_LIMIT_MB, UPLOAD_LIMIT_TEXT } from "~/lib/upload-policy";
import type { CredentialKind } from "./status";

export const LICENCE_SCREEN = {
  title: "Licenses and credentials",
  ownLead: "Your licenses by state and your E&O, AML and product training certificates.",
  npnLead: (npn: string) => `National Producer Number (NPN) ${npn}`,
  backToReview: "Back to the review",
  readOnly: "You can see these records because this producer is in your downline; only the producer and an administrator can change them.",
  standingTitle: "Standing",
  standingNone: "No agent position holds this NPN yet: its standing is worked out once one does.",
  positionLabel: (agentNumber: string, carrier: string) => `Agent ${agentNumber} (${carrier})`,
  licencesTitle: "Licenses",
  licencesNone: "No license is on record.",
  licencesTable: "Licenses on record",
  credentialsTable: "Credentials on record",
  credentialsTitle: "Credentials",
  credentialsNone: "No E&O, AML or product training certificate is on record.",
  addLicence: "Add a license",
  addCredential: (kind: CredentialKind) => `Add ${CREDENTIAL_ADD_NAME[kind]}`,
  editLicence: "Change license",
  editCredential: "Change credential",
  save: "SAVE",
  cancel: "CANCEL",
  delete: "Delete",
  deleteRegion: "Confirm the deletion",
  deleteLicence: (state: string, number: string | null) => `Delete the license for ${state}${number ? ` (${number})` : ""}?`,
  deleteCredential: (label: string, expiry: string | null) => `Delete the ${label} ${expiry ? `expiring ${expiry}` : "to confirm"}?`,
  deleteText: "It is removed for good, and the producer's standing is worked out again without it.",
  deleteYes: "Yes, delete it",
  deleteNo: "Keep it",
  certificate: "Certificate (PDF)",
  certificateHint: `A PDF of at most ${UPLOAD_LIMIT_TEXT}. Leave empty to keep the certificate on record.`,
  certificateLink: "Certificate",
  certificateNotPdf: "The certificate must be a PDF file.",
  // The application's upload message (documents/upload.ts TOO_BIG), for the certificate.
  certificateTooBig: `The certificate is larger than ${UPLOAD_LIMIT_MB}. Please choose a PDF file of at most ${UPLOAD_LIMIT_TEXT}.`,
  invalidTitle: "Missing or Invalid",
  invalidLead: "Please correct the fields marked below. Nothing was saved.",
  failedTitle: "Oops!",
  failed: "The record could not be saved. Please try again later.",
  savedTitle: "Success",
  none: "—",
  cardLink: "Licenses and credentials",
  cardLicences: (n: number) => (n === 1 ? "1 license on record" : `${n} licenses on record`),
  cardNextExpiry: "Next expiry",
  cardExpired: "Expired",
  cardNoExpiry: "Nothing on record expires.",
  profileLink: "Licenses and credentials",
  profileLead: "Your licenses by state and your E&O and training certificates",
} as const;

const CREDENTIAL_ADD_NAME: Record<CredentialKind, string> = {
  EO: "E&O coverage",
  AML: "AML training",
  PRODUCT_TRAINING: "product training",
};

/** The field labels of the two forms (also the 'Missing or Invalid' list). */
export const LICENCE_FIELD_LABELS = {
  stateCode: "State",
  licenceNumber: "License number",
  licenceClass: "License class",
  isResident: "Resident state",
  loaLife: "Lines of authority",
  effectiveDate: "Effective date",
  expiryDate: "Expiry date",
  status: "Status",
} as const;

export const CREDENTIAL_FIELD_LABELS = {
  provider: "Provider",
  policyNumber: "Policy number",
  coverageLimit: "Limit (USD)",
  courseName: "Course",
  effectiveDate: "Effective date",
  validMonths: "Valid for (months)",
  expiryDate: "Expiry date",
  certificate: "Certificate (PDF)",
} as const;

/** The training certificate's date is its completion date. */
export const COMPLETION_DATE_LABEL = "Completion date";
