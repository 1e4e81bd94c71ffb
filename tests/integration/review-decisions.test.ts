// Back-office decisions (issue 11, decision 0028) against a real database:
// return for correction (and resubmit through the ordinary submit path),
// reject (final, card erased), approve (agent number, one position per line
// placed in the closure table, invitation APPOINTED, fees, card erased, the
// user an agent, a paper prospect invited to create an account), one
// decision under concurrency, and every refusal.
import { storedStanding } from "~/features/licences/compliance.server";
import { afterEach, describe, expect, it } from "vitest";
import { childrenPage, ownPositions } from "~/features/agents/agents.server";
import { loadTree } from "~/features/agents/tree.server";
import { acceptUserInvitation } from "~/features/agents/user-invitations.server";
import { loadApplication, saveSection, submitApplication } from "~/features/appointment/appointment.server";
import { createFromWizard } from "~/features/appointment/create.server";
import { validApplication } from "~/features/appointment/fixtures";
import { SECTION_DATA_KEY } from "~/features/appointment/form-data";
import { DATA_SECTIONS, type AppointmentTypeCode } from "~/features/appointment/model";
import { notifyAppointmentEvent, type AddJob } from "~/features/appointment/notifications.server";
import { approveApplication, decisionHistory, latestReturn, rejectApplication, returnApplication } from "~/features/review/decisions.server";
import { addToCart, sendCart } from "~/features/links/cart.server";
import { DOWNLINE_REPORT_ID, type ReportInput } from "~/features/reports/schema";
import { reportQuery } from "~/features/reports/sql.server";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { getShellContext } from "~/lib/shell.server";
import type { User } from "~/generated/prisma/client";
import { upsertUserFromClaims } from "~/lib/auth.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { deliverMail } from "~/lib/mail.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createAppointmentLink, createCarrierWithBlocks, createInvitation, createLicence, createSchedule, createUser } from "../support/factories";
import { LICENCE_MESSAGES, reasonText, SOURCE_LABEL } from "~/features/licences/messages";
import type { reviewScreen } from "~/features/review/review.server";
import { createSession } from "~/lib/session.server";
import { loader as reviewLoader } from "~/routes/admin.review.$appointmentId";
import { asUser, consent, formDataOf, newProspect, req, useWorldWithJobs, withQuestions, type World } from "./appointment-fixtures";

/** The card's CVC, asked with SUBMIT for a type that pays by card (decision 0087). */
const CVC = "123";

useTestDatabase();
const world = useWorldWithJobs();

afterEach(() => {
  delete process.env.AGENT_NUMBER_FORMAT;
  resetEnvCache();
});

const admin = () => createUser(prisma, { isInternal: true, userRoleCode: "USRROLE_AGENT" });

/** A prospect's application through `link`, every section saved, submitted (APWF_STATUS_NEWCONTRACT). */
async function submitted(type: AppointmentTypeCode = "APPTTYP_IND", link = world.linkText, prospect?: User) {
  const user = asUser(prospect ?? (await newProspect()));
  const created = await createFromWizard(user, { link, appointmentTypeCode: "APPTTYP_IND" });
  if (!created.ok) throw new Error(created.message);
  const id = created.appointmentId;
  await prisma.appointment.update({ where: { appointmentId: id }, data: { appointmentTypeCode: type } });
  await fillAndSubmit(user, id, type, world);
  return { user, id };
}

async function fillAndSubmit(user: CurrentUser, id: number, type: AppointmentTypeCode, w: World) {
  await consent(user, id);
  const data = withQuestions(validApplication(type), w);
  data.documents = { willFax: true, extraWritingNumRequested: false };
  for (const s of DATA_SECTIONS) {
    const r = await saveSection(user, id, s, formDataOf(data[SECTION_DATA_KEY[s]]), req());
    expect(r.saved, `${s}: ${JSON.stringify(r.reply.error)}`).toBe(true);
  }
  const r = await submitApplication(user, id, req(), { cvc: CVC });
  expect(r.ok, JSON.stringify(r)).toBe(true);
}

async function jobKeys(id: number) {
  const rows = await prisma.$queryRaw<Array<{ key: string | null }>>`
    SELECT j.key FROM graphile_worker._private_jobs j WHERE j.payload->>'appointmentId' = ${String(id)} ORDER BY j.key`;
  return rows.map((r) => r.key);
}

/** closure = the recursive walk of parent_id, over the whole table. */
async function closureMismatches(): Promise<number> {
  const rows = await prisma.$queryRaw<Array<{ n: bigint }>>`
    WITH RECURSIVE walk(ancestor_id, descendant_id, depth) AS (
      SELECT id, id, 0 FROM agents UNION ALL
      SELECT a.parent_id, w.descendant_id, w.depth + 1 FROM walk w JOIN agents a ON a.id = w.ancestor_id WHERE a.parent_id IS NOT NULL)
    SELECT (SELECT count(*) FROM (SELECT * FROM walk EXCEPT SELECT * FROM agent_closure) x)
         + (SELECT count(*) FROM (SELECT * FROM agent_closure EXCEPT SELECT * FROM walk) y) AS n`;
  return Number(rows[0].n);
}

