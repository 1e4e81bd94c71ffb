// Filing through the adapter (issue 37 item 4, decision 0112) against a real database:
//  - the file adapter files a period's TO_FILE filings once: a generic CSV (every state but
//    Florida) and Florida's eAppoint file (the SSN in it), stored encrypted, FILED with the batch in
//    the same transaction; a failure inside it leaves nothing filed and the next run files each once;
//  - the download route gives a file once to an administrator (audited), refuses the second with
//    the reason (410), refuses an agent (403); the purge removes old files' bytes;
//  - the state's answer file marks filings ACCEPTED or REJECTED with the reason; an unknown line
//    applies nothing; reading it again changes nothing;
//  - the HTTP adapter against a loopback service: answers applied (a rejection with its reason,
//    a pending one FILED), a refused token (401) a clear error with nothing marked, a service down
//    keeps the batch and sends it again with the same id.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fileAdapter, FilingError, httpAdapter } from "~/features/state-filings/adapter.server";
import { actOnFiling } from "~/features/state-filings/actions.server";
import { FILING_INTENTS } from "~/features/state-filings/board";
import { applyAnswerFile } from "~/features/state-filings/answers.server";
import { purgeFilingFiles } from "~/features/state-filings/filing-files.server";
import { encryptField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { readFileBytes, resetStorageBackend } from "~/lib/storage.server";
import { createSession } from "~/lib/session.server";
import { loader as downloadLoader } from "~/routes/admin.state-filings.files.$id.download";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, createUser, seedReferenceData } from "../support/factories";

useTestDatabase();

