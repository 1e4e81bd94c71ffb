// Imports and reports whose job can no longer run (issue 33 item 3, decision 0083), against a real
// PostgreSQL and the job runner: a licence import, an agent import and a report left 'running' by a
// job with no attempts left (cut off three times) or deleted from the queue are shown failed, with
// the reason, on the next start of the runner; their screens offer to start them again (a plain
// POST), and that runs them to the end. A licence import cut after a batch resumes after it, and
// its cut gives the attempt back.
import { mkdirSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createFromWizard } from "~/features/appointment/create.server";
import { queueImport } from "~/features/hierarchy/import-runs.server";
import { handleLicenceUpload } from "~/features/licences/import-upload.server";
import { requestReport } from "~/features/reports/reports.server";
import { downlineReportSchema } from "~/features/reports/schema";
import type { User } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { env, resetEnvCache } from "~/lib/env.server";
import { CUT_OFF, startWorker, stopWorker } from "~/lib/jobs.server";
import { createSession } from "~/lib/session.server";
import { writeBlob } from "~/lib/storage.server";
import { action as agentAction, loader as agentLoader } from "~/routes/admin.import";
import { action as licenceAction, loader as licenceLoader } from "~/routes/admin.licences.import";
import { action as reportsAction, loader as reportsLoader } from "~/routes/reports";
import { useTestDatabase } from "../support/db";
import { createCarrierWithBlocks, createUser } from "../support/factories";
import { asUser, makeWorld, newProspect } from "./appointment-fixtures";

useTestDatabase();
process.env.ENCRYPTION_KEY ??= "stopped runs test key 0123456789abcdef012345";

const APP_URL = "http://localhost:3000";
let admin: User;
let cookie: string;

beforeAll(async () => {
  process.env.APP_URL = APP_URL;
  resetEnvCache();
  await createCarrierWithBlocks(prisma, { carrierCode: "STOP", companyNumber: "ST01", blocks: [{ blockNumber: 316, productTypeCode: "LIFE" }] });
  admin = await createUser(prisma, { isInternal: true });
  cookie = await signIn(admin.id);
});
afterEach(async () => {
  await stopWorker();
});
afterAll(async () => {
  await stopWorker();
});

async function signIn(userId: string) {
  return (await createSession(new Request(`${APP_URL}/`), { userId })).split(";")[0]!;
}
const get = (url: string, c = cookie) => new Request(`${APP_URL}${url}`, { headers: { Cookie: c } });
const post = (url: string, fields: Record<string, string>, c = cookie) =>
  new Request(`${APP_URL}${url}`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: c, Origin: APP_URL, "Content-Type": "application/x-www-form-urlencoded" } });
/** What a loader or action answered or threw (a redirect is a Response). */
async function answer(fn: () => unknown): Promise<unknown> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A process of this DATA_DIR that ran jobs and is gone (kill -9): its record names its pool. */
function deadPool(): string {
  const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
  const id = `pool-of-the-dead-${dead}`;
  mkdirSync(path.join(env().dataDir, "job-runners"), { recursive: true });
  writeFileSync(path.join(env().dataDir, "job-runners", `${os.hostname()}-${dead}.json`), JSON.stringify({ host: os.hostname(), pid: dead, ids: [id], startedAt: new Date().toISOString() }));
  return id;
}

