// Starting an application: the wizard (context, decline, idempotent creation,
// enrollRep, web-based flavours) and paper appointments by a recruiter.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { loadApplication } from "~/features/appointment/appointment.server";
import { createFromWizard, declineInvitation, wizardContext } from "~/features/appointment/create.server";
import { createPaperAppointment } from "~/features/appointment/paper-create.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createAppointmentLink, createInvitation, createSchedule, createUser, randomCode } from "../support/factories";
import { asUser, makeWorld, newProspect, type World } from "./appointment-fixtures";

useTestDatabase();

let world: World;
beforeAll(async () => {
  world = await makeWorld();
});

describe("wizard", () => {
  it("shows the recruiter, level and the longer instructions to a first-time applicant", async () => {
    const user = asUser(await newProspect());
    const r = await wizardContext(user, { link: world.linkText });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.context.recruiter.agentNumber).toBe(world.md.agentNumber);
    expect(r.context.recruiter.name).toBe(`${world.md.firstName} ${world.md.lastName}`);
    expect([r.context.levelNo, r.context.levelName]).toEqual([5, world.level5.levelName]);
    expect(r.context.enrollRep).toBe(false);
    expect(r.context.appointedBefore).toBe(false);
    expect(r.context.existingAppointmentId).toBeNull();
  });

  it("shows a multi-link invitation as one line per carrier and level, and creates one application for them all", async () => {
    const level7 = world.schedule.levels.find((l) => l.levelNo === 7)!;
    const link7 = await createAppointmentLink(prisma, { recruiterAgentId: world.md.id, scheduleLevelId: level7.scheduleLevelId });
    const multi = await prisma.multiLink.create({
      data: {
        code: randomCode(),
        items: { create: [{ appointmentLinkId: world.link.appointmentLinkId, sortOrder: 1 }, { appointmentLinkId: link7.appointmentLinkId, sortOrder: 2 }] },
      },
    });
    const user = asUser(await newProspect());
    const r = await wizardContext(user, { link: `MLT${multi.code}`, multiLinkId: multi.multiLinkId });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.context.isMulti).toBe(true);
    expect(r.context.lines.map((l) => [l.levelNo, l.levelName])).toEqual([
      [5, world.level5.levelName],
      [7, level7.levelName],
    ]);
    const created = await createFromWizard(user, { link: `MLT${multi.code}`, multiLinkId: multi.multiLinkId, appointmentTypeCode: "APPTTYP_IND" });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const a = await prisma.appointment.findUniqueOrThrow({
      where: { appointmentId: created.appointmentId },
      include: { carrierBlocks: { orderBy: { levelNo: "asc" } } },
    });
    expect(a.multiLinkId).toBe(multi.multiLinkId);
    expect(a.carrierBlocks.map((b) => b.levelNo)).toEqual([5, 7]);
    const view = await loadApplication(user, created.appointmentId);
    expect(view.header.isMulti).toBe(true);
    expect(view.header.lines).toHaveLength(2);
  });

  it("answers 'Wizard: System Error' without a link", async () => {
    const r = await wizardContext(asUser(await newProspect()), { link: "" });
    expect(r).toMatchObject({ ok: false, title: "Wizard: System Error", message: "Oops. Pardon our mistakes. Please start over from the home page..." });
    const bad = await wizardContext(asUser(await newProspect()), { link: "APLNOSUCHLINK" });
    expect(bad.ok).toBe(false);
  });

  it("creates the application once: a second creation for the same link returns the same id", async () => {
    const prospect = await newProspect({ phoneNumber: "(512) 555-0100" });
    const user = asUser(prospect);
    const invitation = await createInvitation(prisma, {
      appointmentLinkId: world.link.appointmentLinkId,
      inviterAgentId: world.md.id,
      inviterUserId: world.mdUser.id,
      prospectEmailAddress: prospect.userName,
    });
    const first = await createFromWizard(user, { link: world.linkText, appointmentTypeCode: "APPTTYP_IND" });
    const second = await createFromWizard(user, { link: world.linkText, appointmentTypeCode: "APPTTYP_CORP" });
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.appointmentId).toBe(first.appointmentId);
    expect(await prisma.appointment.count({ where: { userId: prospect.id } })).toBe(1);
    const a = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: first.appointmentId }, include: { carrierBlocks: true, personal: true } });
    expect(a).toMatchObject({
      appointmentStatusCode: "APWF_STATUS_INCOMPLETE",
      appointmentTypeCode: "APPTTYP_IND",
      invitationId: invitation.invitationId,
      recruiterAgentId: world.md.id,
      appointmentLinkId: world.link.appointmentLinkId,
      invitationFlavour: "STANDARD",
    });
    expect(a.carrierBlocks.map((b) => [b.scheduleLevelId, b.levelNo])).toEqual([[world.level5.scheduleLevelId, 5]]);
    // Prefilled from the signed-in profile.
    expect(a.personal).toMatchObject({ firstName: "Jordan", middleName: "Quinn", lastName: "Lee", emailAddress: prospect.userName, phoneNumber: "5125550100" });
    expect((await prisma.invitation.findUniqueOrThrow({ where: { invitationId: invitation.invitationId } })).status).toBe("ACCEPTED");
    const view = await loadApplication(user, first.appointmentId);
    expect(view.header.inviterAgentNumber).toBe(world.md.agentNumber);
    expect(view.header.lines[0]).toMatchObject({ levelNo: 5, levelName: world.level5.levelName });
    expect(view.data.commissions.signatures?.SIGTYP_COMSCHED_AGT).toBe("Jordan Q Lee");
    const again = await wizardContext(user, { link: world.linkText });
    expect(again).toMatchObject({ ok: true, context: { existingAppointmentId: first.appointmentId } });
  });

  it("fixes the type to representative for an enrollRep level and takes the web-based flavour from the invitation template", async () => {
    const block = await prisma.block.findUniqueOrThrow({ where: { blockNumber: world.md.blockNumber } });
    const repSchedule = await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH", enrollRep: true });
    const repLink = await createAppointmentLink(prisma, { recruiterAgentId: world.md.id, scheduleLevelId: repSchedule.levels[3].scheduleLevelId });
    const prospect = await newProspect();
    const template = await prisma.emailTemplate.create({ data: { templateTypeId: 2070, name: "Web-based", description: "", html: "<p>x</p>" } });
    await createInvitation(prisma, { appointmentLinkId: repLink.appointmentLinkId, inviterAgentId: world.md.id, prospectEmailAddress: prospect.userName, corrTemplateId: template.corrTemplateId });
    const ctx = await wizardContext(asUser(prospect), { link: `APL${repLink.code}` });
    expect(ctx.ok && ctx.context.enrollRep).toBe(true);
    const r = await createFromWizard(asUser(prospect), { link: `APL${repLink.code}`, appointmentTypeCode: "APPTTYP_CORP" });
    if (!r.ok) throw new Error(r.message);
    const a = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: r.appointmentId } });
    expect([a.appointmentTypeCode, a.invitationFlavour]).toEqual(["APPTTYP_REP", "VB"]);
  });

  it("declining marks the invitation DECLINED", async () => {
    const prospect = await newProspect();
    const inv = await createInvitation(prisma, { appointmentLinkId: world.link.appointmentLinkId, inviterAgentId: world.md.id, prospectEmailAddress: prospect.userName });
    expect(await declineInvitation(asUser(prospect), { link: world.linkText })).toEqual({ declined: 1 });
    const row = await prisma.invitation.findUniqueOrThrow({ where: { invitationId: inv.invitationId } });
    expect(row.status).toBe("DECLINED");
    expect(row.declinedAt).toBeInstanceOf(Date);
  });
});

