// The access log (issue 38 item 3, decision 0119) through the route loaders as the server runs them
// (signed-in requests with their cookie, a client address and browser; API calls with a token):
//  - each kind of access by someone other than the record's owner leaves one row: who (user or
//    API token), when, from where, which record, what kind; the owner's own look leaves none;
//  - the application's SSN (validApplication's) is in no audit row;
//  - audit_log refuses UPDATE, DELETE and TRUNCATE (the trigger), the API_CALL purge excepted;
//  - the daily digest: run twice writes each day once, goes on from where it stopped, and the
//    chain check names the day a row was removed from (as the database superuser, trigger off).
import { spawnSync } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client";
import { createApiToken } from "~/features/api/tokens.server";
import { purgeOldApiCallAudit } from "~/features/api/http.server";
import { auditLogPage } from "~/features/compliance-officer/audit-log.server";
import { checkAuditChain, runAuditDigest } from "~/features/compliance-officer/digest.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { withPeerAddress } from "~/lib/net.server";
import { createSession } from "~/lib/session.server";
import { saveFile } from "~/lib/storage.server";
import { loader as reviewLoader } from "~/routes/admin.review.$appointmentId";
import { loader as attachmentLoader } from "~/routes/admin.requests.$id_.attachment";
import { loader as agentLoader } from "~/routes/agent";
import { loader as agentDocumentLoader } from "~/routes/agent.documents.$documentId";
import { loader as apiAgentLoader } from "~/routes/api.v1.agents.$id";
import { loader as apiApplicationLoader } from "~/routes/api.v1.applications.$id";
import { loader as apiApplicationsLoader } from "~/routes/api.v1.applications";
import { loader as apiDocumentLoader } from "~/routes/api.v1.documents.$id";
import { loader as appointLoader } from "~/routes/appoint";
import { loader as appointDocumentLoader } from "~/routes/appoint.documents.$documentId";
import { loader as reportDownloadLoader } from "~/routes/reports_.$id.download";
import { repoRoot } from "../support/app-server";
import { useTestDatabase } from "../support/db";
import { createAgent, createUser } from "../support/factories";
import { useTempDataDir } from "../support/temp-dir";
import { filledIn, makeWorld, type World } from "./appointment-fixtures";

useTempDataDir("access-log");
const db = useTestDatabase();

const IP = "198.51.100.23";
const UA = "access-log-test/1.0";
const SSN = "900781234"; // validApplication's: planted in the application, never in the log

let world: World;
let prospect: { user: { id: string }; id: number };
let admin: User;
let childUser: User;
let child: { id: number; agentNumber: string };
let uploadId: string;
const cookies = new Map<string, string>();

async function cookieOf(userId: string): Promise<string> {
  return (await createSession(new Request("http://localhost/"), { userId })).split(";")[0]!;
}

