// Every message of the reports and applications-in-progress screens (spec
// part 3 §2, §4, §5, §8), once. Wording the spec leaves out is designed in
// docs/decisions/0024-downline-applications-and-reports.md.

export const REPORT_MESSAGES = {
  /** The download progress popup's text (spec §9: it lasts 1 second; its title is 'Downloading...'). */
  downloadStarting: "Your spreadsheet is on its way to your downloads.",
  downloadUnavailableTitle: "Report Unavailable",
  downloadUnavailable:
    "This report cannot be downloaded: it is not one of your reports, it is not finished yet, or its file was removed after the retention period. Request it again under REQUEST a REPORT.",
  startDateInvalid: "Start Date is invalid",
  endDateInvalid: "End Date is invalid",
  /** The spec has no wording for a reversed range (decision 0049). */
  dateRangeReversed: "End Date cannot be before Start Date",
  levelInvalid: "Level must be a number from 1 to 17",
  levelHint: "1 to 17",
  recruiterNameTooLong: "Recruiter name can be at most 200 characters",
  prospectNameTooLong: "Prospect name can be at most 40 characters",
  statusInvalid: "Choose a status from the list",
  recruiterNotFound: "Choose a recruiter from your hierarchy",
  unknownReport: "Choose a report",
  tooManyPending: "You already have 5 reports waiting or running. Please wait for one to finish before requesting another.",
  queuedTitle: "Success!",
  queuedText: "Your report request was successfully queued up.",
  note: "Reports are prepared in the background and may take up to 20 minutes. They appear under REPORT RESULTS.",
  pendingTitle: "Request Pending",
  pendingText: "Your report is waiting its turn. Check back in a moment.",
  startedTitle: "Request Started",
  startedText: "Your report is being prepared. Check back in a moment.",
  noResultsTitle: "No Results",
  noResultsText: "No records matched the filters of this report.",
  oopsTitle: "Oops!",
  oopsText: "Something went wrong while preparing this report. Please request it again, or contact support if the problem persists.",
  noReports: "You have not requested any reports yet.",
  finderSearchWhat: "Enter a name or agent number to search for.",
  finderNoResults: "No agents found.",
} as const;

/** The error message that marks a report without rows (spec §4: an error containing 'NO DATA'). */
export const NO_DATA = "NO DATA";

export const INPROG_MESSAGES = {
  empty: "No incomplete applications found.",
  failure: "Some system error occurred while retrieving in progress appointments...",
  /** /appoint for a recruiter or upline (decision 0024). */
  uplineReadOnly: "This application belongs to a prospect in your downline: you can read it, but only the prospect can change it.",
} as const;
