// Invite User (spec part 3 §4, decision 0023): an EXT link emailed to an
// agent without a user; accepting it (spec part 1 §4 'Sign-in flow') links
// the agent (Agent.userId) to the signed-in user whose verified email is the
// invitation's.
import { createHash } from "node:crypto";
import { forgetOwnAgentNumbers } from "~/lib/shell.server";
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { newLinkCode } from "~/features/links/codes";
import { linkPrefix, parseLink } from "~/features/links/schema";
import { audit } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { matchingEmail } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import type { AgentDetail } from "./detail.server";
import { INVITATION_ACCEPTED, INVITATION_ERRORS, type InvitationErrorCode } from "./messages";
import { userInvitationEmail } from "./user-invitation-email.server";

export const USER_INVITATION_PREFIX = "EXT";

export function hashInvitationCode(code: string): string {
  return createHash("sha256").update(code.toUpperCase()).digest("hex");
}

/**
 * Creates the invitation (an EXT link with 100 random bits; only its hash is
 * stored) and queues its email in the same transaction (send-email job,
 * keyed by the invitation). The caller has checked that the viewer may
 * invite for this agent (loadAgentDetail's showInviteUser/showUpdateUser).
 */
export async function createUserInvitation(
  user: CurrentUser,
  agent: Pick<AgentDetail, "id" | "name" | "agentNumber" | "appointment">,
  emailAddress: string,
  request?: Request,
): Promise<{ invitationId: string }> {
  const code = newLinkCode();
  const link = `${env().appUrl}/${USER_INVITATION_PREFIX}${code}`;
  const inviterName = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.userName;
  const mail = userInvitationEmail({ link, agentName: agent.name, agentNumber: agent.agentNumber, inviterName });
  const invitation = await prisma.$transaction(async (tx) => {
    const inv = await tx.userInvitation.create({
      data: {
        agentId: agent.id,
        emailAddress,
        appointmentIds: agent.appointment ? [agent.appointment.appointmentId] : [],
        tokenHash: hashInvitationCode(code),
        createdById: user.impersonator?.id ?? user.id,
      },
    });
    const payload = { to: emailAddress, subject: mail.subject, html: mail.html, text: mail.text, relatedType: "UserInvitation", relatedId: inv.id };
    await queueJob(tx, "send-email", payload, jobOptions.userInvitationMail(inv.id));
    return inv;
  });
  await audit("USER_INVITATION_SENT", {
    request,
    actorUserId: user.id,
    impersonatorUserId: user.impersonator?.id ?? null,
    targetType: "Agent",
    targetId: String(agent.id),
    details: { invitationId: invitation.id },
  });
  return { invitationId: invitation.id };
}

/** The invitation an EXT link stands for, or null (the link may be an appointment link). */
export async function findUserInvitation(link: string) {
  const m = parseLink(link);
  if (m?.prefix !== "EXT") return null;
  return prisma.userInvitation.findUnique({ where: { tokenHash: hashInvitationCode(m.code) } });
}

export type AcceptResult = { ok: true; agentId: number } | { ok: false; code: InvitationErrorCode };

/**
 * Completes an Invite User invitation for the signed-in user (spec part 1 §4
 * 'Sign-in flow'): the user's verified email must be the invitation's; the
 * agent (and the same person's other positions without a user) is linked
 * to the user. Accepting twice is harmless; someone else's accepted
 * invitation is 'error_link_missing'.
 */
export async function acceptUserInvitation(user: CurrentUser, link: string, request?: Request): Promise<AcceptResult> {
  const inv = await findUserInvitation(link);
  if (!inv || inv.agentId == null) return { ok: false, code: "error_link_missing" };
  if (inv.acceptedAt) return inv.userId === user.id ? { ok: true, agentId: inv.agentId } : { ok: false, code: "error_link_missing" };
  const email = matchingEmail(user);
  if (!email || email !== inv.emailAddress.toLowerCase()) return { ok: false, code: "ext_error" };
  const agentId = inv.agentId;
  try {
    await prisma.$transaction(async (tx) => {
      const claimed = await tx.userInvitation.updateMany({ where: { id: inv.id, acceptedAt: null }, data: { acceptedAt: new Date(), userId: user.id } });
      if (claimed.count !== 1) throw new Error("invitation accepted meanwhile");
      const agent = await tx.agent.update({ where: { id: agentId }, data: { userId: user.id, updatedById: user.id } });
      if (agent.personId) {
        await tx.agent.updateMany({ where: { personId: agent.personId, userId: null }, data: { userId: user.id, updatedById: user.id } });
      }
    });
  } catch (error) {
    console.error("[agents] accepting a user invitation failed", error instanceof Error ? error.message : error);
    return { ok: false, code: "create_user_error" };
  }
  forgetOwnAgentNumbers(user);
  await audit("USER_INVITATION_ACCEPTED", { request, actorUserId: user.id, targetType: "Agent", targetId: String(agentId), details: { invitationId: inv.id } });
  return { ok: true, agentId };
}

export type InvitationDialog = { title: string; message: string; variant: "success" | "error"; logout: boolean };

/**
 * The dashboard's handling of ?lnk=EXT… when it is an Invite User link
 * (null otherwise: an appointment link goes on to the link rules). Success
 * redirects to /home?invitation=accepted (so the navigation is computed
 * with the new position); a failure is a dialog whose only way out is LOGOUT.
 */
export async function invitationOnDashboard(
  user: CurrentUser,
  lnk: string | null,
  request?: Request,
): Promise<{ redirect: string } | { dialog: InvitationDialog } | null> {
  if (!lnk || linkPrefix(lnk) !== "EXT") return null;
  const inv = await findUserInvitation(lnk);
  if (!inv) return null;
  const r = await acceptUserInvitation(user, lnk, request);
  if (r.ok) return { redirect: "/home?invitation=accepted" };
  const e = INVITATION_ERRORS[r.code];
  return { dialog: { title: e.title, message: e.message, variant: "error", logout: true } };
}

export const INVITATION_ACCEPTED_DIALOG: InvitationDialog = { ...INVITATION_ACCEPTED, variant: "success", logout: false };