describe("return for correction", () => {
  it("puts the application back to INCOMPLETE with the reason and sections; the prospect resubmits through submit", async () => {
    const a = await admin();
    const { user, id } = await submitted();
    const r = await returnApplication({ appointmentId: id, adminUserId: a.id, reason: "  The license number does not match the state's records.  ", sections: ["DOCS", "PERSONAL"], request: req() });
    expect(r).toMatchObject({ ok: true, decision: "RETURN", statusCode: "APWF_STATUS_INCOMPLETE" });

    const row = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(row.appointmentStatusCode).toBe("APWF_STATUS_INCOMPLETE");
    const decisions = await prisma.appointmentDecision.findMany({ where: { appointmentId: id } });
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({
      decisionCode: "RETURN",
      reason: "The license number does not match the state's records.",
      sections: ["PERSONAL", "DOCS"],
      fromStatusCode: "APWF_STATUS_NEWCONTRACT",
      decidedById: a.id,
    });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "APPLICATION_RETURNED", targetId: String(id) } });
    expect(audit).toMatchObject({ actorUserId: a.id, targetType: "Appointment", ipAddress: "203.0.113.7" });
    expect(JSON.stringify(audit.details)).not.toContain("license number");
    expect(await jobKeys(id)).toContain(`notify-returned:${id}`);
    expect(await latestReturn(id)).toMatchObject({ reason: decisions[0].reason, sections: ["PERSONAL", "DOCS"] });

    // The prospect is told by email, once per return.
    const sent: string[][] = [];
    // As the send-email task delivers: the job key is the delivery key.
    const add = (async (
      n: string,
      p: { to: string[]; subject: string; html: string; relatedType: string; relatedId: string },
      spec: { jobKey: string },
    ) => {
      if (n !== "send-email") return;
      sent.push(p.to);
      await deliverMail({ ...p, deliveryKey: spec.jobKey });
    }) as unknown as AddJob;
    expect(await notifyAppointmentEvent("RETURNED", id, add)).toMatchObject({ emailsQueued: 1 });
    expect(sent).toEqual([[user.userName]]);
    const mail = await prisma.mailMessage.findFirstOrThrow({ where: { relatedType: "APPOINTMENT_RETURNED" } });
    expect(mail.html).toContain("does not match the state&#x27;s records"); // escaped by React
    expect(mail.text).toContain("does not match the state's records");
    expect(mail.html).toContain("Personal Information, Supporting Documents");
    expect(await notifyAppointmentEvent("RETURNED", id, add)).toMatchObject({ emailsQueued: 0, skipped: 1 });

    // Editable again: the prospect saves and submits again through the ordinary path.
    const view = await loadApplication(user, id);
    expect(view.readOnly).toBe(false);
    expect((await saveSection(user, id, "DOCS", formDataOf({ willFax: true, extraWritingNumRequested: true }), req())).saved).toBe(true);
    const again = await submitApplication(user, id, req(), { cvc: CVC });
    expect(again.ok).toBe(true);
    expect((await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } })).appointmentStatusCode).toBe("APWF_STATUS_NEWCONTRACT");
    expect(await latestReturn(id)).toBeNull();

    // ...and it can be decided again.
    expect(await rejectApplication({ appointmentId: id, adminUserId: a.id, reason: "Still wrong." })).toMatchObject({ ok: true });
    const history = await decisionHistory(id);
    expect(history.map((h) => [h.decisionCode, h.fromStatusCode, h.decidedBy?.id])).toEqual([
      ["REJECT", "APWF_STATUS_NEWCONTRACT", a.id],
      ["RETURN", "APWF_STATUS_NEWCONTRACT", a.id],
    ]);
    expect(history[1].sections).toEqual(["PERSONAL", "DOCS"]);
  });

  it("refuses unknown sections and a blank or too long reason, changing nothing", async () => {
    const a = await admin();
    const { id } = await submitted();
    expect(await returnApplication({ appointmentId: id, adminUserId: a.id, reason: "x", sections: ["NOPE" as never] })).toMatchObject({ ok: false, code: "INVALID" });
    expect(await returnApplication({ appointmentId: id, adminUserId: a.id, reason: "   ", sections: [] })).toMatchObject({ ok: false, code: "INVALID", message: "A reason is required." });
    expect(await rejectApplication({ appointmentId: id, adminUserId: a.id, reason: "y".repeat(2001) })).toMatchObject({ ok: false, code: "INVALID" });
    expect((await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } })).appointmentStatusCode).toBe("APWF_STATUS_NEWCONTRACT");
    expect(await prisma.appointmentDecision.count({ where: { appointmentId: id } })).toBe(0);
  });
});

