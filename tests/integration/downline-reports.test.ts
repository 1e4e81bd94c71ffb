// Downline access, applications in progress and reports against a real
// PostgreSQL and real storage (spec part 3; decision 0024):
//  - an upline reads a downline application and its documents, read-only
//    (a forged save, upload or consent answers 403); a sibling branch or
//    another hierarchy gets 404 by changing an id;
//  - /inprog lists only the downline's incomplete and submitted applications;
//  - a report request is stored PENDING with its job (key per request) in one
//    transaction; the job streams an .xlsx that holds only the downline
//    (read back with exceljs); NO DATA; a run killed midway is retried and
//    replaces its output; the retention purge; another user's request and
//    download are 404.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agent, Appointment, User } from "~/generated/prisma/client";
import { isUnderUser } from "~/features/hierarchy/hierarchy.server";
import { inProgressPage } from "~/features/inprog/inprog.server";
import { levelWithSchedule } from "~/features/invitations/invitations.server";
import { NO_DATA } from "~/features/reports/messages";
import { listReportRequests, reportStatusDialog, requestReport } from "~/features/reports/reports.server";
import { purgeOldReports, REPORT_STATUS, runReport } from "~/features/reports/run.server";
import { downlineReportSchema, recruitReportSchema } from "~/features/reports/schema";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { startWorker, stopWorker } from "~/lib/jobs.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { filesRoot, saveFile } from "~/lib/storage.server";
import { action as appointAction, loader as appointLoader } from "~/routes/appoint";
import { loader as documentLoader } from "~/routes/appoint.documents.$documentId";
import { loader as downloadRoute } from "~/routes/reports_.$id.download";
import { useTestDatabase } from "../support/db";
import { makeDownline } from "./downline-fixtures";
import {
  createAppointment,
  createAppointmentLink,
  createInvitation,
  createUser,
  seedReferenceData,
} from "../support/factories";

useTestDatabase();

const APP_URL = "http://localhost:3000";
let dataDir: string;

type World = {
  md: Agent;
  b: Agent;
  c: Agent;
  s: Agent;
  other: Agent;
  mdUser: User;
  bUser: User;
  sUser: User;
  otherUser: User;
  p1: Appointment; // recruited by c (under b): incomplete
  p2: Appointment; // recruited by b: submitted
  p3: Appointment; // recruited by s (sibling branch of b)
  paper: Appointment; // paper application filled in by b's user, no recruiter position
  level(n: number): number;
};
let w: World;

const asUser = (u: User): CurrentUser => ({ ...u, impersonator: null }) as unknown as CurrentUser;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "downline-reports-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  process.env.ENCRYPTION_KEY = "downline-test-key-0123456789abcdef0123456789";
  resetEnvCache();
  resetSecretsCache();
  await seedReferenceData();
  const { md, b, c, s, other, mdUser, bUser, sUser, otherUser, level } = await makeDownline({ carrierCode: "DLR", carrierName: "Downline Carrier", companyNumber: "DL01", blockNumber: 9801 });

  const linkC = await createAppointmentLink(prisma, { recruiterAgentId: c.id, scheduleLevelId: level(12) });
  const linkB = await createAppointmentLink(prisma, { recruiterAgentId: b.id, scheduleLevelId: level(10) });
  const linkS = await createAppointmentLink(prisma, { recruiterAgentId: s.id, scheduleLevelId: level(11) });
  const prospect = async (first: string) => createUser(prisma, { userRoleCode: "USRROLE_PROSPECT", firstName: first, lastName: "Prospect" });
  const inv = await createInvitation(prisma, { inviterAgentId: c.id, appointmentLinkId: linkC.appointmentLinkId, prospectFirstName: "Pia", prospectLastName: "One" });
  const p1 = await createAppointment(prisma, {
    userId: (await prospect("Pia")).id,
    appointmentLinkId: linkC.appointmentLinkId,
    invitationId: inv.invitationId,
    appointmentTypeCode: "APPTTYP_IND",
    personal: { firstName: "Pia", lastName: "One" },
  });
  const p2 = await createAppointment(prisma, {
    userId: (await prospect("Paz")).id,
    appointmentLinkId: linkB.appointmentLinkId,
    appointmentTypeCode: "APPTTYP_IND",
    appointmentStatusCode: "APWF_STATUS_NEWCONTRACT",
    personal: { firstName: "Paz", lastName: "Two" },
  });
  const p3 = await createAppointment(prisma, {
    userId: (await prospect("Pol")).id,
    appointmentLinkId: linkS.appointmentLinkId,
    appointmentTypeCode: "APPTTYP_IND",
    personal: { firstName: "Pol", lastName: "Three" },
  });
  const paper = await createAppointment(prisma, {
    submitterId: bUser.id,
    isPaperAppointment: true,
    prospectEmailAddress: "paper@example.com",
    appointmentTypeCode: "APPTTYP_IND",
    personal: { firstName: "Pam", lastName: "Paper" },
  });
  w = { md, b, c, s, other, mdUser, bUser, sUser, otherUser, p1, p2, p3, paper, level };
});

