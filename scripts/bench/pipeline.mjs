// Benchmark: the dashboard's pipeline card at 100,000 agents (the data set of
// `npm run seed:large`, in a throwaway embedded PostgreSQL), plus HISTORY
// older applications (default 100,000 approved ones started 4 months to 5
// years ago: a portal's past, which the 90-day window and the 12 weeks must
// not read). Run with `npm run bench pipeline` or `node scripts/bench/pipeline.mjs`;
// AGENTS=20000 HISTORY=0 for a quick run; EXPLAIN=1 prints the plans.
// Each statement runs through the portal's own function (Prisma over
// @prisma/adapter-pg, as the dashboard's loader calls it) beside the same
// SQL over node-postgres: p50/p95 and their ratio. Figures: docs/performance.md.
import os from "node:os";
import pg from "pg";
import { pct, startBenchDatabase } from "./lib/bench-db.mjs";
import { importTs } from "../lib/import-ts.mjs";

const N = Number(process.env.AGENTS ?? 100000);
const HISTORY = Number(process.env.HISTORY ?? 100000);

/** Portal and SQL alternately, after warm-up runs. */
async function timePair(fnA, fnB, reps) {
  for (let i = 0; i < 5; i++) {
    await fnA();
    await fnB();
  }
  const a = [];
  const b = [];
  for (let i = 0; i < reps; i++) {
    let t = process.hrtime.bigint();
    await fnA();
    a.push(Number(process.hrtime.bigint() - t) / 1e6);
    t = process.hrtime.bigint();
    await fnB();
    b.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return [
    { p50: pct(a, 50), p95: pct(a, 95) },
    { p50: pct(b, 50), p95: pct(b, 95) },
  ];
}

const db = await startBenchDatabase("pipeline", { production: true });
const url = db.url;
const client = new pg.Client({ connectionString: url });
let lib;
try {
  lib = await importTs("scripts/bench/lib/pipeline-lib.ts");
  const { directorId, agentId } = await lib.prepare(url, N, (m) => console.log(`  ${m}`));
  await client.connect();
  if (HISTORY > 0) {
    const t = Date.now();
    // Older applications of random active agents: approved, started 120 days to 5 years ago.
    await client.query(
      `WITH pool AS (SELECT array_agg(id ORDER BY id) AS ids FROM agents WHERE is_active)
       INSERT INTO appointments (appointment_type_code, appointment_status_code, prospect_email_address, recruiter_agent_id,
         start_dt, submitted_at, approved_at, created_at, updated_at)
       SELECT 'APPTTYP_IND', 'APWF_STATUS_APPROVED', 'history' || g || '@example.com', pool.ids[1 + (g * 7919) % cardinality(pool.ids)],
              now() - (120 + (g % 1700)) * interval '1 day',
              now() - (115 + (g % 1700)) * interval '1 day',
              now() - (100 + (g % 1700)) * interval '1 day', now(), now()
         FROM generate_series(1, $1::int) g, pool`,
      [HISTORY],
    );
    await client.query("ANALYZE appointments");
    console.log(`  history: ${HISTORY} older approved applications in ${Date.now() - t} ms`);
  }
  const now = new Date();
  const since = lib.pipelineSince(now);
  const weeksSince = lib.sparkSince(now);
  if (process.env.EXPLAIN) {
    for (const [label, sql, params] of [
      ["pipeline counts, director", lib.PIPELINE_SQL, [directorId, since]],
      ["pipeline counts, agent", lib.PIPELINE_SQL, [agentId, since]],
      ["sparkline, director", lib.SPARKLINE_SQL, [directorId, weeksSince]],
      ["sparkline, agent", lib.SPARKLINE_SQL, [agentId, weeksSince]],
    ]) {
      const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows.map((r) => r["QUERY PLAN"]);
      console.log(`\n## ${label}\n${plan.join("\n")}`);
    }
  }
  const REPS = Number(process.env.REPS ?? 100);
  const rows = [];
  for (const [who, userId] of [
    ["director (whole trees)", directorId],
    ["level-4 agent", agentId],
  ]) {
    const counts = await lib.pipelineCounts(userId, now);
    const [fn1, sql1] = await timePair(() => lib.pipelineCounts(userId, now), () => client.query(lib.PIPELINE_SQL, [userId, since]), REPS);
    rows.push([`pipeline counts, ${who} (${Object.values(counts).join("/")})`, fn1, sql1]);
    const weeks = await lib.submissionsByWeek(userId, now);
    const [fn2, sql2] = await timePair(() => lib.submissionsByWeek(userId, now), () => client.query(lib.SPARKLINE_SQL, [userId, weeksSince]), REPS);
    rows.push([`sparkline, ${who} (${weeks.reduce((a, w) => a + w.count, 0)} submissions in 12 weeks)`, fn2, sql2]);
  }
  const apps = (await client.query("SELECT count(*)::int AS n FROM appointments")).rows[0].n;
  console.log(`\n| measure (${N.toLocaleString("en-US")} agents, ${apps.toLocaleString("en-US")} applications) | portal p50 ms | portal p95 ms | SQL p50 ms | SQL p95 ms | ratio p50 | ratio p95 |`);
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const [label, fn, sql] of rows) {
    console.log(`| ${label} | ${fn.p50.toFixed(2)} | ${fn.p95.toFixed(2)} | ${sql.p50.toFixed(2)} | ${sql.p95.toFixed(2)} | ${(fn.p50 / sql.p50).toFixed(2)} | ${(fn.p95 / sql.p95).toFixed(2)} |`);
  }
  const v = (await client.query("SHOW server_version")).rows[0].server_version;
  console.log(`  PostgreSQL ${v}, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
} finally {
  await client.end().catch(() => {});
  await lib?.disconnectPrisma().catch(() => {});
  await db.stop();
}