describe("reject", () => {
  it("is final and read-only, erases the card data and queues the notification", async () => {
    const a = await admin();
    const { user, id } = await submitted("APPTTYP_REP");
    expect((await prisma.appointmentCardInfo.findUniqueOrThrow({ where: { appointmentId: id } })).cardNumberEncrypted).not.toBeNull();

    const r = await rejectApplication({ appointmentId: id, adminUserId: a.id, reason: "License revoked in TX." });
    expect(r).toMatchObject({ ok: true, decision: "REJECT", statusCode: "APWF_STATUS_REJECTED" });
    const row = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(row).toMatchObject({ appointmentStatusCode: "APWF_STATUS_REJECTED", rejectedById: a.id, rejectionReason: "License revoked in TX." });
    expect(row.rejectedAt).toBeInstanceOf(Date);
    const card = await prisma.appointmentCardInfo.findUniqueOrThrow({ where: { appointmentId: id } });
    expect([card.cardNumberEncrypted, card.expirationMonth, card.expirationYear, card.nameOnCard, card.billingAddress]).toEqual([null, null, null, null, null]);
    expect(card.cardLast4).toBe("1111");
    expect(await jobKeys(id)).toContain(`notify-rejected:${id}`);
    expect(await prisma.auditLog.count({ where: { action: "APPLICATION_REJECTED", targetId: String(id), actorUserId: a.id } })).toBe(1);

    // Read-only for the prospect; list value 52.
    expect((await loadApplication(user, id)).readOnly).toBe(true);
    const save = await saveSection(user, id, "DOCS", formDataOf({ willFax: true }), req()).catch((e: unknown) => e);
    expect((save as Response).status).toBe(403);
    expect(await prisma.listValue.findFirst({ where: { vleCode: "APWF_STATUS_REJECTED" } })).toMatchObject({ numericId: 52, vleValue: "Rejected" });
  });
});

