// Issue 20, the links items (decision 0047).
// Item 3: a recruiter cannot appoint himself, nor anyone already in the
// schedule (app/features/appointment/can-be-appointed.server.ts). Every path:
// the link on the dashboard (?lnk=), a cart's multi-link, the wizard, the
// paper application (the cart's apply mode) and the invitation send form (own
// address with case and whitespace variants).
// Item 9: malformed links (bare prefix, too long, mistyped prefix, pasted
// whitespace) reach the welcome ERROR state or the trimmed link, not 404.
// Item 22: a prospect who came with an APL link sees its entry on plain /home.
// Item 9: a multi-link of two schedules at the same level reads differently
// per line on the dashboard, in the invitations list and in the email.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFromWizard, wizardContext } from "~/features/appointment/create.server";
import { createPaperAppointment } from "~/features/appointment/paper-create.server";
import { PAPER_FAILURES } from "~/features/appointment/paper-create.server";
import { OWN_EMAIL, SAME_SCHEDULE_TWICE } from "~/features/invitations/messages";
import { listInvitations } from "~/features/invitations/invitations.server";
import { sendInvitation } from "~/features/invitations/send.server";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { createSession } from "~/lib/session.server";
import { loader as linkLoader } from "~/routes/$lnk";
import { loader as homeLoader } from "~/routes/home";
import type { InviteForm } from "~/features/invitations/schema";
import { addToCart, applyCart, sendCart } from "~/features/links/cart.server";
import { linkDialog, linkOnDashboard } from "~/features/dashboard/home.server";
import { ALREADY_CONFIGURED_TITLE, SAME_SCHEDULE_TWICE_MESSAGE } from "~/features/links/messages";
import { prisma } from "~/lib/db.server";
import { stopWorker } from "~/lib/jobs.server";
import { ensureCommissionScheduleDocuments } from "../../prisma/seed/documents";
import { useTestDatabase } from "../support/db";
import { createAgent, createAppointment, createAppointmentLink, createSchedule, createUser, randomCode } from "../support/factories";
import { asUser, makeWorld, newProspect, req, type World } from "./appointment-fixtures";

useTestDatabase();

let world: World;
let agentUser: Awaited<ReturnType<typeof createUser>>;
let agent: Awaited<ReturnType<typeof createAgent>>;
let agentLink: string;
let agentLinkId: number;
let template: number;

beforeAll(async () => {
  world = await makeWorld();
  await ensureCommissionScheduleDocuments(prisma);
  // agent@: an approved level-4 agent under the director, with his own link (level 6) of the same schedule.
  agentUser = await createUser(prisma, { userRoleCode: "USRROLE_AGENT", firstName: "Avery", lastName: "Agent" });
  agent = await createAgent(prisma, { userId: agentUser.id, parentId: world.md.id, hierarchyLevel: 4 });
  const level6 = world.schedule.levels.find((l) => l.levelNo === 6)!;
  const l = await createAppointmentLink(prisma, { recruiterAgentId: agent.id, scheduleLevelId: level6.scheduleLevelId });
  agentLink = `APL${l.code}`;
  agentLinkId = l.appointmentLinkId;
  template = (await prisma.emailTemplate.findUniqueOrThrow({ where: { systemCode: "DFT_MLT_INVITE" } })).corrTemplateId;
}, 60_000);

afterAll(async () => {
  await stopWorker();
});

const appointmentsOf = (userId: string) => prisma.appointment.count({ where: { userId } });

