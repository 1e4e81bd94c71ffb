// The compliance view's statements at 100,000 agents (the data set of `npm run seed:large`, in a
// throwaway embedded PostgreSQL), with a standing for every agent (70% in good order, 20% not, 10%
// no records), E&O for half the NPNs: EXPLAIN (ANALYZE) of the page for the director, an agent and
// an administrator, with and without filters, and of the pipeline card's counts. AGENTS=20000 for a
// quick run. Decision 0073.
import pg from "pg";
import { startBenchDatabase } from "./lib/bench-db.mjs";
import { importTs } from "../lib/import-ts.mjs";

const N = Number(process.env.AGENTS ?? 100000);
const db = await startBenchDatabase("compliance", { production: true });
const client = new pg.Client({ connectionString: db.url });
let lib;
try {
  lib = await importTs("scripts/bench/lib/compliance-view-lib.ts");
  const { directorId, agentId } = await lib.prepare(db.url, N, (m) => console.log(`  ${m}`));
  await client.connect();
  const today = new Date().toISOString().slice(0, 10);
  await client.query(`UPDATE agents SET npn = 'N' || id WHERE direct_upline NOT IN ('', '0000')`);
  await client.query(
    `INSERT INTO agent_compliance (agent_id, standing, reasons, next_expiry, checked_on)
     SELECT id, CASE WHEN id % 10 < 7 THEN 'IN_GOOD_ORDER' WHEN id % 10 < 9 THEN 'NOT_IN_GOOD_ORDER' ELSE 'UNVERIFIED' END,
            CASE WHEN id % 10 BETWEEN 7 AND 8 THEN '[{"code":"EO_MISSING"}]'::jsonb ELSE '[]'::jsonb END,
            current_date + (id % 400), current_date
       FROM agents WHERE is_active AND direct_upline NOT IN ('', '0000')`,
  );
  await client.query(
    `INSERT INTO producer_credentials (id, npn, kind, expiry_date, source, updated_at)
     SELECT gen_random_uuid(), npn, 'EO', current_date + (id % 500) - 50, 'IMPORT', now() FROM agents WHERE npn IS NOT NULL AND id % 2 = 0`,
  );
  await client.query(`INSERT INTO agent_licensed_states (agent_id, state_code) SELECT id, 'TX' FROM agents WHERE id % 3 = 0 ON CONFLICT DO NOTHING`);
  await client.query("ANALYZE");
  const carrier = (await client.query(`SELECT carrier_id FROM carriers ORDER BY carrier_id LIMIT 1`)).rows[0].carrier_id;
  const director = { userId: directorId, everyAgent: false };
  const agent = { userId: agentId, everyAgent: false };
  const admin = { userId: directorId, everyAgent: true };
  const cases = [
    ["director, no filter", director, {}],
    ["director, not in good order", director, { standing: "NOT_IN_GOOD_ORDER" }],
    ["director, expiring + TX", director, { expiring: "60", state: "TX" }],
    ["director, E&O + carrier", director, { credential: "EO", carrier }],
    ["agent, no filter", agent, {}],
    ["administrator, no filter", admin, {}],
    ["administrator, not in good order, page 100", admin, { standing: "NOT_IN_GOOD_ORDER" }, 100],
    ["administrator, E&O", admin, { credential: "EO" }],
  ];
  if (process.env.KEEP) {
    // Keep the database for a look by hand (psql), then stop it with the process.
    console.log(`KEEP: ${db.url} (director ${directorId}, agent ${agentId}) for ${process.env.KEEP} s`);
    await new Promise((r) => setTimeout(r, Number(process.env.KEEP) * 1000));
  }
  for (const [label, scope, f, page = 0] of cases) {
    const { sql, params } = lib.compliancePageSql(scope, f, today, page, 25);
    const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows.map((r) => r["QUERY PLAN"]);
    const t = Date.now();
    for (let i = 0; i < 5; i++) await client.query(sql, params);
    console.log(`\n## ${label}: ${((Date.now() - t) / 5).toFixed(1)} ms per run`);
    if (process.env.EXPLAIN) console.log(plan.join("\n"));
    else console.log(plan.filter((l) => /Seq Scan|Execution Time/.test(l)).join("\n"));
  }
  for (const [label, user] of [["pipeline counts, director", directorId], ["pipeline counts, agent", agentId]]) {
    const params = [user, lib.pipelineSince(new Date())];
    const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${lib.PIPELINE_SQL}`, params)).rows.map((r) => r["QUERY PLAN"]);
    console.log(`\n## ${label}`);
    console.log(process.env.EXPLAIN ? plan.join("\n") : plan.filter((l) => /Seq Scan|Execution Time/.test(l)).join("\n"));
  }
} finally {
  await client.end().catch(() => {});
  await lib?.disconnectPrisma().catch(() => {});
  await db.stop();
}
