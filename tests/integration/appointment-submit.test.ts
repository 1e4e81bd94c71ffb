// Submitting the application: refused below 100%, accepted at 100% with the
// status change and the PDF and notification jobs queued in the same
// transaction (a type that pays by card gives its CVC with the submit: it is
// never stored, decision 0087); notifications per preference, idempotent.
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { deliverMail } from "~/lib/mail.server";
import { eraseCardData, loadApplication, submitApplication } from "~/features/appointment/appointment.server";
import { notifyAppointmentEvent, type AddJob, type EmailJobPayload, type SmsJobPayload } from "~/features/appointment/notifications.server";
import { deliverSms } from "~/lib/sms.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createUser } from "../support/factories";
import { filledIn, newApplication, req, useWorldWithJobs } from "./appointment-fixtures";

useTestDatabase();

const world = useWorldWithJobs();

async function jobs(id: number) {
  // The public view graphile_worker.jobs has no payload column; the private table has.
  return prisma.$queryRaw<Array<{ task_identifier: string; key: string | null }>>`
    SELECT t.identifier AS task_identifier, j.key FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id
     WHERE j.payload->>'appointmentId' = ${String(id)} ORDER BY t.identifier`;
}

describe("submit", () => {
  it("is refused below 100% with the list of deficiencies, and nothing changes", async () => {
    const { user, id } = await newApplication(world);
    const r = await submitApplication(user, id, req());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.completion?.percent).toBeLessThan(100);
    expect(r.completion?.deficiencies.map((d) => d.message)).toContain("Q&A Signature Required");
    const a = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(a.appointmentStatusCode).toBe("APWF_STATUS_INCOMPLETE");
    expect(a.submittedAt).toBeNull();
  });

  it("is accepted at 100% with the CVC given with it: status, submittedAt, jobs queued; then read-only", async () => {
    const { user, id } = await filledIn(world, "APPTTYP_REP");
    const view = await loadApplication(user, id);
    expect(view.completion.deficiencies).toEqual([]);
    expect(view.completion.percent).toBe(100);
    // The card section's CVC was checked and dropped: nothing to show, and the submit asks for it.
    expect(view.data.fees.ccInfo?.cvcNumber).toBeUndefined();
    const without = await submitApplication(user, id, req());
    expect(without).toMatchObject({ ok: false, cvcError: "CVC is required", dialog: { message: "CVC is required" }, fieldErrors: { FEES: { "ccInfo.cvcNumber": ["CVC is required"] } } });
    expect(await submitApplication(user, id, req(), { cvc: "12" })).toMatchObject({ ok: false, cvcError: "CVC must be 3 or 4 digits" });
    expect((await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } })).appointmentStatusCode).toBe("APWF_STATUS_INCOMPLETE");

    const r = await submitApplication(user, id, req(), { cvc: " 1234 " });
    expect(r).toMatchObject({ ok: true, dialog: { title: "Successfully Submitted for Approval!" } });
    const a = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(a.appointmentStatusCode).toBe("APWF_STATUS_NEWCONTRACT");
    expect(a.submittedAt).toBeInstanceOf(Date);
    expect(a.submittedById).toBe(user.id);
    expect((await jobs(id)).map((j) => [j.task_identifier, j.key])).toEqual([
      ["generate-application-pdf", `app-pdf:${id}`],
      ["notify-appointment", `notify-submitted:${id}`],
    ]);
    const card = await prisma.appointmentCardInfo.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(card.cardNumberEncrypted).not.toBeNull();
    expect((await loadApplication(user, id)).readOnly).toBe(true);

    const again = await submitApplication(user, id, req(), { cvc: "123" }).catch((e: unknown) => e);
    expect((again as Response).status).toBe(403);

    // On approval or abandonment the back office erases the card.
    expect(await eraseCardData(prisma, id)).toBe(true);
    const erased = await prisma.appointmentCardInfo.findUniqueOrThrow({ where: { appointmentId: id } });
    expect([erased.cardNumberEncrypted, erased.expirationMonth, erased.nameOnCard]).toEqual([null, null, null]);
    expect(erased.cardLast4).toBe("1111");
  });

  it("is refused when the stored SSN equals the stored business tax id", async () => {
    const { user, id } = await filledIn(world, "APPTTYP_CORP");
    const p = await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } });
    await prisma.appointmentPersonal.update({ where: { appointmentId: id }, data: { businessTaxIdEncrypted: p.ssnEncrypted, businessTaxIdLast4: p.ssnLast4 } });
    const r = await submitApplication(user, id, req());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.dialog.message).toBe("SSN and Tax Id should not be same");
  });
});