describe("a person already in the schedule cannot be appointed through a link (AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE)", () => {
  it("the recruiter opening his own link: 'Already Configured' on the dashboard, the wizard refuses, nothing is created", async () => {
    const me = asUser(agentUser);
    const outcome = await linkOnDashboard(me, agentLink, req("/home"));
    expect(outcome).toEqual({ kind: "alreadyConfigured", sameScheduleTwice: true });
    expect(linkDialog(outcome)).toMatchObject({ title: ALREADY_CONFIGURED_TITLE, message: SAME_SCHEDULE_TWICE_MESSAGE });
    expect(await wizardContext(me, { link: agentLink })).toMatchObject({ ok: false, title: ALREADY_CONFIGURED_TITLE });
    expect(await createFromWizard(me, { link: agentLink, appointmentTypeCode: "APPTTYP_IND" })).toMatchObject({ ok: false, title: ALREADY_CONFIGURED_TITLE });
    expect(await appointmentsOf(agentUser.id)).toBe(0);
  });

  it("his upline's link of his own level, and a cart's multi-link of his own links: refused too", async () => {
    const me = asUser(agentUser);
    expect(await linkOnDashboard(me, world.linkText, req("/home"))).toEqual({ kind: "alreadyConfigured", sameScheduleTwice: true });
    expect((await createFromWizard(me, { link: world.linkText, appointmentTypeCode: "APPTTYP_IND" })).ok).toBe(false);
    // The cart: agent@ puts his own link in his cart and sends it (one line: ?link=, so make a two-line one).
    const level7 = world.schedule.levels.find((l) => l.levelNo === 7)!;
    const other = await prisma.commissionSchedule.create({
      data: { scheduleName: "Supplemental", carrierId: world.schedule.carrierId, mgaCode: world.schedule.mgaCode, productTypeId: world.schedule.productTypeId, levels: { create: [{ levelNo: 7, levelName: "Writing Agent" }] } },
      include: { levels: true },
    });
    const l7 = await createAppointmentLink(prisma, { recruiterAgentId: agent.id, scheduleLevelId: level7.scheduleLevelId });
    const s7 = await createAppointmentLink(prisma, { recruiterAgentId: agent.id, scheduleLevelId: other.levels[0]!.scheduleLevelId });
    expect((await addToCart(me, l7.appointmentLinkId)).ok).toBe(true);
    expect((await addToCart(me, s7.appointmentLinkId)).ok).toBe(true);
    const sent = await sendCart(me);
    expect(sent.ok).toBe(true);
    const mlt = decodeURIComponent((sent as { url: string }).url).match(/MLT[A-Z0-9]+/)![0];
    expect(await linkOnDashboard(me, mlt, req("/home"))).toEqual({ kind: "alreadyConfigured", sameScheduleTwice: true });
    expect((await createFromWizard(me, { link: mlt, appointmentTypeCode: "APPTTYP_IND" })).ok).toBe(false);
    expect(await appointmentsOf(agentUser.id)).toBe(0);
  });

  it("a prospect with an approved application in the schedule (another link): refused; a new prospect is not", async () => {
    const approved = await newProspect();
    await createAppointment(prisma, { userId: approved.id, appointmentLinkId: agentLinkId, appointmentStatusCode: "APWF_STATUS_APPROVED", prospectEmailAddress: approved.userName });
    expect(await linkOnDashboard(asUser(approved), world.linkText, req("/home"))).toEqual({ kind: "alreadyConfigured", sameScheduleTwice: true });
    expect((await createFromWizard(asUser(approved), { link: world.linkText, appointmentTypeCode: "APPTTYP_IND" })).ok).toBe(false);

    const fresh = asUser(await newProspect());
    expect(await linkOnDashboard(fresh, world.linkText, req("/home"))).toMatchObject({ kind: "entry" });
    const created = await createFromWizard(fresh, { link: world.linkText, appointmentTypeCode: "APPTTYP_IND" });
    expect(created.ok).toBe(true);
    // Their own application of this link opens again (idempotent), it does not refuse them.
    expect(await createFromWizard(fresh, { link: world.linkText, appointmentTypeCode: "APPTTYP_IND" })).toMatchObject({ ok: true, created: false });
    expect(await wizardContext(fresh, { link: world.linkText })).toMatchObject({ ok: true });
  });
});

describe("paper applications and the cart's apply mode", () => {
  it("the recruiter's own address (any case, surrounding spaces) is 'You Cannot Use Your Email'; a downline agent's address is AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE", async () => {
    const md = asUser(world.mdUser);
    const own = await createPaperAppointment(md, { link: world.linkText, emailAddress: `  ${world.mdUser.userName.toUpperCase()} `, apptTypeCode: "APPTTYP_IND" });
    expect(own).toMatchObject({ ok: false, code: "OWN_EMAIL", message: "You Cannot Use Your Email" });
    const downline = await createPaperAppointment(md, { link: world.linkText, emailAddress: agentUser.userName, apptTypeCode: "APPTTYP_IND" });
    expect(downline).toMatchObject({ ok: false, code: "AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE", message: PAPER_FAILURES.AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE });

    // agent@'s cart, apply mode, for his own address: refused, the cart kept.
    const me = asUser(agentUser);
    expect((await addToCart(me, agentLinkId)).ok).toBe(true);
    const applied = await applyCart(me, { email: ` ${agentUser.userName.toUpperCase()}`, apptTypeCode: "APPTTYP_IND" });
    expect(applied).toMatchObject({ ok: false, dialog: { title: "Cannot Create Appointment", message: "You Cannot Use Your Email" } });
    expect(await prisma.cartItem.count({ where: { userId: agentUser.id } })).toBe(1);
    expect(await prisma.appointment.count({ where: { prospectEmailAddress: agentUser.userName } })).toBe(0);
  });
});

