// Webhook delivery (issue 24 item 3, decision 0077) against a real database, the real job runner,
// a real HTTP receiver on loopback (node:http, recording every request) and a real SMTP server:
// the receiver verifies each delivery's signature with the Standard Webhooks check and gets the event
// as the body; a receiver answering 500 twice then 200 sees three attempts with one webhook-id and
// the delivery ends DELIVERED with three attempts; two events of one application, the first failing
// once, arrive in order; a replay is a new delivery received again with the same webhook-id; an
// endpoint failing for three days is disabled, its pending deliveries FAILED and the administrators
// mailed once; loopback, private and metadata addresses are refused at registration and at
// delivery when WEBHOOK_ALLOW_PRIVATE is false. Retries are made quick by moving the jobs' run_at,
// never by waiting out the back-off.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverWebhook, WEBHOOK_DISABLE_AFTER_MS } from "~/features/webhooks/deliver.server";
import { emitEvent } from "~/features/webhooks/emit.server";
import { createEndpoint, replayDelivery, setEndpointEnabled } from "~/features/webhooks/endpoints.server";
import { purgeOldWebhookEvents } from "~/features/webhooks/purge.server";
import { verifyWebhook } from "~/features/webhooks/signature.server";
import type { WebhookEventType } from "~/features/webhooks/events";
import type { User } from "~/generated/prisma/client";
import { decryptField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { startWorker, stopWorker } from "~/lib/jobs.server";
import { useTestDatabase } from "../support/db";
import { createUser, seedReferenceData } from "../support/factories";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { useTempDataDir } from "../support/temp-dir";

useTestDatabase();
useTempDataDir("webhook-delivery");

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; status: number };
const received: Received[] = [];
/** What the receiver answers a request (by path and body); 200 unless told. */
let answer: (path: string, body: string) => number = () => 200;
let receiver: http.Server;
let base: string;
let smtp: SmtpSink;
let admin: User;

