#!/usr/bin/env node
// `npm run worker`: a process that only runs jobs (graphile-worker and its
// crontab) against DATABASE_URL, for web processes started with
// RUN_WORKER=false. Run as many as you like: graphile-worker hands each job
// to one of them and each cron tick to one of them. No HTTP server.
// Needs the build (npm run build), like scripts/serve.mjs.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stopWithNpm } from "./lib/stop-with-npm.mjs";
import { requireSupportedNode } from "./lib/node-version.mjs";

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
if (!existsSync(path.join(root, "build/server/index.js"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
process.env.NODE_ENV ??= "production";
stopWithNpm();
const { startWorkerProcess } = await import("../build/server/index.js");
await startWorkerProcess();
