// Writing to the agent hierarchy. The tree is kept twice: Agent.parentId
// (the direct upline) and the AgentClosure table with one row per
// (ancestor, descendant) pair including (self, self, 0), so that a whole
// downline is one indexed query. Every insert goes through insertAgent so the
// two never disagree.
import type { Agent, Prisma } from "~/generated/prisma/client";
import { lockHierarchyShared } from "./lock.server";

type Db = Prisma.TransactionClient;

/** Agent fields a caller provides; parentId and directUpline follow from the parent. */
export type NewAgentData = Omit<Prisma.AgentUncheckedCreateInput, "id" | "parentId" | "ancestors" | "descendants"> & {
  directUpline?: string | null;
};

/** The direct upline shown for an agent with no parent (a marketing director). */
export const NO_UPLINE = "0000";

/**
 * Creates an agent position under `parentId` (null for the top of a
 * hierarchy) and its closure rows: (self, self, 0) plus one row per
 * ancestor of the parent with depth + 1. Call it inside a transaction.
 */
export async function insertAgent(tx: Db, data: NewAgentData, parentId: number | null): Promise<Agent> {
  // Not while a subtree of this hierarchy moves (move.server.ts): the parent's ancestors must not change under us.
  await lockHierarchyShared(tx, { companyNumber: data.companyNumber, blockNumber: data.blockNumber });
  let directUpline = data.directUpline ?? NO_UPLINE;
  let ancestors: Array<{ ancestorId: number; depth: number }> = [];
  if (parentId !== null) {
    const parent = await tx.agent.findUnique({ where: { id: parentId }, select: { id: true, agentNumber: true } });
    if (!parent) throw new Error(`insertAgent: parent agent ${parentId} does not exist`);
    directUpline = data.directUpline ?? parent.agentNumber;
    ancestors = await tx.agentClosure.findMany({
      where: { descendantId: parentId },
      select: { ancestorId: true, depth: true },
    });
    if (!ancestors.some((a) => a.ancestorId === parentId && a.depth === 0)) {
      throw new Error(`insertAgent: parent agent ${parentId} has no closure rows`);
    }
  }
  const agent = await tx.agent.create({ data: { ...data, directUpline, parentId } });
  await tx.agentClosure.createMany({
    data: [
      { ancestorId: agent.id, descendantId: agent.id, depth: 0 },
      ...ancestors.map((a) => ({ ancestorId: a.ancestorId, descendantId: agent.id, depth: a.depth + 1 })),
    ],
  });
  return agent;
}

// ───────────────────────────── reading: who is under whom ─────────────────────────────
// Shared by the agents screens, agent documents and the application access
// rule (an upline may open a downline application read-only).

/**
 * True when `agentId` is in the downline of one of the user's own agent
 * positions: one indexed query (closure primary key via the user's
 * positions). `strict` leaves out the user's own positions (depth 0).
 */
export async function isAgentUnderUser(
  db: Pick<Db, "$queryRaw">,
  userId: string,
  agentId: number,
  opts: { strict?: boolean } = {},
): Promise<boolean> {
  if (!Number.isSafeInteger(agentId) || agentId <= 0) return false;
  const minDepth = opts.strict ? 1 : 0;
  const rows = await db.$queryRaw<Array<{ ok: boolean }>>`
    SELECT EXISTS (
      SELECT 1 FROM agents u JOIN agent_closure c ON c.ancestor_id = u.id
       WHERE u.user_id = ${userId}::uuid AND c.descendant_id = ${agentId} AND c.depth >= ${minDepth}
    ) AS ok`;
  return rows[0]?.ok === true;
}

/** True when agent `descendantId` is under agent `ancestorId` (or is it, unless strict). */
export async function isAgentUnder(
  db: Pick<Db, "$queryRaw">,
  ancestorId: number,
  descendantId: number,
  opts: { strict?: boolean } = {},
): Promise<boolean> {
  if (!Number.isSafeInteger(ancestorId) || !Number.isSafeInteger(descendantId)) return false;
  const minDepth = opts.strict ? 1 : 0;
  const rows = await db.$queryRaw<Array<{ ok: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM agent_closure WHERE ancestor_id = ${ancestorId} AND descendant_id = ${descendantId} AND depth >= ${minDepth}) AS ok`;
  return rows[0]?.ok === true;
}

/**
 * True when one of the agent positions `agentIds`, or a position held by one
 * of the users `userIds`, is one of `viewerUserId`'s active positions or
 * under one of them. One indexed query: the viewer's positions
 * (agents.user_id) joined to the closure table on its primary key
 * (ancestor_id, descendant_id).
 */
export async function isUnderUser(
  db: Pick<Prisma.TransactionClient, "$queryRawUnsafe">,
  viewerUserId: string,
  target: { agentIds?: ReadonlyArray<number | null | undefined>; userIds?: ReadonlyArray<string | null | undefined> },
): Promise<boolean> {
  const agentIds = [...new Set((target.agentIds ?? []).filter((v): v is number => Number.isSafeInteger(v)))];
  const userIds = [...new Set((target.userIds ?? []).filter((v): v is string => typeof v === "string" && v.length > 0))];
  if (agentIds.length === 0 && userIds.length === 0) return false;
  const rows = await db.$queryRawUnsafe<Array<{ under: boolean }>>(IS_UNDER_USER_SQL, viewerUserId, agentIds, userIds);
  return rows[0]?.under === true;
}

/**
 * isUnderUser's rule as SQL text, for a statement that asks it among other
 * things (the save's session statement, appointment/access.server.ts):
 * `viewer` is a user id, `agentIds` an int[] and `userIds` a uuid[]
 * expression of the caller's statement (SQL text of our own, never input).
 */
export const underUserSql = (viewer: string, agentIds: string, userIds: string) => `EXISTS (
      SELECT 1
        FROM agents v
        JOIN agent_closure c ON c.ancestor_id = v.id
       WHERE v.user_id = ${viewer}
         AND v.is_active
         AND (c.descendant_id = ANY(${agentIds})
              OR c.descendant_id IN (SELECT sa.id FROM agents sa WHERE sa.user_id = ANY(${userIds}))))`;

const IS_UNDER_USER_SQL = `SELECT ${underUserSql("$1::uuid", "$2::int[]", "$3::uuid[]")} AS under`;
