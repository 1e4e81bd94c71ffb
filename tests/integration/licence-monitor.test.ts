// The daily licence monitoring (issue 23 item 3, decision 0071) against a real database, the real
// job runner and a real SMTP server on loopback: seeded expiry dates (licences of appointed states
// expiring in 60, 30 and 7 days and yesterday, an E&O lapsed, an AML training expiring), the task
// run twice (directly with today, then through the runner) -> each notice mailed exactly once to
// the agent and to the upline who asked for downline notices, never to an agent who switched the
// email off; the agent whose appointed-state licence lapsed is NOT_IN_GOOD_ORDER and told so once;
// a renewed licence gets its own notices later; a run killed mid-way and run again sends nothing
// twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedStanding } from "~/features/licences/compliance.server";
import { monitorCompliance, sendComplianceNotices } from "~/features/licences/monitor.server";
import { saveLicence } from "~/features/licences/records.server";
import { licenceSchema } from "~/features/licences/schema";
import { dayOf } from "~/features/licences/status";
import type { Agent, User } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { addJob, startWorker, stopWorker } from "~/lib/jobs.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, createCredential, createLicence, createUser, seedReferenceData } from "../support/factories";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { useTempDataDir } from "../support/temp-dir";

useTestDatabase();
useTempDataDir("licence-monitor");

// Today (UTC), as the job runner's own run sees it.
const TODAY = dayOf(new Date());
const plus = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