/** The job of `key` as three cuts left it: every attempt spent, cut off, no longer locked. */
async function spentByCuts(key: string) {
  const n = await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET attempts = max_attempts, last_error = ${CUT_OFF}, run_at = now() WHERE key = ${key}`;
  expect(n, `the job ${key}`).toBe(1);
}

const licenceCsv = (from: number, count: number) =>
  ["npn,stateCode,loaLife,expiryDate", ...Array.from({ length: count }, (_, i) => `${from + i},NE,Y,2031-01-01`)].join("\n") + "\n";
const upload = (text: string) => {
  const form = new FormData();
  form.set("purpose", "IMPORT");
  form.set("file", new File([text], "licences.csv", { type: "text/csv" }));
  return new Request(`${APP_URL}/admin/licences/import/upload`, { method: "POST", body: form, headers: { Origin: APP_URL } });
};

describe("a run whose job can no longer run", () => {
  it("license import: shown failed with the reason on the next start; START AGAIN (a plain POST) runs it to the end", async () => {
    const up = await handleLicenceUpload(upload(licenceCsv(7100001, 3)), asUser(admin));
    if (!up.ok) throw new Error("upload refused");
    // As the issue found it: 'Writing the licenses 57 %', its job cut off on each of its 3 attempts.
    await prisma.licenceImportRun.update({ where: { id: up.runId }, data: { status: "WRITING", percent: 57 } });
    await spentByCuts(`import-licences:${up.runId}`);
    await startWorker();
    const page = (await licenceLoader({ request: get(`/admin/licences/import?run=${up.runId}`), params: {}, context: {} })) as { run: { status: string; message: string; canRestart: boolean } };
    expect(page.run.status).toBe("FAILED");
    expect(page.run.message).toBe("The import was interrupted 3 times and stopped: the portal was stopped or crashed while it ran. Start it again: it carries on after the licenses already written.");
    expect(page.run.canRestart).toBe(true);

    const again = (await answer(() => licenceAction({ request: post(`/admin/licences/import?run=${up.runId}`, { intent: "restart", runId: String(up.runId) }), params: {}, context: {} }))) as Response;
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(`/admin/licences/import?run=${up.runId}`);
    const done = await waitFor("the import to finish", async () => {
      const r = await prisma.licenceImportRun.findUniqueOrThrow({ where: { id: up.runId } });
      return r.status === "COMPLETED" && r;
    });
    expect(done).toMatchObject({ inserted: 3, message: null });
    expect(await prisma.producerLicence.count({ where: { npn: { in: ["7100001", "7100002", "7100003"] } } })).toBe(3);
    // Someone who may not start a licence import may not start it again.
    const agentCookie = await signIn((await createUser(prisma, {})).id);
    await prisma.licenceImportRun.update({ where: { id: up.runId }, data: { status: "FAILED" } });
    const refused = (await answer(() => licenceAction({ request: post(`/admin/licences/import`, { intent: "restart", runId: String(up.runId) }, agentCookie), params: {}, context: {} }))) as Response;
    expect(refused.status).toBe(403);
    expect((await prisma.licenceImportRun.findUniqueOrThrow({ where: { id: up.runId } })).status).toBe("FAILED");
  });

  it("license import cut after its first batch on its last attempt: the attempt is given back and it resumes after the batch", async () => {
    const up = await handleLicenceUpload(upload(licenceCsv(7200001, 250)), asUser(admin));
    if (!up.ok) throw new Error("upload refused");
    // The first batch (200 NPNs) committed with the checkpoint; the cut came in the second.
    await prisma.licenceImportRun.update({ where: { id: up.runId }, data: { status: "WRITING", percent: 90, npnsDone: 200, inserted: 200 } });
    const pool = deadPool();
    await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET locked_by = ${pool}, locked_at = now(), attempts = max_attempts, last_error = ${CUT_OFF} WHERE key = ${`import-licences:${up.runId}`}`;
    await startWorker();
    const done = await waitFor("the import to finish", async () => {
      const r = await prisma.licenceImportRun.findUniqueOrThrow({ where: { id: up.runId } });
      return r.status === "COMPLETED" && r;
    });
    // The 200 NPNs of the checkpoint were not read again (none of them is in the database: only the rest were written).
    expect(done).toMatchObject({ npns: 250, inserted: 250, npnsDone: 250 });
    expect(await prisma.producerLicence.count({ where: { npn: { startsWith: "72" } } })).toBe(50);
  });

  it("agent import: a job deleted from the queue shows failed with the reason; START AGAIN imports the file", async () => {
    const csv = "agentNumber,companyNumber,blockNumber,carrierCode,mgaCode,level,firstName,middleName,lastName,companyName,uplineAgentNumber,email,phone,status,activeDate,terminatedDate\n800,ST01,316,STOP,HM1850,2,Stopped,,Agent,,,,,,,\n";
    const blob = await writeBlob({ bytes: Buffer.from(csv) });
    const { runId } = await queueImport({ blob, fileName: "book.csv", userId: admin.id });
    await prisma.agentImportRun.update({ where: { id: runId }, data: { status: "READING", percent: 20 } });
    await prisma.$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE key = ${`import-agents:${runId}`}`;
    await startWorker();
    const page = (await agentLoader({ request: get(`/admin/import?run=${runId}`), params: {}, context: {} })) as { run: { status: string; message: string; canRestart: boolean } };
    expect(page.run).toMatchObject({ status: "FAILED", canRestart: true, message: "The import stopped: its job is no longer in the job queue. Start it again: nothing of it was written." });
    const again = (await answer(() => agentAction({ request: post(`/admin/import?run=${runId}`, { intent: "restart", runId: String(runId) }), params: {}, context: {} }))) as Response;
    expect(again.status).toBe(302);
    const done = await waitFor("the import to finish", async () => {
      const r = await prisma.agentImportRun.findUniqueOrThrow({ where: { id: runId } });
      return r.status !== "QUEUED" && r.status !== "READING" && r.status !== "WRITING" && r;
    });
    expect(done).toMatchObject({ status: "COMPLETED", inserted: 1, message: null });
  });

  it("report: shown failed with the reason and RUN AGAIN, which runs it", async () => {
    const world = await makeWorld();
    const md = asUser(world.mdUser);
    // One application in the downline: the report has a row.
    const created = await createFromWizard(asUser(await newProspect()), { link: world.linkText, appointmentTypeCode: "APPTTYP_IND" });
    if (!created.ok) throw new Error(created.message);
    const { reportRequestId } = await requestReport(md, downlineReportSchema().parse({ reportId: "1", appointmentStatusId: "0" }));
    await prisma.reportRequest.update({ where: { reportRequestId }, data: { statusCode: "RPTSTATUS_STARTED" } });
    await spentByCuts(`report:${reportRequestId}`);
    await startWorker();
    const mdCookie = await signIn(world.mdUser.id);
    const page = (await reportsLoader({ request: get(`/reports?tab=results&status=${reportRequestId}`, mdCookie), params: {}, context: {} })) as {
      dialog: { message: string; rerun?: number };
    };
    expect(page.dialog).toMatchObject({ message: "The report was interrupted 3 times and stopped: the portal was stopped or crashed while it ran. Run it again.", rerun: reportRequestId });
    // Another user's request cannot be run again by them.
    const stranger = await signIn((await createUser(prisma, { userRoleCode: "USRROLE_MD" })).id);
    const refused = (await answer(() => reportsAction({ request: post("/reports", { intent: "rerun", reportRequestId: String(reportRequestId) }, stranger), params: {}, context: {} }))) as Response;
    expect(refused.status).toBe(404);
    const again = (await answer(() => reportsAction({ request: post("/reports", { intent: "rerun", reportRequestId: String(reportRequestId) }, mdCookie), params: {}, context: {} }))) as Response;
    expect(again.status).toBe(302);
    const done = await waitFor("the report to finish", async () => {
      const r = await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId } });
      return r.statusCode !== "RPTSTATUS_PENDING" && r.statusCode !== "RPTSTATUS_STARTED" && r;
    });
    expect({ statusCode: done.statusCode, errorMessage: done.errorMessage }).toEqual({ statusCode: "RPTSTATUS_COMPLETED", errorMessage: null });
  });
});
