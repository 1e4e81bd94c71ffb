// The retention schedule (issue 38 item 2, decision 0120) against a real database, a real storage
// folder and the built worker process:
//  - canary values (SSN, birth date, driver licence, bank account, card, an uploaded file's bytes, the
//    generated PDF) in applications abandoned past RETENTION_APPLICANT_DAYS, an approved one whose
//    agent was terminated past RETENTION_AGENT_DAYS, a held person's and one not yet due;
//  - erase-expired runs on a worker, is killed (-9) mid-run (a batch blocked on a row lock), runs again
//    on a new worker: every due application erased once, nothing held or not due touched;
//  - then every column of every table (as text), the storage folder, both workers' logs, the rendered
//    PDF and the API's answers are searched for each canary: none of the erased, all of the others;
//  - the legal hold placed and lifted without JavaScript (audited); a director refused (403);
//  - the review screen reads 'Erased on <day> under the retention schedule'.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/features/api/tokens.server";
import { generateCombinedApplication, renderCombinedApplication } from "~/features/documents/combined-application.server";
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { eraseExpired } from "~/features/retention/erase.server";
import { HOLD_MESSAGES as M, erasedText } from "~/features/retention/messages";
import { sealField } from "~/lib/crypto.server";
import { dayOf } from "~/lib/days";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { BACKUP_FILES_LOCK, resetStorageBackend, saveFile, storagePath } from "~/lib/storage.server";
import * as applicationRoute from "~/routes/api.v1.applications.$id";
import * as documentRoute from "~/routes/api.v1.documents.$id";
import { startApp, type AppHandle } from "../support/app-server";
import { visitorSignIn } from "../support/app-sign-in";
import { DEMO } from "../support/browser";
import { useTestDatabase } from "../support/db";
import { createAgent } from "../support/factories";
import type { Visitor } from "../support/form-driver";
import { buildIfStale } from "../support/global-app";
import { pdfText } from "../support/pdf-text";
import { useTempDataDir } from "../support/temp-dir";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";
import { waitFor } from "../support/wait";
import { filledIn, makeWorld, type World } from "./appointment-fixtures";

useTempDataDir("retention");
const db = useTestDatabase();
const DAY = 24 * 60 * 60 * 1000;
const TODAY = dayOf(new Date());
const secrets = {
  ENCRYPTION_KEY: randomBytes(32).toString("base64"),
  SESSION_SECRET: randomBytes(32).toString("base64"),
  IDP_COOKIE_KEY: randomBytes(32).toString("base64"),
  OIDC_CLIENT_SECRET: randomBytes(32).toString("base64"),
};
let app: AppHandle;
let admin: Visitor;
let world: World;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  buildIfStale();
  process.env.ENCRYPTION_KEY = secrets.ENCRYPTION_KEY;
  resetEnvCache();
  resetSecretsCache();
  resetStorageBackend();
  // The portal serves the screens only: the erase job runs on worker processes.
  app = await startApp({ databaseUrl: db.url, env: { RUN_WORKER: "false", ENCRYPTION_KEY: secrets.ENCRYPTION_KEY } });
  ({ visitor: admin } = await visitorSignIn(app, DEMO.admin));
  world = await makeWorld();
}, 300_000);
afterAll(async () => {
  for (const w of workers) await w.stop().catch(() => undefined);
  await app?.dispose();
  resetStorageBackend();
});

/** One application's canaries: each value appears nowhere else. */
type Planted = {
  id: number;
  email: string;
  plain: string[];
  cipher: string[];
  fileKeys: string[];
  birthDay: string;
};

