// The ACTIVE AGENTS tab's tree (spec part 3 §2 'Agents screen'): a position of the viewer, its direct
// upline and the children of every expanded node under it, paged TREE_PAGE_SIZE at a time, in one
// statement (TREE_SQL; with the positions: POSITIONS_AND_TREE_SQL, decision 0063). Scoped as the rest of
// agents.server.ts: the root is a position of the signed-in user, everything shown is under it.
import { queryRows } from "~/lib/db.server";
import { APPROVED_RECENTLY_SQL, containsPattern, OWN_POSITIONS_SQL, positionsOf, type Position, type PositionRow, type TreeNode } from "./agents.server";
import { TREE_MAX_OPEN, TREE_MAX_PAGES, TREE_PAGE_SIZE } from "./constants";

export type TreeView = {
  /** The agent above the viewer's position (shown, details refused), or null for a director. */
  upline: TreeNode | null;
  root: TreeNode;
  /** Expanded nodes: their children shown (cumulative pages) and whether '(more)' remains. */
  children: Record<number, { nodes: TreeNode[]; hasMore: boolean; pages: number }>;
  /** The expanded ids actually shown (those under the root). */
  open: number[];
};

/** Reads ?open=1,2,3 and ?pages=1:2,7:3 (both capped). */
export function readTreeParams(q: URLSearchParams): { open: number[]; pages: Map<number, number>; filter: string } {
  const ids = (v: string | null) =>
    (v ?? "")
      .slice(0, 1000)
      .split(",")
      .map((s) => Number(s))
      .filter((n) => Number.isSafeInteger(n) && n > 0);
  const open = [...new Set(ids(q.get("open")))].slice(0, TREE_MAX_OPEN);
  const pages = new Map<number, number>();
  for (const part of (q.get("pages") ?? "").slice(0, 1000).split(",")) {
    const [id, n] = part.split(":").map(Number);
    if (Number.isSafeInteger(id) && id > 0 && Number.isInteger(n) && n > 1) pages.set(id, Math.min(n, TREE_MAX_PAGES));
  }
  return { open, pages, filter: (q.get("filter") ?? "").trim().slice(0, 60) };
}

/** A TreeNode of agent `a` as a JSON object (the keys in TreeNode's order): TREE_SQL. */
const NODE_JSON = (a: string) => `json_build_object(
    'id', ${a}.id, 'agentNumber', ${a}.agent_number, 'companyNumber', ${a}.company_number, 'blockNumber', ${a}.block_number,
    'companyName', ${a}.company_name, 'firstName', ${a}.first_name, 'lastName', ${a}.last_name, 'agentType', ${a}.agent_type,
    'directUpline', ${a}.direct_upline, 'mgaCode', ${a}.mga_code, 'hierarchyLevel', ${a}.hierarchy_level, 'isActive', ${a}.is_active,
    'childCount', (SELECT count(*) FROM agents k WHERE k.parent_id = ${a}.id AND k.is_active)::int,
    'isNew', ${APPROVED_RECENTLY_SQL(a)})`;

/**
 * The whole tree of loadTree in one prepared statement (queryRows; fixed text, values as
 * parameters): the position ($1), its direct upline, which of the expanded ids ($2) are under it,
 * and the active children of the position and of each of those, by name (childrenPage's order
 * and filter), pages ($3 ids, $4 page counts) of TREE_PAGE_SIZE plus one row that tells whether
 * there are more. $5: the trimmed filter ('' for none), $6 its containsPattern(). Expanded nodes
 * stay visible under a filter (the path to what matches).
 */
const treeSql = (rootId: string) => `
  WITH root AS (SELECT a.* FROM agents a WHERE a.id = ${rootId}),
       inside AS (SELECT c.descendant_id AS id FROM agent_closure c
                   WHERE c.ancestor_id = ${rootId} AND c.descendant_id = ANY($2::int[]) AND c.depth > 0),
       opened AS (SELECT r.id FROM root r UNION SELECT i.id FROM inside i)
  SELECT (SELECT ${NODE_JSON("r")} FROM root r) AS root,
         (SELECT ${NODE_JSON("u")} FROM agents u WHERE u.id = (SELECT r.parent_id FROM root r)) AS upline,
         (SELECT COALESCE(json_agg(i.id), '[]') FROM inside i) AS inside,
         (SELECT COALESCE(json_object_agg(o.id, (
             SELECT COALESCE(json_agg(${NODE_JSON("a")} ORDER BY coalesce(a.last_name, a.company_name), a.first_name, a.id), '[]')
               FROM (SELECT a.* FROM agents a
                      WHERE a.parent_id = o.id AND a.is_active
                        AND ($5::text = '' OR a.last_name_search LIKE search_fold($6::text) OR a.first_name_search LIKE search_fold($6::text)
                             OR a.company_name_search LIKE search_fold($6::text) OR a.agent_number ILIKE $6::text
                             OR a.id IN (SELECT x.id FROM opened x))
                      ORDER BY coalesce(a.last_name, a.company_name), a.first_name, a.id
                      LIMIT ${TREE_PAGE_SIZE} * COALESCE((SELECT p.n FROM unnest($3::int[], $4::int[]) p(id, n) WHERE p.id = o.id LIMIT 1), 1) + 1) a)),
           '{}') FROM opened o) AS children`;
