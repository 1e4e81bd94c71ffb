// Rotating a webhook's signing secret and the attempts of a delivery (issue 33 item 5, decision
// 0082), against a real database and a real HTTP receiver on loopback (node:http), the deliveries
// made by the deliver-webhook job's function and the screen's action and loader as the server runs
// them: 'Rotate secret' asks first (a second POST, no JavaScript needed) and changes nothing until
// confirmed; during the overlap every delivery carries the new and the previous signature and
// verifies with either secret, the screen says until when; after it only the new one, and the
// purge removes the previous secret. Every attempt is listed with its answer, time and error.
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverWebhook } from "~/features/webhooks/deliver.server";
import { emitEvent } from "~/features/webhooks/emit.server";
import { createEndpoint } from "~/features/webhooks/endpoints.server";
import { clearEndedWebhookSecretOverlaps } from "~/features/webhooks/purge.server";
import { WEBHOOK_SECRET_OVERLAP_MS } from "~/features/webhooks/schema";
import { verifyWebhook } from "~/features/webhooks/signature.server";
import type { User } from "~/generated/prisma/client";
import { decryptField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { createSession } from "~/lib/session.server";
import { action as endpointAction, loader as endpointLoader } from "~/routes/admin.webhooks.$id";
import { useTestDatabase } from "../support/db";
import { createUser, seedReferenceData } from "../support/factories";
import { useTempDataDir } from "../support/temp-dir";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

useTestDatabase();
useTempDataDir("webhook-rotation");

const APP_URL = "http://localhost:3000";
let answer: () => number = () => 200;
let receiver: WebhookReceiver;
let base = "";
let admin: User;
let cookie = "";

beforeAll(async () => {
  receiver = await startWebhookReceiver(() => answer());
  base = receiver.url;
  process.env.APP_URL = APP_URL;
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvCache();
  await seedReferenceData();
  admin = await createUser(prisma, { isInternal: true, userName: "rotation.admin@example.com" });
  cookie = (await createSession(new Request(`${APP_URL}/`), { userId: admin.id })).split(";")[0]!;
}, 120_000);

afterAll(async () => {
  await receiver.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

const fakeRequest = () => new Request(`${APP_URL}/admin/webhooks`, { method: "POST" });

async function newEndpoint(path: string) {
  const made = await createEndpoint(admin, { url: `${base}${path}`, description: path, events: ["agent.created", "agent.moved"] }, fakeRequest());
  if (!made.ok || !made.secret) throw new Error(`endpoint refused: ${JSON.stringify(made)}`);
  return { id: made.id, secret: made.secret };
}

/** The screen's action or loader as the server runs it: status and data. */
async function call(fn: (args: ActionFunctionArgs) => Promise<unknown>, id: string, pairs?: Array<[string, string]>) {
  const request = pairs
    ? new Request(`${APP_URL}/admin/webhooks/${id}`, { method: "POST", body: new URLSearchParams(pairs).toString(), headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: APP_URL } })
    : new Request(`${APP_URL}/admin/webhooks/${id}`, { headers: { Cookie: cookie } });
  const r = (await fn({ request, params: { id }, context: {} })) as { init?: { status?: number }; data?: unknown; type?: string };
  return { status: r.init?.status ?? 200, data: (r.type === "DataWithResponseInit" ? r.data : r) as Record<string, unknown> };
}
const screen = async (id: string) => (await call(endpointLoader as never, id)).data as { endpoint: { previousSecretSignsUntil: Date | null }; deliveries: Array<{ id: string; attemptList: Array<Record<string, unknown>> }> };

/** One event delivered now (the job's function, attempt `attempt`); what the receiver got. */
async function deliverOne(endpointId: string, subjectId: number, attempt = 1) {
  const { eventId } = await prisma.$transaction((tx) => emitEvent(tx, "agent.created", subjectId, { agent: { id: subjectId } }));
  const d = await prisma.webhookDelivery.findFirstOrThrow({ where: { eventId: BigInt(eventId), endpointId } });
  const before = receiver.received.length;
  await deliverWebhook(String(d.id), { attempt, maxAttempts: 14 });
  const got = receiver.received.slice(before);
  expect(got).toHaveLength(1);
  const r = got[0]!;
  return { signed: { id: String(r.headers["webhook-id"]), timestamp: String(r.headers["webhook-timestamp"]), signature: String(r.headers["webhook-signature"]) }, body: r.body };
}

describe("rotating a webhook's signing secret", () => {
  it("asks first: 'Rotate secret' alone changes nothing; confirmed, the new secret is shown once and the previous one kept sealed for the overlap", async () => {
    const ep = await newEndpoint("/ask");
    const asked = await call(endpointAction as never, ep.id, [["intent", "rotate"]]);
    expect(asked).toEqual({ status: 200, data: { form: "rotate", confirmRotate: true } });
    const untouched = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: ep.id } });
    expect(decryptField(untouched.secretEncrypted)).toBe(ep.secret);
    expect(untouched.previousSecretEncrypted).toBeNull();

    const at = Date.now();
    const done = await call(endpointAction as never, ep.id, [["intent", "rotate"], ["confirm", "yes"]]);
    const fresh = String(done.data.secret);
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(ep.secret);
    const stored = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: ep.id } });
    expect(decryptField(stored.secretEncrypted)).toBe(fresh);
    expect(stored.previousSecretEncrypted).not.toContain(ep.secret.slice(6));
    expect(decryptField(stored.previousSecretEncrypted!)).toBe(ep.secret);
    expect(Math.abs(stored.previousSecretUntil!.getTime() - (at + WEBHOOK_SECRET_OVERLAP_MS))).toBeLessThan(60_000);
    expect(new Date((await screen(ep.id)).endpoint.previousSecretSignsUntil!).getTime()).toBe(stored.previousSecretUntil!.getTime());
    expect(await prisma.auditLog.count({ where: { action: "WEBHOOK_SECRET_ROTATED", targetId: ep.id } })).toBe(1);
  });

  it("signs with both secrets during the overlap (either verifies), with the new one alone after it", async () => {
    const ep = await newEndpoint("/overlap");
    const done = await call(endpointAction as never, ep.id, [["intent", "rotate"], ["confirm", "yes"]]);
    const fresh = String(done.data.secret);

    const during = await deliverOne(ep.id, 501);
    expect(during.signed.signature.split(" ")).toHaveLength(2);
    expect(verifyWebhook(fresh, during.signed, during.body)).toBe(true);
    expect(verifyWebhook(ep.secret, during.signed, during.body)).toBe(true);

    // The overlap ends (its time moved into the past, as a day later).
    await prisma.webhookEndpoint.update({ where: { id: ep.id }, data: { previousSecretUntil: new Date(Date.now() - 1000) } });
    expect((await screen(ep.id)).endpoint.previousSecretSignsUntil).toBeNull();
    const after = await deliverOne(ep.id, 502);
    expect(after.signed.signature.split(" ")).toHaveLength(1);
    expect(verifyWebhook(fresh, after.signed, after.body)).toBe(true);
    expect(verifyWebhook(ep.secret, after.signed, after.body)).toBe(false);
    expect(await clearEndedWebhookSecretOverlaps()).toBeGreaterThanOrEqual(1);
    expect(await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: ep.id } })).toMatchObject({ previousSecretEncrypted: null, previousSecretUntil: null });
  });
});

