// The words of the Invite User email (an EXT link to an agent without a
// user; decision 0023), rendered by the portal's one email kit
// (~/lib/email.server, decision 0057): names escaped by React, the text part
// derived from the HTML.
import { ActionButton, renderEmail } from "~/lib/email.server";
import { INVITE_USER_MESSAGES } from "./messages";

/** The invitation email (plain, no template: the recruitment templates are for prospects). */
export function userInvitationEmail(input: { link: string; agentName: string; agentNumber: string; inviterName: string }) {
  return renderEmail(
    INVITE_USER_MESSAGES.subject,
    <>
      <p>Hello,</p>
      <p>
        {input.inviterName} invited you to the Appointment Portal as agent {input.agentName} (agent number {input.agentNumber}).
      </p>
      <p>Open the portal, then sign in or sign up with this email address to see your downline.</p>
      <ActionButton href={input.link} label="Open the Appointment Portal" />
      <p>If you did not expect this invitation you can ignore this email.</p>
    </>,
    `${input.inviterName} invited this address to the portal`,
  );
}
