// The decisions' emails, delivered by the real job runner (captured: no SMTP
// server configured): the prospect is told of a return with the reason, the
// recruiter of an approval and a rejection, and a paper prospect without an
// account gets the invitation to create one. Each once.
import { afterEach, describe, expect, it } from "vitest";
import { approveApplication, rejectApplication, returnApplication } from "~/features/review/decisions.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { startWorker, stopWorker } from "~/lib/jobs.server";
import { useTestDatabase } from "../support/db";
import { createUser } from "../support/factories";
import { filledIn, req, useWorldWithJobs } from "./appointment-fixtures";
import { submitApplication } from "~/features/appointment/appointment.server";

/** The card's CVC, asked with SUBMIT for a type that pays by card (decision 0087). */
const CVC = "123";

useTestDatabase();
const world = useWorldWithJobs();

afterEach(async () => {
  await stopWorker();
});

async function waitFor<T>(fn: () => Promise<T | null | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function submitted(type: "APPTTYP_IND" | "APPTTYP_REP" = "APPTTYP_IND") {
  const { user, id } = await filledIn(world, type);
  expect((await submitApplication(user, id, req(), { cvc: CVC })).ok).toBe(true);
  return { user, id };
}

describe("decision emails through the job runner", () => {
  it("return, approval, rejection and the paper prospect's account invitation are delivered once", async () => {
    delete process.env.SMTP_URL;
    resetEnvCache();
    const admin = await createUser(prisma, { isInternal: true });
    const returned = await submitted();
    const approved = await submitted();
    const rejected = await submitted("APPTTYP_REP");
    const paper = await submitted();
    const paperEmail = `paper-mail-${Date.now()}@example.com`;
    await prisma.appointment.update({ where: { appointmentId: paper.id }, data: { userId: null, isPaperAppointment: true, submitterId: world.mdUser.id, prospectEmailAddress: paperEmail } });

    expect((await returnApplication({ appointmentId: returned.id, adminUserId: admin.id, reason: "Upload the E&O certificate.", sections: ["DOCS"] })).ok).toBe(true);
    expect((await approveApplication({ appointmentId: approved.id, adminUserId: admin.id, reason: "OK" })).ok).toBe(true);
    expect((await rejectApplication({ appointmentId: rejected.id, adminUserId: admin.id, reason: "Not licensed." })).ok).toBe(true);
    const p = await approveApplication({ appointmentId: paper.id, adminUserId: admin.id, reason: "OK" });
    expect(p.ok).toBe(true);
    await startWorker();

    const ret = await waitFor(() => prisma.mailMessage.findFirst({ where: { relatedType: "APPOINTMENT_RETURNED" } }));
    expect(ret.to).toEqual([returned.user.userName]);
    expect(ret.subject).toBe("Your appointment application was returned for correction");
    expect(ret.html).toContain("Upload the E&amp;O certificate.");
    expect(ret.html).toContain("Supporting Documents");

    const appr = await waitFor(() => prisma.mailMessage.findFirst({ where: { relatedType: "APPOINTMENT_APPROVED", relatedId: `${approved.id}:${world.mdUser.id}` } }));
    expect(appr.to).toEqual([world.mdUser.userName]);
    const rej = await waitFor(() => prisma.mailMessage.findFirst({ where: { relatedType: "APPOINTMENT_REJECTED" } }));
    expect(rej.html).toContain("Not licensed.");
    const account = await waitFor(() => prisma.mailMessage.findFirst({ where: { relatedType: "UserInvitation", to: { has: paperEmail } } }));
    expect(account.subject).toBe("Your appointment was approved: create your portal account");
    if (p.ok) expect(account.text).toContain(p.agentNumber!);

    // Nothing twice: the notification jobs ran once each (job keys), the mails are single.
    await new Promise((r) => setTimeout(r, 500));
    expect(await prisma.mailMessage.count({ where: { relatedType: "APPOINTMENT_RETURNED" } })).toBe(1);
    expect(await prisma.mailMessage.count({ where: { relatedType: "UserInvitation", to: { has: paperEmail } } })).toBe(1);
  }, 60_000);
});