afterAll(async () => {
  await stopWorker();
  rmSync(dataDir, { recursive: true, force: true });
});

async function cookieOf(user: User): Promise<string> {
  const setCookie = await createSession(new Request(`${APP_URL}/`), { userId: user.id });
  return setCookie.split(";")[0]!;
}

async function call(fn: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    const r = await fn();
    if (r instanceof Response) return { status: r.status, body: r };
    // Remix `data()` results carry an init.
    const init = (r as { init?: { status?: number } } | null)?.init;
    return { status: init?.status ?? 200, body: r };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, body: e };
    throw e;
  }
}

async function openApplication(user: User, id: number) {
  const cookie = await cookieOf(user);
  return call(() => appointLoader({ request: new Request(`${APP_URL}/appoint?id=${id}&section=PERSONAL`, { headers: { Cookie: cookie } }), params: {}, context: {} }));
}

async function postApplication(user: User, id: number, fields: Record<string, string>) {
  const cookie = await cookieOf(user);
  const body = new URLSearchParams(fields);
  const request = new Request(`${APP_URL}/appoint?id=${id}`, {
    method: "POST",
    body,
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: APP_URL },
  });
  return call(() => appointAction({ request, params: {}, context: {} }));
}

describe("who may see a downline application", () => {
  it("isUnderUser: own position and below, never above or beside", async () => {
    expect(await isUnderUser(prisma, w.bUser.id, { agentIds: [w.b.id] })).toBe(true);
    expect(await isUnderUser(prisma, w.bUser.id, { agentIds: [w.c.id] })).toBe(true);
    expect(await isUnderUser(prisma, w.bUser.id, { agentIds: [w.md.id] })).toBe(false);
    expect(await isUnderUser(prisma, w.bUser.id, { agentIds: [w.s.id] })).toBe(false);
    expect(await isUnderUser(prisma, w.mdUser.id, { agentIds: [w.s.id, null] })).toBe(true);
    expect(await isUnderUser(prisma, w.mdUser.id, { userIds: [w.bUser.id] })).toBe(true);
    expect(await isUnderUser(prisma, w.otherUser.id, { agentIds: [w.c.id], userIds: [w.bUser.id] })).toBe(false);
  });

  it("the recruiter's upline and every upline above open it read-only; a sibling and another hierarchy get 404", async () => {
    for (const viewer of [w.bUser, w.mdUser]) {
      const r = await openApplication(viewer, w.p1.appointmentId);
      expect(r.status).toBe(200);
      const view = (r.body as { view: { readOnly: boolean; appointmentId: number } }).view;
      expect(view.appointmentId).toBe(w.p1.appointmentId);
      expect(view.readOnly).toBe(true);
    }
    expect((await openApplication(w.sUser, w.p1.appointmentId)).status).toBe(404);
    expect((await openApplication(w.otherUser, w.p1.appointmentId)).status).toBe(404);
    // The same user, one id over: the sibling branch's application.
    expect((await openApplication(w.bUser, w.p3.appointmentId)).status).toBe(404);
    expect((await openApplication(w.sUser, w.p3.appointmentId)).status).toBe(200);
    // A paper application's submitter position counts for the uplines above it.
    expect((await openApplication(w.mdUser, w.paper.appointmentId)).status).toBe(200);
    expect((await openApplication(w.sUser, w.paper.appointmentId)).status).toBe(404);
  });

  it("an upline's forged save, submit or consent is refused with 403 and changes nothing", async () => {
    const before = await prisma.appointmentPersonal.findUnique({ where: { appointmentId: w.p1.appointmentId } });
    for (const intent of ["save", "submit", "esignConsent"]) {
      const r = await postApplication(w.bUser, w.p1.appointmentId, { section: "PERSONAL", intent, firstName: "Forged", lastName: "Name" });
      expect(r.status).toBe(403);
    }
    expect((await prisma.appointmentPersonal.findUnique({ where: { appointmentId: w.p1.appointmentId } }))?.firstName).toBe(before?.firstName);
    // Outside the downline the same post is 404, as if the application did not exist.
    expect((await postApplication(w.sUser, w.p1.appointmentId, { section: "PERSONAL", intent: "save" })).status).toBe(404);
    // The prospect still may.
    const p1User = await prisma.user.findUniqueOrThrow({ where: { id: w.p1.userId! } });
    expect((await openApplication(p1User, w.p1.appointmentId)).status).toBe(200);
  });

  it("documents: an upline downloads the downline's document; a sibling gets 404; an upline's upload is 403", async () => {
    const file = await saveFile({ bytes: new TextEncoder().encode("%PDF-1.4\n% downline\n"), fileName: "licence.pdf", contentType: "application/pdf" });
    const doc = await prisma.document.create({
      data: { documentTypeCode: "DOCTYP_STATE_LIC", kindCode: "UPLOAD", title: "State license", appointmentId: w.p1.appointmentId, appUserId: w.p1.userId, storedFileId: file.id },
    });
    const get = async (user: User) => {
      const cookie = await cookieOf(user);
      return call(() =>
        documentLoader({ request: new Request(`${APP_URL}/appoint/documents/${doc.id}?id=${w.p1.appointmentId}`, { headers: { Cookie: cookie } }), params: { documentId: doc.id }, context: {} }),
      );
    };
    expect((await get(w.bUser)).status).toBe(200);
    expect((await get(w.mdUser)).status).toBe(200);
    expect((await get(w.sUser)).status).toBe(404);
    expect((await get(w.otherUser)).status).toBe(404);

    const { action: uploadAction } = await import("~/routes/appoint.upload");
    const cookie = await cookieOf(w.bUser);
    const form = new FormData();
    form.set("appointmentId", String(w.p1.appointmentId));
    form.set("documentTypeCode", "DOCTYP_STATE_LIC");
    form.set("file", new File([new TextEncoder().encode("%PDF-1.4\n")], "x.pdf", { type: "application/pdf" }));
    const upload = await call(() =>
      uploadAction({ request: new Request(`${APP_URL}/appoint/upload?id=${w.p1.appointmentId}`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: APP_URL } }), params: {}, context: {} }),
    );
    expect(upload.status).toBe(403);
  });
});

