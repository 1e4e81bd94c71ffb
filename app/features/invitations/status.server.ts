// Status changes of an invitation: the send-invitation job's side (what it
// sends, sent, SEND_FAILED after the last attempt) and APPOINTED when the
// back office approves the appointment.
import type { Prisma } from "~/generated/prisma/client";
import { emitInvitationEvent } from "~/features/webhooks/event-data.server";
import { prisma } from "~/lib/db.server";
import { hasVisibleContent } from "~/lib/html-content";
import { SEND_FAILED } from "./invitations.server";

type Db = Prisma.TransactionClient;

/** What the send-invitation job sends (null when the invitation is gone or its text shows nothing: decision 0046). */
export async function invitationMail(invitationId: number) {
  const row = await prisma.invitation.findUnique({
    where: { invitationId },
    select: {
      invitationId: true,
      prospectEmailAddress: true,
      ccEmailAddress: true,
      inviteText: true,
      subject: true,
      submissionToken: true,
      inviter: { select: { userName: true, firstName: true, lastName: true } },
    },
  });
  if (!row || !row.inviteText || !hasVisibleContent(row.inviteText)) return null;
  return { ...row, inviteText: row.inviteText };
}

/**
 * The email could not be delivered after the last attempt, or there was nothing to send: the list
 * shows it. invitation.failed on the change only (INVITED -> SEND_FAILED), so a job run again emits nothing more.
 */
export async function markSendFailed(invitationId: number, error: "NOTHING_TO_SEND" | "DELIVERY_FAILED" = "DELIVERY_FAILED"): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const r = await tx.invitation.updateMany({ where: { invitationId, status: "INVITED" }, data: { status: SEND_FAILED } });
    if (r.count > 0) await emitInvitationEvent(tx, "invitation.failed", invitationId, { error });
  });
}

/**
 * The mail server accepted the invitation's mail (`mailMessageId`: the mail_messages row of this
 * send). invitation.sent when this send is new to the invitation: a job run again finds the same
 * message (its delivery key) and emits nothing more; sending the invitation again is a new message.
 */
export async function markSent(invitationId: number, mailMessageId: string, sentAt: Date = new Date()): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const r = await tx.invitation.updateMany({
      where: { invitationId, OR: [{ mailMessageId: null }, { mailMessageId: { not: mailMessageId } }] },
      data: { mailMessageId },
    });
    if (r.count > 0) await emitInvitationEvent(tx, "invitation.sent", invitationId, { sent_at: sentAt.toISOString() });
  });
}

/**
 * The back office approved an appointment (issue 11 calls this in the
 * approval transaction): its invitation becomes APPOINTED. Also an
 * invitation of the same link or multi-link to the same prospect that the
 * appointment was not linked to (sent again, or accepted before the link).
 * Returns how many invitations changed.
 */
export async function markInvitationAppointed(db: Db, appointmentId: number): Promise<number> {
  const a = await db.appointment.findUnique({
    where: { appointmentId },
    select: { invitationId: true, userId: true, appointmentLinkId: true, multiLinkId: true, prospectEmailAddress: true },
  });
  if (!a) return 0;
  const or: Prisma.InvitationWhereInput[] = [];
  if (a.invitationId != null) or.push({ invitationId: a.invitationId });
  const sameLink = a.multiLinkId != null ? { multiLinkId: a.multiLinkId } : a.appointmentLinkId != null ? { appointmentLinkId: a.appointmentLinkId } : null;
  if (sameLink && a.userId) or.push({ ...sameLink, prospectUserId: a.userId });
  if (or.length === 0) return 0;
  const r = await db.invitation.updateMany({
    where: { OR: or, status: { not: "APPOINTED" } },
    data: { status: "APPOINTED" },
  });
  return r.count;
}
