// Invitations: who may send which links (own and downline only), the §5
// rules, storing + queuing in one transaction (one job per double submit),
// the job sending through a real SMTP server (smtp-server on loopback), the
// SEND_FAILED status after the last attempt, the list (paging, hide
// appointed), and APPOINTED when the back office approves.
import type { JobHelpers } from "graphile-worker";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inviteContext } from "~/features/invitations/invite-context.server";
import { listInvitations } from "~/features/invitations/invitations.server";
import { MAX_ATTEMPTS } from "~/features/jobs/queue.server";
import { sendInvitation } from "~/features/invitations/send.server";
import { markInvitationAppointed } from "~/features/invitations/status.server";
import { APPOINTMENT_LINK_NOT_FOUND, INVITE_MESSAGES, INVITE_WHO_WHAT_WHERE, SCHEDULE_DOC_UNAVAILABLE } from "~/features/invitations/messages";
import type { InviteForm } from "~/features/invitations/schema";
import { createFromWizard, wizardContext } from "~/features/appointment/create.server";
import { prisma } from "~/lib/db.server";
import { env, resetEnvCache } from "~/lib/env.server";
import { stopWorker } from "~/lib/jobs.server";
import { closeMailTransport } from "~/lib/mail.server";
import { createSession } from "~/lib/session.server";
import { action as inviteAction, loader as inviteLoader } from "~/routes/invite";
import { loader as invitesLoader } from "~/routes/invites";
import { sendInvitationTask } from "../../jobs/tasks/send-invitation";
import { ensureCommissionScheduleDocuments } from "../../prisma/seed/documents";
import { seedReferenceDataWith } from "../../prisma/seed/reference";
import { useTestDatabase } from "../support/db";
import { createAgent, createAppointment, createAppointmentLink, createCarrierWithBlocks, createCredential, createInvitation, createLicence, createSchedule, createUser, randomCode } from "../support/factories";
import { refreshStanding } from "~/features/licences/compliance.server";
import { LICENCE_MESSAGES } from "~/features/licences/messages";
import { freePort } from "../support/free-port";
import { asUser } from "./appointment-fixtures";

const db = useTestDatabase();

type Received = { envelope: { to: string[] }; parsed: ParsedMail };

async function startSmtp(opts: { reject?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (opts.reject) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ envelope: { to: session.envelope.rcptTo.map((r) => r.address) }, parsed });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function withSmtp<T>(smtp: { url: string }, fn: () => Promise<T>): Promise<T> {
  const saved = process.env.SMTP_URL;
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  closeMailTransport();
  try {
    return await fn();
  } finally {
    if (saved === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = saved;
    resetEnvCache();
    closeMailTransport();
  }
}

type Job = { id: string; key: string | null; attempts: number; max_attempts: number; payload: unknown };

async function jobsOf(invitationId: number): Promise<Job[]> {
  // The public view graphile_worker.jobs has no payload column; the private table has.
  return prisma.$queryRaw<Job[]>`SELECT j.id::text, j.key, j.attempts, j.max_attempts, j.payload FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id
     WHERE t.identifier = 'send-invitation' AND j.payload->>'invitationId' = ${String(invitationId)} ORDER BY j.id`;
}

/** Runs the job as graphile-worker would on attempt `attempt`. */
async function runJob(job: Job, attempt: number) {
  const helpers = {
    job: { ...job, attempts: attempt, max_attempts: job.max_attempts },
    logger: { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} },
  } as unknown as JobHelpers;
  await sendInvitationTask(job.payload as never, helpers);
}

let w: Awaited<ReturnType<typeof makeWorld>>;

async function makeWorld() {
  await seedReferenceDataWith(prisma);
  const mdUser = await createUser(prisma, { userRoleCode: "USRROLE_MD", firstName: "Morgan", lastName: "Director" });
  const md = await createAgent(prisma, { userId: mdUser.id, hierarchyLevel: 1, email: mdUser.userName, phoneNumber: "5125550000", businessName: "Morgan Agency" });
  const childUser = await createUser(prisma, { userRoleCode: "USRROLE_AGENT", firstName: "Casey", lastName: "Child" });
  const child = await createAgent(prisma, { userId: childUser.id, parentId: md.id, hierarchyLevel: 2 });
  const otherUser = await createUser(prisma, { userRoleCode: "USRROLE_MD", firstName: "Olive", lastName: "Other" });
  const other = await createAgent(prisma, { userId: otherUser.id, hierarchyLevel: 1 });
  const block = await prisma.block.findUniqueOrThrow({ where: { blockNumber: md.blockNumber } });
  const schedule = await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH" });
  await ensureCommissionScheduleDocuments(prisma);
  const level = (n: number) => schedule.levels.find((l) => l.levelNo === n)!;
  const link5 = await createAppointmentLink(prisma, { recruiterAgentId: md.id, scheduleLevelId: level(5).scheduleLevelId });
  const link7 = await createAppointmentLink(prisma, { recruiterAgentId: md.id, scheduleLevelId: level(7).scheduleLevelId });
  const childLink = await createAppointmentLink(prisma, { recruiterAgentId: child.id, scheduleLevelId: level(6).scheduleLevelId });
  const otherLink = await createAppointmentLink(prisma, { recruiterAgentId: other.id, scheduleLevelId: level(5).scheduleLevelId });
  const multi = await prisma.multiLink.create({
    data: { code: randomCode(), createdById: mdUser.id, items: { create: [{ appointmentLinkId: link5.appointmentLinkId, sortOrder: 1 }, { appointmentLinkId: link7.appointmentLinkId, sortOrder: 2 }] } },
  });
  const otherMulti = await prisma.multiLink.create({
    data: { code: randomCode(), createdById: otherUser.id, items: { create: [{ appointmentLinkId: otherLink.appointmentLinkId, sortOrder: 1 }] } },
  });
  const defaultTemplate = await prisma.emailTemplate.findUniqueOrThrow({ where: { systemCode: "DFT_MLT_INVITE" } });
  return { mdUser, md, childUser, child, otherUser, other, schedule, link5, link7, childLink, otherLink, multi, otherMulti, defaultTemplate };
}