describe("'Document Unavailable' (issue 20 item 14)", () => {
  it("says the spec's sentence, then what is wrong, with a link back to where it was opened: the agent's page or the application", async () => {
    const appt = await prisma.appointment.create({
      data: { appointmentTypeCode: "APPTTYP_IND", appointmentStatusCode: "APWF_STATUS_APPROVED", agentId: w.c.id, agentNumber: w.c.agentNumber },
    });
    // A stored file whose bytes are gone.
    const file = await prisma.storedFile.create({ data: { storageKey: `2026/01/${crypto.randomUUID()}`, fileName: "licence.pdf", contentType: "application/pdf", byteSize: 10, sha256: "x" } });
    const doc = await prisma.document.create({
      data: { documentTypeCode: "DOCTYP_STATE_LIC", kindCode: "UPLOAD", title: "State License", appointmentId: appt.appointmentId, storedFileId: file.id },
    });
    const { loader: agentDocumentLoader } = await import("~/routes/agent.documents.$documentId");
    const cookie = await cookieOf(w.bUser);
    const fromAgent = await call(() =>
      agentDocumentLoader({ request: new Request(`${APP_URL}/agent/documents/${doc.id}?agent=${w.c.id}`, { headers: { Cookie: cookie } }), params: { documentId: doc.id }, context: {} }),
    );
    expect(fromAgent.status).toBe(404);
    const page = await (fromAgent.body as Response).text();
    expect(page).toContain("<h1>Document Unavailable</h1>");
    expect(page).toContain("<p>Unfortunately we are having trouble downloading your document at this time...</p>");
    expect(page).toContain(`<a href="/agent?h=${w.b.id}&amp;agentNumber=${w.c.agentNumber}&amp;tab=appointment">Back to the agent</a>`);
    expect(page).not.toContain("Back to the application");

    // From an application (its Supporting Documents): back to them.
    const onApp = await prisma.document.create({
      data: { documentTypeCode: "DOCTYP_EO_CERT", kindCode: "UPLOAD", title: "E&O", appointmentId: w.p1.appointmentId, storedFileId: file.id },
    });
    const fromApp = await call(() =>
      documentLoader({ request: new Request(`${APP_URL}/appoint/documents/${onApp.id}?id=${w.p1.appointmentId}`, { headers: { Cookie: cookie } }), params: { documentId: onApp.id }, context: {} }),
    );
    expect(fromApp.status).toBe(404);
    const app = await (fromApp.body as Response).text();
    expect(app).toContain("<p>Unfortunately we are having trouble downloading your document at this time...</p>");
    expect(app).toContain(`<a href="/appoint?id=${w.p1.appointmentId}&amp;section=DOCS">Back to the application</a>`);
  });
});

