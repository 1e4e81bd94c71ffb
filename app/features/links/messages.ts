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
/**
 * The spec's 'Marketing Director Update Sccuessfully' is spelled so on the
 * older program's screen; the portal corrects it (decision 0047).
 */
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
/**
 * AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE for the person who opened the link
 * (decision 0047): the dashboard's 'Already Configured' and the wizard's refusal.
 */
export const SAME_SCHEDULE_TWICE_MESSAGE =
  "You already hold a position in this link's hierarchy, or you already have an application in its commission schedule. An agent cannot be in the same schedule twice, so this link cannot be used by you.";

/** Appointment links page and cart (§2 'Appointment links page', §5 'Cart', §8 'Links page'). */
export const APPOINTMENT_LINKS_TITLE = "Appointment Links";
export const CART_TITLE = "Your Cart";
export const LINKS_INTRO_OWN =
  "Choose the commission schedule levels you want to offer a prospect and add them to your cart. Then send the links to the prospect, or fill out the application on the prospect's behalf. The prospect joins into your downline.";
export const LINKS_INTRO_ON_BEHALF =
  "Choose the commission schedule levels you want to offer a prospect and add them to your cart. Then send the links to the prospect, or fill out the application on the prospect's behalf. You are recruiting on behalf of the agent below.";
export const LINKS_NOT_FOUND_TITLE = "Links Not Found";
export const LINKS_NOT_FOUND_MESSAGE =
  "No enabled links were found for this hierarchy. Please contact the marketing department.";
export const NO_HIERARCHIES_TITLE = "Oops!";
export const NO_HIERARCHIES_MESSAGE = "You hold no agent number in any hierarchy, so there are no appointment links to offer.";
export const NO_TEMPLATE_WARNING =
  "You have no invitation email template of your own yet. Invitations you send use the Default Invitation.";
export const NO_TEMPLATE_LINK = "Create one on the Email Templates page.";
export const SYSTEM_ERROR_TITLE = "System Error";
export const SYSTEM_ERROR_MESSAGE = "Something went wrong. Please try again later, or contact support if this problem persists.";

/** Cart refusals: the title is the spec's text; the sentence says why. */
export const CART_REFUSALS = {
  SCHEDULE_ALREADY_CHOSEN: {
    title: "Schedule Already Chosen",
    message: "Your cart already holds a level of this commission schedule. Remove it first to choose another level.",
  },
  TYPES_MUST_MATCH: {
    title: "Appointment Types Must Match",
    message: "Representative and non-representative levels cannot be in the same cart.",
  },
  MULTIPLE_RECRUITERS: {
    title: "Schedules from Multiple Recruiters",
    message: "Every link in your cart must belong to the same recruiter agent number. Clear your cart to change hierarchy.",
  },
  CART_FULL: {
    title: "Cart Full",
    message: "Your cart holds the most links it can (50).",
  },
  LINK_UNAVAILABLE: {
    title: "Link Unavailable",
    message: "This link can no longer be used. Please reload the page.",
  },
} as const;
export type CartRefusalCode = keyof typeof CART_REFUSALS;

export const EMPTY_CART = "No Links in your Cart";
export const EMPTY_CART_MESSAGE = "Add links on the Appointment Links page first.";
export const CHOOSE_CART_ACTION = "Please choose what to do with the links in your cart.";
export const CART_ACTION_LABELS = {
  send: "Send the links to the prospect",
  apply: "Fill out the application on the prospect's behalf",
} as const;
export const CART_CLEARED = "Your cart is empty now.";
export const CART_REMOVED = "The link was removed from your cart.";
export function cartAddedMessage(n: number): string {
  return n === 1 ? "1 link added to your cart." : `${n} links added to your cart.`;
}
