// The administrators' service request queue (/admin/requests, decision 0030)
// against a real PostgreSQL, real storage and a real SMTP server on loopback
// (tests/support/smtp-sink.ts): only internal administrators (not while
// impersonating) get in; the queue is oldest open first with status and
// subject filters and paging; status and assignee are saved; a reply is
// recorded and mailed to the requester by the send-email job (keyed, sent
// once); a 'Request that an Agent be Moved' is previewed and carried out
// from the request (the closure table stays equal to the rebuilt one).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { JobHelpers } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client";
import { closureDifferences } from "~/features/hierarchy/consistency.server";
import { MOVE_MESSAGES } from "~/features/hierarchy/move-messages";
import { jobKeys } from "~/features/jobs/queue.server";
import { SR_MESSAGES } from "~/features/service-requests/schema";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { closeMailTransport } from "~/lib/mail.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { saveFile } from "~/lib/storage.server";
import { loader as queueLoader } from "~/routes/admin.requests._index";
import { action as detailAction, loader as detailLoader } from "~/routes/admin.requests.$id";
import { loader as attachmentLoader } from "~/routes/admin.requests.$id_.attachment";
import { sendEmail } from "../../jobs/tasks/send-email";
import { useTestDatabase } from "../support/db";
import { createAgent, createUser, seedReferenceData } from "../support/factories";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

useTestDatabase();

const APP_URL = "http://localhost:3000";
let dataDir: string;
let smtp: SmtpSink;
let admin: User;
let admin2: User;
let agentUser: User;
let adminCookie: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "admin-requests-test-"));
  smtp = await startSmtpSink();
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  resetSecretsCache();
  closeMailTransport();
  await seedReferenceData();
  admin = await createUser(prisma, { isInternal: true, firstName: "Ada", lastName: "Admin" });
  admin2 = await createUser(prisma, { isInternal: true, firstName: "Bo", lastName: "Backoffice" });
  agentUser = await createUser(prisma, { firstName: "Rita", lastName: "Requester", userName: `rita-${Date.now()}@example.com` });
  adminCookie = await signIn(admin.id);
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  closeMailTransport();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(userId: string, impersonatorUserId?: string): Promise<string> {
  return (await createSession(new Request(`${APP_URL}/`), { userId, impersonatorUserId })).split(";")[0]!;
}

