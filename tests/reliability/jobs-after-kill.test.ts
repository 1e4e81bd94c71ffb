// kill -9 of the portal while its job runner holds jobs (issue 7 item 11,
// issue 19 item 1), on the DEFAULT set-up an operator runs: the embedded
// PostgreSQL under DATA_DIR on a free port, which is another port after the
// restart. After the restart every committed job runs, and runs once: the
// invitation is mailed, the submitted application gets its combined PDF and
// the recruiter's email, the report completes (it no longer stays
// 'Pending'/'Running' and counts against the limit of 5), though the kill cut
// its last attempt (it gets that attempt back). And they ran in
// the job thread (decision 0062), the report identical to the in-process one.
//
// The jobs are held in flight deterministically: the test locks the tables
// the three tasks write last (mail_messages, stored_files: SHARE mode, which
// stops writes but not reads or foreign-key checks), so the worker
// takes the jobs (locked_by its pool) and waits; then the portal is killed
// and the tables released.
import { randomBytes, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import ExcelJS from "exceljs";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { submitApplication } from "~/features/appointment/appointment.server";
import { sendInvitation } from "~/features/invitations/send.server";
import { requestReport } from "~/features/reports/reports.server";
import { REPORT_STATUS, runReport } from "~/features/reports/run.server";
import { downlineReportSchema } from "~/features/reports/schema";
import { configureDatabase, disconnectPrisma, prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { encryptField } from "~/lib/crypto.server";
import { newWebhookSecret } from "~/features/webhooks/signature.server";
import { stopWorker } from "~/lib/jobs.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { readFileBytes } from "~/lib/storage.server";
import { ensureCommissionScheduleDocuments } from "../../prisma/seed/documents";
import { asUser, filledIn, makeWorld, req } from "../integration/appointment-fixtures";
import { startApp, type AppHandle } from "../support/app-server";
import { waitFor } from "../support/wait";
import { query } from "../support/mailbox";

const apps: AppHandle[] = [];
afterAll(async () => {
  await disconnectPrisma();
  for (const app of apps) await app.dispose().catch(() => undefined);
  await stopWorker();
});


/** A spreadsheet's cells as text, row by row (what a reader of the report sees). */
async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? "" : v instanceof Date ? v.toISOString() : String(v)))));
  return rows;
}

/** The embedded database of the app's current run: the port it printed, the role's password from DATA_DIR/secrets.json. */
export function embeddedDatabaseUrl(app: AppHandle): { url: string; port: number } {
  const runs = app.logs().split("[test harness] start #");
  const m = /Embedded PostgreSQL listening on 127\.0\.0\.1:(\d+)/.exec(runs[runs.length - 1]!);
  if (!m) throw new Error(`the app did not print its embedded database's port:\n${app.logs().slice(-3000)}`);
  const secrets = JSON.parse(readFileSync(path.join(app.dataDir, "secrets.json"), "utf8")) as Record<string, string>;
  const port = Number(m[1]);
  return { url: `postgresql://portal_app:${encodeURIComponent(secrets.EMBEDDED_PG_APP_PASSWORD!)}@127.0.0.1:${port}/portal`, port };
}

/** This test process writes as the portal would: same database, key and DATA_DIR. */
async function useAppDatabase(app: AppHandle, url: string, encryptionKey: string) {
  await disconnectPrisma();
  Object.assign(process.env, { DATABASE_URL: url, DATA_DIR: app.dataDir, ENCRYPTION_KEY: encryptionKey, APP_URL: app.url });
  resetEnvCache();
  resetSecretsCache();
  configureDatabase(url);
}

const TASKS = ["send-invitation", "generate-application-pdf", "generate-report", "deliver-webhook"];

