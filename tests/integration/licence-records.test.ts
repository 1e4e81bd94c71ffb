// The foundation of issue 23 (decision 0068) against a real database: a licence or credential saved
// through records.server.ts is written with its audit row (who, what changed) and the standing of every
// agent position of the NPN in one transaction; a second licence for a state is refused next to the
// field; npnAccess gives the producer and an administrator 'edit', an upline 'read' and anyone else
// nothing (an NPN typed into someone's application does not reach another producer's records).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownPositions } from "~/features/agents/agents.server";
import { loadAgentDetail } from "~/features/agents/detail.server";
import { npnAccess, ownNpns } from "~/features/licences/access.server";
import { storedStanding } from "~/features/licences/compliance.server";
import { LICENCE_MESSAGES } from "~/features/licences/messages";
import { deleteRecord, saveCredential, saveLicence, recordsOfNpn } from "~/features/licences/records.server";
import { credentialSchema, licenceSchema } from "~/features/licences/schema";
import type { Agent, User } from "~/generated/prisma/client";
import { disconnectPrisma, prisma } from "~/lib/db.server";
import { capabilitiesOf } from "~/lib/permissions";
import { useTestDatabase } from "../support/db";
import { createAgent, createAppointment, createCarrierWithBlocks, createLicence, createUser } from "../support/factories";
import { asUser } from "./appointment-fixtures";

useTestDatabase();

const TODAY = "2027-01-15";
let md: Agent, agent: Agent, stranger: User, agentUser: User, mdUser: User, admin: User;

const licence = (o: Record<string, unknown>) => licenceSchema.parse({ loaLife: "on", ...o });
const eo = (expiryDate: string) => credentialSchema.parse({ kind: "EO", policyNumber: "P-77", coverageLimit: "1000000", expiryDate });

beforeAll(async () => {
  await createCarrierWithBlocks(prisma, { carrierCode: "SLAC", companyNumber: "SL01", blocks: [{ blockNumber: 215, productTypeCode: "LIFE" }] });
  mdUser = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
  agentUser = await createUser(prisma);
  stranger = await createUser(prisma);
  admin = await createUser(prisma, { isInternal: true });
  md = await createAgent(prisma, { blockNumber: 215, userId: mdUser.id, npn: "9000001" });
  agent = await createAgent(prisma, { parentId: md.id, userId: agentUser.id, npn: "5550001", licensedStates: ["TX", "OK"] });
});
afterAll(disconnectPrisma);

