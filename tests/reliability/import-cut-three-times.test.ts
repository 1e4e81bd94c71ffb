// A long licence import cut off three times (issue 33 item 3, decision 0083): by a real kill -9, by a
// SIGTERM whose graceful stop gives up (the import's batch holds it; the supervisor then kills the
// process group, the embedded database with it), and by kill -9 again, on the default set-up: the embedded PostgreSQL under DATA_DIR on a free port, another one after each
// restart. Each cut used to spend one of the job's 3 attempts: after the third the run showed
// 'Writing the licenses' for ever. Now each restart resumes after the batches already committed
// (the checkpoint moves, so the cut gives its attempt back) and the import finishes, every licence
// written once, the counts those of the whole file.
//
// The cuts fall mid-import deterministically: once the run has written a further batch, the test
// locks the licence table (SHARE mode: the batch in flight commits, the next one waits), sees the
// import's transaction wait on it, and kills the portal.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { handleLicenceUpload } from "~/features/licences/import-upload.server";
import { configureDatabase, disconnectPrisma, prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { stopWorker } from "~/lib/jobs.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { asUser } from "../integration/appointment-fixtures";
import { startApp, type AppHandle } from "../support/app-server";
import { createUser } from "../support/factories";
import { query } from "../support/mailbox";
import { waitFor } from "../support/wait";

const NPNS = 3000; // 15 batches of 200: room for three cuts that each fall after a further batch
const CUTS = 3;

const apps: AppHandle[] = [];
afterAll(async () => {
  await disconnectPrisma();
  for (const app of apps) await app.dispose().catch(() => undefined);
  await stopWorker();
});

/** The embedded database of the app's current run: the port it printed, the role's password from DATA_DIR/secrets.json. */
function embeddedDatabaseUrl(app: AppHandle): { url: string; port: number } {
  const runs = app.logs().split("[test harness] start #");
  const m = /Embedded PostgreSQL listening on 127\.0\.0\.1:(\d+)/.exec(runs[runs.length - 1]!);
  if (!m) throw new Error(`the app did not print its embedded database's port:\n${app.logs().slice(-3000)}`);
  const secrets = JSON.parse(readFileSync(path.join(app.dataDir, "secrets.json"), "utf8")) as Record<string, string>;
  const port = Number(m[1]);
  return { url: `postgresql://portal_app:${encodeURIComponent(secrets.EMBEDDED_PG_APP_PASSWORD!)}@127.0.0.1:${port}/portal`, port };
}

type Run = { status: string; percent: number; message: string | null; inserted: number; updated: number; unchanged: number; npns: number };
const runOf = async (url: string, id: number) =>
  (await query<Run>(url, `select status, percent, message, inserted, updated, unchanged, npns from licence_import_runs where id = $1`, [id]))[0]!;

describe("a license import cut off three times by kill -9 and a stop that gives up (default embedded database)", () => {
  test("resumes after each restart on a new port and finishes, each license written once", async () => {
    const encryptionKey = randomBytes(32).toString("base64");
    const app = await startApp({ databaseUrl: null, env: { EMBEDDED_PG_PORT: undefined, SEED_DEMO_DATA: "false", SMTP_URL: undefined, ENCRYPTION_KEY: encryptionKey } });
    apps.push(app);
    let db = embeddedDatabaseUrl(app);
    // This test process uploads as the portal would: same database, key and DATA_DIR.
    Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: app.dataDir, ENCRYPTION_KEY: encryptionKey, APP_URL: app.url });
    resetEnvCache();
    resetSecretsCache();
    configureDatabase(db.url);
    const admin = await createUser(prisma, { isInternal: true });
    const csv = ["npn,stateCode,loaLife,expiryDate", ...Array.from({ length: NPNS }, (_, i) => `${8100000 + i},NE,Y,2031-01-01`)].join("\n") + "\n";
    const form = new FormData();
    form.set("purpose", "IMPORT");
    form.set("file", new File([csv], "big.csv", { type: "text/csv" }));
    const up = await handleLicenceUpload(new Request(`${app.url}/admin/licences/import/upload`, { method: "POST", body: form, headers: { Origin: app.url } }), asUser(admin));
    if (!up.ok) throw new Error(`upload refused: ${JSON.stringify(up)}`);
    await disconnectPrisma();

    const cutAt: number[] = [];
    for (let cut = 1; cut <= CUTS; cut++) {
      const before = cutAt.at(-1) ?? 0;
      // A further batch written since the last cut (this run's own, after the restart).
      await waitFor(`cut ${cut}: a further batch`, async () => {
        const r = await runOf(db.url, up.runId);
        return r.status === "WRITING" && r.percent > Math.max(before, 50);
      }, 120_000, 50);
      const blocker = new pg.Client({ connectionString: db.url });
      blocker.on("error", () => {});
      await blocker.connect();
      try {
        await blocker.query("BEGIN");
        await blocker.query("LOCK TABLE producer_licences IN SHARE MODE");
        await waitFor(`cut ${cut}: the import's next batch to wait on the lock`, async () => {
          const [w] = await blocker.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()`).then((r) => r.rows);
          return w!.n > 0;
        }, 60_000);
        const r = await runOf(db.url, up.runId);
        expect(r.status, `cut ${cut}: still writing`).toBe("WRITING");
        cutAt.push(r.percent);
        if (cut === 2) {
          // SIGTERM: the stop waits for the running import, and is given up after 5 s (SIGKILL to the group).
          const info = await app.stop(5_000);
          expect(info.killed, "the graceful stop was given up").toBe(true);
        } else {
          await app.kill("SIGKILL");
          // A backend waiting on a lock notices its client's death only when it next talks to it.
          await blocker.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
        }
      } finally {
        await blocker.query("ROLLBACK").catch(() => undefined);
        await blocker.end().catch(() => undefined);
      }
      const previousPort = db.port;
      await app.start();
      db = embeddedDatabaseUrl(app);
      expect(db.port, "the embedded database took another port").not.toBe(previousPort);
    }

    const done = await waitFor("the import to finish", async () => {
      const r = await runOf(db.url, up.runId);
      return r.status !== "QUEUED" && r.status !== "READING" && r.status !== "WRITING" && r;
    }, 240_000, 250);
    expect(done, "completed: the counts are the whole file's, every license new once").toMatchObject({ status: "COMPLETED", message: null, npns: NPNS, inserted: NPNS, updated: 0, unchanged: 0 });
    const [licences] = await query<{ n: number }>(db.url, `select count(*)::int as n from producer_licences where npn like '81%'`);
    expect(licences!.n).toBe(NPNS);
    const jobs = await query(db.url, `select id from graphile_worker.jobs where key = $1`, [`import-licences:${up.runId}`]);
    expect(jobs, "the job is done").toHaveLength(0);
    expect((await app.stop()).code).toBe(0);
  }, 600_000);
});