let smtp: SmtpSink;
let mdUser: User, aUser: User, bUser: User, cUser: User;
let md: Agent, a: Agent, b: Agent, c: Agent;
let bTexas: string;

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function pendingJobs() {
  const [r] = await prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*)::bigint AS n FROM graphile_worker._private_jobs`;
  return Number(r!.n);
}

/** Runs every queued job with the real runner, until none is left. */
async function drain() {
  await startWorker({ force: true });
  try {
    await waitFor(async () => (await pendingJobs()) === 0);
  } finally {
    await stopWorker();
  }
}

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address.toLowerCase()));
const noticeRows = (npn: string) => prisma.complianceNotice.findMany({ where: { npn }, orderBy: [{ subjectKind: "asc" }, { threshold: "asc" }] });

beforeAll(async () => {
  smtp = await startSmtpSink();
  process.env.SMTP_URL = smtp.url;
  process.env.APP_URL = "http://localhost:3000";
  delete process.env.SMS_URL;
  resetEnvCache();
  await seedReferenceData();
  await createCarrierWithBlocks(prisma, { carrierCode: "SLAC", companyNumber: "SL01", blocks: [{ blockNumber: 215, productTypeCode: "LIFE" }] });
  // The director asked for the downline's licence notices by email, at another address.
  mdUser = await createUser(prisma, { userRoleCode: "USRROLE_MD", firstName: "Mona", lastName: "Director" });
  md = await createAgent(prisma, { blockNumber: 215, userId: mdUser.id, npn: "9000001" });
  await prisma.notificationSubscriber.create({
    data: { userId: mdUser.id, preferences: { create: [{ categoryCode: "CAT_LICEXP_AGENT_DOWNLN", methodCode: "EMAIL_EVT", isEnabled: true, preferenceValue: "mona.watch@example.com" }] } },
  });

  // A: no preference row (the default: email to the sign-in address), plus texts switched on. Licenses of
  // its appointed states expiring in 60, 30 and 7 days, an AML training expiring in 20; a licence of a
  // state it is not appointed in, expiring in 7 days, is not its concern; a superseded E&O lapsed long ago.
  aUser = await createUser(prisma, { firstName: "Ann", lastName: "Agent" });
  a = await createAgent(prisma, { parentId: md.id, userId: aUser.id, npn: "5550001", firstName: "Ann", lastName: "Agent", licensedStates: ["TX", "OK", "FL"] });
  await prisma.notificationSubscriber.create({
    data: { userId: aUser.id, preferences: { create: [{ categoryCode: "CAT_LICEXP_AGENT", methodCode: "SMS_EVT", isEnabled: true, preferenceValue: "5125550101" }] } },
  });
  await createLicence(prisma, { npn: "5550001", stateCode: "TX", expiryDate: plus(TODAY, 60) });
  await createLicence(prisma, { npn: "5550001", stateCode: "OK", expiryDate: plus(TODAY, 30) });
  await createLicence(prisma, { npn: "5550001", stateCode: "FL", expiryDate: plus(TODAY, 7) });
  await createLicence(prisma, { npn: "5550001", stateCode: "CA", expiryDate: plus(TODAY, 7) });
  await createCredential(prisma, { npn: "5550001", kind: "EO", expiryDate: plus(TODAY, 365) });
  await createCredential(prisma, { npn: "5550001", kind: "EO", expiryDate: plus(TODAY, -400) });
  await createCredential(prisma, { npn: "5550001", kind: "AML", expiryDate: plus(TODAY, 20) });

  // B: its Texas licence expired yesterday and its E&O lapsed ten days ago: not in good order.
  bUser = await createUser(prisma, { firstName: "Ben", lastName: "Lapsed" });
  b = await createAgent(prisma, { parentId: md.id, userId: bUser.id, npn: "5550002", firstName: "Ben", lastName: "Lapsed", licensedStates: ["TX"] });
  bTexas = (await createLicence(prisma, { npn: "5550002", stateCode: "TX", expiryDate: plus(TODAY, -1) })).id;
  await createCredential(prisma, { npn: "5550002", kind: "EO", expiryDate: plus(TODAY, -10) });

  // C: a licence expiring in 7 days, but C switched the email off: the director is told, C is not.
  cUser = await createUser(prisma, { firstName: "Cal", lastName: "Quiet" });
  c = await createAgent(prisma, { parentId: md.id, userId: cUser.id, npn: "5550003", firstName: "Cal", lastName: "Quiet", licensedStates: ["TX"] });
  await prisma.notificationSubscriber.create({
    data: { userId: cUser.id, preferences: { create: [{ categoryCode: "CAT_LICEXP_AGENT", methodCode: "EMAIL_EVT", isEnabled: false, preferenceValue: "" }] } },
  });
  await createLicence(prisma, { npn: "5550003", stateCode: "TX", expiryDate: plus(TODAY, 7) });
  await createCredential(prisma, { npn: "5550003", kind: "EO", expiryDate: plus(TODAY, 365) });
});

afterAll(async () => {
  await stopWorker();
  await smtp?.close();
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  resetEnvCache();
});

describe("the daily license monitoring", () => {
  it("stores every agent's standing and queues one notice job per agent with something to tell", async () => {
    const run = await monitorCompliance({ today: TODAY, batchSize: 2 });
    expect(run).toMatchObject({ agents: 4, batches: 2, noticeJobs: 3, becameNotInGoodOrder: 1 });
    expect(await storedStanding(prisma, a.id)).toMatchObject({ standing: "IN_GOOD_ORDER", checkedOn: TODAY });
    expect(await storedStanding(prisma, b.id)).toMatchObject({
      standing: "NOT_IN_GOOD_ORDER",
      reasons: [{ code: "LICENCE_EXPIRED", stateCode: "TX" }, { code: "EO_EXPIRED" }],
    });
    expect(await storedStanding(prisma, c.id)).toMatchObject({ standing: "IN_GOOD_ORDER" });
    expect(await storedStanding(prisma, md.id)).toBeNull(); // a director is not evaluated
    const keys = await prisma.$queryRaw<Array<{ key: string }>>`SELECT key FROM graphile_worker._private_jobs ORDER BY key`;
    expect(keys.map((k) => k.key)).toEqual([a.id, b.id, c.id].map((id) => `compliance-notice:${id}:${TODAY}`).sort());
  });

  it("the job runner mails each notice once: the agent (and texts), the opted-in upline; not the agent who switched email off", async () => {
    await drain();
    const [toA] = mailsTo(aUser.userName);
    expect(mailsTo(aUser.userName)).toHaveLength(1);
    expect(toA!.parsed.subject).toBe("Your licenses and credentials need attention");
    const aText = toA!.parsed.text ?? "";
    expect(aText).toMatch(/License: Texas\s+Expires on \d\d\/\d\d\/\d{4} \(in 60 days or less\)/);
    expect(aText).toMatch(/License: Oklahoma\s+Expires on .* \(in 30 days or less\)/);
    expect(aText).toMatch(/License: Florida\s+Expires on .* \(in 7 days or less\)/);
    expect(aText).toMatch(/AML training\s+Expires on .* \(in 30 days or less\)/);
    expect(aText).not.toContain("California");
    expect(aText).not.toContain("E&O");
    expect(aText).not.toMatch(/EO-\d+/); // no policy number

    const [toB] = mailsTo(bUser.userName);
    expect(mailsTo(bUser.userName)).toHaveLength(1);
    expect(toB!.parsed.text).toContain("You are not in good order");
    expect(toB!.parsed.text).toMatch(/License: Texas\s+Expired on/);
    expect(toB!.parsed.text).toMatch(/E&O coverage\s+Expired on/);
    expect(toB!.parsed.text).toContain("The license for Texas has expired.");

    expect(mailsTo(cUser.userName)).toHaveLength(0);
    const toMd = mailsTo("mona.watch@example.com");
    expect(toMd.map((m) => m.parsed.subject).sort()).toEqual(
      [
        `Licenses and credentials of Agent, Ann (${a.agentNumber}) (your downline) need attention`,
        `Licenses and credentials of Lapsed, Ben (${b.agentNumber}) (your downline) need attention`,
        `Licenses and credentials of Quiet, Cal (${c.agentNumber}) (your downline) need attention`,
      ].sort(),
    );
    expect(toMd.find((m) => m.parsed.subject?.includes("Lapsed"))!.parsed.text).toContain("Lapsed, Ben");
    expect(mailsTo(mdUser.userName)).toHaveLength(0);
    expect(smtp.received).toHaveLength(5);

    const texts = await prisma.smsMessage.findMany({ where: { relatedType: "LICENCE_NOTICE" } });
    expect(texts.map((t) => t.to)).toEqual(["+15125550101"]);
    expect(texts[0]!.text).toMatch(/^Appointment Portal: your licenses or credentials need attention\. http/);

    expect((await noticeRows("5550001")).map((n) => [n.subjectKind, n.threshold])).toEqual([
      ["CREDENTIAL", 30],
      ["LICENCE", 7],
      ["LICENCE", 30],
      ["LICENCE", 60],
    ]);
    expect((await noticeRows("5550002")).map((n) => [n.subjectKind, n.threshold])).toEqual([
      ["CREDENTIAL", 0],
      ["LICENCE", 0],
    ]);
    expect(await noticeRows("5550003")).toHaveLength(1);
  });

  it("run again the same day (directly, through the runner, the notice jobs by hand): nothing is sent twice", async () => {
    expect(await monitorCompliance({ today: TODAY })).toMatchObject({ agents: 4, noticeJobs: 0, becameNotInGoodOrder: 0 });
    for (const agent of [a, b, c]) expect(await sendComplianceNotices(agent.id, TODAY)).toMatchObject({ notices: 0, standing: false, emailsQueued: 0 });
    await addJob("monitor-compliance", {} as never, { jobKey: "monitor-compliance" });
    await addJob("compliance-notice", { agentId: b.id, day: TODAY }, { jobKey: `compliance-notice:${b.id}:${TODAY}` });
    await drain();
    expect(smtp.received).toHaveLength(5);
    expect(await prisma.smsMessage.count({ where: { relatedType: "LICENCE_NOTICE" } })).toBe(1);
    expect(await prisma.complianceNotice.count()).toBe(7);
    expect(await storedStanding(prisma, b.id)).toMatchObject({ standing: "NOT_IN_GOOD_ORDER" });
  });

  it("a missed day sends only today's threshold; a renewed license (a new expiry) gets its own notices later", async () => {
    // Three weeks on, A's Oklahoma licence is within 7 days: one notice (its 30 was sent), nothing for the days missed.
    const later = plus(TODAY, 24);
    await monitorCompliance({ today: later });
    await drain();
    const toA = mailsTo(aUser.userName);
    expect(toA).toHaveLength(2);
    expect(toA[1]!.parsed.text).toMatch(/License: Oklahoma\s+Expires on .* \(in 7 days or less\)/);
    expect(toA[1]!.parsed.text).not.toMatch(/License: Oklahoma\s+Expires on .* \(in 30 days or less\)/);
    expect(toA[1]!.parsed.text).not.toContain("Texas"); // its 60-day notice went out; its 30 is not due yet

    // B's Texas licence is renewed for a year (through the one writer): on the day 30 days before its new expiry, B is told again.
    const renewed = licenceSchema.parse({ stateCode: "TX", loaLife: "on", loaAccidentHealth: "on", expiryDate: plus(TODAY, 365) });
    expect(await saveLicence({ userId: null, source: "ADMIN" }, "5550002", renewed, bTexas, TODAY)).toMatchObject({ ok: true });
    const before = mailsTo(bUser.userName).length;
    await monitorCompliance({ today: plus(TODAY, 335) });
    await drain();
    const toB = mailsTo(bUser.userName);
    expect(toB).toHaveLength(before + 1);
    expect(toB.at(-1)!.parsed.text).toMatch(/License: Texas\s+Expires on .* \(in 30 days or less\)/);
    expect(toB.at(-1)!.parsed.text).not.toContain("not in good order"); // the same lapse of standing is not told again
    expect((await noticeRows("5550002")).filter((n) => n.subjectKind === "LICENCE").map((n) => [dayOf(n.expiryDate), n.threshold])).toEqual([
      [plus(TODAY, -1), 0],
      [plus(TODAY, 365), 30],
    ]);
  });

  it("a run killed mid-way and run again sends every notice once", async () => {
    const dUser = await createUser(prisma, { firstName: "Dee", lastName: "First" });
    const d = await createAgent(prisma, { parentId: md.id, userId: dUser.id, npn: "5550004", firstName: "Dee", lastName: "First", licensedStates: ["TX"] });
    const eUser = await createUser(prisma, { firstName: "Eve", lastName: "Second" });
    const e = await createAgent(prisma, { parentId: md.id, userId: eUser.id, npn: "5550005", firstName: "Eve", lastName: "Second", licensedStates: ["TX"] });
    for (const npn of ["5550004", "5550005"]) {
      await createLicence(prisma, { npn, stateCode: "TX", expiryDate: plus(TODAY, 7) });
      await createCredential(prisma, { npn, kind: "EO", expiryDate: plus(TODAY, 365) });
    }
    // E's batch dies (as if the process were killed during it), after D's batch committed.
    await prisma.$executeRawUnsafe(`CREATE FUNCTION monitor_test_die() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.agent_id = ${e.id} THEN RAISE EXCEPTION 'killed'; END IF; RETURN NEW; END $$`);
    await prisma.$executeRawUnsafe(`CREATE TRIGGER monitor_test_die BEFORE INSERT ON agent_compliance FOR EACH ROW EXECUTE FUNCTION monitor_test_die()`);
    try {
      await expect(monitorCompliance({ today: TODAY, batchSize: 1 })).rejects.toThrow(/killed/);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER monitor_test_die ON agent_compliance`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION monitor_test_die()`);
    }
    expect(await storedStanding(prisma, d.id)).toMatchObject({ standing: "IN_GOOD_ORDER" });
    expect(await storedStanding(prisma, e.id)).toBeNull();
    const dKey = `compliance-notice:${d.id}:${TODAY}`;
    const jobsOf = async (key: string) => (await prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*)::bigint AS n FROM graphile_worker._private_jobs WHERE key = ${key}`)[0]!.n;
    expect(await jobsOf(dKey)).toBe(1n);
    // Run again before D's job ran: D's job is queued again under its key (still one), E's comes too.
    expect(await monitorCompliance({ today: TODAY, batchSize: 1 })).toMatchObject({ noticeJobs: 2 });
    expect(await jobsOf(dKey)).toBe(1n);
    await drain();
    // And once more after they ran: nothing left to tell.
    expect(await monitorCompliance({ today: TODAY, batchSize: 1 })).toMatchObject({ noticeJobs: 0 });
    await drain();
    expect(mailsTo(dUser.userName)).toHaveLength(1);
    expect(mailsTo(eUser.userName)).toHaveLength(1);
    expect(mailsTo("mona.watch@example.com").filter((m) => /First|Second/.test(m.parsed.text ?? ""))).toHaveLength(2);
    expect(await prisma.complianceNotice.count({ where: { npn: { in: ["5550004", "5550005"] } } })).toBe(2);
  });
});