let seq = 0;
/** An individual's application, filled in, with canary values written over its sensitive fields, an upload and its generated PDF. */
async function plant(status: { code: string; at: Date; agentId?: number }): Promise<Planted> {
  const n = ++seq;
  const { user, id } = await filledIn(world, "APPTTYP_IND");
  const ssn = `98765432${n}`;
  const account = `77001${n}2345678`;
  const card = `40000${n}00000${n}0000`;
  const tax = `9${n}1234567`;
  const birthDay = `1961-07-1${n}`;
  const licence = `CANARYDL${n}${randomBytes(3).toString("hex")}`;
  const s = { ssn: sealField(ssn), account: sealField(account), card: sealField(card), tax: sealField(tax) };
  await prisma.appointmentPersonal.update({
    where: { appointmentId: id },
    data: { ssnEncrypted: s.ssn.encrypted, ssnLast4: s.ssn.last4, birthDate: new Date(`${birthDay}T00:00:00Z`), driverLicenseNumber: licence },
  });
  await prisma.appointmentBankInfo.upsert({
    where: { appointmentId: id },
    create: { appointmentId: id, accountNumberEncrypted: s.account.encrypted, accountNumberLast4: s.account.last4 },
    update: { accountNumberEncrypted: s.account.encrypted, accountNumberLast4: s.account.last4 },
  });
  await prisma.appointmentCardInfo.upsert({
    where: { appointmentId: id },
    create: { appointmentId: id, cardNumberEncrypted: s.card.encrypted, cardLast4: s.card.last4 },
    update: { cardNumberEncrypted: s.card.encrypted, cardLast4: s.card.last4 },
  });
  await prisma.commissionRemitAssign.upsert({
    where: { appointmentId: id },
    create: { appointmentId: id, ssnTaxIdEncrypted: s.tax.encrypted, ssnTaxIdLast4: s.tax.last4 },
    update: { ssnTaxIdEncrypted: s.tax.encrypted, ssnTaxIdLast4: s.tax.last4 },
  });
  const fileCanary = `CANARY-FILE-${n}-${randomBytes(8).toString("hex")}`;
  const file = await saveFile({ bytes: Buffer.from(`%PDF-1.4\n${fileCanary}\n%%EOF\n`), fileName: `eo-${n}.pdf`, contentType: "application/pdf" });
  await prisma.document.create({ data: { documentTypeCode: "DOCTYP_EO_CERT", kindCode: "UPLOAD", title: "E&O", appointmentId: id, appUserId: user.id, storedFileId: file.id } });
  const generated = await generateCombinedApplication(id);
  const pdf = await prisma.document.findUniqueOrThrow({ where: { id: generated.documentId }, include: { storedFile: true } });
  const at = status.at;
  await prisma.appointment.update({
    where: { appointmentId: id },
    data: {
      appointmentStatusCode: status.code,
      ...(status.code === "APWF_STATUS_ABANDONED" ? { abandonedAt: at } : status.code === "APWF_STATUS_REJECTED" ? { rejectedAt: at, rejectionReason: "Not licensed" } : { approvedAt: at, agentId: status.agentId }),
    },
  });
  return {
    id,
    email: user.userName,
    plain: [ssn, account, card, tax, birthDay, licence, fileCanary],
    cipher: [s.ssn.encrypted!, s.account.encrypted!, s.card.encrypted!, s.tax.encrypted!],
    fileKeys: [file.storageKey, pdf.storedFile.storageKey],
    birthDay,
  };
}

/** Every column of every table, as PostgreSQL prints a row. */
async function tableText(): Promise<string> {
  const tables = await prisma.$queryRaw<Array<{ s: string; t: string }>>`
    SELECT table_schema AS s, table_name AS t FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`;
  const parts: string[] = [];
  for (const { s, t } of tables) {
    const rows = await prisma.$queryRawUnsafe<Array<{ r: string }>>(`SELECT x::text AS r FROM "${s}"."${t}" x`);
    parts.push(...rows.map((r) => r.r));
  }
  return parts.join("\n");
}

/** Every byte under the storage folder, as text. */
function storageText(dir: string): string {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = path.join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(readFileSync(p, "latin1"));
    }
  };
  walk(dir);
  return out.join("\n");
}

