// Abandonment (issue 11; decision 0031) against seeded start dates: the
// daily task abandons the incomplete applications whose period ran out (and
// only those), queues one notification per application, and a second run
// changes nothing more; the dashboard's countdown agrees with the task for
// the same dates. Then the real job runner delivers the notifications
// (captured mail and texts) once, and the task run again through the runner
// sends nothing more.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Appointment, User } from "~/generated/prisma/client";
import { abandonApplications, DAY_MS } from "~/features/appointment/abandon.server";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { addJob, startWorker, stopWorker } from "~/lib/jobs.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createAppointment, createUser, seedReferenceData } from "../support/factories";
import { asUser } from "./appointment-fixtures";
import { useTempDataDir } from "../support/temp-dir";

useTestDatabase();

const HOUR = 60 * 60 * 1000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);

type Case = { name: string; user: User; app: Appointment };
let recruiterUser: User;
let uplineUser: User;
const cases: Record<string, Case> = {};
let recruiterAgentId: number;

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function notifyJobs() {
  return prisma.$queryRaw<Array<{ key: string | null; payload: { appointmentId: number; event: string }; max_attempts: number }>>`
    SELECT j.key, j.payload, j.max_attempts FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id
     WHERE t.identifier = 'notify-appointment' ORDER BY j.key`;
}

