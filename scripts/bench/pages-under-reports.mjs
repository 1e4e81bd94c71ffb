#!/usr/bin/env node
// `npm run bench:pages-under-reports` (issue 22 item 5, decision 0062): the
// pages with and without four downline reports running, at 100,000 agents.
//
// Seeds a throwaway DATA_DIR with `npm run seed:large` (its embedded
// PostgreSQL), starts the built portal on it (`node scripts/serve.mjs`,
// NODE_ENV=production, BENCH_ROUTES=1, the default WORKER_CONCURRENCY of 4),
// signs in as large.md@portal.localhost (the director at the top of the five
// hierarchies), then for each page (the bare route, the anonymous welcome
// page, /home, /agents), BENCH_ROUNDS times:
//   alone: autocannon, BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10 s);
//   under reports: the same while the director's downline report (every one
//     of the 100,000 agents) is queued again and again so that four are
//     requested and a fifth waits; REPORT_CONCURRENCY of them run at once
//     (decision 0067: 1 by default; REPORT_CONCURRENCY=4 gives the four at
//     once of the first measure); the queue is drained before the
//     next measure.
// Prints each page's req/s and p99 side by side, the ratio (median of the
// rounds) and met / NOT MET for the target (>= 0.8 of the rate while four
// reports run); then one report alone on the idle portal, twice: its time
// (started_at to completed_at) and the portal process's peak RSS growth
// (targets: <= 5 s, <= 100 MB). Prints the load average: on a busy machine
// compare the ratios. Benchmarks are never tests.
//
// BENCH_ROOT: the tree to run (default this one), e.g. a built copy of an
// earlier commit, to compare before and after. AGENTS: the data set's size.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { importTs } from "../lib/import-ts.mjs";
import { benchPortalEnv, freePort, signIn as signInAs, table } from "./lib/http-client.mjs";
import pg from "pg";

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const root = process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : here;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const AGENTS = process.env.AGENTS ?? "100000";
const REPORTS = 4; // requested at once (the runner's default WORKER_CONCURRENCY), and a fifth waiting
// How many of them run at once: the portal's REPORT_CONCURRENCY (decision 0067; default 1), passed through.
const RUNNING = Math.min(REPORTS, Number(process.env.REPORT_CONCURRENCY || 1));
const PASSWORD = "Portal-Demo-2026!";
const DIRECTOR = "large.md@portal.localhost";
const signIn = (app, email) => signInAs(app, email, PASSWORD);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
const log = (msg) => console.log(`[bench] ${msg}`);

if (!existsSync(path.join(root, "build/server/index.js"))) {
  log(`building ${root} (npm run build)`);
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
} else if (root === here && statSync(path.join(root, "build/server/index.js")).mtimeMs < statSync(path.join(root, "server/boot.ts")).mtimeMs) {
  log("the build is older than server/boot.ts: run `npm run build` first");
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}


/**
 * CPU time (ms) used so far by the process's first thread (the one that serves HTTP: its id is the
 * pid) and by all its threads, from /proc (clock ticks of 1/100 s): how much of a report's CPU lands
 * on the HTTP thread. Unlike req/s this hardly moves with the machine's load.
 */
function threadCpuMs(pid) {
  const ticks = (file) => {
    const stat = readFileSync(file, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  };
  return { http: ticks(`/proc/${pid}/task/${pid}/stat`), all: ticks(`/proc/${pid}/stat`) };
}

function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

// ------------------------------------------------------------------ data and portal
const [port, idpPort, pgPort] = [await freePort(), await freePort(), await freePort()];
// BENCH_DATA_DIR: a folder seeded by an earlier run with BENCH_KEEP=1 (it printed its path): reused, not seeded, kept.
const reuse = process.env.BENCH_DATA_DIR ? path.resolve(process.env.BENCH_DATA_DIR) : undefined;
const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), "portal-bench-reports-"));
chmodSync(dataDir, 0o755);
const keepData = reuse !== undefined || process.env.BENCH_KEEP === "1";
// BENCH_ONLY=report: only the report alone (no page rounds).
const onlyReport = process.env.BENCH_ONLY === "report";
const app = { url: `http://localhost:${port}`, idpUrl: `http://localhost:${idpPort}` };
const childEnv = benchPortalEnv({ port, idpPort, pgPort, dataDir, drop: ["WORKER_CONCURRENCY"] });

let child;
let exited = true;
let output = "";
async function stopPortal() {
  if (!child || exited) return;
  child.kill("SIGTERM");
  for (let i = 0; i < 400 && !exited; i++) await sleep(100);
  if (!exited) process.kill(-child.pid, "SIGKILL");
}
process.on("SIGINT", () => {
  stopPortal().finally(() => {
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  });
});

