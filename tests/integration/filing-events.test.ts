// The state filings' webhook events (issue 37 item 6, decision 0116) against a real database and a
// real receiver on loopback: appointment.filed / accepted / rejected from each place a filing's status
// changes (ADMIN > State Filings' actions, the state's answer file, a file run, an http run against a
// loopback filing service) and termination.filed (emitTerminationsFiled): one event per filing and
// change, in the change's transaction (a refused change or an answer file applying nothing emits
// none), the documented data, a signed delivery that arrives with that data, nothing for an endpoint
// that did not ask for the type, and never the agent's SSN anywhere.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileAdapter, httpAdapter } from "~/features/state-filings/adapter.server";
import { actOnFiling } from "~/features/state-filings/actions.server";
import { applyAnswerFile } from "~/features/state-filings/answers.server";
import { FILING_INTENTS } from "~/features/state-filings/board";
import { deliverWebhook } from "~/features/webhooks/deliver.server";
import { createEndpoint } from "~/features/webhooks/endpoints.server";
import type { WebhookEventType } from "~/features/webhooks/events";
import { emitTerminationsFiled } from "~/features/webhooks/filing-events.server";
import { WEBHOOK_EVENT_DATA } from "~/features/webhooks/payloads";
import { verifyWebhook } from "~/features/webhooks/signature.server";
import type { User } from "~/generated/prisma/client";
import { encryptField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, createUser, seedReferenceData } from "../support/factories";
import { useTempDataDir } from "../support/temp-dir";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

useTestDatabase();
useTempDataDir("filing-events");

const SSN = "123-45-6789";
const SSN_DIGITS = "123456789";
const FILING_EVENTS: WebhookEventType[] = ["appointment.filed", "appointment.accepted", "appointment.rejected", "termination.filed"];

let receiver: WebhookReceiver;
let admin: User;
let carrierId: number;
let secret = "";
let filingsEndpoint = "";
let otherEndpoint = "";
const saved = { appUrl: process.env.APP_URL, allow: process.env.WEBHOOK_ALLOW_PRIVATE };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  process.env.APP_URL = "http://localhost:3000";
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvCache();
  await seedReferenceData();
  admin = await createUser(prisma, { isInternal: true, userName: "filing-events.admin@example.com" });
  const c = await createCarrierWithBlocks(prisma, { carrierCode: "FEVC", naicCompanyCode: "99202", companyNumber: "FE01", blocks: [{ blockNumber: 982, productTypeCode: "HEALTH" }] });
  carrierId = c.carrier.carrierId;
  const request = new Request("http://localhost:3000/admin/webhooks", { method: "POST" });
  const made = await createEndpoint(admin, { url: `${receiver.url}/filings`, description: "filings", events: FILING_EVENTS }, request);
  if (!made.ok || !made.secret) throw new Error("endpoint refused");
  filingsEndpoint = made.id;
  secret = made.secret;
  const other = await createEndpoint(admin, { url: `${receiver.url}/agents`, description: "agents only", events: ["agent.created", "agent.deactivated"] }, request);
  if (!other.ok) throw new Error("endpoint refused");
  otherEndpoint = other.id;
}, 120_000);

