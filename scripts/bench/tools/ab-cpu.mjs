#!/usr/bin/env node
// A/B: the CPU per request of two builds of the portal, in one process,
// requests interleaved (A, B, A, B…), so that the other work of a shared
// machine weighs on both alike; prints the median and the mean of each.
//
//   cp build/server/index.js build/server/A.js   # (change, npm run build)
//   node scripts/bench/tools/ab-cpu.mjs --data-dir … --db … --app-url … --cookie … \
//        --a build/server/A.js --b build/server/index.js /home [-n 1000]
//
// Same set-up as render-cpu.mjs (a held `BENCH_HOLD=1 npm run bench:http`).
// A developer's tool, never a test.
import { EventEmitter } from "node:events";
import { parseArgs } from "node:util";
import { heldOptions, useHeldPortal } from "./held-portal.mjs";

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: heldOptions({
    n: { type: "string", default: "1000" },
    a: { type: "string" },
    b: { type: "string" },
  }),
});
const load = await useHeldPortal(opt);
const variants = { A: await load(opt.a), B: await load(opt.b) };

async function once({ hooks, handle }, url, cookie) {
  const req = { socket: { remoteAddress: "127.0.0.1" }, headers: {}, method: "GET" };
  const res = new EventEmitter();
  const start = process.cpuUsage();
  const request = hooks.remixRequest(new Request(url, { headers: cookie ? { cookie } : {} }), req, res);
  // The load context as the HTTP server gives it (its per-request scope: one session read for all loaders).
  const response = await handle(request, hooks.getLoadContext(req));
  const body = await response.text();
  res.emit("close");
  const used = process.cpuUsage(start);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { cpu: (used.user + used.system) / 1000, bytes: body.length };
}

const N = Number(opt.n);
const stats = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return { median: s[Math.floor(s.length / 2)], mean: s.reduce((a, b) => a + b, 0) / s.length };
};
for (const arg of positionals) {
  const anon = arg.startsWith("anon:");
  const url = new URL(anon ? arg.slice(5) : arg, opt["app-url"]).href;
  const cookie = anon ? "" : opt.cookie;
  for (let i = 0; i < 50; i++) for (const v of Object.values(variants)) await once(v, url, cookie);
  const cpu = { A: [], B: [] };
  let bytes = {};
  for (let i = 0; i < N; i++) {
    for (const name of i % 2 ? ["A", "B"] : ["B", "A"]) {
      const r = await once(variants[name], url, cookie);
      cpu[name].push(r.cpu);
      bytes[name] = r.bytes;
    }
  }
  for (const name of ["A", "B"]) {
    const s = stats(cpu[name]);
    console.log(`${name} ${arg.padEnd(24)} CPU median ${s.median.toFixed(3)} ms, mean ${s.mean.toFixed(3)} ms, ${(bytes[name] / 1024).toFixed(1)} KiB`);
  }
}
process.exit(0);
