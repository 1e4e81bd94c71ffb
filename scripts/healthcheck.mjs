#!/usr/bin/env node
// Health check for a container or a supervisor (docs/operations.md, 'Health'):
//   node scripts/healthcheck.mjs            the portal: GET /readyz on 127.0.0.1:$PORT
//   node scripts/healthcheck.mjs --live     the portal: GET /livez (the process answers)
//   node scripts/healthcheck.mjs --worker   `npm run worker`: its heartbeat, DATA_DIR/worker-health.json,
//                                           says ready and is younger than 60 s
// Exit code 0 healthy, 1 not (with the reason on stderr).
import { readFileSync } from "node:fs";
import path from "node:path";

const arg = process.argv[2];
const fail = (reason) => {
  console.error(`unhealthy: ${reason}`);
  process.exit(1);
};

if (arg === "--worker") {
  const file = path.join(path.resolve(process.env.DATA_DIR || "./data"), "worker-health.json");
  let beat;
  try {
    beat = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    fail(`no heartbeat in ${file} (is the worker running with this DATA_DIR?)`);
  }
  const age = Date.now() - Date.parse(beat.time);
  if (!(age < 60_000)) fail(`the last heartbeat is ${Math.round(age / 1000)} s old`);
  if (beat.status !== "ok") fail(`database ${beat.database}, storage ${beat.storage}, job runner ${beat.worker}`);
  process.exit(0);
}
if (arg && arg !== "--live") fail(`unknown argument ${arg} (use --live or --worker)`);
const url = `http://127.0.0.1:${process.env.PORT || 3000}${arg === "--live" ? "/livez" : "/readyz"}`;
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) fail(`${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
} catch (error) {
  fail(`${url}: ${error.message}`);
}