describe("paper appointments", () => {
  it("creates one for the recruiter's own link, with the prospect email lowercased", async () => {
    const r = await createPaperAppointment(asUser(world.mdUser), { link: world.linkText, emailAddress: "New.Prospect@Example.com", apptTypeCode: "APPTTYP_IND" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const a = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: r.appointmentId } });
    expect(a).toMatchObject({ isPaperAppointment: true, submitterId: world.mdUser.id, prospectEmailAddress: "new.prospect@example.com", userId: null });
    expect((await loadApplication(asUser(world.mdUser), r.appointmentId)).role).toBe("SUBMITTER");
  });

  it("refuses a second application for the same email and hierarchy (AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE)", async () => {
    const input = { link: world.linkText, emailAddress: "twice@example.com", apptTypeCode: "APPTTYP_IND" };
    expect((await createPaperAppointment(asUser(world.mdUser), input)).ok).toBe(true);
    const again = await createPaperAppointment(asUser(world.mdUser), { ...input, emailAddress: "TWICE@example.com" });
    expect(again).toEqual({
      ok: false,
      code: "AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE",
      title: "Cannot Create Appointment",
      message: "An appointment app already exists for this email and hierarchy. A different prospect email address is required.",
    });
  });

  it("lets an upline use a downline's link, and refuses someone else's link (BAD_APPT_LINK)", async () => {
    const childUser = await createUser(prisma, {});
    const child = await createAgent(prisma, { parentId: world.md.id, userId: childUser.id });
    const childLink = await createAppointmentLink(prisma, { recruiterAgentId: child.id, scheduleLevelId: world.schedule.levels[7].scheduleLevelId });
    expect((await createPaperAppointment(asUser(world.mdUser), { link: `APL${childLink.code}`, emailAddress: "downline@example.com", apptTypeCode: "APPTTYP_IND" })).ok).toBe(true);
    const r = await createPaperAppointment(asUser(childUser), { link: world.linkText, emailAddress: "someone@example.com", apptTypeCode: "APPTTYP_IND" });
    expect(r).toMatchObject({ ok: false, code: "BAD_APPT_LINK", message: "Bad appointment link" });
    const bad = await createPaperAppointment(asUser(world.mdUser), { link: "APLDOESNOTEXIST", emailAddress: "x@example.com", apptTypeCode: "APPTTYP_IND" });
    expect(bad).toMatchObject({ ok: false, code: "BAD_APPT_LINK" });
  });
});