beforeAll(async () => {
  w = await makeWorld();
}, 60_000);

afterAll(async () => {
  await stopWorker();
});

const form = (over: Partial<InviteForm> = {}): InviteForm => ({
  firstName: "Ada",
  lastName: "Prospect",
  email: `ada.${randomCode(6).toLowerCase()}@example.com`,
  ccEmail: "boss@example.com",
  templateId: w.defaultTemplate.corrTemplateId,
  body: '<p onclick="x()">Dear [[ProspectFirstName]] [[Unknown]],</p><script>alert(1)</script><p><b><strong>Join</strong></b> [[AppointmentLink]]</p><ul><li>[[RecruiterName]]</li></ul>[[DocumentLinks]]',
  confirm: "yes",
  formToken: crypto.randomUUID(),
  ...over,
});

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
async function signedIn(userId: string) {
  return cookieOf(await createSession(new Request("http://localhost/"), { userId }));
}
const page = (cookie: string, path: string, init: RequestInit = {}) =>
  new Request(`http://localhost${path}`, { ...init, headers: { Cookie: cookie, ...(init.headers as Record<string, string>) } });

async function statusOf(p: Promise<unknown>): Promise<number> {
  try {
    const r = await p;
    return r instanceof Response ? r.status : ((r as { init?: { status?: number } })?.init?.status ?? 200);
  } catch (e) {
    if (e instanceof Response) return e.status;
    if (e && typeof e === "object" && "init" in e) return (e as { init: { status: number } }).init.status;
    throw e;
  }
}