afterAll(async () => {
  await receiver.close();
  for (const [k, v] of [["APP_URL", saved.appUrl], ["WEBHOOK_ALLOW_PRIVATE", saved.allow]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
});

let seq = 0;
/** A filing of a new agent position (its SSN on record), TO_FILE unless told, due in the period. */
async function filing(stateCode: string, opts: { status?: string; npn?: string } = {}) {
  const agent = await createAgent(prisma, { blockNumber: 982, npn: opts.npn ?? `86${String(++seq).padStart(5, "0")}` });
  await prisma.agent.update({ where: { id: agent.id }, data: { ssnEncrypted: encryptField(SSN), ssnLast4: "6789" } });
  return prisma.appointmentFiling.create({
    data: {
      agentId: agent.id,
      npn: agent.npn!,
      stateCode,
      lineOfAuthority: "ACCIDENT_HEALTH",
      licenceNumber: `${stateCode}-E${seq}`,
      carrierId,
      effectiveDate: new Date("2026-12-01T00:00:00Z"),
      dueDate: new Date("2026-12-10T00:00:00Z"),
      feeAmount: "25.00",
      status: opts.status ?? "TO_FILE",
      filedDate: opts.status === "FILED" ? new Date("2026-12-02T00:00:00Z") : null,
    },
    include: { agent: true },
  });
}

/** The events about one subject, oldest first, each checked: its schema exactly, one delivery, to the endpoint that asked. */
async function eventsOf(subjectType: "appointment" | "termination", id: string) {
  const events = await prisma.webhookEvent.findMany({ where: { subjectType, subjectId: id }, orderBy: { id: "asc" }, include: { deliveries: true } });
  for (const e of events) {
    expect(WEBHOOK_EVENT_DATA[e.type as WebhookEventType].parse(e.data), e.type).toEqual(e.data);
    expect(e.deliveries.map((d) => d.endpointId), `${e.type}: one delivery, to the endpoint that asked`).toEqual([filingsEndpoint]);
    expect(JSON.stringify(e.data)).not.toMatch(new RegExp(`${SSN}|${SSN_DIGITS}|ssn`, "i"));
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads the stored JSON
  return events.map((e) => ({ id: e.id, type: e.type, data: e.data as Record<string, any>, deliveryId: e.deliveries[0]!.id }));
}
const typesOf = async (id: string) => (await eventsOf("appointment", id)).map((e) => e.type);

/** Delivers an event now (the job's function): the receiver gets it signed, with the stored data. */
async function delivered(e: { id: bigint; type: string; data: unknown; deliveryId: bigint }) {
  const before = receiver.received.length;
  await deliverWebhook(String(e.deliveryId), { attempt: 1, maxAttempts: 14 });
  const got = receiver.received.slice(before);
  expect(got).toHaveLength(1);
  const r = got[0]!;
  expect(r.path).toBe("/filings");
  const signed = { id: String(r.headers["webhook-id"]), timestamp: String(r.headers["webhook-timestamp"]), signature: String(r.headers["webhook-signature"]) };
  expect(verifyWebhook(secret, signed, r.body), "signed with the endpoint's secret").toBe(true);
  const body = JSON.parse(r.body) as { id: string; type: string; data: unknown };
  expect(body).toMatchObject({ id: `evt_${e.id}`, type: e.type });
  expect(body.data).toEqual(e.data);
  expect(r.body).not.toMatch(new RegExp(`${SSN}|${SSN_DIGITS}|ssn`, "i"));
  return body;
}

const who = () => ({ id: admin.id, impersonator: null });
const at = new Date("2026-12-04T12:00:00Z");

describe("appointment events from ADMIN > State Filings", () => {
  it("filed then accepted; another filed then rejected with the state's reason: one event each, delivered signed with the data", async () => {
    const a = await filing("NY");
    expect(await actOnFiling(who(), { intent: FILING_INTENTS.filed, filingId: a.id, date: "2026-12-03" }, { now: at })).toEqual({ ok: true });
    // Marking it filed again is refused (409) and emits nothing.
    expect(await actOnFiling(who(), { intent: FILING_INTENTS.filed, filingId: a.id, date: "2026-12-03" }, { now: at })).toMatchObject({ ok: false, status: 409 });
    expect(await actOnFiling(who(), { intent: FILING_INTENTS.accepted, filingId: a.id }, { now: at })).toEqual({ ok: true });
    const events = await eventsOf("appointment", a.id);
    expect(events.map((e) => e.type)).toEqual(["appointment.filed", "appointment.accepted"]);
    expect(events[0]!.data).toEqual({
      actor: { type: "user", id: admin.id },
      source: "screen",
      filing: expect.objectContaining({
        id: a.id,
        agent: { id: a.agentId, agent_number: a.agent.agentNumber },
        npn: a.npn,
        state_code: "NY",
        line_of_authority: "ACCIDENT_HEALTH",
        licence_number: a.licenceNumber,
        carrier: { id: carrierId, code: "FEVC", naic_company_code: "99202" },
        status: "FILED",
        fee_amount: "25.00",
        effective_date: "2026-12-01",
        due_date: "2026-12-10",
        filed_date: "2026-12-03",
        rejection_reason: null,
      }),
    });
    expect(events[1]!.data.filing).toMatchObject({ status: "ACCEPTED", filed_date: "2026-12-03" });
    for (const e of events) await delivered(e);

    const b = await filing("OH", { status: "FILED" });
    expect(await actOnFiling(who(), { intent: FILING_INTENTS.rejected, filingId: b.id, reason: "Licence number does not match" }, { now: at })).toEqual({ ok: true });
    // Resubmitted (back to TO_FILE) and withdrawn: no event types for those.
    expect(await actOnFiling(who(), { intent: FILING_INTENTS.resubmit, filingId: b.id }, { now: at })).toEqual({ ok: true });
    expect(await actOnFiling(who(), { intent: FILING_INTENTS.withdraw, filingId: b.id, reason: "Agent left" }, { now: at })).toEqual({ ok: true });
    const rejected = await eventsOf("appointment", b.id);
    expect(rejected.map((e) => e.type)).toEqual(["appointment.rejected"]);
    expect(rejected[0]!.data.filing).toMatchObject({ status: "REJECTED", rejection_reason: "Licence number does not match" });
    const body = await delivered(rejected[0]!);
    expect(body).toMatchObject({ type: "appointment.rejected", data: { filing: { id: b.id, rejection_reason: "Licence number does not match" } } });
  });
});

describe("appointment events from the state's answer file", () => {
  it("accepted and rejected in the file's transaction; an answer file that applies nothing, or read again, emits nothing", async () => {
    const a = await filing("GA", { status: "FILED" });
    const b = await filing("GA", { status: "FILED" });
    const refused = await applyAnswerFile(`FILING_ID,RESULT,REASON\n${a.id},ACCEPTED,\n00000000-0000-4000-8000-000000000000,ACCEPTED,\n`, { id: admin.id, now: at });
    expect(refused.ok).toBe(false);
    expect(await typesOf(a.id)).toEqual([]);
    const file = `FILING_ID,RESULT,REASON\n${a.id},ACCEPTED,\n${b.id},REJECTED,Appointment fee not received\n`;
    expect(await applyAnswerFile(file, { id: admin.id, now: at })).toEqual({ ok: true, accepted: 1, rejected: 1, unchanged: 0 });
    expect(await applyAnswerFile(file, { id: admin.id, now: at })).toEqual({ ok: true, accepted: 0, rejected: 0, unchanged: 2 });
    const accepted = await eventsOf("appointment", a.id);
    expect(accepted.map((e) => [e.type, e.data.source, e.data.actor])).toEqual([["appointment.accepted", "answer_file", { type: "user", id: admin.id }]]);
    expect(accepted[0]!.data.filing.answered_at).toBe(at.toISOString());
    const rejected = await eventsOf("appointment", b.id);
    expect(rejected.map((e) => e.type)).toEqual(["appointment.rejected"]);
    expect(rejected[0]!.data.filing.rejection_reason).toBe("Appointment fee not received");
    await delivered(rejected[0]!);
  });
});

describe("appointment events from the filing adapter", () => {
  const period = { from: "2026-12-01", to: "2026-12-15" };

  it("a file run: appointment.filed for each filing in the batch (both positions of one person), a second run none", async () => {
    await prisma.appointmentFiling.updateMany({ where: { status: "TO_FILE" }, data: { status: "WITHDRAWN", withdrawnReason: "an earlier case" } });
    const a = await filing("FL", { npn: "8690001" });
    const twin = await filing("FL", { npn: "8690001" });
    const c = await filing("NY");
    const r = await fileAdapter().run({ period, actorId: null, now: at });
    expect(r.filed).toBe(3);
    for (const f of [a, twin, c]) {
      const events = await eventsOf("appointment", f.id);
      expect(events.map((e) => [e.type, e.data.source, e.data.actor])).toEqual([["appointment.filed", "file_run", { type: "system" }]]);
      expect(events[0]!.data.filing).toMatchObject({ status: "FILED", batch_id: r.batchId, filed_date: "2026-12-04" });
    }
    // The Florida file holds the SSN; the event of the same filing does not.
    await delivered((await eventsOf("appointment", a.id))[0]!);
    expect(await fileAdapter().run({ period, actorId: null, now: at })).toMatchObject({ batchId: null, filed: 0 });
    expect(await typesOf(a.id)).toEqual(["appointment.filed"]);
  });

  it("an http run against a loopback service: accepted, rejected with the reason, pending as filed", async () => {
    await prisma.appointmentFiling.updateMany({ where: { status: "TO_FILE" }, data: { status: "WITHDRAWN", withdrawnReason: "an earlier case" } });
    const ny = await filing("NY");
    const oh = await filing("OH");
    const tx = await filing("TX");
    const server: Server = createServer((req, res) => {
      let s = "";
      req.on("data", (c: Buffer) => (s += c.toString("utf8")));
      req.on("end", () => {
        const body = JSON.parse(s) as { filings: Array<{ filingId: string; stateCode: string }> };
        const results = body.filings.map((f) =>
          f.stateCode === "NY" ? { filingId: f.filingId, status: "ACCEPTED" } : f.stateCode === "OH" ? { filingId: f.filingId, status: "REJECTED", reason: "NAIC code unknown to the state" } : { filingId: f.filingId, status: "PENDING" },
        );
        res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ results }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/batches`;
      const r = await httpAdapter({ url, token: "t", timeoutMs: 5000 }).run({ period, actorId: admin.id, now: at });
      expect(r).toMatchObject({ filed: 3, accepted: 1, rejected: 1 });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const pick = async (id: string) => (await eventsOf("appointment", id)).map((e) => [e.type, e.data.source, e.data.filing.status, e.data.filing.rejection_reason]);
    expect(await pick(ny.id)).toEqual([["appointment.accepted", "http_run", "ACCEPTED", null]]);
    expect(await pick(oh.id)).toEqual([["appointment.rejected", "http_run", "REJECTED", "NAIC code unknown to the state"]]);
    expect(await pick(tx.id)).toEqual([["appointment.filed", "http_run", "FILED", null]]);
    expect((await eventsOf("appointment", ny.id))[0]!.data.actor).toEqual({ type: "user", id: admin.id });
  });
});

describe("termination.filed", () => {
  it("one event per termination with the state (emitTerminationsFiled), none for one still to file; never the SSN", async () => {
    const f = await filing("NY", { status: "ACCEPTED" });
    const g = await filing("OH", { status: "ACCEPTED" });
    const base = { npn: f.npn, licenceNumber: f.licenceNumber, carrierId, reasonCode: "VOL", reasonLabel: "Voluntary", forCause: false, source: "SCREEN" };
    const filed = await prisma.termination.create({
      data: { ...base, agentId: f.agentId, stateCode: "NY", effectiveDate: new Date("2026-12-01"), dueDate: new Date("2026-12-31"), status: "FILED", filedDate: new Date("2026-12-04") },
    });
    const waiting = await prisma.termination.create({ data: { ...base, agentId: g.agentId, npn: g.npn, stateCode: "OH", effectiveDate: new Date("2026-12-01"), dueDate: new Date("2026-12-31") } });
    const n = await prisma.$transaction((tx) => emitTerminationsFiled(tx, [filed.id, waiting.id]));
    expect(n).toBe(1);
    expect(await eventsOf("termination", waiting.id)).toEqual([]);
    const events = await eventsOf("termination", filed.id);
    expect(events.map((e) => e.type)).toEqual(["termination.filed"]);
    expect(events[0]!.data).toEqual({
      actor: { type: "system" },
      termination: expect.objectContaining({
        id: filed.id,
        agent: { id: f.agentId, agent_number: f.agent.agentNumber },
        state_code: "NY",
        carrier: { id: carrierId, code: "FEVC", naic_company_code: "99202" },
        reason_code: "VOL",
        reason_label: "Voluntary",
        for_cause: false,
        effective_date: "2026-12-01",
        due_date: "2026-12-31",
        status: "FILED",
        filed_date: "2026-12-04",
        source: "SCREEN",
      }),
    });
    await delivered(events[0]!);
  });
});

describe("who gets what", () => {
  it("the endpoint that asked only for agent events got none of them; no stored event holds the SSN", async () => {
    expect(await prisma.webhookDelivery.count({ where: { endpointId: otherEndpoint } })).toBe(0);
    expect(receiver.received.filter((r) => r.path === "/agents")).toEqual([]);
    const stored = await prisma.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM webhook_events WHERE data::text ~* ${`${SSN}|${SSN_DIGITS}|ssn`}`;
    expect(stored[0]!.n).toBe(0);
    expect(await prisma.webhookEvent.count({ where: { type: { in: FILING_EVENTS } } })).toBeGreaterThanOrEqual(10);
  });
});
