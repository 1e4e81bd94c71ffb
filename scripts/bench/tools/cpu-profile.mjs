#!/usr/bin/env node
// A CPU profile of the running portal while autocannon loads one page.
//
//   BENCH_HOLD=1 BENCH_NODE_ARGS=--inspect=127.0.0.1:9339 npm run bench:http   # prints url and cookies
//   node scripts/bench/tools/cpu-profile.mjs --port 9339 --url http://localhost:…/home --cookie 'portal_session=…' \
//        [--seconds 10] [--connections 50] [--out /tmp/home.cpuprofile] [--pid <portal pid> --no-profile]
//
// Connects to the portal's inspector (Chrome DevTools protocol), samples the
// CPU only while the load runs, writes the .cpuprofile (open it in Chrome's
// DevTools or speedscope) and prints where the time went: self time by
// package (node_modules/<name>, the portal's own build, Node internals, GC)
// and the top functions. A developer's tool, never a test.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import WebSocket from "ws";

const { values: opt } = parseArgs({
  options: {
    port: { type: "string", default: "9339" },
    url: { type: "string" },
    cookie: { type: "string", default: "" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    out: { type: "string", default: "" },
    top: { type: "string", default: "40" },
    // The portal's pid: its CPU time (and its children's, the database) per request, read from /proc.
    pid: { type: "string", default: "" },
    // Only the CPU per request, without the profiler (which slows the process down).
    "no-profile": { type: "boolean", default: false },
  },
});
if (!opt.url) throw new Error("--url is required");

/** CPU ms used so far by `pid` (portal) and its descendants (db), from /proc (clock ticks of 10 ms). */
function cpuMs(rootPid) {
  const procs = new Map();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    procs.set(Number(pid), { ppid: Number(f[1]), ms: (Number(f[11]) + Number(f[12])) * 10 });
  }
  const out = { portal: procs.get(rootPid)?.ms ?? 0, db: 0 };
  const inTree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, p] of procs) {
      if (!inTree.has(pid) && inTree.has(p.ppid)) {
        inTree.add(pid);
        out.db += p.ms;
        grew = true;
      }
    }
  }
  return out;
}

const headers0 = { "accept-encoding": "gzip", ...(opt.cookie ? { cookie: opt.cookie } : {}) };
if (opt["no-profile"]) {
  if (!opt.pid) throw new Error("--no-profile needs --pid");
  await autocannon({ url: opt.url, connections: 10, duration: 2, headers: headers0 });
  const c0 = cpuMs(Number(opt.pid));
  const r = await autocannon({ url: opt.url, connections: Number(opt.connections), duration: Number(opt.seconds), headers: headers0 });
  const c1 = cpuMs(Number(opt.pid));
  const n = Math.max(1, r.requests.total);
  console.log(
    `${opt.url}: ${r.requests.total} requests (${r.non2xx} non-2xx), ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms; ` +
      `CPU ms/request portal ${((c1.portal - c0.portal) / n).toFixed(2)} + db ${((c1.db - c0.db) / n).toFixed(2)}; load ${loadavg().map((l) => l.toFixed(2)).join(" ")}`,
  );
  process.exit(0);
}

const [target] = await (await fetch(`http://127.0.0.1:${opt.port}/json/list`)).json();
const ws = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  ws.once("open", resolve);
  ws.once("error", reject);
});
let nextId = 0;
const pending = new Map();
ws.on("message", (m) => {
  const msg = JSON.parse(m.toString());
  if (msg.id && pending.has(msg.id)) {
    pending.get(msg.id)(msg);
    pending.delete(msg.id);
  }
});
const send = (method, params = {}) =>
  new Promise((resolve, reject) => {
    const id = ++nextId;
    pending.set(id, (msg) => (msg.error ? reject(new Error(msg.error.message)) : resolve(msg.result)));
    ws.send(JSON.stringify({ id, method, params }));
  });

const headers = headers0;
// Warm-up outside the profile.
await autocannon({ url: opt.url, connections: 10, duration: 2, headers });
await send("Profiler.enable");
await send("Profiler.setSamplingInterval", { interval: Number(process.env.PROFILE_INTERVAL_US ?? 500) });
await send("Profiler.start");
const result = await autocannon({ url: opt.url, connections: Number(opt.connections), duration: Number(opt.seconds), headers });
const { profile } = await send("Profiler.stop");
ws.close();
if (opt.out) writeFileSync(opt.out, JSON.stringify(profile));

const requests = result.requests.total;
const dt = profile.timeDeltas;
const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
for (let i = 0; i < profile.samples.length; i++) selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));

function bucket(n) {
  const { url, functionName } = n.callFrame;
  if (!url) return functionName.startsWith("(") ? functionName : `(native ${functionName || "anonymous"})`;
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes("/app/generated/")) return "prisma client (app/generated)";
  if (url.includes("/build/server/")) return "portal build (build/server)";
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  return url.replace(/^file:\/\//, "");
}
const byBucket = new Map();
const byFn = new Map();
let total = 0;
for (const [id, us] of selfUs) {
  const n = byNode.get(id);
  total += us;
  const b = bucket(n);
  byBucket.set(b, (byBucket.get(b) ?? 0) + us);
  const f = `${n.callFrame.functionName || "(anonymous)"} ${b}:${n.callFrame.lineNumber + 1}`;
  byFn.set(f, (byFn.get(f) ?? 0) + us);
}
const busy = total - (byBucket.get("(idle)") ?? 0);
const ms = (us) => (us / 1000 / requests).toFixed(3);
console.log(`${opt.url}: ${requests} requests, ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
console.log(`main thread busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled: ${ms(busy)} ms per request\n`);
console.log("self time by package (ms per request, share of busy):");
for (const [b, us] of [...byBucket].sort((a, c) => c[1] - a[1]).slice(0, 30)) {
  if (b === "(idle)") continue;
  console.log(`  ${ms(us).padStart(7)}  ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${b}`);
}
console.log("\ntop functions by self time:");
for (const [f, us] of [...byFn].sort((a, c) => c[1] - a[1]).slice(0, Number(opt.top))) {
  if (f.startsWith("(idle)")) continue;
  console.log(`  ${ms(us).padStart(7)}  ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${f}`);
}