let db;
let reports; // scripts/bench/lib/report-queue.ts, once the database is up
try {
  if (reuse) log(`tree ${root}; reusing the data in ${dataDir}`);
  else {
    log(`tree ${root}; seeding ${AGENTS} agents into ${dataDir} (npm run seed:large)`);
    const t0 = Date.now();
    execFileSync(process.execPath, [path.join(root, "scripts/seed-large.mjs")], { cwd: root, env: { ...childEnv, AGENTS }, stdio: ["ignore", "ignore", "inherit"] });
    log(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }

  child = spawn(process.execPath, [path.join(root, "scripts/serve.mjs")], {
    cwd: root,
    // seed:large keeps only the secrets it needs; a production start on its data makes up none (decision 0042).
    env: {
      ...childEnv,
      NODE_ENV: "production",
      SESSION_SECRET: randomBytes(32).toString("base64"),
      IDP_COOKIE_KEY: randomBytes(32).toString("base64"),
      OIDC_CLIENT_SECRET: randomBytes(32).toString("base64"),
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  exited = false;
  const keep = (c) => {
    output = (output + c.toString()).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  child.once("exit", () => {
    exited = true;
  });
  const t1 = Date.now();
  for (;;) {
    if (exited) throw new Error(`the portal exited during start-up:\n${output}`);
    const ok = await fetch(`${app.url}/healthz`).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() - t1 > 180_000) throw new Error(`the portal did not start within 180 s:\n${output}`);
    await sleep(250);
  }
  log(`portal up in ${((Date.now() - t1) / 1000).toFixed(1)} s at ${app.url}`);

  const secrets = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8"));
  db = new pg.Pool({ connectionString: `postgresql://postgres:${encodeURIComponent(secrets.EMBEDDED_PG_SUPERUSER_PASSWORD)}@127.0.0.1:${pgPort}/portal`, max: 3 });
  const [director] = (await db.query("SELECT id FROM users WHERE user_name = $1", [DIRECTOR])).rows;
  if (!director) throw new Error(`${DIRECTOR} is missing: seed:large did not run`);
  const md = await signIn(app, DIRECTOR);

  // A downline report request of the director (every agent) and its job: the portal's requestReport.
  reports = await importTs("scripts/bench/lib/report-queue.ts");
  reports.useDatabase(db.options.connectionString);
  const queueReport = () => reports.requestDownlineReport(director.id);
  const unfinished = async () =>
    (await db.query(`SELECT status_code, count(*)::int AS n FROM report_requests WHERE status_code IN ('RPTSTATUS_PENDING', 'RPTSTATUS_STARTED') GROUP BY 1`)).rows.reduce(
      (acc, r) => ({ ...acc, [r.status_code]: r.n }),
      { RPTSTATUS_PENDING: 0, RPTSTATUS_STARTED: 0 },
    );
  let completed = 0;
  /** Keeps REPORTS requested and one more waiting until stop() (RUNNING of them run); resolves once they are all done. */
  function keepReportsRunning() {
    let on = true;
    const done = (async () => {
      const before = (await db.query(`SELECT count(*)::int AS n FROM report_requests WHERE status_code = 'RPTSTATUS_COMPLETED'`)).rows[0].n;
      while (on) {
        const u = await unfinished();
        for (let i = u.RPTSTATUS_PENDING + u.RPTSTATUS_STARTED; i < REPORTS + 1; i++) await queueReport();
        await sleep(200);
      }
      for (;;) {
        const u = await unfinished();
        if (u.RPTSTATUS_PENDING + u.RPTSTATUS_STARTED === 0) break;
        await sleep(250);
      }
      const after = (await db.query(`SELECT count(*)::int AS n FROM report_requests WHERE status_code = 'RPTSTATUS_COMPLETED'`)).rows[0].n;
      completed = after - before;
    })();
    return {
      async running() {
        for (let i = 0; i < 600; i++) {
          if ((await unfinished()).RPTSTATUS_STARTED >= RUNNING) return;
          await sleep(100);
        }
        throw new Error(`${RUNNING} reports did not start within 60 s:\n${output.slice(-3000)}`);
      },
      async stop() {
        on = false;
        await done;
        return completed;
      },
    };
  }

  const pages = [
    { name: "bare route (/bench/bare)", path: "/bench/bare" },
    { name: "welcome page (anonymous)", path: "/" },
    { name: "/home (director, 100k downline)", path: "/home", cookie: md },
    { name: "/agents (director, 100k downline)", path: "/agents", cookie: md },
  ];
  for (const p of pages) {
    const r = await fetch(app.url + p.path, { headers: p.cookie ? { cookie: p.cookie } : {}, redirect: "manual" });
    if (r.status !== 200) throw new Error(`${p.path} answered ${r.status}`);
  }
  async function measure(p) {
    const result = await autocannon({
      url: app.url + p.path,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { ...(p.cookie ? { cookie: p.cookie } : {}), "accept-encoding": "gzip" },
    });
    return { rps: result.requests.average, p99: result.latency.p99, failed: result.non2xx + result.errors + result.timeouts };
  }

  console.log(`\nmachine: ${os.cpus().length} cores, node ${process.version}; ${CONNECTIONS} connections, ${SECONDS} s each, ${ROUNDS} round(s); load ${load()}`);
  const results = new Map(pages.map((p) => [p.path, []]));
  for (let round = 0; round < (onlyReport ? 0 : ROUNDS); round++) {
    for (const p of pages) {
      await autocannon({ url: app.url + p.path, connections: 10, duration: 2, headers: p.cookie ? { cookie: p.cookie } : {} });
      const loadBefore = load();
      const alone = await measure(p);
      const reports = keepReportsRunning();
      await reports.running();
      const under = await measure(p);
      const n = await reports.stop();
      results.get(p.path).push({ alone, under, reportsDone: n, load: loadBefore });
      log(`${p.name}, round ${round + 1}: ${alone.rps.toFixed(0)} req/s alone, ${under.rps.toFixed(0)} under ${REPORTS} reports requested, ${RUNNING} at once (${n} reports completed; load ${loadBefore})`);
    }
  }

  if (!onlyReport) console.log(`\n## Pages with and without ${REPORTS} downline reports requested, ${RUNNING} at once (REPORT_CONCURRENCY) and a fifth waiting (${Number(AGENTS).toLocaleString("en-US")} agents; load now ${load()})\n`);
  if (!onlyReport) table(
    pages.map((p) => {
      const rs = results.get(p.path);
      const ratio = median(rs.map((r) => r.under.rps / r.alone.rps));
      return {
        page: p.name,
        "alone req/s": median(rs.map((r) => r.alone.rps)).toFixed(0),
        "alone p99 ms": median(rs.map((r) => r.alone.p99)).toFixed(0),
        "under reports req/s": median(rs.map((r) => r.under.rps)).toFixed(0),
        "under p99 ms": median(rs.map((r) => r.under.p99)).toFixed(0),
        ratio: ratio.toFixed(2),
        "p99 x": median(rs.map((r) => r.under.p99 / r.alone.p99)).toFixed(1),
        failed: rs.reduce((s, r) => s + r.alone.failed + r.under.failed, 0),
        "target >= 0.8": ratio >= 0.8 ? "met" : "NOT MET",
      };
    }),
    ["page", "alone req/s", "alone p99 ms", "under reports req/s", "under p99 ms", "ratio", "p99 x", "failed", "target >= 0.8"],
  );

  // One report alone on the idle portal: its time and the process's RSS growth (the job thread's included).
  const runs = [];
  for (let i = 0; i < 2; i++) {
    await sleep(2000);
    const base = rssMb(child.pid);
    let peak = base;
    const timer = setInterval(() => {
      peak = Math.max(peak, rssMb(child.pid));
    }, 10);
    const cpu0 = threadCpuMs(child.pid);
    const id = await queueReport();
    for (;;) {
      const [r] = (await db.query(`SELECT status_code, extract(epoch FROM completed_at - started_at) * 1000 AS ms FROM report_requests WHERE report_request_id = $1`, [id])).rows;
      if (r.status_code === "RPTSTATUS_COMPLETED") {
        const cpu1 = threadCpuMs(child.pid);
        runs.push({ ms: Number(r.ms), base, growth: peak - base, httpCpu: cpu1.http - cpu0.http, allCpu: cpu1.all - cpu0.all });
        break;
      }
      if (r.status_code === "RPTSTATUS_ERROR") throw new Error(`report ${id} failed`);
      await sleep(50);
    }
    clearInterval(timer);
  }
  const best = Math.min(...runs.map((r) => r.ms));
  const worst = Math.max(...runs.map((r) => r.growth));
  console.log(`\n## One downline report alone (${Number(AGENTS).toLocaleString("en-US")} agents), through the portal's job runner; load now ${load()}\n`);
  table(
    [
      {
        measure: "time, started to completed (best of 2)",
        figure: `${(best / 1000).toFixed(2)} s`,
        target: "<= 5 s",
        result: best <= 5000 ? "met" : "NOT MET",
      },
      {
        measure: `portal RSS growth (worst of 2; RSS before ${runs[0].base.toFixed(0)} MB)`,
        figure: `${worst.toFixed(0)} MB`,
        target: "<= 100 MB",
        result: worst <= 100 ? "met" : "NOT MET",
      },
    ],
    ["measure", "figure", "target", "result"],
  );
  for (const [i, r] of runs.entries()) {
    console.log(
      `  run ${i + 1}: ${(r.ms / 1000).toFixed(2)} s; portal CPU ${(r.allCpu / 1000).toFixed(2)} s, of which on the HTTP thread ${(r.httpCpu / 1000).toFixed(2)} s (${((100 * r.httpCpu) / Math.max(1, r.allCpu)).toFixed(0)}%); RSS +${r.growth.toFixed(0)} MB`,
    );
  }
} catch (error) {
  console.error(error);
  console.error(output.slice(-4000));
  process.exitCode = 1;
} finally {
  await db?.end().catch(() => {});
  await reports?.disconnectPrisma().catch(() => {});
  await stopPortal();
  if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  else log(`data kept in ${dataDir} (BENCH_DATA_DIR=${dataDir} reuses it)`);
}
