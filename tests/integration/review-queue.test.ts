// The review queue's screens against a real PostgreSQL (issue 11; decision 0029):
//  - only an internal administrator acting as themselves opens the queue, an
//    application under review or posts a decision: a prospect, an agent and
//    an administrator impersonating someone get 403 (the POST before its body
//    is read);
//  - the queue lists submitted applications only, oldest submitted first,
//    paged on the server, filtered by carrier, recruiter (name or agent
//    number), submitted date range and type; a bad filter is a 400 with the
//    message next to the field;
//  - the review screen: read-only application, documents, evidence, history;
//    a decision form without a reason is a 400 with the message;
//  - decisions through the screen (the decision functions): return → the
//    prospect's dashboard and application show the reason and the flagged
//    sections; a second decision is refused (409), two at once give one;
//  - the nav entry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Appointment, User } from "~/generated/prisma/client";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { getShellContext } from "~/lib/shell.server";
import { REVIEW_MESSAGES as M } from "~/features/review/messages";
import { prisma } from "~/lib/db.server";
import { stopWorker } from "~/lib/jobs.server";
import { createSession } from "~/lib/session.server";
import { loader as appointLoader } from "~/routes/appoint";
import { action as reviewAction, loader as reviewLoader } from "~/routes/admin.review.$appointmentId";
import { loader as queueLoader } from "~/routes/admin.review._index";
import { useTestDatabase } from "../support/db";
import { asUser } from "./appointment-fixtures";
import { makeDownline } from "./downline-fixtures";
import { createAppointment, createAppointmentLink, createUser, seedReferenceData } from "../support/factories";

useTestDatabase();

const APP_URL = "http://localhost:3000";

type World = {
  admin: User;
  admin2: User;
  prospect: User;
  agentUser: User;
  first: Appointment;
  corp: Appointment;
  later: Appointment[];
  incomplete: Appointment;
  siaNumber: string;
};
let w: World;

beforeAll(async () => {
  process.env.APP_URL = APP_URL;
  await seedReferenceData();
  const a = await makeDownline({ carrierCode: "RQA", carrierName: "Review Carrier A", companyNumber: "RQ01", blockNumber: 9901 });
  const b = await makeDownline({ carrierCode: "RQB", carrierName: "Review Carrier B", companyNumber: "RQ02", blockNumber: 9902 });
  const linkA = await createAppointmentLink(prisma, { recruiterAgentId: a.b.id, scheduleLevelId: a.level(10) });
  const linkB = await createAppointmentLink(prisma, { recruiterAgentId: b.s.id, scheduleLevelId: b.level(11) });
  const admin = await createUser(prisma, { isInternal: true, firstName: "Ada", lastName: "Admin" });
  const admin2 = await createUser(prisma, { isInternal: true, firstName: "Abe", lastName: "Second" });
  const prospect = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT", firstName: "Pia", lastName: "Prospect" });
  const submitted = (linkId: number, at: string, last: string, extra: Record<string, unknown> = {}) =>
    createAppointment(prisma, {
      appointmentLinkId: linkId,
      appointmentStatusCode: "APWF_STATUS_NEWCONTRACT",
      submittedAt: new Date(at),
      prospectEmailAddress: `${last.toLowerCase()}@example.com`,
      // An NPN (no state asked for: nothing more to be licensed for), so an approval is not refused (decision 0070).
      personal: { firstName: "Queued", lastName: last, nationalProducerNumber: "77001100" },
      ...extra,
    });
  // Created out of order: the queue sorts by submittedAt.
  const later: Appointment[] = [];
  for (let i = 0; i < 12; i++) later.push(await submitted(linkA.appointmentLinkId, `2026-04-${String(i + 1).padStart(2, "0")}T10:00:00Z`, `Later${i}`));
  const corp = await submitted(linkB.appointmentLinkId, "2026-03-05T09:00:00Z", "Corpo", { appointmentTypeCode: "APPTTYP_CORP" });
  const first = await submitted(linkA.appointmentLinkId, "2026-03-01T23:30:00Z", "Firsty", { userId: prospect.id });
  const incomplete = await createAppointment(prisma, { appointmentLinkId: linkA.appointmentLinkId, personal: { firstName: "Not", lastName: "Submitted" } });
  w = { admin, admin2, prospect, agentUser: a.bUser, first, corp, later, incomplete, siaNumber: b.s.agentNumber };
});

afterAll(async () => {
  await stopWorker();
});

async function cookieOf(user: User, impersonator?: User): Promise<string> {
  const setCookie = await createSession(new Request(`${APP_URL}/`), { userId: user.id, impersonatorUserId: impersonator?.id ?? null });
  return setCookie.split(";")[0]!;
}

