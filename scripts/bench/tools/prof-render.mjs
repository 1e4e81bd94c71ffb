#!/usr/bin/env node
// A CPU profile of the Remix handler in-process (as render-cpu.mjs runs it), sampled only
// after the warm-up: no start-up or module loading in the profile. Writes one .cpuprofile per
// page into --out-dir (open in Chrome DevTools or speedscope; scripts/bench/tools/profile-summary.mjs
// prints inclusive and self time per function). A developer's tool, never a test.
//
//   node scripts/bench/tools/prof-render.mjs --data-dir … --db … --app-url … --cookie … [-n 300] [--out-dir /tmp/prof] /appoint?id=2&section=PERSONAL …
import { EventEmitter } from "node:events";
import { mkdirSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { heldOptions, useHeldPortal } from "./held-portal.mjs";

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: heldOptions({
    n: { type: "string", default: "300" },
    build: { type: "string", default: "" },
    "out-dir": { type: "string", default: "/tmp/prof-render" },
    interval: { type: "string", default: "100" },
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

mkdirSync(opt["out-dir"], { recursive: true });
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: Number(opt.interval) });
const N = Number(opt.n);
for (const arg of positionals) {
  const anon = arg.startsWith("anon:");
  const p = anon ? arg.slice(5) : arg;
  const cookie = anon ? "" : opt.cookie;
  const url = new URL(p, opt["app-url"]).href;
  for (let i = 0; i < 50; i++) await once(url, cookie); // warm-up outside the profile
  await session.post("Profiler.start");
  const t0 = process.cpuUsage();
  for (let i = 0; i < N; i++) await once(url, cookie);
  const t = process.cpuUsage(t0);
  const { profile } = await session.post("Profiler.stop");
  const file = path.join(opt["out-dir"], `${p.replace(/[^a-zA-Z0-9]+/g, "_")}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(`${arg}: ${N} requests, CPU ${((t.user + t.system) / 1000 / N).toFixed(2)} ms/request under the profiler; ${file}`);
}
process.exit(0);
