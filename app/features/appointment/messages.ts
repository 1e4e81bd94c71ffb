// The application screen's dialogs and server messages (spec part 2 §8), one
// catalogue imported by the server modules and the UI. The validation
// messages of §5 live with their rules in schema.ts (MESSAGES).

export const SAVE_SUCCESS = {
  title: "Successfully Saved!",
  message: "Your application changes have been saved but NOT submitted for approval.",
} as const;
export const SUBMIT_SUCCESS = {
  title: "Successfully Submitted for Approval!",
  message: "Your application has been received and submitted for approval.",
} as const;
export const SAVE_FAILED = { title: "The Save Failed", message: "Oops! The Save has failed due to some System Error" } as const;
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
