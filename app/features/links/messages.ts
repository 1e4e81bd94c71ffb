// Every text of the link feature (spec part 1 §4, §5, §8), used by the
// server and the screens alike. Spec texts are requirements; obvious
// misspellings corrected ('You link' → 'Your link').

export const LINK_REQUIRED = "A link is required!";
export const LINK_INVALID = "Your link is invalid! Your link may start with MLT, EXT, USR, MD...";

/** Shown with any failed server check of a link. */
export const LINK_CHECK_FAILED = "Error occurred validating link!";
/** Welcome ERROR state (§8). */
export const LINK_ERROR_MESSAGE = "Something on our end went wrong when validating the link you provided.";

/** Link failure codes (§4) and their messages (§5). */
export const LINK_FAILURE_CODES = [
  "SCHED_INACTIVE",
  "APPT_LINK_DELETED",
  "APPT_LINK_INVALID",
  "MD_LINK_INVALID",
  "AGENT_LINK_INVALID",
  "UNKNOWN_INVALID_LINK",
] as const;
export type LinkFailureCode = (typeof LINK_FAILURE_CODES)[number];

export const LINK_FAILURE_MESSAGES: Record<LinkFailureCode, string> = {
  SCHED_INACTIVE:
    "The commission schedule of this link is no longer active. Please ask your recruiter for a new link.",
  APPT_LINK_DELETED: "This link has expired. Please ask your recruiter for a new link.",
  APPT_LINK_INVALID: "This link is invalid. Please check it and try again.",
  MD_LINK_INVALID: "This marketing director link is invalid. Please contact the marketing department.",
  AGENT_LINK_INVALID: "This agent link is invalid. Please ask your recruiter for a new link.",
  UNKNOWN_INVALID_LINK: "This link could not be used for an unknown reason. Please contact us.",
};

/** Marketing-director update statuses (§4). */
export const MD_UPDATE_STATUSES = [
  "NOT_IN_SAME_ORG",
  "WRONG_MD_UPDATE_LINK",
  "UNKOWN_MD_UPDATE_ERROR",
  "CANNOT_ASSIGN_MD_TWICE",
] as const;
export type MdUpdateStatus = (typeof MD_UPDATE_STATUSES)[number];

export const MD_UPDATE_FAILED_TITLE = "Problem Update Marketing Director";
/** Spelled so on screen in the older program; corrected here. */
export const MD_UPDATE_SUCCESS_TITLE = "Marketing Director Updated Successfully";
export const MD_UPDATE_SUCCESS_MESSAGE =
  "You are now the marketing director of this hierarchy. Please log out and log in again to see your new hierarchy.";

export const MD_UPDATE_MESSAGES: Record<MdUpdateStatus, string> = {
  NOT_IN_SAME_ORG:
    "Your account belongs to another organization than this marketing director link. Please try logging in again, or contact the marketing department.",
  WRONG_MD_UPDATE_LINK:
    "This is not a valid marketing director link. Please try logging in again with the link you were given (missing info).",
  UNKOWN_MD_UPDATE_ERROR: "The marketing director could not be updated. Please try logging in again.",
  CANNOT_ASSIGN_MD_TWICE: "This marketing director link has already been used. It cannot be assigned twice.",
};

/** Dashboard dialogs (§8). */
export const ALREADY_CONFIGURED_TITLE = "Already Configured";
export const ALREADY_CONFIGURED_MESSAGE = "This link is already on your dashboard.";
export const BAD_LINK_TITLE = "Bad Appointment Link";
