// The filing job (issue 37 item 6, decision 0115) through the real job runner and a real database:
//  - ADMIN > State Filings' 'File now' without JavaScript, on a web-only portal (its job waits):
//    clicked twice, one job; the runner then files the appointments due within 5 days and every
//    termination TO_FILE; run again, nothing is filed twice; the termination files byte for byte
//    (the style of tests/fixtures/state-filings), each termination FILED with the batch and day;
//    the page shows the last run's outcome;
//  - the http adapter against a loopback service: the answers applied to appointments and
//    terminations (a rejection with its reason read back); a refused token is shown on the page;
//  - the crontab's run: after the daily job, tried as often as MAX_ATTEMPTS.filing, one at a time.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILING_QUEUE, MAX_ATTEMPTS } from "~/features/jobs/queue.server";
import { addDays, dayOf } from "~/lib/days";
import { openField, encryptField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { startWorker, stopWorker } from "~/lib/jobs.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { readFileBytes, resetStorageBackend } from "~/lib/storage.server";
import { lastFilingRun, queueFilingRun } from "~/features/state-filings/filing-run.server";
import { crontab } from "../../jobs/crontab";
import { startApp, type AppHandle } from "../support/app-server";
import { visitorSignIn } from "../support/app-sign-in";
import { DEMO } from "../support/browser";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks } from "../support/factories";
import type { Visitor } from "../support/form-driver";
import { buildIfStale } from "../support/global-app";

const db = useTestDatabase();
const TODAY = dayOf(new Date());
const day = (d: string) => new Date(`${d}T00:00:00Z`);
const fl = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
let app: AppHandle;
let admin: Visitor;
let adminId: string;
let carrierId: number;
let dataDir: string;
const saved = { key: process.env.ENCRYPTION_KEY, dataDir: process.env.DATA_DIR, adapter: process.env.FILING_ADAPTER, url: process.env.FILING_HTTP_URL, token: process.env.FILING_HTTP_TOKEN };

