// Appointment filings (issue 37 item 2, decision 0109) against a real database:
//  - an approval files each state it asks for, by the state's rule: PA pre-appointment (due at the
//    approval), a within-days state (due N days later), a just-in-time state (no due date until
//    the first business is recorded, then + N); the fee, the licence number, the carrier and its
//    NAIC code, one line of authority (the product's);
//  - nothing twice: a second approval is refused, the filings made again add nothing;
//  - a state added later without a licence is HELD with the reason and released when it is
//    licensed; a licence that lapses holds an unfiled request (a filed one stays);
//  - a product naming no line: the lines the licence carries (Life only gives Life only);
//  - the approval's transaction failing leaves no filing;
//  - the review screen's Approve (the route's action) creates them; Life only gives Life only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSection, submitApplication } from "~/features/appointment/appointment.server";
import { createFromWizard } from "~/features/appointment/create.server";
import { validApplication } from "~/features/appointment/fixtures";
import { SECTION_DATA_KEY } from "~/features/appointment/form-data";
import { DATA_SECTIONS } from "~/features/appointment/model";
import { dayOf } from "~/features/licences/status";
import { approveApplication } from "~/features/review/decisions.server";
import { addDays } from "~/features/state-filings/due";
import { createFilingsForApproval, filingsForStateAdded, holdLapsedFilings, recordFirstBusiness } from "~/features/state-filings/filings.server";
import { prisma } from "~/lib/db.server";
import { createSession } from "~/lib/session.server";
import { action as reviewAction } from "~/routes/admin.review.$appointmentId";
import { useTestDatabase } from "../support/db";
import { createAgent, createAppointmentLink, createCarrierWithBlocks, createLicence, createSchedule, createUser } from "../support/factories";
import { asUser, consent, formDataOf, newProspect, req, useWorldWithJobs, withQuestions } from "./appointment-fixtures";

useTestDatabase();
const world = useWorldWithJobs();

const admin = () => createUser(prisma, { isInternal: true, userRoleCode: "USRROLE_AGENT" });
const today = () => dayOf(new Date());
const day = (d: Date | null) => (d ? dayOf(d) : null);
let npnSeq = 0;
/** A fresh NPN per application: its licences are its own. */
const newNpn = () => `7${String(Date.now()).slice(-6)}${npnSeq++}`;

