// kill -9 of the portal while its job runner holds jobs (issue 7, item 11):
// after the restart every committed job runs, and runs once. The jobs are
// held in flight deterministically: the test locks the table the task writes
// to (mail_messages), so the worker takes the jobs (locked_by its pool) and
// waits; then the portal is killed and the table released.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, inject, test } from "vitest";
import { saveSection, submitApplication } from "~/features/appointment/appointment.server";
import { createFromWizard } from "~/features/appointment/create.server";
import { validApplication } from "~/features/appointment/fixtures";
import { type DataSectionId } from "~/features/appointment/model";
import { SECTION_DATA_KEY } from "~/features/appointment/form-data";
import { disconnectPrisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { stopWorker } from "~/lib/jobs.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { asUser, consent, formDataOf, makeWorld, newProspect, req, withQuestions } from "../integration/appointment-fixtures";
import { startApp, type AppHandle } from "../support/app-server";
import { query } from "../support/mailbox";
import { createTestDatabase } from "../support/postgres";

const apps: AppHandle[] = [];
afterAll(async () => {
  for (const app of apps) await app.dispose().catch(() => undefined);
  await stopWorker();
  await disconnectPrisma();
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

  test("a submit, then kill -9 at once: after the restart the application's PDF and notifications exist once", async () => {
    const db = await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") });
    const encryptionKey = randomBytes(32).toString("base64");
    const app = await startApp({ databaseUrl: db.url, env: { SEED_DEMO_DATA: "false", SMTP_URL: undefined, ENCRYPTION_KEY: encryptionKey } });
    apps.push(app);

    // The test writes the application as the portal would (same database, key and DATA_DIR).
    Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: app.dataDir, ENCRYPTION_KEY: encryptionKey, APP_URL: app.url });
    resetEnvCache();
    resetSecretsCache();
    await disconnectPrisma();
    const world = await makeWorld();
    const user = asUser(await newProspect());
    const created = await createFromWizard(user, { link: world.linkText, appointmentTypeCode: "APPTTYP_IND" });
    if (!created.ok) throw new Error(created.message);
    const id = created.appointmentId;
    await consent(user, id);
    const data = withQuestions(validApplication("APPTTYP_IND"), world);
    data.documents = { willFax: true, extraWritingNumRequested: false };
    for (const section of ["PERSONAL", "COMMS", "FEES", "AGREEMENTS", "DOCS"] as DataSectionId[]) {
      const r = await saveSection(user, id, section, formDataOf(data[SECTION_DATA_KEY[section]]), req());
      expect(r.saved, `${section}: ${JSON.stringify(r.reply.error)}`).toBe(true);
    }
    const submitted = await submitApplication(user, id, req());
    expect(submitted.ok).toBe(true);
    await app.kill("SIGKILL");

    await app.start();
    await waitFor(
      "the application's jobs to be done",
      async () => {
        const [row] = await query<{ n: string }>(db.url, `select count(*) as n from graphile_worker.jobs`);
        return Number(row!.n) === 0;
      },
      60_000,
    );
    const pdfs = await query(db.url, `select id from documents where appointment_id = $1 and document_type_code = 'DOCTYP_COMB_APP'`, [id]);
    expect(pdfs, "one combined application PDF").toHaveLength(1);
    const mail = await query<{ to: string; subject: string; n: string }>(
      db.url,
      `select array_to_string("to", ',') as "to", subject, count(*) as n from mail_messages group by 1, 2`,
    );
    expect(mail.length, "the submit's notifications").toBeGreaterThan(0);
    for (const m of mail) expect(m, "each notification once").toMatchObject({ n: "1" });
    expect((await app.stop()).code).toBe(0);
  });
});
