// vitest globalSetup for the e2e project (after global-postgres.ts):
//  1. builds the app once (`npm run build`), unless build/ is newer than its sources;
//  2. starts one shared app on a fresh test database and a temp DATA_DIR;
//  3. hands its URLs to the tests: `inject("appUrl")`, `inject("idpUrl")`,
//     `inject("appDatabaseUrl")`;
//  4. stops it in teardown, and fails the run if it did not shut down cleanly.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { repoRoot, startApp, type AppHandle } from "./app-server";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    idpUrl: string;
    appDatabaseUrl: string;
    appDataDir: string;
  }
}

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

let app: AppHandle | undefined;

export default async function setup(project: TestProject) {
  // Logs (app-<port>.log) and screenshots of earlier runs would only confuse.
  const results = path.join(repoRoot, "test-results");
  if (existsSync(results)) {
    for (const f of readdirSync(results)) if (/^app-\d+\.log$|\.png$/.test(f)) rmSync(path.join(results, f), { force: true });
  }
  buildIfStale();
  app = await startApp();
  console.log(
    `[e2e] shared app at ${app.url} (identity provider ${app.idpUrl}); its output goes to test-results/app-${app.port}.log`,
  );
  project.provide("appUrl", app.url);
  project.provide("idpUrl", app.idpUrl);
  project.provide("appDatabaseUrl", app.databaseUrl ?? "");
  project.provide("appDataDir", app.dataDir);

  return async function teardown() {
    if (!app) return;
    const current = app;
    app = undefined;
    const info = await current.dispose();
    if (info && (info.code !== 0 || info.killed)) {
      const tail = current.logs().split("\n").slice(-60).join("\n");
      throw new Error(
        `The shared app did not shut down cleanly on SIGTERM: ${JSON.stringify(info)}\n--- its output ---\n${tail}`,
      );
    }
  };
}
