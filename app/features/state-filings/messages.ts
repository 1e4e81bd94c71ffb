// The words of ADMIN > State Filings > State rules (decision 0108), one catalogue for the server
// and the screen. Client-safe.
export const STATE_RULE_MESSAGES = {
  timingRequired: "Choose when the state is appointed.",
  daysRequired: "Enter the number of days (1 to 365).",
  daysRange: "Enter a whole number of days from 1 to 365.",
  daysNotForPreAppointment: "A pre-appointment state has no days: leave this empty.",
  backdateDaysRequired: "Enter how many days back a termination may be dated (1 to 365).",
  backdateDaysWithoutBackdating: "Tick 'Terminations can be backdated' or leave the days empty.",
  feeInvalid: "Enter an amount in dollars, such as 15 or 15.00.",
  reasonCodeInvalid: "Use 1 to 10 capital letters or digits, as the state writes its code.",
  reasonLabelRequired: "Enter what the code means.",
  reasonCodeRequired: "Enter the state's code for this reason.",
  reasonLabelTooLong: "At most 100 characters.",
  reasonDuplicate: "This code is already in the list.",
  reasonsRequired: "Give at least one termination reason the state accepts.",
  tooManyReasons: "At most 30 termination reasons.",
  refusedTitle: "The rules were not saved",
  refusedLead: "Correct these fields and save again:",
  savedTitle: "State rules saved",
  savedMessage: (name: string) => `The rules of ${name} are saved. The seed keeps them as you set them.`,
  notFound: "There is no state with this code.",
} as const;

export const TIMING_LABELS = {
  PRE_APPOINTMENT: "Pre-appointment: before the first business",
  WITHIN_DAYS: "Within N days of the contract",
  JUST_IN_TIME: "Just in time: within N days of the first business",
} as const;

/** Short words for the table. */
export const TIMING_SHORT = { PRE_APPOINTMENT: "Pre-appointment", WITHIN_DAYS: "Within days of the contract", JUST_IN_TIME: "Just in time" } as const;
