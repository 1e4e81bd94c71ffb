// Moving an agent and its whole downline under another upline (a 'Request
// that an Agent be Moved' carried out from the service request queue;
// decisions 0001 and 0030).
//
// The tree is kept twice (hierarchy.server.ts): agents.parent_id and the
// closure table. A move, in ONE transaction, under the hierarchy's advisory
// lock taken exclusively (lock.server.ts; inserts take it shared):
//   1. re-reads the agent and the new upline and refuses: the same agent, an
//      upline inside the agent's downline, another hierarchy (company, block
//      or MGA code), a marketing director (no upline), an upline that is
//      already the direct upline, a deactivated upline, an upline whose level
//      number is larger than the agent's;
//   2. deletes the closure rows linking the subtree to its old ancestors and
//      inserts the cross product of the new upline's ancestors (itself
//      included) with the subtree;
//   3. updates the agent's parent_id and direct_upline (the upline's agent
//      number); nothing else on agents derives from the position (levels are
//      commission levels, not depths; mga_code is the hierarchy's and stays);
//   4. writes the audit entry AGENT_MOVED.
import type { Prisma } from "~/generated/prisma/client";
import { actorOf, emitAgentEvents } from "~/features/webhooks/event-data.server";
import { clientIp } from "~/lib/security.server";
import { lockHierarchy } from "./lock.server";
import { MOVE_MESSAGES, type MoveRefusalCode } from "./move-messages";

type Db = Prisma.TransactionClient;

export type MoveAgentSummary = {
  id: number;
  agentNumber: string;
  companyNumber: string;
  blockNumber: number;
  name: string;
  hierarchyLevel: number;
};

export type MovePlan = {
  agent: MoveAgentSummary;
  /** The current direct upline (null: none). */
  from: MoveAgentSummary | null;
  to: MoveAgentSummary;
  /** Agents that move: the agent and its whole downline (active or not). */
  subtreeSize: number;
};

export type MoveRefusal = { ok: false; code: MoveRefusalCode; message: string };
export type MovePlanResult = { ok: true; plan: MovePlan } | MoveRefusal;

const refuse = (code: MoveRefusalCode): MoveRefusal => ({ ok: false, code, message: MOVE_MESSAGES[code] });

const SUMMARY = {
  id: true,
  agentNumber: true,
  companyNumber: true,
  blockNumber: true,
  mgaCode: true,
  hierarchyLevel: true,
  firstName: true,
  lastName: true,
  companyName: true,
  parentId: true,
  isActive: true,
} as const;

type Row = { id: number; agentNumber: string; companyNumber: string; blockNumber: number; hierarchyLevel: number; firstName: string | null; lastName: string | null; companyName: string | null };

function summary(a: Row): MoveAgentSummary {
  const name = [a.firstName, a.lastName].filter(Boolean).join(" ") || a.companyName || "(no name)";
  return { id: a.id, agentNumber: a.agentNumber, companyNumber: a.companyNumber, blockNumber: a.blockNumber, name, hierarchyLevel: a.hierarchyLevel };
}

/**
 * What moving `agentId` under `newUplineId` would do, or why it is refused.
 * Read-only; moveSubtree runs it again under the lock.
 */
export async function planMove(db: Db, agentId: number, newUplineId: number): Promise<MovePlanResult> {
  if (!Number.isSafeInteger(agentId) || agentId <= 0) return refuse("AGENT_NOT_FOUND");
  if (!Number.isSafeInteger(newUplineId) || newUplineId <= 0) return refuse("UPLINE_NOT_FOUND");
  if (agentId === newUplineId) return refuse("SAME_AGENT");
  const [agent, upline] = await Promise.all([
    db.agent.findUnique({ where: { id: agentId }, select: SUMMARY }),
    db.agent.findUnique({ where: { id: newUplineId }, select: SUMMARY }),
  ]);
  if (!agent) return refuse("AGENT_NOT_FOUND");
  if (!upline) return refuse("UPLINE_NOT_FOUND");
  if (agent.companyNumber !== upline.companyNumber || agent.blockNumber !== upline.blockNumber || agent.mgaCode !== upline.mgaCode) {
    return refuse("OTHER_HIERARCHY");
  }
  if (agent.parentId === null) return refuse("DIRECTOR");
  const rows = await db.$queryRaw<Array<{ inside: boolean; size: number }>>`
    SELECT EXISTS (SELECT 1 FROM agent_closure WHERE ancestor_id = ${agentId} AND descendant_id = ${newUplineId}) AS inside,
           (SELECT count(*)::int FROM agent_closure WHERE ancestor_id = ${agentId}) AS size`;
  if (rows[0]?.inside) return refuse("INSIDE_SUBTREE");
  if (agent.parentId === upline.id) return refuse("ALREADY_UNDER");
  if (!upline.isActive) return refuse("UPLINE_INACTIVE");
  if (upline.hierarchyLevel > agent.hierarchyLevel) return refuse("UPLINE_LEVEL_BELOW");
  const from = await db.agent.findUnique({ where: { id: agent.parentId }, select: SUMMARY });
  return { ok: true, plan: { agent: summary(agent), from: from ? summary(from) : null, to: summary(upline), subtreeSize: rows[0]?.size ?? 1 } };
}

