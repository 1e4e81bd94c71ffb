// Benchmark: the daily licence monitoring (issue 23 item 3, decision 0071) over 100,000 agent
// positions with 3 licences each and an E&O (the agents of `npm run seed:large`, the licences
// inserted by SQL, in a throwaway embedded PostgreSQL and temp data folder). Times the task's full
// walk (monitorCompliance: refreshStanding per batch of 1,000 and the notice jobs queued) twice:
// the first run (every standing new, every notice due queued) and a run again the same day (the
// standings as they were; the notice jobs, not run here, queued again under their keys).
// Target: under 30 s. Run with `npm run bench` (all) or `node scripts/bench/compliance.mjs`;
// AGENTS=20000 for a quick run. Figures are recorded in docs/performance.md.
import os from "node:os";
import { startBenchDatabase } from "./lib/bench-db.mjs";
import { importTs } from "../lib/import-ts.mjs";

const N = Number(process.env.AGENTS ?? 100000);
const TARGET_MS = 30_000;
const today = new Date().toISOString().slice(0, 10);
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");

const db = await startBenchDatabase("compliance", { production: true });
let lib;
try {
  lib = await importTs("scripts/bench/lib/compliance-lib.ts");
  await lib.prepare(db.url, N, today, (m) => console.log(`  ${m}`));
  const rows = [];
  for (const label of ["first run", "run again the same day"]) {
    const before = load();
    const t = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const run = await lib.monitorCompliance({ today });
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    const c = process.cpuUsage(cpu);
    const out = await lib.outcome();
    rows.push({ label, ms, cpuMs: (c.user + c.system) / 1000, run, out, load: `${before} -> ${load()}` });
  }
  console.log(`\n| monitoring walk (${N.toLocaleString("en-US")} agents, ${today}) | positions | batches | wall s | Node CPU s | notice jobs queued (this run) | notice jobs waiting | standings | load average (before -> after) | < 30 s |`);
  console.log("|---|---:|---:|---:|---:|---:|---:|---|---|---|");
  for (const r of rows) {
    const standings = r.out.standings.map((s) => `${s.standing} ${s.n}`).join(", ");
    console.log(
      `| ${r.label} | ${r.run.agents} | ${r.run.batches} | ${(r.ms / 1000).toFixed(1)} | ${(r.cpuMs / 1000).toFixed(1)} | ${r.run.noticeJobs} | ${r.out.noticeJobs} | ${standings} | ${r.load} | ${r.ms < TARGET_MS ? "met" : "NOT met"} |`,
    );
  }
  console.log(`  became not in good order on the first run: ${rows[0].run.becameNotInGoodOrder}`);
  console.log(`  Node ${process.version}, ${os.cpus().length} CPUs, load average now ${load()}`);
} finally {
  await lib?.disconnectPrisma().catch(() => {});
  await db.stop();
}
