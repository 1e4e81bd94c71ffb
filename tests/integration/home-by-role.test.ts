// The home by role (issue 36 item 9, decision 0097), against a real PostgreSQL:
//  - an internal administrator's home is the work waiting, each count what its screen lists (the
//    review queue with the oldest application's wait, the service requests not done, every agent
//    not in good order, the failed webhook deliveries not delivered since) and a link to it; no link
//    prompt, no greyed agent tools, no empty 'Your Agent Numbers';
//  - an administrator who also applies gets the prospect's parts back; one acting as a prospect
//    (impersonation) sees the prospect's home, without the work;
//  - a prospect's entries say the next step: continue, correct what was returned, awaiting review.
// The statement guard of /home (the administrator's included) is in signed-in-path.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { NEXT_STEP } from "~/features/dashboard/messages";
import { compliancePage } from "~/features/licences/compliance-view.server";
import { reviewQueuePage } from "~/features/review/queue.server";
import { listRequests } from "~/features/service-requests/queue.server";
import { dayOf } from "~/features/licences/status";
import { prisma } from "~/lib/db.server";
import { stopWorker } from "~/lib/jobs.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createAppointment, createUser, seedReferenceData } from "../support/factories";
import { asUser } from "./appointment-fixtures";

useTestDatabase();

const DAY_MS = 86_400_000;
const now = new Date("2030-03-10T12:00:00Z");
let admin: User;
let prospect: User;

beforeAll(async () => {
  await seedReferenceData();
  admin = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT", isInternal: true, firstName: "Ada", lastName: "Admin" });
  prospect = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT", firstName: "Pia", lastName: "Prospect" });
});

afterAll(async () => {
  await stopWorker();
});

const tile = async (key: string, user = admin) => (await getDashboard(asUser(user), now)).work?.find((t) => t.key === key);

/** What each screen lists today, as the screens read it. */
async function screens() {
  const queue = await reviewQueuePage({}, 0, 10);
  const requests = await listRequests({ status: "ACTIVE", type: "", page: 0, pageSize: 10, timeZone: "UTC" });
  const compliance = await compliancePage({ userId: admin.id, everyAgent: true }, {}, dayOf(now), 0, 25);
  return { applications: queue.totalRecords, requests: requests.totalRecords, compliance: compliance.counts.NOT_IN_GOOD_ORDER };
}

