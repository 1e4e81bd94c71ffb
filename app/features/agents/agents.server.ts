// The agents screens (spec part 3 §2 'Agents screen'): the viewer's own
// hierarchies (positions), the tree with children paged 40 at a time, the
// downline search and the deactivated agents. Every query is scoped to a
// position of the signed-in user (ownPositions) and, below it, to the
// closure table (docs/decisions/0001-hierarchy-closure-table.md): a caller
// can only name a position of their own and agents under it.
import { Prisma } from "~/generated/prisma/client";
import { prisma, queryRows } from "~/lib/db.server";
import { viewerPositionsSql } from "~/features/hierarchy/hierarchy.server";
import { carrierTabLabel } from "./format";
import type { SearchCriteria } from "./schema";

import { DEACTIVATED_MONTHS, NEW_AGENT_DAYS, TREE_PAGE_SIZE } from "./constants";

export * from "./constants";

export type Position = {
  id: number;
  agentNumber: string;
  companyNumber: string;
  blockNumber: number;
  mgaCode: string;
  hierarchyLevel: number;
  carrierCode: string;
  isHealth: boolean;
  /** The carrier tab it belongs to: 'MIAC HEALTH', 'SLAC LIFE'... */
  tab: string;
};

/**
 * The signed-in user's active positions (hierarchy.server.ts viewerPositionsSql: their own agents,
 * active), with the block's health flag and carrier, and whether an active agent is directly
 * under the position (detail.server.ts mayRequestMove): one prepared statement (queryRows), the
 * first of every agents screen.
 */
export const OWN_POSITIONS_SQL = `
  SELECT a.id, a.agent_number, a.company_number, a.block_number, a.mga_code, a.hierarchy_level, b.is_health, c.carrier_code,
         EXISTS (SELECT 1 FROM agents k WHERE k.parent_id = a.id AND k.is_active) AS has_active_child
    FROM agents a JOIN blocks b ON b.block_number = a.block_number JOIN carriers c ON c.carrier_id = b.carrier_id
   WHERE a.id IN (${viewerPositionsSql("$1::uuid")})`;

export type PositionRow = {
  id: number;
  agent_number: string;
  company_number: string;
  block_number: number;
  mga_code: string;
  hierarchy_level: number;
  is_health: boolean;
  carrier_code: string;
  has_active_child: boolean;
};

/** The positions in the dropdown's order (health before life, by carrier, block, agent number), and whether one has an active agent under it. */
export function positionsOf(rows: PositionRow[]): { positions: Position[]; hasActiveChild: boolean } {
  const positions = rows
    .map((r) => ({
      id: r.id,
      agentNumber: r.agent_number,
      companyNumber: r.company_number,
      blockNumber: r.block_number,
      mgaCode: r.mga_code,
      hierarchyLevel: r.hierarchy_level,
      carrierCode: r.carrier_code,
      isHealth: r.is_health,
      tab: carrierTabLabel(r.carrier_code, r.is_health),
    }))
    .sort(
      (a, b) =>
        Number(b.isHealth) - Number(a.isHealth) ||
        a.carrierCode.localeCompare(b.carrierCode) ||
        a.blockNumber - b.blockNumber ||
        a.agentNumber.localeCompare(b.agentNumber),
    );
  return { positions, hasActiveChild: rows.some((r) => r.has_active_child) };
}

/** The signed-in user's active positions (the hierarchy dropdown), health before life, by carrier and block. */
export async function ownPositions(userId: string): Promise<Position[]> {
  return (await ownPositionsAndDownline(userId)).positions;
}

/** ownPositions, and whether an active agent is directly under one of them (one statement). */
export async function ownPositionsAndDownline(userId: string): Promise<{ positions: Position[]; hasActiveChild: boolean }> {
  return positionsOf(await queryRows<PositionRow>(OWN_POSITIONS_SQL, [userId]));
}

/** The carrier tabs, from the user's positions (not a fixed list): each opens its first hierarchy. */
export function carrierTabs(positions: Position[]): Array<{ label: string; positionId: number }> {
  const tabs: Array<{ label: string; positionId: number }> = [];
  for (const p of positions) if (!tabs.some((t) => t.label === p.tab)) tabs.push({ label: p.tab, positionId: p.id });
  return tabs;
}

/** The position named by ?h= when it is one of the user's own, else the first; null without positions. */
export function pickPosition(positions: Position[], h: string | null | undefined): Position | null {
  const id = Number(h);
  return positions.find((p) => p.id === id) ?? positions[0] ?? null;
}

export type TreeNode = {
  id: number;
  agentNumber: string;
  companyNumber: string;
  blockNumber: number;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  agentType: string;
  directUpline: string | null;
  mgaCode: string;
  hierarchyLevel: number;
  isActive: boolean;
  /** Active agents directly under this one. */
  childCount: number;
  /** Appointed by an approval in the last NEW_AGENT_DAYS days (the tree only; decision 0098). */
  isNew?: boolean;
};