async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Makes every waiting job (a retry's back-off) due now: the runner picks it up at its next poll. */
const kick = () => prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE locked_at IS NULL AND run_at > now()`;

/** Waits (kicking retries) until the delivery is no longer PENDING; returns it. */
async function settled(deliveryId: bigint) {
  return waitFor(`delivery ${deliveryId}`, async () => {
    const d = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
    if (d.status !== "PENDING") return d;
    await kick();
    return null;
  });
}

const fakeRequest = () => new Request("http://localhost/admin/webhooks", { method: "POST", headers: { "User-Agent": "vitest" } });

async function endpoint(path: string, events: WebhookEventType[]) {
  const made = await createEndpoint(admin, { url: `${base}${path}`, description: path, events }, fakeRequest());
  if (!made.ok || !made.secret) throw new Error(`endpoint ${path} refused: ${JSON.stringify(made)}`);
  return { id: made.id, secret: made.secret };
}

async function emit(type: WebhookEventType, subjectId: number, data: Record<string, unknown>) {
  const { eventId } = await prisma.$transaction((tx) => emitEvent(tx, type, subjectId, data));
  return eventId;
}

const deliveryOf = (eventId: string, endpointId: string) => prisma.webhookDelivery.findFirstOrThrow({ where: { eventId: BigInt(eventId), endpointId, replayOfId: null } });
const setPrivateAllowed = (allowed: boolean) => {
  process.env.WEBHOOK_ALLOW_PRIVATE = allowed ? "true" : "false";
  resetEnvCache();
};

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const status = answer(req.url ?? "", body);
      received.push({ path: req.url ?? "", headers: req.headers, body, status });
      res.writeHead(status, { "Content-Type": "text/plain" }).end(status === 200 ? "ok" : "no");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  smtp = await startSmtpSink();
  process.env.SMTP_URL = smtp.url;
  process.env.APP_URL = "http://localhost:3000";
  setPrivateAllowed(true);
  await seedReferenceData();
  admin = await createUser(prisma, { isInternal: true, userName: "integrations.admin@example.com" });
  await startWorker({ force: true });
}, 120_000);

afterAll(async () => {
  await stopWorker();
  await new Promise((r) => receiver.close(r));
  await smtp.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

beforeEach(async () => {
  // Each test's endpoints only: the earlier tests' ones ask for nothing more.
  await prisma.webhookEndpoint.updateMany({ data: { enabled: false } });
  answer = () => 200;
});

describe("webhook delivery", () => {
  it("signed as Standard Webhooks, the event as the body; 500 twice then 200: three attempts with one webhook-id, DELIVERED; a replay is received again with that id", async () => {
    const ep = await endpoint("/retry", ["application.approved"]);
    let calls = 0;
    answer = (path) => (path === "/retry" && ++calls <= 2 ? 500 : 200);
    const data = { application: { id: 101, status: "APPROVED", carrierCode: "SLAC" } };
    const eventId = await emit("application.approved", 101, data);
    const event = await prisma.webhookEvent.findUniqueOrThrow({ where: { id: BigInt(eventId) } });
    const delivery = await deliveryOf(eventId, ep.id);

    // The first attempt fails: recorded, the endpoint failing since then.
    const first = await waitFor("the first attempt", async () => {
      const d = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
      return d.responseCode === 500 ? d : null;
    });
    expect(first).toMatchObject({ status: "PENDING", attempts: 1 });
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: ep.id } })).failingSince).not.toBeNull();

    const done = await settled(delivery.id);
    expect(done).toMatchObject({ status: "DELIVERED", attempts: 3, responseCode: 200, error: null });
    expect(done.durationMs).not.toBeNull();
    expect(done.deliveredAt).not.toBeNull();
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: ep.id } })).failingSince).toBeNull();

    const got = received.filter((r) => r.path === "/retry");
    expect(got.map((r) => r.status)).toEqual([500, 500, 200]);
    for (const r of got) {
      expect(r.headers["webhook-id"]).toBe(`evt_${eventId}`);
      expect(r.headers["content-type"]).toBe("application/json");
      expect(r.headers["user-agent"]).toMatch(/AppointmentPortal/);
      const signed = { id: String(r.headers["webhook-id"]), timestamp: String(r.headers["webhook-timestamp"]), signature: String(r.headers["webhook-signature"]) };
      expect(verifyWebhook(ep.secret, signed, r.body)).toBe(true);
      expect(verifyWebhook(ep.secret, signed, r.body.replace("101", "102"))).toBe(false);
      expect(JSON.parse(r.body)).toEqual({ id: `evt_${eventId}`, type: "application.approved", timestamp: event.occurredAt.toISOString(), data });
    }
    // The secret is stored sealed, never as itself.
    const stored = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: ep.id } });
    expect(stored.secretEncrypted).not.toContain(ep.secret.slice(6));
    expect(decryptField(stored.secretEncrypted)).toBe(ep.secret);

    // A job run again after the delivery sends nothing more.
    expect(await deliverWebhook(String(delivery.id), { attempt: 4, maxAttempts: 14 })).toMatch(/already/);
    expect(received.filter((r) => r.path === "/retry")).toHaveLength(3);

    // Replay (what the screen's Replay button calls): a new delivery, received again, same webhook-id, audited.
    const replay = await replayDelivery(admin, ep.id, String(delivery.id), fakeRequest());
    if (!replay.ok) throw new Error(`replay refused: ${replay.reason}`);
    const again = await settled(BigInt(replay.deliveryId));
    expect(again).toMatchObject({ status: "DELIVERED", attempts: 1, replayOfId: delivery.id, eventId: BigInt(eventId) });
    const all = received.filter((r) => r.path === "/retry");
    expect(all).toHaveLength(4);
    expect(all[3]!.headers["webhook-id"]).toBe(`evt_${eventId}`);
    expect(await prisma.auditLog.count({ where: { action: "WEBHOOK_REPLAYED", targetId: replay.deliveryId, actorUserId: admin.id } })).toBe(1);
    // Another endpoint's delivery cannot be replayed through this one.
    const other = await endpoint("/other", ["agent.created"]);
    expect(await replayDelivery(admin, other.id, String(delivery.id), fakeRequest())).toEqual({ ok: false, reason: "NOT_FOUND" });
  }, 300_000);

  it("keeps the order of one application's events: the second waits while the first is retried", async () => {
    const ep = await endpoint("/order", ["application.submitted", "application.approved"]);
    let failedOnce = false;
    answer = (path, body) => {
      if (path === "/order" && (JSON.parse(body) as { type: string }).type === "application.submitted" && !failedOnce) {
        failedOnce = true;
        return 500;
      }
      return 200;
    };
    const firstEventId = await emit("application.submitted", 202, { application: { id: 202, status: "SUBMITTED" } });
    const secondEventId = await emit("application.approved", 202, { application: { id: 202, status: "APPROVED" } });
    const first = await settled((await deliveryOf(firstEventId, ep.id)).id);
    const second = await settled((await deliveryOf(secondEventId, ep.id)).id);
    expect(first.status).toBe("DELIVERED");
    expect(second.status).toBe("DELIVERED");
    const order = received.filter((r) => r.path === "/order").map((r) => `${String(r.headers["webhook-id"])}:${r.status}`);
    expect(order).toEqual([`evt_${firstEventId}:500`, `evt_${firstEventId}:200`, `evt_${secondEventId}:200`]);
    expect(first.attempts).toBe(2);
    expect(second.attempts).toBe(1);
  }, 300_000);

  it("disables an endpoint failing for three days: pending deliveries FAILED, one email to the administrators", async () => {
    const ep = await endpoint("/down", ["agent.deactivated"]);
    answer = (path) => (path === "/down" ? 503 : 200);
    await prisma.webhookEndpoint.update({ where: { id: ep.id }, data: { failingSince: new Date(Date.now() - WEBHOOK_DISABLE_AFTER_MS - 60_000) } });
    // Two events of one agent: the second waits for the first, so it is still PENDING when the endpoint is disabled.
    const e1 = await emit("agent.deactivated", 303, { agent: { id: 303 } });
    const e2 = await emit("agent.deactivated", 303, { agent: { id: 303, again: true } });
    const d1 = await settled((await deliveryOf(e1, ep.id)).id);
    expect(d1).toMatchObject({ status: "FAILED", responseCode: 503 });
    const d2 = await settled((await deliveryOf(e2, ep.id)).id);
    expect(d2.status).toBe("FAILED");
    const stored = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: ep.id } });
    expect(stored.enabled).toBe(false);
    expect(stored.disabledAt).not.toBeNull();
    expect(stored.disabledReason).toMatch(/failed for 3 days/);

    const mail = await smtp.mailTo(admin.userName, /Webhook endpoint disabled/, 120_000);
    expect(mail.parsed.text).toContain(`${base}/down`);
    expect(mail.parsed.text).toContain(`/admin/webhooks/${ep.id}`);
    // The portal's email kit: an HTML part whose link opens the endpoint's screen (not plain text only).
    expect(String(mail.parsed.html)).toMatch(new RegExp(`<a href="[^"]*/admin/webhooks/${ep.id}"`));
    expect(String(mail.parsed.html)).not.toContain("whsec_");
    expect(mail.parsed.text).not.toContain("whsec_");
    expect(mail.parsed.text).not.toContain(ep.secret.slice(6, 20));
    await waitFor("the mail queue to empty", async () => {
      const [r] = await prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*)::bigint AS n FROM graphile_worker._private_jobs`;
      return Number(r!.n) === 0;
    });
    expect(smtp.received.filter((m) => m.parsed.subject?.includes("Webhook endpoint disabled"))).toHaveLength(1);
    // A replay waits for the endpoint to be enabled again.
    expect(await replayDelivery(admin, ep.id, String(d1.id), fakeRequest())).toEqual({ ok: false, reason: "DISABLED" });
    // No new event is delivered to it.
    const e3 = await emit("agent.deactivated", 304, { agent: { id: 304 } });
    expect(await prisma.webhookDelivery.count({ where: { eventId: BigInt(e3) } })).toBe(0);
    // Enabled again: the failing clock starts afresh, the reason is gone, and new events are queued for it.
    expect(await setEndpointEnabled(admin, ep.id, true, fakeRequest())).toBe(true);
    expect(await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: ep.id } })).toMatchObject({ enabled: true, failingSince: null, disabledAt: null, disabledReason: null });
    expect(await prisma.auditLog.count({ where: { action: "WEBHOOK_ENDPOINT_ENABLED", targetId: ep.id } })).toBe(1);
    answer = () => 200;
    const e4 = await emit("agent.deactivated", 305, { agent: { id: 305 } });
    expect((await settled((await deliveryOf(e4, ep.id)).id)).status).toBe("DELIVERED");
  }, 300_000);

  it("refuses loopback, private and metadata addresses when WEBHOOK_ALLOW_PRIVATE is false, at registration and at delivery", async () => {
    setPrivateAllowed(false);
    try {
      for (const url of ["https://127.0.0.1/hook", "https://10.1.2.3/hook", "https://169.254.169.254/latest/meta-data", "https://[::1]/hook", "https://[::ffff:192.168.0.1]/x", "https://localhost:8443/x", `${base}/ssrf`]) {
        const made = await createEndpoint(admin, { url, description: "", events: ["agent.created"] }, fakeRequest());
        expect(made.ok, url).toBe(false);
        expect("fieldErrors" in made && made.fieldErrors.url?.[0], url).toBeTruthy();
      }
      expect(await prisma.webhookEndpoint.count({ where: { url: { contains: "/hook" } } })).toBe(0);
      // An endpoint registered while private addresses were allowed: its delivery is not sent now.
      setPrivateAllowed(true);
      const ep = await endpoint("/ssrf", ["agent.created"]);
      setPrivateAllowed(false);
      const e = await emit("agent.created", 404, { agent: { id: 404 } });
      const d = await deliveryOf(e, ep.id);
      await waitFor("the refused attempt", async () => {
        const row = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } });
        return row.attempts >= 1 && row.error ? row : null;
      });
      const row = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: d.id } });
      expect(row.error).toMatch(/not sent/);
      expect(received.filter((r) => r.path === "/ssrf")).toHaveLength(0);
      await prisma.webhookEndpoint.update({ where: { id: ep.id }, data: { enabled: false } });
    } finally {
      setPrivateAllowed(true);
    }
  }, 300_000);

  it("purges settled events older than 30 days with their deliveries, keeping pending and recent ones", async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    const ep = await prisma.webhookEndpoint.create({ data: { url: `${base}/old`, events: ["agent.moved"], enabled: false, secretEncrypted: "x" } });
    const mk = async (status: string, at: Date) => {
      const ev = await prisma.webhookEvent.create({ data: { type: "agent.moved", subjectType: "agent", subjectId: "9", data: {}, occurredAt: at } });
      await prisma.webhookDelivery.create({ data: { endpointId: ep.id, eventId: ev.id, status, createdAt: at } });
      return ev.id;
    };
    const gone = await mk("DELIVERED", old);
    const pending = await mk("PENDING", old);
    const recent = await mk("FAILED", new Date());
    expect(await purgeOldWebhookEvents()).toBeGreaterThanOrEqual(1);
    const left = (await prisma.webhookEvent.findMany({ where: { id: { in: [gone, pending, recent] } }, select: { id: true } })).map((e) => e.id);
    expect(left.sort()).toEqual([pending, recent].sort());
    expect(await prisma.webhookDelivery.count({ where: { eventId: gone } })).toBe(0);
  });
});