describe("approve", () => {
  it("gives an agent number in the configured format, places the agent, appoints the invitation, records fees, erases the card", async () => {
    process.env.AGENT_NUMBER_FORMAT = "A{n:6}";
    resetEnvCache();
    const a = await admin();
    const prospect = await newProspect();
    const invitation = await createInvitation(prisma, {
      appointmentLinkId: world.link.appointmentLinkId,
      inviterUserId: world.mdUser.id,
      inviterAgentId: world.md.id,
      prospectEmailAddress: prospect.userName,
      prospectUserId: prospect.id,
      status: "ACCEPTED",
    });
    // The counter is at 41 and A000042 is already used in this company and block: it is skipped.
    await prisma.counter.upsert({ where: { name: "agent_number" }, create: { name: "agent_number", value: 41n }, update: { value: 41n } });
    await createAgent(prisma, { parentId: world.md.id, agentNumber: "A000042" });
    const { id } = await submitted("APPTTYP_REP", world.linkText, prospect);
    expect((await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } })).invitationId).toBe(invitation.invitationId);

    const r = await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "All documents verified.", request: req() });
    expect(r).toMatchObject({ ok: true, decision: "APPROVE", statusCode: "APWF_STATUS_APPROVED", agentNumber: "A000043" });
    if (!r.ok) return;

    const row = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id }, include: { carrierBlocks: true } });
    expect(row).toMatchObject({ appointmentStatusCode: "APWF_STATUS_APPROVED", agentNumber: "A000043", approvedById: a.id });
    const agents = await prisma.agent.findMany({ where: { agentNumber: "A000043" }, include: { licensedStates: true } });
    expect(agents).toHaveLength(1);
    const agent = agents[0];
    expect(agent).toMatchObject({
      id: row.agentId,
      parentId: world.md.id,
      directUpline: world.md.agentNumber,
      companyNumber: world.md.companyNumber,
      blockNumber: world.md.blockNumber,
      hierarchyLevel: 5,
      agentType: "R",
      firstName: "Jordan",
      lastName: "Lee",
      userId: prospect.id,
      mgaCode: world.schedule.mgaCode,
    });
    const personal = await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } });
    expect([agent.ssnEncrypted, agent.ssnLast4]).toEqual([personal.ssnEncrypted, personal.ssnLast4]);
    expect(agent.ssnEncrypted).not.toContain(personal.ssnLast4!);
    expect(agent.licensedStates.map((s) => s.stateCode)).toEqual(["TX"]);
    expect(row.carrierBlocks).toEqual([expect.objectContaining({ agentId: agent.id, agentNumber: "A000043", companyNumber: agent.companyNumber, blockNumber: agent.blockNumber })]);
    // Closure: self row plus the director's ancestors, and the whole table equals the walk of parent ids.
    const closure = await prisma.agentClosure.findMany({ where: { descendantId: agent.id }, orderBy: { depth: "asc" } });
    expect(closure.map((c) => [c.ancestorId, c.depth])).toEqual([[agent.id, 0], [world.md.id, 1]]);
    expect(await closureMismatches()).toBe(0);

    expect((await prisma.invitation.findUniqueOrThrow({ where: { invitationId: invitation.invitationId } })).status).toBe("APPOINTED");
    const fees = await prisma.feeCollection.findMany({ where: { appointmentId: id }, orderBy: { feeTypeCode: "asc" } });
    expect(fees.map((f) => [f.feeTypeCode, f.stateCode, f.amount.toFixed(2), f.methodCode, f.statusCode])).toEqual([
      ["PA", null, "15.00", "CARD", "PENDING"],
      ["STATE", "TX", expect.any(String), "CARD", "PENDING"],
    ]);
    const card = await prisma.appointmentCardInfo.findUniqueOrThrow({ where: { appointmentId: id } });
    expect([card.cardNumberEncrypted, card.nameOnCard]).toEqual([null, null]);
    expect(await jobKeys(id)).toContain(`notify-approved:${id}`);
    expect((await prisma.counter.findUniqueOrThrow({ where: { name: "agent_number" } })).value).toBe(43n);

    // The user is an agent now: role, shell (agent numbers, CONFIGURE), hierarchy positions.
    const u = await prisma.user.findUniqueOrThrow({ where: { id: prospect.id } });
    expect(u.userRoleCode).toBe("USRROLE_AGENT");
    const shell = await getShellContext(asUser(u));
    expect(shell.agentNumbers).toEqual([{ agentNumber: "A000043", companyNumber: agent.companyNumber, blockNumber: agent.blockNumber }]);
    expect(shell.showConfigure).toBe(true);
    const positions = await ownPositions(u.id);
    expect(positions.map((p) => [p.id, p.agentNumber, p.hierarchyLevel])).toEqual([[agent.id, "A000043", 5]]);
    const tree = await loadTree(positions[0], { open: [], pages: new Map(), filter: "" });
    expect(tree?.upline?.id).toBe(world.md.id);
    expect(tree?.root.id).toBe(agent.id);
    const dashboard = await getDashboard(asUser(u));
    expect(dashboard.agentNumbers.map((x) => x.agentNumber)).toEqual(["A000043"]);
    expect(dashboard.rules.hierarchyButtonsEnabled).toBe(true);
    expect((await loadApplication(asUser(u), id)).readOnly).toBe(true);
  });

  it("creates one position per multi-link line, each under its line's recruiter, with one agent number", async () => {
    const a = await admin();
    // A second hierarchy: SLAC life block 501 under another director.
    await createCarrierWithBlocks(prisma, { carrierCode: "SLAC", companyNumber: "SL01", blocks: [{ blockNumber: 501, productTypeCode: "LIFE" }] });
    const slac = await prisma.carrier.findUniqueOrThrow({ where: { carrierCode: "SLAC" } });
    const md2 = await createAgent(prisma, { blockNumber: 501, companyNumber: "SL01", hierarchyLevel: 1 });
    const recruiter2 = await createAgent(prisma, { parentId: md2.id, hierarchyLevel: 3 });
    const life = await createSchedule(prisma, { carrierId: slac.carrierId, productTypeCode: "LIFE", mgaCode: "LF9" });
    const link2 = await createAppointmentLink(prisma, { recruiterAgentId: recruiter2.id, scheduleLevelId: life.levels.find((l) => l.levelNo === 12)!.scheduleLevelId });
    const multi = await prisma.multiLink.create({
      data: { code: `M${Date.now()}`, items: { create: [{ appointmentLinkId: world.link.appointmentLinkId, sortOrder: 0 }, { appointmentLinkId: link2.appointmentLinkId, sortOrder: 1 }] } },
    });
    const { id, user } = await submitted("APPTTYP_IND", `MLT${multi.code}`);

    const r = await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "OK" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.agentIds).toHaveLength(2);
    const agents = await prisma.agent.findMany({ where: { id: { in: r.agentIds } }, orderBy: { blockNumber: "asc" } });
    expect(agents.map((x) => [x.agentNumber, x.companyNumber, x.blockNumber, x.hierarchyLevel, x.parentId, x.mgaCode, x.userId])).toEqual([
      [r.agentNumber, world.md.companyNumber, world.md.blockNumber, 5, world.md.id, world.schedule.mgaCode, user.id],
      [r.agentNumber, "SL01", 501, 12, recruiter2.id, "LF9", user.id],
    ]);
    expect(agents[0].personId).toBe(agents[1].personId);
    const path = await prisma.agentClosure.findMany({ where: { descendantId: agents[1].id }, orderBy: { depth: "asc" } });
    expect(path.map((c) => c.ancestorId)).toEqual([agents[1].id, recruiter2.id, md2.id]);
    expect(await closureMismatches()).toBe(0);
    const fees = await prisma.feeCollection.findMany({ where: { appointmentId: id } });
    expect(new Set(fees.map((f) => f.methodCode))).toEqual(new Set(["COMMISSION"]));
    expect((await ownPositions(user.id)).map((p) => p.agentNumber)).toEqual([r.agentNumber, r.agentNumber]);
  });

  it("keeps the number a person already holds; two levels of one hierarchy give one position (the most senior level)", async () => {
    const a = await admin();
    // Someone appointed before in another hierarchy (SLAC life 501), number 555001.
    await createCarrierWithBlocks(prisma, { carrierCode: "SLAC", companyNumber: "SL01", blocks: [{ blockNumber: 501, productTypeCode: "LIFE" }] });
    const prospect = await newProspect();
    await createAgent(prisma, { blockNumber: 501, companyNumber: "SL01", agentNumber: "555001", userId: prospect.id, hierarchyLevel: 4 });
    // Two levels of the director's schedule in one multi-link (level 6 first): one position in block 72, at level 5.
    const level6 = world.schedule.levels.find((l) => l.levelNo === 6)!;
    const link6 = await createAppointmentLink(prisma, { recruiterAgentId: world.md.id, scheduleLevelId: level6.scheduleLevelId });
    const multi = await prisma.multiLink.create({
      data: { code: `N${Date.now()}`, items: { create: [{ appointmentLinkId: link6.appointmentLinkId, sortOrder: 0 }, { appointmentLinkId: world.link.appointmentLinkId, sortOrder: 1 }] } },
    });
    const { id } = await submitted("APPTTYP_IND", `MLT${multi.code}`, prospect);
    const r = await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "OK" });
    expect(r).toMatchObject({ ok: true, agentNumber: "555001" });
    if (!r.ok) return;
    const inBlock = await prisma.agent.findMany({ where: { userId: prospect.id, blockNumber: world.md.blockNumber } });
    expect(inBlock.map((x) => [x.agentNumber, x.hierarchyLevel, x.parentId])).toEqual([["555001", 5, world.md.id]]);
    const lines = await prisma.appointmentCarrierBlock.findMany({ where: { appointmentId: id }, orderBy: { levelNo: "asc" } });
    expect(lines.map((l) => [l.levelNo, l.agentId, l.agentNumber])).toEqual([
      [5, inBlock[0].id, "555001"],
      [6, inBlock[0].id, "555001"],
    ]);
    expect(await closureMismatches()).toBe(0);
  });

  it("a base schedule and its sibling from the cart give one agent, once in the tree and the report; approving again adds no second one", async () => {
    const a = await admin();
    const block = await prisma.block.findUniqueOrThrow({ where: { blockNumber: world.md.blockNumber } });
    const advantage = await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH", scheduleName: "Advantage", isBase: true });
    const supplemental = await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH", scheduleName: "Supplemental", baseScheduleId: advantage.scheduleId });
    const linkOf = async (s: typeof advantage) =>
      createAppointmentLink(prisma, { recruiterAgentId: world.md.id, scheduleLevelId: s.levels.find((l) => l.levelNo === 7)!.scheduleLevelId });
    const base = await linkOf(advantage);
    await linkOf(supplemental);
    // The director adds the base schedule's link: the sibling comes along; sending makes a multi-link.
    const director = asUser(world.mdUser);
    expect(await addToCart(director, base.appointmentLinkId)).toMatchObject({ ok: true, added: 2 });
    const sent = await sendCart(director);
    if (!sent.ok) throw new Error("cart empty");
    const mlt = /MLT[A-Za-z0-9]+/.exec(decodeURIComponent(sent.url))![0];
    const prospect = await newProspect();
    const { id } = await submitted("APPTTYP_IND", mlt, prospect);
    expect(await prisma.appointmentCarrierBlock.count({ where: { appointmentId: id } })).toBe(2);
    await prisma.appointmentPersonal.update({ where: { appointmentId: id }, data: { lastName: "Once" } });

    const r = await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "OK" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const mine = await prisma.agent.findMany({ where: { userId: prospect.id } });
    expect(mine.map((x) => [x.agentNumber, x.blockNumber, x.hierarchyLevel, x.parentId])).toEqual([[r.agentNumber, world.md.blockNumber, 7, world.md.id]]);
    expect(r.agentIds).toEqual([mine[0].id]);
    expect(new Set((await prisma.appointmentCarrierBlock.findMany({ where: { appointmentId: id } })).map((l) => l.agentId))).toEqual(new Set([mine[0].id]));
    // The new agent's own menu: one number; the director's tree: once under the director.
    expect((await getShellContext(asUser(await prisma.user.findUniqueOrThrow({ where: { id: prospect.id } })))).agentNumbers).toHaveLength(1);
    const under = await childrenPage(world.md.id, { limit: 100, filter: "Once" });
    expect(under.nodes.filter((n) => n.lastName === "Once")).toHaveLength(1);
    // The director's downline report: one row for the person.
    const q = reportQuery(DOWNLINE_REPORT_ID, world.mdUser.id, {} as ReportInput);
    const rows = await prisma.$queryRawUnsafe<Array<{ last_name: string | null }>>(q.sql, ...q.params);
    expect(rows.filter((x) => x.last_name === "Once")).toHaveLength(1);

    // Another link of the same hierarchy (another schedule of the block) cannot start a second application
    // for the person now holding a position there (the one rule of who may be appointed, decision 0047):
    // still one position. Two applications that were both open before either approval join one position
    // (the next test).
    const again = await linkOf(await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH", scheduleName: "Dental" }));
    const second = await createFromWizard(asUser(prospect), { link: `APL${again.code}`, appointmentTypeCode: "APPTTYP_IND" });
    expect(second.ok).toBe(false);
    expect(await prisma.appointment.count({ where: { userId: prospect.id } })).toBe(1);
    expect(await prisma.agent.count({ where: { userId: prospect.id } })).toBe(1);
    expect(await closureMismatches()).toBe(0);
  });

  it("two applications of one person in one hierarchy approved at once give one position", async () => {
    const a = await admin();
    const block = await prisma.block.findUniqueOrThrow({ where: { blockNumber: world.md.blockNumber } });
    const prospect = await newProspect();
    const ids: number[] = [];
    for (const name of ["Vision", "Hearing"]) {
      const s = await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH", scheduleName: name });
      const link = await createAppointmentLink(prisma, { recruiterAgentId: world.md.id, scheduleLevelId: s.levels.find((l) => l.levelNo === 6)!.scheduleLevelId });
      ids.push((await submitted("APPTTYP_IND", `APL${link.code}`, prospect)).id);
    }
    const results = await Promise.all(ids.map((appointmentId) => approveApplication({ appointmentId, adminUserId: a.id, reason: "OK" })));
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    const mine = await prisma.agent.findMany({ where: { userId: prospect.id } });
    expect(mine).toHaveLength(1);
    expect(results.map((r) => (r.ok ? r.agentIds : null))).toEqual([[mine[0].id], [mine[0].id]]);
    expect(await closureMismatches()).toBe(0);
  });

  it("invites a paper prospect without an account to create one; signing up links the positions", async () => {
    const a = await admin();
    const { id } = await submitted();
    const email = `paper-${Date.now()}@example.com`;
    // As a paper application filled in by the director for someone without an account.
    await prisma.appointment.update({ where: { appointmentId: id }, data: { userId: null, isPaperAppointment: true, submitterId: world.mdUser.id, prospectEmailAddress: email } });

    const r = await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "OK" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const agent = await prisma.agent.findUniqueOrThrow({ where: { id: r.agentIds![0] } });
    expect(agent.userId).toBeNull();
    const inv = await prisma.userInvitation.findFirstOrThrow({ where: { emailAddress: email } });
    expect(inv).toMatchObject({ agentId: agent.id, appointmentIds: [id], createdById: a.id, acceptedAt: null });
    const jobs = await prisma.$queryRaw<Array<{ key: string; payload: { to: string; subject: string; text: string } }>>`
      SELECT key, payload FROM graphile_worker._private_jobs WHERE key = ${`user-invitation:${inv.id}`}`;
    expect(jobs).toHaveLength(1);
    expect(jobs[0].payload.to).toBe(email);
    expect(jobs[0].payload.text).toContain(r.agentNumber!);
    const link = /\/(EXT[A-Za-z0-9]+)/.exec(jobs[0].payload.text)![1];

    // The prospect signs up with that (verified) email: the application and its positions become theirs.
    const u = await upsertUserFromClaims({ sub: `paper-${Date.now()}`, email, email_verified: true, given_name: "Pat", family_name: "Paper" });
    expect((await prisma.agent.findUniqueOrThrow({ where: { id: agent.id } })).userId).toBe(u.id);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: u.id } })).userRoleCode).toBe("USRROLE_AGENT");
    expect((await getShellContext(asUser(await prisma.user.findUniqueOrThrow({ where: { id: u.id } })))).agentNumbers.map((x) => x.agentNumber)).toEqual([r.agentNumber]);
    // The link of the email works too (accepting is harmless once linked).
    expect(await acceptUserInvitation(asUser(u), link)).toEqual({ ok: true, agentId: agent.id });
  });
});

