// Benchmark: the agents screens at 100,000 agents (N=20000 for a quick run),
// seeded by seed:large's code into a throwaway embedded PostgreSQL. Each row
// is measured twice: through the portal's own function (Prisma, as the
// screens call it) and as the same SQL over node-postgres; the ratio is
// portal / SQL. Figures are recorded in docs/performance.md.
import os from "node:os";
import pg from "pg";
import { startBenchDatabase } from "./lib/bench-db.mjs";
import { importTs } from "../lib/import-ts.mjs";

const N = Number(process.env.N ?? 100000);
const REPS = Number(process.env.REPS ?? 200);
const db = await startBenchDatabase("agents");
const url = db.url;
process.env.ENCRYPTION_KEY ??= "bench key 0123456789abcdef0123456789abcdef";
const portal = await importTs("scripts/bench/lib/agents-portal.ts");
const c = new pg.Client({ connectionString: url });
try {
  await portal.migrate(url);
  await c.connect();
  const seeded = await portal.seedLargeData(c, { agents: N });
  console.log(`seed:large code: ${seeded.agents} agents, ${seeded.closureRows} closure rows, ${seeded.deactivated} deactivated, ${seeded.appointments} applications in ${seeded.ms} ms`);

  const md = (await c.query(`SELECT id FROM users WHERE user_name = 'large.md@portal.localhost'`)).rows[0].id;
  const positions = await portal.ownPositions(md);
  const root = positions.find((p) => p.blockNumber === 501);
  const busy = (await c.query(`SELECT parent_id AS id, count(*)::int n FROM agents a JOIN agent_closure c ON c.descendant_id = a.id AND c.ancestor_id = $1
     WHERE is_active GROUP BY parent_id ORDER BY n DESC LIMIT 1`, [root.id])).rows[0];
  const deep = (await c.query(`SELECT a.agent_number FROM agents a JOIN agent_closure c ON c.descendant_id = a.id AND c.ancestor_id = $1
     WHERE a.is_active AND c.depth = 8 ORDER BY a.id LIMIT 1`, [root.id])).rows[0].agent_number;
  const downline = (await c.query(`SELECT count(*)::int n FROM agent_closure WHERE ancestor_id = $1`, [root.id])).rows[0].n;
  console.log(`hierarchy SLAC LIFE 501: ${downline} agents under the director; busiest parent has ${busy.n} children; detail of a depth-8 agent`);

  const NODE = `a.id, a.agent_number, a.company_number, a.block_number, a.company_name, a.first_name, a.last_name,
    a.agent_type, a.direct_upline, a.mga_code, a.hierarchy_level, a.is_active,
    (SELECT count(*) FROM agents k WHERE k.parent_id = a.id AND k.is_active)::int AS child_count`;
  const GRID = `a.id, a.agent_number, a.company_number, a.block_number, a.company_name, a.first_name, a.last_name,
    a.agent_type, a.direct_upline, a.mga_code, a.hierarchy_level, a.is_active, 0 AS child_count`;
  const ORDER = `coalesce(a.last_name, a.company_name), a.first_name, a.id`;
  const since = new Date(Date.UTC(new Date().getUTCFullYear() - 1, new Date().getUTCMonth(), new Date().getUTCDate()));
  const now = new Date();
  const criteria = portal.searchSchema.parse({ lastName: "ilso" });
  const accented = portal.searchSchema.parse({ lastName: "WÍLSÓ" });

  const cases = [
    {
      name: "tree first page (40 children)",
      portal: () => portal.childrenPage(busy.id, { limit: 40 }),
      sql: () => c.query(`SELECT ${NODE} FROM agents a WHERE a.parent_id = $1 AND a.is_active ORDER BY ${ORDER} LIMIT 41 OFFSET 0`, [busy.id]),
    },
    {
      name: "'(more)' page (children 41-80)",
      portal: () => portal.childrenPage(busy.id, { offset: 40, limit: 40 }),
      sql: () => c.query(`SELECT ${NODE} FROM agents a WHERE a.parent_id = $1 AND a.is_active ORDER BY ${ORDER} LIMIT 41 OFFSET 40`, [busy.id]),
    },
    {
      name: "search last name '%ilso%', page 1 of 10 + total",
      portal: () => portal.searchDownline(root.id, criteria, { page: 0, pageSize: 10 }),
      sql: () => c.query(`SELECT ${GRID}, c.depth AS tree_level, count(*) OVER () AS total
          FROM agents a JOIN LATERAL (SELECT depth FROM agent_closure WHERE ancestor_id = $1 AND descendant_id = a.id OFFSET 0) c ON true
         WHERE a.is_active AND a.last_name_search LIKE search_fold($2) ORDER BY ${ORDER} LIMIT 10 OFFSET 0`, [root.id, "%ilso%"]),
    },
    {
      // Case and accents ignored (decision 0050): 'WÍLSÓ' finds what 'wilso' finds.
      name: "search last name '%WÍLSÓ%' (folded), page 1 of 10 + total",
      portal: () => portal.searchDownline(root.id, accented, { page: 0, pageSize: 10 }),
      sql: () => c.query(`SELECT ${GRID}, c.depth AS tree_level, count(*) OVER () AS total
          FROM agents a JOIN LATERAL (SELECT depth FROM agent_closure WHERE ancestor_id = $1 AND descendant_id = a.id OFFSET 0) c ON true
         WHERE a.is_active AND a.last_name_search LIKE search_fold($2) ORDER BY ${ORDER} LIMIT 10 OFFSET 0`, [root.id, "%WÍLSÓ%"]),
    },
    {
      name: "deactivated, last 12 months, page 1 + total",
      portal: () => portal.deactivatedAgents(root.id, { page: 0, pageSize: 10 }, now),
      sql: () => c.query(`SELECT a.id, a.first_name, a.last_name, a.company_name, a.agent_type, a.agent_number, a.company_number, a.block_number,
             a.termination_date, count(*) OVER () AS total
        FROM agents a JOIN agent_closure c ON c.descendant_id = a.id AND c.ancestor_id = $1 AND c.depth > 0
       WHERE NOT a.is_active AND a.termination_date >= $2::date AND a.termination_date <= $3::date
       ORDER BY a.termination_date DESC, a.id LIMIT 10 OFFSET 0`, [root.id, since, now]),
    },
    {
      name: "agent detail (depth 8: lookup, row, appointment, 10 uplines, 20 children)",
      portal: () => portal.loadAgentDetail(positions, root, deep),
      sql: async () => {
        const id = (await c.query(`SELECT a.id FROM agents a JOIN agent_closure c ON c.descendant_id = a.id AND c.ancestor_id = $1
           WHERE a.agent_number = $2 ORDER BY a.is_active DESC, a.id LIMIT 1`, [root.id, deep])).rows[0].id;
        await c.query(`SELECT a.*, p.* FROM agents a LEFT JOIN principal_agents p ON p.agent_id = a.id WHERE a.id = $1`, [id]);
        await c.query(`SELECT * FROM agent_licensed_states WHERE agent_id = $1 ORDER BY state_code`, [id]);
        await c.query(`SELECT appointment_id FROM appointments ap WHERE NOT is_deleted AND (agent_id = $1 OR EXISTS (SELECT 1 FROM appointment_carrier_blocks b WHERE b.appointment_id = ap.appointment_id AND b.agent_id = $1))
           ORDER BY approved_at DESC NULLS LAST, appointment_id DESC LIMIT 1`, [id]);
        const d = (await c.query(`SELECT depth FROM agent_closure WHERE ancestor_id = $1 AND descendant_id = $2`, [root.id, id])).rows[0].depth;
        await c.query(`SELECT a.agent_number, a.first_name, a.last_name, a.company_name, a.agent_type, a.hierarchy_level FROM agent_closure c JOIN agents a ON a.id = c.ancestor_id
           WHERE c.descendant_id = $1 AND c.depth BETWEEN 1 AND $2 ORDER BY c.depth`, [id, Math.min(10, d)]);
        await c.query(`SELECT ${NODE} FROM agents a WHERE a.parent_id = $1 AND a.is_active ORDER BY ${ORDER} LIMIT 21 OFFSET 0`, [id]);
      },
    },
  ];

  const stats = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
    return { p50: q(0.5), p95: q(0.95) };
  };
  // Portal and SQL run alternately, so a load spike on this shared machine hits both sides.
  async function measure(a, b) {
    for (let i = 0; i < 10; i++) {
      await a();
      await b();
    }
    const ta = [];
    const tb = [];
    for (let i = 0; i < REPS; i++) {
      let t = process.hrtime.bigint();
      await a();
      ta.push(Number(process.hrtime.bigint() - t) / 1e6);
      t = process.hrtime.bigint();
      await b();
      tb.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    return { portal: stats(ta), sql: stats(tb) };
  }
  const rows = [];
  for (const k of cases) rows.push({ name: k.name, ...(await measure(k.portal, k.sql)) });
  const f = (n) => n.toFixed(2).padStart(7);
  console.log(`\n## Agents screens at ${N.toLocaleString("en-US")} agents (${REPS} runs each; ms; ratio = portal / SQL)\n`);
  console.log("| operation | portal p50 | portal p95 | SQL p50 | SQL p95 | ratio p50 | ratio p95 |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(`| ${r.name} | ${f(r.portal.p50)} | ${f(r.portal.p95)} | ${f(r.sql.p50)} | ${f(r.sql.p95)} | ${(r.portal.p50 / r.sql.p50).toFixed(2)} | ${(r.portal.p95 / r.sql.p95).toFixed(2)} |`);
  }
  const v = (await c.query("SHOW server_version")).rows[0].server_version;
  console.log(`\nPostgreSQL ${v}, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
  const targets = rows.filter((r) => /^tree|^search/.test(r.name));
  const ok = targets.every((r) => r.portal.p95 < 20 && r.portal.p95 / r.sql.p95 <= 2);
  console.log(`targets (tree and search p95 under 20 ms and within 2x of the SQL): ${ok ? "met" : "NOT met on this run"}`);
} finally {
  await portal.disconnectPrisma().catch(() => {});
  await c.end().catch(() => {});
  await db.stop();
}