const TREE_SQL = treeSql("$1::int");

/**
 * The active tab's first read in one statement: the positions (OWN_POSITIONS_SQL, $1 the user), the
 * one `?h=` names ($7, else the first in the dropdown's order) and its tree (TREE_SQL's $2 to $6).
 * The database's order of carrier codes and agent numbers may differ from localeCompare's: the
 * caller checks that the position it picks is the one this tree is of (ownPositionsAndTree).
 */
const POSITIONS_AND_TREE_SQL = `
  WITH pos AS (${OWN_POSITIONS_SQL}),
       pick AS (SELECT p.id FROM pos p
                 ORDER BY (p.id = $7::int) IS TRUE DESC, p.is_health DESC, p.carrier_code, p.block_number, p.agent_number LIMIT 1)
  SELECT (SELECT COALESCE(json_agg(p), '[]') FROM pos p) AS positions, (SELECT k.id FROM pick k) AS picked, t.*
    FROM (${treeSql("(SELECT k.id FROM pick k)")}) t`;

type TreeRow = { root: TreeNode | null; upline: TreeNode | null; inside: number[]; children: Record<string, TreeNode[]> };
type TreeParams = { open: number[]; pages: Map<number, number>; filter: string };
const treeValues = (params: TreeParams, wanted: number[]) => [wanted, [...params.pages.keys()], [...params.pages.values()], params.filter, containsPattern(params.filter)];

/** The tree view of a TREE_SQL row; `wanted`: the expanded ids asked for (the root's own id aside). */
function treeOf(row: TreeRow | undefined, params: TreeParams): TreeView | null {
  if (!row?.root) return null;
  const root = row.root;
  const wanted = params.open.filter((id) => id !== root.id);
  const open = [root.id, ...wanted.filter((id) => row.inside.includes(id))];
  const children: TreeView["children"] = {};
  for (const id of open) {
    const pages = params.pages.get(id) ?? 1;
    const limit = pages * TREE_PAGE_SIZE;
    const nodes = row.children[String(id)] ?? [];
    children[id] = { nodes: nodes.slice(0, limit), hasMore: nodes.length > limit, pages };
  }
  return { upline: row.upline, root, children, open };
}

/**
 * ownPositionsAndDownline and the tree of the position `h` picks (pickPosition), in one statement:
 * the ACTIVE AGENTS tab. `tree(position)` is that tree, or (should the database have picked
 * another position than pickPosition) loadTree's.
 */
export async function ownPositionsAndTree(
  userId: string,
  h: string | null,
  params: TreeParams,
): Promise<{ positions: Position[]; hasActiveChild: boolean; tree: (position: Position) => Promise<TreeView | null> }> {
  const n = Number(h);
  const named = Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
  const [row] = await queryRows<TreeRow & { positions: PositionRow[]; picked: number | null }>(POSITIONS_AND_TREE_SQL, [
    userId,
    ...treeValues(params, params.open),
    named,
  ]);
  const own = positionsOf(row!.positions);
  return { ...own, tree: async (position) => (position.id === row!.picked ? treeOf(row, params) : loadTree(position, params)) };
}

/**
 * The tree of a position: the position, its direct upline (one parent
 * level) and the children of the position and of every expanded node under
 * it. Expanded ids outside the position's downline are ignored. One statement (TREE_SQL).
 */
export async function loadTree(position: Position, params: TreeParams): Promise<TreeView | null> {
  const wanted = params.open.filter((id) => id !== position.id);
  const [row] = await queryRows<TreeRow>(TREE_SQL, [position.id, ...treeValues(params, wanted)]);
  return treeOf(row, params);
}