describe("invitations", () => {
  const form = (email: string): InviteForm => ({
    firstName: "Ada",
    lastName: "Prospect",
    email,
    templateId: template,
    body: "<p>Join [[AppointmentLink]]</p>",
    confirm: "yes",
    formToken: crypto.randomUUID(),
  });

  it("to the sender's own address (case, spaces) or to someone already in the schedule: refused next to the email, nothing stored", async () => {
    const me = asUser(agentUser);
    const before = await prisma.invitation.count();
    for (const email of [agentUser.userName, agentUser.userName.toUpperCase(), ` ${agentUser.userName} `]) {
      const r = await sendInvitation(me, { link: agentLink }, form(email));
      expect(r).toEqual({ ok: false, status: 400, dialog: OWN_EMAIL, field: "email", fieldMessage: "You Cannot Use Your Email" });
    }
    // The director invites his downline agent into the schedule the agent is already in.
    const downline = await sendInvitation(asUser(world.mdUser), { link: world.linkText }, form(agentUser.userName));
    expect(downline).toMatchObject({ ok: false, status: 400, dialog: SAME_SCHEDULE_TWICE, field: "email" });
    expect(await prisma.invitation.count()).toBe(before);
    const ok = await sendInvitation(me, { link: agentLink }, form(`new.${randomCode(6).toLowerCase()}@example.com`));
    expect(ok).toMatchObject({ ok: true });
  });
});

describe("a multi-link of two schedules at the same level (item 9)", () => {
  it("names each line's schedule on the dashboard, in the invitations list and in the email's link rows", async () => {
    const block = await prisma.block.findUniqueOrThrow({ where: { blockNumber: world.md.blockNumber } });
    const advantage = await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH", scheduleName: "Advantage" });
    const supplemental = await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH", scheduleName: "Supplemental" });
    await ensureCommissionScheduleDocuments(prisma);
    const at8 = (s: typeof advantage) => s.levels.find((l) => l.levelNo === 8)!.scheduleLevelId;
    const a = await createAppointmentLink(prisma, { recruiterAgentId: world.md.id, scheduleLevelId: at8(advantage) });
    const b = await createAppointmentLink(prisma, { recruiterAgentId: world.md.id, scheduleLevelId: at8(supplemental) });
    const md = asUser(world.mdUser);
    expect((await addToCart(md, a.appointmentLinkId)).ok).toBe(true);
    expect((await addToCart(md, b.appointmentLinkId)).ok).toBe(true);
    const sent = await sendCart(md);
    const mlt = decodeURIComponent((sent as { url: string }).url).match(/MLT[A-Z0-9]+/)![0];

    const prospect = await newProspect();
    const r = await sendInvitation(md, { links: mlt }, {
      firstName: "Ada",
      lastName: "Prospect",
      email: prospect.userName,
      templateId: template,
      body: "<p>[[AppointmentLinkRows]]</p>",
      confirm: "yes",
      formToken: crypto.randomUUID(),
    });
    expect(r.ok).toBe(true);

    const differ = (lines: string[]) => {
      expect(lines).toHaveLength(2);
      expect(lines[0]).not.toBe(lines[1]);
      expect(lines[0]).toContain("Advantage");
      expect(lines[1]).toContain("Supplemental");
    };
    const dashboard = await getDashboard(asUser(prospect));
    differ(dashboard.entries.find((e) => e.href.includes(mlt))!.lines);
    const outcome = await linkOnDashboard(asUser(prospect), mlt, req("/home"));
    differ((outcome as { entry: { lines: string[] } }).entry.lines);
    const list = await listInvitations(md, { page: 0, pageSize: 50, hideAppointed: false });
    differ(list.rows.find((row) => row.prospectEmail === prospect.userName)!.level.split(", "));
    const inv = await prisma.invitation.findUniqueOrThrow({ where: { invitationId: (r as { invitationId: number }).invitationId } });
    const rows = [...inv.inviteText!.matchAll(/<tr>(.*?)<\/tr>/g)].slice(1).map((m) => m[1]!.replace(/<[^>]+>/g, " "));
    differ(rows);
  });
});