describe("an administrator's home", () => {
  it("is the work waiting: each count is its screen's, with a link to it; no link prompt, greyed tools or empty agent numbers", async () => {
    const before = await getDashboard(asUser(admin), now);
    expect(before.work?.map((t) => [t.key, t.href])).toEqual([
      ["applications", "/admin/review"],
      ["requests", "/admin/requests?status=ACTIVE"],
      ["compliance", "/compliance?standing=NOT_IN_GOOD_ORDER"],
      ["webhooks", "/admin/webhooks"],
    ]);
    expect(before.prospectTools).toBe(false);
    expect(before.nothingFound).toBe(false);

    // Two applications awaiting review (submitted 5 days and 2 hours ago), one incomplete, one deleted.
    await createAppointment(prisma, { userId: prospect.id, appointmentStatusCode: "APWF_STATUS_NEWCONTRACT", submittedAt: new Date(now.getTime() - 5 * DAY_MS - 3600_000) });
    await createAppointment(prisma, { userId: prospect.id, appointmentStatusCode: "APWF_STATUS_NEWCONTRACT", submittedAt: new Date(now.getTime() - 2 * 3600_000) });
    await createAppointment(prisma, { userId: prospect.id, appointmentStatusCode: "APWF_STATUS_INCOMPLETE" });
    await createAppointment(prisma, { userId: prospect.id, appointmentStatusCode: "APWF_STATUS_NEWCONTRACT", submittedAt: new Date(now.getTime() - 40 * DAY_MS), isDeleted: true });
    // Service requests: open, in progress, done.
    for (const status of ["OPEN", "IN_PROGRESS", "DONE"]) {
      await prisma.serviceRequest.create({ data: { requesterUserId: prospect.id, requesterTypeCode: "RQTYP_AGT", requestTypeCode: "SVCREQ_GENERAL", requestText: status, status } });
    }
    // Agents: one not in good order, one in good order.
    for (const standing of ["NOT_IN_GOOD_ORDER", "IN_GOOD_ORDER"]) {
      const agent = await createAgent(prisma, {});
      await prisma.agentCompliance.create({ data: { agentId: agent.id, standing, checkedOn: now } });
    }
    // Webhooks: a failed delivery; a failed one whose replay was delivered; a pending one.
    const endpoint = await prisma.webhookEndpoint.create({ data: { url: "https://receiver.example/hooks", events: ["application.submitted"], secretEncrypted: "x" } });
    const event = () => prisma.webhookEvent.create({ data: { type: "application.submitted", subjectType: "application", subjectId: "1", data: {} } });
    const [e1, e2, e3] = [await event(), await event(), await event()];
    await prisma.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId: e1.id, status: "FAILED", attempts: 14 } });
    const settled = await prisma.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId: e2.id, status: "FAILED", attempts: 14 } });
    await prisma.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId: e2.id, status: "DELIVERED", replayOfId: settled.id } });
    await prisma.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId: e3.id } });

    const d = await getDashboard(asUser(admin), now);
    const listed = await screens();
    const byKey = Object.fromEntries(d.work!.map((t) => [t.key, t]));
    expect(byKey.applications).toMatchObject({ count: listed.applications, detail: "Oldest waiting 5 days" });
    expect(listed.applications).toBe(2);
    expect(byKey.requests).toMatchObject({ count: listed.requests, detail: "1 open" });
    expect(listed.requests).toBe(2);
    expect(byKey.compliance).toMatchObject({ count: listed.compliance });
    expect(listed.compliance).toBe(1);
    expect(byKey.webhooks).toMatchObject({ count: 1 });
    expect(d.prospectTools).toBe(false);
    expect(d.entries).toEqual([]);
  });

  it("an administrator who also applies gets the prospect's parts back; one acting as a prospect sees the prospect's home", async () => {
    const applying = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT", isInternal: true });
    await createAppointment(prisma, { userId: applying.id, appointmentStatusCode: "APWF_STATUS_INCOMPLETE" });
    const both = await getDashboard(asUser(applying), now);
    expect(both.work).not.toBeNull();
    expect(both.prospectTools).toBe(true);
    expect(both.entries.map((e) => e.nextStep)).toEqual([NEXT_STEP.continue]);

    const acting = await getDashboard(asUser(prospect, admin), now);
    expect(acting.work).toBeNull();
    expect(acting.prospectTools).toBe(true);
  });

  it("no one else gets the work", async () => {
    expect((await getDashboard(asUser(prospect), now)).work).toBeNull();
    expect(await tile("applications", prospect)).toBeUndefined();
  });
});

describe("a prospect's home", () => {
  it("says the next step of each application and whose turn it is: continue, correct what was returned, awaiting review, rejected", async () => {
    const p = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT" });
    const incomplete = await createAppointment(prisma, { userId: p.id, appointmentStatusCode: "APWF_STATUS_INCOMPLETE" });
    const returned = await createAppointment(prisma, { userId: p.id, appointmentStatusCode: "APWF_STATUS_INCOMPLETE" });
    await prisma.appointmentDecision.create({
      data: { appointmentId: returned.appointmentId, decisionCode: "RETURN", reason: "The NPN does not match.", sections: ["PERSONAL"], fromStatusCode: "APWF_STATUS_NEWCONTRACT", decidedById: admin.id },
    });
    const awaiting = await createAppointment(prisma, { userId: p.id, appointmentStatusCode: "APWF_STATUS_NEWCONTRACT", submittedAt: now });
    const rejected = await createAppointment(prisma, { userId: p.id, appointmentStatusCode: "APWF_STATUS_REJECTED", rejectionReason: "License revoked." });
    const d = await getDashboard(asUser(p), now);
    const step = (id: number) => d.entries.find((e) => e.key === `appointment-${id}`);
    expect(step(incomplete.appointmentId)).toMatchObject({ statusText: "Incomplete", nextStep: NEXT_STEP.continue, turn: "With you" });
    expect(step(returned.appointmentId)).toMatchObject({ statusText: "Incomplete", nextStep: NEXT_STEP.returned, note: { kind: "RETURNED", reason: "The NPN does not match." }, turn: "Returned: The NPN does not match. (to correct: Personal Information)" });
    expect(step(awaiting.appointmentId)).toMatchObject({ statusText: "Awaiting Approval", nextStep: NEXT_STEP.awaiting, turn: "With the reviewer" });
    expect(step(rejected.appointmentId)).toMatchObject({ statusText: "Rejected", nextStep: NEXT_STEP.rejected, turn: "Rejected" });
    // The spec's dashboard: the prospect keeps the link prompt and the greyed agent tools (decision 0097).
    expect(d.prospectTools).toBe(true);
    expect(d.rules).toMatchObject({ showHierarchyButtons: true, hierarchyButtonsEnabled: false });
  });
});