describe("saving licenses and credentials", () => {
  it("writes, audits and re-evaluates the NPN's positions in one go", async () => {
    const actor = { userId: agentUser.id, source: "AGENT" as const };
    expect(await saveLicence(actor, "5550001", licence({ stateCode: "TX", expiryDate: "2027-06-30" }), "new", TODAY)).toMatchObject({ ok: true });
    // OK is still missing, and there is no E&O.
    expect(await storedStanding(prisma, agent.id)).toMatchObject({ standing: "NOT_IN_GOOD_ORDER", checkedOn: TODAY });
    const ok = await saveLicence(actor, "5550001", licence({ stateCode: "OK", expiryDate: "2027-03-01" }), "new", TODAY);
    const cred = await saveCredential(actor, "5550001", eo("2027-12-31"), "new", undefined, TODAY);
    expect(cred.ok).toBe(true);
    expect(await storedStanding(prisma, agent.id)).toMatchObject({ standing: "IN_GOOD_ORDER", reasons: [], nextExpiry: "2027-03-01" });

    const audit = await prisma.auditLog.findMany({ where: { actorUserId: agentUser.id }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["LICENCE_CREATED", "AGENT_STANDING_CHANGED", "LICENCE_CREATED", "CREDENTIAL_CREATED", "AGENT_STANDING_CHANGED"]);
    expect(audit[2].details).toMatchObject({ npn: "5550001", stateCode: "OK", source: "AGENT", changes: { expiryDate: [null, "2027-03-01"] } });
    expect(audit[4].details).toMatchObject({ from: "NOT_IN_GOOD_ORDER", to: "IN_GOOD_ORDER" });

    // A change records what changed, and the lapse of the OK licence takes the agent out of good order.
    expect(ok.ok && (await saveLicence({ userId: admin.id, source: "ADMIN" }, "5550001", licence({ stateCode: "OK", expiryDate: "2027-01-10" }), ok.id, TODAY))).toMatchObject({ ok: true });
    const last = await prisma.auditLog.findFirst({ where: { action: "LICENCE_UPDATED" }, orderBy: { id: "desc" } });
    expect(last).toMatchObject({ actorUserId: admin.id, details: { source: "ADMIN", changes: { expiryDate: ["2027-03-01", "2027-01-10"] } } });
    expect(await storedStanding(prisma, agent.id)).toMatchObject({ standing: "NOT_IN_GOOD_ORDER", reasons: [{ code: "LICENCE_EXPIRED", stateCode: "OK" }] });
  });

  it("refuses a second license for a state next to the state field, and saves nothing", async () => {
    const before = await prisma.producerLicence.count();
    expect(await saveLicence({ userId: agentUser.id, source: "AGENT" }, "5550001", licence({ stateCode: "TX" }), "new", TODAY)).toEqual({
      ok: false,
      status: 400,
      field: "stateCode",
      message: LICENCE_MESSAGES.stateTaken,
    });
    expect(await prisma.producerLicence.count()).toBe(before);
  });

  it("changes and deletes only records of the NPN it is given", async () => {
    const other = await createLicence(prisma, { npn: "7770001", stateCode: "CA" });
    expect(await saveLicence({ userId: agentUser.id, source: "AGENT" }, "5550001", licence({ stateCode: "CA" }), other.id, TODAY)).toMatchObject({ ok: false, status: 404 });
    expect(await deleteRecord({ userId: agentUser.id, source: "AGENT" }, "5550001", "licence", other.id, TODAY)).toMatchObject({ ok: false, status: 404 });
    expect(await prisma.producerLicence.findUnique({ where: { id: other.id } })).not.toBeNull();
    const recs = await recordsOfNpn("5550001");
    expect(recs.licences.map((l) => l.stateCode).sort()).toEqual(["OK", "TX"]);
    expect(recs.credentials[0]).toMatchObject({ kind: "EO", expiryDate: "2027-12-31", coverageLimit: "1000000" });
  });
});

describe("the agent detail page, for the upline (issue 23 item 1)", () => {
  it("shows the position's standing and its NPN's licenses: state, lines, expiry and their state", async () => {
    const positions = await ownPositions(mdUser.id);
    const detail = await loadAgentDetail(positions, positions[0], agent.agentNumber);
    expect(detail?.standing?.standing).toBe("NOT_IN_GOOD_ORDER"); // the OK licence lapsed above
    expect(detail?.licences).toEqual([
      { stateCode: "OK", lines: ["LIFE"], expiryDate: "2027-01-10", state: expect.any(String) },
      { stateCode: "TX", lines: ["LIFE"], expiryDate: "2027-06-30", state: expect.any(String) },
    ]);
    expect(detail?.licencesHref).toBe("/licences/5550001");
  });
});

describe("npnAccess", () => {
  const caps = (u: User) => capabilitiesOf(u.isInternal ? ["prospect", "administrator"] : ["agent"]);
  it("the producer edits, the upline reads, an administrator edits, anyone else gets nothing", async () => {
    expect(await npnAccess(asUser(agentUser), caps(agentUser), "5550001")).toEqual({ mode: "edit", source: "AGENT" });
    expect(await npnAccess(asUser(mdUser), caps(mdUser), "5550001")).toEqual({ mode: "read" });
    expect(await npnAccess(asUser(admin), caps(admin), "5550001")).toEqual({ mode: "edit", source: "ADMIN" });
    expect(await npnAccess(asUser(stranger), caps(stranger), "5550001")).toBeNull();
    expect(await npnAccess(asUser(agentUser), caps(agentUser), "9000001")).toBeNull(); // the upline's own: not the agent's
    expect(await npnAccess(asUser(agentUser), caps(agentUser), " ")).toBeNull();
  });
  it("an application's NPN is the prospect's own unless another producer holds it", async () => {
    const mine = await createAppointment(prisma, { userId: stranger.id });
    await prisma.appointmentPersonal.upsert({
      where: { appointmentId: mine.appointmentId },
      create: { appointmentId: mine.appointmentId, nationalProducerNumber: "4440001" },
      update: { nationalProducerNumber: "4440001" },
    });
    const theirs = await createAppointment(prisma, { userId: stranger.id });
    await prisma.appointmentPersonal.upsert({
      where: { appointmentId: theirs.appointmentId },
      create: { appointmentId: theirs.appointmentId, nationalProducerNumber: "5550001" },
      update: { nationalProducerNumber: "5550001" },
    });
    expect(await ownNpns(stranger.id)).toEqual(["4440001"]);
    expect(await npnAccess(asUser(stranger), caps(stranger), "4440001")).toEqual({ mode: "edit", source: "AGENT" });
    expect(await npnAccess(asUser(stranger), caps(stranger), "5550001")).toBeNull();
  });
});
