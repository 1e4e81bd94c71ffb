// Object storage with several processes (issue 10, decision 0033): two web
// processes (RUN_WORKER=false) and one worker process, each with its own
// DATA_DIR, share one PostgreSQL and one S3-compatible bucket (s3rver on
// loopback, started here). A document uploaded through web A downloads,
// byte for byte, through web B; a report spreadsheet the worker writes
// downloads through both web processes; nothing lands on any local disk.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, test } from "vitest";
import { startApp, type AppHandle } from "../support/app-server";
import { signInToApp } from "../support/app-sign-in";
import { query } from "../support/mailbox";
import { createTestDatabase } from "../support/postgres";
import { startS3Server, type S3ServerHandle } from "../support/s3-server";
import { startWorkerProcess, waitFor, type WorkerProcess } from "../support/worker-process";

const apps: AppHandle[] = [];
const workers: WorkerProcess[] = [];
let s3: S3ServerHandle | undefined;
afterAll(async () => {
  for (const w of workers) await w.stop().catch(() => undefined);
  for (const app of apps) await app.dispose().catch(() => undefined);
  await s3?.stop();
});

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** Files under a DATA_DIR's files folder (the disk backend's place). */
function localFiles(dataDir: string): string[] {
  const root = path.join(dataDir, "files");
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as Array<{ isFile(): boolean; name: string }>)
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe("object storage shared by two web processes and a worker", () => {
  test("an upload through web A downloads through web B; the worker's report downloads through both", { timeout: 240_000 }, async () => {
    s3 = await startS3Server();
    const db = await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") });
    const shared = {
      DATABASE_URL: db.url,
      SESSION_SECRET: randomBytes(32).toString("base64"),
      ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      IDP_COOKIE_KEY: randomBytes(32).toString("base64"),
      OIDC_CLIENT_SECRET: randomBytes(32).toString("base64"),
      STORAGE_URL: s3.urlWithPrefix("portal"),
      ...s3.credentials,
    };
    const web = { ...shared, RUN_WORKER: "false", SMTP_URL: undefined };
    const webA = await startApp({ databaseUrl: db.url, env: web });
    apps.push(webA);
    const [webB, worker] = await Promise.all([
      startApp({ databaseUrl: db.url, env: web }),
      (async () => {
        const w = startWorkerProcess({ ...shared, WORKER_CONCURRENCY: "2" });
        workers.push(w);
        await w.ready();
        return w;
      })(),
    ]);
    apps.push(webB);
    for (const logs of [webA.logs(), webB.logs(), worker.logs()]) {
      expect(logs).toContain(`Files: S3 bucket "${s3.bucket}" under "portal/" at ${s3.endpoint}`);
      expect(logs).not.toContain(s3.credentials.AWS_SECRET_ACCESS_KEY);
    }

    // 1. The demo prospect uploads a PDF through web A.
    const prospect = await signInToApp(webA, "prospect@portal.localhost");
    const [appointment] = await query<{ appointment_id: number }>(
      db.url,
      `SELECT a.appointment_id FROM appointments a JOIN users u ON u.id = a.user_id WHERE u.user_name = $1 ORDER BY a.appointment_id LIMIT 1`,
      ["prospect@portal.localhost"],
    );
    const appointmentId = appointment!.appointment_id;
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n% object storage test\n"), randomBytes(1_500_000), Buffer.from("\n%%EOF\n")]);
    const form = new FormData();
    form.set("appointmentId", String(appointmentId));
    form.set("documentTypeCode", "DOCTYP_DRV_LIC");
    form.set("file", new Blob([pdf], { type: "application/pdf" }), "statement.pdf");
    const uploaded = await fetch(`${webA.url}/appoint/upload?id=${appointmentId}`, {
      method: "POST",
      headers: { cookie: prospect, origin: webA.url, accept: "application/json" },
      body: form,
    });
    const answer = (await uploaded.json()) as { result: string; documentId?: string };
    expect(uploaded.status, JSON.stringify(answer)).toBe(200);
    expect(answer.result).toBe("SUCCESS");
    const [row] = await query<{ storage_key: string; sha256: string; byte_size: number }>(
      db.url,
      `SELECT f.storage_key, f.sha256, f.byte_size FROM documents d JOIN stored_files f ON f.id = d.stored_file_id WHERE d.id = $1`,
      [answer.documentId],
    );
    expect(row).toMatchObject({ sha256: sha256(pdf), byte_size: pdf.byteLength });
    expect(s3.objectKeys()).toContain(`portal/${row!.storage_key}`);

    // ... and downloads it through web B, byte for byte.
    const downloaded = await fetch(`${webB.url}/appoint/documents/${answer.documentId}?id=${appointmentId}&download=1`, {
      headers: { cookie: prospect },
    });
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get("content-length")).toBe(String(pdf.byteLength));
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(pdf)).toBe(true);

    // 2. The marketing director asks web B for a downline report; the worker writes the spreadsheet.
    const md = await signInToApp(webA, "md@portal.localhost");
    const request = await fetch(`${webB.url}/reports`, {
      method: "POST",
      headers: { cookie: md, origin: webB.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ reportId: "1" }).toString(),
      redirect: "manual",
    });
    expect(request.status, await request.clone().text()).toBeGreaterThanOrEqual(300);
    expect(request.headers.get("location")).toMatch(/tab=results&queued=1/);
    const report = await waitFor(
      "the report to finish",
      async () => {
        const [r] = await query<{ report_request_id: number; status_code: string; sha256: string | null; storage_key: string | null }>(
          db.url,
          `SELECT r.report_request_id, r.status_code, f.sha256, f.storage_key FROM report_requests r LEFT JOIN stored_files f ON f.id = r.output_file_id ORDER BY r.report_request_id DESC LIMIT 1`,
        );
        if (r?.status_code === "RPTSTATUS_ERROR") throw new Error(`the report failed\n${worker.logs().slice(-3000)}`);
        return r?.status_code === "RPTSTATUS_COMPLETED" && r;
      },
      90_000,
    );
    // The row commits inside the task; graphile-worker logs the completion just after, so wait for the line.
    await waitFor("the worker to log the report task's completion", async () => /Completed task \d+ \(generate-report/.test(worker.logs()), 15_000);
    expect(s3.objectKeys()).toContain(`portal/${report.storage_key}`);
    const bodies: Buffer[] = [];
    for (const app of [webA, webB]) {
      const res = await fetch(`${app.url}/reports/${report.report_request_id}/download`, { headers: { cookie: md } });
      expect(res.status, app.url).toBe(200);
      expect(res.headers.get("content-disposition")).toMatch(/Downline_Report\.xlsx/);
      bodies.push(Buffer.from(await res.arrayBuffer()));
    }
    expect(bodies[0]!.subarray(0, 2).toString()).toBe("PK"); // a zip: the xlsx
    expect(bodies[1]!.equals(bodies[0]!)).toBe(true);
    expect(sha256(bodies[0]!)).toBe(report.sha256);

    // Nothing of either file went to a local disk.
    for (const dir of [webA.dataDir, webB.dataDir, worker.dataDir]) expect(localFiles(dir), dir).toEqual([]);
    // No multipart upload was left unfinished.
    expect(s3.unfinishedUploads()).toEqual([]);

    expect(await worker.stop()).toBe(0);
    workers.length = 0;

    // A process with a wrong secret does not start, and says why without the secret.
    const wrong = await startApp({ databaseUrl: db.url, env: { ...web, AWS_SECRET_ACCESS_KEY: "not-the-right-secret" }, noWait: true });
    apps.push(wrong);
    expect((await wrong.exited()).code).toBe(1);
    expect(wrong.logs()).toMatch(/start-up failed: STORAGE_URL: object storage S3 bucket "portal-test" under "portal\/" at http:\/\/127\.0\.0\.1:\d+: access denied: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
    expect(wrong.logs()).not.toContain("not-the-right-secret");
  });
});
