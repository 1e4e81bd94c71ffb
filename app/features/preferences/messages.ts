// The one message catalogue of the Communications preferences page
// (spec part 1 §5 'Communication preferences', §8 'Preferences').
export const PREF_MESSAGES = {
  missingInfo: "Missing info...",
  invalidEmail: "Invalid Email Address",
  invalidPhone: "Invalid Phone Number",
  tooManyEmails: "Too Many Emails",
  tooManyPhones: "Too Many Phone #s",
  failureTitle: "Oops!",
  failure: "Your communication preferences could not be saved. Please try again later.",
  successTitle: "Success!",
  success: "Your communication preferences were saved.",
  fixBelow: "Some preferences are missing or invalid; see the messages below. Nothing was saved.",
} as const;