const jobsOf = () => prisma.$queryRaw<Array<{ id: string; attempts: number; last_error: string | null }>>`SELECT j.id::text AS id, j.attempts, j.last_error FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'file-state-filings'`;
async function waitFor(what: string, check: () => Promise<boolean>, ms = 60_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
const runs = (action = "FILING_RUN") => prisma.auditLog.count({ where: { action } });

let seq = 0;
/** A new agent position (SSN 111-22-3333 or the given one) with its NPN. */
async function agent(ssn = "111-22-3333") {
  const a = await createAgent(prisma, { blockNumber: 9721, npn: `77${String(++seq).padStart(5, "0")}` });
  await prisma.agent.update({ where: { id: a.id }, data: { ssnEncrypted: encryptField(ssn), ssnLast4: ssn.slice(-4) } });
  return { id: a.id, npn: a.npn! };
}
async function filing(a: { id: number; npn: string }, stateCode: string, due: string, opts: { line?: string; status?: string; carrier?: number } = {}) {
  return prisma.appointmentFiling.create({
    data: { agentId: a.id, npn: a.npn, stateCode, lineOfAuthority: opts.line ?? "ACCIDENT_HEALTH", licenceNumber: `${stateCode}-${a.npn}`, carrierId: opts.carrier ?? carrierId, effectiveDate: day(addDays(TODAY, -20)), dueDate: day(due), feeAmount: "20.00", status: opts.status ?? "TO_FILE" },
  });
}
/** A termination TO_FILE of a position appointed (FILED) in the state for the lines given. */
async function termination(a: { id: number; npn: string }, stateCode: string, reasonCode: string, lines: string[], effective = addDays(TODAY, -2)) {
  for (const line of lines) await filing(a, stateCode, addDays(TODAY, -30), { line, status: "FILED" });
  return prisma.termination.create({
    data: { agentId: a.id, npn: a.npn, stateCode, licenceNumber: `${stateCode}-${a.npn}`, carrierId, reasonCode, reasonLabel: reasonCode, forCause: false, effectiveDate: day(effective), dueDate: day(addDays(effective, 30)), source: "SCREEN" },
  });
}
async function storedText(batchId: string, layout: string): Promise<string> {
  const f = await prisma.filingFile.findFirstOrThrow({ where: { batchId, layout }, include: { storedFile: true } });
  return openField(Buffer.from(await readFileBytes(f.storedFile!)).toString("utf8"))!;
}

beforeAll(async () => {
  buildIfStale();
  dataDir = mkdtempSync(path.join(tmpdir(), "filing-job-test-"));
  Object.assign(process.env, { DATA_DIR: dataDir, ENCRYPTION_KEY: randomBytes(32).toString("base64") });
  resetEnvCache();
  resetSecretsCache();
  resetStorageBackend();
  // A web-only portal: the job 'File now' queues waits for this test's runner.
  app = await startApp({ databaseUrl: db.url, env: { RUN_WORKER: "false" } });
  ({ visitor: admin } = await visitorSignIn(app, DEMO.admin));
  adminId = (await prisma.user.findFirstOrThrow({ where: { userName: DEMO.admin } })).id;
  const c = await createCarrierWithBlocks(prisma, { carrierCode: "FJOB", naicCompanyCode: "99102", companyNumber: "FJ01", blocks: [{ blockNumber: 9721, productTypeCode: "HEALTH" }] });
  carrierId = c.carrier.carrierId;
  // The demo data's own filings are not this file's: withdrawn.
  await prisma.appointmentFiling.updateMany({ where: { status: "TO_FILE" }, data: { status: "WITHDRAWN", withdrawnReason: "not this test's" } });
}, 300_000);
afterAll(async () => {
  await stopWorker();
  await app?.dispose();
  for (const [k, v] of [["ENCRYPTION_KEY", saved.key], ["DATA_DIR", saved.dataDir], ["FILING_ADAPTER", saved.adapter], ["FILING_HTTP_URL", saved.url], ["FILING_HTTP_TOKEN", saved.token]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  resetStorageBackend();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the filing job, file adapter", () => {
  it("'File now' twice queues one run; the runner files each filing and termination once, the termination files byte for byte", async () => {
    const ny = await filing(await agent(), "NY", addDays(TODAY, 2));
    const later = await filing(await agent(), "NY", addDays(TODAY, 6));
    const tNy = await termination(await agent(), "NY", "VOL", ["LIFE"]);
    const flAgent = await agent("222-33-4444");
    const tFl = await termination(flAgent, "FL", "AVFS", ["ACCIDENT_HEALTH", "LIFE"], addDays(TODAY, -3));
    // A carrier without a NAIC company code yet: its filing waits, reported on the page.
    const none = await createCarrierWithBlocks(prisma, { carrierCode: "FJNN", companyNumber: "FJ02", blocks: [] });
    const waiting = await filing(await agent(), "OH", TODAY, { carrier: none.carrier.carrierId });

    let page = await admin.get(`${app.url}/admin/state-filings`);
    expect(page.shows("Last filing run: none yet.")).toBe(true);
    page = await page.form("File now").submit("File now");
    expect(page.pathname).toBe("/admin/state-filings");
    expect(page.shows("Filing run queued")).toBe(true);
    page = await page.form("File now").submit("File now");
    expect(await jobsOf(), "two clicks, one job").toHaveLength(1);

    await startWorker({ force: true });
    await waitFor("the run", async () => (await runs()) === 1 && (await jobsOf()).length === 0);
    const batch = (await prisma.appointmentFiling.findUniqueOrThrow({ where: { id: ny.id } })).filingBatchId!;
    expect(batch).toBeTruthy();
    expect(await prisma.appointmentFiling.findUniqueOrThrow({ where: { id: later.id } })).toMatchObject({ status: "TO_FILE", filingBatchId: null });
    for (const t of [tNy, tFl]) expect(await prisma.termination.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({ status: "FILED", filingBatchId: batch, filedDate: day(TODAY) });
    expect(await storedText(batch, "GENERIC_TERMINATIONS")).toBe(
      `NPN,STATE,LICENSE_NUMBER,NAIC_COMPANY_CODE,LINE_OF_AUTHORITY,TERMINATION_REASON,TERMINATION_DATE,FILING_ID\r\n${tNy.npn},NY,NY-${tNy.npn},99102,LIFE,VOL,${addDays(TODAY, -2)},${tNy.id}\r\n`,
    );
    expect(await storedText(batch, "FL_TERMINATIONS")).toBe(
      "LICENSE_NUM,SSN_FEIN,TYCL,TERMINATION_REASON_CD,TERMINATION_DT,STATE_OR_COUNTY_CD,APPOINTMENT_COUNTY\r\n" +
        `FL-${flAgent.npn},222334444,0240,AVFS,${fl(addDays(TODAY, -3))},S,\r\n` +
        `FL-${flAgent.npn},222334444,0216,AVFS,${fl(addDays(TODAY, -3))},S,\r\n`,
    );
    expect((await storedText(batch, "GENERIC_APPOINTMENTS")).split("\r\n").filter((l) => l.endsWith(ny.id))).toHaveLength(1);
    // The webhook events of the run, written in its transaction: one per filing and termination filed.
    const events = async () =>
      (await prisma.webhookEvent.findMany({ where: { subjectId: { in: [ny.id, tNy.id, tFl.id] } }, select: { type: true, subjectId: true } })).map((e) => `${e.type} ${e.subjectId}`).sort();
    expect(await events()).toEqual([`appointment.filed ${ny.id}`, `termination.filed ${tFl.id}`, `termination.filed ${tNy.id}`].sort());

    // Run again (as the next day's run would): nothing filed twice, no new batch.
    const batches = await prisma.filingBatch.count();
    await queueFilingRun(prisma, adminId);
    await waitFor("the second run", async () => (await runs()) === 2 && (await jobsOf()).length === 0);
    expect(await prisma.filingBatch.count()).toBe(batches);
    expect(await prisma.filingFile.count({ where: { batchId: batch } })).toBe(3);
    expect(await lastFilingRun()).toMatchObject({ ok: true, filed: 0, terminations: 0, skipped: 1 });
    expect(await prisma.appointmentFiling.findUniqueOrThrow({ where: { id: waiting.id } })).toMatchObject({ status: "TO_FILE", filingBatchId: null });
    expect((await events()).length).toBe(3);
    const first = await prisma.auditLog.findFirstOrThrow({ where: { action: "FILING_RUN" }, orderBy: { id: "asc" } });
    expect(first).toMatchObject({ actorUserId: adminId, details: expect.objectContaining({ adapter: "file", filed: 1, terminations: 2, skipped: 1, period: { from: TODAY, to: addDays(TODAY, 5) } }) });
    page = await admin.get(`${app.url}/admin/state-filings`);
    expect(page.shows(/Last filing run: \d{4}-\d\d-\d\d \d\d:\d\d UTC: filed 0 appointment filing\(s\) and 0 termination\(s\); skipped for a missing NAIC code: 1\./)).toBe(true);
  }, 120_000);
});

describe("the filing job, http adapter against a loopback service", () => {
  let server: Server;
  const seen: Array<{ key: string; filings: Array<{ filingId: string; stateCode: string }>; terminations: Array<{ filingId: string; stateCode: string }> }> = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = "";
      req.on("data", (c: Buffer) => (s += c.toString("utf8")));
      req.on("end", () => resolve(s));
    });
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = JSON.parse(await read(req)) as (typeof seen)[number];
      if (req.headers.authorization !== "Bearer good-token") return void res.writeHead(401).end();
      seen.push({ ...body, key: String(req.headers["idempotency-key"]) });
      const answer = (x: { filingId: string; stateCode: string }) =>
        x.stateCode === "OH" ? { filingId: x.filingId, status: "REJECTED", reason: "Producer not licensed in OH" } : x.stateCode === "TX" ? { filingId: x.filingId, status: "PENDING" } : { filingId: x.filingId, status: "ACCEPTED" };
      const ids = new Map([...body.filings, ...body.terminations].map((x) => [x.filingId, x]));
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ results: [...ids.values()].map(answer) }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    Object.assign(process.env, { FILING_ADAPTER: "http", FILING_HTTP_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/batches`, FILING_HTTP_TOKEN: "good-token" });
    resetEnvCache();
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("applies the answers to appointments and terminations, a rejection's reason read back; a second run sends nothing", async () => {
    const ny = await filing(await agent(), "NY", TODAY);
    const oh = await filing(await agent(), "OH", addDays(TODAY, 1));
    const tOh = await termination(await agent(), "OH", "VOL", ["ACCIDENT_HEALTH"]);
    const tTx = await termination(await agent(), "TX", "VOL", ["LIFE"]);
    const tNy = await termination(await agent(), "NY", "VOL", ["LIFE", "ACCIDENT_HEALTH"]);
    const before = await runs();
    await queueFilingRun(prisma, adminId);
    await waitFor("the http run", async () => (await runs()) === before + 1 && (await jobsOf()).length === 0);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.filings.map((f) => f.filingId).sort()).toEqual([ny.id, oh.id].sort());
    expect(new Set(seen[0]!.terminations.map((t) => t.filingId))).toEqual(new Set([tOh.id, tTx.id, tNy.id]));
    const f = await prisma.appointmentFiling.findMany({ where: { id: { in: [ny.id, oh.id] } } });
    expect(Object.fromEntries(f.map((x) => [x.stateCode, [x.status, x.rejectionReason, x.filingBatchId]]))).toEqual({ NY: ["ACCEPTED", null, seen[0]!.key], OH: ["REJECTED", "Producer not licensed in OH", seen[0]!.key] });
    const t = await prisma.termination.findMany({ where: { id: { in: [tOh.id, tTx.id, tNy.id] } } });
    expect(Object.fromEntries(t.map((x) => [x.stateCode, [x.status, x.rejectionReason, x.filingBatchId, x.filedDate, x.answeredAt !== null]]))).toEqual({
      OH: ["REJECTED", "Producer not licensed in OH", seen[0]!.key, day(TODAY), true],
      TX: ["FILED", null, seen[0]!.key, day(TODAY), false],
      NY: ["ACCEPTED", null, seen[0]!.key, day(TODAY), true],
    });
    await queueFilingRun(prisma, adminId);
    await waitFor("the second http run", async () => (await runs()) === before + 2 && (await jobsOf()).length === 0);
    expect(seen).toHaveLength(1);
  }, 120_000);

  it("a refused token: the run fails, is retried, and the page says why", async () => {
    const f = await filing(await agent(), "NY", TODAY);
    process.env.FILING_HTTP_TOKEN = "stale-token";
    resetEnvCache();
    const failed = await runs("FILING_RUN_FAILED");
    await queueFilingRun(prisma, adminId);
    await waitFor("the refusal", async () => (await runs("FILING_RUN_FAILED")) > failed);
    await waitFor("the job kept for a retry", async () => (await jobsOf())[0]?.last_error != null);
    const [job] = await jobsOf();
    expect(job!.last_error).toContain("The filing service refused the token (HTTP 401)");
    expect(await prisma.appointmentFiling.findUniqueOrThrow({ where: { id: f.id } })).toMatchObject({ status: "TO_FILE", filingBatchId: null });
    const page = await admin.get(`${app.url}/admin/state-filings`);
    expect(page.shows(/The last filing run failed \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)/)).toBe(true);
    expect(page.shows("The filing service refused the token (HTTP 401): check FILING_HTTP_TOKEN. Nothing was marked filed.")).toBe(true);
    await stopWorker();
  }, 120_000);
});

it("the crontab runs it daily after state-filings-daily, tried MAX_ATTEMPTS.filing times, one at a time", () => {
  const lines = crontab.split("\n");
  const daily = lines.findIndex((l) => l.includes(" state-filings-daily "));
  const run = lines.findIndex((l) => l.includes(" file-state-filings "));
  expect(run).toBeGreaterThan(daily);
  expect(lines[run]).toBe(`17 6 * * * file-state-filings ?max=${MAX_ATTEMPTS.filing}&fill=1d&queue=${FILING_QUEUE}&jobKey=file-state-filings`);
  // About 28 hours of graphile-worker's back-off (exp(min(attempt, 10)) s): longer than a day's outage.
  const seconds = Array.from({ length: MAX_ATTEMPTS.filing - 1 }, (_, i) => Math.exp(Math.min(i + 1, 10))).reduce((a, b) => a + b, 0);
  expect(seconds / 3600).toBeGreaterThan(24);
});
