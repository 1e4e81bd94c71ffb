// Links for a signed-in user (spec part 1 §4): each failure code of the
// link check, the marketing-director update statuses, the dashboard entry a
// link adds, and that a prospect cannot reach another recruiter's multi-link
// by its id alone.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { wizardContext, createFromWizard } from "~/features/appointment/create.server";
import { linkOnDashboard } from "~/features/dashboard/home.server";
import { updateMarketingDirector, validateLink } from "~/features/links/links.server";
import { useTestDatabase } from "../support/db";
import { upsertUserFromClaims } from "~/lib/auth.server";
import { createAgent, createAppointmentLink, createInvitation, createSchedule, randomCode } from "../support/factories";
import { asUser, makeWorld, newProspect, req, type World } from "./appointment-fixtures";

useTestDatabase();

let world: World;
beforeAll(async () => {
  world = await makeWorld();
});

async function link(over: { isDeleted?: boolean; isEnabled?: boolean; linkPrefix?: "APL" | "MD"; recruiterAgentId?: number; scheduleLevelId?: number } = {}) {
  const l = await createAppointmentLink(prisma, {
    recruiterAgentId: over.recruiterAgentId ?? world.md.id,
    scheduleLevelId: over.scheduleLevelId ?? world.level5.scheduleLevelId,
    linkPrefix: over.linkPrefix,
  });
  if (over.isDeleted !== undefined || over.isEnabled !== undefined) {
    await prisma.appointmentLink.update({
      where: { appointmentLinkId: l.appointmentLinkId },
      data: { isDeleted: over.isDeleted ?? false, isEnabled: over.isEnabled ?? true },
    });
  }
  return `${over.linkPrefix ?? "APL"}${l.code}`;
}

describe("link check (GET user/link/{link})", () => {
  it("answers each failure code for its own reason, and valid for a usable link", async () => {
    expect(await validateLink(world.linkText)).toEqual({ isValid: true });
    expect(await validateLink("APLNOSUCHLINK")).toEqual({ isValid: false, failureReasonCode: "APPT_LINK_INVALID" });
    expect(await validateLink("MDNOSUCHLINK")).toEqual({ isValid: false, failureReasonCode: "MD_LINK_INVALID" });
    expect(await validateLink(await link({ isDeleted: true }))).toEqual({ isValid: false, failureReasonCode: "APPT_LINK_DELETED" });
    expect(await validateLink(await link({ isEnabled: false }))).toEqual({ isValid: false, failureReasonCode: "APPT_LINK_INVALID" });

    const block = await prisma.block.findUniqueOrThrow({ where: { blockNumber: world.md.blockNumber } });
    const inactive = await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH" });
    await prisma.commissionSchedule.update({ where: { scheduleId: inactive.scheduleId }, data: { isActive: false } });
    const schedLink = await link({ scheduleLevelId: inactive.levels[0]!.scheduleLevelId });
    expect(await validateLink(schedLink)).toEqual({ isValid: false, failureReasonCode: "SCHED_INACTIVE" });

    const gone = await createAgent(prisma, { hierarchyLevel: 2 });
    await prisma.agent.update({ where: { id: gone.id }, data: { isActive: false } });
    expect(await validateLink(await link({ recruiterAgentId: gone.id }))).toEqual({ isValid: false, failureReasonCode: "AGENT_LINK_INVALID" });

    const multi = await prisma.multiLink.create({
      data: { code: randomCode(), items: { create: [{ appointmentLinkId: world.link.appointmentLinkId, sortOrder: 1 }] } },
    });
    expect(await validateLink(`MLT${multi.code}`)).toEqual({ isValid: true });
    expect(await validateLink("MLTNOSUCHLINK")).toEqual({ isValid: false, failureReasonCode: "APPT_LINK_INVALID" });
  });
});

describe("dashboard link (?lnk=)", () => {
  it("adds a NEW entry for a usable link, 'Already Configured' once the application exists", async () => {
    const prospect = asUser(await newProspect());
    const first = await linkOnDashboard(prospect, world.linkText, req("/home"));
    expect(first).toMatchObject({ kind: "entry", entry: { link: world.linkText, appointmentLinkId: world.link.appointmentLinkId } });
    const created = await createFromWizard(prospect, { link: world.linkText, appointmentTypeCode: "APPTTYP_IND" });
    expect(created.ok).toBe(true);
    expect(await linkOnDashboard(prospect, world.linkText, req("/home"))).toEqual({ kind: "alreadyConfigured" });
    expect(await linkOnDashboard(prospect, "APLNOSUCHLINK", req("/home"))).toEqual({ kind: "invalid", failureReasonCode: "APPT_LINK_INVALID" });
    expect(await linkOnDashboard(prospect, "USRANYTHING", req("/home"))).toEqual({ kind: "none" });
  });
});