async function pendingJobs() {
  const [r] = await prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*)::bigint AS n FROM graphile_worker._private_jobs`;
  return Number(r!.n);
}

async function make(name: string, data: Partial<Appointment>) {
  const user = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT", firstName: name, lastName: "Prospect" });
  const app = await createAppointment(prisma, {
    userId: user.id,
    prospectEmailAddress: user.userName,
    recruiterAgentId,
    personal: { firstName: name, lastName: "Prospect" },
    ...data,
  });
  cases[name] = { name, user, app };
}

useTempDataDir("abandon");

beforeAll(async () => {
  process.env.ABANDON_DAYS = "90";
  delete process.env.SMTP_URL;
  delete process.env.SMS_URL;
  resetEnvCache();
  await seedReferenceData();
  // An upline (marketing director) who asked for downline abandonments by email and text, and the recruiter below.
  uplineUser = await createUser(prisma, { userRoleCode: "USRROLE_MD", firstName: "Uma", lastName: "Upline" });
  const md = await createAgent(prisma, { userId: uplineUser.id, hierarchyLevel: 1 });
  recruiterUser = await createUser(prisma, { firstName: "Rey", lastName: "Recruiter" });
  recruiterAgentId = (await createAgent(prisma, { userId: recruiterUser.id, parentId: md.id })).id;
  await prisma.notificationSubscriber.create({
    data: {
      userId: uplineUser.id,
      preferences: {
        create: [
          { categoryCode: "CAT_APPABAND_RECRUIT_DOWNLN", methodCode: "EMAIL_EVT", isEnabled: true, preferenceValue: "uma@example.com" },
          { categoryCode: "CAT_APPABAND_RECRUIT_DOWNLN", methodCode: "SMS_EVT", isEnabled: true, preferenceValue: "(512) 555-0199" },
        ],
      },
    },
  });
  // Just outside the 90 days: abandoned.
  await make("Outside", { startDt: ago(90 * DAY_MS + HOUR) });
  // Long outside, with a card on file: abandoned, card erased.
  await make("Carded", { startDt: ago(120 * DAY_MS) });
  await prisma.appointmentCardInfo.create({
    data: { appointmentId: cases.Carded!.app.appointmentId, cardNumberEncrypted: "sealed", cardLast4: "1111", nameOnCard: "Carded Prospect", expirationMonth: 4, expirationYear: 2030 },
  });
  // Just inside: stays, 1 day left.
  await make("Inside", { startDt: ago(89 * DAY_MS + 23 * HOUR) });
  // Started long ago but returned for correction 10 days ago: the clock restarted, 80 days left.
  await make("Returned", { startDt: ago(200 * DAY_MS) });
  await prisma.appointmentDecision.create({
    data: {
      appointmentId: cases.Returned!.app.appointmentId,
      decisionCode: "RETURN",
      reason: "Please upload the license",
      fromStatusCode: "APWF_STATUS_NEWCONTRACT",
      decidedById: uplineUser.id,
      decidedAt: ago(10 * DAY_MS),
    },
  });
  // Other statuses and deleted applications are left alone whatever their age.
  await make("Waiting", { startDt: ago(200 * DAY_MS), appointmentStatusCode: "APWF_STATUS_NEWCONTRACT", submittedAt: ago(150 * DAY_MS) });
  await make("Invited", { startDt: ago(200 * DAY_MS), appointmentStatusCode: "APWF_STATUS_INVITED" });
  await make("Deleted", { startDt: ago(200 * DAY_MS), isDeleted: true });
});

afterAll(async () => {
  await stopWorker();
  delete process.env.ABANDON_DAYS;
  resetEnvCache();
});

const id = (name: string) => cases[name]!.app.appointmentId;
const status = async (name: string) =>
  (await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id(name) }, select: { appointmentStatusCode: true } })).appointmentStatusCode;

async function countdown(name: string) {
  const d = await getDashboard(asUser(cases[name]!.user), now);
  const entry = d.entries.find((e) => e.key === `appointment-${id(name)}`);
  return entry ? { status: entry.statusText, daysLeft: entry.abandonDaysLeft, label: entry.label } : null;
}

describe("abandonment", () => {
  it("uses status id 53 for APWF_STATUS_ABANDONED (reference data)", async () => {
    const row = await prisma.listValue.findFirstOrThrow({ where: { vleCode: "APWF_STATUS_ABANDONED" } });
    expect(row).toMatchObject({ numericId: 53, vleValue: "Abandoned" });
  });

  it("the dashboard's countdown ends exactly for the applications the task abandons", async () => {
    expect(await countdown("Outside")).toMatchObject({ status: "Incomplete", daysLeft: null });
    expect(await countdown("Carded")).toMatchObject({ status: "Incomplete", daysLeft: null });
    expect(await countdown("Inside")).toMatchObject({ status: "Incomplete", daysLeft: 1 });
    expect(await countdown("Returned")).toMatchObject({ status: "Incomplete", daysLeft: 80 });
  });

  it("abandons only the due incomplete applications, in batches, and queues one notification each", async () => {
    const run = await abandonApplications({ abandonDays: 90, now, batchSize: 1 });
    const due = [id("Outside"), id("Carded")].sort((a, b) => a - b);
    expect(run.abandoned).toEqual(due);
    expect(run.batches).toBe(2);

    expect(await status("Outside")).toBe("APWF_STATUS_ABANDONED");
    expect(await status("Carded")).toBe("APWF_STATUS_ABANDONED");
    expect(await status("Inside")).toBe("APWF_STATUS_INCOMPLETE");
    expect(await status("Returned")).toBe("APWF_STATUS_INCOMPLETE");
    expect(await status("Waiting")).toBe("APWF_STATUS_NEWCONTRACT");
    expect(await status("Invited")).toBe("APWF_STATUS_INVITED");
    expect(await status("Deleted")).toBe("APWF_STATUS_INCOMPLETE");
    const outside = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id("Outside") } });
    expect(outside.abandonedAt?.getTime()).toBe(now.getTime());

    const card = await prisma.appointmentCardInfo.findUniqueOrThrow({ where: { appointmentId: id("Carded") } });
    expect([card.cardNumberEncrypted, card.nameOnCard, card.expirationMonth]).toEqual([null, null, null]);
    expect(card.cardLast4).toBe("1111");

    expect((await notifyJobs()).map((j) => [j.key, j.payload, j.max_attempts])).toEqual(
      due.map((d) => [`notify-abandoned:${d}`, { appointmentId: d, event: "ABANDONED" }, 10]).sort(),
    );
    expect(await prisma.auditLog.count({ where: { action: "APPOINTMENT_ABANDONED" } })).toBe(2);
  });

  it("run twice (the same day, or a minute later) changes nothing more and queues nothing more", async () => {
    const before = await prisma.appointment.findMany({ orderBy: { appointmentId: "asc" }, select: { appointmentId: true, appointmentStatusCode: true, abandonedAt: true, updatedAt: true } });
    expect((await abandonApplications({ abandonDays: 90, now })).abandoned).toEqual([]);
    expect((await abandonApplications({ abandonDays: 90, now: new Date(now.getTime() + 60_000) })).abandoned).toEqual([]);
    const after = await prisma.appointment.findMany({ orderBy: { appointmentId: "asc" }, select: { appointmentId: true, appointmentStatusCode: true, abandonedAt: true, updatedAt: true } });
    expect(after).toEqual(before);
    expect(await notifyJobs()).toHaveLength(2);
    expect(await prisma.auditLog.count({ where: { action: "APPOINTMENT_ABANDONED" } })).toBe(2);
  });

  it("the dashboard shows an abandoned application as Abandoned, without a countdown; the others keep theirs", async () => {
    expect(await countdown("Outside")).toEqual({ status: "Abandoned", daysLeft: null, label: "Resume Your Appointment" });
    expect(await countdown("Inside")).toMatchObject({ status: "Incomplete", daysLeft: 1 });
    expect(await countdown("Returned")).toMatchObject({ status: "Incomplete", daysLeft: 80 });
  });

  it("the job runner tells the prospect, the recruiter and the opted-in upline once; the daily task run again sends nothing more", async () => {
    await startWorker();
    await waitFor(async () => (await pendingJobs()) === 0);
    const mails = await prisma.mailMessage.findMany({ where: { relatedType: "APPOINTMENT_ABANDONED" }, select: { to: true, subject: true, status: true } });
    const outsideEmail = cases.Outside!.user.userName;
    expect(mails.map((m) => m.status)).toEqual(Array(6).fill("CAPTURED"));
    expect(mails.filter((m) => m.to.includes(outsideEmail))).toEqual([
      { to: [outsideEmail], subject: "Your appointment application was abandoned", status: "CAPTURED" },
    ]);
    expect(mails.filter((m) => m.to.includes(recruiterUser.userName)).map((m) => m.subject).sort()).toEqual([
      "Application abandoned: Carded Prospect",
      "Application abandoned: Outside Prospect",
    ]);
    expect(mails.filter((m) => m.to.includes("uma@example.com"))).toHaveLength(2);
    const texts = await prisma.smsMessage.findMany({ where: { relatedType: "APPOINTMENT_ABANDONED" }, orderBy: { text: "asc" } });
    expect(texts.map((t) => [t.to, t.status, t.text.replace(/ https?:\/\/\S+$/, "")])).toEqual([
      ["+15125550199", "CAPTURED", "Appointment Portal: the application of Carded Prospect (your downline) was abandoned."],
      ["+15125550199", "CAPTURED", "Appointment Portal: the application of Outside Prospect (your downline) was abandoned."],
    ]);

    // The cron's task through the runner, and a notification queued again by hand: nothing new.
    await addJob("abandon-applications", {} as never, { jobKey: "abandon-applications" });
    await addJob("notify-appointment", { appointmentId: id("Outside"), event: "ABANDONED" }, { jobKey: `notify-abandoned:${id("Outside")}` });
    await waitFor(async () => (await pendingJobs()) === 0);
    expect(await prisma.mailMessage.count({ where: { relatedType: "APPOINTMENT_ABANDONED" } })).toBe(6);
    expect(await prisma.smsMessage.count({ where: { relatedType: "APPOINTMENT_ABANDONED" } })).toBe(2);
    expect(await status("Inside")).toBe("APWF_STATUS_INCOMPLETE");
    expect(await prisma.auditLog.count({ where: { action: "APPOINTMENT_ABANDONED" } })).toBe(2);
  });

  it("killed mid-way, the committed batches stand and the next run does the rest, each notification queued once", async () => {
    await stopWorker();
    await make("KillFirst", { startDt: ago(100 * DAY_MS) });
    await make("KillSecond", { startDt: ago(100 * DAY_MS) });
    // The second batch dies (as if the process were killed during it).
    await prisma.$executeRawUnsafe(`CREATE FUNCTION abandon_test_die() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.appointment_id = ${id("KillSecond")} THEN RAISE EXCEPTION 'killed'; END IF; RETURN NEW; END $$`);
    await prisma.$executeRawUnsafe(`CREATE TRIGGER abandon_test_die BEFORE UPDATE ON appointments FOR EACH ROW EXECUTE FUNCTION abandon_test_die()`);
    try {
      await expect(abandonApplications({ abandonDays: 90, batchSize: 1 })).rejects.toThrow(/killed/);
    } finally {
      await prisma.$executeRawUnsafe(`DROP TRIGGER abandon_test_die ON appointments`);
      await prisma.$executeRawUnsafe(`DROP FUNCTION abandon_test_die()`);
    }
    expect(await status("KillFirst")).toBe("APWF_STATUS_ABANDONED");
    expect(await status("KillSecond")).toBe("APWF_STATUS_INCOMPLETE");
    const keys = async () => (await notifyJobs()).map((j) => j.key);
    expect(await keys()).toEqual([`notify-abandoned:${id("KillFirst")}`]);

    expect((await abandonApplications({ abandonDays: 90, batchSize: 1 })).abandoned).toEqual([id("KillSecond")]);
    expect((await abandonApplications({ abandonDays: 90, batchSize: 1 })).abandoned).toEqual([]);
    expect((await keys()).sort()).toEqual([`notify-abandoned:${id("KillFirst")}`, `notify-abandoned:${id("KillSecond")}`].sort());
    expect(await prisma.auditLog.count({ where: { action: "APPOINTMENT_ABANDONED" } })).toBe(4);
  });
});
