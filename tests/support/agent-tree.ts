// The sub-hierarchy the agents tests add under the demo director (MIAC health, block 72): a top
// agent X with 45 children (paging, '(more)'), one grandchild under the first child, and a
// terminated agent GONE. Used by the agents screens in Chromium (tests/e2e/agents-js.test.ts) and
// without JavaScript (tests/integration/back-office-nojs.test.ts), on their own databases.
import type pg from "pg";
import { DEMO } from "./browser";

/** The names this run uses (agent numbers are unique per run). */
export function agentTreeNames(run = `${Date.now() % 100000}`.padStart(5, "0")) {
  return {
    run,
    X: { agentNumber: `7${run}0`, lastName: "Aabergh", firstName: "Petra" },
    CHILD_LAST: `Zyqueen${run}`,
    GONE: { agentNumber: `7${run}9`, firstName: "Walter", lastName: `Gonehaus${run}` },
  };
}

/** Writes the tree of `names`; returns the demo director's and the demo agent's block-72 positions. */
export async function addAgentTree(c: pg.Client, names: ReturnType<typeof agentTreeNames>): Promise<{ mdPositionId: number; agentPositionId: number }> {
  const { run, X, CHILD_LAST, GONE } = names;
  const mdPositionId: number = (await c.query(`SELECT id FROM agents WHERE agent_number = '100001' AND block_number = 72`)).rows[0].id;
  const agentPositionId: number = (
    await c.query(`SELECT a.id FROM agents a JOIN users u ON u.id = a.user_id WHERE u.user_name = $1 AND a.block_number = 72`, [DEMO.agent])
  ).rows[0].id;
  const insert = async (parentId: number, agentNumber: string, first: string, last: string, extra = "") => {
    const id = (
      await c.query(
        `INSERT INTO agents (agent_number, company_number, block_number, mga_code, hierarchy_level, first_name, last_name, direct_upline, parent_id,
                             email, phone_number, business_name, updated_at ${extra ? ", is_active, status, termination_date" : ""})
         SELECT $1, 'MI01', 72, p.mga_code, p.hierarchy_level + 1, $2, $3, p.agent_number, p.id, lower($2 || '.' || $3 || '@example.com'), '6145550188',
                'Cornerstone Health Adviso rs LLC', now() ${extra}
           FROM agents p WHERE p.id = $4 RETURNING id`,
        [agentNumber, first, last, parentId],
      )
    ).rows[0].id;
    await c.query(
      `INSERT INTO agent_closure (ancestor_id, descendant_id, depth)
       SELECT ancestor_id, $1::int, depth + 1 FROM agent_closure WHERE descendant_id = $2 UNION ALL SELECT $1::int, $1::int, 0`,
      [id, parentId],
    );
    return id as number;
  };
  const x = await insert(mdPositionId, X.agentNumber, X.firstName, X.lastName);
  let kid01 = 0;
  for (let i = 1; i <= 45; i++) {
    const id = await insert(x, `7${run}${String(100 + i)}`, `Kid${String(i).padStart(2, "0")}`, CHILD_LAST);
    if (i === 1) kid01 = id;
  }
  await insert(kid01, `7${run}8`, "Solo", `Onlychild${run}`); // Kid01 has one agent under it
  await insert(x, GONE.agentNumber, GONE.firstName, GONE.lastName, ", false, 'TERMINATED', (now() - interval '30 days')::date");
  return { mdPositionId, agentPositionId };
}

/** One agent under `parentId` at hierarchy `level`, in the parent's company and block (with its closure rows); its id. */
export async function addAgentUnder(c: pg.Client, parentId: number, a: { agentNumber: string; firstName: string; lastName: string }, level: number): Promise<number> {
  const id = (
    await c.query(
      `INSERT INTO agents (agent_number, company_number, block_number, mga_code, hierarchy_level, first_name, last_name, direct_upline, parent_id, updated_at)
       SELECT $1, p.company_number, p.block_number, p.mga_code, $4, $2, $3, p.agent_number, p.id, now() FROM agents p WHERE p.id = $5 RETURNING id`,
      [a.agentNumber, a.firstName, a.lastName, level, parentId],
    )
  ).rows[0].id as number;
  await c.query(
    `INSERT INTO agent_closure (ancestor_id, descendant_id, depth)
     SELECT ancestor_id, $1::int, depth + 1 FROM agent_closure WHERE descendant_id = $2 UNION ALL SELECT $1::int, $1::int, 0`,
    [id, parentId],
  );
  return id;
}