describe("jobs after a kill -9 (default embedded database)", () => {
  test("an invitation, a submitted application and a report in flight at kill -9 all run once after the restart on a new port", async () => {
    const encryptionKey = randomBytes(32).toString("base64");
    // The default set-up: no DATABASE_URL, no EMBEDDED_PG_PORT (a free port at every start).
    const app = await startApp({
      databaseUrl: null,
      env: { EMBEDDED_PG_PORT: undefined, SEED_DEMO_DATA: "false", SMTP_URL: undefined, ENCRYPTION_KEY: encryptionKey, WORKER_CONCURRENCY: "10", WEBHOOK_ALLOW_PRIVATE: "true" },
    });
    apps.push(app);
    // Decision 0062: the job thread yields the cores to the thread that serves HTTP (nice 10 against 0), as `ps -L` shows.
    const niceOf = (tid: string) => {
      const stat = readFileSync(`/proc/${app.pid()}/task/${tid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
    };
    expect(niceOf(String(app.pid())), "the HTTP thread's nice").toBe(0);
    expect(readdirSync(`/proc/${app.pid()}/task`).filter((tid) => niceOf(tid) === 10), "one thread at nice 10: the job thread").toHaveLength(1);
    const first = embeddedDatabaseUrl(app);
    await useAppDatabase(app, first.url, encryptionKey);

    // What the three jobs need, made before the tables are locked.
    const world = await makeWorld();
    await ensureCommissionScheduleDocuments(prisma);
    const template = await prisma.emailTemplate.findUniqueOrThrow({ where: { systemCode: "DFT_MLT_INVITE" } });
    const md = asUser(world.mdUser);
    const { user: prospect, id: appointmentId } = await filledIn(world, "APPTTYP_IND");

    // A webhook receiver on loopback, subscribed to the submission (decision 0077): its delivery is the
    // fourth job in flight at the kill (it has posted; its record of the answer waits on the lock).
    const received: string[] = [];
    const receiver = http.createServer((rq, rs) => {
      rq.resume();
      rq.on("end", () => {
        received.push(String(rq.headers["webhook-id"]));
        rs.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    await prisma.webhookEndpoint.create({
      data: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: ["application.submitted"], secretEncrypted: encryptField(newWebhookSecret()) },
    });

    const blocker = new pg.Client({ connectionString: first.url });
    blocker.on("error", () => {});
    await blocker.connect();
    let invitationId: number;
    let reportRequestId: number;
    try {
      await blocker.query("BEGIN");
      await blocker.query("LOCK TABLE mail_messages, stored_files, webhook_endpoints IN SHARE MODE");
      const invited = await sendInvitation(md, { link: world.linkText }, {
        firstName: "Ada",
        lastName: "Prospect",
        email: `ada.${randomUUID().slice(0, 8)}@example.com`,
        ccEmail: "",
        templateId: template.corrTemplateId,
        body: "<p>Dear [[ProspectFirstName]],</p><p>[[AppointmentLink]]</p>",
        confirm: "yes",
        formToken: randomUUID(),
      });
      if (!invited.ok) throw new Error(`invitation not sent: ${JSON.stringify(invited)}`);
      invitationId = invited.invitationId;
      const submitted = await submitApplication(prospect, appointmentId, req());
      expect(submitted.ok).toBe(true);
      ({ reportRequestId } = await requestReport(md, downlineReportSchema().parse({ reportId: "1", appointmentStatusId: "0" })));

      // The worker has taken all three (each waits on the lock).
      await waitFor(
        "the worker to take the three jobs",
        async () => {
          const rows = await query<{ task_identifier: string }>(
            first.url,
            `select task_identifier from graphile_worker.jobs where task_identifier = any($1) and locked_by is not null`,
            [TASKS],
          );
          return new Set(rows.map((r) => r.task_identifier)).size === TASKS.length;
        },
        60_000,
      );
      // The report's attempt is its last one (as after two failures: graphile-worker counted it when
      // it took the job). Cut off by the kill, it gets that attempt back (it would never run again).
      await query(
        first.url,
        `update graphile_worker._private_jobs set max_attempts = attempts where id = (select id from graphile_worker.jobs where task_identifier = 'generate-report' and locked_by is not null)`,
      );
      // The delivery has posted (the receiver answered); its record of the answer waits on the lock.
      await waitFor("the webhook to be posted", async () => received.length === 1, 60_000);
      await app.kill("SIGKILL");
      // A backend waiting on a lock notices its client's death only when it
      // next talks to it: end the dead process's connections, as they end by
      // themselves whenever the process dies outside a lock wait.
      await blocker.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
    } finally {
      await blocker.query("ROLLBACK").catch(() => undefined);
    }
    // Still locked by the dead process (the orphaned server still answers until the restart stops it).
    const locked = await query<{ task_identifier: string }>(first.url, `select task_identifier from graphile_worker.jobs where locked_by is not null`);
    expect(locked.map((r) => r.task_identifier)).toEqual(expect.arrayContaining(TASKS));
    await blocker.end();
    await disconnectPrisma();

    await app.start();
    const second = embeddedDatabaseUrl(app);
    expect(second.port, "the embedded database took another port").not.toBe(first.port);
    await waitFor(
      "every job to be done",
      async () => {
        const [row] = await query<{ n: string }>(second.url, `select count(*) as n from graphile_worker.jobs where task_identifier <> all($1)`, [
          ["purge-expired", "purge-reports", "abandon-applications", "monitor-compliance"],
        ]);
        return Number(row!.n) === 0;
      },
      90_000,
    );

    const invitationMail = await query(second.url, `select id from mail_messages where related_type = 'Invitation' and related_id = $1`, [String(invitationId!)]);
    expect(invitationMail, "the invitation mailed once").toHaveLength(1);
    const pdfs = await query(second.url, `select id from documents where appointment_id = $1 and document_type_code = 'DOCTYP_COMB_APP'`, [appointmentId]);
    expect(pdfs, "one combined application PDF").toHaveLength(1);
    const mail = await query<{ to: string; subject: string; n: string }>(
      second.url,
      `select array_to_string("to", ',') as "to", subject, count(*) as n from mail_messages where related_type is distinct from 'Invitation' group by 1, 2`,
    );
    expect(mail.length, "the submit's notifications").toBeGreaterThan(0);
    for (const m of mail) expect(m, "each notification once").toMatchObject({ n: "1" });
    // The webhook: posted before the kill and again after the restart (HTTP allows no better: the
    // receiver's 204 was never recorded), both times with the same webhook-id to deduplicate by;
    // the delivery recorded DELIVERED once, after two attempts.
    expect(received.length, "the submission posted before the kill and once after").toBe(2);
    expect(new Set(received).size, "one webhook-id for both posts").toBe(1);
    const deliveries = await query<{ status: string; attempts: number }>(second.url, `select status, attempts from webhook_deliveries`);
    expect(deliveries).toEqual([{ status: "DELIVERED", attempts: 2 }]);
    // Both attempts are listed on the endpoint's page: the one the kill cut off with no outcome.
    const attempts = await query<{ attempt: number; cut: boolean; response_code: number | null }>(second.url, `select attempt, finished_at is null as cut, response_code from webhook_delivery_attempts order by attempt`);
    expect(attempts).toEqual([{ attempt: 1, cut: true, response_code: null }, { attempt: 2, cut: false, response_code: 204 }]);
    receiver.close();
    const [report] = await query<{ status_code: string }>(second.url, `select status_code from report_requests where report_request_id = $1`, [reportRequestId!]);
    expect(report!.status_code, "the report completed").toBe("RPTSTATUS_COMPLETED");

    // Issue 22 item 5 (decision 0062): the jobs ran in the job thread, not on the thread that answers
    // requests (threadId 0), and the report made there is the spreadsheet the in-process path makes.
    const secondRun = app.logs().split("[test harness] start #").at(-1)!;
    const ended = secondRun
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { task?: string; outcome?: string; threadId?: number })
      .filter((l) => l.outcome === "completed" && TASKS.includes(l.task ?? ""));
    expect(new Set(ended.map((l) => l.task)), "each job's completed line").toEqual(new Set(TASKS));
    for (const l of ended) expect(l.threadId, `${l.task} ran in the job thread`).toBeGreaterThan(0);
    await useAppDatabase(app, second.url, encryptionKey);
    const made = await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId: reportRequestId! }, include: { outputFile: true } });
    // The same request again, without a job: run here, in the test's own thread, as runReport ran before.
    const copy = await prisma.reportRequest.create({
      data: { requestedById: made.requestedById, reportId: made.reportId, inputJson: made.inputJson as object, filterText: made.filterText, statusCode: REPORT_STATUS.PENDING },
    });
    expect(await runReport(copy.reportRequestId)).toMatchObject({ status: "COMPLETED" });
    const inProcess = await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId: copy.reportRequestId }, include: { outputFile: true } });
    const threadSheet = await readXlsx(Buffer.from(await readFileBytes(made.outputFile!)));
    expect(threadSheet.length, "the header and the downline's rows").toBeGreaterThan(1);
    expect(threadSheet).toEqual(await readXlsx(Buffer.from(await readFileBytes(inProcess.outputFile!))));
    await disconnectPrisma();
    expect((await app.stop()).code).toBe(0);
  }, 300_000);
});