type Called = { status: number; body: unknown };
async function call(fn: () => Promise<unknown>): Promise<Called> {
  try {
    const r = await fn();
    if (r instanceof Response) return { status: r.status, body: r };
    const init = (r as { init?: { status?: number } } | null)?.init;
    const body = (r as { data?: unknown; type?: string } | null)?.type === "DataWithResponseInit" ? (r as { data: unknown }).data : r;
    return { status: init?.status ?? 200, body };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, body: e };
    throw e;
  }
}

async function queue(user: User, query = "", impersonator?: User) {
  const cookie = await cookieOf(user, impersonator);
  return call(() => queueLoader({ request: new Request(`${APP_URL}/admin/review${query}`, { headers: { Cookie: cookie } }), params: {}, context: {} }));
}

async function review(user: User, id: number, impersonator?: User) {
  const cookie = await cookieOf(user, impersonator);
  return call(() =>
    reviewLoader({ request: new Request(`${APP_URL}/admin/review/${id}`, { headers: { Cookie: cookie } }), params: { appointmentId: String(id) }, context: {} }),
  );
}

async function post(user: User, id: number, body: BodyInit, contentType = "application/x-www-form-urlencoded", impersonator?: User) {
  const cookie = await cookieOf(user, impersonator);
  const request = new Request(`${APP_URL}/admin/review/${id}`, {
    method: "POST",
    body,
    headers: { Cookie: cookie, "Content-Type": contentType, Origin: APP_URL },
  });
  return call(() => reviewAction({ request, params: { appointmentId: String(id) }, context: {} }));
}

const decisionBody = (o: Record<string, string | string[]>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) for (const x of Array.isArray(v) ? v : [v]) p.append(k, x);
  return p;
};

type QueueData = { rows: Array<{ appointmentId: number; prospect: string; carriers: string[] }>; totalRecords: number; errors: Record<string, string[] | null> };
const ids = (r: Called) => (r.body as QueueData).rows.map((x) => x.appointmentId);

describe("who may review", () => {
  it("a prospect or an agent gets 403 on the queue, an application and a decision (before the body is read)", async () => {
    // 403 with the portal's page, as every other forbidden screen (decision 0050; it was 404 here).
    for (const u of [w.prospect, w.agentUser]) {
      expect((await queue(u)).status).toBe(403);
      expect((await review(u, w.first.appointmentId)).status).toBe(403);
      // A body readForm would refuse (JSON, 400): the access check answers first.
      expect((await post(u, w.first.appointmentId, JSON.stringify({ decision: "APPROVE" }), "application/json")).status).toBe(403);
    }
    const denied = await prisma.auditLog.count({ where: { action: "ACCESS_DENIED", actorUserId: w.prospect.id, targetType: { in: ["ReviewQueue", "Appointment"] } } });
    expect(denied).toBeGreaterThanOrEqual(3);
  });

  it("an administrator impersonating someone (even another administrator) gets 403", async () => {
    expect((await queue(w.prospect, "", w.admin)).status).toBe(403);
    expect((await review(w.prospect, w.first.appointmentId, w.admin)).status).toBe(403);
    expect((await queue(w.admin2, "", w.admin)).status).toBe(403);
    expect((await post(w.admin2, w.first.appointmentId, decisionBody({ decision: "APPROVE", reason: "x", confirm: "on" }), undefined, w.admin)).status).toBe(403);
  });

  it("the nav entry: administrators only, not while impersonating", async () => {
    expect((await getShellContext(asUser(w.admin))).showReviewQueue).toBe(true);
    expect((await getShellContext(asUser(w.prospect))).showReviewQueue).toBe(false);
    expect((await getShellContext(asUser(w.admin2, w.admin))).showReviewQueue).toBe(false);
  });
});

