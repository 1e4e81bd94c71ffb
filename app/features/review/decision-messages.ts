// Messages of the back-office decisions (issue 11, decision 0028): the
// refusals the review screens show, and the emails the decisions send.
// The spec is silent on all of them; the wording is ours.

export const REASON_MAX = 2000;

export const DECISION_MESSAGES = {
  notFound: "This application does not exist.",
  notAdmin: "Only an internal administrator may decide on an application.",
  /** {status}: the status the application has now. */
  alreadyDecided: "Another administrator has already decided on this application: it is now {status}. Nothing was changed.",
  busy: "The application is being changed right now. Please try again in a moment.",
  reasonRequired: "A reason is required.",
  reasonTooLong: `The reason may be at most ${REASON_MAX} characters.`,
  unknownSection: "Unknown section.",
  noLines: "The application has no appointment link line to place the new agent under.",
} as const;

/** The email to the prospect (and a paper application's recruiter) when an application is returned for correction. */
export const RETURNED_EMAIL = {
  subject: "Your appointment application was returned for correction",
  intro: "Your appointment application was returned for correction by our contracting team.",
  reasonLabel: "Reason",
  sectionsLabel: "Sections to correct",
  action: "Please correct the application and submit it again:",
  link: "Open the application",
} as const;

/** The email to a paper prospect without an account when the application is approved. */
export const APPROVED_ACCOUNT_EMAIL = {
  subject: "Your appointment was approved: create your portal account",
  /** {name}, {agentNumber} */
  intro: "Congratulations {name}: your appointment application was approved. Your agent number is {agentNumber}.",
  action: "Open this link, then sign up (or sign in) with this email address to see your agent number, your hierarchy and your appointment links:",
  ignore: "If you did not expect this email you can ignore it.",
} as const;