describe("applications in progress", () => {
  it("lists the downline's incomplete and submitted applications only, newest first, paged", async () => {
    const b = await inProgressPage(w.bUser.id, 0, 10);
    expect(b.results.map((r) => r.appointmentId).sort()).toEqual([w.p1.appointmentId, w.p2.appointmentId, w.paper.appointmentId].sort());
    expect(b.totalRecords).toBe(3);
    expect(b.results.find((r) => r.appointmentId === w.p2.appointmentId)?.status).toBe("Submitted for Approval");
    expect(b.results.find((r) => r.appointmentId === w.p1.appointmentId)).toMatchObject({ prospect: "Pia One", recruiter: "Cleo Recruiter", status: "Incomplete" });

    const md = await inProgressPage(w.mdUser.id, 0, 10);
    expect(md.results.map((r) => r.appointmentId)).toEqual(expect.arrayContaining([w.p1.appointmentId, w.p2.appointmentId, w.p3.appointmentId]));
    const s = await inProgressPage(w.sUser.id, 0, 10);
    expect(s.results.map((r) => r.appointmentId)).toEqual([w.p3.appointmentId]);
    expect(await inProgressPage(w.otherUser.id, 0, 10)).toEqual({ results: [], totalRecords: 0 });

    const page1 = await inProgressPage(w.bUser.id, 0, 2);
    const page2 = await inProgressPage(w.bUser.id, 1, 2);
    expect(page1.results).toHaveLength(2);
    expect(page2.results).toHaveLength(1);
    expect(page2.totalRecords).toBe(3);
    expect(new Set([...page1.results, ...page2.results].map((r) => r.appointmentId)).size).toBe(3);
  });
});

async function readXlsx(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? "" : String(v)))));
  return rows;
}