describe("the queue", () => {
  it("submitted applications only, oldest submitted first, 10 a page", async () => {
    const r = await queue(w.admin);
    expect(r.status).toBe(200);
    const d = r.body as QueueData;
    expect(d.totalRecords).toBe(14);
    expect(ids(r)).toEqual([w.first, w.corp, ...w.later.slice(0, 8)].map((a) => a.appointmentId));
    expect(ids(r)).not.toContain(w.incomplete.appointmentId);
    expect(d.rows[0]).toMatchObject({ prospect: "Queued Firsty", carriers: ["RQA"] });
    const page2 = await queue(w.admin, "?page=1&pageSize=10");
    expect(ids(page2)).toEqual(w.later.slice(8).map((a) => a.appointmentId));
    const big = await queue(w.admin, "?pageSize=50");
    expect(ids(big)).toHaveLength(14);
  });

  it("filters: carrier, recruiter name or agent number, submitted dates (days included), type", async () => {
    expect(ids(await queue(w.admin, "?carrier=RQB"))).toEqual([w.corp.appointmentId]);
    expect(ids(await queue(w.admin, "?recruiter=sia+sibling"))).toEqual([w.corp.appointmentId]);
    expect(ids(await queue(w.admin, `?recruiter=${w.siaNumber}`))).toEqual([w.corp.appointmentId]);
    expect(ids(await queue(w.admin, "?type=APPTTYP_CORP"))).toEqual([w.corp.appointmentId]);
    expect(ids(await queue(w.admin, "?from=2026-03-02&to=2026-03-31"))).toEqual([w.corp.appointmentId]);
    expect(ids(await queue(w.admin, "?to=2026-03-01"))).toEqual([w.first.appointmentId]);
    expect((await queue(w.admin, "?carrier=RQA&recruiter=Ben&from=2026-04-12")).body as QueueData).toMatchObject({ totalRecords: 1 });
    expect(ids(await queue(w.admin, "?recruiter=nobody-like-this"))).toEqual([]);
  });

  it("a bad filter is a 400 with the message next to the field, nothing listed", async () => {
    const r = await queue(w.admin, "?from=2026-02-30&to=2026-01-01");
    expect(r.status).toBe(400);
    expect((r.body as QueueData).errors.from).toEqual([M.dateInvalid]);
    expect((r.body as QueueData).rows).toEqual([]);
    const order = await queue(w.admin, "?from=2026-05-02&to=2026-05-01");
    expect((order.body as QueueData).errors.to).toEqual([M.dateOrder]);
  });
});

describe("the review screen", () => {
  it("shows the application read-only with its documents, evidence and (empty) history", async () => {
    const r = await review(w.admin, w.first.appointmentId);
    expect(r.status).toBe(200);
    const d = r.body as { awaiting: boolean; history: unknown[]; evidence: unknown; documents: unknown; view: { readOnly: boolean }; summary: { prospect: string; recruiter: string } };
    expect(d.awaiting).toBe(true);
    expect(d.view.readOnly).toBe(true);
    expect(d.history).toEqual([]);
    expect(d.evidence).not.toBeNull();
    expect(d.documents).not.toBeNull();
    expect(d.summary.prospect).toBe("Queued Firsty");
    expect(d.summary.recruiter).toMatch(/^Ben Upline \(/);
    expect((await review(w.admin, 987654)).status).toBe(404);
  });

  it("any application opens read-only, without decision forms when it is not awaiting approval; a decision on a missing one is 404", async () => {
    const r = await review(w.admin, w.incomplete.appointmentId);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ awaiting: false, view: { readOnly: true }, statusText: "Incomplete" });
    const missing = await post(w.admin, 987654, decisionBody({ decision: "APPROVE", reason: "x", confirm: "on" }));
    expect(missing.status).toBe(404);
    const refused = await post(w.admin, w.incomplete.appointmentId, decisionBody({ decision: "APPROVE", reason: "x", confirm: "on" }));
    expect(refused.status).toBe(409);
    expect(await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: w.incomplete.appointmentId } })).toMatchObject({ appointmentStatusCode: "APWF_STATUS_INCOMPLETE" });
  });

  it("a decision without reason, confirmation or sections is a 400 with the messages; nothing changes", async () => {
    const r = await post(w.admin, w.first.appointmentId, decisionBody({ decision: "RETURN", reason: "  " }));
    expect(r.status).toBe(400);
    const reply = (r.body as { reply: { error: Record<string, string[]> } }).reply;
    expect(reply.error.reason).toEqual([M.reasonRequired]);
    expect(reply.error.confirm).toEqual([M.confirmRequired]);
    expect(reply.error.sections).toEqual([M.sectionsRequired]);
    const after = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: w.first.appointmentId } });
    expect(after.appointmentStatusCode).toBe("APWF_STATUS_NEWCONTRACT");
    expect(await prisma.appointmentDecision.count()).toBe(0);
  });
});