describe("who may send which links", () => {
  it("the recruiter's own links and multi-links", async () => {
    const single = await inviteContext(prisma, asUser(w.mdUser), { link: `${w.link5.linkPrefix}${w.link5.code}` });
    expect(single.ok).toBe(true);
    const multi = await inviteContext(prisma, asUser(w.mdUser), { links: `MLT${w.multi.code}` });
    expect(multi.ok && multi.context.lines.map((l) => l.levelNo)).toEqual([5, 7]);
    expect(multi.ok && multi.context.startingUnder.agentNumber).toBe(w.md.agentNumber);
    expect(multi.ok && multi.context.templates[0]!.corrTemplateId).toBe(w.defaultTemplate.corrTemplateId);
    // The web-based templates (2070, 2071) are offered too.
    expect(multi.ok && multi.context.templates.map((t) => t.templateTypeId)).toEqual(expect.arrayContaining([1003, 2070, 2071]));
  });

  it("a link is an APL link (EXT is part 3's invitation of an existing agent); the email uses the row's prefix and code", async () => {
    const r = await inviteContext(prisma, asUser(w.mdUser), { link: `APL${w.link5.code.toLowerCase()}` });
    expect(r.ok && r.context.target.link).toBe(`APL${w.link5.code}`);
    expect(await inviteContext(prisma, asUser(w.mdUser), { link: `EXT${w.link5.code}` })).toEqual({ ok: false, status: 404, dialog: APPOINTMENT_LINK_NOT_FOUND });
  });

  it("links of agents in the downline, but not of the upline or another hierarchy", async () => {
    expect((await inviteContext(prisma, asUser(w.mdUser), { link: `${w.childLink.linkPrefix}${w.childLink.code}` })).ok).toBe(true);
    expect(await inviteContext(prisma, asUser(w.childUser), { link: `${w.link5.linkPrefix}${w.link5.code}` })).toEqual({ ok: false, status: 404, dialog: APPOINTMENT_LINK_NOT_FOUND });
    expect(await inviteContext(prisma, asUser(w.mdUser), { link: `${w.otherLink.linkPrefix}${w.otherLink.code}` })).toEqual({ ok: false, status: 404, dialog: APPOINTMENT_LINK_NOT_FOUND });
    expect(await inviteContext(prisma, asUser(w.mdUser), { links: `MLT${w.otherMulti.code}` })).toEqual({ ok: false, status: 404, dialog: APPOINTMENT_LINK_NOT_FOUND });
  });

  it("'Invite Who, What, Where?' without route data; 'Appointment Link Not Found' for unknown or disabled links", async () => {
    expect(await inviteContext(prisma, asUser(w.mdUser), {})).toEqual({ ok: false, status: 400, dialog: INVITE_WHO_WHAT_WHERE });
    expect((await inviteContext(prisma, asUser(w.mdUser), { link: "EXTNOSUCHCODE" })).ok).toBe(false);
    expect((await inviteContext(prisma, asUser(w.mdUser), { link: `USR${w.link5.code}` })).ok).toBe(false);
    const disabled = await createAppointmentLink(prisma, { recruiterAgentId: w.md.id, scheduleLevelId: w.schedule.levels[0]!.scheduleLevelId });
    await prisma.appointmentLink.update({ where: { appointmentLinkId: disabled.appointmentLinkId }, data: { isEnabled: false } });
    expect(await inviteContext(prisma, asUser(w.mdUser), { link: `${disabled.linkPrefix}${disabled.code}` })).toEqual({ ok: false, status: 404, dialog: APPOINTMENT_LINK_NOT_FOUND });
  });

  it("'Schedule Doc Unavailable' when a chosen level has no document: nothing is sent", async () => {
    const block = await prisma.block.findUniqueOrThrow({ where: { blockNumber: w.md.blockNumber } });
    const bare = await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH" });
    const link = await createAppointmentLink(prisma, { recruiterAgentId: w.md.id, scheduleLevelId: bare.levels[0]!.scheduleLevelId });
    const c = await inviteContext(prisma, asUser(w.mdUser), { link: `${link.linkPrefix}${link.code}` });
    expect(c.ok && c.context.warning).toEqual(SCHEDULE_DOC_UNAVAILABLE);
    const r = await sendInvitation(asUser(w.mdUser), { link: `${link.linkPrefix}${link.code}` }, form());
    expect(r).toEqual({ ok: false, status: 400, dialog: SCHEDULE_DOC_UNAVAILABLE });
  });

  it("another recruiter's invitation or links answer 404 on the routes (IDOR)", async () => {
    const theirs = await createInvitation(prisma, { inviterUserId: w.otherUser.id, inviterAgentId: w.other.id, appointmentLinkId: w.otherLink.appointmentLinkId, inviteText: "<p>secret</p>" });
    const cookie = await signedIn(w.mdUser.id);
    expect(await statusOf(inviteLoader({ request: page(cookie, `/invite?existing=${theirs.invitationId}`), params: {}, context: {} }))).toBe(404);
    expect(await statusOf(inviteLoader({ request: page(cookie, `/invite?links=MLT${w.otherMulti.code}`), params: {}, context: {} }))).toBe(404);
    expect(await statusOf(invitesLoader({ request: page(cookie, `/invites?view=${theirs.invitationId}`), params: {}, context: {} }))).toBe(404);
    const body = new URLSearchParams({ firstName: "A", lastName: "B", email: "a@b.co", templateId: String(w.defaultTemplate.corrTemplateId), body: "<p>x</p>", confirm: "yes", formToken: crypto.randomUUID() });
    const post = (path: string) =>
      page(cookie, path, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(await statusOf(inviteAction({ request: post(`/invite?existing=${theirs.invitationId}`), params: {}, context: {} }))).toBe(404);
    expect(await statusOf(inviteAction({ request: post(`/invite?link=${w.otherLink.linkPrefix}${w.otherLink.code}`), params: {}, context: {} }))).toBe(404);
    expect(await prisma.invitation.count({ where: { inviterUserId: w.mdUser.id, prospectEmailAddress: "a@b.co" } })).toBe(0);
    // The other recruiter's text never left the database through these answers.
    const mine = await listInvitations(w.mdUser, { page: 0, pageSize: 50, hideAppointed: false });
    expect(mine.rows.some((r) => r.invitationId === theirs.invitationId)).toBe(false);
  });
});

describe("sending", () => {
  it("stores the invitation (sanitized, merged) and queues one job per double submit", async () => {
    const f = form();
    const [a, b] = await Promise.all([
      sendInvitation(asUser(w.mdUser), { links: `MLT${w.multi.code}` }, f),
      sendInvitation(asUser(w.mdUser), { links: `MLT${w.multi.code}` }, f),
    ]);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.invitationId).toBe(b.invitationId);
    expect([a.duplicate, b.duplicate].sort()).toEqual([false, true]);
    const again = await sendInvitation(asUser(w.mdUser), { links: `MLT${w.multi.code}` }, f);
    expect(again).toMatchObject({ ok: true, duplicate: true, invitationId: a.invitationId });
    expect(await prisma.invitation.count({ where: { prospectEmailAddress: f.email } })).toBe(1);
    const inv = await prisma.invitation.findUniqueOrThrow({ where: { invitationId: a.invitationId } });
    expect(inv).toMatchObject({ status: "INVITED", inviteTypeCode: "INVTYP_MULTI", multiLinkId: w.multi.multiLinkId, inviterUserId: w.mdUser.id, inviterAgentId: w.md.id, ccEmailAddress: "boss@example.com" });
    expect(inv.inviteText).not.toMatch(/script|onclick|\[\[/);
    expect(inv.inviteText).toContain("<p>Dear Ada ,</p>");
    // The invited address rides along to prefill sign-up (decision 0096).
    expect(inv.inviteText).toContain(`/MLT${w.multi.code}?email=${encodeURIComponent(f.email.toLowerCase())}">`);
    expect(inv.inviteText).toContain(`<li>${w.md.firstName} ${w.md.lastName}</li>`);
    // The commission schedule documents, through the public /view page (decision 0022).
    const level5 = await prisma.scheduleLevel.findUniqueOrThrow({ where: { scheduleLevelId: w.link5.scheduleLevelId } });
    expect(inv.inviteText).toContain(`/view/${level5.documentId}">`);
    expect(inv.subject).toBe("Your invitation to join Morgan Agency with " + (await carrierName()));
    // Another recruiter posting the same token learns nothing and changes nothing.
    expect(await sendInvitation(asUser(w.otherUser), { links: `MLT${w.otherMulti.code}` }, f)).toMatchObject({ ok: false, status: 404 });
    const jobs = await jobsOf(a.invitationId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ key: `invitation:${a.invitationId}:${f.formToken}`, max_attempts: MAX_ATTEMPTS.mail });
  });

  it("the job sends HTML and text to the prospect, CC and a copy to the recruiter, through SMTP", async () => {
    const smtp = await startSmtp();
    try {
      const f = form();
      const r = await sendInvitation(asUser(w.mdUser), { link: `${w.link5.linkPrefix}${w.link5.code}` }, f);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const [job] = await jobsOf(r.invitationId);
      await withSmtp(smtp, async () => {
        await runJob(job!, 1);
        await runJob(job!, 2); // run again (a crash before completion): the delivery key sends nothing more
      });
      expect(smtp.received).toHaveLength(1);
      const m = smtp.received[0]!;
      expect(m.envelope.to.sort()).toEqual([f.email, "boss@example.com", w.mdUser.userName].sort());
      expect((m.parsed.to as { text: string }).text).toContain(f.email);
      expect(m.parsed.html).toContain(`${process.env.APP_URL ?? "http://localhost"}`.slice(0, 7));
      expect(m.parsed.html).toContain(`/${w.link5.linkPrefix}${w.link5.code}`);
      expect(m.parsed.html).toContain("<strong>Join</strong>");
      expect(m.parsed.text).toContain("Dear Ada");
      expect(m.parsed.text).toContain(`/${w.link5.linkPrefix}${w.link5.code}`);
      expect(m.parsed.replyTo?.text).toContain(w.mdUser.userName);
      const inv = await prisma.invitation.findUniqueOrThrow({ where: { invitationId: r.invitationId } });
      expect(inv.status).toBe("INVITED");
      expect(inv.mailMessageId).not.toBeNull();
    } finally {
      await smtp.close();
    }
  });

  it("a send that fails every attempt marks the invitation SEND_FAILED (shown in the list)", async () => {
    const smtp = await startSmtp({ reject: true });
    try {
      const f = form({ firstName: "Failing" });
      const r = await sendInvitation(asUser(w.mdUser), { link: `${w.link7.linkPrefix}${w.link7.code}` }, f);
      if (!r.ok) throw new Error("not sent");
      const [job] = await jobsOf(r.invitationId);
      await withSmtp(smtp, async () => {
        await expect(runJob(job!, 1)).rejects.toThrow();
        expect((await prisma.invitation.findUniqueOrThrow({ where: { invitationId: r.invitationId } })).status).toBe("INVITED");
        await expect(runJob(job!, MAX_ATTEMPTS.mail)).rejects.toThrow();
      });
      expect((await prisma.invitation.findUniqueOrThrow({ where: { invitationId: r.invitationId } })).status).toBe("SEND_FAILED");
      const list = await listInvitations(w.mdUser, { page: 0, pageSize: 50, hideAppointed: true });
      expect(list.rows.find((row) => row.invitationId === r.invitationId)?.status).toBe("SEND_FAILED");
      // Sending it again (existing) makes it INVITED with a new job.
      const again = await sendInvitation(asUser(w.mdUser), { existing: String(r.invitationId) }, form({ firstName: "Ignored", formToken: crypto.randomUUID() }));
      expect(again).toMatchObject({ ok: true, invitationId: r.invitationId, duplicate: false });
      const inv = await prisma.invitation.findUniqueOrThrow({ where: { invitationId: r.invitationId } });
      expect(inv.status).toBe("INVITED");
      expect(inv.prospectFirstName).toBe("Failing");
      expect(await jobsOf(r.invitationId)).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  it("the route sends after the confirmation and goes to Past Invitations", async () => {
    const cookie = await signedIn(w.mdUser.id);
    const token = crypto.randomUUID();
    const fields = { firstName: "Route", lastName: "Prospect", email: "route.prospect@example.com", templateId: String(w.defaultTemplate.corrTemplateId), body: "<p>Hi [[ProspectFirstName]]</p>", formToken: token };
    const post = (extra: Record<string, string>) =>
      inviteAction({
        request: page(cookie, `/invite?links=MLT${w.multi.code}`, { method: "POST", body: new URLSearchParams({ ...fields, ...extra }), headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
        params: {},
        context: {},
      });
    expect(await statusOf(post({}))).toBe(400); // not confirmed
    expect(await prisma.invitation.count({ where: { prospectEmailAddress: "route.prospect@example.com" } })).toBe(0);
    const sent = (await post({ confirm: "yes" })) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/invites?sent=1");
    const twice = (await post({ confirm: "yes" })) as Response;
    expect(twice.headers.get("Location")).toBe("/invites?sent=1");
    expect(await prisma.invitation.count({ where: { prospectEmailAddress: "route.prospect@example.com" } })).toBe(1);
  });
});

describe("issue 20: merge fields in links, empty text, preview", () => {
  const postForm = (cookie: string, path: string, fields: Record<string, string>) =>
    inviteAction({
      request: page(cookie, path, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
      params: {},
      context: {},
    }) as unknown as Promise<Answer>;
  type Answer = {
    status?: number;
    data: { outcome: string; reply: { error: Record<string, string[]> }; preview: { to: string; subject: string; html: string } };
    init: { status: number } | null;
  };
  const fieldsFor = (email: string, body: string) => ({
    firstName: "Lina",
    lastName: "Linked",
    email,
    templateId: String(w.defaultTemplate.corrTemplateId),
    body,
    confirm: "yes",
    formToken: crypto.randomUUID(),
  });

  it("a merge field in a link's address gives the bare URL, in text the anchor", async () => {
    const f = form({ body: '<p><a href="[[AppointmentLink]]">Click here to start</a></p><p>Or: [[AppointmentLink]]</p><p><a href="mailto:[[RecruiterEmail]]">Write to me</a></p>' });
    const r = await sendInvitation(asUser(w.mdUser), { link: `${w.link5.linkPrefix}${w.link5.code}` }, f);
    expect(r.ok).toBe(true);
    const inv = await prisma.invitation.findFirstOrThrow({ where: { prospectEmailAddress: f.email } });
    // The invited address rides along to prefill sign-up (decision 0096).
    const url = `${env().appUrl}/${w.link5.linkPrefix}${w.link5.code}?email=${encodeURIComponent(f.email.toLowerCase())}`;
    expect(inv.inviteText).toContain(`<p><a href="${url}">Click here to start</a></p>`);
    expect(inv.inviteText).toContain(`<p>Or: <a href="${url}">${url}</a></p>`);
    expect(inv.inviteText).toContain(`<a href="mailto:${encodeURIComponent(w.md.email!)}">Write to me</a>`);
    expect(inv.inviteText).not.toContain("&lt;a");
  });

  it("a text with nothing visible once sanitized (or merged) is refused next to the body: nothing stored, nothing queued", async () => {
    const cookie = await signedIn(w.mdUser.id);
    const path = `/invite?links=MLT${w.multi.code}`;
    for (const [i, body] of ["<script>alert(1)</script>", "<p>&nbsp;</p><style>p{}</style>", "<p>[[NoSuchField]]</p>", '<p><img src="javascript:alert(1)"></p>'].entries()) {
      const email = `empty${i}.${randomCode(6).toLowerCase()}@example.com`;
      const res = await postForm(cookie, path, fieldsFor(email, body));
      expect(res instanceof Response ? res.status : res.init?.status, body).toBe(400);
      const reply = res.data;
      expect(reply.outcome, body).toBe("invalid");
      expect(reply.reply.error.body, body).toEqual([INVITE_MESSAGES.bodyRequired]);
      expect(await prisma.invitation.count({ where: { prospectEmailAddress: email } }), body).toBe(0);
    }
  });

  it("the job sends nothing for a stored text that shows nothing, and the invitation says Send failed, not Invited", async () => {
    const smtp = await startSmtp();
    try {
      const inv = await createInvitation(prisma, { inviterUserId: w.mdUser.id, inviterAgentId: w.md.id, appointmentLinkId: w.link5.appointmentLinkId, inviteText: "<p>&nbsp;</p>", status: "INVITED" });
      const job = { id: "0", key: `invitation:${inv.invitationId}:x`, attempts: 1, max_attempts: MAX_ATTEMPTS.mail, payload: { invitationId: inv.invitationId } };
      await withSmtp(smtp, () => runJob(job, 1));
      expect(smtp.received).toHaveLength(0);
      expect((await prisma.invitation.findUniqueOrThrow({ where: { invitationId: inv.invitationId } })).status).toBe("SEND_FAILED");
    } finally {
      await smtp.close();
    }
  });

  it("PREVIEW answers the merged, sanitized message for the prospect; nothing is stored or queued; it validates like SEND", async () => {
    const cookie = await signedIn(w.mdUser.id);
    const path = `/invite?links=MLT${w.multi.code}`;
    const email = `preview.${randomCode(6).toLowerCase()}@example.com`;
    const jobsBefore = await prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM graphile_worker._private_jobs`;
    const { confirm: _unconfirmed, ...fields } = fieldsFor(email, '<p onclick="x()">Hi [[ProspectFirstName]], <a href="[[AppointmentLink]]">start here</a></p><script>alert(1)</script>');
    const res = await postForm(cookie, path, { ...fields, intent: "preview" });
    expect(res.data.outcome).toBe("preview");
    const url = `${env().appUrl}/MLT${w.multi.code}?email=${encodeURIComponent(email)}`;
    expect(res.data.preview).toEqual({
      to: email,
      subject: "Your invitation to join Morgan Agency with " + (await carrierName()),
      html: `<p>Hi Lina, <a href="${url}">start here</a></p>`,
    });
    expect(await prisma.invitation.count({ where: { prospectEmailAddress: email } })).toBe(0);
    expect(await prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM graphile_worker._private_jobs`).toEqual(jobsBefore);
    // The same rules as sending (but for the confirmation): a wrong address or an empty text is refused.
    const bad = await postForm(cookie, path, { ...fields, email: "user@localhost", intent: "preview" });
    expect(bad.data.outcome).toBe("invalid");
    expect(bad.data.reply.error.email).toEqual([INVITE_MESSAGES.emailInvalid]);
    const empty = await postForm(cookie, path, { ...fields, body: "<script>alert(1)</script>", intent: "preview" });
    expect(empty.data.reply.error.body).toEqual([INVITE_MESSAGES.bodyRequired]);
  });

  it("PREVIEW as an attacker: another recruiter's links, a repeated field, a body over the limit: refused, nothing merged or shown", async () => {
    const cookie = await signedIn(w.mdUser.id);
    const { confirm: _unconfirmed, ...fields } = fieldsFor(`probe.${randomCode(6).toLowerCase()}@example.com`, "<p>Hi [[AppointmentLink]]</p>");
    // The action's answer, or the Response it throws (a refusal before the form is read).
    const attempt = async (path: string, body: URLSearchParams) => {
      try {
        const a = (await inviteAction({
          request: page(cookie, path, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } }),
          params: {},
          context: {},
        })) as unknown as Answer & { data: { preview?: unknown } };
        return { status: a.init?.status ?? a.status ?? 200, preview: a.data?.preview };
      } catch (thrown) {
        if (thrown instanceof Response) return { status: thrown.status, preview: undefined };
        throw thrown;
      }
    };
    const foreign = await attempt(`/invite?links=MLT${w.otherMulti.code}`, new URLSearchParams({ ...fields, intent: "preview" }));
    expect(foreign).toEqual({ status: 404, preview: undefined });
    const path = `/invite?links=MLT${w.multi.code}`;
    const repeated = new URLSearchParams({ ...fields, intent: "preview" });
    repeated.append("email", "second@example.com");
    const twice = await attempt(path, repeated);
    expect(twice.status).toBe(400);
    expect(twice.preview).toBeUndefined();
    const huge = await attempt(path, new URLSearchParams({ ...fields, body: `<p>${"x".repeat(1_000_000)}</p>`, intent: "preview" }));
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.preview).toBeUndefined();
  });

  it("issue 23 item 4: no new link to an agent not in good order (message next to the email, nothing stored or queued); UNVERIFIED and IN_GOOD_ORDER agents are invited", async () => {
    const cookie = await signedIn(w.mdUser.id);
    const path = `/invite?links=MLT${w.multi.code}`;
    // Agents of another hierarchy, their standing written by the one writer (refreshStanding) from their records.
    await createCarrierWithBlocks(prisma, { carrierCode: "LRC", companyNumber: "LR01", blocks: [{ blockNumber: 9811, productTypeCode: "HEALTH" }] });
    const top = await createAgent(prisma, { blockNumber: 9811, companyNumber: "LR01", hierarchyLevel: 1 });
    const tag = randomCode(6).toLowerCase();
    const agentWith = async (name: string, over: Parameters<typeof createAgent>[1] = {}) =>
      createAgent(prisma, { parentId: top.id, email: `${name}.${tag}@example.com`, npn: `${name.length}${tag}`, licensedStates: ["TX"], ...over });
    const lapsed = await agentWith("lapsed");
    await createLicence(prisma, { npn: lapsed.npn!, stateCode: "TX", expiryDate: "2024-12-31" });
    await createCredential(prisma, { npn: lapsed.npn!, kind: "EO" });
    // Known by the login of its user (its own email column says something else).
    const login = await createUser(prisma, { userName: `no.eo.${tag}@example.com`, userRoleCode: "USRROLE_AGENT" });
    const noEo = await agentWith("noeo", { userId: login.id, email: `office.${tag}@example.com`, npn: `NOEO${tag}` });
    await createLicence(prisma, { npn: noEo.npn!, stateCode: "TX" });
    const unverified = await agentWith("unverified", { npn: `UNV${tag}` });
    const good = await agentWith("good", { npn: `GOOD${tag}` });
    await createLicence(prisma, { npn: good.npn!, stateCode: "TX" });
    await createCredential(prisma, { npn: good.npn!, kind: "EO" });
    const today = new Date().toISOString().slice(0, 10);
    const standings = await refreshStanding(prisma, [lapsed.id, noEo.id, unverified.id, good.id], today);
    expect(standings.map((s) => s.after.standing)).toEqual(["NOT_IN_GOOD_ORDER", "NOT_IN_GOOD_ORDER", "UNVERIFIED", "IN_GOOD_ORDER"]);

    const jobs = async () => Number((await prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM graphile_worker._private_jobs`)[0].n);
    const jobsBefore = await jobs();
    for (const email of [`LAPSED.${tag}@example.com`, `no.eo.${tag}@example.com`]) {
      for (const extra of [{ confirm: "yes" }, { intent: "preview" }] as Array<Record<string, string>>) {
        const { confirm: _c, ...fields } = fieldsFor(email, "<p>Hi [[ProspectFirstName]] [[AppointmentLink]]</p>");
        const res = await postForm(cookie, path, { ...fields, ...extra });
        expect(res.init?.status, email).toBe(400);
        expect(res.data.outcome).toBe("invalid");
        expect(res.data.reply.error.email).toEqual([LICENCE_MESSAGES.inviteeNotInGoodOrder]);
      }
      expect(await prisma.invitation.count({ where: { prospectEmailAddress: email.toLowerCase() } })).toBe(0);
    }
    expect(await jobs()).toBe(jobsBefore);

    for (const a of [unverified, good]) {
      const r = await sendInvitation(asUser(w.mdUser), { links: `MLT${w.multi.code}` }, form({ email: a.email! }));
      expect(r, a.email!).toMatchObject({ ok: true, duplicate: false });
      if (r.ok) expect(await jobsOf(r.invitationId)).toHaveLength(1);
    }
  });
});

describe("re-sending", () => {
  it("an invitation of one of the user's positions (imported, no sender) can be re-sent; names and template stay", async () => {
    const imported = await createInvitation(prisma, { inviterAgentId: w.child.id, appointmentLinkId: w.childLink.appointmentLinkId, prospectFirstName: "Old", isExternal: true });
    const r = await sendInvitation(asUser(w.childUser), { existing: String(imported.invitationId) }, form({ firstName: "New", templateId: 999_999 }));
    expect(r).toMatchObject({ ok: true, invitationId: imported.invitationId, duplicate: false });
    const inv = await prisma.invitation.findUniqueOrThrow({ where: { invitationId: imported.invitationId } });
    expect(inv).toMatchObject({ prospectFirstName: "Old", inviterUserId: w.childUser.id, isExternal: false, status: "INVITED" });
    expect(inv.inviteText).toContain("Dear Old");
    // Not the upline's: invitations are listed and opened by their sender only (the downline's are not), so 404.
    expect((await inviteContext(prisma, asUser(w.mdUser), { existing: String(imported.invitationId) })).ok).toBe(false);
  });
});

describe("templates and web-based invitations", () => {
  it("without JavaScript 'Use this template' answers the template's text and keeps the rest", async () => {
    const vb = await prisma.emailTemplate.findUniqueOrThrow({ where: { systemCode: "DFT_VB_INVITE" } });
    const cookie = await signedIn(w.mdUser.id);
    const res = (await inviteAction({
      request: page(cookie, `/invite?links=MLT${w.multi.code}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "template", templateId: String(vb.corrTemplateId), firstName: "Kept", body: "<p>old</p>" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context: {},
    })) as unknown as { data: { outcome: string; html: string; reply: { initialValue: Record<string, string> } } };
    expect(res.data.outcome).toBe("template");
    expect(res.data.html).toBe(vb.html);
    expect(res.data.reply.initialValue.firstName).toBe("Kept");
    // Another user's template is not offered.
    const theirs = await prisma.emailTemplate.create({ data: { userId: w.otherUser.id, name: "Theirs", description: "x", html: "<p>theirs</p>" } });
    const refused = (await inviteAction({
      request: page(cookie, `/invite?links=MLT${w.multi.code}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "template", templateId: String(theirs.corrTemplateId) }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context: {},
    })) as unknown as { init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(await sendInvitation(asUser(w.mdUser), { links: `MLT${w.multi.code}` }, form({ templateId: theirs.corrTemplateId }))).toMatchObject({ ok: false, status: 400 });
  });

  it("a web-based (2070) invitation makes the prospect's application web-based (APPTTYP_WVB)", async () => {
    const vb = await prisma.emailTemplate.findUniqueOrThrow({ where: { systemCode: "DFT_VB_INVITE" } });
    const f = form({ templateId: vb.corrTemplateId, body: vb.html });
    const sent = await sendInvitation(asUser(w.mdUser), { link: `${w.childLink.linkPrefix}${w.childLink.code}` }, f);
    expect(sent.ok).toBe(true);
    const prospect = await createUser(prisma, { userName: f.email, emailVerified: true, firstName: "Ada", lastName: "Prospect" });
    const ctx = await wizardContext(asUser(prospect), { link: `${w.childLink.linkPrefix}${w.childLink.code}` });
    expect(ctx.ok && ctx.context.flavour).toBe("VB");
    expect(ctx.ok && ctx.context.appointmentTypes.map((t) => t.code)).toContain("APPTTYP_WVB");
    const created = await createFromWizard(asUser(prospect), { link: `${w.childLink.linkPrefix}${w.childLink.code}`, appointmentTypeCode: "APPTTYP_WVB" });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const a = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: created.appointmentId } });
    expect(a).toMatchObject({ appointmentTypeCode: "APPTTYP_WVB", invitationFlavour: "VB" });
    const inv = await prisma.invitation.findFirstOrThrow({ where: { prospectEmailAddress: f.email } });
    expect(inv.status).toBe("ACCEPTED");
    // The back office approves: APPOINTED.
    expect(await prisma.$transaction((tx) => markInvitationAppointed(tx, a.appointmentId))).toBe(1);
    expect((await prisma.invitation.findUniqueOrThrow({ where: { invitationId: inv.invitationId } })).status).toBe("APPOINTED");
  });
});

describe("the list", () => {
  it("pages on the server, newest first, and hides appointed invitations by default", async () => {
    const user = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    const agent = await createAgent(prisma, { userId: user.id, hierarchyLevel: 1 });
    const link = await createAppointmentLink(prisma, { recruiterAgentId: agent.id, scheduleLevelId: w.schedule.levels[2]!.scheduleLevelId });
    for (let i = 0; i < 12; i++) {
      await createInvitation(prisma, {
        inviterAgentId: agent.id, // through the position (no inviterUserId): still theirs
        appointmentLinkId: link.appointmentLinkId,
        prospectFirstName: `P${i}`,
        inviteDate: new Date(Date.UTC(2026, 0, 1 + i)),
        status: i < 2 ? "APPOINTED" : "INVITED",
      });
    }
    const first = await listInvitations(user, { page: 0, pageSize: 10, hideAppointed: true });
    expect(first.totalRecords).toBe(10);
    expect(first.rows.map((r) => r.prospect.split(" ")[0])).toEqual(["P11", "P10", "P9", "P8", "P7", "P6", "P5", "P4", "P3", "P2"]);
    expect(first.rows[0]!.level).toBe(`${w.schedule.levels[2]!.levelNo} ${w.schedule.levels[2]!.levelName}`);
    const all = await listInvitations(user, { page: 1, pageSize: 10, hideAppointed: false });
    expect(all.totalRecords).toBe(12);
    expect(all.rows.map((r) => r.status)).toEqual(["APPOINTED", "APPOINTED"]);
    // Past the last page: the last page.
    expect((await listInvitations(user, { page: 9, pageSize: 10, hideAppointed: false })).page).toBe(1);

    const cookie = await signedIn(user.id);
    const data = async (q: string) => {
      const r = (await invitesLoader({ request: page(cookie, `/invites${q}`), params: {}, context: {} })) as { totalRecords: number; hideAppointed: boolean };
      return [r.totalRecords, r.hideAppointed];
    };
    expect(await data("")).toEqual([10, true]);
    expect(await data("?hide=0")).toEqual([12, false]); // unchecked box: only the hidden 0
    expect(await data("?hide=0&hide=1")).toEqual([10, true]); // checked box
  });
});

describe("accepted → APPOINTED", () => {
  it("markInvitationAppointed moves the appointment's invitation to APPOINTED", async () => {
    const prospect = await createUser(prisma, {});
    const inv = await createInvitation(prisma, { inviterUserId: w.mdUser.id, inviterAgentId: w.md.id, appointmentLinkId: w.link5.appointmentLinkId, status: "ACCEPTED", prospectUserId: prospect.id });
    const appt = await createAppointment(prisma, { userId: prospect.id, appointmentLinkId: w.link5.appointmentLinkId, invitationId: inv.invitationId, appointmentTypeCode: "APPTTYP_IND" });
    expect(await prisma.$transaction((tx) => markInvitationAppointed(tx, appt.appointmentId))).toBe(1);
    expect((await prisma.invitation.findUniqueOrThrow({ where: { invitationId: inv.invitationId } })).status).toBe("APPOINTED");
    expect(await prisma.$transaction((tx) => markInvitationAppointed(tx, appt.appointmentId))).toBe(0);
    expect(await prisma.$transaction((tx) => markInvitationAppointed(tx, 99_999_999))).toBe(0);
  });
});

async function carrierName() {
  const block = await prisma.block.findUniqueOrThrow({ where: { blockNumber: w.md.blockNumber }, include: { carrier: true } });
  void db;
  return block.carrier.name;
}
