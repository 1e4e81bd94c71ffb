// The links page and the cart against the real database (spec part 1 §5
// 'Cart', §7 'CreateIfMissing'): links created when missing and only once,
// only levels below the recruiter's, base schedules bringing their siblings,
// the cart rules, send and apply, and that nobody reaches another user's
// cart or another recruiter's links by changing ids.
import { beforeAll, describe, expect, it } from "vitest";
import type { Agent, User } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { addToCart, applyCart, clearCart, getCart, removeFromCart, sendCart } from "~/features/links/cart.server";
import { hasOwnInvitationTemplate, linksForRecruiter, recruiterFor, type ScheduleTable } from "~/features/links/linx.server";
import { seedReferenceDataWith } from "../../prisma/seed/reference";
import { createAgent, createSchedule, createUser } from "../support/factories";
import { useTestDatabase } from "../support/db";
import { asUser, req } from "./appointment-fixtures";

useTestDatabase();

const MGA = "CART01";
let mdUser: User, childUser: User, otherUser: User;
let md: Agent, child: Agent, other: Agent;
let tables: ScheduleTable[];

const key = (a: Agent) => ({ agentNumber: a.agentNumber, companyNumber: a.companyNumber, blockNumber: a.blockNumber });
const linkOf = (scheduleName: string, levelNo: number, t = tables) =>
  t.find((s) => s.scheduleName === scheduleName)!.levels.find((l) => l.levelNo === levelNo)!.appointmentLinkId;

beforeAll(async () => {
  await seedReferenceDataWith(prisma);
  mdUser = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
  childUser = await createUser(prisma, { userRoleCode: "USRROLE_AGENT" });
  otherUser = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
  md = await createAgent(prisma, { userId: mdUser.id, hierarchyLevel: 1, mgaCode: MGA });
  child = await createAgent(prisma, { parentId: md.id, userId: childUser.id });
  other = await createAgent(prisma, { userId: otherUser.id, hierarchyLevel: 1, mgaCode: "CART02" });
  const block = await prisma.block.findUniqueOrThrow({ where: { blockNumber: md.blockNumber } });
  const base = await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH", mgaCode: MGA, isBase: true, scheduleName: "A Base" });
  await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH", mgaCode: MGA, baseScheduleId: base.scheduleId, scheduleName: "B Sibling" });
  await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH", mgaCode: MGA, scheduleName: "C Plain" });
  await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH", mgaCode: MGA, scheduleName: "D Rep", enrollRep: true });
  await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH", mgaCode: "CART02", scheduleName: "E Other" });
  await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "LIFE", mgaCode: MGA, scheduleName: "F Life" });
});