export type MoveOptions = {
  /** The internal administrator carrying it out (audit, updated_by_id). */
  actorUserId: string;
  impersonatorUserId?: string | null;
  /** The service request it answers (audit details). */
  serviceRequestId?: number | null;
  /** Refuse (CHANGED) when the subtree is not this size any more (the preview's figure). */
  expectedSubtreeSize?: number;
  /** For the audit entry's address and user agent. */
  request?: Request;
};

/**
 * Moves `agentId` and its downline under `newUplineId`. Call inside a
 * transaction (prisma.$transaction(tx => moveSubtree(tx, ...))): the lock is
 * held until it commits.
 */
export async function moveSubtree(tx: Db, agentId: number, newUplineId: number, opts: MoveOptions): Promise<MovePlanResult> {
  if (!Number.isSafeInteger(agentId) || agentId <= 0) return refuse("AGENT_NOT_FOUND");
  // The hierarchy of the agent (company and block never change: moves stay inside one).
  const where = await tx.agent.findUnique({ where: { id: agentId }, select: { companyNumber: true, blockNumber: true } });
  if (!where) return refuse("AGENT_NOT_FOUND");
  await lockHierarchy(tx, where);
  // Under the lock, every check again on what is committed now.
  const planned = await planMove(tx, agentId, newUplineId);
  if (!planned.ok) return planned;
  const { plan } = planned;
  if (opts.expectedSubtreeSize !== undefined && opts.expectedSubtreeSize !== plan.subtreeSize) return refuse("CHANGED");

  // The subtree's links to its old ancestors (the agent's ancestors other than itself).
  await tx.$executeRaw`
    DELETE FROM agent_closure d
     USING agent_closure sub, agent_closure sup
     WHERE sub.ancestor_id = ${agentId} AND d.descendant_id = sub.descendant_id
       AND sup.descendant_id = ${agentId} AND sup.ancestor_id <> ${agentId}
       AND d.ancestor_id = sup.ancestor_id`;
  // The new upline's ancestors (itself included) times the subtree.
  await tx.$executeRaw`
    INSERT INTO agent_closure (ancestor_id, descendant_id, depth)
    SELECT sup.ancestor_id, sub.descendant_id, sup.depth + sub.depth + 1
      FROM agent_closure sup CROSS JOIN agent_closure sub
     WHERE sup.descendant_id = ${newUplineId} AND sub.ancestor_id = ${agentId}`;
  await tx.agent.update({
    where: { id: agentId },
    data: { parentId: newUplineId, directUpline: plan.to.agentNumber, updatedById: opts.actorUserId },
  });
  await tx.auditLog.create({
    data: {
      action: "AGENT_MOVED",
      actorUserId: opts.actorUserId,
      impersonatorUserId: opts.impersonatorUserId ?? null,
      targetType: "Agent",
      targetId: String(agentId),
      ipAddress: opts.request ? clientIp(opts.request) : null,
      userAgent: opts.request?.headers.get("User-Agent")?.slice(0, 500) ?? null,
      details: {
        agentNumber: plan.agent.agentNumber,
        companyNumber: plan.agent.companyNumber,
        blockNumber: plan.agent.blockNumber,
        fromAgentId: plan.from?.id ?? null,
        fromAgentNumber: plan.from?.agentNumber ?? null,
        toAgentId: plan.to.id,
        toAgentNumber: plan.to.agentNumber,
        subtreeSize: plan.subtreeSize,
        serviceRequestId: opts.serviceRequestId ?? null,
      },
    },
  });
  // One agent.moved, for the agent whose direct upline changed: its downline keeps its own direct
  // uplines (decision 0078); subtree_size says how many positions moved with it.
  await emitAgentEvents(tx, "agent.moved", [agentId], {
    actor: actorOf(opts.actorUserId),
    source: "move",
    previous_upline: plan.from ? { id: plan.from.id, agent_number: plan.from.agentNumber } : null,
    subtree_size: plan.subtreeSize,
  });
  return planned;
}

/** An agent position by its number within a company and block (how agents are identified). */
export async function findAgentByNumber(db: Db, ref: { agentNumber: string; companyNumber: string; blockNumber: number }) {
  return db.agent.findUnique({
    where: { agentNumber_companyNumber_blockNumber: ref },
    select: { id: true },
  });
}
