// Benchmark: the due state filings of 100,000 agent positions with 3 appointed states each (issue 37,
// 'Must show'): the filings' due dates from each state's rule (due.ts), then the daily job
// (stateFilingsDaily: the licence holds over every open filing, the filing files' purge, the
// administrators' notices of what is due in 5 days, today or overdue) twice: the first run and a
// run again the same day (nothing told twice). The agents and licences are the licence monitoring
// bench's (compliance-lib.ts), in a throwaway embedded PostgreSQL. Target: each under 30 s.
// Run with `npm run bench state-filings` or `node scripts/bench/state-filings.mjs`; AGENTS=20000
// for a quick run. Figures are recorded in docs/performance.md.
import os from "node:os";
import { startBenchDatabase } from "./lib/bench-db.mjs";
import { importTs } from "../lib/import-ts.mjs";

const N = Number(process.env.AGENTS ?? 100000);
const TARGET_MS = 30_000;
const today = new Date().toISOString().slice(0, 10);
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
const met = (ms) => (ms < TARGET_MS ? "met" : "NOT met");

const db = await startBenchDatabase("state-filings", { production: true });
let lib;
try {
  lib = await importTs("scripts/bench/lib/state-filings-lib.ts");
  const made = await lib.prepare(db.url, N, today, (m) => console.log(`  ${m}`));
  const rows = [];
  for (const label of ["first run", "run again the same day"]) {
    const before = load();
    const t = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const run = await lib.stateFilingsDaily(new Date(`${today}T12:00:00Z`));
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    const c = process.cpuUsage(cpu);
    rows.push({ label, ms, cpuMs: (c.user + c.system) / 1000, run, load: `${before} -> ${load()}` });
  }
  const out = await lib.outcome();
  console.log(`\n| state filings (${N.toLocaleString("en-US")} agents, ${today}) | filings | wall s | Node CPU s | held | notices (this run) | mails queued | load average (before -> after) | < 30 s |`);
  console.log("|---|---:|---:|---:|---:|---:|---:|---|---|");
  console.log(`| due dates computed and written | ${made.filings} | ${(made.ms / 1000).toFixed(1)} | | | | | | ${met(made.ms)} |`);
  for (const r of rows) {
    console.log(`| daily job, ${r.label} | ${made.filings} | ${(r.ms / 1000).toFixed(1)} | ${(r.cpuMs / 1000).toFixed(1)} | ${r.run.held} | ${r.run.notices} | ${r.run.emailsQueued} | ${r.load} | ${met(r.ms)} |`);
  }
  console.log(`  filings by status: ${out.statuses.map((s) => `${s.status} ${s.n}`).join(", ")}`);
  console.log(`  notices by stage: ${out.stages.map((s) => `${s.stage} ${s.n}`).join(", ")}`);
  console.log(`  Node ${process.version}, ${os.cpus().length} CPUs, load average now ${load()}`);
} finally {
  await lib?.disconnectPrisma().catch(() => {});
  await db.stop();
}