describe("links per recruiter (CreateIfMissing)", () => {
  it("creates one APL link per level below the recruiter's, once, even when asked at the same time", async () => {
    const before = await prisma.appointmentLink.count({ where: { recruiterAgentId: md.id } });
    expect(before).toBe(0);
    const r = (await recruiterFor(asUser(mdUser), key(md)))!;
    const runs = await Promise.all([1, 2, 3].map(() => linksForRecruiter(r, mdUser.id)));
    tables = runs[0]!;
    // Sibling under its base only; another MGA's and another product type's schedules not at all.
    expect(tables.map((s) => [s.scheduleName, s.siblings])).toEqual([
      ["A Base", ["B Sibling"]],
      ["C Plain", []],
      ["D Rep", []],
    ]);
    expect(tables[0]!.levels.map((l) => l.levelNo)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    for (const l of tables.flatMap((s) => s.levels)) expect(l.link).toMatch(/^APL[A-HJ-NP-Z2-9]{20}$/);
    // 4 schedules (with the sibling) × 8 levels, no duplicates, every run the same links.
    const rows = await prisma.appointmentLink.findMany({ where: { recruiterAgentId: md.id }, select: { scheduleLevelId: true, linkPrefix: true } });
    expect(rows).toHaveLength(32);
    expect(new Set(rows.map((r) => r.scheduleLevelId)).size).toBe(32);
    expect(runs[1]).toEqual(tables);
    await linksForRecruiter((await recruiterFor(asUser(mdUser), key(md)))!, mdUser.id);
    expect(await prisma.appointmentLink.count({ where: { recruiterAgentId: md.id } })).toBe(32);
  });

  it("offers a downline agent only the levels below his own", async () => {
    const r = (await recruiterFor(asUser(mdUser), key(child)))!;
    const t = await linksForRecruiter(r, mdUser.id);
    expect(t[0]!.levels.map((l) => l.levelNo)).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it("a disabled link is not offered and not re-created", async () => {
    const id = linkOf("C Plain", 9);
    await prisma.appointmentLink.update({ where: { appointmentLinkId: id }, data: { isEnabled: false } });
    const t = await linksForRecruiter((await recruiterFor(asUser(mdUser), key(md)))!, mdUser.id);
    expect(t.find((s) => s.scheduleName === "C Plain")!.levels.map((l) => l.levelNo)).not.toContain(9);
    expect(await prisma.appointmentLink.count({ where: { recruiterAgentId: md.id } })).toBe(32);
    await prisma.appointmentLink.update({ where: { appointmentLinkId: id }, data: { isEnabled: true } });
  });

  it("works only for the user's own positions and downline", async () => {
    expect(await recruiterFor(asUser(mdUser), key(md))).not.toBeNull();
    expect(await recruiterFor(asUser(mdUser), key(child))).not.toBeNull();
    // Upline and another hierarchy: not yours.
    expect(await recruiterFor(asUser(childUser), key(md))).toBeNull();
    expect(await recruiterFor(asUser(otherUser), key(md))).toBeNull();
    expect(await recruiterFor(asUser(mdUser), key(other))).toBeNull();
    expect(await recruiterFor(asUser(mdUser), { agentNumber: "NOPE", companyNumber: "MI01", blockNumber: 72 })).toBeNull();
  });

  it("knows whether the user has an invitation template of their own", async () => {
    expect(await hasOwnInvitationTemplate(asUser(mdUser))).toBe(false);
    await prisma.emailTemplate.create({ data: { templateTypeId: 1003, userId: mdUser.id, name: "Mine", description: "d", html: "<p>x</p>" } });
    expect(await hasOwnInvitationTemplate(asUser(mdUser))).toBe(true);
  });
});

describe("the cart", () => {
  const u = () => asUser(mdUser);

  it("adding a base schedule's level adds the sibling's same level", async () => {
    await clearCart(u());
    const r = await addToCart(u(), linkOf("A Base", 5));
    expect(r).toMatchObject({ ok: true, added: 2, recruiter: key(md) });
    const cart = await getCart(u());
    expect(cart.items.map((i) => [i.scheduleName, i.levelNo])).toEqual([
      ["A Base", 5],
      ["B Sibling", 5],
    ]);
    expect(cart.items[0]).toMatchObject({ carrier: expect.any(String), productType: "Health", mgaCode: MGA });
  });

  it("applies every rule with its message", async () => {
    const refused = async (id: number) => {
      const r = await addToCart(u(), id);
      return r.ok ? null : r.refusal?.title;
    };
    expect(await refused(linkOf("A Base", 6))).toBe("Schedule Already Chosen");
    expect(await refused(linkOf("D Rep", 5))).toBe("Appointment Types Must Match");
    const childTables = await linksForRecruiter((await recruiterFor(u(), key(child)))!, mdUser.id);
    expect(await refused(linkOf("C Plain", 5, childTables))).toBe("Schedules from Multiple Recruiters");
    expect((await addToCart(u(), linkOf("C Plain", 7))).ok).toBe(true);
    expect((await getCart(u())).items).toHaveLength(3);
  });

  it("refuses another recruiter's links and never shows or changes another user's cart (404)", async () => {
    // The other director adds the first director's link by its id: not his to offer.
    expect(await addToCart(asUser(otherUser), linkOf("C Plain", 8))).toEqual({ ok: false, refusal: null });
    // Nor the upline's link from the downline agent.
    expect(await addToCart(asUser(childUser), linkOf("C Plain", 8))).toEqual({ ok: false, refusal: null });
    expect((await getCart(asUser(otherUser))).items).toEqual([]);
    // Removing a line of someone else's cart does nothing.
    expect(await removeFromCart(asUser(otherUser), linkOf("C Plain", 7))).toBe(false);
    await clearCart(asUser(otherUser));
    expect(await sendCart(asUser(otherUser))).toEqual({ ok: false, empty: true });
    expect((await getCart(u())).items).toHaveLength(3);
  });

  it("drops a line whose link was disabled meanwhile", async () => {
    const id = linkOf("C Plain", 7);
    await prisma.appointmentLink.update({ where: { appointmentLinkId: id }, data: { isEnabled: false } });
    expect((await getCart(u())).items).toHaveLength(2);
    await prisma.appointmentLink.update({ where: { appointmentLinkId: id }, data: { isEnabled: true } });
    expect((await addToCart(u(), id)).ok).toBe(true);
  });

  it("send: several links become one multi-link of the user, the cart is emptied", async () => {
    const ids = (await getCart(u())).items.map((i) => i.appointmentLinkId);
    const r = await sendCart(u());
    expect(r.ok).toBe(true);
    const url = new URL((r as { url: string }).url, "http://x");
    expect(url.pathname).toBe("/invite");
    const code = url.searchParams.get("links")!.replace(/^MLT/, "");
    const ml = await prisma.multiLink.findUniqueOrThrow({ where: { code }, include: { items: { orderBy: { sortOrder: "asc" } } } });
    expect(ml.createdById).toBe(mdUser.id);
    expect(ml.items.map((i) => i.appointmentLinkId)).toEqual(ids);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{20}$/);
    expect((await getCart(u())).items).toEqual([]);
  });

  it("send: one link goes to the invitation as it is", async () => {
    await addToCart(u(), linkOf("C Plain", 4));
    const r = await sendCart(u());
    const link = await prisma.appointmentLink.findUniqueOrThrow({ where: { appointmentLinkId: linkOf("C Plain", 4) } });
    expect(r).toEqual({ ok: true, url: `/invite?link=APL${link.code}` });
  });

  it("apply: creates the paper application through a new multi-link; a second one for that email is refused and keeps the cart", async () => {
    await addToCart(u(), linkOf("C Plain", 6));
    const mlBefore = await prisma.multiLink.count();
    const r = await applyCart(u(), { email: "cart.prospect@example.com", apptTypeCode: "APPTTYP_IND" }, req("/cartlinks"));
    expect(r.ok).toBe(true);
    const appt = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: (r as { appointmentId: number }).appointmentId } });
    expect(appt).toMatchObject({ isPaperAppointment: true, submitterId: mdUser.id, prospectEmailAddress: "cart.prospect@example.com" });
    expect(appt.multiLinkId).not.toBeNull();
    expect(await prisma.multiLink.count()).toBe(mlBefore + 1);
    expect((await getCart(u())).items).toEqual([]);

    await addToCart(u(), linkOf("C Plain", 6));
    const again = await applyCart(u(), { email: "cart.prospect@example.com", apptTypeCode: "APPTTYP_IND" }, req("/cartlinks"));
    expect(again).toMatchObject({ ok: false, dialog: { code: "AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE", title: "Cannot Create Appointment" } });
    expect((await getCart(u())).items).toHaveLength(1);
    expect(await prisma.multiLink.count()).toBe(mlBefore + 1);
  });
});