type NodeRow = {
  id: number;
  agent_number: string;
  company_number: string;
  block_number: number;
  company_name: string | null;
  first_name: string | null;
  last_name: string | null;
  agent_type: string;
  direct_upline: string | null;
  mga_code: string;
  hierarchy_level: number;
  is_active: boolean;
  child_count: number;
  is_new: boolean;
};

/**
 * Whether agent `a` (an SQL alias) holds a position an approval created in the last NEW_AGENT_DAYS
 * days (decision 0098): 'new' in the tree. Imported and seeded positions have no approval.
 */
export const APPROVED_RECENTLY_SQL = (a: string) =>
  `EXISTS (SELECT 1 FROM appointment_carrier_blocks cb JOIN appointments ap ON ap.appointment_id = cb.appointment_id
            WHERE cb.agent_id = ${a}.id AND ap.approved_at >= now() - interval '${NEW_AGENT_DAYS} days')`;

const toNode = (r: NodeRow): TreeNode => ({
  id: r.id,
  agentNumber: r.agent_number,
  companyNumber: r.company_number,
  blockNumber: r.block_number,
  companyName: r.company_name,
  firstName: r.first_name,
  lastName: r.last_name,
  agentType: r.agent_type,
  directUpline: r.direct_upline,
  mgaCode: r.mga_code,
  hierarchyLevel: r.hierarchy_level,
  isActive: r.is_active,
  childCount: Number(r.child_count),
  isNew: Boolean(r.is_new),
});

const NODE_COLUMNS = Prisma.sql`a.id, a.agent_number, a.company_number, a.block_number, a.company_name, a.first_name, a.last_name,
  a.agent_type, a.direct_upline, a.mga_code, a.hierarchy_level, a.is_active,
  (SELECT count(*) FROM agents k WHERE k.parent_id = a.id AND k.is_active)::int AS child_count, ${Prisma.raw(APPROVED_RECENTLY_SQL("a"))} AS is_new`;

/** The node columns without the child count (grids that do not show it: no subquery per match). */
const GRID_COLUMNS = Prisma.sql`a.id, a.agent_number, a.company_number, a.block_number, a.company_name, a.first_name, a.last_name,
  a.agent_type, a.direct_upline, a.mga_code, a.hierarchy_level, a.is_active, 0 AS child_count, false AS is_new`;

/** `%text%` for ILIKE with the user's %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A name (last, first or company) contains `text`, ignoring case and accents
 * (decision 0050): the folded column, kept by the agents_search_fold trigger,
 * LIKE the term folded by the same SQL function (search_fold: unaccent, then
 * Unicode lower case), so 'nunez', 'ÑÚÑEZ' and 'Ñúñez' find 'Núñez'. The
 * trigram indexes are on the folded columns.
 */
export function nameContains(column: "last" | "first" | "company", text: string): Prisma.Sql {
  const folded = { last: Prisma.sql`a.last_name_search`, first: Prisma.sql`a.first_name_search`, company: Prisma.sql`a.company_name_search` }[column];
  return Prisma.sql`${folded} LIKE search_fold(${containsPattern(text)})`;
}

/** Sort key of the tree and the grids: last name (or company name), first name, id. */
const NAME_ORDER = Prisma.sql`coalesce(a.last_name, a.company_name), a.first_name, a.id`;

export async function nodeById(id: number): Promise<TreeNode | null> {
  const rows = await prisma.$queryRaw<NodeRow[]>`SELECT ${NODE_COLUMNS} FROM agents a WHERE a.id = ${id}`;
  return rows[0] ? toNode(rows[0]) : null;
}

/**
 * Active children of `parentId`, ordered by name, `limit` from `offset`,
 * optionally only those whose last, first or company name or agent number
 * contains `filter`. One more row than asked tells whether there are more.
 */
export async function childrenPage(
  parentId: number,
  opts: { offset?: number; limit?: number; filter?: string; keep?: number[] } = {},
): Promise<{ nodes: TreeNode[]; hasMore: boolean }> {
  const limit = opts.limit ?? TREE_PAGE_SIZE;
  const filter = (opts.filter ?? "").trim();
  // `keep`: expanded nodes stay visible under a filter, so the path to what matches does.
  const where = filter
    ? Prisma.sql`AND (${nameContains("last", filter)} OR ${nameContains("first", filter)}
                   OR ${nameContains("company", filter)} OR a.agent_number ILIKE ${containsPattern(filter)}
                   OR a.id = ANY(${opts.keep ?? []}::int[]))`
    : Prisma.empty;
  const rows = await prisma.$queryRaw<NodeRow[]>`
    SELECT ${NODE_COLUMNS} FROM agents a
     WHERE a.parent_id = ${parentId} AND a.is_active ${where}
     ORDER BY ${NAME_ORDER} LIMIT ${limit + 1} OFFSET ${opts.offset ?? 0}`;
  return { nodes: rows.slice(0, limit).map(toNode), hasMore: rows.length > limit };
}

export type SearchResult = TreeNode & { treeLevel: number };

/**
 * Downline search (spec §2 SEARCH, §3): case- and accent-insensitive
 * substring on the given fields (AND; names by nameContains), active agents under the position (and the position
 * itself), by name, one page and the total.
 */
