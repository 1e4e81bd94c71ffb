// Benchmark: applications in progress and the downline report at 100,000
// agents (the data set of `npm run seed:large`, in a throwaway embedded
// PostgreSQL). Run with `npm run bench` (all) or `node scripts/bench/reports.mjs`;
// AGENTS=20000 for a quick run. Figures are recorded in docs/performance.md.
//  - the in-progress grid through the portal's own function (inProgressPage)
//    beside the same SQL over node-postgres: p50/p95 and their ratio;
//  - the downline report of the director (every agent of five hierarchies)
//    through runReport in a child process (the worker): wall time and peak
//    RSS growth; beside it the same SQL streamed through pg-query-stream
//    without the spreadsheet.
import { execFileSync } from "node:child_process";
import os from "node:os";
import pg from "pg";
import { pct, startBenchDatabase } from "./lib/bench-db.mjs";
import QueryStream from "pg-query-stream";
import { importTs } from "../lib/import-ts.mjs";

const N = Number(process.env.AGENTS ?? 100000);

async function timeIt(fn, reps) {
  await fn();
  await fn();
  const out = [];
  for (let i = 0; i < reps; i++) {
    const t = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return { p50: pct(out, 50), p95: pct(out, 95) };
}

const db = await startBenchDatabase("reports", { production: true });
const url = db.url;
const client = new pg.Client({ connectionString: url });
let lib;
try {
  lib = await importTs("scripts/bench/lib/reports-lib.ts");
  const { directorId, agentId } = await lib.prepare(url, N, (m) => console.log(`  ${m}`));
  await client.connect();
  if (process.env.EXPLAIN) {
    const q = lib.reportQuery(1, directorId, { reportId: "1", appointmentStatusId: "0" });
    for (const [label, sql, params] of [
      ["report", q.sql, q.params],
      ["grid director", lib.IN_PROGRESS_SQL, [directorId, 10, 0, ...lib.inProgressArgs()]],
      ["grid agent", lib.IN_PROGRESS_SQL, [agentId, 10, 0, ...lib.inProgressArgs()]],
    ]) {
      const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows.map((r) => r["QUERY PLAN"]);
      console.log(`\n## ${label}\n${plan.join("\n")}`);
    }
  }
  const rows = [];
  const REPS = 40;
  for (const [who, userId] of [
    ["director (whole trees)", directorId],
    ["level-4 agent", agentId],
  ]) {
    const fn = await timeIt(() => lib.inProgressPage(userId, 0, 10), REPS);
    const sql = await timeIt(() => client.query(lib.IN_PROGRESS_SQL, [userId, 10, 0, ...lib.inProgressArgs()]), REPS);
    const total = (await lib.inProgressPage(userId, 0, 10)).totalRecords;
    rows.push([`in-progress grid, page 1 of ${total}, ${who}`, fn, sql]);
  }
  console.log(`\n| measure (${N.toLocaleString("en-US")} agents) | portal p50 ms | portal p95 ms | SQL p50 ms | SQL p95 ms | ratio p50 | ratio p95 |`);
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const [label, fn, sql] of rows) {
    console.log(`| ${label} | ${fn.p50.toFixed(2)} | ${fn.p95.toFixed(2)} | ${sql.p50.toFixed(2)} | ${sql.p95.toFixed(2)} | ${(fn.p50 / sql.p50).toFixed(2)} | ${(fn.p95 / sql.p95).toFixed(2)} |`);
  }

  // The downline report: the same SQL streamed without the spreadsheet...
  const q = lib.reportQuery(1, directorId, { reportId: "1", appointmentStatusId: "0" });
  const t0 = process.hrtime.bigint();
  let count = 0;
  await client.query("BEGIN READ ONLY");
  // The settings runReport uses for its cursor.
  await client.query("SET LOCAL work_mem = '64MB'");
  await client.query("SET LOCAL enable_nestloop = off");
  for await (const row of client.query(new QueryStream(q.sql, q.params, { batchSize: 1000 }))) if (row) count++;
  await client.query("COMMIT");
  const sqlMs = Number(process.hrtime.bigint() - t0) / 1e6;
  // ...and through runReport in a fresh process (the worker), twice (the second is a rerun that replaces the file).
  const id = await lib.newDownlineRequest(directorId);
  const runs = [];
  for (let i = 0; i < 2; i++) {
    const out = execFileSync(process.execPath, ["--expose-gc", "scripts/bench/lib/report-worker.mjs", String(id)], { env: process.env, encoding: "utf8" });
    runs.push(JSON.parse(out.trim().split("\n").pop()));
  }
  const best = runs.reduce((a, b) => (a.ms <= b.ms ? a : b));
  const worstGrowth = Math.max(...runs.map((r) => r.growthMb));
  console.log(`\n| downline report, director | rows | wall s | worker CPU s | peak RSS growth MB | RSS before MB | SQL streamed alone s | ratio |`);
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  console.log(
    `| runReport (worker process), best of 2 | ${best.result.rows} | ${(best.ms / 1000).toFixed(2)} | ${(best.cpuMs / 1000).toFixed(2)} | ${worstGrowth.toFixed(0)} (worst of 2) | ${best.baseMb.toFixed(0)} | ${(sqlMs / 1000).toFixed(2)} | ${(best.ms / sqlMs).toFixed(1)} |`,
  );
  console.log(`  file: ${(best.result.byteSize / 2 ** 20).toFixed(1)} MB; rows streamed by the SQL alone: ${count}`);
  console.log(`  targets: under 5 s ${best.ms < 5000 ? "met" : "MISSED"}; under 100 MB RSS growth ${worstGrowth < 100 ? "met" : "MISSED"}`);
  const v = (await client.query("SHOW server_version")).rows[0].server_version;
  console.log(`  PostgreSQL ${v}, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
} finally {
  await client.end().catch(() => {});
  await lib?.disconnectPrisma().catch(() => {});
  await db.stop();
}
