// vitest globalSetup for the e2e project (after global-postgres.ts):
//  1. builds the app once (`npm run build`), unless build/ is newer than its sources;
//  2. starts one portal per e2e worker (the project's maxWorkers, E2E_WORKERS,
//     default 2; fewer when fewer files run), concurrently, each on its own
//     database cloned from the migrated template, its own temp DATA_DIR and
//     its own ports;
//  3. hands them to the tests as `inject("e2eApps")`; a test file takes its
//     worker's with sharedApp() (tests/support/shared-app.ts);
//  4. stops them in teardown, and fails the run if one did not shut down cleanly.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { repoRoot, startApp, type AppHandle } from "./app-server";
import type { SharedApp } from "./shared-app";

const SOURCES = ["app", "server", "jobs", "prisma", "public", "remix.config.js", "package.json", "tsconfig.json"];
const SKIP_DIRS = new Set(["node_modules", "build"]);

function newestMtime(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file)) {
    if (SKIP_DIRS.has(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(file, entry)));
  }
  return newest;
}

/** Builds the app unless build/server/index.js is newer than every source. */
export function buildIfStale() {
  const output = path.join(repoRoot, "build/server/index.js");
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(repoRoot, s))));
  if (built > sources && process.env.E2E_FORCE_BUILD !== "1") {
    console.log("[e2e] build/ is up to date; not building");
    return;
  }
  console.log("[e2e] building the app: npm run build");
  const started = Date.now();
  const result = spawnSync("npm", ["run", "build"], {
    cwd: repoRoot,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status})`);
  console.log(`[e2e] built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * How many portals to start: one per worker the e2e project may use at once
 * (its maxWorkers), but no more than the number of e2e files this run has
 * (one file run by hand needs one portal).
 */
async function portalCount(project: TestProject): Promise<number> {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  try {
    // The file filters given on the command line (vitest keeps them on the instance).
    const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern ?? [];
    const { testFiles } = await project.globTestFiles(filters);
    if (testFiles.length > 0) return Math.min(workers, testFiles.length);
  } catch {
    /* fall back to one per worker */
  }
  return workers;
}

let apps: AppHandle[] = [];

export default async function setup(project: TestProject) {
  // Logs (app-<port>.log) and screenshots of earlier runs would only confuse.
  const results = path.join(repoRoot, "test-results");
  if (existsSync(results)) {
    for (const f of readdirSync(results)) if (/^app-\d+\.log$|\.png$/.test(f)) rmSync(path.join(results, f), { force: true });
  }
  buildIfStale();
  const count = await portalCount(project);
  const started = Date.now();
  // Several portals start at once on a machine that may be busy: wait for their /healthz generously.
  const settled = await Promise.allSettled(Array.from({ length: count }, () => startApp({ readyTimeoutMs: 300_000 })));
  apps = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) {
    await Promise.all(apps.map((a) => a.dispose().catch(() => undefined)));
    apps = [];
    throw failed.reason;
  }
  console.log(`[e2e] ${count} portal(s), one per worker, ready in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
  apps.forEach((app, i) =>
    console.log(
      `[e2e]   worker ${i + 1}: ${app.url} (identity provider ${app.idpUrl}); its output goes to test-results/app-${app.port}.log`,
    ),
  );
  const shared: SharedApp[] = apps.map((app) => ({
    appUrl: app.url,
    idpUrl: app.idpUrl,
    databaseUrl: app.databaseUrl ?? "",
    dataDir: app.dataDir,
  }));
  project.provide("e2eApps", shared);

  return async function teardown() {
    const current = apps;
    apps = [];
    const problems: string[] = [];
    await Promise.all(
      current.map(async (app) => {
        const info = await app.dispose();
        if (info && (info.code !== 0 || info.killed)) {
          const tail = app.logs().split("\n").slice(-60).join("\n");
          problems.push(`The portal on ${app.url} did not shut down cleanly on SIGTERM: ${JSON.stringify(info)}\n--- its output ---\n${tail}`);
        }
      }),
    );
    if (problems.length > 0) throw new Error(problems.join("\n\n"));
  };
}
