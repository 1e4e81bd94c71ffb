// Every state change emits its webhook event (issue 24 item 3, decision 0078) against a real
// database: exactly one event per change, written in the change's transaction, with the documented
// data (parsed by the schema of payloads.ts), one delivery row and one deliver-webhook job for a
// subscribed endpoint; a refused or repeated change emits nothing; the abandon batch and the
// hierarchy import emit one event per record; no event carries the applicant's sensitive values.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { JobHelpers } from "graphile-worker";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { abandonApplications, DAY_MS } from "~/features/appointment/abandon.server";
import { submitApplication } from "~/features/appointment/appointment.server";
import { validApplication } from "~/features/appointment/fixtures";
import { importAgentsCsv } from "~/features/hierarchy/import.server";
import { moveSubtree } from "~/features/hierarchy/move.server";
import { jobKeys } from "~/features/jobs/queue.server";
import { approveApplication, rejectApplication, returnApplication } from "~/features/review/decisions.server";
import { emitEvents, WebhookDataError } from "~/features/webhooks/emit.server";
import { WEBHOOK_EVENTS, type WebhookEventType } from "~/features/webhooks/events";
import { WEBHOOK_EVENT_DATA } from "~/features/webhooks/payloads";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { closeMailTransport } from "~/lib/mail.server";
import { sendInvitationTask } from "../../jobs/tasks/send-invitation";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, createInvitation, createUser } from "../support/factories";
import { filledIn, req, useWorldWithJobs } from "./appointment-fixtures";

const db = useTestDatabase();
const world = useWorldWithJobs();

let endpointId = "";
beforeAll(async () => {
  // An endpoint that asked for every event, and a disabled one that must get nothing.
  const secretEncrypted = "not read by emitEvent";
  endpointId = (await prisma.webhookEndpoint.create({ data: { url: "https://receiver.example/hooks", events: [...WEBHOOK_EVENTS], secretEncrypted } })).id;
  await prisma.webhookEndpoint.create({ data: { url: "https://off.example/hooks", events: [...WEBHOOK_EVENTS], secretEncrypted, enabled: false } });
});

const admin = () => createUser(prisma, { isInternal: true, userRoleCode: "USRROLE_AGENT" });