/** A loader's answer: its data, or the Response it threw (redirect, 404). */
async function run(loader: (args: never) => unknown, path: string, params: Record<string, string>, cookie = "") {
  const request = new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    const r = (await loader({ request, params, context: {} } as never)) as { data?: unknown; init?: { headers?: Record<string, string> } };
    return r && typeof r === "object" && "init" in r && "data" in r ? { data: r.data as Record<string, unknown>, setCookie: r.init?.headers?.["Set-Cookie"] ?? null } : { data: r as Record<string, unknown>, setCookie: null };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, location: e.headers.get("Location") };
    throw e;
  }
}

describe("malformed links on the welcome page (item 9)", () => {
  it("a bare prefix, an over-long link and a mistyped prefix show the ERROR state; pasted whitespace is trimmed; anything else is 404", async () => {
    const code = world.linkText.slice(3);
    for (const raw of ["APL", "apl", `APL${"A".repeat(70)}`, `APK${code}`, `XYZ${code}`, "MD"]) {
      const r = await run(linkLoader, `/${encodeURIComponent(raw)}`, { lnk: raw });
      expect(r, raw).toMatchObject({ data: { state: "ERROR" } });
      expect((r as unknown as { data: { linkFailure: string } }).data.linkFailure, raw).toMatch(/invalid/);
    }
    // A link pasted with a trailing space (%20): to the link itself.
    expect(await run(linkLoader, `/${world.linkText}%20`, { lnk: `${world.linkText} ` })).toEqual({ status: 302, location: `/${world.linkText}` });
    // An unknown but well-formed link is the ERROR state as before.
    expect(await run(linkLoader, "/APLNOSUCHLINK2345678", { lnk: "APLNOSUCHLINK2345678" })).toMatchObject({ data: { state: "ERROR" } });
    for (const raw of ["definitely-not-a-link", "favicon.png", "about"]) {
      expect(await run(linkLoader, `/${raw}`, { lnk: raw }), raw).toMatchObject({ status: 404 });
    }
  });
});

describe("a prospect who came with an APL link opens plain /home (item 22)", () => {
  it("still sees the link's NEW entry, not 'No Apps or Invitations Found'; only in their own session", async () => {
    const prospect = await newProspect();
    const session = (await createSession(new Request("http://localhost/"), { userId: prospect.id })).split(";")[0]!;
    const first = await run(homeLoader, `/home?lnk=${world.linkText}`, {}, session);
    expect(first).toMatchObject({ data: { nothingFound: false } });
    const remembered = (first as unknown as { setCookie: string | null }).setCookie;
    expect(remembered).toBeTruthy();
    const cookies = `${session}; ${remembered!.split(";")[0]}`;
    const plain = await run(homeLoader, "/home", {}, cookies);
    expect(plain).toMatchObject({ data: { nothingFound: false, linkDialog: null } });
    expect((plain as unknown as { data: { entries: Array<{ href: string }> } }).data.entries.map((e) => e.href)).toEqual([`/wizard?link=${world.linkText}`]);
    // Another user in the same browser does not get it.
    const other = await newProspect();
    const otherSession = (await createSession(new Request("http://localhost/"), { userId: other.id })).split(";")[0]!;
    expect(await run(homeLoader, "/home", {}, `${otherSession}; ${remembered!.split(";")[0]}`)).toMatchObject({ data: { nothingFound: true } });
    // Once the wizard has made the application, the remembered link adds nothing (the application's entry stands).
    expect((await createFromWizard(asUser(prospect), { link: world.linkText, appointmentTypeCode: "APPTTYP_IND" })).ok).toBe(true);
    const after = await run(homeLoader, "/home", {}, cookies);
    expect((after as unknown as { data: { entries: Array<{ href: string }>; linkDialog: unknown } }).data).toMatchObject({ linkDialog: null });
    expect((after as unknown as { data: { entries: Array<{ href: string }> } }).data.entries.map((e) => e.href)).toEqual([expect.stringMatching(/^\/appoint\?id=/)]);
  });
});