async function sheetOf(user: User, id: number): Promise<ExcelJS.Worksheet> {
  const got = await downloadBytes(user, id);
  expect(got.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(got.bytes! as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

async function downloadBytes(user: User, id: number): Promise<{ status: number; bytes?: Buffer; disposition?: string | null }> {
  const cookie = await cookieOf(user);
  const r = await call(() => downloadRoute({ request: new Request(`${APP_URL}/reports/${id}/download`, { headers: { Cookie: cookie } }), params: { id: String(id) }, context: {} }));
  if (r.status !== 200) return { status: r.status };
  const res = r.body as Response;
  return { status: 200, bytes: Buffer.from(await res.arrayBuffer()), disposition: res.headers.get("Content-Disposition") };
}

const downline = (over: Record<string, string> = {}) => downlineReportSchema().parse({ reportId: "1", appointmentStatusId: "0", ...over });

describe("reports", () => {
  it("a request is stored pending with its keyed job in one transaction", async () => {
    const { reportRequestId } = await requestReport(asUser(w.bUser), downline({ levelNumber: "3" }));
    const row = await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId } });
    expect(row.statusCode).toBe(REPORT_STATUS.PENDING);
    expect(row.filterText).toBe("Level: 3");
    const jobs = await prisma.$queryRaw<Array<{ key: string; task: string; max_attempts: number }>>`
      SELECT j.key, t.identifier AS task, j.max_attempts FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE j.key = ${`report:${reportRequestId}`}`;
    expect(jobs).toEqual([{ key: `report:${reportRequestId}`, task: "generate-report", max_attempts: 3 }]);
  });

  it("reports run one at a time (REPORT_CONCURRENCY 1, decision 0067) while the runner takes 4 jobs at once", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await requestReport(asUser(w.bUser), downline())).reportRequestId);
    const queues = await prisma.$queryRaw<Array<{ queue_name: string | null }>>`
      SELECT q.queue_name FROM graphile_worker._private_jobs j LEFT JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
       WHERE j.key = ANY(${ids.map((id) => `report:${id}`)}::text[])`;
    expect(queues.map((q) => q.queue_name)).toEqual(["reports-0", "reports-0", "reports-0"]);
    // After each report the runner says "jobs:insert" (as add_job does), so the next starts now rather than at the next poll.
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    let wakeUps = 0;
    listener.on("notification", (n) => {
      if (n.channel === "jobs:insert") wakeUps++;
    });
    await listener.query('LISTEN "jobs:insert"');
    await startWorker();
    try {
      const deadline = Date.now() + 60_000;
      let done: Array<{ startedAt: Date | null; completedAt: Date | null; statusCode: string }> = [];
      while (Date.now() < deadline) {
        done = await prisma.reportRequest.findMany({ where: { reportRequestId: { in: ids } }, select: { startedAt: true, completedAt: true, statusCode: true }, orderBy: { startedAt: "asc" } });
        if (done.every((r) => r.statusCode === REPORT_STATUS.COMPLETED)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(done.map((r) => r.statusCode)).toEqual([REPORT_STATUS.COMPLETED, REPORT_STATUS.COMPLETED, REPORT_STATUS.COMPLETED]);
      // Each started after the one before it had finished.
      for (let i = 1; i < done.length; i++) expect(done[i]!.startedAt!.getTime()).toBeGreaterThanOrEqual(done[i - 1]!.completedAt!.getTime());
      for (let i = 0; i < 50 && wakeUps < 3; i++) await new Promise((r) => setTimeout(r, 100));
      expect(wakeUps, "one wake-up after each queued report").toBeGreaterThanOrEqual(3);
    } finally {
      await stopWorker();
      await listener.end();
    }
  });

  it("the downline report holds only the requester's downline, streamed into an xlsx named after the report", async () => {
    const { reportRequestId } = await requestReport(asUser(w.bUser), downline());
    const r = await runReport(reportRequestId, { batchSize: 2 });
    expect(r.status).toBe("COMPLETED");
    const row = await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId } });
    expect(row.statusCode).toBe(REPORT_STATUS.COMPLETED);

    const got = await downloadBytes(w.bUser, reportRequestId);
    expect(got.status).toBe(200);
    expect(got.disposition).toContain('filename="Downline_Report.xlsx"');
    const rows = await readXlsx(got.bytes!);
    expect(rows[0]).toEqual(["Agent Number", "Company", "Block", "Level", "Last Name", "First Name", "Company Name", "Recruiter", "Status", "Date"]);
    const names = rows.slice(1).map((r) => `${r[5]} ${r[4]}`);
    // c (agent under b), p1 (recruited by c), p2 (recruited by b): never md, s, p3, other.
    expect(names.sort()).toEqual(["Cleo Recruiter", "Paz Two", "Pia One"].sort());
    expect(rows.find((r) => r[5] === "Paz")?.[8]).toBe("Submitted for Approval");
    expect(rows.find((r) => r[5] === "Cleo")?.[7]).toBe("Ben Upline");

    // The whole tree for the director; filters apply.
    const all = await requestReport(asUser(w.mdUser), downline({ appointmentStatusId: "6" }));
    await runReport(all.reportRequestId);
    const mdRows = await readXlsx((await downloadBytes(w.mdUser, all.reportRequestId)).bytes!);
    expect(mdRows.slice(1).map((r) => r[5]).sort()).toEqual(["Pia", "Pol"]);
  });

  it("the recruit report: one recruiter of the hierarchy, or refused when outside it", async () => {
    const input = recruitReportSchema().parse({ reportId: "2", appointmentStatusId: "0", recruiterAgentNo: w.c.agentNumber, recruiterCompanyNo: w.c.companyNumber, recruiterBlockNo: String(w.c.blockNumber), recruiterName: "Cleo Recruiter" });
    const { reportRequestId } = await requestReport(asUser(w.bUser), input);
    await runReport(reportRequestId);
    const rows = await readXlsx((await downloadBytes(w.bUser, reportRequestId)).bytes!);
    expect(rows.slice(1).map((r) => r[2])).toEqual(["Pia One"]);
    expect(rows[1]![0]).toBe(w.c.agentNumber);
    const sibling = { ...input, recruiterAgentNo: w.s.agentNumber };
    await expect(requestReport(asUser(w.bUser), sibling)).rejects.toThrow("Choose a recruiter from your hierarchy");
  });

  it("cells are typed: Excel dates shown MM/DD/YYYY, numbers; the header row frozen and filterable; columns sized (issue 20 item 12)", async () => {
    // c's book says it became active on 03/15/2019 (the import's activeDate): the Date column shows it.
    await prisma.agent.update({ where: { id: w.c.id }, data: { activeDate: new Date(Date.UTC(2019, 2, 15)) } });
    const { reportRequestId } = await requestReport(asUser(w.bUser), downline());
    await runReport(reportRequestId);
    const ws = await sheetOf(w.bUser, reportRequestId);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.autoFilter).toBe("A1:J1");
    for (let i = 1; i <= 10; i++) expect(ws.getColumn(i).width, `column ${i}`).toBeGreaterThan(6);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const rowOf = (first: string) => {
      let found: ExcelJS.Row | undefined;
      ws.eachRow((r) => {
        if (r.getCell(col("First Name")).value === first) found = r;
      });
      return found!;
    };
    const cleo = rowOf("Cleo");
    expect(cleo.getCell(col("Block")).type).toBe(ExcelJS.ValueType.Number);
    expect(cleo.getCell(col("Block")).value).toBe(9801);
    expect(cleo.getCell(col("Level")).type).toBe(ExcelJS.ValueType.Number);
    // Cells share one style per column (run.server.ts): a number or a name never takes the date format.
    for (const name of ["Block", "Level", "Last Name", "Status"]) expect(cleo.getCell(col(name)).numFmt ?? "General", name).toBe("General");
    expect(ws.getRow(1).getCell(1).font?.bold, "the header row is bold").toBe(true);
    const date = cleo.getCell(col("Date"));
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect((date.value as Date).toISOString().slice(0, 10)).toBe("2019-03-15");
    expect(date.numFmt).toBe("mm/dd/yyyy");
    // An application's row: its start date, a date too.
    const pia = rowOf("Pia").getCell(col("Date"));
    expect(pia.type).toBe(ExcelJS.ValueType.Date);
    expect(pia.numFmt).toBe("mm/dd/yyyy");
    // The Date filter reads the active date.
    const before = await requestReport(asUser(w.bUser), downline({ endDate: "2019-12-31" }));
    await runReport(before.reportRequestId);
    const early = await sheetOf(w.bUser, before.reportRequestId);
    expect(early.rowCount).toBe(2);
    expect(early.getRow(2).getCell(col("First Name")).value).toBe("Cleo");
  });

  it("the recruit report: dates are dates; a multi-link invitation's Level names every level as the invitations list does (issue 20 item 12)", async () => {
    const levels = [10, 12].map((n) => w.level(n));
    const links = await Promise.all(levels.map((scheduleLevelId) => createAppointmentLink(prisma, { recruiterAgentId: w.c.id, scheduleLevelId })));
    const multi = await prisma.multiLink.create({
      data: { code: `RPT${Date.now().toString(36)}`, items: { create: links.map((l, i) => ({ appointmentLinkId: l.appointmentLinkId, sortOrder: i })) } },
    });
    await createInvitation(prisma, { inviterAgentId: w.c.id, multiLinkId: multi.multiLinkId, prospectFirstName: "Mia", prospectLastName: "Multi" });
    const rows = await prisma.scheduleLevel.findMany({
      where: { scheduleLevelId: { in: levels } },
      orderBy: { levelNo: "asc" },
      include: { schedule: { include: { carrier: true, productType: true } } },
    });
    const expected = rows.map(levelWithSchedule).join(", ");
    expect(expected).toMatch(/10 .*, .*12 /);

    const input = (over: Record<string, string> = {}) =>
      recruitReportSchema().parse({ reportId: "2", appointmentStatusId: "0", recruiterAgentNo: w.c.agentNumber, recruiterCompanyNo: w.c.companyNumber, recruiterBlockNo: String(w.c.blockNumber), ...over });
    const { reportRequestId } = await requestReport(asUser(w.bUser), input());
    await runReport(reportRequestId);
    const ws = await sheetOf(w.bUser, reportRequestId);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.autoFilter).toBe("A1:K1");
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    const byProspect = new Map<string, ExcelJS.Row>();
    ws.eachRow((r, n) => {
      if (n > 1) byProspect.set(String(r.getCell(col("Prospect")).value), r);
    });
    const mia = byProspect.get("Mia Multi")!;
    expect(mia.getCell(col("Level")).value).toBe(expected);
    expect(mia.getCell(col("Invited")).type).toBe(ExcelJS.ValueType.Date);
    expect(mia.getCell(col("Invited")).numFmt).toBe("mm/dd/yyyy");
    const pia = byProspect.get("Pia One")!;
    expect(pia.getCell(col("Level")).value).toBe(12);
    expect(pia.getCell(col("Started")).type).toBe(ExcelJS.ValueType.Date);

    // The Level filter finds the multi-link invitation by any of its levels.
    const ten = await requestReport(asUser(w.bUser), input({ levelNumber: "10" }));
    await runReport(ten.reportRequestId);
    const tenRows: string[] = [];
    (await sheetOf(w.bUser, ten.reportRequestId)).eachRow((r, n) => {
      if (n > 1) tenRows.push(String(r.getCell(col("Prospect")).value));
    });
    expect(tenRows).toEqual(["Mia Multi"]);
  });

  it("no rows: RPTSTATUS_ERROR with NO DATA, shown as 'No Results'", async () => {
    const { reportRequestId } = await requestReport(asUser(w.otherUser), downline());
    expect(await runReport(reportRequestId)).toEqual({ status: "NO_DATA" });
    const row = await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId } });
    expect(row).toMatchObject({ statusCode: REPORT_STATUS.ERROR, errorMessage: NO_DATA, outputFileId: null });
    expect(await reportStatusDialog(w.otherUser.id, reportRequestId)).toMatchObject({ title: "No Results" });
    expect((await downloadBytes(w.otherUser, reportRequestId)).status).toBe(404);
  });

  it("a run killed midway leaves no file; the retry completes, and a rerun replaces the output", async () => {
    const { reportRequestId } = await requestReport(asUser(w.mdUser), downline());
    await expect(
      runReport(reportRequestId, {
        batchSize: 1,
        onRow: (n) => {
          if (n === 2) throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    expect((await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId } })).statusCode).toBe(REPORT_STATUS.STARTED);
    expect(await reportStatusDialog(w.mdUser.id, reportRequestId)).toMatchObject({ title: "Request Started" });
    const filesBefore = countFiles();
    expect(listTempFiles()).toEqual([]);

    const first = await runReport(reportRequestId);
    expect(first.status).toBe("COMPLETED");
    const fileA = (await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId } })).outputFileId;
    const second = await runReport(reportRequestId);
    expect(second.status).toBe("COMPLETED");
    const fileB = (await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId } })).outputFileId;
    expect(fileB).not.toBe(fileA);
    expect(await prisma.storedFile.findUnique({ where: { id: fileA! } })).toBeNull();
    expect(countFiles()).toBe(filesBefore + 1);
  });

  it("a failure is retried; the last attempt marks the request RPTSTATUS_ERROR with its message, shown as 'Oops!'", async () => {
    const { generateReport } = await import("../../jobs/tasks/generate-report");
    const { reportRequestId } = await requestReport(asUser(w.bUser), downline());
    // Stored input the database refuses (a date that is not one): the run fails every time.
    await prisma.reportRequest.update({ where: { reportRequestId }, data: { inputJson: { reportId: "1", appointmentStatusId: "0", startDate: "not-a-date" } } });
    const logger = { info() {}, warn() {}, error() {}, debug() {} };
    const helpers = (attempts: number) => ({ job: { attempts, max_attempts: 3 }, logger }) as never;
    await expect(generateReport({ reportRequestId }, helpers(1))).rejects.toThrow();
    expect((await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId } })).statusCode).toBe(REPORT_STATUS.STARTED);
    await expect(generateReport({ reportRequestId }, helpers(3))).rejects.toThrow();
    const row = await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId } });
    expect(row.statusCode).toBe(REPORT_STATUS.ERROR);
    expect(row.errorMessage).toMatch(/^Report failed: /);
    expect(await reportStatusDialog(w.bUser.id, reportRequestId)).toMatchObject({ title: "Oops!" });
  });

  it("another user's request: status dialog, list and download answer nothing / 404", async () => {
    const { reportRequestId } = await requestReport(asUser(w.bUser), downline());
    await runReport(reportRequestId);
    expect((await downloadBytes(w.bUser, reportRequestId)).status).toBe(200);
    expect((await downloadBytes(w.sUser, reportRequestId)).status).toBe(404);
    expect((await downloadBytes(w.mdUser, reportRequestId)).status).toBe(404);
    expect(await reportStatusDialog(w.sUser.id, reportRequestId)).toBeNull();
    const list = await listReportRequests(w.sUser.id, 0, 50);
    expect(list.results.some((r) => r.reportRequestId === reportRequestId)).toBe(false);
  });

  it("at most 5 requests waiting or running per user", async () => {
    const u = await createUser(prisma, { userRoleCode: "USRROLE_AGENT" });
    for (let i = 0; i < 5; i++) await requestReport(asUser(u), downline());
    await expect(requestReport(asUser(u), downline())).rejects.toThrow("You already have 5 reports waiting or running");
    expect(await prisma.reportRequest.count({ where: { requestedById: u.id } })).toBe(5);
    // Another user is not held back.
    await expect(requestReport(asUser(w.sUser), downline())).resolves.toMatchObject({ reportRequestId: expect.any(Number) });
    // Once one finishes, the next is accepted.
    const first = await prisma.reportRequest.findFirstOrThrow({ where: { requestedById: u.id } });
    await runReport(first.reportRequestId);
    await expect(requestReport(asUser(u), downline())).resolves.toMatchObject({ reportRequestId: expect.any(Number) });
  });

  it("the retention purge removes finished requests older than the setting and their files", async () => {
    const { reportRequestId } = await requestReport(asUser(w.bUser), downline());
    await runReport(reportRequestId);
    const old = await prisma.reportRequest.findUniqueOrThrow({ where: { reportRequestId }, include: { outputFile: true } });
    const fresh = await requestReport(asUser(w.bUser), downline());
    await runReport(fresh.reportRequestId);
    const pending = await requestReport(asUser(w.bUser), downline());
    await prisma.reportRequest.updateMany({ where: { reportRequestId: { in: [reportRequestId, pending.reportRequestId] } }, data: { completedAt: new Date(Date.now() - 31 * 86_400_000), requestDt: new Date(Date.now() - 31 * 86_400_000) } });
    const removed = await purgeOldReports(30);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await prisma.reportRequest.findUnique({ where: { reportRequestId } })).toBeNull();
    expect(await prisma.storedFile.findUnique({ where: { id: old.outputFileId! } })).toBeNull();
    expect(() => statSync(path.join(filesRoot(), ...old.outputFile!.storageKey.split("/")))).toThrow();
    // A recent one and a pending one stay.
    expect(await prisma.reportRequest.findUnique({ where: { reportRequestId: fresh.reportRequestId } })).not.toBeNull();
    expect(await prisma.reportRequest.findUnique({ where: { reportRequestId: pending.reportRequestId } })).not.toBeNull();
  });
});

function walk(dir: string): string[] {
  let out: string[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) out = out.concat(walk(p));
    else out.push(p);
  }
  return out;
}
const countFiles = () => walk(filesRoot()).filter((f) => !f.includes(".tmp-")).length;
const listTempFiles = () => walk(filesRoot()).filter((f) => f.includes(".tmp-"));
