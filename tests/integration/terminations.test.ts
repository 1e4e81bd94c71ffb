// Terminations (issue 37 item 3, decision 0111) against a real database, job runner and SMTP server:
//  - the reason is required and must be one each state accepts (one code, or one per state);
//  - the effective date: not after today, backdated only as far as each state allows;
//  - one termination per appointed state (FILED, ACCEPTED), its due date from the state's days,
//    the reason's code and meaning copied; a TO_FILE or HELD appointment is withdrawn with the reason;
//  - for cause: the case (electronic or by letter, the producer's copy due), the copy mailed to the
//    producer through send-email and recorded as sent; the letter's day recorded once;
//  - a failure in the transaction leaves the agent active, no termination, no filing withdrawn;
//  - the hierarchy import: a deactivating line without terminationReason, or with a code a state
//    does not take, is refused on its line naming the column; a good one makes the terminations.
import { Readable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importAgentsCsv } from "~/features/hierarchy/import.server";
import { dayOf } from "~/features/licences/status";
import { deactivateAgent } from "~/features/state-filings/deactivate.server";
import { addDays } from "~/features/state-filings/due";
import { REASON_COLUMN, TERMINATION_MESSAGES as M, type ReasonChoice } from "~/features/state-filings/terminations";
import { checkDeactivation, recordNoticeSent } from "~/features/state-filings/terminations.server";
import type { Agent, User } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { startWorker, stopWorker } from "~/lib/jobs.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, createUser, seedReferenceData } from "../support/factories";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