describe("one decision", () => {
  it("two approvals at once give one agent record; the other is told it was already decided", async () => {
    const [a1, a2] = [await admin(), await admin()];
    const { id } = await submitted();
    const before = await prisma.agent.count();
    const results = await Promise.all([
      approveApplication({ appointmentId: id, adminUserId: a1.id, reason: "first" }),
      approveApplication({ appointmentId: id, adminUserId: a2.id, reason: "second" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, code: "ALREADY_DECIDED", statusCode: "APWF_STATUS_APPROVED" });
    expect(await prisma.agent.count()).toBe(before + 1);
    expect(await prisma.appointmentDecision.count({ where: { appointmentId: id } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { action: "APPLICATION_APPROVED", targetId: String(id) } })).toBe(1);
  });

  it("another process deciding first (holding the row lock) wins; this one is told, nothing half-done", async () => {
    const a = await admin();
    const { id } = await submitted();
    const before = await prisma.agent.count();
    // Another process: the row lock taken outside this process's turn queue, the status changed, committed later.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const other = prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT appointment_id FROM appointments WHERE appointment_id = ${id} FOR UPDATE`;
      locked();
      await held;
      await tx.appointment.update({ where: { appointmentId: id }, data: { appointmentStatusCode: "APWF_STATUS_REJECTED" } });
    }, { timeout: 20_000 });
    await isLocked;
    const mine = approveApplication({ appointmentId: id, adminUserId: a.id, reason: "mine" });
    await new Promise((r) => setTimeout(r, 300));
    release();
    await other;
    expect(await mine).toMatchObject({ ok: false, code: "ALREADY_DECIDED", statusCode: "APWF_STATUS_REJECTED" });
    expect(await prisma.agent.count()).toBe(before);
    expect(await prisma.appointmentDecision.count({ where: { appointmentId: id } })).toBe(0);
  });

  it("an approval and a rejection at once give one decision", async () => {
    const [a1, a2] = [await admin(), await admin()];
    const { id } = await submitted("APPTTYP_REP");
    const results = await Promise.all([
      rejectApplication({ appointmentId: id, adminUserId: a1.id, reason: "no" }),
      approveApplication({ appointmentId: id, adminUserId: a2.id, reason: "yes" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await prisma.appointmentDecision.count({ where: { appointmentId: id } })).toBe(1);
    const row = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(await prisma.agent.count({ where: { carrierBlocks: { some: { appointmentId: id } } } })).toBe(row.appointmentStatusCode === "APWF_STATUS_APPROVED" ? 1 : 0);
  });
});

describe("refusals", () => {
  it("not an administrator, not found, and every decision after another", async () => {
    const a = await admin();
    const notAdmin = await createUser(prisma, {});
    const { id } = await submitted();
    for (const adminUserId of [notAdmin.id, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect(await approveApplication({ appointmentId: id, adminUserId, reason: "x" })).toMatchObject({ ok: false, code: "NOT_ADMIN" });
    }
    const inactive = await createUser(prisma, { isInternal: true, isActive: false });
    expect(await rejectApplication({ appointmentId: id, adminUserId: inactive.id, reason: "x" })).toMatchObject({ ok: false, code: "NOT_ADMIN" });
    expect(await prisma.auditLog.count({ where: { action: "ACCESS_DENIED", targetId: String(id) } })).toBeGreaterThanOrEqual(4);
    expect(await returnApplication({ appointmentId: 99_999_999, adminUserId: a.id, reason: "x", sections: [] })).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await approveApplication({ appointmentId: -1, adminUserId: a.id, reason: "x" })).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect((await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } })).appointmentStatusCode).toBe("APWF_STATUS_NEWCONTRACT");

    // Return, then nothing else until it is submitted again.
    expect((await returnApplication({ appointmentId: id, adminUserId: a.id, reason: "fix", sections: ["FEES"] })).ok).toBe(true);
    for (const decide of [
      () => returnApplication({ appointmentId: id, adminUserId: a.id, reason: "again", sections: [] }),
      () => rejectApplication({ appointmentId: id, adminUserId: a.id, reason: "again" }),
      () => approveApplication({ appointmentId: id, adminUserId: a.id, reason: "again" }),
    ]) {
      expect(await decide()).toMatchObject({ ok: false, code: "ALREADY_DECIDED", statusCode: "APWF_STATUS_INCOMPLETE" });
    }

    // Approved: final.
    const other = await submitted();
    expect((await approveApplication({ appointmentId: other.id, adminUserId: a.id, reason: "ok" })).ok).toBe(true);
    const agents = await prisma.agent.count();
    for (const decide of [
      () => returnApplication({ appointmentId: other.id, adminUserId: a.id, reason: "late", sections: [] }),
      () => rejectApplication({ appointmentId: other.id, adminUserId: a.id, reason: "late" }),
      () => approveApplication({ appointmentId: other.id, adminUserId: a.id, reason: "late" }),
    ]) {
      const r = await decide();
      expect(r).toMatchObject({ ok: false, code: "ALREADY_DECIDED", statusCode: "APWF_STATUS_APPROVED" });
      if (!r.ok) expect(r.message).toBe("Another administrator has already decided on this application: it is now Approved. Nothing was changed.");
    }
    expect(await prisma.agent.count()).toBe(agents);

    // Rejected: final.
    const third = await submitted();
    expect((await rejectApplication({ appointmentId: third.id, adminUserId: a.id, reason: "no" })).ok).toBe(true);
    expect(await approveApplication({ appointmentId: third.id, adminUserId: a.id, reason: "late" })).toMatchObject({ ok: false, code: "ALREADY_DECIDED", statusCode: "APWF_STATUS_REJECTED" });
    expect(await prisma.appointmentDecision.count({ where: { appointmentId: { in: [id, other.id, third.id] } } })).toBe(3);
  });
});

