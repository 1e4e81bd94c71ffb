// The review queue's messages (issue 11): one catalogue, imported by the
// schemas, the server modules and the screens.
import { SECTION_TITLES, type DataSectionId } from "~/features/appointment/model";

export const REVIEW_MESSAGES = {
  // The decision form.
  reasonRequired: "Enter the reason for this decision.",
  reasonTooLong: (max: number) => `The reason can be at most ${max} characters.`,
  sectionsRequired: "Mark at least one section the prospect must correct.",
  confirmRequired: "Tick the box to confirm this decision.",
  unknownDecision: "Choose one of the three decisions.",
  // Outcomes.
  returned: "The application was returned to the prospect for correction.",
  rejected: "The application was rejected.",
  approved: (agentNumber: string | undefined) =>
    agentNumber ? `The application was approved. The new agent number is ${agentNumber}.` : "The application was approved.",
  alreadyDecidedTitle: "Already decided",
  busyTitle: "Not decided yet",
  alreadyDecided: "Another administrator decided on this application first: nothing was changed. The decision history below shows what was decided.",
  notAwaiting: "This application is not awaiting approval: no decision can be taken on it.",
  // Approve while the licences panel lists something (decision 0098).
  approveBlocked: "Approve is not available yet. First resolve what the licenses panel lists:",
  confirmLicence: (state: string) => `Confirm or correct the license for ${state}`,
  addLicence: (state: string) => `Add the license for ${state}`,
  confirmCertificate: (what: string) => `Confirm the ${what}`,
  confirmTitle: "Confirm or correct",
  // The queue.
  queueEmpty: "No submitted applications match these filters.",
  badFilter: "Correct the filters marked below.",
  dateInvalid: "Enter a date as yyyy-mm-dd.",
  dateOrder: "The 'to' date must not be before the 'from' date.",
  recruiterTooLong: (max: number) => `At most ${max} characters.`,
  // The prospect's side.
  returnedTitle: "Your application was returned for correction",
  returnedLead: "An administrator reviewed your application and returned it to you with this reason:",
  returnedSections: "Please correct these sections, then submit your application again:",
  returnedNav: "needs correction",
  rejectedTitle: "Your application was rejected",
  rejectedLead: "An administrator rejected your application with this reason:",
} as const;

export const DECISION_LABELS = {
  RETURN: "Return for correction",
  REJECT: "Reject",
  APPROVE: "Approve",
} as const;

/** The decision history's wording of each decision. */
export const DECISION_HISTORY_LABELS: Record<string, string> = {
  RETURN: "Returned for correction",
  REJECT: "Rejected",
  APPROVE: "Approved",
};

export function sectionTitles(sections: readonly string[]): string[] {
  return sections.filter((s): s is DataSectionId => s in SECTION_TITLES).map((s) => SECTION_TITLES[s]);
}
