// Invitations (spec part 1 §2 'Past invitations', §8): the constants shared
// by the invitation modules, whose invitations the user may see, and the
// user's list. Decisions: docs/decisions/0021-invitations.md. The send form's
// context is invite-context.server.ts, the email's text render.server.ts,
// sending send.server.ts, status changes status.server.ts.
//
// Whose data: an invitation is the user's when they sent it (inviterUserId)
// or it was sent from one of their agent positions (inviterAgent.userId).
// A link may be sent by the user when its recruiter position is one of the
// user's positions or in their downline (agent_closure). Anything else is
// answered as not found (404), never shown.
import type { Prisma } from "~/generated/prisma/client";
import { appointmentLineLabel } from "~/features/appointment/ui/lines";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { ensureJobQueue } from "~/lib/jobs.server";

export const INVITATION_TEMPLATE_TYPES = [1003, 2070, 2071] as const;
export const DEFAULT_TEMPLATE_CODE = "DFT_MLT_INVITE";
export const SEND_FAILED = "SEND_FAILED";
/** Shown (never stored) for an INVITED invitation whose email is still being tried: its job waits for a retry. */
export const SENDING = "SENDING";

/** Invitations the user may see: sent by them or from one of their agent positions. */
export function ownInvitations(user: Pick<CurrentUser, "id">): Prisma.InvitationWhereInput {
  return { OR: [{ inviterUserId: user.id }, { inviterAgent: { userId: user.id } }] };
}

// ───────────────────────────── list ─────────────────────────────

export type InvitationRow = {
  invitationId: number;
  inviteDt: string;
  prospect: string;
  prospectEmail: string;
  hierarchy: string;
  level: string;
  status: string;
  isExternal: boolean;
};

export type LevelRow = {
  levelNo: number;
  levelName: string;
  schedule: { scheduleName: string; carrier: { carrierCode: string; name: string }; productType: { name: string } };
};
const levelOf = (sl: LevelRow) => `${sl.levelNo} ${sl.levelName}`;
/** A multi-link's levels name their carrier, product and schedule (two schedules may share a level): the one line label. */
export const levelWithSchedule = (sl: LevelRow) =>
  appointmentLineLabel({
    carrier: sl.schedule.carrier.carrierCode,
    carrierName: sl.schedule.carrier.name,
    productType: sl.schedule.productType.name,
    scheduleName: sl.schedule.scheduleName,
    levelNo: sl.levelNo,
    levelName: sl.levelName,
  });
const levelSelect = {
  select: {
    levelNo: true,
    levelName: true,
    schedule: { select: { scheduleName: true, carrier: { select: { carrierCode: true, name: true } }, productType: { select: { name: true } } } },
  },
} as const;

export async function listInvitations(
  user: Pick<CurrentUser, "id">,
  opts: { page: number; pageSize: number; hideAppointed: boolean; since?: Date | null },
): Promise<{ rows: InvitationRow[]; totalRecords: number; page: number }> {
  const where: Prisma.InvitationWhereInput = {
    AND: [
      ownInvitations(user),
      ...(opts.hideAppointed ? [{ status: { not: "APPOINTED" } }] : []),
      // ?days= (the dashboard's pipeline card, decision 0027).
      ...(opts.since ? [{ inviteDate: { gte: opts.since } }] : []),
    ],
  };
  const totalRecords = await prisma.invitation.count({ where });
  const lastPage = Math.max(0, Math.ceil(totalRecords / opts.pageSize) - 1);
  const page = Math.min(opts.page, lastPage);
  const found = await prisma.invitation.findMany({
    where,
    orderBy: [{ inviteDate: "desc" }, { invitationId: "desc" }],
    skip: page * opts.pageSize,
    take: opts.pageSize,
    select: {
      invitationId: true,
      inviteDate: true,
      prospectFirstName: true,
      prospectLastName: true,
      prospectEmailAddress: true,
      inviterAgentNumber: true,
      inviterCompanyNumber: true,
      inviterBlockNumber: true,
      status: true,
      mailMessageId: true,
      isExternal: true,
      appointmentLink: { select: { scheduleLevel: levelSelect } },
      multiLink: {
        select: { items: { orderBy: { sortOrder: "asc" }, select: { appointmentLink: { select: { scheduleLevel: levelSelect } } } } },
      },
    },
  });
  const sending = await stillSending(found.filter((i) => i.status === "INVITED" && i.mailMessageId == null).map((i) => i.invitationId));
  const rows = found.map((i) => ({
    invitationId: i.invitationId,
    inviteDt: i.inviteDate.toISOString(),
    prospect: `${i.prospectFirstName} ${i.prospectLastName}`.trim(),
    prospectEmail: i.prospectEmailAddress,
    hierarchy: [i.inviterAgentNumber, i.inviterCompanyNumber, i.inviterBlockNumber].filter((v) => v != null && v !== "").join(" / "),
    level: i.appointmentLink
      ? levelOf(i.appointmentLink.scheduleLevel)
      : (i.multiLink?.items.map((it) => levelWithSchedule(it.appointmentLink.scheduleLevel)).join(", ") ?? ""),
    status: sending.has(i.invitationId) ? SENDING : i.status,
    isExternal: i.isExternal,
  }));
  return { rows, totalRecords, page };
}

/** Which of these invitations' emails are still queued or retrying (their send-invitation job, keyed by jobKeys.invitation, has attempts left). */
async function stillSending(invitationIds: number[]): Promise<Set<number>> {
  if (invitationIds.length === 0) return new Set();
  await ensureJobQueue(); // the job tables exist (a web process with RUN_WORKER=false may not have made them yet)
  const rows = await prisma.$queryRaw<Array<{ id: number }>>`
    SELECT DISTINCT split_part(key, ':', 2)::int AS id FROM graphile_worker.jobs
     WHERE task_identifier = 'send-invitation' AND attempts < max_attempts AND key LIKE 'invitation:%'
       AND split_part(key, ':', 2) = ANY(${invitationIds.map(String)}::text[])`;
  return new Set(rows.map((r) => r.id));
}

/** The stored text of one of the user's invitations (null: not theirs or no such id). */
export async function invitationText(user: Pick<CurrentUser, "id">, invitationId: number) {
  if (!Number.isSafeInteger(invitationId) || invitationId <= 0) return null;
  return prisma.invitation.findFirst({
    where: { AND: [{ invitationId }, ownInvitations(user)] },
    select: { invitationId: true, prospectFirstName: true, prospectLastName: true, inviteDate: true, inviteText: true, isExternal: true, subject: true, status: true },
  });
}
