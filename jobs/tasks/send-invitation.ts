// Sends one invitation email (queued by sendInvitation in the transaction
// that stored the invitation, with jobOptions.invitationMail: the job key
// invitation:<id>:<form token> and max_attempts MAX_ATTEMPTS.mail). The HTML is the stored, sanitized
// text; the plain-text part is derived from it. To the prospect, CC as
// given, a copy to the recruiter (Bcc), replies to the recruiter.
// Idempotent: the delivery key is the job key (decision 0014), so a job run
// again after a crash does not send twice. The last failed attempt marks
// the invitation SEND_FAILED (the list shows it), then fails the job. A text
// that shows nothing (no visible text, no image: decision 0046; the form
// refuses it, so only rows from before or written elsewhere) is not sent
// and the invitation says SEND_FAILED rather than Invited.
import type { Task } from "graphile-worker";
import { invitationMail, markSendFailed, markSent } from "~/features/invitations/status.server";
import { sendInvitationPayload } from "~/features/jobs/queue.server";
import { withActionButton } from "~/features/invitations/merge-html.server";
import { emailText, htmlEmailDocument } from "~/lib/email.server";
import { env } from "~/lib/env.server";
import { deliverMail } from "~/lib/mail.server";

export const sendInvitationTask: Task = async (payload, helpers) => {
  const { invitationId } = sendInvitationPayload.parse(payload);
  const mail = await invitationMail(invitationId);
  if (!mail) {
    await markSendFailed(invitationId, "NOTHING_TO_SEND");
    helpers.logger.warn(`send-invitation ${invitationId}: nothing to send (no such invitation, or its text is empty)`);
    return;
  }
  const subject = mail.subject || "Your invitation";
  const self = mail.inviter?.userName;
  const inviterName = [mail.inviter?.firstName, mail.inviter?.lastName].filter(Boolean).join(" ");
  const reason = `${inviterName || "a recruiter"} invited this address to apply for an appointment; if you did not expect it, you can ignore it`;
  // The stored text keeps the plain link the editor can load again; the button is the layout's (issue 36 item 5).
  const html = htmlEmailDocument(subject, withActionButton(mail.inviteText, env().appUrl), reason);
  try {
    const result = await deliverMail({
      to: mail.prospectEmailAddress,
      cc: mail.ccEmailAddress ? [mail.ccEmailAddress] : undefined,
      bcc: self ? [self] : undefined,
      replyTo: self,
      subject,
      html,
      text: emailText(html),
      relatedType: "Invitation",
      relatedId: String(invitationId),
      deliveryKey: helpers.job.key ?? `job:${helpers.job.id}`,
    });
    await markSent(invitationId, result.id);
    helpers.logger.info(`send-invitation ${invitationId}: ${result.status}`);
  } catch (error) {
    if (helpers.job.attempts >= helpers.job.max_attempts) await markSendFailed(invitationId);
    throw error;
  }
};