describe("what the prospect sees of a decision", () => {
  it("a RETURN of an incomplete application: reason and sections on the dashboard and the application; gone once submitted again", async () => {
    const app = await createAppointment(prisma, { userId: w.prospect.id, appointmentStatusCode: "APWF_STATUS_INCOMPLETE", personal: { firstName: "Pia", lastName: "Prospect" } });
    await prisma.appointmentDecision.create({
      data: { appointmentId: app.appointmentId, decisionCode: "RETURN", reason: "Your NPN does not match the license.", sections: ["PERSONAL", "DOCS"], fromStatusCode: "APWF_STATUS_NEWCONTRACT", decidedById: w.admin.id },
    });
    const entry = (await getDashboard(asUser(w.prospect))).entries.find((e) => e.key === `appointment-${app.appointmentId}`);
    expect(entry?.note).toMatchObject({ kind: "RETURNED", reason: "Your NPN does not match the license.", sections: ["PERSONAL", "DOCS"] });
    expect(entry?.label).toBe("Resume Your Appointment");

    const cookie = await cookieOf(w.prospect);
    const screen = await call(() => appointLoader({ request: new Request(`${APP_URL}/appoint?id=${app.appointmentId}`, { headers: { Cookie: cookie } }), params: {}, context: {} }));
    expect((screen.body as { decisionNote: unknown }).decisionNote).toMatchObject({ kind: "RETURNED", sections: ["PERSONAL", "DOCS"] });

    await prisma.appointment.update({ where: { appointmentId: app.appointmentId }, data: { appointmentStatusCode: "APWF_STATUS_NEWCONTRACT", submittedAt: new Date() } });
    const again = (await getDashboard(asUser(w.prospect))).entries.find((e) => e.key === `appointment-${app.appointmentId}`);
    expect(again?.note).toBeNull();
    expect(again?.label).toBe("View Your Pending Appointment");
  });

  it("a REJECTED application: read-only, its reason on the dashboard", async () => {
    const app = await createAppointment(prisma, { userId: w.prospect.id, appointmentStatusCode: "APWF_STATUS_REJECTED", rejectionReason: "License revoked." });
    await prisma.appointmentDecision.create({
      data: { appointmentId: app.appointmentId, decisionCode: "REJECT", reason: "License revoked.", fromStatusCode: "APWF_STATUS_NEWCONTRACT", decidedById: w.admin.id },
    });
    const entry = (await getDashboard(asUser(w.prospect))).entries.find((e) => e.key === `appointment-${app.appointmentId}`);
    expect(entry).toMatchObject({ label: "View Your Rejected Appointment", statusText: "Rejected", note: { kind: "REJECTED", reason: "License revoked." } });
    const cookie = await cookieOf(w.prospect);
    const screen = await call(() => appointLoader({ request: new Request(`${APP_URL}/appoint?id=${app.appointmentId}`, { headers: { Cookie: cookie } }), params: {}, context: {} }));
    const d = screen.body as { decisionNote: unknown; view: { readOnly: boolean }; statusText: string };
    expect(d).toMatchObject({ decisionNote: { kind: "REJECTED", reason: "License revoked." }, view: { readOnly: true }, statusText: "Rejected" });
  });
});

describe("decisions through the review screen (the decision functions)", () => {
  const location = (r: Called) => (r.body instanceof Response ? r.body.headers.get("Location") : null);

  it("return: a redirect to the outcome, the application incomplete with the note; a decision after it is refused (409)", async () => {
    const id = w.later[0]!.appointmentId;
    const r = await post(w.admin, id, decisionBody({ decision: "RETURN", reason: "Fix the phone.", sections: ["PERSONAL", "COMMS"], confirm: "on" }));
    expect(r.status).toBe(302);
    expect(location(r)).toBe(`/admin/review/${id}?decided=RETURN`);
    const cookie = await cookieOf(w.admin);
    const shown = await call(() =>
      reviewLoader({ request: new Request(`${APP_URL}/admin/review/${id}?decided=RETURN`, { headers: { Cookie: cookie } }), params: { appointmentId: String(id) }, context: {} }),
    );
    const d = shown.body as { outcome: string | null; awaiting: boolean; history: Array<{ decisionCode: string; reason: string; sections: string[]; decidedBy: string }> };
    expect(d.outcome).toBe("RETURN");
    expect(d.awaiting).toBe(false);
    expect(d.history).toEqual([expect.objectContaining({ decisionCode: "RETURN", reason: "Fix the phone.", sections: ["PERSONAL", "COMMS"], decidedBy: "Ada Admin" })]);

    const again = await post(w.admin2, id, decisionBody({ decision: "REJECT", reason: "Too late.", confirm: "on" }));
    expect(again.status).toBe(409);
    expect((again.body as { refused: { title: string; message: string } }).refused.title).toBe(M.alreadyDecidedTitle);
    expect(await prisma.appointmentDecision.count({ where: { appointmentId: id } })).toBe(1);
  });

  it("two approvals at once give one decision: one redirect, one 409", async () => {
    const id = w.first.appointmentId;
    const body = () => decisionBody({ decision: "APPROVE", reason: "All good.", confirm: "on" });
    const results = await Promise.all([post(w.admin, id, body()), post(w.admin2, id, body())]);
    expect(results.map((r) => r.status).sort()).toEqual([302, 409]);
    const rows = await prisma.appointmentDecision.findMany({ where: { appointmentId: id } });
    expect(rows.map((r) => r.decisionCode)).toEqual(["APPROVE"]);
    const a = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(a.appointmentStatusCode).toBe("APWF_STATUS_APPROVED");
    // Gone from the queue.
    expect(ids(await queue(w.admin, "?pageSize=50"))).not.toContain(id);
  });
});
