// Benchmark: the hierarchy import (decision 0032) of N generated agents
// (default 100,000; N=20000 for a quick run) into a throwaway embedded
// PostgreSQL: a first import (all new), the same file again (nothing
// changes), and a file with 1% of the rows changed (names, terminations and
// uplines: a few big subtrees move). Wall time of the whole import (reading,
// checking, writing, closure) and the node process's CPU time.
// Figures are recorded in docs/performance.md.
import { createReadStream, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startBenchDatabase } from "./lib/bench-db.mjs";
import { importTs } from "../lib/import-ts.mjs";

const N = Number(process.env.N ?? 100000);
const db = await startBenchDatabase("import");
process.env.ENCRYPTION_KEY ??= "bench key 0123456789abcdef0123456789abcdef";
const portal = await importTs("scripts/bench/lib/import-portal.ts");
const HEADER = "agentNumber,companyNumber,blockNumber,carrierCode,mgaCode,level,firstName,middleName,lastName,companyName,uplineAgentNumber,email,phone,status,activeDate,terminatedDate";
const FIRST = ["James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth"];
const LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Wilson", "Moore"];

/**
 * Two hierarchies: SLAC life block 501 (70%, up to 12 levels) and MIAC health
 * block 87 (30%, up to 9 levels); each agent's upline is an earlier agent of
 * the same block (branching about 6). `change(i, row)` alters a row.
 */
function generate(file, change = () => {}) {
  const lines = [HEADER];
  const blocks = [
    { co: "SL01", blk: 501, carrier: "SLAC", n: Math.round(N * 0.7), maxLevel: 12, base: 100000 },
    { co: "MI01", blk: 87, carrier: "MIAC", n: N - Math.round(N * 0.7), maxLevel: 9, base: 500000 },
  ];
  let i = 0;
  for (const b of blocks) {
    const level = [1];
    for (let k = 0; k < b.n; k++, i++) {
      const parent = k === 0 ? null : Math.floor((k - 1) / 6);
      if (k > 0) level.push(Math.min(b.maxLevel, level[parent] + 1));
      const first = FIRST[k % 10];
      const last = `${LAST[(k >> 3) % 10]}${k}`;
      const row = {
        num: String(b.base + k), co: b.co, blk: b.blk, carrier: b.carrier, mga: "HM1850", level: level[k], first, middle: "", last,
        company: "", up: parent === null ? "0000" : String(b.base + parent), email: `${first}.${last}@example.com`.toLowerCase(),
        phone: `303555${String(k % 10000).padStart(4, "0")}`, status: "", active: "2020-01-01", terminated: "",
      };
      change(i, row, b, k);
      lines.push([row.num, row.co, row.blk, row.carrier, row.mga, row.level, row.first, row.middle, row.last, row.company, row.up, row.email, row.phone, row.status, row.active, row.terminated].join(","));
    }
  }
  writeFileSync(file, lines.join("\n") + "\n");
}

/** CPU time (user + system, ms) of a PostgreSQL backend process: /proc/<pid>/stat fields 14 and 15. */
function backendCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Math.round(((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
  } catch {
    return NaN;
  }
}

async function run(label, file) {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  const backend = (await c.query("SELECT pg_backend_pid() AS pid")).rows[0].pid;
  const pgCpu0 = backendCpuMs(backend);
  const cpu = process.cpuUsage();
  const t = Date.now();
  try {
    const r = await portal.importAgentsCsv(c, createReadStream(file), {});
    const ms = Date.now() - t;
    const used = process.cpuUsage(cpu);
    const cpuMs = Math.round((used.user + used.system) / 1000);
    const pgCpuMs = backendCpuMs(backend) - pgCpu0;
    if (!r.ok) throw new Error(`${label}: ${r.errorCount} errors, first: ${JSON.stringify(r.errors.slice(0, 3))}`);
    return { label, rows: r.rows, ms, cpuMs, pgCpuMs, inserted: r.inserted, updated: r.updated, moved: r.moved, closureRows: r.closureRows };
  } finally {
    await c.end();
  }
}

try {
  await portal.migrate(db.url);
  await portal.createCarrierWithBlocks(portal.prisma, { carrierCode: "SLAC", companyNumber: "SL01", blocks: [{ blockNumber: 501, productTypeCode: "LIFE" }] });
  await portal.createCarrierWithBlocks(portal.prisma, { carrierCode: "MIAC", companyNumber: "MI01", blocks: [{ blockNumber: 87, productTypeCode: "HEALTH" }] });
  const first = path.join(db.dir, "agents.csv");
  const changed = path.join(db.dir, "agents-changed.csv");
  let t = Date.now();
  generate(first);
  // 1% changed: every 100th row renamed, every 200th leaf terminated, and 5 level-3 agents
  // (with their downlines) moved under another level-2 agent of their block.
  generate(changed, (i, row, b, k) => {
    if (i % 100 === 0) row.last = `${row.last}X`;
    if (i % 200 === 50 && k * 6 + 1 >= b.n) { row.status = "TERMINATED"; row.terminated = "2026-06-30"; }
    if (k >= 7 && k < 12) row.up = String(b.base + 6);
  });
  console.log(`generated 2 files of ${N.toLocaleString("en-US")} rows in ${Date.now() - t} ms`);
  const results = [await run("first import (all new)", first), await run("same file again", first), await run("1% changed, 10 subtrees moved", changed)];
  const closure = await portal.prisma.$queryRawUnsafe(`SELECT count(*)::int AS n FROM agent_closure`);
  const check = await portal.prisma.$queryRawUnsafe(`WITH RECURSIVE w(a, d, depth) AS (SELECT id, id, 0 FROM agents UNION ALL
      SELECT x.parent_id, w.d, w.depth + 1 FROM w JOIN agents x ON x.id = w.a WHERE x.parent_id IS NOT NULL)
    SELECT (SELECT count(*) FROM w)::int AS walked, (SELECT count(*) FROM (SELECT a, d, depth FROM w EXCEPT SELECT ancestor_id, descendant_id, depth FROM agent_closure) z)::int AS missing`);
  console.log(`\n| import of ${N.toLocaleString("en-US")} rows | rows | wall ms | node CPU ms | PostgreSQL CPU ms | new | updated | moved | closure rows rebuilt |`);
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) console.log(`| ${r.label} | ${r.rows} | ${r.ms} | ${r.cpuMs} | ${r.pgCpuMs} | ${r.inserted} | ${r.updated} | ${r.moved} | ${r.closureRows} |`);
  console.log(`(load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")} on ${os.cpus().length} cores: wall time on a busy machine is longer than the CPU time)`);
  console.log(`\nclosure table: ${closure[0].n} rows; recursive walk of parent_id: ${check[0].walked} rows, ${check[0].missing} missing from the closure table`);
  console.log(`peak RSS of the benchmark process (generating the files included): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  const limit = 60_000;
  const slow = results.filter((r) => r.ms > limit);
  console.log(slow.length ? `OVER ONE MINUTE: ${slow.map((r) => r.label).join(", ")}` : `every import under one minute`);
} finally {
  await portal.disconnectPrisma().catch(() => {});
  await db.stop();
}