const APP_URL = "http://localhost:3000";
let dataDir: string;
let carrierId: number;
let blockNumber: number;
let adminId: string;
let adminCookie: string;
let agentCookie: string;
const saved = { key: process.env.ENCRYPTION_KEY, dataDir: process.env.DATA_DIR, appUrl: process.env.APP_URL };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "filing-adapter-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  process.env.ENCRYPTION_KEY = randomBytes(32).toString("base64");
  resetEnvCache();
  resetSecretsCache();
  resetStorageBackend();
  await seedReferenceData();
  const c = await createCarrierWithBlocks(prisma, { carrierCode: "FADP", naicCompanyCode: "99101", companyNumber: "FA01", blocks: [{ blockNumber: 981, productTypeCode: "HEALTH" }] });
  carrierId = c.carrier.carrierId;
  blockNumber = 981;
  const admin = await createUser(prisma, { isInternal: true });
  const agentUser = await createUser(prisma, { userName: `filing-agent-${Date.now()}@example.com` });
  adminId = admin.id;
  adminCookie = (await createSession(new Request(`${APP_URL}/`), { userId: admin.id })).split(";")[0]!;
  agentCookie = (await createSession(new Request(`${APP_URL}/`), { userId: agentUser.id })).split(";")[0]!;
});
afterAll(() => {
  for (const [k, v] of [["ENCRYPTION_KEY", saved.key], ["DATA_DIR", saved.dataDir], ["APP_URL", saved.appUrl]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  resetStorageBackend();
  rmSync(dataDir, { recursive: true, force: true });
});

let seq = 0;
/** A filing TO_FILE of a new agent position (SSN 111-22-3333), due on `due`. */
async function filing(stateCode: string, opts: { line?: string; due?: string; licence?: string; carrier?: number; npn?: string } = {}) {
  const agent = await createAgent(prisma, { blockNumber, npn: opts.npn ?? `88${String(++seq).padStart(5, "0")}` });
  await prisma.agent.update({ where: { id: agent.id }, data: { ssnEncrypted: encryptField("111-22-3333"), ssnLast4: "3333" } });
  return prisma.appointmentFiling.create({
    data: {
      agentId: agent.id,
      npn: agent.npn!,
      stateCode,
      lineOfAuthority: opts.line ?? "ACCIDENT_HEALTH",
      licenceNumber: opts.licence ?? `${stateCode}-${seq}`,
      carrierId: opts.carrier ?? carrierId,
      effectiveDate: new Date("2026-12-01T00:00:00Z"),
      dueDate: new Date(`${opts.due ?? "2026-12-10"}T00:00:00Z`),
      feeAmount: "20.00",
    },
  });
}

const period = { from: "2026-12-01", to: "2026-12-15" };
const get = (url: string, cookie: string) => new Request(`${APP_URL}${url}`, { headers: { Cookie: cookie } });
async function download(id: string, cookie = adminCookie): Promise<Response> {
  try {
    return (await downloadLoader({ request: get(`/admin/state-filings/files/${id}/download`, cookie), params: { id }, context: {} })) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

beforeEach(async () => {
  // Each case files its own filings: the earlier cases' are withdrawn.
  await prisma.appointmentFiling.updateMany({ where: { status: "TO_FILE" }, data: { status: "WITHDRAWN", withdrawnReason: "an earlier case of this file" } });
});

describe("the file adapter", () => {
  it("files the period once: generic and Florida files, encrypted, FILED with the batch; downloads once", async () => {
    const ny = await filing("NY");
    const fl = await filing("FL", { licence: "A123456" });
    const later = await filing("NY", { due: "2026-12-20" });
    const r = await fileAdapter().run({ period, actorId: adminId, now: new Date("2026-12-04T12:00:00Z") });
    expect(r).toMatchObject({ filed: 2, skipped: [] });
    expect(r.files.map((f) => [f.layout, f.rows])).toEqual([
      ["GENERIC_APPOINTMENTS", 1],
      ["FL_APPOINTMENTS", 1],
    ]);
    const rows = await prisma.appointmentFiling.findMany({ where: { id: { in: [ny.id, fl.id, later.id] } } });
    expect(Object.fromEntries(rows.map((f) => [f.id, [f.status, f.filingBatchId]]))).toEqual({ [ny.id]: ["FILED", r.batchId], [fl.id]: ["FILED", r.batchId], [later.id]: ["TO_FILE", null] });
    // Stored encrypted: the bytes on disk name neither the SSN nor the NPN.
    const flFile = await prisma.filingFile.findFirstOrThrow({ where: { batchId: r.batchId!, layout: "FL_APPOINTMENTS" }, include: { storedFile: true } });
    const stored = Buffer.from(await readFileBytes(flFile.storedFile!)).toString("utf8");
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain("111223333");

    // A second run of the period files nothing again.
    expect(await fileAdapter().run({ period, actorId: adminId })).toMatchObject({ batchId: null, filed: 0 });

    // An agent is refused; the administrator gets it once; the second time is refused with the reason.
    expect((await download(flFile.id, agentCookie)).status).toBe(403);
    const first = await download(flFile.id);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(first.headers.get("Content-Disposition")).toContain("FL-eappoint-appointments-2026-12-01-to-2026-12-15.csv");
    expect(await first.text()).toBe("LICENSE_NUM,SSN_FEIN,TYCL,SUPERVISOR_LICENSE_NUM,APPOINTMENT_DT,BUSINESS_LOCATION_COUNTY,APPOINTMENT_COUNTY\r\nA123456,111223333,0240,,12/01/2026,,\r\n");
    const again = await download(flFile.id);
    expect(again.status).toBe(410);
    expect(await again.text()).toMatch(/^This filing file was downloaded already \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\) and cannot be downloaded again: it holds social security numbers\.$/);
    expect((await download("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const audits = await prisma.auditLog.findMany({ where: { targetType: "FilingFile", targetId: flFile.id }, orderBy: { id: "asc" } });
    expect(audits.map((a) => [a.action, a.actorUserId === adminId])).toEqual([
      ["ACCESS_DENIED", false],
      ["FILING_FILE_DOWNLOADED", true],
      ["FILING_FILE_DOWNLOAD_REFUSED", true],
    ]);
    expect(await prisma.auditLog.count({ where: { action: "FILINGS_FILED", targetId: r.batchId! } })).toBe(1);
  });

  it("a failure inside the run files nothing; the next run files each filing once", async () => {
    const a = await filing("NY");
    const b = await filing("FL");
    await prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION filing_files_fail() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'forced'; END $$ LANGUAGE plpgsql`);
    await prisma.$executeRawUnsafe(`CREATE TRIGGER filing_files_fail BEFORE INSERT ON filing_files FOR EACH ROW EXECUTE FUNCTION filing_files_fail()`);
    const batches = await prisma.filingBatch.count();
    try {
      await expect(fileAdapter().run({ period, actorId: null })).rejects.toThrow(/forced/);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER filing_files_fail ON filing_files`);
    }
    expect(await prisma.filingBatch.count()).toBe(batches);
    expect((await prisma.appointmentFiling.findMany({ where: { id: { in: [a.id, b.id] } } })).map((f) => [f.status, f.filingBatchId])).toEqual([
      ["TO_FILE", null],
      ["TO_FILE", null],
    ]);
    const r = await fileAdapter().run({ period, actorId: null });
    expect(r.filed).toBe(2);
    expect(await fileAdapter().run({ period, actorId: null })).toMatchObject({ filed: 0 });
    expect(await prisma.appointmentFiling.count({ where: { id: { in: [a.id, b.id] }, status: "FILED", filingBatchId: r.batchId } })).toBe(2);
  });

  it("a rejected filing resubmitted on screen is filed again by the next run, in a new batch", async () => {
    const a = await filing("NY");
    const first = await fileAdapter().run({ period, actorId: null });
    expect(first.filed).toBe(1);
    const adminId = (await prisma.user.findFirstOrThrow({ where: { isInternal: true } })).id;
    expect(await actOnFiling({ id: adminId }, { intent: FILING_INTENTS.rejected, filingId: a.id, reason: "Licence number does not match" })).toEqual({ ok: true });
    expect(await actOnFiling({ id: adminId }, { intent: FILING_INTENTS.resubmit, filingId: a.id })).toEqual({ ok: true });
    const again = await fileAdapter().run({ period, actorId: null });
    expect(again.filed).toBe(1);
    expect(await prisma.appointmentFiling.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ status: "FILED", filingBatchId: again.batchId });
    expect(again.batchId).not.toBe(first.batchId);
  });

  it("two positions of one person with one carrier: one line in the file, both filed, both answered by its id", async () => {
    const a = await filing("NY", { npn: "8899001", licence: "NY-TWIN" });
    const b = await filing("NY", { npn: "8899001", licence: "NY-TWIN" });
    const r = await fileAdapter().run({ period, actorId: null });
    expect(r.files).toEqual([expect.objectContaining({ layout: "GENERIC_APPOINTMENTS", rows: 1 })]);
    expect(await prisma.appointmentFiling.count({ where: { id: { in: [a.id, b.id] }, status: "FILED", filingBatchId: r.batchId } })).toBe(2);
    expect(await applyAnswerFile(`FILING_ID,RESULT,REASON\n${a.id},ACCEPTED,\n`, { id: adminId })).toEqual({ ok: true, accepted: 2, rejected: 0, unchanged: 0 });
  });

  it("a carrier without a NAIC company code: its filings wait, reported", async () => {
    const none = await createCarrierWithBlocks(prisma, { carrierCode: "NONA", companyNumber: "NO01", blocks: [] });
    const f = await filing("NY", { carrier: none.carrier.carrierId });
    const r = await fileAdapter().run({ period, actorId: null });
    expect(r).toMatchObject({ batchId: null, skipped: [{ filingId: f.id, reason: "NAIC_MISSING" }] });
  });

  it("purges files older than the retention; a purged file is refused with the day", async () => {
    await filing("NY");
    const r = await fileAdapter().run({ period, actorId: null, now: new Date("2026-10-01T00:00:00Z") });
    const file = await prisma.filingFile.findFirstOrThrow({ where: { batchId: r.batchId! }, include: { storedFile: true } });
    const now = new Date("2026-10-20T00:00:00Z");
    expect(await purgeFilingFiles(now, 30)).toBe(0);
    expect(await purgeFilingFiles(new Date("2026-11-01T00:00:00Z"), 30)).toBeGreaterThanOrEqual(1);
    const after = await prisma.filingFile.findUniqueOrThrow({ where: { id: file.id } });
    expect(after).toMatchObject({ storedFileId: null, purgedAt: new Date("2026-11-01T00:00:00Z") });
    expect(await prisma.storedFile.count({ where: { id: file.storedFileId! } })).toBe(0);
    await expect(readFileBytes(file.storedFile!)).rejects.toThrow();
    const refused = await download(file.id);
    expect([refused.status, await refused.text()]).toEqual([410, "This filing file was purged on 2026-11-01 00:00 UTC, as the retention setting asks."]);
    expect(await purgeFilingFiles(new Date("2026-11-01T00:00:00Z"), 30)).toBe(0);
  });
});

describe("the state's answer file", () => {
  it("marks filings accepted or rejected with the reason; an unknown line applies nothing; read again changes nothing", async () => {
    const a = await filing("NY");
    const b = await filing("OH", { licence: "OH-77" });
    await fileAdapter().run({ period, actorId: null });
    const audited = await prisma.auditLog.count({ where: { action: "FILING_ANSWERS_APPLIED" } });
    const bad = `FILING_ID,LICENSE_NUM,STATE,RESULT,REASON\r\n${a.id},,,ACCEPTED,\r\n,OH-77,OH,REJECTED,Licence not found\r\n,ZZ-1,OH,ACCEPTED,\r\n${a.id},,,MAYBE,\r\n`;
    expect(await applyAnswerFile(bad, { id: adminId })).toEqual({
      ok: false,
      problems: [
        { line: 4, message: "No filing awaiting the state's answer matches this line." },
        { line: 5, message: "RESULT must be ACCEPTED or REJECTED." },
      ],
    });
    expect((await prisma.appointmentFiling.findMany({ where: { id: { in: [a.id, b.id] } } })).map((f) => f.status)).toEqual(["FILED", "FILED"]);

    const good = `filing_id,license_num,state,result,reason\n${a.id},,,ACCEPTED,\n,OH-77,oh,REJECTED,Licence not found\n`;
    expect(await applyAnswerFile(good, { id: adminId })).toEqual({ ok: true, accepted: 1, rejected: 1, unchanged: 0 });
    const [fa, fb] = await Promise.all([a, b].map((f) => prisma.appointmentFiling.findUniqueOrThrow({ where: { id: f.id } })));
    expect([fa!.status, fa!.rejectionReason, fb!.status, fb!.rejectionReason]).toEqual(["ACCEPTED", null, "REJECTED", "Licence not found"]);
    expect(await applyAnswerFile(good, { id: adminId })).toEqual({ ok: true, accepted: 0, rejected: 0, unchanged: 2 });
    expect(await applyAnswerFile(`FILING_ID,RESULT,REASON\n${a.id},REJECTED,Late\n`, { id: adminId })).toEqual({ ok: false, problems: [{ line: 2, message: "The filing was already answered ACCEPTED." }] });
    expect(await applyAnswerFile(`ID,RESULT\n1,ACCEPTED\n`, { id: adminId })).toMatchObject({ ok: false, problems: [{ line: 1 }] });
    expect(await prisma.auditLog.count({ where: { action: "FILING_ANSWERS_APPLIED", actorUserId: adminId } })).toBe(audited + 2);
  });
});

describe("the HTTP adapter against a loopback service", () => {
  let server: Server;
  let url: string;
  const seen: Array<{ auth: string | undefined; key: string | undefined; body: { batchId: string; filings: Array<Record<string, unknown>> } }> = [];
  /** What the service does with the next request. */
  let answer: (body: { filings: Array<{ filingId: string; stateCode: string }> }) => { status: number; json?: unknown; delayMs?: number } = () => ({ status: 500 });

  const read = (req: IncomingMessage) => new Promise<string>((resolve) => {
    let s = "";
    req.on("data", (c: Buffer) => (s += c.toString("utf8")));
    req.on("end", () => resolve(s));
  });
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = JSON.parse(await read(req));
      seen.push({ auth: req.headers.authorization, key: req.headers["idempotency-key"] as string | undefined, body });
      const a: { status: number; json?: unknown; delayMs?: number } = req.headers.authorization === "Bearer good-token" ? answer(body) : { status: 401 };
      if (a.delayMs) await new Promise((resolve) => setTimeout(resolve, a.delayMs));
      res.writeHead(a.status, { "Content-Type": "application/json" });
      res.end(a.json === undefined ? "" : JSON.stringify(a.json));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/batches`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const adapter = (token = "good-token") => httpAdapter({ url, token, timeoutMs: 5000 });

  it("a refused token: a clear error, nothing marked, the filings picked again next time", async () => {
    const f = await filing("NY");
    await expect(adapter("stale").run({ period, actorId: null })).rejects.toThrow(
      new FilingError("The filing service refused the token (HTTP 401): check FILING_HTTP_TOKEN. Nothing was marked filed."),
    );
    expect(await prisma.appointmentFiling.findUniqueOrThrow({ where: { id: f.id } })).toMatchObject({ status: "TO_FILE", filingBatchId: null, filedDate: null });
    expect(await prisma.filingBatch.count({ where: { adapter: "http" } })).toBe(0);
  });

  it("applies the answers (accepted, rejected with the reason, pending); a service down keeps the batch and sends it again with the same id", async () => {
    const ny = await filing("NY");
    const oh = await filing("OH");
    const tx = await filing("TX");
    answer = () => ({ status: 503 });
    await expect(adapter().run({ period, actorId: null })).rejects.toThrow("The filing service answered HTTP 503. The batch is kept and sent again with the same id.");
    const kept = await prisma.appointmentFiling.findMany({ where: { id: { in: [ny.id, oh.id, tx.id] } } });
    const batchId = kept[0]!.filingBatchId!;
    expect(kept.map((f) => [f.status, f.filingBatchId])).toEqual(kept.map(() => ["TO_FILE", batchId]));
    // No SSN is sent; the token is.
    expect(seen.at(-1)).toMatchObject({ auth: "Bearer good-token", key: batchId, body: { batchId } });
    expect(JSON.stringify(seen.at(-1)!.body)).not.toMatch(/ssn|111223333/i);

    answer = (body) => ({
      status: 200,
      json: { results: body.filings.map((f) => (f.stateCode === "NY" ? { filingId: f.filingId, status: "ACCEPTED" } : f.stateCode === "OH" ? { filingId: f.filingId, status: "REJECTED", reason: "NAIC code unknown to the state" } : { filingId: f.filingId, status: "PENDING" })) },
    });
    const r = await adapter().run({ period, actorId: null });
    // The kept batch went first, with its own id; nothing was left for a new one.
    expect(seen.slice(-1).map((s) => s.key)).toEqual([batchId]);
    expect(r).toMatchObject({ batchId: null, filed: 0 });
    const done = Object.fromEntries((await prisma.appointmentFiling.findMany({ where: { id: { in: [ny.id, oh.id, tx.id] } } })).map((f) => [f.stateCode, [f.status, f.rejectionReason]]));
    expect(done).toEqual({ NY: ["ACCEPTED", null], OH: ["REJECTED", "NAIC code unknown to the state"], TX: ["FILED", null] });
    expect((await prisma.filingBatch.findUniqueOrThrow({ where: { id: batchId } })).sentAt).not.toBeNull();
    // Nothing is sent twice.
    const before = seen.length;
    expect(await adapter().run({ period, actorId: null })).toMatchObject({ batchId: null });
    expect(seen.length).toBe(before);
  });

  it("an answer that misses a filing applies nothing", async () => {
    const f = await filing("NY");
    answer = () => ({ status: 200, json: { results: [] } });
    await expect(adapter().run({ period, actorId: null })).rejects.toThrow("The filing service's answer is not in the expected shape (results: 1 filing(s) not answered). Nothing was applied.");
    expect(await prisma.appointmentFiling.findUniqueOrThrow({ where: { id: f.id } })).toMatchObject({ status: "TO_FILE" });
    // Sent again (same id) once the service answers.
    answer = (body) => ({ status: 200, json: { results: body.filings.map((x) => ({ filingId: x.filingId, status: "ACCEPTED" })) } });
    await adapter().run({ period, actorId: null });
    expect(await prisma.appointmentFiling.findUniqueOrThrow({ where: { id: f.id } })).toMatchObject({ status: "ACCEPTED" });
  });

  it("two positions of one person: one filing sent, the answer applied to both; a timeout keeps the batch", async () => {
    const a = await filing("OH", { npn: "8899002" });
    const b = await filing("OH", { npn: "8899002" });
    answer = () => ({ status: 200, json: { results: [] }, delayMs: 400 });
    await expect(httpAdapter({ url, token: "good-token", timeoutMs: 100 }).run({ period, actorId: null })).rejects.toThrow(
      "The filing service did not answer within 100 ms. The batch is kept and sent again with the same id.",
    );
    expect(seen.at(-1)!.body.filings.map((f) => f.filingId)).toEqual([[a.id, b.id].sort()[0]]);
    answer = (body) => ({ status: 200, json: { results: body.filings.map((x) => ({ filingId: x.filingId, status: "REJECTED", reason: "Not licensed in OH" })) } });
    await adapter().run({ period, actorId: null });
    const rows = await prisma.appointmentFiling.findMany({ where: { id: { in: [a.id, b.id] } } });
    expect(rows.map((f) => [f.status, f.rejectionReason])).toEqual([
      ["REJECTED", "Not licensed in OH"],
      ["REJECTED", "Not licensed in OH"],
    ]);
  });
});

// The fixtures the unit test compares byte for byte keep their CRLF line ends (.gitattributes).
it("the fixtures end their lines CRLF", () => {
  const text = readFileSync(path.resolve(import.meta.dirname, "../fixtures/state-filings/fl-appointments.csv"), "utf8");
  expect(text.split("\r\n").length).toBeGreaterThan(2);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
});