describe("the deliveries on the endpoint's page", () => {
  it("lists every attempt of a delivery: its answer, time taken, error and when", async () => {
    const ep = await newEndpoint("/attempts");
    answer = () => 503;
    const { eventId } = await prisma.$transaction((tx) => emitEvent(tx, "agent.moved", 601, { agent: { id: 601 } }));
    const d = await prisma.webhookDelivery.findFirstOrThrow({ where: { eventId: BigInt(eventId), endpointId: ep.id } });
    await expect(deliverWebhook(String(d.id), { attempt: 1, maxAttempts: 14 })).rejects.toThrow(/answered 503/);
    answer = () => 200;
    expect(await deliverWebhook(String(d.id), { attempt: 2, maxAttempts: 14 })).toMatch(/delivered/);
    const row = (await screen(ep.id)).deliveries.find((x) => x.id === String(d.id))!;
    expect(row.attemptList).toEqual([
      expect.objectContaining({ attempt: 1, responseCode: 503, error: "answered 503", durationMs: expect.any(Number), startedAt: expect.any(Date), finishedAt: expect.any(Date) }),
      expect.objectContaining({ attempt: 2, responseCode: 200, error: null, durationMs: expect.any(Number), startedAt: expect.any(Date), finishedAt: expect.any(Date) }),
    ]);
  });
});
