// Who is told of the back-office decisions (issue 11; decision 0031): the
// prospect by email of a return for correction (reason, sections, a link to
// the application), a rejection and an approval; recruiters and uplines per
// their preferences, never of a return (no category); a returned paper
// application goes to the recruiter who filled it in; a second return is told
// again, the same one only once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client";
import { notifyAppointmentEvent, type AddJob, type EmailJobPayload } from "~/features/appointment/notifications.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { deliverMail } from "~/lib/mail.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createAppointment, createUser, seedReferenceData } from "../support/factories";

useTestDatabase();

let sent: Array<EmailJobPayload & { jobKey: string }> = [];
const add: AddJob = async (name: "send-email" | "send-sms", p: object, spec: { jobKey: string }) => {
  if (name !== "send-email") throw new Error(`unexpected ${name}`);
  const mail = p as EmailJobPayload;
  sent.push({ ...mail, jobKey: spec.jobKey });
  await deliverMail({ ...mail, deliveryKey: spec.jobKey });
};

let admin: User;
let recruiterUser: User;
let recruiterAgentId: number;

beforeAll(async () => {
  process.env.APP_URL = "http://localhost:3000";
  delete process.env.SMTP_URL;
  resetEnvCache();
  await seedReferenceData();
  admin = await createUser(prisma, { isInternal: true });
  recruiterUser = await createUser(prisma, { firstName: "Rae", lastName: "Recruiter" });
  recruiterAgentId = (await createAgent(prisma, { userId: recruiterUser.id, hierarchyLevel: 1 })).id;
});

afterAll(() => {
  delete process.env.APP_URL;
  resetEnvCache();
});

async function decide(appointmentId: number, decisionCode: string, reason: string, sections: string[] = [], at = new Date()) {
  await prisma.appointmentDecision.create({
    data: { appointmentId, decisionCode, reason, sections, fromStatusCode: "APWF_STATUS_NEWCONTRACT", decidedById: admin.id, decidedAt: at },
  });
}

describe("decision notifications", () => {
  it("a return tells the prospect (reason, sections, link), not the recruiter; once per return, again for the next one", async () => {
    const prospect = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT" });
    const app = await createAppointment(prisma, { userId: prospect.id, recruiterAgentId, personal: { firstName: "Robin", lastName: "Returned" } });
    await decide(app.appointmentId, "RETURN", "The license copy is unreadable", ["PERSONAL", "DOCS"], new Date(Date.now() - 60_000));
    sent = [];
    expect(await notifyAppointmentEvent("RETURNED", app.appointmentId, add)).toMatchObject({ emailsQueued: 1, skipped: 0 });
    expect(sent.map((m) => [m.to, m.subject])).toEqual([[[prospect.userName], "Your appointment application was returned for correction"]]);
    const html = sent[0]!.html;
    expect(html).toContain("The license copy is unreadable");
    expect(html).toContain("Personal Information, Supporting Documents");
    expect(html).toContain(`http://localhost:3000/appoint?id=${app.appointmentId}`);
    expect(html).not.toContain("communication preferences");

    expect(await notifyAppointmentEvent("RETURNED", app.appointmentId, add)).toMatchObject({ emailsQueued: 0, skipped: 1 });
    await decide(app.appointmentId, "RETURN", "Still unreadable", ["DOCS"]);
    expect(await notifyAppointmentEvent("RETURNED", app.appointmentId, add)).toMatchObject({ emailsQueued: 1, skipped: 0 });
    expect(sent.at(-1)!.html).toContain("Still unreadable");
    expect(await prisma.mailMessage.count({ where: { relatedType: "APPOINTMENT_RETURNED" } })).toBe(2);
  });

  it("a returned paper application without the prospect's account goes to the recruiter who filled it in", async () => {
    const app = await createAppointment(prisma, {
      isPaperAppointment: true,
      submitterId: recruiterUser.id,
      recruiterAgentId,
      prospectEmailAddress: "paper.prospect@example.com",
      personal: { firstName: "Paige", lastName: "Paper" },
    });
    await decide(app.appointmentId, "RETURN", "Missing signature", ["AGREEMENTS"]);
    sent = [];
    await notifyAppointmentEvent("RETURNED", app.appointmentId, add);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([[[recruiterUser.userName], "Application returned for correction: Paige Paper"]]);
    expect(sent[0]!.html).toContain("Missing signature");
  });

  it("a rejection tells the prospect with the reason and the recruiter per the preferences", async () => {
    const prospect = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT" });
    const app = await createAppointment(prisma, {
      userId: prospect.id,
      recruiterAgentId,
      appointmentStatusCode: "APWF_STATUS_REJECTED",
      personal: { firstName: "Rory", lastName: "Rejected" },
    });
    await decide(app.appointmentId, "REJECT", "Not licensed in any state we serve");
    sent = [];
    await notifyAppointmentEvent("REJECTED", app.appointmentId, add);
    expect(sent.map((m) => [m.to, m.subject]).sort()).toEqual(
      [
        [[prospect.userName], "Your appointment application was rejected"],
        [[recruiterUser.userName], "Application rejected: Rory Rejected"],
      ].sort(),
    );
    for (const m of sent) expect(m.html).toContain("Not licensed in any state we serve");
  });
});
