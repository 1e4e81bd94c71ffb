#!/usr/bin/env node
// A/B for a form post (an application save): the portal CPU per request of
// two builds of the portal in one process, requests interleaved (A, B, B, A…)
// so that the other work of a shared machine weighs on both alike; prints the
// median and the mean of each.
//
//   BENCH_HOLD=1 npm run bench:http   # prints url, cookies, appointmentId, db; DATA_DIR in its log
//   node scripts/bench/tools/ab-post-cpu.mjs --data-dir … --db … --app-url … --cookie … \
//        --a /elsewhere/build/server/index.js --b build/server/index.js \
//        --path '/appoint.data?id=1' --body 'section=PERSONAL&intent=save&firstName=Priya' [--vary middleName] [-n 400]
//
// --vary NAME: every request posts NAME with a new value (a save that changes a value); without
// it every request posts the same body (a save repeating the stored values).
// Only the CPU of this process (the portal's work), not the database's. A developer's tool, never a test.
import { EventEmitter } from "node:events";
import { parseArgs } from "node:util";
import { heldOptions, useHeldPortal } from "./held-portal.mjs";

const { values: opt } = parseArgs({
  options: heldOptions({
    n: { type: "string", default: "400" },
    a: { type: "string" },
    b: { type: "string" },
    path: { type: "string" },
    body: { type: "string" },
    vary: { type: "string" },
  }),
});
const load = await useHeldPortal(opt);
const variants = { A: await load(opt.a), B: await load(opt.b) };

let serial = 0;
function bodyOf() {
  const p = new URLSearchParams(opt.body);
  if (opt.vary) p.set(opt.vary, `${p.get(opt.vary) ?? "v"}${serial++ % 2 ? "x" : "y"}${serial}`);
  return p.toString();
}

async function once({ hooks, handle }) {
  const url = new URL(opt.path, opt["app-url"]).href;
  const req = { socket: { remoteAddress: "127.0.0.1" }, headers: {} };
  const res = new EventEmitter();
  const body = bodyOf();
  const start = process.cpuUsage();
  const request = hooks.remixRequest(
    new Request(url, {
      method: "POST",
      body,
      headers: { cookie: opt.cookie, origin: opt["app-url"], host: new URL(opt["app-url"]).host, "content-type": "application/x-www-form-urlencoded" },
    }),
    req,
    res,
  );
  const response = await handle(request);
  const text = await response.text();
  res.emit("close");
  const used = process.cpuUsage(start);
  if (response.status !== 200 || !text.includes("saved")) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return (used.user + used.system) / 1000;
}

const N = Number(opt.n);
const stats = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return { median: s[Math.floor(s.length / 2)], mean: s.reduce((a, b) => a + b, 0) / s.length };
};
for (let i = 0; i < 50; i++) for (const v of Object.values(variants)) await once(v);
const cpu = { A: [], B: [] };
for (let i = 0; i < N; i++) {
  for (const name of i % 2 ? ["A", "B"] : ["B", "A"]) cpu[name].push(await once(variants[name]));
}
for (const name of ["A", "B"]) {
  const s = stats(cpu[name]);
  console.log(`${name} POST ${opt.path}${opt.vary ? ` (changing ${opt.vary})` : ""}: portal CPU median ${s.median.toFixed(3)} ms, mean ${s.mean.toFixed(3)} ms (n ${N})`);
}
process.exit(0);
