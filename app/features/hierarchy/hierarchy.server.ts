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
// THE hierarchy rule (docs/decisions/0038-one-hierarchy-rule.md), the only
// place it is written: an agent position is under a user when it is one of
// the user's ACTIVE positions or below one of them (agent_closure). A
// deactivated position reaches nothing, not even the agents still below it;
// a user with an active position in another hierarchy keeps that one.
// Whether the position asked about must itself be active is the caller's
// question, not the rule's: recruiting for it needs it active (activeOnly),
// reading its history (applications, documents, the deactivated tab) does not.
// Every reader of a downline asks through one of the exports below: a
// function (one indexed query) or an SQL fragment for a statement that asks
// it among other things. The fragments take SQL text of our own (column
// names, $n placeholders), never input.

/** SQL: the ids (column `id`) of the positions that count for user `viewer` (an SQL uuid expression): their active ones. */
export const viewerPositionsSql = (viewer: string) => `SELECT v.id FROM agents v WHERE v.user_id = ${viewer} AND v.is_active`;

/** Prisma: the same positions, as a filter of agents (the hierarchy dropdowns: agents screens, /linx). */
export const viewerPositionsWhere = (userId: string) => ({ userId, isActive: true }) satisfies Prisma.AgentWhereInput;

/**
 * SQL: true when agent `agentExpr` is one of the positions of relation
 * `positions` (a CTE of viewerPositionsSql) or under one. Driven by the
 * closure's index on descendant_id: one probe per row of the caller's
 * statement, whatever the size of the downline (/inprog, the pipeline card).
 */
export const underPositionsSql = (positions: string, agentExpr: string) => `EXISTS (
              SELECT 1 FROM agent_closure c
               WHERE c.descendant_id = ${agentExpr}
                 AND c.ancestor_id IN (SELECT id FROM ${positions}))`;

/**
 * SQL: the ids (column `id`) of the agents under the positions of relation
 * `positions` (a CTE of viewerPositionsSql); `strict` leaves out the
 * positions themselves (depth 0). The reports read the whole downline so.
 */
export const downlineSql = (positions: string, opts: { strict?: boolean } = {}) =>
  `SELECT DISTINCT c.descendant_id AS id FROM agent_closure c JOIN ${positions} p ON p.id = c.ancestor_id${opts.strict ? " WHERE c.depth > 0" : ""}`;

/**
 * isUnderUser's rule as SQL text, for a statement that asks it among other
 * things (the save's session statement, appointment/access.server.ts):
 * `viewer` is a user id, `agentIds` an int[] and `userIds` a uuid[]
 * expression of the caller's statement. True when one of the agents, or a
 * position held by one of the users, is under the viewer. One indexed query:
 * the viewer's positions (agents.user_id) joined to the closure table on its
 * primary key (ancestor_id, descendant_id).
 */
export const underUserSql = (viewer: string, agentIds: string, userIds: string) => `EXISTS (
      SELECT 1
        FROM (${viewerPositionsSql(viewer)}) v
        JOIN agent_closure c ON c.ancestor_id = v.id
       WHERE c.descendant_id = ANY(${agentIds})
          OR c.descendant_id IN (SELECT sa.id FROM agents sa WHERE sa.user_id = ANY(${userIds})))`;

const IS_UNDER_USER_SQL = `SELECT ${underUserSql("$1::uuid", "$2::int[]", "$3::uuid[]")} AS under`;

type RawDb = Pick<Prisma.TransactionClient, "$queryRawUnsafe">;

/**
 * True when one of the agent positions `agentIds`, or a position held by one
 * of the users `userIds`, is one of `viewerUserId`'s active positions or
 * under one of them (underUserSql).
 */
export async function isUnderUser(
  db: RawDb,
  viewerUserId: string,
  target: { agentIds?: ReadonlyArray<number | null | undefined>; userIds?: ReadonlyArray<string | null | undefined> },
): Promise<boolean> {
  const agentIds = [...new Set((target.agentIds ?? []).filter((v): v is number => Number.isSafeInteger(v)))];
  const userIds = [...new Set((target.userIds ?? []).filter((v): v is string => typeof v === "string" && v.length > 0))];
  if (agentIds.length === 0 && userIds.length === 0) return false;
  const rows = await db.$queryRawUnsafe<Array<{ under: boolean }>>(IS_UNDER_USER_SQL, viewerUserId, agentIds, userIds);
  return rows[0]?.under === true;
}

const AGENTS_UNDER_USER_SQL = `
  SELECT DISTINCT c.descendant_id AS id
    FROM (${viewerPositionsSql("$1::uuid")}) v
    JOIN agent_closure c ON c.ancestor_id = v.id
    JOIN agents d ON d.id = c.descendant_id
   WHERE c.descendant_id = ANY($2::int[]) AND c.depth >= $3::int AND (d.is_active OR NOT $4::boolean)`;

/**
 * Which of the agent positions `agentIds` are under user `userId` (the rule
 * above), in one indexed query. `strict` leaves out the user's own positions;
 * `activeOnly` the positions that are themselves deactivated (recruiting:
 * links, the cart, invitations).
 */
export async function agentsUnderUser(
  db: RawDb,
  userId: string,
  agentIds: ReadonlyArray<number>,
  opts: { strict?: boolean; activeOnly?: boolean } = {},
): Promise<Set<number>> {
  const ids = [...new Set(agentIds.filter((v) => Number.isSafeInteger(v) && v > 0 && v <= 2_147_483_647))];
  if (ids.length === 0) return new Set();
  const rows = await db.$queryRawUnsafe<Array<{ id: number }>>(AGENTS_UNDER_USER_SQL, userId, ids, opts.strict ? 1 : 0, opts.activeOnly === true);
  return new Set(rows.map((r) => r.id));
}

/** True when agent `agentId` is under user `userId` (agentsUnderUser for one agent). */
export async function isAgentUnderUser(
  db: RawDb,
  userId: string,
  agentId: number,
  opts: { strict?: boolean; activeOnly?: boolean } = {},
): Promise<boolean> {
  return (await agentsUnderUser(db, userId, [agentId], opts)).has(agentId);
}
