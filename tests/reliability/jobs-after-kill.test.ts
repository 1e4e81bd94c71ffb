// kill -9 of the portal while its job runner holds jobs (issue 7, item 11):
// after the restart every committed job runs, and runs once. The jobs are
// held in flight deterministically: the test locks the table the task writes
// to (mail_messages), so the worker takes the jobs (locked_by its pool) and
// waits; then the portal is killed and the table released.
import pg from "pg";
import { afterAll, describe, expect, inject, test } from "vitest";
import { startApp, type AppHandle } from "../support/app-server";
import { query } from "../support/mailbox";
import { createTestDatabase } from "../support/postgres";

const apps: AppHandle[] = [];
afterAll(async () => {
  for (const app of apps) await app.dispose().catch(() => undefined);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await sleep(250);
  }
}

describe("jobs after a kill -9", () => {
  test("jobs locked by the killed process run exactly once after the restart", async () => {
    const db = await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") });
    const app = await startApp({ databaseUrl: db.url, env: { SEED_DEMO_DATA: "false", SMTP_URL: undefined } });
    apps.push(app);

    const subjects = ["kill-test one", "kill-test two", "kill-test three"];
    const blocker = new pg.Client({ connectionString: db.url });
    blocker.on("error", () => {});
    await blocker.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("LOCK TABLE mail_messages IN ACCESS EXCLUSIVE MODE");
      for (const subject of subjects) {
        await query(db.url, `select graphile_worker.add_job('send-email', json_build_object('to', 'ops@example.com', 'subject', $1::text, 'text', 'x'))`, [
          subject,
        ]);
      }
      // The worker has taken all three (each waits on the lock).
      await waitFor(
        "the worker to take the jobs",
        async () => {
          const [row] = await query<{ n: string }>(
            db.url,
            `select count(*) as n from graphile_worker.jobs where task_identifier = 'send-email' and locked_by is not null`,
          );
          return Number(row!.n) === subjects.length;
        },
        30_000,
      );
      await app.kill("SIGKILL");
      // A backend waiting on a lock notices its client's death only when it
      // next talks to it: end the dead process's connections, as they end by
      // themselves whenever the process dies outside a lock wait.
      await blocker.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
    } finally {
      await blocker.query("ROLLBACK").catch(() => undefined);
      await blocker.end();
    }
    // Still locked by the dead process.
    const [locked] = await query<{ n: string }>(db.url, `select count(*) as n from graphile_worker.jobs where locked_by is not null`);
    expect(Number(locked!.n)).toBe(subjects.length);

    await app.start();
    await waitFor(
      "every job to be done",
      async () => {
        const [row] = await query<{ n: string }>(db.url, `select count(*) as n from graphile_worker.jobs where task_identifier = 'send-email'`);
        return Number(row!.n) === 0;
      },
      45_000,
    );
    const mail = await query<{ subject: string; n: string }>(
      db.url,
      `select subject, count(*) as n from mail_messages where subject like 'kill-test %' group by subject order by subject`,
    );
    expect(mail.map((m) => [m.subject, Number(m.n)])).toEqual([...subjects].sort().map((s) => [s, 1]));
    expect((await app.stop()).code).toBe(0);
  });
});
