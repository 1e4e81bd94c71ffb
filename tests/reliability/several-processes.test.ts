// Several portal processes on one database (issue 10): two web processes
// (RUN_WORKER=false) and two worker processes (`npm run worker`) share one
// PostgreSQL and the same secrets. A session made through one web process
// is valid on the other; a job queued by a web process runs once, on a
// worker; a crontab entry fires once per tick although two workers run the
// crontab. See docs/decisions/0026-performance-and-several-processes.md.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, inject, test } from "vitest";
import { startApp, type AppHandle } from "../support/app-server";
import { signInToApp } from "../support/app-sign-in";
import { query } from "../support/mailbox";
import { createTestDatabase } from "../support/postgres";
import { startWorkerProcess, waitFor, type WorkerProcess } from "../support/worker-process";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const apps: AppHandle[] = [];
const workers: WorkerProcess[] = [];
afterAll(async () => {
  for (const w of workers) await w.stop().catch(() => undefined);
  for (const app of apps) await app.dispose().catch(() => undefined);
});

describe("two web processes and two workers on one database", () => {
  test("share sessions, run each job once on a worker and each cron tick once", { timeout: 300_000 }, async () => {
    const db = await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") });
    // What every process must share: the database and the secrets.
    const shared = {
      DATABASE_URL: db.url,
      SESSION_SECRET: randomBytes(32).toString("base64"),
      ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      IDP_COOKIE_KEY: randomBytes(32).toString("base64"),
      OIDC_CLIENT_SECRET: randomBytes(32).toString("base64"),
    };
    const cronSubject = `cron tick ${randomBytes(4).toString("hex")}`;
    const workerEnv = {
      ...shared,
      WORKER_CONCURRENCY: "2",
      // A schedule of every minute, without a job key: a tick fired by both workers would mail twice.
      EXTRA_CRONTAB: `* * * * * send-email ${JSON.stringify({ to: "cron@example.com", subject: cronSubject, text: "tick" })}`,
    };
    const web = { ...shared, RUN_WORKER: "false", SMTP_URL: undefined };

    // The first web process applies the migrations and seeds; the second finds both done.
    const webA = await startApp({ databaseUrl: db.url, env: web });
    apps.push(webA);
    const webB = await startApp({ databaseUrl: db.url, env: web });
    apps.push(webB);
    for (const app of [webA, webB]) {
      const health = (await (await fetch(`${app.url}/healthz`)).json()) as { worker: string };
      expect(health.worker).toBe("disabled");
    }
    const w1 = startWorkerProcess(workerEnv);
    workers.push(w1);
    const w2 = startWorkerProcess(workerEnv);
    workers.push(w2);
    await Promise.all([w1.ready(), w2.ready()]);

    // A session made through web A (and A's identity provider) is valid on web B.
    const cookie = await signInToApp(webA, "md@portal.localhost");
    for (const app of [webB, webA]) {
      const home = await fetch(`${app.url}/home`, { headers: { cookie }, redirect: "manual" });
      expect(home.status, `${app.url}/home`).toBe(200);
      expect(await home.text()).toMatch(/Welcome, Eleanor/);
    }

    // A job queued by web B (Contact Us queues a send-email job) runs once, on a worker.
    const form = new FormData();
    form.set("requestTypeCode", "SVCREQ_GENERAL");
    form.set("requestText", "Sent through web B");
    const sent = await fetch(`${webB.url}/svcreq/send`, {
      method: "POST",
      headers: { cookie, origin: webB.url, accept: "application/json" },
      body: form,
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect(await sent.json()).toEqual({ result: "SENT" });
    const mailed = await waitFor(
      "the Contact Us email",
      async () => {
        const rows = await query<{ delivery_key: string }>(db.url, `SELECT delivery_key FROM mail_messages WHERE delivery_key LIKE 'svcreq:%'`);
        return rows.length > 0 && rows;
      },
      60_000,
    );
    await sleep(2_000); // a second delivery would show by now
    expect(await query(db.url, `SELECT 1 FROM mail_messages WHERE delivery_key LIKE 'svcreq:%'`)).toHaveLength(1);
    const ran = (w: typeof w1) => (w.logs().match(/Completed task \d+ \(send-email[^)]*\) with success/g) ?? []).length;
    expect(mailed).toHaveLength(1);
    // The web processes run no jobs: the send-email ran in a worker process.
    for (const app of [webA, webB]) expect(app.logs()).not.toMatch(/Completed task/);
    expect(ran(w1) + ran(w2)).toBeGreaterThanOrEqual(1);

    // The every-minute schedule: wait for a tick, then for the next minute to begin. Each tick mails once.
    const ticks = () => query<{ n: number }>(db.url, `SELECT count(*)::int AS n FROM mail_messages WHERE subject = $1`, [cronSubject]);
    await waitFor("a cron tick", async () => (await ticks())[0]!.n >= 1, 75_000);
    const firstTickMinute = Math.floor(Date.now() / 60_000);
    await sleep(5_000);
    const [afterTick] = await ticks();
    expect(afterTick!.n).toBe(1);
    // The next tick (if the test is still running then) also adds exactly one.
    if (Math.floor(Date.now() / 60_000) === firstTickMinute) {
      await waitFor("the next cron tick", async () => (await ticks())[0]!.n >= 2, 75_000);
      await sleep(5_000);
      expect((await ticks())[0]!.n).toBe(2);
    }

    for (const w of [w1, w2]) expect(await w.stop()).toBe(0);
    workers.length = 0;
  });
});
