#!/usr/bin/env node
// CPU per request of the portal's Remix handler, in this process, one
// request at a time: a steadier figure than a load test on a shared machine
// (process.cpuUsage counts this process's CPU only, not the time it waits
// for a core or for the database). Runs the built server code
// (build/server/index.js) against the database of a held `bench:http`:
//
//   BENCH_HOLD=1 BENCH_KEEP=1 npm run bench:http     # prints url, cookies and db
//   node scripts/bench/tools/render-cpu.mjs --data-dir /tmp/portal-bench-… --db 'postgresql://…' \
//        --app-url http://localhost:… --cookie 'portal_session=…' anon:/bench/bare /home /agents [-n 300]
//
// No express, compression or access log: the Remix handler alone (root and
// page loaders, the render), as scripts/serve.mjs calls it, with the same
// per-request scope (hooks.remixRequest). Prints ms of CPU per request and
// the statements per request. A developer's tool, never a test.
import { EventEmitter } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { heldOptions, useHeldPortal } from "./held-portal.mjs";

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: heldOptions({
    n: { type: "string", default: "300" },
    // Another build to load (a copy of build/server/index.js, for A/B runs).
    build: { type: "string", default: "" },
  }),
});
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const load = await useHeldPortal(opt);
const { hooks, handle } = await load(opt.build || path.join(root, "build/server/index.js"));

async function once(url, cookie) {
  const req = { socket: { remoteAddress: "127.0.0.1" }, headers: {}, method: "GET" };
  const res = new EventEmitter();
  const request = hooks.remixRequest(new Request(url, { headers: cookie ? { cookie } : {} }), req, res);
  // The load context as the HTTP server gives it (its per-request scope: one session read for all loaders).
  const response = await handle(request, hooks.getLoadContext(req));
  const body = await response.text();
  res.emit("close");
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return body.length;
}

const N = Number(opt.n);
for (const arg of positionals) {
  // anon:/path: without the cookie.
  const anon = arg.startsWith("anon:");
  const p = anon ? arg.slice(5) : arg;
  const cookie = anon ? "" : opt.cookie;
  const url = new URL(p, opt["app-url"]).href;
  for (let i = 0; i < 30; i++) await once(url, cookie); // warm-up (JIT, pool)
  const queries = await (await handle(new Request(new URL("/bench/queries?count=on", url)))).json();
  void queries;
  const bytes = await once(url, cookie);
  const counted = await (await handle(new Request(new URL("/bench/queries?count=off", url)))).json();
  const t0 = process.cpuUsage();
  const w0 = performance.now();
  for (let i = 0; i < N; i++) await once(url, cookie);
  const t = process.cpuUsage(t0);
  const wall = performance.now() - w0;
  console.log(
    `${arg.padEnd(24)} CPU ${((t.user + t.system) / 1000 / N).toFixed(2)} ms/request (user ${(t.user / 1000 / N).toFixed(2)}, system ${(t.system / 1000 / N).toFixed(2)}; wall ${(wall / N).toFixed(2)} ms), ` +
      `${counted.count} statements, ${(bytes / 1024).toFixed(1)} KiB`,
  );
}
process.exit(0);