export async function searchDownline(
  rootId: number,
  criteria: SearchCriteria,
  paging: { page: number; pageSize: number },
): Promise<{ results: SearchResult[]; totalRecords: number }> {
  const conds: Prisma.Sql[] = [];
  if (criteria.lastName) conds.push(nameContains("last", criteria.lastName));
  if (criteria.firstName) conds.push(nameContains("first", criteria.firstName));
  if (criteria.agentNumber) conds.push(Prisma.sql`a.agent_number ILIKE ${containsPattern(criteria.agentNumber)}`);
  if (criteria.companyName) conds.push(nameContains("company", criteria.companyName));
  if (!conds.length) return { results: [], totalRecords: 0 };
  // The matches come from the trigram indexes; membership of each in the downline is one probe of
  // the closure's primary key (LATERAL): the planner would otherwise hash the whole downline
  // (50,000 closure rows under a director) to join a few hundred matches; OFFSET 0 keeps the
  // subquery from being flattened into that join.
  const rows = await prisma.$queryRaw<Array<NodeRow & { tree_level: number; total: bigint }>>`
    SELECT ${GRID_COLUMNS}, c.depth AS tree_level, count(*) OVER () AS total
      FROM agents a
      JOIN LATERAL (SELECT depth FROM agent_closure WHERE ancestor_id = ${rootId} AND descendant_id = a.id OFFSET 0) c ON true
     WHERE a.is_active AND ${Prisma.join(conds, " AND ")}
     ORDER BY ${NAME_ORDER}
     LIMIT ${paging.pageSize} OFFSET ${paging.page * paging.pageSize}`;
  const totalRecords = rows.length ? Number(rows[0].total) : paging.page > 0 ? await countSearch(rootId, conds) : 0;
  return { results: rows.map((r) => ({ ...toNode(r), treeLevel: r.tree_level })), totalRecords };
}

async function countSearch(rootId: number, conds: Prisma.Sql[]): Promise<number> {
  const rows = await prisma.$queryRaw<Array<{ n: number }>>`
    SELECT count(*)::int AS n FROM agents a
      JOIN LATERAL (SELECT depth FROM agent_closure WHERE ancestor_id = ${rootId} AND descendant_id = a.id OFFSET 0) c ON true
     WHERE a.is_active AND ${Prisma.join(conds, " AND ")}`;
  return rows[0]?.n ?? 0;
}

export type DeactivatedAgent = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  agentType: string;
  agentNumber: string;
  companyNumber: string;
  blockNumber: number;
  terminationDate: string;
};

/** The first day of the window 'over the last 12 months' (UTC date). */
export function deactivatedSince(now: Date): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - DEACTIVATED_MONTHS, now.getUTCDate()));
  return d;
}

/** Agents under the position deactivated (terminated) over the last 12 months, most recent first. */
export async function deactivatedAgents(
  rootId: number,
  paging: { page: number; pageSize: number },
  now = new Date(),
): Promise<{ results: DeactivatedAgent[]; totalRecords: number }> {
  const since = deactivatedSince(now);
  const rows = await prisma.$queryRaw<
    Array<{ id: number; first_name: string | null; last_name: string | null; company_name: string | null; agent_type: string; agent_number: string; company_number: string; block_number: number; termination_date: Date; total: bigint }>
  >`
    SELECT a.id, a.first_name, a.last_name, a.company_name, a.agent_type, a.agent_number, a.company_number, a.block_number,
           a.termination_date, count(*) OVER () AS total
      FROM agents a JOIN agent_closure c ON c.descendant_id = a.id AND c.ancestor_id = ${rootId} AND c.depth > 0
     WHERE NOT a.is_active AND a.termination_date >= ${since}::date AND a.termination_date <= ${now}::date
     ORDER BY a.termination_date DESC, a.id
     LIMIT ${paging.pageSize} OFFSET ${paging.page * paging.pageSize}`;
  let totalRecords = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && paging.page > 0) {
    const c = await prisma.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM agents a JOIN agent_closure c ON c.descendant_id = a.id AND c.ancestor_id = ${rootId} AND c.depth > 0
       WHERE NOT a.is_active AND a.termination_date >= ${since}::date AND a.termination_date <= ${now}::date`;
    totalRecords = c[0]?.n ?? 0;
  }
  return {
    results: rows.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      companyName: r.company_name,
      agentType: r.agent_type,
      agentNumber: r.agent_number,
      companyNumber: r.company_number,
      blockNumber: r.block_number,
      terminationDate: r.termination_date.toISOString(),
    })),
    totalRecords,
  };
}

/** The agent with this agent number under (or at) the position, or null: one indexed query. */
export async function findInHierarchy(rootId: number, agentNumber: string): Promise<number | null> {
  const rows = await prisma.$queryRaw<Array<{ id: number }>>`
    SELECT a.id FROM agents a JOIN agent_closure c ON c.descendant_id = a.id AND c.ancestor_id = ${rootId}
     WHERE a.agent_number = ${agentNumber} ORDER BY a.is_active DESC, a.id LIMIT 1`;
  return rows[0]?.id ?? null;
}