const apiGet = async (loader: typeof applicationRoute.loader, p: string, id: string, token: string) => {
  const res = await (loader as (a: object) => Promise<Response>)({ request: new Request(`http://localhost${p}`, { headers: { Authorization: `Bearer ${token}` } }), params: { id }, context: {} });
  return { status: res.status, text: await res.text() };
};

describe("the retention schedule", () => {
  it("erases the due applications once across a kill -9, keeps the held and the not-due, and no canary survives", { timeout: 240_000 }, async () => {
    const old = new Date(Date.now() - 800 * DAY);
    const terminated = await createAgent(prisma, { firstName: "Long", lastName: "Gone" });
    const agentSsn = sealField("987650001");
    await prisma.agent.update({
      where: { id: terminated.id },
      data: { isActive: false, status: "TERMINATED", terminationDate: new Date(Date.now() - 8 * 365 * DAY), ssnEncrypted: agentSsn.encrypted, ssnLast4: agentSsn.last4 },
    });
    const recent = await createAgent(prisma, { firstName: "Just", lastName: "Left" });
    const recentSsn = sealField("987650002");
    await prisma.agent.update({
      where: { id: recent.id },
      data: { isActive: false, status: "TERMINATED", terminationDate: new Date(Date.now() - 365 * DAY), ssnEncrypted: recentSsn.encrypted, ssnLast4: recentSsn.last4 },
    });
    const erased = [
      await plant({ code: "APWF_STATUS_ABANDONED", at: old }),
      await plant({ code: "APWF_STATUS_REJECTED", at: old }),
      await plant({ code: "APWF_STATUS_APPROVED", at: new Date(Date.now() - 9 * 365 * DAY), agentId: terminated.id }),
    ];
    const held = await plant({ code: "APWF_STATUS_ABANDONED", at: old });
    const notDue = await plant({ code: "APWF_STATUS_REJECTED", at: new Date(Date.now() - 100 * DAY) });

    // The hold, placed without JavaScript: refused empty, then placed; a second one placed and lifted.
    let page = await (await admin.get(`${app.url}/home`)).within("navigation", "Main").toggle("ADMIN").follow("Legal Holds");
    expect(page.heading()).toBe(M.title);
    page = await page.form("Place a hold").submit(M.place);
    expect(page.fieldError(M.subjectLabel)).toBe(M.subjectRequired);
    page = await page.form("Place a hold").fill(M.subjectLabel, "nobody@example.com").fill(M.reasonLabel, "Matter 2026-17").submit(M.place);
    expect(page.fieldError(M.subjectLabel)).toBe(M.nobody);
    page = await page.form("Place a hold").fill(M.subjectLabel, held.email.toUpperCase()).fill(M.reasonLabel, "Matter 2026-17").submit(M.place);
    expect(page.banners().join(" ")).toContain(M.placedTitle);
    page = await page.form("Place a hold").fill(M.subjectLabel, notDue.email).fill(M.reasonLabel, "Asked by counsel").submit(M.place);
    page = await page.form(`${M.lift}: ${notDue.email}`).submit(`${M.lift}: ${notDue.email}`);
    expect(page.banners().join(" ")).toContain(M.liftedTitle);
    expect(page.text()).toContain(M.liftedOn(TODAY));
    expect(await prisma.legalHold.count({ where: { liftedAt: null } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { action: { in: ["LEGAL_HOLD_PLACED", "LEGAL_HOLD_LIFTED"] } } })).toBe(3);

    // A director may not see or place a hold.
    const { visitor: md } = await visitorSignIn(app, DEMO.marketingDirector);
    expect((await fetch(`${app.url}/admin/legal-holds`, { headers: { cookie: md.cookies(app.url) }, redirect: "manual" })).status).toBe(403);
    const post = await fetch(`${app.url}/admin/legal-holds`, {
      method: "POST",
      headers: { cookie: md.cookies(app.url), origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "place", subject: erased[0]!.email, reason: "mine" }),
      redirect: "manual",
    });
    expect(post.status).toBe(403);
    expect(await prisma.legalHold.count()).toBe(2);

    // Run 1 on a worker, one application per batch: the second batch waits on a row lock, and the worker is killed.
    const workerEnv = { ...secrets, DATABASE_URL: db.url, DATA_DIR: process.env.DATA_DIR!, RETENTION_BATCH_SIZE: "1", WORKER_CONCURRENCY: "1" };
    const blocker = new pg.Client({ connectionString: db.url });
    await blocker.connect();
    await blocker.query("BEGIN");
    await blocker.query("SELECT 1 FROM appointment_personal WHERE appointment_id = $1 FOR UPDATE", [erased[1]!.id]);
    // And a backup 'runs' (its lock, decision 0079): the first batch's bytes wait in blob_removals, as after a kill just past the commit.
    await blocker.query("SELECT pg_advisory_lock(hashtext($1))", [BACKUP_FILES_LOCK]);
    const w1 = startWorkerProcess(workerEnv);
    workers.push(w1);
    await w1.ready();
    await queueJob(prisma, "erase-expired", {}, jobOptions.eraseExpired());
    await waitFor(
      "the first batch committed and the second waiting",
      async () => {
        const first = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: erased[0]!.id } });
        const waiting = await prisma.$queryRaw<unknown[]>`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`;
        return first.erasedAt !== null && waiting.length > 0;
      },
      60_000,
    );
    await w1.kill9();
    await blocker.query("ROLLBACK");
    await blocker.end();
    expect((await prisma.appointment.findMany({ where: { erasedAt: { not: null } }, select: { appointmentId: true } })).map((a) => a.appointmentId)).toEqual([erased[0]!.id]);
    // Its rows say erased, its bytes remain, listed for the sweep.
    for (const k of erased[0]!.fileKeys) expect(existsSync(storagePath(k)), k).toBe(true);
    expect((await prisma.blobRemoval.findMany()).map((b) => b.storageKey).sort()).toEqual([...erased[0]!.fileKeys].sort());

    // Run 2 on a new worker finishes the work.
    const w2 = startWorkerProcess(workerEnv);
    workers.push(w2);
    await w2.ready();
    await queueJob(prisma, "erase-expired", {}, jobOptions.eraseExpired());
    // The new worker also takes back the killed run's job (decision 0083): whichever runs second finds nothing left.
    const runLines = () => w2.logs().match(/erase-expired: .*/g) ?? [];
    await waitFor("the second run's log line", async () => runLines().some((l) => /^erase-expired: [1-9]/.test(l)), 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    const lines = runLines().map((l) => l.replace(/\s+\(applicants.*$/, ""));
    expect(lines.filter((l) => !/^erase-expired: 0 application\(s\) and 0 agent position\(s\) erased, 0 file\(s\), 0 stored/.test(l))).toEqual([
      "erase-expired: 2 application(s) and 1 agent position(s) erased, 4 file(s), 6 stored file(s) removed, 3 batch(es)",
    ]);

    // Each erased once; the held and the not-due untouched.
    const rows = await prisma.appointment.findMany({ where: { appointmentId: { in: [...erased, held, notDue].map((p) => p.id) } }, orderBy: { appointmentId: "asc" } });
    expect(rows.map((r) => [r.appointmentId, r.erasedAt !== null])).toEqual([...erased.map((p) => [p.id, true]), [held.id, false], [notDue.id, false]]);
    const audits = await prisma.auditLog.groupBy({ by: ["targetId"], where: { action: "APPLICATION_ERASED", targetId: { in: [...erased, held, notDue].map((p) => String(p.id)) } }, _count: true });
    expect(audits.map((a) => [a.targetId, a._count]).sort()).toEqual(erased.map((p) => [String(p.id), 1]).sort());
    expect(await prisma.auditLog.count({ where: { action: "AGENT_ERASED", targetId: { in: [String(terminated.id), String(recent.id)] } } })).toBe(1);
    expect(await prisma.agent.findUniqueOrThrow({ where: { id: recent.id } })).toMatchObject({ ssnEncrypted: recentSsn.encrypted, erasedAt: null });
    expect(await prisma.blobRemoval.count()).toBe(0);
    for (const p of erased) for (const k of p.fileKeys) expect(existsSync(storagePath(k)), k).toBe(false);
    for (const p of [held, notDue]) for (const k of p.fileKeys) expect(existsSync(storagePath(k)), k).toBe(true);
    const erasedFiles = await prisma.storedFile.findMany({ where: { storageKey: { in: erased.flatMap((p) => p.fileKeys) } } });
    expect(erasedFiles.map((f) => f.erasedAt !== null)).toEqual(erasedFiles.map(() => true));

    // The canary search: tables, storage, the workers' logs, the PDF as rendered now, the API.
    const token = (await createApiToken(prisma, { name: "canaries", scopes: ["read:applications", "read:documents"] })).token;
    const corpus = async (p: Planted) => {
      const api = await apiGet(applicationRoute.loader, `/api/v1/applications/${p.id}`, String(p.id), token);
      expect(api.status).toBe(200);
      const doc = await prisma.document.findFirstOrThrow({ where: { appointmentId: p.id, kindCode: "UPLOAD" } });
      const file = await apiGet(documentRoute.loader as typeof applicationRoute.loader, `/api/v1/documents/${doc.id}`, doc.id, token);
      return { api: api.text + file.text, application: JSON.parse(api.text) as Record<string, unknown>, pdf: await pdfText(await renderCombinedApplication(p.id)), file };
    };
    const tables = await tableText();
    const storage = storageText(path.join(process.env.DATA_DIR!, "files"));
    const logs = w1.logs() + w2.logs() + app.logs();
    for (const p of erased) {
      const c = await corpus(p);
      for (const v of [...p.plain, ...p.cipher]) {
        expect(tables.includes(v), `tables: ${v}`).toBe(false);
        expect(storage.includes(v), `storage: ${v}`).toBe(false);
        expect(logs.includes(v), `logs: ${v}`).toBe(false);
        expect(c.api.includes(v), `api: ${v}`).toBe(false);
      }
      expect(c.pdf).not.toContain(p.birthDay.split("-").reverse().join("/").slice(0, 5));
      expect(c.application.erased_at).toMatch(new RegExp(`^${TODAY}T`));
      expect(c.file.status).toBe(404);
      expect(c.file.text).toContain(erasedText(TODAY));
    }
    for (const p of [held, notDue]) {
      const c = await corpus(p);
      for (const v of [...p.plain.slice(4), ...p.cipher]) expect(tables.includes(v) || storage.includes(v), `kept: ${v}`).toBe(true);
      expect(storage).toContain(p.plain[6]);
      expect(c.api).toContain(p.birthDay);
      expect(c.application.erased_at).toBe(null);
      for (const v of [...p.plain, ...p.cipher]) expect(logs.includes(v), `logs: ${v}`).toBe(false);
    }
    expect(tables).not.toContain(agentSsn.encrypted);
    expect(tables).toContain(recentSsn.encrypted);

    // Bytes back under a row that says erased (a restore of an older file copy): the next run removes them, and erases nothing again.
    const restored = await saveFile({ bytes: Buffer.from("CANARY-RESTORED"), fileName: "back.pdf", contentType: "application/pdf" });
    await prisma.storedFile.update({ where: { id: restored.id }, data: { erasedAt: new Date() } });
    const again = await eraseExpired({ applicantDays: 730, agentDays: 2555, batchSize: 1 });
    expect(again).toEqual({ applications: 0, agents: 0, files: 0, batches: 0, bytesRemoved: 1 });
    expect(existsSync(storagePath(restored.storageKey))).toBe(false);

    // The review screen says what happened instead of a mask.
    page = await admin.get(`${app.url}/admin/review/${erased[0]!.id}`);
    expect(page.text()).toContain(erasedText(TODAY));
    page = await admin.get(`${app.url}/admin/review/${held.id}`);
    expect(page.text()).not.toContain("under the retention schedule");
  });
});
