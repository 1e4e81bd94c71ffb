#!/usr/bin/env node
// A CPU profile of a form post (an application save) in-process, as ab-post-cpu.mjs runs it,
// sampled only after the warm-up (no start-up or module loading in the profile). Writes the
// .cpuprofile to --out (open it in Chrome's DevTools or speedscope). A developer's tool, never a test.
//
//   node scripts/bench/tools/prof-post.mjs --data-dir … --db … --app-url … --cookie … \
//        --path '/appoint.data?id=2' --body 'section=PERSONAL&intent=save&firstName=Priya' [--vary middleName] [-n 400] [--build build/server/index.js]
import { EventEmitter } from "node:events";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { parseArgs } from "node:util";
import { heldOptions, useHeldPortal } from "./held-portal.mjs";

const { values: opt } = parseArgs({
  options: heldOptions({
    n: { type: "string", default: "400" },
    build: { type: "string", default: "build/server/index.js" },
    path: { type: "string" },
    body: { type: "string" },
    vary: { type: "string" },
    out: { type: "string", default: "/tmp/post.cpuprofile" },
    interval: { type: "string", default: "100" },
  }),
});
const load = await useHeldPortal(opt);
const { hooks, handle } = await load(opt.build);

let serial = 0;
function bodyOf() {
  const p = new URLSearchParams(opt.body);
  if (opt.vary) p.set(opt.vary, `${p.get(opt.vary) ?? "v"}${serial++ % 2 ? "x" : "y"}${serial}`);
  return p.toString();
}

async function once() {
  const url = new URL(opt.path, opt["app-url"]).href;
  const req = { socket: { remoteAddress: "127.0.0.1" }, headers: {} };
  const res = new EventEmitter();
  const request = hooks.remixRequest(
    new Request(url, {
      method: "POST",
      body: bodyOf(),
      headers: { cookie: opt.cookie, origin: opt["app-url"], host: new URL(opt["app-url"]).host, "content-type": "application/x-www-form-urlencoded" },
    }),
    req,
    res,
  );
  const response = await handle(request);
  const text = await response.text();
  res.emit("close");
  if (response.status !== 200 || !text.includes("saved")) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
}

for (let i = 0; i < 100; i++) await once();
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: Number(opt.interval) });
await session.post("Profiler.start");
const start = process.cpuUsage();
const N = Number(opt.n);
for (let i = 0; i < N; i++) await once();
const used = process.cpuUsage(start);
const { profile } = await session.post("Profiler.stop");
writeFileSync(opt.out, JSON.stringify(profile));
console.log(`${N} posts, ${((used.user + used.system) / 1000 / N).toFixed(3)} ms CPU each (profiler on); ${opt.out}`);
process.exit(0);