describe("notifications", () => {
  it("emails the prospect their receipt, the recruiter (default: the sign-in address) and opted-in uplines, texts opted-in numbers, and sends nothing twice", async () => {
    // An upline above the director who opted in for downline submissions by email and SMS.
    const uplineUser = await createUser(prisma, {});
    const upline = await createAgent(prisma, { userId: uplineUser.id, hierarchyLevel: 0, blockNumber: world.md.blockNumber });
    await prisma.$executeRaw`INSERT INTO agent_closure (ancestor_id, descendant_id, depth) VALUES (${upline.id}, ${world.md.id}, 1)`;
    await prisma.notificationSubscriber.create({
      data: {
        userId: uplineUser.id,
        preferences: {
          create: [
            { categoryCode: "CAT_APPSUB_RECRUIT_DOWNLN", methodCode: "EMAIL_EVT", isEnabled: true, preferenceValue: "up1@example.com, up2@example.com" },
            { categoryCode: "CAT_APPSUB_RECRUIT_DOWNLN", methodCode: "SMS_EVT", isEnabled: true, preferenceValue: "5125550111" },
          ],
        },
      },
    });
    const { user, id } = await filledIn(world, "APPTTYP_IND");
    expect((await submitApplication(user, id, req())).ok).toBe(true);

    const queued: Array<{ to: string[]; subject: string; relatedType: string; relatedId: string; jobKey: string }> = [];
    const texts: Array<{ to: string; text: string; jobKey: string; maxAttempts: number }> = [];
    const add: AddJob = async (name: "send-email" | "send-sms", p: EmailJobPayload | SmsJobPayload, spec: { jobKey: string; maxAttempts: number }) => {
      if (name === "send-sms") {
        const sms = p as SmsJobPayload;
        texts.push({ to: sms.to, text: sms.text, jobKey: spec.jobKey, maxAttempts: spec.maxAttempts });
        await deliverSms({ ...sms, deliveryKey: spec.jobKey });
        return;
      }
      const mail = p as EmailJobPayload;
      queued.push({ to: mail.to, subject: mail.subject, relatedType: mail.relatedType, relatedId: mail.relatedId, jobKey: spec.jobKey });
      await deliverMail({ ...mail, deliveryKey: spec.jobKey });
    };
    const first = await notifyAppointmentEvent("SUBMITTED", id, add);
    // The prospect's receipt (decision 0099), the recruiter and the opted-in upline.
    expect(first).toMatchObject({ emailsQueued: 3, smsQueued: 1 });
    const to = queued.map((q) => q.to.join(",")).sort();
    expect(to).toEqual([user.userName, world.mdUser.userName, "up1@example.com,up2@example.com"].sort());
    expect(queued.find((q) => q.to.includes(user.userName))?.subject).toBe(`We received your appointment application APP-${id}`);
    expect(queued.find((q) => q.to.includes(world.mdUser.userName))?.subject).toBe("Application submitted for approval: Jordan Lee");
    const receipt = await prisma.mailMessage.findFirstOrThrow({ where: { relatedType: "APPOINTMENT_SUBMITTED", to: { has: user.userName } } });
    expect(receipt.html).toContain(`APP-${id}`);
    expect(receipt.html).toContain("Usually 3 working days.");
    expect(receipt.html).not.toContain("900781234");
    const mail = await prisma.mailMessage.findFirstOrThrow({ where: { relatedType: "APPOINTMENT_SUBMITTED", to: { has: world.mdUser.userName } } });
    expect(mail.html).not.toContain("900781234");
    // The upline's number gets a text (captured: no SMS_URL), keyed per event, application, recipient and number.
    expect(texts).toEqual([
      {
        to: "+15125550111",
        text: expect.stringContaining("the application of Jordan Lee (your downline) was submitted for approval"),
        jobKey: expect.stringMatching(new RegExp(`^appointment-sms:submitted:${id}@\\d+:${uplineUser.id}:15125550111$`)),
        maxAttempts: 5,
      },
    ]);
    expect(await prisma.smsMessage.count({ where: { relatedType: "APPOINTMENT_SUBMITTED", status: "CAPTURED" } })).toBe(1);

    const second = await notifyAppointmentEvent("SUBMITTED", id, add);
    expect(second).toMatchObject({ emailsQueued: 0, smsQueued: 0, skipped: 4 });
    expect(await prisma.smsMessage.count({ where: { relatedType: "APPOINTMENT_SUBMITTED" } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { action: "SMS_NOT_SENT" } })).toBe(0);
  });
});
