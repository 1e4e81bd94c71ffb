// Legal holds (issue 38 item 2, decision 0120): while a hold on a person is not lifted, the retention
// schedule (erase.server.ts) erases nothing of theirs. A hold names a user (their applications and
// agent positions), an applicant's email address (a paper application without an account) or an agent
// position (its applications and the user it belongs to). The one rule of 'held' is the two SQL
// predicates below; placing and lifting are audited in the same transaction.
import { Prisma } from "~/generated/prisma/client";
import type { CurrentUser } from "~/lib/current-user";
import { auditRow } from "~/lib/audit.server";
import { prisma } from "~/lib/db.server";
import { HOLD_MESSAGES as M } from "./messages";
import type { PlaceHoldInput } from "./schema";

const active = Prisma.sql`h.lifted_at IS NULL`;

/** True for an application (alias `a`) whose applicant, email or agent positions are held. */
export const applicationHeldSql = (a: string) => {
  const t = Prisma.raw(a);
  return Prisma.sql`EXISTS (SELECT 1 FROM legal_holds h WHERE ${active} AND (
      h.user_id = ${t}.user_id
   OR h.email = ${t}.prospect_email_address
   OR h.email = (SELECT lower(p.email_address) FROM appointment_personal p WHERE p.appointment_id = ${t}.appointment_id)
   OR h.agent_id = ${t}.agent_id
   OR h.agent_id IN (SELECT cb.agent_id FROM appointment_carrier_blocks cb WHERE cb.appointment_id = ${t}.appointment_id)
   OR h.user_id IN (SELECT ag.user_id FROM agents ag WHERE ag.id = ${t}.agent_id)
   OR h.agent_id IN (SELECT ag.id FROM agents ag WHERE ag.user_id IS NOT NULL AND ag.user_id = ${t}.user_id)))`;
};

/** True for an agent position (alias `ag`) held itself, through its user, its email or another position of the same person. */
export const agentHeldSql = (ag: string) => {
  const t = Prisma.raw(ag);
  return Prisma.sql`EXISTS (SELECT 1 FROM legal_holds h WHERE ${active} AND (
      h.agent_id = ${t}.id
   OR h.user_id = ${t}.user_id
   OR h.email = lower(${t}.email)
   OR h.agent_id IN (SELECT o.id FROM agents o WHERE ${t}.person_id IS NOT NULL AND o.person_id = ${t}.person_id)
   OR h.agent_id IN (SELECT o.id FROM agents o WHERE ${t}.user_id IS NOT NULL AND o.user_id = ${t}.user_id)))`;
};

export type HoldRow = { id: string; subject: string; reason: string; placedBy: string; placedAt: string; liftedAt: string | null };

/** Every hold, the ones in force first. */
export async function listHolds(): Promise<HoldRow[]> {
  const holds = await prisma.legalHold.findMany({ orderBy: [{ liftedAt: { sort: "desc", nulls: "first" } }, { placedAt: "desc" }], take: 500 });
  const ids = [...new Set(holds.map((h) => h.placedById))];
  const users = await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, userName: true } });
  const name = new Map(users.map((u) => [u.id, u.userName]));
  const agentIds = holds.flatMap((h) => (h.agentId ? [h.agentId] : []));
  const agents = await prisma.agent.findMany({ where: { id: { in: agentIds } }, select: { id: true, firstName: true, lastName: true, companyName: true } });
  const agentName = new Map(agents.map((a) => [a.id, [a.firstName, a.lastName].filter(Boolean).join(" ") || a.companyName || ""]));
  return holds.map((h) => ({
    id: h.id,
    subject: h.agentId ? `Agent ${h.subject}${agentName.get(h.agentId) ? ` (${agentName.get(h.agentId)})` : ""}` : h.subject,
    reason: h.reason,
    placedBy: name.get(h.placedById) ?? "",
    placedAt: h.placedAt.toISOString(),
    liftedAt: h.liftedAt?.toISOString() ?? null,
  }));
}

/** Who the form's 'Email address or agent number' names, or null when nobody. */
async function resolvePerson(subject: string): Promise<{ userId: string | null; email: string | null; agentId: number | null } | null> {
  if (subject.includes("@")) {
    const email = subject.toLowerCase();
    const user = await prisma.user.findUnique({ where: { userName: email }, select: { id: true } });
    const known =
      user ??
      (await prisma.appointment.findFirst({ where: { prospectEmailAddress: email }, select: { appointmentId: true } })) ??
      (await prisma.agent.findFirst({ where: { email: { equals: email, mode: "insensitive" } }, select: { id: true } }));
    return known ? { userId: user?.id ?? null, email, agentId: null } : null;
  }
  const agent = await prisma.agent.findFirst({ where: { agentNumber: subject }, orderBy: { id: "asc" }, select: { id: true, userId: true } });
  return agent ? { userId: agent.userId, email: null, agentId: agent.id } : null;
}

export type HoldResult = { ok: true } | { ok: false; field: "subject"; message: string };

export async function placeHold(admin: CurrentUser, input: PlaceHoldInput, request: Request): Promise<HoldResult> {
  const person = await resolvePerson(input.subject);
  if (!person) return { ok: false, field: "subject", message: M.nobody };
  await prisma.$transaction(async (tx) => {
    const hold = await tx.legalHold.create({ data: { ...person, subject: input.subject, reason: input.reason, placedById: admin.id } });
    const row = auditRow("LEGAL_HOLD_PLACED", {
      request,
      actorUserId: admin.id,
      impersonatorUserId: admin.impersonator?.id ?? null,
      targetType: "LegalHold",
      targetId: hold.id,
      details: { userId: person.userId, agentId: person.agentId },
    });
    await tx.auditLog.create({ data: { ...row, details: JSON.parse(row.details!) as never } });
  });
  return { ok: true };
}

/** Lifts a hold in force; false when there is none with this id (or it was lifted meanwhile). */
export async function liftHold(admin: CurrentUser, holdId: string, request: Request): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const n = await tx.legalHold.updateMany({ where: { id: holdId, liftedAt: null }, data: { liftedAt: new Date(), liftedById: admin.id } });
    if (n.count === 0) return false;
    const { details: _none, ...row } = auditRow("LEGAL_HOLD_LIFTED", { request, actorUserId: admin.id, impersonatorUserId: admin.impersonator?.id ?? null, targetType: "LegalHold", targetId: holdId });
    await tx.auditLog.create({ data: row });
    return true;
  });
}