describe("licenses at approval (issue 23 item 4, decision 0070)", () => {
  /** The review screen's loader as an administrator's browser calls it. */
  async function reviewPage(user: User, id: number) {
    const cookie = (await createSession(new Request("http://localhost/"), { userId: user.id, impersonatorUserId: null })).split(";")[0]!;
    return reviewLoader({ request: new Request(`http://localhost/admin/review/${id}`, { headers: { Cookie: cookie } }), params: { appointmentId: String(id) }, context: {} });
  }

  it("is refused without a license, with an expired one, without the product's line: the reasons, nothing written, audited; approved once the license is there", async () => {
    const a = await admin();
    const { id, user } = await submitted();
    // The application's NPN: one with nothing on record (the world's schedule is HEALTH: the Accident & Health line).
    const npn = `55${String(Date.now()).slice(-6)}`;
    await prisma.appointmentPersonal.update({ where: { appointmentId: id }, data: { nationalProducerNumber: ` ${npn} ` } });
    const agentsBefore = await prisma.agent.count();
    const nothingWritten = async () => {
      const row = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } });
      expect([row.appointmentStatusCode, row.agentId, row.agentNumber, row.approvedAt]).toEqual(["APWF_STATUS_NEWCONTRACT", null, null, null]);
      expect(await prisma.agent.count()).toBe(agentsBefore);
      expect(await prisma.feeCollection.count({ where: { appointmentId: id } })).toBe(0);
      expect(await prisma.appointmentDecision.count({ where: { appointmentId: id } })).toBe(0);
      expect(await jobKeys(id)).not.toContain(`notify-approved:${id}`);
      expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).userRoleCode).toBe("USRROLE_PROSPECT");
    };
    const refusedWith = async (reasons: string[]) => {
      const r = await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "Looks fine.", request: req() });
      expect(r).toEqual({ ok: false, code: "UNLICENSED", message: LICENCE_MESSAGES.approvalRefused, reasons });
      await nothingWritten();
    };

    await refusedWith(["No license for Texas with the Accident & Health line of authority is on record."]);
    // The review screen says the same before anyone clicks: the NPN, the state, what is missing.
    const before = (await reviewPage(a as User, id)) as Awaited<ReturnType<typeof reviewScreen>>;
    expect(before.licences).toMatchObject({ npn, states: ["TX"], lines: ["ACCIDENT_HEALTH"], licences: [] });
    expect(before.licences!.problems.map(reasonText)).toEqual(["No license for Texas with the Accident & Health line of authority is on record."]);

    const licence = await createLicence(prisma, { npn, stateCode: "TX", licenceNumber: "TX-998877", expiryDate: "2024-06-30", source: "AGENT" });
    await refusedWith(["The license for Texas has expired."]);
    await prisma.producerLicence.update({ where: { id: licence.id }, data: { expiryDate: new Date(Date.UTC(2099, 0, 31)), loaLife: true, loaAccidentHealth: false } });
    await refusedWith(["The license for Texas does not carry the Accident & Health line of authority."]);

    // Every refusal audited with who, when and what (the reasons' codes, no personal data).
    const audits = await prisma.auditLog.findMany({ where: { action: "APPROVAL_REFUSED_UNLICENSED", targetId: String(id) }, orderBy: { id: "asc" } });
    expect(audits).toHaveLength(3);
    expect(audits[0]).toMatchObject({ actorUserId: a.id, targetType: "Appointment", ipAddress: "203.0.113.7" });
    expect(audits.map((x) => (x.details as { problems: Array<{ code: string }> }).problems.map((p) => p.code))).toEqual([["LICENCE_MISSING"], ["LICENCE_EXPIRED"], ["LINE_MISSING"]]);
    expect(JSON.stringify(audits.map((x) => x.details))).not.toMatch(/Jordan|900781234|Lee/); // the name and the full SSN (a uuid may hold any 4 digits)

    // The screen lists the licence: number, lines, expiry, its state on the day, who entered it.
    const shown = (await reviewPage(a as User, id)) as Awaited<ReturnType<typeof reviewScreen>>;
    expect(shown.licences!.licences).toEqual([
      expect.objectContaining({ stateCode: "TX", licenceNumber: "TX-998877", loaLife: true, loaAccidentHealth: false, expiryDate: "2099-01-31", source: "AGENT" }),
    ]);
    expect(SOURCE_LABEL[shown.licences!.licences[0].source]).toBe("Entered by the agent");
    expect(shown.licences!.problems.map((p) => p.code)).toEqual(["LINE_MISSING"]);

    // With the line: approved.
    await prisma.producerLicence.update({ where: { id: licence.id }, data: { loaAccidentHealth: true } });
    const ok = await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "License verified." });
    expect(ok).toMatchObject({ ok: true, statusCode: "APWF_STATUS_APPROVED" });
    expect((await reviewPage(a as User, id) as Awaited<ReturnType<typeof reviewScreen>>).licences!.problems).toEqual([]);
    // The new agent's standing is there at once (not at the next nightly run): licensed, but no E&O on record.
    const { agentId } = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id }, select: { agentId: true } });
    expect(await storedStanding(prisma, agentId!)).toMatchObject({ standing: "NOT_IN_GOOD_ORDER", reasons: [{ code: "EO_MISSING" }] });
  });

  it("a product of the LIFE line needs the Life line: an Accident & Health license is not enough", async () => {
    const a = await admin();
    await createCarrierWithBlocks(prisma, { carrierCode: "LLAC", companyNumber: "LL01", blocks: [{ blockNumber: 611, productTypeCode: "LIFE" }] });
    const carrier = await prisma.carrier.findUniqueOrThrow({ where: { carrierCode: "LLAC" } });
    const md2 = await createAgent(prisma, { blockNumber: 611, companyNumber: "LL01", hierarchyLevel: 1 });
    const life = await createSchedule(prisma, { carrierId: carrier.carrierId, productTypeCode: "LIFE" });
    const link = await createAppointmentLink(prisma, { recruiterAgentId: md2.id, scheduleLevelId: life.levels.find((l) => l.levelNo === 9)!.scheduleLevelId });
    const { id } = await submitted("APPTTYP_IND", `APL${link.code}`);
    const npn = `66${String(Date.now()).slice(-6)}`;
    await prisma.appointmentPersonal.update({ where: { appointmentId: id }, data: { nationalProducerNumber: npn } });
    const licence = await createLicence(prisma, { npn, stateCode: "TX", loaLife: false, loaAccidentHealth: true });
    expect(await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "OK" })).toMatchObject({
      ok: false,
      code: "UNLICENSED",
      reasons: ["The license for Texas does not carry the Life line of authority."],
    });
    await prisma.producerLicence.update({ where: { id: licence.id }, data: { loaLife: true } });
    expect(await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "OK" })).toMatchObject({ ok: true });
  });
});
