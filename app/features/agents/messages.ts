// Every message of the agents screens and agent detail (spec part 3 §2, §5, §8),
// once. Spelling as the spec gives it, obvious misspellings corrected
// ('occured' → 'occurred').

import { DOCUMENT_UNAVAILABLE_TITLE } from "~/features/documents/upload";

export const DETAILS_UNAVAILABLE = {
  title: "Details Unavailable",
  message: "Details are only available for the current user's downline.",
} as const;

export const SEARCH_MESSAGES = {
  emptyTitle: "Search for What?",
  empty: "Please enter some search criteria before searching.",
  failureTitle: "Oops!",
  failure: "An error occurred fetching your search results. Please try again later or contact support if the problem persists.",
  noResults: "No agents match your search.",
} as const;

export const HIERARCHY_MESSAGES = {
  blockFailureTitle: "Error Retrieving Carrier Block information",
  blockFailure: "Please contact support",
  noHierarchy: "A hierarchy was not found for the selected agent. Please select other hierarchies.",
  noPositions: "You have no agent hierarchy yet. Your hierarchy appears here once an appointment of yours is approved or an agent invitation is accepted.",
  notFoundTitle: (agentNumber: string) => `No Agent Number "${agentNumber}" found`,
  notFound: (agentNumber: string) => `There is no Agent Number ${agentNumber} in this hierarchy. Please select other hierarchies.`,
  notUnderNewTitle: "Not Found",
  notUnderNew: "The current agent number was not found under the newly selected hierarchy.",
  notFoundFull: (agentNumber: string, companyNumber: string, blockNumber: number) =>
    `There is no Agent Number ${agentNumber} with company ${companyNumber} and block ${blockNumber} in this hierarchy. Please select other hierarchies.`,
  moveRequest: "Request that an Agent be Moved",
} as const;

export const DETAIL_MESSAGES = {
  loadFailure: "An error occurred on loading the page...",
  appointmentFailure: "An error occurred while trying to fetch the Appointment data.",
  missingAppointmentTitle: "Hmmm...",
  missingAppointment: "A past appointment record was not found and some screen fields will show as blank.",
  documentsFailure: "An error occurred while trying to fetch the documents.",
  crossHierarchyTitle: "Oops!",
  crossHierarchy: "An error occurred while looking for the agent in the other hierarchy.",
  documentUnavailableTitle: DOCUMENT_UNAVAILABLE_TITLE,
  documentUnavailable: "Unfortunately we are having trouble downloading your document at this time...",
  noAgentNumber: "There is no Agent Number",
  marketingDirector: "Marketing Director",
  noDirectDownline: "No agents directly under this agent.",
} as const;

export const INVITE_USER_MESSAGES = {
  requiredTitle: "Email Address Is Required",
  required: "Please provide an Email Address",
  formatTitle: "Email Address Format Is Invalid",
  format: "Please provide a valid Email Address",
  fillOut: "Please fill out this field.",
  success: "Successfully Sent Out An Agent Invitation!",
  failure: "Cannot send an Agent Invitation at this time...",
  subject: "You are invited to the Appointment Portal",
} as const;

/** Invitation completion errors (spec part 1 §8): codes and the wording we chose (decision 0023). */
export const INVITATION_ERRORS = {
  error_link_missing: {
    title: "Invitation Not Found",
    message: "This agent invitation link is not valid, or it has already been used. Ask the agent who invited you for a new invitation.",
  },
  create_user_error: {
    title: "Invitation Not Completed",
    message: "Your user could not be linked to the agent record at this time. Please try the invitation link again later or contact support.",
  },
  ext_error: {
    title: "Invitation For Another Email",
    message:
      "This invitation was sent to another email address, or your email address is not verified yet. Sign in with the verified email address the invitation was sent to.",
  },
} as const;
export type InvitationErrorCode = keyof typeof INVITATION_ERRORS;

export const INVITATION_ACCEPTED = {
  title: "Invitation Accepted",
  message: "Your user is now linked to your agent record: your downline is under CONFIGURE, Agents.",
} as const;
