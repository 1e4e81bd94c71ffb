// The closure table's consistency check (decision 0001): the closure rebuilt
// from agents.parent_id by a recursive walk, compared with agent_closure
// both ways. Used by the tests after moves; cheap enough after a bulk import.
import type { Prisma } from "~/generated/prisma/client";

export type ClosureRow = { ancestor_id: number; descendant_id: number; depth: number };

/**
 * Rows the closure table lacks (`missing`: in the walk of parent_id, not in
 * agent_closure) and rows it has in excess (`extra`), at most `limit` of each.
 * Both empty: the closure table is exactly the one rebuilt from parent ids.
 */
export async function closureDifferences(db: Pick<Prisma.TransactionClient, "$queryRaw">, limit = 20): Promise<{ missing: ClosureRow[]; extra: ClosureRow[] }> {
  const rows = await db.$queryRaw<Array<ClosureRow & { side: "missing" | "extra" }>>`
    WITH RECURSIVE walk(ancestor_id, descendant_id, depth) AS (
      SELECT id, id, 0 FROM agents
      UNION ALL
      SELECT a.parent_id, w.descendant_id, w.depth + 1
        FROM walk w JOIN agents a ON a.id = w.ancestor_id
       WHERE a.parent_id IS NOT NULL
    ),
    missing AS (
      SELECT ancestor_id, descendant_id, depth FROM walk
      EXCEPT SELECT ancestor_id, descendant_id, depth FROM agent_closure
    ),
    extra AS (
      SELECT ancestor_id, descendant_id, depth FROM agent_closure
      EXCEPT SELECT ancestor_id, descendant_id, depth FROM walk
    )
    (SELECT 'missing' AS side, * FROM missing ORDER BY 2, 3 LIMIT ${limit})
    UNION ALL
    (SELECT 'extra' AS side, * FROM extra ORDER BY 2, 3 LIMIT ${limit})`;
  return {
    missing: rows.filter((r) => r.side === "missing").map(({ side: _s, ...r }) => r),
    extra: rows.filter((r) => r.side === "extra").map(({ side: _s, ...r }) => r),
  };
}