describe("marketing-director update (POST user/updateMD)", () => {
  it("assigns a free MD position once; never twice, never across organizations, never with a wrong link", async () => {
    const position = await createAgent(prisma, { hierarchyLevel: 1 });
    const mdLink = await link({ linkPrefix: "MD", recruiterAgentId: position.id });
    const user = asUser(await newProspect());
    expect(await updateMarketingDirector(user, world.linkText)).toEqual({ isUpdated: false, status: "WRONG_MD_UPDATE_LINK" });
    expect(await updateMarketingDirector(user, "MDNOSUCHLINK")).toEqual({ isUpdated: false, status: "WRONG_MD_UPDATE_LINK" });
    expect(await updateMarketingDirector(user, mdLink)).toEqual({ isUpdated: true });
    const after = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.userRoleCode).toBe("USRROLE_MD");
    expect((await prisma.agent.findUniqueOrThrow({ where: { id: position.id } })).userId).toBe(user.id);
    const other = asUser(await newProspect());
    expect(await updateMarketingDirector(other, mdLink)).toEqual({ isUpdated: false, status: "CANNOT_ASSIGN_MD_TWICE" });

    // A user holding a position in another company cannot take this one.
    const elsewhere = await createAgent(prisma, { hierarchyLevel: 1 });
    const foreign = asUser(await newProspect());
    const company = await prisma.company.create({ data: { companyNumber: `C${randomCode(5)}`, name: "Other Org" } });
    await prisma.agent.update({ where: { id: elsewhere.id }, data: { userId: foreign.id, companyNumber: company.companyNumber } });
    const freePosition = await createAgent(prisma, { hierarchyLevel: 1 });
    const freeLink = await link({ linkPrefix: "MD", recruiterAgentId: freePosition.id });
    expect(await updateMarketingDirector(foreign, freeLink)).toEqual({ isUpdated: false, status: "NOT_IN_SAME_ORG" });
    expect((await prisma.agent.findUniqueOrThrow({ where: { id: freePosition.id } })).userId).toBeNull();
  });
});

describe("another recruiter's multi-link", () => {
  it("is not reachable in the wizard by changing the multiLinkId without its code", async () => {
    const multi = await prisma.multiLink.create({
      data: { code: randomCode(), items: { create: [{ appointmentLinkId: world.link.appointmentLinkId, sortOrder: 1 }] } },
    });
    const prospect = asUser(await newProspect());
    const byId = await wizardContext(prospect, { link: "", multiLinkId: multi.multiLinkId });
    expect(byId.ok).toBe(false);
    const created = await createFromWizard(prospect, { link: "", multiLinkId: multi.multiLinkId, appointmentTypeCode: "APPTTYP_IND" });
    expect(created.ok).toBe(false);
    expect(await prisma.appointment.count({ where: { userId: prospect.id } })).toBe(0);
    // With the code it works.
    expect((await wizardContext(prospect, { link: `MLT${multi.code}`, multiLinkId: multi.multiLinkId })).ok).toBe(true);
  });
});

describe("claiming an invitation", () => {
  it("attaches the invitation to the account signing in with the invited email, only once the email is verified", async () => {
    const email = `claim-${randomCode(6).toLowerCase()}@example.com`;
    const inv = await createInvitation(prisma, { appointmentLinkId: world.link.appointmentLinkId, prospectEmailAddress: email, status: "INVITED" });
    const sub = `sub-claim-${randomCode(6)}`;
    const unverified = await upsertUserFromClaims({ sub, email, email_verified: false });
    expect((await prisma.invitation.findUniqueOrThrow({ where: { invitationId: inv.invitationId } })).prospectUserId).toBeNull();
    await upsertUserFromClaims({ sub, email, email_verified: true });
    expect((await prisma.invitation.findUniqueOrThrow({ where: { invitationId: inv.invitationId } })).prospectUserId).toBe(unverified.id);
  });
});