const db = useTestDatabase();
const TODAY = dayOf(new Date());
let smtp: SmtpSink;
let admin: User;
let carrierId: number;
let seq = 0;

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 150));
  }
}
const pendingJobs = async () => Number((await prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*)::bigint AS n FROM graphile_worker._private_jobs`)[0]!.n);

/** A position of the TERM carrier with an appointment filing per state in the given status. */
async function agentWith(filings: Record<string, string>, over: { email?: string } = {}): Promise<Agent> {
  const n = ++seq;
  const a = await createAgent(prisma, { blockNumber: 901, firstName: "Terry", lastName: `Term${n}`, npn: `81000${n}`, email: over.email ?? null });
  for (const [stateCode, status] of Object.entries(filings)) {
    await prisma.appointmentFiling.create({
      data: { agentId: a.id, npn: `81000${n}`, stateCode, lineOfAuthority: "LIFE", carrierId, feeAmount: "10.00", status, heldReason: status === "HELD" ? "LICENCE_EXPIRED" : null, withdrawnReason: status === "WITHDRAWN" ? "Withdrawn before" : null, licenceNumber: `${stateCode}-${n}` },
    });
  }
  return a;
}
const byState = (codes: Record<string, string>): ReasonChoice => ({ kind: "byState", codes });
const deactivate = async (a: Agent, choice: ReasonChoice, effectiveDate = TODAY) => deactivateAgent(admin, a.id, { choice, effectiveDate });
const terminationsOf = (agentId: number) => prisma.termination.findMany({ where: { agentId }, orderBy: { stateCode: "asc" } });

beforeAll(async () => {
  smtp = await startSmtpSink();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  await seedReferenceData();
  admin = await createUser(prisma, { isInternal: true, userRoleCode: "USRROLE_AGENT" });
  ({
    carrier: { carrierId },
  } = await createCarrierWithBlocks(prisma, { carrierCode: "TERM", companyNumber: "TE01", blocks: [{ blockNumber: 901, productTypeCode: "LIFE" }] }));
  // TX takes a for-cause termination electronically and backdating by 10 days; NY wants for cause in 15.
  await prisma.stateRule.update({ where: { stateCode: "TX" }, data: { forCauseElectronic: true, backdateMaxDays: 10 } });
  await prisma.stateRule.update({ where: { stateCode: "NY" }, data: { terminationForCauseDays: 15, backdateMaxDays: 30 } });
});
afterAll(async () => {
  await stopWorker();
  await smtp?.close();
  await prisma.$executeRawUnsafe(`DROP TRIGGER IF EXISTS terminations_forced_failure ON terminations`);
});

describe("the reason and the date", () => {
  it("a reason is required, and each state must accept it: one code for all, or one per state", async () => {
    const a = await agentWith({ FL: "FILED", TX: "ACCEPTED" });
    const check = (choice: ReasonChoice | null | "invalid", date: string | null = TODAY) => checkDeactivation(prisma, a.id, choice, date, { now: new Date() });
    expect(await check(null)).toEqual([{ field: "reason", message: M.reasonRequired }]);
    expect(await check("invalid")).toEqual([{ field: "reason", message: M.reasonFormat }]);
    // VOL is a generic code: Florida takes only its eAppoint codes.
    expect(await check({ kind: "all", code: "VOL" })).toEqual([{ field: "reason", stateCode: "FL", message: M.reasonNotAccepted("FL", "VOL", ["AVFS", "D", "MOFL", "NLRC", "CAUSE"]) }]);
    expect(await check({ kind: "all", code: "CAUSE" })).toEqual([]);
    expect(await check(byState({ FL: "AVFS", TX: "VOL" }))).toEqual([]);
    expect(await check(byState({ FL: "AVFS" }))).toEqual([{ field: "reason", stateCode: "TX", message: M.reasonMissingForState("TX") }]);
    expect(await check(byState({ FL: "AVFS", TX: "VOL", CA: "VOL" }))).toEqual([{ field: "reason", message: M.stateNotAppointed("CA") }]);
    // Appointed nowhere: a code some state accepts, any past date.
    const b = await agentWith({});
    expect(await checkDeactivation(prisma, b.id, { kind: "all", code: "XYZ" }, TODAY, { now: new Date() })).toEqual([{ field: "reason", message: M.reasonUnknown("XYZ") }]);
    expect(await checkDeactivation(prisma, b.id, { kind: "all", code: "VOL" }, "2020-01-31", { now: new Date() })).toEqual([]);
  });

  it("the effective date: today or earlier, backdated only as far as each state allows", async () => {
    const tx = await agentWith({ TX: "FILED" });
    const check = (a: Agent, date: string | null) => checkDeactivation(prisma, a.id, { kind: "all", code: "VOL" }, date, { now: new Date() });
    expect(await check(tx, TODAY)).toEqual([]);
    expect(await check(tx, addDays(TODAY, -10))).toEqual([]);
    expect(await check(tx, addDays(TODAY, -11))).toEqual([{ field: "effectiveDate", message: M.dateTooEarly("TX", 10, addDays(TODAY, -10)) }]);
    expect(await check(tx, addDays(TODAY, 1))).toEqual([{ field: "effectiveDate", message: M.dateInFuture }]);
    expect(await check(tx, "2026-02-30")).toEqual([{ field: "effectiveDate", message: M.dateRequired }]);
    expect(await check(tx, null)).toEqual([{ field: "effectiveDate", message: M.dateRequired }]);
    // Florida (the default): not backdated at all; NY 30 days, TX 10: the strictest state decides.
    const three = await agentWith({ FL: "FILED", NY: "FILED", TX: "FILED" });
    const c = (date: string) => checkDeactivation(prisma, three.id, byState({ FL: "AVFS", NY: "VOL", TX: "VOL" }), date, { now: new Date() });
    expect(await c(addDays(TODAY, -1))).toEqual([{ field: "effectiveDate", message: M.dateNoBackdating("FL") }]);
    expect(await c(addDays(TODAY, -20))).toEqual([
      { field: "effectiveDate", message: M.dateNoBackdating("FL") },
      { field: "effectiveDate", message: M.dateTooEarly("TX", 10, addDays(TODAY, -10)) },
    ]);
  });
});

describe("the deactivation", () => {
  it("one termination per appointed state, due by the state's days; an appointment not yet filed is withdrawn with the reason", async () => {
    const a = await agentWith({ FL: "FILED", TX: "ACCEPTED", NY: "TO_FILE", GA: "HELD", CA: "WITHDRAWN" });
    const r = await deactivate(a, byState({ FL: "NLRC", TX: "VOL", NY: "COMP", GA: "VOL" }), addDays(TODAY, 0));
    expect(r).toEqual({ ok: true, terminations: 2, withdrawn: 2, forCause: 0 });
    expect(await prisma.agent.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ isActive: false, status: "TERMINATED" });
    const rows = await terminationsOf(a.id);
    expect(rows.map((t) => [t.stateCode, t.reasonCode, t.reasonLabel, t.forCause, dayOf(t.effectiveDate), dayOf(t.dueDate), t.status, t.source, t.licenceNumber, t.noticeMethod])).toEqual([
      ["FL", "NLRC", "No longer represents the company", false, TODAY, addDays(TODAY, 30), "TO_FILE", "SCREEN", expect.stringMatching(/^FL-/), null],
      ["TX", "VOL", "Voluntary: the producer ended the appointment", false, TODAY, addDays(TODAY, 30), "TO_FILE", "SCREEN", expect.stringMatching(/^TX-/), null],
    ]);
    const filings = await prisma.appointmentFiling.findMany({ where: { agentId: a.id }, orderBy: { stateCode: "asc" } });
    expect(filings.map((f) => [f.stateCode, f.status, f.withdrawnReason])).toEqual([
      ["CA", "WITHDRAWN", "Withdrawn before"],
      ["FL", "FILED", null],
      ["GA", "WITHDRAWN", M.withdrawnReason("VOL", "Voluntary: the producer ended the appointment")],
      ["NY", "WITHDRAWN", M.withdrawnReason("COMP", "The company ended the appointment, not for cause")],
      ["TX", "ACCEPTED", null],
    ]);
    // The meaning is copied: a label changed later leaves the termination as it was filed.
    await prisma.stateTerminationReason.updateMany({ where: { stateCode: "FL", code: "NLRC" }, data: { label: "Changed later" } });
    expect((await terminationsOf(a.id))[0]!.reasonLabel).toBe("No longer represents the company");
    await prisma.stateTerminationReason.updateMany({ where: { stateCode: "FL", code: "NLRC" }, data: { label: "No longer represents the company" } });
    // A second submit deactivates nothing twice.
    expect(await deactivate(a, byState({ FL: "NLRC", TX: "VOL" }))).toEqual({ ok: false, code: "ALREADY_INACTIVE" });
    expect(await terminationsOf(a.id)).toHaveLength(2);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "AGENT_DEACTIVATED", targetId: String(a.id) } });
    expect(audit.details).toMatchObject({ effectiveDate: TODAY, terminations: 2, withdrawn: 2 });
    const event = await prisma.webhookEvent.findFirstOrThrow({ where: { type: "agent.deactivated", subjectId: String(a.id) } });
    expect(event.data).toMatchObject({ source: "screen", termination_date: TODAY, agent: { active: false } });
  });

  it("for cause: the case (electronic or by letter), the producer's copy mailed through send-email and recorded as sent", async () => {
    const email = `terry.cause.${Date.now()}@example.com`;
    const a = await agentWith({ FL: "FILED", TX: "FILED", NY: "ACCEPTED" }, { email });
    const r = await deactivate(a, { kind: "all", code: "CAUSE" });
    expect(r).toEqual({ ok: true, terminations: 3, withdrawn: 0, forCause: 3 });
    const rows = await terminationsOf(a.id);
    expect(rows.map((t) => [t.stateCode, t.forCause, dayOf(t.dueDate), t.noticeMethod, dayOf(t.producerCopyDueDate!), t.producerCopySentAt])).toEqual([
      ["FL", true, addDays(TODAY, 30), "LETTER", addDays(TODAY, 15), null],
      ["NY", true, addDays(TODAY, 15), "LETTER", addDays(TODAY, 15), null],
      ["TX", true, addDays(TODAY, 30), "ELECTRONIC", addDays(TODAY, 15), null],
    ]);
    await startWorker({ force: true });
    try {
      await waitFor(async () => (await pendingJobs()) === 0);
    } finally {
      await stopWorker();
    }
    const mails = smtp.received.filter((m) => m.to.includes(email)).map((m) => m.parsed);
    expect(mails).toHaveLength(3);
    expect(mails.map((m) => m.subject)).toEqual([M.producerCopySubject, M.producerCopySubject, M.producerCopySubject]);
    expect(mails.map((m) => /State\s*(FL|NY|TX)/.exec((m.text ?? "").replace(/\s+/g, " "))?.[1]).sort()).toEqual(["FL", "NY", "TX"]);
    expect((await terminationsOf(a.id)).every((t) => t.producerCopySentAt instanceof Date)).toBe(true);
    // The letter to Florida's commissioner: its day recorded once, by an administrator; not for an electronic one.
    const [fl, , tx] = rows;
    expect(await recordNoticeSent(prisma, fl!.id, TODAY, admin.id)).toBe(true);
    expect(await recordNoticeSent(prisma, fl!.id, TODAY, admin.id)).toBe(false);
    expect(await recordNoticeSent(prisma, tx!.id, TODAY, admin.id)).toBe(false);
    expect(await prisma.termination.findUniqueOrThrow({ where: { id: fl!.id } })).toMatchObject({ noticeSentById: admin.id });
  });

  it("a failure in the transaction leaves the agent active, no termination and no filing withdrawn", async () => {
    const a = await agentWith({ FL: "FILED", NY: "TO_FILE" });
    await prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION terminations_fail() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'forced failure'; END $$ LANGUAGE plpgsql`);
    await prisma.$executeRawUnsafe(`CREATE TRIGGER terminations_forced_failure BEFORE INSERT ON terminations FOR EACH ROW EXECUTE FUNCTION terminations_fail()`);
    try {
      await expect(deactivate(a, byState({ FL: "AVFS", NY: "VOL" }))).rejects.toThrow(/forced failure/);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER terminations_forced_failure ON terminations`);
    }
    expect(await prisma.agent.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ isActive: true, status: "ACTIVE" });
    expect(await terminationsOf(a.id)).toEqual([]);
    expect((await prisma.appointmentFiling.findMany({ where: { agentId: a.id }, orderBy: { stateCode: "asc" } })).map((f) => f.status)).toEqual(["FILED", "TO_FILE"]);
  });
});

describe("the hierarchy import", () => {
  const HEADER = "agentNumber,companyNumber,blockNumber,carrierCode,mgaCode,level,firstName,middleName,lastName,companyName,uplineAgentNumber,email,phone,status,activeDate,terminatedDate,terminationReason";
  async function importCsv(csv: string) {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      return await importAgentsCsv(client, Readable.from([Buffer.from(csv)]), { userId: admin.id });
    } finally {
      await client.end();
    }
  }
  const line = (a: Agent, status: string, date: string, reason: string) =>
    [a.agentNumber, "TE01", 901, "TERM", a.mgaCode, a.hierarchyLevel, a.firstName, "", a.lastName, "", "0000", "", "", status, "", date, reason].join(",");

  it("a deactivating line without a reason, or with one a state refuses, is refused on its line naming the column; nothing is written", async () => {
    const a = await agentWith({ FL: "FILED" });
    const b = await agentWith({ TX: "FILED" });
    const r = await importCsv([HEADER, line(a, "TERMINATED", TODAY, ""), line(b, "TERMINATED", TODAY, "TX:AVFS")].join("\n") + "\n");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual([
      { line: 2, field: REASON_COLUMN, message: M.reasonRequiredColumn },
      { line: 3, field: REASON_COLUMN, message: M.reasonNotAccepted("TX", "AVFS", ["VOL", "COMP", "DEATH", "CAUSE"]) },
    ]);
    expect(M.reasonRequiredColumn).toContain("terminationReason");
    const backdated = await importCsv([HEADER, line(b, "TERMINATED", addDays(TODAY, -11), "VOL")].join("\n") + "\n");
    expect(!backdated.ok && backdated.errors).toEqual([{ line: 2, field: "terminatedDate", message: M.dateTooEarly("TX", 10, addDays(TODAY, -10)) }]);
    expect((await prisma.agent.findMany({ where: { id: { in: [a.id, b.id] } } })).every((x) => x.isActive)).toBe(true);
    expect(await prisma.termination.count({ where: { agentId: { in: [a.id, b.id] } } })).toBe(0);
  });

  it("a good line deactivates the agent and files its terminations in the import's transaction", async () => {
    const a = await agentWith({ FL: "FILED", TX: "ACCEPTED", NY: "HELD" });
    const r = await importCsv([HEADER, line(a, "TERMINATED", TODAY, "FL:MOFL;TX:VOL;NY:DEATH")].join("\n") + "\n");
    expect(r.ok, JSON.stringify(r)).toBe(true);
    expect(await prisma.agent.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ isActive: false });
    expect((await terminationsOf(a.id)).map((t) => [t.stateCode, t.reasonCode, t.source, t.createdById])).toEqual([
      ["FL", "MOFL", "IMPORT", admin.id],
      ["TX", "VOL", "IMPORT", admin.id],
    ]);
    expect(await prisma.appointmentFiling.findFirstOrThrow({ where: { agentId: a.id, stateCode: "NY" } })).toMatchObject({ status: "WITHDRAWN", withdrawnReason: M.withdrawnReason("DEATH", "Death of the producer") });
    // The same file again: the agent is inactive already, nothing is made twice.
    expect((await importCsv([HEADER, line(a, "TERMINATED", TODAY, "FL:MOFL;TX:VOL;NY:DEATH")].join("\n") + "\n")).ok).toBe(true);
    expect(await terminationsOf(a.id)).toHaveLength(2);
  });
});