/** A GET as our HTTP server hands it to Remix: from IP, with a browser and the cookie. */
function get(path: string, cookie?: string, headers: Record<string, string> = {}): Request {
  return withPeerAddress(new Request(`http://localhost${path}`, { headers: { "User-Agent": UA, ...(cookie ? { Cookie: cookie } : {}), ...headers } }), IP);
}

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
/** The loader's answer; a thrown Response is an answer too. */
async function call(loader: Loader, request: Request, params: Record<string, string> = {}): Promise<unknown> {
  try {
    return await loader({ request, params, context: {} });
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

type Row = { id: string; action: string; actor_user_id: string | null; impersonator_user_id: string | null; target_type: string | null; target_id: string | null; ip_address: string | null; user_agent: string | null; details: Record<string, unknown> | null };
async function rowsAfter(id: bigint): Promise<Row[]> {
  return prisma.$queryRaw<Row[]>`SELECT id::text, action, actor_user_id::text, impersonator_user_id::text, target_type, target_id, ip_address, user_agent, details
    FROM audit_log WHERE id > ${id} AND action NOT IN ('API_CALL', 'ACCESS_DENIED') ORDER BY id`;
}
async function lastId(): Promise<bigint> {
  const [r] = await prisma.$queryRaw<Array<{ id: bigint | null }>>`SELECT max(id) AS id FROM audit_log`;
  return r?.id ?? 0n;
}
/** The rows one access wrote. */
async function logged(access: () => Promise<unknown>): Promise<Row[]> {
  const before = await lastId();
  const answer = await access();
  if (answer instanceof Response) expect(answer.status, await answer.clone().text()).toBeLessThan(400);
  return rowsAfter(before);
}

beforeAll(async () => {
  process.env.APP_URL = "http://localhost";
  resetEnvCache();
  world = await makeWorld();
  const filled = await filledIn(world, "APPTTYP_IND");
  prospect = { user: filled.user, id: filled.id };
  admin = await createUser(prisma, { isInternal: true, firstName: "Ada", lastName: "Admin" });
  childUser = await createUser(prisma, { userRoleCode: "USRROLE_AGENT", firstName: "Cody", lastName: "Child" });
  child = await createAgent(prisma, { parentId: world.md.id, userId: childUser.id, firstName: "Cody", lastName: "Child" });
  // The application is the child agent's: its documents are on the agent's APPOINTMENT tab.
  await prisma.appointment.update({ where: { appointmentId: prospect.id }, data: { agentId: child.id } });
  const pdf = new TextEncoder().encode("%PDF-1.4\n% an upload\n%%EOF\n");
  const file = await saveFile({ bytes: pdf, fileName: "eo.pdf", contentType: "application/pdf" });
  uploadId = (await prisma.document.create({ data: { documentTypeCode: "DOCTYP_EO_CERT", kindCode: "UPLOAD", title: "E&O certificate", appointmentId: prospect.id, storedFileId: file.id } })).id;
  for (const [k, id] of [["prospect", prospect.user.id], ["md", world.mdUser.id], ["admin", admin.id], ["child", childUser.id]] as const) cookies.set(k, await cookieOf(id));
}, 120_000);

afterAll(() => {
  delete process.env.APP_URL;
  resetEnvCache();
});

describe("each access to someone's record is on record, the owner's own is not", () => {
  it("the application screen: the upline's view is APPLICATION_VIEWED with who, from where and which record; the prospect's own is not logged", async () => {
    expect(await logged(() => call(appointLoader as Loader, get(`/appoint?id=${prospect.id}`, cookies.get("prospect"))))).toEqual([]);
    const rows = await logged(() => call(appointLoader as Loader, get(`/appoint?id=${prospect.id}&section=PERSONAL`, cookies.get("md"))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "APPLICATION_VIEWED",
      actor_user_id: world.mdUser.id,
      impersonator_user_id: null,
      target_type: "Appointment",
      target_id: String(prospect.id),
      ip_address: IP,
      user_agent: UA,
      details: { path: "/appoint" },
    });
  });

  it("the review screen: an administrator's view is APPLICATION_VIEWED", async () => {
    const rows = await logged(() => call(reviewLoader as Loader, get(`/admin/review/${prospect.id}`, cookies.get("admin")), { appointmentId: String(prospect.id) }));
    expect(rows.map((r) => [r.action, r.actor_user_id, r.target_type, r.target_id])).toEqual([["APPLICATION_VIEWED", admin.id, "Appointment", String(prospect.id)]]);
  });

  it("a document of the application: the administrator's download is DOCUMENT_DOWNLOADED, the prospect's own is not", async () => {
    expect(await logged(() => call(appointDocumentLoader as Loader, get(`/appoint/documents/${uploadId}?id=${prospect.id}`, cookies.get("prospect")), { documentId: uploadId }))).toEqual([]);
    const rows = await logged(() => call(appointDocumentLoader as Loader, get(`/appoint/documents/${uploadId}?id=${prospect.id}&download=1`, cookies.get("admin")), { documentId: uploadId }));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "DOCUMENT_DOWNLOADED", actor_user_id: admin.id, target_type: "Document", target_id: uploadId, ip_address: IP, details: { appointmentId: prospect.id } });
  });

  it("the agent detail page: the upline's look at a downline agent is AGENT_VIEWED, the agent's own is not; its documents are DOCUMENT_DOWNLOADED", async () => {
    const md = cookies.get("md");
    const viewed = await logged(() => call(agentLoader as Loader, get(`/agent?h=${world.md.id}&agentNumber=${child.agentNumber}`, md)));
    expect(viewed.map((r) => [r.action, r.actor_user_id, r.target_type, r.target_id])).toEqual([["AGENT_VIEWED", world.mdUser.id, "Agent", String(child.id)]]);
    expect(await logged(() => call(agentLoader as Loader, get(`/agent?h=${child.id}&agentNumber=${child.agentNumber}`, cookies.get("child"))))).toEqual([]);
    const doc = await logged(() => call(agentDocumentLoader as Loader, get(`/agent/documents/${uploadId}?agent=${child.id}`, md), { documentId: uploadId }));
    expect(doc.map((r) => [r.action, r.actor_user_id, r.target_type, r.target_id, r.details?.agentId])).toEqual([["DOCUMENT_DOWNLOADED", world.mdUser.id, "Document", uploadId, child.id]]);
  });

  it("a service request's attachment and a report's file: DOCUMENT_DOWNLOADED and RECORD_EXPORTED", async () => {
    const pdf = await saveFile({ bytes: new TextEncoder().encode("%PDF-1.4\n%%EOF\n"), fileName: "request.pdf", contentType: "application/pdf" });
    const sr = await prisma.serviceRequest.create({
      data: { requesterUserId: childUser.id, requesterTypeCode: "AGENT", requestTypeCode: "SVCREQ_OTHER", requestText: "Please", attachmentFileId: pdf.id },
    });
    const attachment = await logged(() => call(attachmentLoader as Loader, get(`/admin/requests/${sr.serviceRequestId}/attachment`, cookies.get("admin")), { id: String(sr.serviceRequestId) }));
    expect(attachment.map((r) => [r.action, r.actor_user_id, r.target_type, r.target_id])).toEqual([["DOCUMENT_DOWNLOADED", admin.id, "ServiceRequestAttachment", String(sr.serviceRequestId)]]);

    const xlsx = await saveFile({ bytes: new TextEncoder().encode("not really a spreadsheet"), fileName: "Downline_Report.xlsx", contentType: "application/octet-stream" });
    const report = await prisma.reportRequest.create({ data: { requestedById: world.mdUser.id, reportId: 1, inputJson: { reportId: "1" }, statusCode: "RPTSTATUS_COMPLETED", outputFileId: xlsx.id } });
    const exported = await logged(() => call(reportDownloadLoader as Loader, get(`/reports/${report.reportRequestId}/download`, cookies.get("md")), { id: String(report.reportRequestId) }));
    expect(exported.map((r) => [r.action, r.actor_user_id, r.target_type, r.target_id])).toEqual([["RECORD_EXPORTED", world.mdUser.id, "ReportRequest", String(report.reportRequestId)]]);
  });

  it("the API: an application, an agent and a document read, and a page of applications, each name the token", async () => {
    const t = await createApiToken(prisma, { name: "Carrier sync", scopes: ["read:applications", "read:agents", "read:documents"] });
    const bearer = { Authorization: `Bearer ${t.token}` };
    const api = (loader: unknown, path: string, params: Record<string, string> = {}) => logged(() => call(loader as Loader, get(path, undefined, bearer), params));
    const who = (rows: Row[]) => rows.map((r) => [r.action, r.actor_user_id, r.target_type, r.target_id, r.details?.apiTokenId]);
    expect(who(await api(apiApplicationLoader, `/api/v1/applications/${prospect.id}`, { id: String(prospect.id) }))).toEqual([["APPLICATION_VIEWED", null, "Appointment", String(prospect.id), t.id]]);
    expect(who(await api(apiAgentLoader, `/api/v1/agents/${child.id}`, { id: String(child.id) }))).toEqual([["AGENT_VIEWED", null, "Agent", String(child.id), t.id]]);
    expect(who(await api(apiDocumentLoader, `/api/v1/documents/${uploadId}`, { id: uploadId }))).toEqual([["DOCUMENT_DOWNLOADED", null, "Document", uploadId, t.id]]);
    const page = await api(apiApplicationsLoader, "/api/v1/applications?limit=10");
    expect(who(page)).toEqual([["RECORD_EXPORTED", null, "Appointment", null, t.id]]);
    expect(page[0]!.details).toMatchObject({ path: "/api/v1/applications", rows: 1 });
  });

  it("no audit row holds the application's SSN", async () => {
    const rows = await prisma.$queryRaw<Array<{ t: string }>>`SELECT row_to_json(a)::text AS t FROM audit_log a`;
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.t.includes(SSN) || r.t.includes("900-78-1234"))).toEqual([]);
  });
});