beforeAll(async () => {
  // A within-days state with a seeded N (the defaults have none: decision 0108).
  await prisma.stateRule.update({ where: { stateCode: "NY" }, data: { appointmentTiming: "WITHIN_DAYS", appointmentDays: 10 } });
  const block = await prisma.block.findUniqueOrThrow({ where: { blockNumber: world.md.blockNumber } });
  await prisma.carrier.update({ where: { carrierId: block.carrierId }, data: { naicCompanyCode: "99101" } });
});
afterAll(async () => {
  await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS filings_forced_failure ON appointment_decisions`);
});

/** A prospect's application through `link` for `states` with NPN `npn`, submitted. */
async function submitted(states: string[], npn: string, link = world.linkText) {
  const user = asUser(await newProspect());
  const created = await createFromWizard(user, { link, appointmentTypeCode: "APPTTYP_IND" });
  if (!created.ok) throw new Error(created.message);
  const id = created.appointmentId;
  await consent(user, id);
  const data = withQuestions(validApplication("APPTTYP_IND"), world);
  data.documents = { willFax: true, extraWritingNumRequested: false };
  data.fees = { ...data.fees, states };
  data.personal = { ...data.personal, nationalProducerNumber: npn };
  for (const s of DATA_SECTIONS) {
    const r = await saveSection(user, id, s, formDataOf(data[SECTION_DATA_KEY[s]]), req());
    expect(r.saved, `${s}: ${JSON.stringify(r.reply.error)}`).toBe(true);
  }
  const r = await submitApplication(user, id, req(), { cvc: "123" });
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return id;
}

const filingsOf = (where: { agentId?: number; appointmentId?: number; npn?: string }) =>
  prisma.appointmentFiling.findMany({ where, include: { carrier: true }, orderBy: [{ stateCode: "asc" }, { lineOfAuthority: "asc" }] });

async function approved(states: string[], npn: string) {
  const a = await admin();
  const id = await submitted(states, npn);
  const r = await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "All verified.", request: req() });
  expect(r, JSON.stringify(r)).toMatchObject({ ok: true, statusCode: "APWF_STATUS_APPROVED" });
  const { agentId } = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id }, select: { agentId: true } });
  return { admin: a, id, agentId: agentId! };
}

const feeOf = async (code: string, resident: boolean) => {
  const f = await prisma.stateFee.findUniqueOrThrow({ where: { stateCode: code } });
  return (resident ? f.residentFeeAmount : f.nonResidentFeeAmount).toFixed(2);
};

describe("filings at approval", () => {
  it("one per state on the product's line, due by the state's rule; just in time waits for the first business", async () => {
    const npn = newNpn();
    for (const s of ["TX", "PA", "NY"]) await createLicence(prisma, { npn, stateCode: s, licenceNumber: `${s}-${npn}`, source: "ADMIN" });
    const { admin: a, id, agentId } = await approved(["TX", "PA", "NY"], npn);
    const d = today();

    const rows = await filingsOf({ agentId });
    // The world's product is Health: the Accident & Health line only, though the licences carry Life too.
    expect(rows.map((f) => [f.stateCode, f.lineOfAuthority, f.status, f.heldReason, day(f.effectiveDate), day(f.dueDate)])).toEqual([
      ["NY", "ACCIDENT_HEALTH", "TO_FILE", null, d, addDays(d, 10)],
      ["PA", "ACCIDENT_HEALTH", "TO_FILE", null, d, d],
      ["TX", "ACCIDENT_HEALTH", "TO_FILE", null, null, null],
    ]);
    expect(rows.every((f) => f.appointmentId === id && f.npn === npn && f.carrier.naicCompanyCode === "99101" && f.createdById === a.id)).toBe(true);
    expect(rows.map((f) => f.licenceNumber)).toEqual([`NY-${npn}`, `PA-${npn}`, `TX-${npn}`]);
    // The applicant lives in Texas: the resident fee there, the non-resident fee elsewhere.
    expect(rows.map((f) => f.feeAmount.toFixed(2))).toEqual([await feeOf("NY", false), await feeOf("PA", false), await feeOf("TX", true)]);
    const decision = await prisma.auditLog.findFirstOrThrow({ where: { action: "APPLICATION_APPROVED", targetId: String(id) } });
    expect(decision.details).toMatchObject({ filings: 3 });

    // The first business in Texas two days ago: due 15 days after it (the default rule), in effect from it.
    const fb = addDays(d, -2);
    expect(await recordFirstBusiness(agentId, "TX", fb, a, { request: req() })).toEqual({ ok: true, recorded: 1, dated: 1 });
    const tx = (await filingsOf({ agentId })).find((f) => f.stateCode === "TX")!;
    expect([day(tx.firstBusinessDate), day(tx.effectiveDate), day(tx.dueDate)]).toEqual([fb, fb, addDays(fb, 15)]);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "FIRST_BUSINESS_RECORDED", targetId: String(agentId) } });
    expect(audit).toMatchObject({ actorUserId: a.id, targetType: "Agent", ipAddress: "203.0.113.7", details: { stateCode: "TX", firstBusinessDate: fb, filings: 1, dated: 1 } });
    // Once only; never in the future; a state without filings of the position has nothing to record.
    expect(await recordFirstBusiness(agentId, "TX", d, a)).toEqual({ ok: false, code: "NOTHING_TO_RECORD" });
    expect(await recordFirstBusiness(agentId, "NY", addDays(d, 1), a)).toEqual({ ok: false, code: "INVALID_DATE" });
    expect(await recordFirstBusiness(agentId, "NY", "2026-02-30", a)).toEqual({ ok: false, code: "INVALID_DATE" });
    expect(await recordFirstBusiness(agentId, "OH", d, a)).toEqual({ ok: false, code: "NOTHING_TO_RECORD" });
    // In a within-days state the first business is recorded; the due date stays the rule's.
    expect(await recordFirstBusiness(agentId, "NY", d, a)).toEqual({ ok: true, recorded: 1, dated: 0 });
    const ny = (await filingsOf({ agentId })).find((f) => f.stateCode === "NY")!;
    expect([day(ny.firstBusinessDate), day(ny.dueDate)]).toEqual([d, addDays(d, 10)]);
    expect(await prisma.auditLog.count({ where: { action: "FIRST_BUSINESS_RECORDED", targetId: String(agentId) } })).toBe(2);
  });

  it("nothing twice: a second approval is refused, making the filings again adds none", async () => {
    const npn = newNpn();
    await createLicence(prisma, { npn, stateCode: "TX" });
    const { admin: a, id, agentId } = await approved(["TX"], npn);
    const before = await filingsOf({ agentId });
    expect(before).toHaveLength(1);

    expect(await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "Again." })).toMatchObject({ ok: false, code: "ALREADY_DECIDED" });
    const again = await prisma.$transaction((tx) => createFilingsForApproval(tx, id, [agentId, agentId], { now: new Date(), actorId: a.id }));
    expect(again).toEqual({ created: 0, withoutRule: [], withoutLine: [], noNpn: false });
    expect(await filingsOf({ agentId })).toEqual(before);
  });

  it("the approval's transaction failing after the filings leaves none (and no agent)", async () => {
    const npn = newNpn();
    await createLicence(prisma, { npn, stateCode: "TX" });
    const a = await admin();
    const id = await submitted(["TX"], npn);
    // The decision row is written after approveWork: a trigger refusing it fails the whole transaction.
    await prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION filings_forced_failure() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.appointment_id = ${id} THEN RAISE EXCEPTION 'forced failure'; END IF; RETURN NEW; END $$`);
    await prisma.$executeRawUnsafe(`CREATE TRIGGER filings_forced_failure BEFORE INSERT ON appointment_decisions FOR EACH ROW EXECUTE FUNCTION filings_forced_failure()`);
    try {
      const outcome = await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "OK" }).catch((e: Error) => e);
      expect(outcome instanceof Error ? outcome.message : JSON.stringify(outcome)).toMatch(/forced failure/);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS filings_forced_failure ON appointment_decisions`);
    }
    expect(await prisma.appointmentFiling.count({ where: { npn } })).toBe(0);
    expect(await prisma.appointmentFiling.count({ where: { appointmentId: id } })).toBe(0);
    expect((await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } })).appointmentStatusCode).toBe("APWF_STATUS_NEWCONTRACT");
    expect(await prisma.agent.count({ where: { npn } })).toBe(0);
    // Once the failure is gone, the approval files.
    expect(await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "OK" })).toMatchObject({ ok: true });
    expect(await prisma.appointmentFiling.count({ where: { npn } })).toBe(1);
  });
});

describe("held filings", () => {
  it("a state added without a licence is HELD with the reason, released when licensed; a lapsed licence holds an unfiled request", async () => {
    const npn = newNpn();
    for (const s of ["TX", "PA"]) await createLicence(prisma, { npn, stateCode: s, licenceNumber: `${s}-1` });
    const { agentId } = await approved(["TX", "PA"], npn);
    const d = today();

    expect(await filingsForStateAdded(agentId, "oh", { now: new Date(), actorId: null })).toEqual({ created: 1, withoutRule: [], withoutLine: [], noNpn: false });
    let oh = (await filingsOf({ agentId })).find((f) => f.stateCode === "OH")!;
    expect(oh).toMatchObject({ status: "HELD", heldReason: "LICENCE_MISSING", lineOfAuthority: "ACCIDENT_HEALTH", appointmentId: null, licenceNumber: null });
    expect([day(oh.effectiveDate), day(oh.dueDate), oh.feeAmount.toFixed(2)]).toEqual([null, null, await feeOf("OH", false)]);
    // Again: nothing more; a jurisdiction without a rule files nothing.
    expect(await filingsForStateAdded(agentId, "OH", { now: new Date(), actorId: null })).toMatchObject({ created: 0 });
    expect(await filingsForStateAdded(agentId, "AA", { now: new Date(), actorId: null })).toMatchObject({ created: 0, withoutRule: ["AA"] });
    expect(await filingsForStateAdded(-1, "OH", { now: new Date(), actorId: null })).toBeNull();

    // Licensed in Ohio now: the daily pass releases it with the licence's number.
    await createLicence(prisma, { npn, stateCode: "OH", licenceNumber: "OH-7" });
    expect(await holdLapsedFilings(d)).toMatchObject({ released: 1 });
    oh = (await filingsOf({ agentId })).find((f) => f.stateCode === "OH")!;
    expect(oh).toMatchObject({ status: "TO_FILE", heldReason: null, licenceNumber: "OH-7" });

    // Texas lapses before it is filed: held; Pennsylvania, already filed, stays filed.
    await prisma.appointmentFiling.updateMany({ where: { agentId, stateCode: "PA" }, data: { status: "FILED" } });
    await prisma.producerLicence.updateMany({ where: { npn, stateCode: { in: ["TX", "PA"] } }, data: { expiryDate: new Date(`${addDays(d, -1)}T00:00:00Z`) } });
    expect(await holdLapsedFilings(d)).toEqual({ held: 1, released: 0 });
    expect(await holdLapsedFilings(d)).toEqual({ held: 0, released: 0 });
    const rows = await filingsOf({ agentId });
    expect(rows.map((f) => [f.stateCode, f.status, f.heldReason])).toEqual([
      ["OH", "TO_FILE", null],
      ["PA", "FILED", null],
      ["TX", "HELD", "LICENCE_EXPIRED"],
    ]);
    // Renewed: released.
    await prisma.producerLicence.updateMany({ where: { npn, stateCode: "TX" }, data: { expiryDate: new Date(`${addDays(d, 365)}T00:00:00Z`) } });
    expect(await holdLapsedFilings(d)).toEqual({ held: 0, released: 1 });
    expect((await filingsOf({ agentId })).find((f) => f.stateCode === "TX")).toMatchObject({ status: "TO_FILE", heldReason: null });
    // A HELD filing must say why (the database's own check)...
    await expect(prisma.appointmentFiling.updateMany({ where: { agentId, stateCode: "TX" }, data: { status: "HELD", heldReason: null } })).rejects.toThrow(/appointment_filings_status_known/);
    // ... and a REJECTED one give the state's reason.
    await expect(prisma.appointmentFiling.updateMany({ where: { agentId, stateCode: "TX" }, data: { status: "REJECTED" } })).rejects.toThrow(/appointment_filings_status_known/);
  });

  it("a product that names no line: the lines the licence carries (Life only gives Life only); no licence, no line to hold", async () => {
    const pt = await prisma.productType.create({ data: { productTypeCode: "GENERAL", name: "General", maxLevel: 9, lineOfAuthority: null } });
    const { carrier } = await createCarrierWithBlocks(prisma, { carrierCode: "GNAC", companyNumber: "GN01", naicCompanyCode: "99103", blocks: [] });
    await prisma.block.create({ data: { blockNumber: 771, carrierId: carrier.carrierId, productTypeId: pt.productTypeId, isHealth: false } });
    const lifeOnly = newNpn();
    const both = newNpn();
    await createLicence(prisma, { npn: lifeOnly, stateCode: "TX", loaLife: true, loaAccidentHealth: false });
    await createLicence(prisma, { npn: both, stateCode: "TX", loaLife: true, loaAccidentHealth: false, loaVariable: true });
    const p1 = await createAgent(prisma, { blockNumber: 771, companyNumber: "GN01", hierarchyLevel: 1, npn: lifeOnly, residentLicenseState: "TX" });
    const p2 = await createAgent(prisma, { blockNumber: 771, companyNumber: "GN01", hierarchyLevel: 1, npn: ` ${both} `, residentLicenseState: "OK" });
    const a = await admin();
    const created = await prisma.$transaction(async (tx) => {
      const one = await filingsForStateAdded(p1.id, "TX", { now: new Date(), actorId: a.id }, tx);
      const two = await filingsForStateAdded(p2.id, "TX", { now: new Date(), actorId: a.id }, tx);
      const none = await filingsForStateAdded(p1.id, "OH", { now: new Date(), actorId: a.id }, tx);
      return [one, two, none];
    });
    expect(created.map((c) => c?.created)).toEqual([1, 2, 0]);
    expect(created[2]).toMatchObject({ withoutLine: ["OH"] });
    expect((await filingsOf({ agentId: p1.id })).map((f) => [f.lineOfAuthority, f.status, f.carrier.naicCompanyCode, f.feeAmount.toFixed(2)])).toEqual([["LIFE", "TO_FILE", "99103", await feeOf("TX", true)]]);
    expect((await filingsOf({ agentId: p2.id })).map((f) => [f.npn, f.lineOfAuthority, f.feeAmount.toFixed(2)])).toEqual([
      [both, "LIFE", await feeOf("TX", false)],
      [both, "VARIABLE", await feeOf("TX", false)],
    ]);
    // The carrier's NAIC code is five digits, or none (the database's own check).
    await expect(prisma.carrier.update({ where: { carrierId: carrier.carrierId }, data: { naicCompanyCode: "9910" } })).rejects.toThrow(/carriers_naic_company_code_format/);
  });
});

describe("the review screen's Approve", () => {
  it("creates the filings in the approval; a Life product licensed for Life only gives Life filings only", async () => {
    const a = await admin();
    await createCarrierWithBlocks(prisma, { carrierCode: "LFAC", companyNumber: "LF01", naicCompanyCode: "99104", blocks: [{ blockNumber: 612, productTypeCode: "LIFE" }] });
    const carrier = await prisma.carrier.findUniqueOrThrow({ where: { carrierCode: "LFAC" } });
    const md = await createAgent(prisma, { blockNumber: 612, companyNumber: "LF01", hierarchyLevel: 1 });
    const life = await createSchedule(prisma, { carrierId: carrier.carrierId, productTypeCode: "LIFE" });
    const link = await createAppointmentLink(prisma, { recruiterAgentId: md.id, scheduleLevelId: life.levels.find((l) => l.levelNo === 9)!.scheduleLevelId });
    const npn = newNpn();
    await createLicence(prisma, { npn, stateCode: "TX", licenceNumber: "TX-LIFE", loaLife: true, loaAccidentHealth: false });
    const id = await submitted(["TX"], npn, `APL${link.code}`);

    const cookie = (await createSession(new Request("http://localhost/"), { userId: a.id, impersonatorUserId: null })).split(";")[0]!;
    const body = new URLSearchParams({ decision: "APPROVE", reason: "Licence verified.", confirm: "on" });
    const request = new Request(`http://localhost/admin/review/${id}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body });
    const response = await reviewAction({ request, params: { appointmentId: String(id) }, context: {} }).catch((r: unknown) => r);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Location")).toBe(`/admin/review/${id}?decided=APPROVE`);

    const rows = await filingsOf({ appointmentId: id });
    expect(rows.map((f) => [f.stateCode, f.lineOfAuthority, f.status, f.licenceNumber, f.carrier.naicCompanyCode, f.npn])).toEqual([["TX", "LIFE", "TO_FILE", "TX-LIFE", "99104", npn]]);
  });
});
