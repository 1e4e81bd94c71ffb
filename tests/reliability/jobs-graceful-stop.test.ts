// SIGTERM while a job runs (issue 19 item 2): the job finishes during the
// graceful stop, and its completion is written before the process exits, so
// it never runs again. Before the fix graphile-worker logged 'Completed task'
// and the portal 'Stopped', yet the completion (a DELETE of the job row) was
// still in flight when the process exited: the row stayed locked and the job
// ran a second time once it was released.
//
// The job is slowed deterministically: the test locks mail_messages (the
// send-email task waits on it), sends SIGTERM, and then lets it go. The job
// row itself is held FOR UPDATE meanwhile, so the completion's DELETE is
// visibly in flight (waiting on that lock) while the portal stops; the lock
// is released only once that wait is seen, or the portal has already exited.
import pg from "pg";
import { afterAll, describe, expect, inject, test } from "vitest";
import { startApp, type AppHandle } from "../support/app-server";
import { query } from "../support/mailbox";
import { queueJobIn } from "../support/queue-job";
import { waitFor } from "../support/wait";
import { createTestDatabase } from "../support/postgres";

const apps: AppHandle[] = [];
afterAll(async () => {
  for (const app of apps) await app.dispose().catch(() => undefined);
});


async function client(url: string) {
  const c = new pg.Client({ connectionString: url });
  c.on("error", () => {});
  await c.connect();
  return c;
}

describe("a job that finishes during a graceful stop", () => {
  test("SIGTERM during a slow job: it completes, its completion is recorded, and it never runs again", async () => {
    const db = await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") });
    const app = await startApp({ databaseUrl: db.url, env: { SEED_DEMO_DATA: "false", SMTP_URL: undefined } });
    apps.push(app);

    const table = await client(db.url);
    const row = await client(db.url);
    try {
      await table.query("BEGIN");
      await table.query("LOCK TABLE mail_messages IN ACCESS EXCLUSIVE MODE");
      const job = { id: await queueJobIn(db.url, "send-email", { to: "ops@example.com", subject: "graceful-stop test", text: "x" }, { jobKey: "graceful-stop-test" }) };
      await waitFor(
        "the worker to take the job",
        async () => (await query(db.url, `select 1 from graphile_worker.jobs where id = $1 and locked_by is not null`, [job!.id])).length === 1,
        30_000,
      );
      await row.query("BEGIN");
      await row.query(`select 1 from graphile_worker._private_jobs where id = $1 for update`, [job!.id]);

      // SIGTERM while the job runs; it finishes during the stop.
      const stopped = app.stop(60_000);
      let exited = false;
      void stopped.then(() => (exited = true));
      await waitFor("the shutdown to start", async () => app.logs().includes("SIGTERM received"), 30_000);
      await table.query("COMMIT");
      await waitFor("the task to finish", async () => /Completed task \d+ \(send-email/.test(app.logs()), 30_000);
      // Its completion is now on its way to the database: either the portal waits for it, or has exited without it.
      await waitFor(
        "the completion to wait on the job row, or the portal to exit",
        async () =>
          exited ||
          (
            await query(
              db.url,
              `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%_private_jobs%' and datname = current_database()`,
            )
          ).length > 0,
        30_000,
      );
      await row.query("ROLLBACK");
      const info = await stopped;
      expect(info, app.logs().slice(-3000)).toMatchObject({ code: 0, killed: false });
      expect(app.logs()).toContain("[portal] Stopped");

      const left = await query(db.url, `select id, locked_by, attempts from graphile_worker.jobs where id = $1`, [job!.id]);
      expect(left, "the finished job is gone from the queue (not left locked, to run again)").toEqual([]);

      const mail = await query(db.url, `select id from mail_messages where subject = 'graceful-stop test'`);
      expect(mail, "its email, once").toHaveLength(1);
    } finally {
      await table.query("ROLLBACK").catch(() => undefined);
      await row.query("ROLLBACK").catch(() => undefined);
      await table.end();
      await row.end();
    }
  });
});