const get = (url: string, cookie: string) => new Request(`${APP_URL}${url}`, { headers: { Cookie: cookie } });
const post = (url: string, cookie: string, fields: Record<string, string>) =>
  new Request(`${APP_URL}${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, Origin: APP_URL, "Content-Type": "application/x-www-form-urlencoded" },
  });

/** The HTTP status of what a loader or action returned or threw (Response, data() or a plain value). */
async function outcome(fn: () => unknown): Promise<{ status: number; value: unknown }> {
  try {
    const r = await fn();
    if (r instanceof Response) return { status: r.status, value: r };
    const init = (r as { init?: { status?: number } } | null)?.init;
    return { status: init?.status ?? 200, value: (r as { data?: unknown })?.data ?? r };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, value: e };
    const init = (e as { init?: { status?: number } }).init;
    if (init) return { status: init.status ?? 500, value: (e as { data: unknown }).data };
    throw e;
  }
}

const queue = (query: string, cookie = adminCookie) => outcome(() => queueLoader({ request: get(`/admin/requests${query}`, cookie), params: {}, context: {} }));
const detail = (id: number, cookie = adminCookie) => outcome(() => detailLoader({ request: get(`/admin/requests/${id}`, cookie), params: { id: String(id) }, context: {} }));
const act = (id: number, fields: Record<string, string>, cookie = adminCookie) =>
  outcome(() => detailAction({ request: post(`/admin/requests/${id}`, cookie, fields), params: { id: String(id) }, context: {} }));

let day = 0;
async function makeRequest(extra: { requestTypeCode?: string; status?: string; requestText?: string; attachmentFileId?: string; requesterNumber?: string } = {}) {
  day += 1;
  return prisma.serviceRequest.create({
    data: {
      requesterUserId: agentUser.id,
      requesterTypeCode: "RQTYP_AGT",
      requestTypeCode: extra.requestTypeCode ?? "SVCREQ_GENERAL",
      requestText: extra.requestText ?? `Request ${day}`,
      requestDt: new Date(Date.UTC(2026, 0, 1) + day * 86_400_000),
      status: extra.status ?? "OPEN",
      attachmentFileId: extra.attachmentFileId ?? null,
      requesterNumber: extra.requesterNumber ?? null,
    },
  });
}

type QueueData = { rows: Array<{ id: number; status: string }>; totalRecords: number; page: number };

describe("/admin/requests", () => {
  it("is for internal administrators only: anyone else, and an administrator impersonating, gets 403", async () => {
    const pdf = await saveFile({ bytes: new TextEncoder().encode("%PDF-1.4\n% request\n"), fileName: "letter.pdf", contentType: "application/pdf" });
    const r = await makeRequest({ attachmentFileId: pdf.id });
    const agentCookie = await signIn(agentUser.id);
    const impersonating = await signIn(agentUser.id, admin.id);
    const internalImpersonated = await signIn(admin2.id, admin.id);
    for (const cookie of [agentCookie, impersonating, internalImpersonated]) {
      expect((await queue("", cookie)).status).toBe(403);
      expect((await detail(r.serviceRequestId, cookie)).status).toBe(403);
      expect((await act(r.serviceRequestId, { intent: "status", status: "DONE", assigneeUserId: "" }, cookie)).status).toBe(403);
      const file = await outcome(() => attachmentLoader({ request: get(`/admin/requests/${r.serviceRequestId}/attachment`, cookie), params: { id: String(r.serviceRequestId) }, context: {} }));
      expect(file.status).toBe(403);
    }
    expect((await prisma.serviceRequest.findUniqueOrThrow({ where: { serviceRequestId: r.serviceRequestId } })).status).toBe("OPEN");
    expect(await prisma.auditLog.count({ where: { action: "ACCESS_DENIED", actorUserId: agentUser.id } })).toBeGreaterThanOrEqual(4);

    // The administrator: the page, the PDF; an unknown id is 404.
    expect((await queue("")).status).toBe(200);
    const page = await detail(r.serviceRequestId);
    expect(page.status).toBe(200);
    expect((page.value as { detail: { text: string; attachment: { fileName: string } } }).detail).toMatchObject({ text: r.requestText, attachment: { fileName: "letter.pdf" } });
    const file = await outcome(() => attachmentLoader({ request: get(`/admin/requests/${r.serviceRequestId}/attachment`, adminCookie), params: { id: String(r.serviceRequestId) }, context: {} }));
    expect(file.status).toBe(200);
    expect(new TextDecoder().decode(await (file.value as Response).arrayBuffer())).toContain("%PDF-1.4");
    expect((file.value as Response).headers.get("Content-Disposition")).toContain("attachment");
    expect((await detail(99_999_999)).status).toBe(404);
    expect((await detail(Number.NaN)).status).toBe(404);
    expect((await act(99_999_999, { intent: "status", status: "DONE", assigneeUserId: "" })).status).toBe(404);
  });

  it("lists oldest open first, filters by status and subject, pages on the server", async () => {
    await prisma.serviceRequest.deleteMany({});
    const done = await makeRequest({ status: "DONE" });
    const o1 = await makeRequest();
    const ip = await makeRequest({ status: "IN_PROGRESS" });
    const o2 = await makeRequest({ requestTypeCode: "SVCREQ_LEVELCHG" });
    const o3 = await makeRequest();

    const active = (await queue("")).value as QueueData;
    expect(active.rows.map((r) => r.id)).toEqual([o1, o2, o3, ip].map((r) => r.serviceRequestId));
    const all = (await queue("?status=ALL")).value as QueueData;
    expect(all.rows.map((r) => r.id)).toEqual([o1, o2, o3, ip, done].map((r) => r.serviceRequestId));
    expect(((await queue("?status=DONE")).value as QueueData).rows.map((r) => r.id)).toEqual([done.serviceRequestId]);
    expect(((await queue("?status=ALL&type=SVCREQ_LEVELCHG")).value as QueueData).rows.map((r) => r.id)).toEqual([o2.serviceRequestId]);
    for (let i = 0; i < 12; i++) await makeRequest();
    const p0 = (await queue("?status=ALL&pageSize=10&page=0")).value as QueueData;
    const p1 = (await queue("?status=ALL&pageSize=10&page=1")).value as QueueData;
    expect(p0.totalRecords).toBe(17);
    expect(p0.rows).toHaveLength(10);
    expect(p1.rows).toHaveLength(7);
    expect(p1.rows.at(-1)?.id).toBe(done.serviceRequestId);
    // A page past the end shows the last one.
    expect(((await queue("?status=ALL&pageSize=10&page=99")).value as QueueData).page).toBe(1);
  });

  it("saves the status and the assignee; an assignee who is not an administrator is refused", async () => {
    const r = await makeRequest();
    const saved = await act(r.serviceRequestId, { intent: "status", status: "IN_PROGRESS", assigneeUserId: admin2.id });
    expect(saved.status).toBe(303);
    expect((saved.value as Response).headers.get("Location")).toBe(`/admin/requests/${r.serviceRequestId}?saved=1`);
    expect(await prisma.serviceRequest.findUniqueOrThrow({ where: { serviceRequestId: r.serviceRequestId } })).toMatchObject({ status: "IN_PROGRESS", assigneeUserId: admin2.id, updatedById: admin.id });

    const refused = await act(r.serviceRequestId, { intent: "status", status: "DONE", assigneeUserId: agentUser.id });
    expect(refused.status).toBe(400);
    expect((refused.value as { reply: { error: Record<string, string[]> } }).reply.error.assigneeUserId).toEqual([SR_MESSAGES.assigneeUnknown]);
    const bad = await act(r.serviceRequestId, { intent: "status", status: "CLOSED", assigneeUserId: "" });
    expect(bad.status).toBe(400);
    expect(await prisma.serviceRequest.findUniqueOrThrow({ where: { serviceRequestId: r.serviceRequestId } })).toMatchObject({ status: "IN_PROGRESS", assigneeUserId: admin2.id });

    expect((await act(r.serviceRequestId, { intent: "status", status: "DONE", assigneeUserId: "" })).status).toBe(303);
    expect(await prisma.serviceRequest.findUniqueOrThrow({ where: { serviceRequestId: r.serviceRequestId } })).toMatchObject({ status: "DONE", assigneeUserId: null });
    expect(await prisma.auditLog.count({ where: { action: "SERVICE_REQUEST_STATUS", targetId: String(r.serviceRequestId) } })).toBe(2);
  });

  it("a reply is recorded, mailed to the requester through SMTP by the keyed send-email job, once", async () => {
    const r = await makeRequest({ requestText: "Please move my agent." });
    const empty = await act(r.serviceRequestId, { intent: "reply", formToken: crypto.randomUUID(), replyText: "   " });
    expect(empty.status).toBe(400);
    expect((empty.value as { reply: { error: Record<string, string[]> } }).reply.error.replyText).toEqual([SR_MESSAGES.replyRequired]);
    const tooLong = await act(r.serviceRequestId, { intent: "reply", formToken: crypto.randomUUID(), replyText: "x".repeat(4001) });
    expect(tooLong.status).toBe(400);
    expect(await prisma.serviceRequestReply.count({ where: { serviceRequestId: r.serviceRequestId } })).toBe(0);

    const token = crypto.randomUUID();
    const text = `Hello Rita <b>&</b> team,\nyour agent was moved (${Date.now()}).`;
    const sent = await act(r.serviceRequestId, { intent: "reply", formToken: token, replyText: text });
    expect(sent.status).toBe(303);
    expect((sent.value as Response).headers.get("Location")).toBe(`/admin/requests/${r.serviceRequestId}?replied=1`);
    // The same form again (a double click, a reload): nothing more.
    expect((await act(r.serviceRequestId, { intent: "reply", formToken: token, replyText: text })).status).toBe(303);
    const replies = await prisma.serviceRequestReply.findMany({ where: { serviceRequestId: r.serviceRequestId } });
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ authorUserId: admin.id, replyText: text, sentTo: agentUser.userName });
    expect((await prisma.serviceRequest.findUniqueOrThrow({ where: { serviceRequestId: r.serviceRequestId } })).status).toBe("IN_PROGRESS");

    const jobs = await prisma.$queryRaw<Array<{ payload: Record<string, unknown> }>>`
      SELECT j.payload FROM graphile_worker._private_jobs j WHERE j.key = ${jobKeys.serviceRequestReply(replies[0]!.replyId)}`;
    expect(jobs).toHaveLength(1);
    const helpers = { job: { id: "1", key: jobKeys.serviceRequestReply(replies[0]!.replyId) }, logger: { info() {}, warn() {}, error() {}, debug() {} } } as unknown as JobHelpers;
    await sendEmail(jobs[0]!.payload, helpers);
    await sendEmail(jobs[0]!.payload, helpers); // a retry after a crash: the delivery key sends once
    const mail = await smtp.mailTo(agentUser.userName, /^Re: Contact Us: /);
    expect(mail.parsed.subject).toContain(`(#${r.serviceRequestId})`);
    expect(mail.parsed.text).toContain("your agent was moved");
    expect(mail.parsed.html).toContain("Hello Rita &lt;b&gt;&amp;&lt;/b&gt; team"); // escaped, never markup
    expect(mail.parsed.text).toContain("Hello Rita <b>&</b> team"); // plain in the text part
    expect(mail.parsed.html).not.toContain("<b>&</b>");
    expect(smtp.received.filter((m) => m.to.includes(agentUser.userName))).toHaveLength(1);
    const recorded = await prisma.mailMessage.findUniqueOrThrow({ where: { deliveryKey: jobKeys.serviceRequestReply(replies[0]!.replyId) } });
    expect(recorded).toMatchObject({ status: "SENT", relatedType: "ServiceRequestReply", relatedId: String(replies[0]!.replyId) });

    // The history on the page.
    const page = (await detail(r.serviceRequestId)).value as { detail: { replies: Array<{ author: string; text: string }> } };
    expect(page.detail.replies).toMatchObject([{ author: "Ada Admin", text, delivery: "SENT" }]);
  });

  it("a 'Request that an Agent be Moved': preview, refusals, the move; the closure table stays right", async () => {
    const md = await createAgent(prisma, { hierarchyLevel: 1, userId: agentUser.id });
    const x = await createAgent(prisma, { parentId: md.id, hierarchyLevel: 3 });
    const x1 = await createAgent(prisma, { parentId: x.id, hierarchyLevel: 4 });
    await createAgent(prisma, { parentId: x1.id, hierarchyLevel: 5 });
    const y = await createAgent(prisma, { parentId: md.id, hierarchyLevel: 2 });
    const r = await makeRequest({ requestTypeCode: "SVCREQ_LEVELCHG", requesterNumber: md.agentNumber });
    const hierarchy = `${md.companyNumber}:${md.blockNumber}`;
    const page = (await detail(r.serviceRequestId)).value as { detail: { move: { defaultHierarchy: string; hierarchies: Array<{ value: string }> } } };
    expect(page.detail.move.defaultHierarchy).toBe(hierarchy);

    const base = { hierarchy, agentNumber: x.agentNumber, uplineAgentNumber: y.agentNumber };
    const preview = await act(r.serviceRequestId, { intent: "preview", ...base });
    expect(preview.status).toBe(200);
    expect(preview.value).toMatchObject({ form: "move", move: { kind: "preview", plan: { subtreeSize: 3, agent: { id: x.id }, from: { id: md.id }, to: { id: y.id } } } });
    expect((await prisma.agent.findUniqueOrThrow({ where: { id: x.id } })).parentId).toBe(md.id);

    const unknown = await act(r.serviceRequestId, { intent: "preview", ...base, agentNumber: "NOPE1" });
    expect(unknown.status).toBe(400);
    expect((unknown.value as { reply: { error: Record<string, string[]> } }).reply.error.agentNumber).toEqual([MOVE_MESSAGES.AGENT_NOT_FOUND]);
    const inside = await act(r.serviceRequestId, { intent: "move", ...base, uplineAgentNumber: x1.agentNumber });
    expect(inside.status).toBe(409);
    expect(inside.value).toMatchObject({ move: { kind: "refused", message: MOVE_MESSAGES.INSIDE_SUBTREE } });
    const itself = await act(r.serviceRequestId, { intent: "move", ...base, uplineAgentNumber: x.agentNumber });
    expect(itself.value).toMatchObject({ move: { kind: "refused", message: MOVE_MESSAGES.SAME_AGENT } });
    // Another block: the agent number is not in the chosen hierarchy.
    const elsewhere = await act(r.serviceRequestId, { intent: "move", ...base, hierarchy: `${md.companyNumber}:9999` });
    expect(elsewhere.status).toBe(400);

    const moved = await act(r.serviceRequestId, { intent: "move", ...base, expectedSize: "3" });
    expect(moved.status).toBe(200);
    expect(moved.value).toMatchObject({ move: { kind: "moved", plan: { subtreeSize: 3 } } });
    expect(await prisma.agent.findUniqueOrThrow({ where: { id: x.id } })).toMatchObject({ parentId: y.id, directUpline: y.agentNumber });
    expect(await closureDifferences(prisma)).toEqual({ missing: [], extra: [] });
    expect(await prisma.auditLog.findFirst({ where: { action: "AGENT_MOVED", targetId: String(x.id) } })).toMatchObject({ actorUserId: admin.id, details: expect.objectContaining({ serviceRequestId: r.serviceRequestId }) });

    // The request's page lists the move.
    const after = (await detail(r.serviceRequestId)).value as { detail: { move: { done: unknown[] } } };
    expect(after.detail.move.done).toMatchObject([{ by: "Ada Admin", agentNumber: x.agentNumber, fromAgentNumber: md.agentNumber, toAgentNumber: y.agentNumber, subtreeSize: 3 }]);

    // Only from a move request: another subject answers 404.
    const other = await makeRequest();
    expect((await act(other.serviceRequestId, { intent: "preview", ...base })).status).toBe(404);
    expect(((await detail(other.serviceRequestId)).value as { detail: { move: unknown } }).detail.move).toBeNull();
  });
});