describe("the audit log cannot be changed or deleted through the portal", () => {
  it("UPDATE, DELETE and TRUNCATE are refused; the API_CALL purge still removes only old API_CALL rows", async () => {
    const [row] = await prisma.$queryRaw<Array<{ id: bigint }>>`INSERT INTO audit_log (action, target_type, target_id) VALUES ('SIGN_IN', 'User', 'x') RETURNING id`;
    await expect(prisma.$executeRaw`UPDATE audit_log SET action = 'SIGN_OUT' WHERE id = ${row!.id}`).rejects.toThrow(/append-only/);
    await expect(prisma.$executeRaw`DELETE FROM audit_log WHERE id = ${row!.id}`).rejects.toThrow(/append-only/);
    await expect(prisma.auditLog.deleteMany({ where: { action: "SIGN_IN" } })).rejects.toThrow(/append-only/);
    await expect(prisma.$executeRawUnsafe(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
    // Saying 'API_CALL purge' does not let any other row go.
    await expect(
      prisma.$transaction([prisma.$queryRaw`SELECT set_config('portal.audit_purge', 'API_CALL', true)`, prisma.$executeRaw`DELETE FROM audit_log WHERE id = ${row!.id}`]),
    ).rejects.toThrow(/append-only/);
    expect(await prisma.auditLog.count({ where: { id: row!.id } })).toBe(1);

    const [old] = await prisma.$queryRaw<Array<{ id: bigint }>>`
      INSERT INTO audit_log (action, occurred_at, target_type) VALUES ('API_CALL', now() - interval '1000 days', 'api_token') RETURNING id`;
    expect(await purgeOldApiCallAudit()).toBe(1);
    expect(await prisma.auditLog.count({ where: { id: old!.id } })).toBe(0);
    // The digests are evidence too.
    await prisma.$executeRaw`INSERT INTO audit_digests (day, row_count, prev_hash, hash) VALUES ('2000-01-01', 0, '', 'x')`;
    await expect(prisma.$executeRaw`UPDATE audit_digests SET hash = 'y'`).rejects.toThrow(/append-only/);
    await expect(prisma.$executeRaw`DELETE FROM audit_digests`).rejects.toThrow(/append-only/);
    await superuser(`ALTER TABLE audit_digests DISABLE TRIGGER audit_digests_append_only; DELETE FROM audit_digests; ALTER TABLE audit_digests ENABLE TRIGGER audit_digests_append_only`);
  });
});

/** SQL as the database's superuser (the test database's owner), outside the portal. */
async function superuser(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

describe("the daily digest and its chain", () => {
  const at = (day: string, n: number) =>
    prisma.$executeRaw`INSERT INTO audit_log (action, occurred_at, target_type, target_id, details)
      SELECT 'APPLICATION_VIEWED', ${`${day}T10:00:00Z`}::timestamptz + g * interval '1 minute', 'Appointment', g::text, '{"path":"/appoint"}'::jsonb FROM generate_series(1, ${n}::int) g`;

  it("writes each whole day once, goes on from the last day written, and the check names the day a row was removed from", async () => {
    await at("2025-03-10", 3);
    await at("2025-03-11", 2);
    await prisma.$executeRaw`INSERT INTO audit_log (action, occurred_at, target_type) VALUES ('API_CALL', '2025-03-11T11:00:00Z', 'api_token')`;
    await at("2025-03-13", 4);

    // Stopped after two days (as a run killed after its second day would be), then resumed.
    expect(await runAuditDigest(new Date("2025-03-12T06:47:00Z"))).toEqual(["2025-03-10", "2025-03-11"]);
    expect(await runAuditDigest(new Date("2025-03-14T06:47:00Z"))).toEqual(["2025-03-12", "2025-03-13"]);
    const digests = await prisma.auditDigest.findMany({ orderBy: { day: "asc" } });
    // Again the same day: nothing written, nothing changed.
    expect(await runAuditDigest(new Date("2025-03-14T08:00:00Z"))).toEqual([]);
    expect(await prisma.auditDigest.findMany({ orderBy: { day: "asc" } })).toEqual(digests);

    expect(digests.map((d) => [d.day.toISOString().slice(0, 10), d.rowCount])).toEqual([
      ["2025-03-10", 3],
      ["2025-03-11", 2], // the API_CALL row is left out: its retention purges it
      ["2025-03-12", 0],
      ["2025-03-13", 4],
    ]);
    for (let i = 1; i < digests.length; i++) expect(digests[i]!.prevHash).toBe(digests[i - 1]!.hash);
    expect(digests[0]!.prevHash).toBe("");
    expect(await checkAuditChain()).toEqual({ ok: true, days: 4, lastDay: "2025-03-13" });

    // Someone with the database's superuser removes a row of the 11th, the trigger switched off.
    await superuser(`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
      DELETE FROM audit_log WHERE id = (SELECT min(id) FROM audit_log WHERE occurred_at >= '2025-03-11' AND occurred_at < '2025-03-12' AND action <> 'API_CALL');
      ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
    expect(await checkAuditChain()).toEqual({ ok: false, days: 1, day: "2025-03-11", reason: "2 row(s) were digested, 1 are in the log now" });

    // The operator's command says the same, with exit code 1.
    const cli = spawnSync(process.execPath, ["scripts/audit-check.mjs"], { cwd: repoRoot, env: { ...process.env, DATABASE_URL: db.url }, encoding: "utf8", timeout: 60_000 });
    expect(cli.status, cli.stderr).toBe(1);
    expect(cli.stderr).toContain("the chain breaks on 2025-03-11: 2 row(s) were digested, 1 are in the log now");
  }, 90_000);
});

describe("the officer's list on a big log", () => {
  it("counts at most 10,000 matching rows and says so; the newest first", async () => {
    await prisma.$executeRaw`INSERT INTO audit_log (action, target_type, target_id) SELECT 'API_CALL', 'api_token', 'cap-' || g FROM generate_series(1, 10001) g`;
    const { rows, total, capped } = await auditLogPage({ kind: "API_CALL" }, "UTC", 0, 25);
    expect([total, capped, rows.length]).toEqual([10_000, true, 25]);
    expect(rows[0]!.target_id).toBe("cap-10001");
    const few = await auditLogPage({ kind: "AGENT_VIEWED" }, "UTC", 0, 25);
    expect([few.total, few.capped]).toEqual([few.rows.length, false]);
  });
});
