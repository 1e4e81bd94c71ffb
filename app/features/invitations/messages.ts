// Every text of the invitation screens (spec part 1 §2 'Past invitations',
// 'Send a Recruitment Invitation', §5 'Send invitation', §8 'Invitations').
// Spec texts are requirements; where the spec gives only a title the
// message is ours (docs/decisions/0021-invitations.md).
import { PAPER_MESSAGES } from "~/features/appointment/paper-schema";
import { ALREADY_CONFIGURED_TITLE } from "~/features/links/messages";

export const INVITE_MESSAGES = {
  /** §5: first name, last name and email must be filled. */
  allFieldsRequired: "All fields except for CC Email Address need to be filled in",
  /** The portal's one wording of it (apply mode, §5). */
  emailInvalid: PAPER_MESSAGES.emailFormat,
  ccInvalid: "CC Email Address Format Is Invalid",
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters`,
  bodyTooLarge: "The invitation text is too large (at most 100 KB)",
  bodyRequired: "The invitation text is empty",
  templateRequired: "Choose an email template",
  confirmRequired: "Tick the box to confirm you want to send this invitation",
} as const;

/** The form's field labels (the banner names the wrong ones with them). */
export const INVITE_LABELS = {
  firstName: "Prospect First Name",
  lastName: "Prospect Last Name",
  email: "Prospect Email Address",
  ccEmail: "CC Email Address",
  templateId: "Email Template",
  body: "Invitation",
  confirm: "Confirmation",
} as const;

/** The banner of a refused form: the spec's title when a required field is empty, else ours; then each wrong field. */
export const INVALID_BANNER = {
  checkTitle: "Please correct the fields below",
  lead: "What needs your attention:",
  /** A field the page does not show (the form's token) is wrong: the page is stale. */
  stale: "This form has expired. Reload the page and try again.",
} as const;

/** PREVIEW (decision 0046): the merged, sanitized message as the prospect gets it; nothing is sent. */
export const PREVIEW = {
  button: "Preview",
  title: "Preview",
  lead: "The email as the prospect will receive it. Nothing has been sent yet.",
  to: "To",
  subject: "Subject",
} as const;

export const EMPTY_INVITES = "No invitation data was found.";
export const HIDE_APPOINTED_LABEL = "Hide Invites for Appointed Agents";

export type DialogText = { title: string; message: string };

/** §5: a chosen schedule level has no commission schedule document. */
export const SCHEDULE_DOC_UNAVAILABLE: DialogText = {
  title: "Schedule Doc Unavailable",
  message: "A commission schedule document is not available for one of the levels you chose. Please contact marketing, or choose other links.",
};

/** §5: missing route data (no link, links or existing invitation). */
export const INVITE_WHO_WHAT_WHERE: DialogText = {
  title: "Invite Who, What, Where?",
  message: "Start an invitation from your appointment links: choose the links, then send them to the prospect.",
};

/** §8: the link is gone, disabled, or not one the user may send. */
export const APPOINTMENT_LINK_NOT_FOUND: DialogText = {
  title: "Appointment Link Not Found",
  message: "The appointment link of this invitation was not found. It may have been disabled. Go back to your invitations.",
};

/** §5 'You Cannot Use Your Email' (apply mode's rule, decision 0047): the recruiter's own address. */
export const OWN_EMAIL: DialogText = {
  title: PAPER_MESSAGES.ownEmail,
  message: "You cannot send an invitation to your own email address. Enter the prospect's email address.",
};

/** AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE for the address invited (decision 0047). */
export const SAME_SCHEDULE_TWICE: DialogText = {
  title: ALREADY_CONFIGURED_TITLE,
  message:
    "This email address belongs to someone who already holds a position in this hierarchy or already has an application in this commission schedule. An agent cannot be in the same schedule twice.",
};

/** §8: an invitation sent from outside the product (no copy kept). */
export const NOT_AVAILABLE: DialogText = {
  title: "Not Available",
  message: "This invitation was sent from outside the portal: no copy of its text was kept.",
};

/** §8: failure to retrieve invitations, templates or the existing invite, or to send. */
export const OOPS: DialogText = {
  title: "Oops!",
  message: "Something went wrong on our end. Please try again later or contact support if the problem persists.",
};

/** §8: success; the copy to self may take a while. */
export const SENT: DialogText = {
  title: "Sent!",
  message: "Your invitation is on its way. A copy is sent to you as well; it may take up to 20 minutes to arrive.",
};

/** Invitation statuses (§3; SEND_FAILED is ours: the email could not be delivered). */
export const INVITATION_STATUS_LABELS: Record<string, string> = {
  INVITED: "Invited",
  SENDING: "Sending",
  ACCEPTED: "Accepted",
  APPOINTED: "Appointed",
  DECLINED: "Declined",
  SEND_FAILED: "Send failed",
};

export const CONFIRM_SEND: DialogText = {
  title: "Send this invitation?",
  message: "The invitation email goes to the prospect (and the CC address) now, with a copy to you.",
};
export const CONFIRM_LABEL = "I have reviewed this invitation and want to send it now";
