// Supervision of the HTTP processes of WEB_CONCURRENCY > 1 (decision 0034),
// with a stand-in HTTP process (tests/support/http-worker-fixture.mjs) run by
// node:cluster: a process that dies is started again after its back-off, a
// crash loop or a process that cannot start stops the portal (onFatal),
// stop() ends them all (SIGKILL for one that ignores SIGTERM).
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isProcessAlive } from "~/lib/pid.server";
import { restartDelayMs, startHttpWorkers, type HttpWorkers, type HttpWorkersOptions } from "../../server/http-workers";
import { freePorts } from "../support/free-port";

const fixture = path.resolve(__dirname, "../support/http-worker-fixture.mjs");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let running: HttpWorkers | undefined;
afterEach(async () => {
  await running?.stop(2_000);
  running = undefined;
});

async function start(mode: string, extra: Partial<HttpWorkersOptions> = {}) {
  const [port] = await freePorts(1);
  const logs: string[] = [];
  const fatal: string[] = [];
  running = startHttpWorkers({
    count: 2,
    exec: fixture,
    env: { FIXTURE_MODE: mode, FIXTURE_PORT: String(port) },
    log: (m) => logs.push(m),
    onFatal: (reason) => fatal.push(reason),
    ...extra,
  });
  return { workers: running, port: port!, logs, fatal };
}

async function until<T>(what: string, fn: () => T | undefined | false, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe("HTTP process supervision", () => {
  it("backs off 0.5 s, 1 s, 2 s, … at most 10 s by the deaths in the window", () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(restartDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it("serves on one port from every process and replaces one that dies, after its back-off", async () => {
    const { workers, port, logs } = await start("serve", { restartDelayMs: (n) => 300 * n });
    await workers.ready;
    const first = workers.pids();
    expect(first).toHaveLength(2);
    const answered = new Set<string>();
    for (let i = 0; i < 10 && answered.size < 2; i++) {
      answered.add(await (await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: "close" } })).text());
    }
    expect([...answered].sort()).toEqual(first.map(String).sort());

    const killed = first[0]!;
    const t0 = Date.now();
    process.kill(killed, "SIGKILL");
    await until("the log of the death", () => logs.find((l) => l.includes(`${killed} exited (signal SIGKILL)`)));
    expect(logs.join("\n")).toMatch(/starting a new one in 0\.3 s/);
    // The other process keeps the port answering meanwhile.
    expect(await (await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: "close" } })).text()).toBe(String(first[1]));
    const replaced = await until("a new process", () => workers.pids().find((p) => !first.includes(p)));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
    expect(workers.pids()).toEqual(expect.arrayContaining([first[1], replaced]));

    // A second death within the window waits twice as long.
    process.kill(replaced, "SIGKILL");
    await until("the second death", () => logs.find((l) => l.includes(`${replaced} exited`)));
    expect(logs.at(-1)).toMatch(/starting a new one in 0\.6 s/);
  });

  it("tells each process the job runner's state once it listens and on every broadcast, and answers its questions", async () => {
    let state = "running";
    const { workers, port } = await start("serve", {
      greeting: () => ({ type: "portal:worker-state", state }),
      answer: (kind) => ({ asked: kind, by: "primary" }),
    });
    await workers.ready;
    const fromEach = async (path: string) => {
      const answers = new Set<string>();
      for (let i = 0; i < 6; i++) answers.add(await (await fetch(`http://127.0.0.1:${port}${path}`, { headers: { connection: "close" } })).text());
      return [...answers];
    };
    await sleep(100); // the greeting goes over the IPC channel, the requests over TCP
    expect(await fromEach("/state")).toEqual(["running"]);
    state = "crashed";
    workers.broadcast({ type: "portal:worker-state", state });
    await sleep(100);
    expect(await fromEach("/state")).toEqual(["crashed"]);
    expect(await fromEach("/ask")).toEqual([JSON.stringify({ asked: "fixture", by: "primary" })]);
  });

  it("a crash loop (5 deaths within the window) stops restarting and reports it once", async () => {
    const { workers, fatal, logs } = await start("crash", { restartDelayMs: () => 20, crashLoop: { deaths: 5, windowMs: 60_000 } });
    await expect(workers.ready).rejects.toThrow(/crash loop/);
    expect(fatal).toHaveLength(1);
    expect(fatal[0]).toMatch(/^5 HTTP processes died within 60 s \(the last: pid \d+, code 1\): a crash loop, stopping the portal/);
    expect(logs.filter((l) => /exited \(code 1\); starting a new one/.test(l))).toHaveLength(4);
    // A process forked before the loop was seen dies on its own (the fixture crashes), however
    // slow the machine; then nothing is started again.
    await until("the last process to die", () => workers.pids().length === 0);
    await sleep(200);
    expect(workers.pids()).toEqual([]);
    expect(logs.filter((l) => /starting a new one/.test(l))).toHaveLength(4);
  });

  it("a process that cannot start (exit 78) stops the portal without a restart", async () => {
    const { workers, fatal, logs } = await start("fatal");
    await expect(workers.ready).rejects.toThrow(/could not start/);
    expect(fatal[0]).toMatch(/an HTTP process \(pid \d+\) could not start \(exit code 78/);
    await sleep(700);
    expect(logs.filter((l) => l.includes("starting a new one"))).toEqual([]);
    expect(workers.pids()).toEqual([]);
  });

  it("stop(): SIGTERM to every process, SIGKILL to one still running after the limit", async () => {
    const polite = await start("serve");
    await polite.workers.ready;
    const pids = polite.workers.pids();
    let t0 = Date.now();
    await polite.workers.stop(5_000);
    expect(Date.now() - t0).toBeLessThan(3_000);
    expect(pids.some(isProcessAlive)).toBe(false);
    expect(polite.logs.join("\n")).not.toMatch(/exited|killing/); // a stop is no death

    const stubborn = await start("stubborn");
    await stubborn.workers.ready;
    const stubbornPids = stubborn.workers.pids();
    t0 = Date.now();
    await stubborn.workers.stop(800);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(750);
    expect(stubbornPids.some(isProcessAlive)).toBe(false);
    expect(stubborn.logs.join("\n")).toMatch(/still running 0\.8 s after SIGTERM: killing \d+, \d+/);
  });
});