/** The events about one subject, oldest first, each checked: its schema, one delivery to the endpoint, one job. */
async function eventsOf(subjectType: "application" | "agent" | "invitation", subjectId: number) {
  const events = await prisma.webhookEvent.findMany({ where: { subjectType, subjectId: String(subjectId) }, orderBy: { id: "asc" }, include: { deliveries: true } });
  for (const e of events) {
    const schema = WEBHOOK_EVENT_DATA[e.type as WebhookEventType];
    // The documented data exactly: parsing keeps every field and adds none.
    expect(schema.parse(e.data), e.type).toEqual(e.data);
    expect(e.deliveries.map((d) => d.endpointId), `${e.type}: one delivery, to the enabled endpoint`).toEqual([endpointId]);
    const key = jobKeys.webhookDelivery(String(e.deliveries[0]!.id));
    const jobs = await prisma.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE key = ${key}`;
    expect(jobs[0]!.n, `${e.type}: one deliver-webhook job`).toBe(1);
  }
  return events.map((e) => ({ type: e.type, data: e.data as Record<string, any> } /* eslint-disable-line @typescript-eslint/no-explicit-any -- the test reads the stored JSON */));
}
const typesOf = async (subjectType: "application" | "agent" | "invitation", id: number) => (await eventsOf(subjectType, id)).map((e) => e.type);

async function submittedApplication() {
  const { user, id } = await filledIn(world, "APPTTYP_IND");
  const r = await submitApplication(user, id, req());
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return { user, id };
}

describe("application events", () => {
  it("submitted -> returned -> submitted -> approved: four events in that order, agent.created for the new position; refused repeats emit nothing", async () => {
    const a = await admin();
    const { user, id } = await submittedApplication();
    // A second submit is refused (the application is read-only now: 403): no second event.
    await expect(submitApplication(user, id, req())).rejects.toMatchObject({ status: 403 });
    expect(await typesOf("application", id)).toEqual(["application.submitted"]);

    expect((await returnApplication({ appointmentId: id, adminUserId: a.id, reason: "Fix the address.", sections: ["PERSONAL"], request: req() })).ok).toBe(true);
    // Returned twice: the second is ALREADY_DECIDED, nothing more.
    expect((await returnApplication({ appointmentId: id, adminUserId: a.id, reason: "Again.", sections: ["PERSONAL"], request: req() })).ok).toBe(false);
    expect((await submitApplication(user, id, req())).ok).toBe(true);
    const approved = await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "Looks fine.", request: req() });
    expect(approved.ok).toBe(true);
    expect((await approveApplication({ appointmentId: id, adminUserId: a.id, reason: "Twice.", request: req() })).ok).toBe(false);

    const events = await eventsOf("application", id);
    expect(events.map((e) => e.type)).toEqual(["application.submitted", "application.returned", "application.submitted", "application.approved"]);
    expect(events.map((e) => e.data.application.status)).toEqual(["APWF_STATUS_NEWCONTRACT", "APWF_STATUS_INCOMPLETE", "APWF_STATUS_NEWCONTRACT", "APWF_STATUS_APPROVED"]);
    expect(events[0]!.data.actor).toEqual({ type: "user", id: user.id });
    expect(events[1]!.data).toMatchObject({ actor: { type: "user", id: a.id }, sections: ["PERSONAL"] });
    expect(events[1]!.data).not.toHaveProperty("reason");
    const row = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(events[3]!.data.application).toMatchObject({
      id,
      agent_number: row.agentNumber,
      agent_ids: [row.agentId],
      recruiter: { id: world.md.id, agent_number: world.md.agentNumber, company_number: world.md.companyNumber, block_number: world.md.blockNumber },
      approved_at: row.approvedAt!.toISOString(),
    });

    // The new position: one agent.created, before the approval's event, naming the application.
    const created = await eventsOf("agent", row.agentId!);
    expect(created.map((e) => e.type)).toEqual(["agent.created"]);
    expect(created[0]!.data).toMatchObject({
      source: "approval",
      application_id: id,
      agent: { id: row.agentId, agent_number: row.agentNumber, active: true, upline: { id: world.md.id, agent_number: world.md.agentNumber } },
    });
    const order = await prisma.webhookEvent.findMany({ where: { OR: [{ subjectType: "agent", subjectId: String(row.agentId) }, { subjectType: "application", subjectId: String(id), type: "application.approved" }] }, orderBy: { id: "asc" } });
    expect(order.map((e) => e.type)).toEqual(["agent.created", "application.approved"]);
  });

  it("rejected: one event; an approval refused as UNLICENSED emits nothing", async () => {
    const a = await admin();
    const { id } = await submittedApplication();
    expect((await rejectApplication({ appointmentId: id, adminUserId: a.id, reason: "No.", request: req() })).ok).toBe(true);
    const events = await eventsOf("application", id);
    expect(events.map((e) => e.type)).toEqual(["application.submitted", "application.rejected"]);
    expect(events[1]!.data.application).toMatchObject({ status: "APWF_STATUS_REJECTED", agent_number: null, agent_ids: [] });

    const other = await submittedApplication();
    await prisma.appointmentPersonal.update({ where: { appointmentId: other.id }, data: { nationalProducerNumber: `56${String(Date.now()).slice(-6)}` } });
    const agentEvents = await prisma.webhookEvent.count({ where: { subjectType: "agent" } });
    const refused = await approveApplication({ appointmentId: other.id, adminUserId: a.id, reason: "Looks fine.", request: req() });
    expect(refused).toMatchObject({ ok: false, code: "UNLICENSED" });
    expect(await typesOf("application", other.id)).toEqual(["application.submitted"]);
    expect(await prisma.webhookEvent.count({ where: { subjectType: "agent" } })).toBe(agentEvents);
  });

  it("the abandon batch emits one event per application, in the batch; a second run emits nothing", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await filledIn(world, "APPTTYP_IND");
      await prisma.appointment.update({ where: { appointmentId: id }, data: { startDt: new Date(Date.now() - 400 * DAY_MS) } });
      ids.push(id);
    }
    const run = await abandonApplications({ abandonDays: 90, batchSize: 2 });
    expect(run.abandoned).toEqual(expect.arrayContaining(ids));
    for (const id of ids) {
      const events = await eventsOf("application", id);
      expect(events.map((e) => e.type)).toEqual(["application.abandoned"]);
      expect(events[0]!.data).toMatchObject({ actor: { type: "system" }, application: { id, status: "APWF_STATUS_ABANDONED" } });
    }
    expect((await abandonApplications({ abandonDays: 90, batchSize: 2 })).abandoned).toEqual([]);
    for (const id of ids) expect(await typesOf("application", id)).toEqual(["application.abandoned"]);
  });

  it("no event data carries the applicant's SSN, tax id, bank or card numbers", async () => {
    // The seeded applications' values (validApplication: a corporation has the tax id; card and bank as given).
    const canaries = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object")
        for (const [k, x] of Object.entries(v)) {
          if (/^(ssn|businessTaxID|accountNumber|routingNumber|cardNumber)$/.test(k) && typeof x === "string" && x) canaries.add(x);
          else walk(x);
        }
    };
    walk(validApplication("APPTTYP_IND"));
    walk(validApplication("APPTTYP_CORP"));
    expect(canaries.size).toBeGreaterThanOrEqual(4);
    const all = await prisma.$queryRaw<Array<{ data: string }>>`SELECT data::text AS data FROM webhook_events`;
    expect(all.length).toBeGreaterThan(5);
    for (const { data } of all) for (const c of canaries) expect(data).not.toContain(c);
    // A batch with one event naming a sensitive field writes none of them.
    const before = await prisma.webhookEvent.count();
    const batch = [
      { type: "agent.created" as const, subjectId: 1, data: { agent: { id: 1 } } },
      { type: "agent.created" as const, subjectId: 2, data: { agent: { id: 2, taxId: "123456789" } } },
    ];
    await expect(prisma.$transaction((tx) => emitEvents(tx, batch))).rejects.toBeInstanceOf(WebhookDataError);
    expect(await prisma.webhookEvent.count()).toBe(before);
  });
});

describe("agent events", () => {
  it("a move emits agent.moved for the moved agent with its old and new upline; a refused move emits nothing", async () => {
    const a = await admin();
    const left = await createAgent(prisma, { parentId: world.md.id, hierarchyLevel: 3 });
    const right = await createAgent(prisma, { parentId: world.md.id, hierarchyLevel: 3 });
    const mover = await createAgent(prisma, { parentId: left.id, hierarchyLevel: 4 });
    const below = await createAgent(prisma, { parentId: mover.id, hierarchyLevel: 5 });
    const r = await prisma.$transaction((tx) => moveSubtree(tx, mover.id, right.id, { actorUserId: a.id }));
    expect(r.ok).toBe(true);
    const events = await eventsOf("agent", mover.id);
    expect(events).toEqual([
      {
        type: "agent.moved",
        data: {
          agent: { id: mover.id, agent_number: mover.agentNumber, company_number: mover.companyNumber, block_number: mover.blockNumber, mga_code: mover.mgaCode, hierarchy_level: 4, active: true, upline: { id: right.id, agent_number: right.agentNumber } },
          actor: { type: "user", id: a.id },
          source: "move",
          previous_upline: { id: left.id, agent_number: left.agentNumber },
          subtree_size: 2,
        },
      },
    ]);
    // Its downline keeps its direct upline: no event of its own.
    expect(await typesOf("agent", below.id)).toEqual([]);
    const again = await prisma.$transaction((tx) => moveSubtree(tx, mover.id, right.id, { actorUserId: a.id }));
    expect(again).toMatchObject({ ok: false, code: "ALREADY_UNDER" });
    expect(await typesOf("agent", mover.id)).toEqual(["agent.moved"]);
  });

  it("the hierarchy import: agent.created per new agent, agent.moved per changed upline, agent.deactivated per termination; an unchanged file emits nothing", async () => {
    await createCarrierWithBlocks(prisma, { carrierCode: "WHEV", companyNumber: "WH01", blocks: [{ blockNumber: 951, productTypeCode: "HEALTH" }] });
    const HEADER = "agentNumber,companyNumber,blockNumber,carrierCode,mgaCode,level,firstName,middleName,lastName,companyName,uplineAgentNumber,email,phone,status,activeDate,terminatedDate,terminationReason";
    // A deactivation gives its reason (decision 0111).
    const row = (n: string, level: number, upline: string, status = "ACTIVE", terminated = "") =>
      `${n},WH01,951,WHEV,WH1,${level},Pat,,Agent${n},,${upline},,,${status},,${terminated},${terminated ? "VOL" : ""}`;
    const importCsv = async (...rows: string[]) => {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        const r = await importAgentsCsv(client, Readable.from([Buffer.from([HEADER, ...rows].join("\n") + "\n")]));
        expect(r.ok, JSON.stringify(r)).toBe(true);
      } finally {
        await client.end();
      }
    };
    const first = [row("WH100", 1, "0000"), row("WH200", 2, "WH100"), row("WH300", 2, "WH100")];
    await importCsv(...first);
    const ids = Object.fromEntries(
      (await prisma.agent.findMany({ where: { companyNumber: "WH01", blockNumber: 951 }, select: { id: true, agentNumber: true } })).map((x) => [x.agentNumber, x.id]),
    );
    expect(await eventsOf("agent", ids.WH100!)).toEqual([
      {
        type: "agent.created",
        data: { agent: { id: ids.WH100, agent_number: "WH100", company_number: "WH01", block_number: 951, mga_code: "WH1", hierarchy_level: 1, active: true, upline: null }, actor: { type: "system" }, source: "import" },
      },
    ]);
    expect((await eventsOf("agent", ids.WH300!))[0]!.data.agent.upline).toEqual({ id: ids.WH100, agent_number: "WH100" });
    expect(await typesOf("agent", ids.WH200!)).toEqual(["agent.created"]);

    await importCsv(...first); // nothing changes: nothing emitted
    await importCsv(row("WH100", 1, "0000"), row("WH200", 2, "WH100", "TERMINATED", "2026-10-31"), row("WH300", 3, "WH200"));
    await importCsv(row("WH100", 1, "0000"), row("WH200", 2, "WH100", "TERMINATED", "2026-10-31"), row("WH300", 3, "WH200"));
    expect(await typesOf("agent", ids.WH100!)).toEqual(["agent.created"]);
    const wh200 = await eventsOf("agent", ids.WH200!);
    expect(wh200.map((e) => e.type)).toEqual(["agent.created", "agent.deactivated"]);
    expect(wh200[1]!.data).toMatchObject({ agent: { active: false }, termination_date: "2026-10-31", source: "import" });
    const wh300 = await eventsOf("agent", ids.WH300!);
    expect(wh300.map((e) => e.type)).toEqual(["agent.created", "agent.moved"]);
    expect(wh300[1]!.data).toMatchObject({ agent: { upline: { id: ids.WH200, agent_number: "WH200" }, hierarchy_level: 3 }, previous_upline: { id: ids.WH100, agent_number: "WH100" } });
  });
});

describe("invitation events", () => {
  const saved = process.env.SMTP_URL;
  afterAll(() => {
    if (saved === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = saved;
    resetEnvCache();
    closeMailTransport();
  });
  const smtp = (url: string | undefined) => {
    if (url === undefined) delete process.env.SMTP_URL;
    else process.env.SMTP_URL = url;
    resetEnvCache();
    closeMailTransport();
  };
  /** Runs the send-invitation job of the invitation as graphile-worker would, attempt `attempt` of `max`. */
  const runJob = (invitationId: number, attempt: number, max = 3) =>
    sendInvitationTask({ invitationId }, {
      job: { id: "1", key: `invitation:${invitationId}:test`, attempts: attempt, max_attempts: max },
      logger: { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} },
    } as unknown as JobHelpers);

  it("sent once when the mail is accepted (the job run again emits nothing); failed once on the last attempt or with nothing to send", async () => {
    smtp(undefined); // captured: accepted
    const sent = await createInvitation(prisma, { inviterAgentId: world.md.id, inviteText: "<p>Join us</p>", subject: "Join" });
    await runJob(sent.invitationId, 1);
    await runJob(sent.invitationId, 1);
    const events = await eventsOf("invitation", sent.invitationId);
    expect(events.map((e) => e.type)).toEqual(["invitation.sent"]);
    expect(events[0]!.data.invitation).toEqual({
      id: sent.invitationId,
      status: "INVITED",
      invite_type: "INVTYP_SINGLE",
      inviter: { agent_number: world.md.agentNumber, company_number: world.md.companyNumber, block_number: world.md.blockNumber },
      invited_at: sent.inviteDate.toISOString(),
    });
    expect(JSON.stringify(events[0]!.data)).not.toContain(sent.prospectEmailAddress);

    const empty = await createInvitation(prisma, { inviterAgentId: world.md.id, inviteText: "<p> </p>" });
    await runJob(empty.invitationId, 1);
    await runJob(empty.invitationId, 1);
    const emptyEvents = await eventsOf("invitation", empty.invitationId);
    expect(emptyEvents.map((e) => [e.type, e.data.error, e.data.invitation.status])).toEqual([["invitation.failed", "NOTHING_TO_SEND", "SEND_FAILED"]]);

    smtp("smtp://127.0.0.1:9"); // nothing listens: every attempt fails
    const failing = await createInvitation(prisma, { inviterAgentId: world.md.id, inviteText: "<p>Join us</p>", subject: "Join", submissionToken: randomUUID() });
    await expect(runJob(failing.invitationId, 1)).rejects.toThrow();
    expect(await typesOf("invitation", failing.invitationId)).toEqual([]);
    await expect(runJob(failing.invitationId, 3)).rejects.toThrow();
    await expect(runJob(failing.invitationId, 3)).rejects.toThrow();
    const failed = await eventsOf("invitation", failing.invitationId);
    expect(failed.map((e) => [e.type, e.data.error])).toEqual([["invitation.failed", "DELIVERY_FAILED"]]);
  });
});
