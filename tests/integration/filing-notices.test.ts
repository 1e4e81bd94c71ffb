// The daily state-filings job's notices (issue 37 item 6, decision 0114) against a real database,
// job runner and SMTP server: with seeded due dates (in 5 days, today, overdue, one already filed,
// one not yet in reach), run twice on a day and again on later days, each filing is told once per
// stage; the mail arrives; an administrator who switched CAT_STATEFILING_ADMIN off gets nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayOf } from "~/features/licences/status";
import { addDays } from "~/features/state-filings/due";
import { FILING_NOTICE_MESSAGES as M } from "~/features/state-filings/filing-notice-email.server";
import { noticeStage, notifyDueFilings, stateFilingsDaily } from "~/features/state-filings/filing-notices.server";
import type { User } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { startWorker, stopWorker } from "~/lib/jobs.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, createUser, seedReferenceData } from "../support/factories";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

useTestDatabase();
const NOW = new Date();
const TODAY = dayOf(NOW);
const day = (d: string) => new Date(`${d}T00:00:00Z`);
let smtp: SmtpSink;
let on: User;
let off: User;

const mailsTo = (u: User) => smtp.received.filter((m) => m.to.includes(u.userName.toLowerCase()));
const pendingJobs = async () => Number((await prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*)::bigint AS n FROM graphile_worker._private_jobs`)[0]!.n);
async function settled() {
  const end = Date.now() + 60_000;
  while ((await pendingJobs()) > 0) {
    if (Date.now() > end) throw new Error("jobs still pending");
    await new Promise((r) => setTimeout(r, 150));
  }
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  await seedReferenceData();
  on = await createUser(prisma, { isInternal: true, userRoleCode: "USRROLE_AGENT" });
  off = await createUser(prisma, { isInternal: true, userRoleCode: "USRROLE_AGENT" });
  await prisma.notificationSubscriber.create({
    data: { userId: off.id, preferences: { create: [{ categoryCode: "CAT_STATEFILING_ADMIN", methodCode: "EMAIL_EVT", isEnabled: false }] } },
  });
  const {
    carrier: { carrierId },
  } = await createCarrierWithBlocks(prisma, { carrierCode: "DUEN", companyNumber: "DN01", blocks: [{ blockNumber: 911, productTypeCode: "LIFE" }] });
  const agent = await createAgent(prisma, { blockNumber: 911, firstName: "Dana", lastName: "Due", npn: "8200001" });
  const filing = (stateCode: string, due: string, status = "TO_FILE") =>
    prisma.appointmentFiling.create({ data: { agentId: agent.id, npn: "8200001", stateCode, lineOfAuthority: "LIFE", carrierId, feeAmount: "10.00", status, dueDate: day(due) } });
  await filing("TX", addDays(TODAY, 5));
  await filing("GA", TODAY);
  await filing("NY", TODAY, "FILED");
  await filing("CA", addDays(TODAY, 6));
  await prisma.termination.create({
    data: { agentId: agent.id, npn: "8200001", stateCode: "FL", carrierId, reasonCode: "AVFS", reasonLabel: "Voluntary", forCause: false, effectiveDate: day(addDays(TODAY, -32)), dueDate: day(addDays(TODAY, -2)), source: "SCREEN" },
  });
  await startWorker({ force: true });
});
afterAll(async () => {
  await stopWorker();
  await smtp?.close();
});

describe("the stages", () => {
  it("5 days before (or fewer, a missed run), on the day, after it", () => {
    expect(noticeStage(addDays(TODAY, 6), TODAY)).toBeNull();
    expect(noticeStage(addDays(TODAY, 5), TODAY)).toBe("DUE_IN_5");
    expect(noticeStage(addDays(TODAY, 1), TODAY)).toBe("DUE_IN_5");
    expect(noticeStage(TODAY, TODAY)).toBe("DUE_TODAY");
    expect(noticeStage(addDays(TODAY, -1), TODAY)).toBe("OVERDUE");
  });
});

describe("the daily job", () => {
  it("tells each filing once per stage, run twice a day; the administrator who switched it off gets nothing", async () => {
    const first = await stateFilingsDaily(NOW);
    // The TO_FILE filings have no licence on record: the job's holds pass holds them (still open, still told).
    expect(first).toMatchObject({ held: 3, notices: 3, emailsQueued: 1 });
    const mail = await smtp.mailTo(on.userName, new RegExp(M.subject));
    const text = mail.parsed.text ?? "";
    expect(text).toContain(`${M.stages.OVERDUE}`);
    expect(text).toMatch(/Termination: Florida/);
    expect(text).toMatch(/Appointment: Georgia/);
    expect(text).toMatch(/Appointment: Texas/);
    expect(text).not.toMatch(/New York|California/);
    expect(text.indexOf(M.stages.OVERDUE)).toBeLessThan(text.indexOf(M.stages.DUE_TODAY));

    // The same day again (a second run, or one after a kill): nothing more.
    expect(await stateFilingsDaily(NOW)).toMatchObject({ held: 0, notices: 0, emailsQueued: 0 });
    await settled();
    expect(mailsTo(on)).toHaveLength(1);
    expect(mailsTo(off)).toHaveLength(0);

    // Five days on: Texas is due today, Georgia overdue, California within 5 days; Florida was told overdue already.
    const later = addDays(TODAY, 5);
    expect(await notifyDueFilings(later)).toEqual({ notices: 3, emailsQueued: 1 });
    expect(await notifyDueFilings(later)).toEqual({ notices: 0, emailsQueued: 0 });
    await settled();
    expect(mailsTo(on)).toHaveLength(2);
    const second = mailsTo(on)[1]!.parsed.text ?? "";
    expect(second).not.toMatch(/Florida/);
    expect(second).toMatch(/Appointment: California/);
    expect(mailsTo(off)).toHaveLength(0);
    const rows = await prisma.filingNotice.groupBy({ by: ["stage"], _count: true, orderBy: { stage: "asc" } });
    expect(rows.map((r) => [r.stage, r._count])).toEqual([
      ["DUE_IN_5", 2],
      ["DUE_TODAY", 2],
      ["OVERDUE", 2],
    ]);
  });
});
