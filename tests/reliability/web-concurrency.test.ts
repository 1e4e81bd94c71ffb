// WEB_CONCURRENCY=2 (issue 10, decision 0034): one start, two HTTP processes
// on one port. Both answer (X-Portal-Pid, sent under BENCH_ROUTES only); a
// session made through one is valid on the other; the generated secrets
// reach them through the environment, not the command line or the output; a
// killed HTTP process is replaced while the other keeps the port answering;
// SIGTERM lets a request in flight finish and the portal exits 0 within the
// drain limit, leaving no process behind.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { isProcessAlive } from "~/lib/pid.server";
import { startApp, type AppHandle } from "../support/app-server";
import { signInToApp } from "../support/app-sign-in";
import { waitFor } from "../support/worker-process";

const apps: AppHandle[] = [];
const secretDir = mkdtempSync(path.join(os.tmpdir(), "portal-wc-secrets-"));
afterAll(async () => {
  for (const app of apps) await app.dispose().catch(() => undefined);
  rmSync(secretDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One request on its own connection (so the cluster hands each to the next HTTP process). */
async function get(url: string, cookie?: string) {
  const res = await fetch(url, { headers: { connection: "close", ...(cookie ? { cookie } : {}) }, redirect: "manual" });
  return { status: res.status, pid: Number(res.headers.get("x-portal-pid")), body: await res.text() };
}

describe("WEB_CONCURRENCY=2", () => {
  test("two HTTP processes share the port and the sessions, one killed is replaced, SIGTERM drains and exits 0", async () => {
    // The session secret as an operator gives it with container secrets (SESSION_SECRET_FILE): the HTTP
    // processes inherit the variable and must not refuse it beside the value they are given.
    const sessionSecret = randomBytes(32).toString("base64");
    const sessionSecretFile = path.join(secretDir, "session_secret");
    writeFileSync(sessionSecretFile, `${sessionSecret}\n`, { mode: 0o600 });
    const app = await startApp({ env: { WEB_CONCURRENCY: "2", BENCH_ROUTES: "1", SESSION_SECRET_FILE: sessionSecretFile } });
    apps.push(app);
    const primary = app.pid()!;

    // Two HTTP processes, neither of them the primary, answer on the one port.
    const seen = new Set<number>();
    // The second process may still be starting when the first answers (a loaded machine: a fresh clone
    // once saw 20 answers in a row from one process): ask until both have answered, for up to 60 s.
    const until = Date.now() + 60_000;
    for (let i = 0; seen.size < 2 && (i < 20 || Date.now() < until); i++) {
      if (i >= 20) await new Promise((r) => setTimeout(r, 250));
      const health = await get(`${app.url}/healthz`);
      expect(health.status, `/healthz of an HTTP process: ${health.body}`).toBe(200);
      // The job runner runs in the primary; the HTTP processes report its state.
      expect(JSON.parse(health.body)).toMatchObject({ status: "ok", worker: "running" });
      seen.add(health.pid);
    }
    const [a, b] = [...seen];
    expect(seen.size).toBe(2);
    expect(seen.has(primary)).toBe(false);

    // The secrets generated at the first start went to them by the environment only.
    const secrets: Record<string, string> = { ...(JSON.parse(readFileSync(path.join(app.dataDir, "secrets.json"), "utf8")) as Record<string, string>), SESSION_SECRET: sessionSecret };
    for (const name of ["SESSION_SECRET", "ENCRYPTION_KEY", "OIDC_CLIENT_SECRET"]) {
      expect(app.logs()).not.toContain(secrets[name]);
      for (const pid of [a!, b!]) expect(readFileSync(`/proc/${pid}/cmdline`, "utf8")).not.toContain(secrets[name]);
    }

    // A killed HTTP process: the other answers meanwhile, and a new one takes its place.
    process.kill(a!, "SIGKILL");
    await waitFor("the primary to see the death", async () => app.logs().includes(`HTTP process ${a} exited (signal SIGKILL)`), 10_000);
    for (let i = 0; i < 4; i++) expect(await get(`${app.url}/healthz`)).toMatchObject({ status: 200, pid: b });
    expect(isProcessAlive(a!)).toBe(false);

    // Signed in (through b, the one answering while the new one starts): the session is valid on both.
    const cookie = await signInToApp(app, "md@portal.localhost");
    const homes = new Set<number>();
    const c = await waitFor(
      "a new HTTP process answering /home",
      async () => {
        const home = await get(`${app.url}/home`, cookie);
        expect(home.status).toBe(200);
        expect(home.body).toMatch(/Welcome, Eleanor/);
        homes.add(home.pid);
        return home.pid !== a && home.pid !== b && home.pid;
      },
      20_000,
    );
    expect(homes.has(a!)).toBe(false);
    for (let i = 0; i < 10 && !homes.has(b!); i++) homes.add((await get(`${app.url}/home`, cookie)).pid);
    expect([...homes].sort()).toEqual([b, c].sort());

    // SIGTERM while a Contact Us message is being sent: it finishes, then everything stops.
    const boundary = `----webconcurrency${randomBytes(6).toString("hex")}`;
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="requestTypeCode"\r\n\r\nSVCREQ_GENERAL\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="requestText"\r\n\r\nSent across a shutdown\r\n--${boundary}--\r\n`,
    );
    let request!: http.ClientRequest;
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request = http.request(
        `${app.url}/svcreq/send`,
        {
          method: "POST",
          headers: {
            cookie,
            origin: app.url,
            accept: "application/json",
            "content-type": `multipart/form-data; boundary=${boundary}`,
            "content-length": String(body.length),
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
          res.on("error", reject);
        },
      );
      request.on("error", reject);
      request.write(body.subarray(0, 40));
    });
    answer.catch(() => undefined);
    await sleep(500); // the request is in a handler now, waiting for the rest of its body
    const exited = app.exited();
    const termAt = Date.now();
    process.kill(primary, "SIGTERM");
    await sleep(1_000);
    request.end(body.subarray(40));
    expect(await answer).toEqual({ status: 200, body: JSON.stringify({ result: "SENT" }) });
    const exit = await exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(Date.now() - termAt).toBeLessThan(15_000);
    for (const pid of [b!, c]) expect(isProcessAlive(pid)).toBe(false);
    expect(app.logs()).toMatch(/\[portal\] Stopped/);
  });
});

describe("the first-administrator link (decision 0086)", () => {
  test("WEB_CONCURRENCY=2 prints one link, every HTTP process accepts it, and so does another portal process on the database", { timeout: 300_000 }, async () => {
    // Both portals share the database's secrets, as several machines behind a load balancer do.
    const shared = {
      SEED_DEMO_DATA: "false",
      SESSION_SECRET: randomBytes(32).toString("base64"), ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      IDP_COOKIE_KEY: randomBytes(32).toString("base64"),
      OIDC_CLIENT_SECRET: randomBytes(32).toString("base64"),
    };
    const app = await startApp({ env: { ...shared, WEB_CONCURRENCY: "2", BENCH_ROUTES: "1" } });
    apps.push(app);
    // The banner comes once both HTTP processes are ready; an HTTP process would print its own at its start.
    await waitFor("the banner", async () => app.logs().includes("First administrator:"), 60_000);
    await sleep(2_000);
    const links = [...app.logs().matchAll(/First administrator: (\S+)/g)].map((m) => m[1]!);
    expect(links).toHaveLength(1);
    const token = new URL(links[0]!).pathname.split("/setup/")[1]!;

    // Signed out, a valid link sends to the sign-in (a used or unknown one is a 404), whichever process answers.
    const answered = new Map<number, number[]>();
    const until = Date.now() + 60_000;
    for (let i = 0; answered.size < 2 || i < 12; i++) {
      if (Date.now() > until) break;
      const r = await get(`${app.url}/setup/${token}`);
      answered.set(r.pid, [...(answered.get(r.pid) ?? []), r.status]);
    }
    expect(answered.size).toBe(2);
    for (const [pid, statuses] of answered) expect(statuses.every((s) => s >= 300 && s < 400), `HTTP process ${pid}: ${statuses.join(", ")}`).toBe(true);
    expect((await get(`${app.url}/setup/${token}x`)).status).toBe(404);

    // Another portal process on the same database (another machine): its start prints its own link, and the first one still works there.
    const other = await startApp({ databaseUrl: app.databaseUrl, env: { ...shared, RUN_WORKER: "false", BENCH_ROUTES: "1" } });
    apps.push(other);
    expect(other.logs()).toContain("First administrator:");
    const there = await get(`${other.url}/setup/${token}`);
    expect(there.status, there.body.slice(0, 200)).toBeGreaterThanOrEqual(300);
    expect(there.status).toBeLessThan(400);
  });
});
