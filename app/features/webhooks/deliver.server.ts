// Delivering one webhook (issue 24 item 3, decisions 0074 and 0077): the deliver-webhook job of a
// webhook_deliveries row posts the event, signed as Standard Webhooks does, to its endpoint and
// records the attempt. Order per subject: while an earlier event of the same application, agent or
// invitation is still PENDING for this endpoint, this one waits (the job queues itself again for just
// after the earlier one's next attempt: no attempt spent, no error logged), because graphile-worker
// keeps no order across retries. A failure is recorded and thrown
// (retried with back-off, 14 attempts over about 28 hours); the last one marks the delivery FAILED.
// An endpoint whose deliveries have all failed for WEBHOOK_DISABLE_AFTER_MS is disabled, its
// pending deliveries FAILED, and the administrators told by one email.
//
// Sending once: the attempt is counted before the POST and its outcome recorded after it. A crash
// between the receiver's 2xx and that record sends the event again on the retry, with the same
// webhook-id: receivers deduplicate by it (docs/api.md). HTTP allows nothing better.
import http from "node:http";
import https from "node:https";
import { jobKeys, jobOptions, queueJob, runningAt } from "~/features/jobs/queue.server";
import { decryptField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { webhookHeaders } from "./signature.server";
import { webhookDisabledEmail } from "./disabled-email.server";
import { guardedLookup, refusedPeer, WebhookAddressError, webhookUrlFormProblem } from "./url.server";

/** Three days of nothing but failures disable an endpoint (issue 24). */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 3600 * 1000;
/** At most this much of a receiver's answer is read (then discarded). */
const RESPONSE_READ_MAX = 4096;
const ERROR_MAX = 500;

/** A delivery waits at most this long for an earlier event of its subject (then it is FAILED). */
export const WEBHOOK_WAIT_MAX_MS = WEBHOOK_DISABLE_AFTER_MS + 24 * 3600 * 1000;
/** A waiting delivery looks again this long after the earlier one's next attempt (or, with none queued, after now). */
const WAIT_AFTER_MS = 5_000;
const WAIT_IDLE_MS = 30_000;

/**
 * The secrets a delivery is signed with now: the endpoint's, and during a rotation's overlap
 * (until previousSecretUntil, WEBHOOK_SECRET_OVERLAP_MS after it) the previous one beside it.
 */
export function signingSecretsOf(endpoint: { secretEncrypted: string; previousSecretEncrypted: string | null; previousSecretUntil: Date | null }, now = new Date()): string[] {
  const previous = endpoint.previousSecretEncrypted && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now ? [decryptField(endpoint.previousSecretEncrypted)] : [];
  return [decryptField(endpoint.secretEncrypted), ...previous];
}

/** A failed attempt (recorded on the delivery): thrown so that the runner retries. */
export class WebhookAttemptError extends Error {
  override name = "WebhookAttemptError";
}

/** The message id of an event: the same for every attempt and replay, so receivers deduplicate. */
export const messageIdOf = (eventId: bigint | string) => `evt_${eventId}`;

/** The body of an event (Standard Webhooks' payload: type, timestamp, data; with the message id). */
export function webhookBody(event: { id: bigint; type: string; occurredAt: Date; data: unknown }): string {
  return JSON.stringify({ id: messageIdOf(event.id), type: event.type, timestamp: event.occurredAt.toISOString(), data: event.data });
}

const userAgent = () => `AppointmentPortal-Webhooks/1 (+${env().appUrl})`;

type Answer = { status: number | null; error: string | null; durationMs: number };

/** One POST: no redirect followed, WEBHOOK_TIMEOUT_MS in all, at most RESPONSE_READ_MAX bytes of answer read. */
function post(url: URL, headers: Record<string, string>, body: string): Promise<Answer> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const timeoutMs = env().WEBHOOK_TIMEOUT_MS;
  return new Promise((resolve) => {
    let settled = false;
    const done = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, error, durationMs: ms() });
    };
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method: "POST",
      agent: false,
      lookup: guardedLookup as never,
      headers: { ...headers, "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)), "User-Agent": userAgent() },
    });
    const timer = setTimeout(() => {
      req.destroy();
      done(null, `no answer within ${timeoutMs} ms`);
    }, timeoutMs);
    req.on("error", (e) => done(null, e.message));
    // The address actually connected to, from the one table, before a byte of the event is sent
    // (TLS: the handshake comes first; plain http only with WEBHOOK_ALLOW_PRIVATE, where nothing is refused).
    req.on("socket", (socket) =>
      socket.once("connect", () => {
        const refused = refusedPeer(socket.remoteAddress);
        if (refused) req.destroy(new WebhookAddressError(`not sent: ${refused}`));
      }),
    );
    req.on("response", (res) => {
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > RESPONSE_READ_MAX) {
          res.destroy();
          done(res.statusCode ?? null, null);
        }
      });
      res.on("end", () => done(res.statusCode ?? null, null));
      res.on("error", () => done(res.statusCode ?? null, null));
      res.on("close", () => done(res.statusCode ?? null, null));
    });
    req.end(body);
  });
}

/**
 * Delivers one delivery row (the deliver-webhook job). Returns what happened, throws to be retried
 * (a failed attempt, or waiting for an earlier event of the same subject).
 */
export async function deliverWebhook(deliveryId: string, job: { attempt: number; maxAttempts: number }): Promise<string> {
  const id = BigInt(deliveryId);
  const d = await prisma.webhookDelivery.findUnique({ where: { id }, include: { endpoint: true, event: true } });
  if (!d) return "gone (the endpoint was deleted or the delivery purged)";
  if (d.status === "DELIVERED") return "delivered already";
  if (d.status !== "PENDING") return `${d.status.toLowerCase()} already`;
  const lastAttempt = job.attempt >= job.maxAttempts;
  if (!d.endpoint.enabled) {
    await prisma.webhookDelivery.updateMany({ where: { id, status: "PENDING" }, data: { status: "FAILED", error: "the endpoint is disabled" } });
    return "not sent: the endpoint is disabled";
  }

  const earlier = await prisma.webhookDelivery.findFirst({
    where: { endpointId: d.endpointId, status: "PENDING", eventId: { lt: d.eventId }, event: { subjectType: d.event.subjectType, subjectId: d.event.subjectId } },
    orderBy: { eventId: "asc" },
    select: { id: true, eventId: true },
  });
  if (earlier) {
    const why = `waiting for the earlier event ${messageIdOf(earlier.eventId)} of this ${d.event.subjectType}`;
    if (lastAttempt || Date.now() - d.createdAt.getTime() > WEBHOOK_WAIT_MAX_MS) {
      await prisma.webhookDelivery.updateMany({ where: { id, status: "PENDING" }, data: { status: "FAILED", error: why } });
      return `failed: ${why}`;
    }
    // Not an attempt and not an error: the job queues itself again (a new job: graphile-worker clears
    // the key of a running one) to run just after the earlier delivery's next attempt, and ends.
    const [next] = await prisma.$queryRaw<Array<{ run_at: Date }>>`
      SELECT run_at FROM graphile_worker._private_jobs WHERE key = ${jobKeys.webhookDelivery(String(earlier.id))} AND locked_at IS NULL`;
    const at = new Date(Math.max(Date.now() + WAIT_AFTER_MS, next ? next.run_at.getTime() + WAIT_AFTER_MS : Date.now() + WAIT_IDLE_MS));
    await prisma.$transaction(async (tx) => {
      await tx.webhookDelivery.update({ where: { id }, data: { error: why } });
      await queueJob(tx, "deliver-webhook", { deliveryId }, runningAt(jobOptions.webhookDelivery(deliveryId), at));
    });
    return `${why}: looks again at ${at.toISOString()}`;
  }

  const body = webhookBody(d.event);
  const headers = webhookHeaders(signingSecretsOf(d.endpoint), messageIdOf(d.event.id), Math.floor(Date.now() / 1000), body);
  // The attempt counts, and is listed, before the POST: a crash during it still shows on the screen.
  const attemptId = await prisma.$transaction(async (tx) => {
    const counted = await tx.webhookDelivery.update({ where: { id }, data: { attempts: { increment: 1 }, lastAttemptAt: new Date() }, select: { attempts: true } });
    return (await tx.webhookDeliveryAttempt.create({ data: { deliveryId: id, attempt: counted.attempts }, select: { id: true } })).id;
  });
  const refused = webhookUrlFormProblem(d.endpoint.url);
  const answer: Answer = refused ? { status: null, error: `not sent: ${refused}`, durationMs: 0 } : await post(new URL(d.endpoint.url), headers, body);

  if (answer.status !== null && answer.status >= 200 && answer.status < 300) {
    await prisma.$transaction([
      prisma.webhookDelivery.update({ where: { id }, data: { status: "DELIVERED", deliveredAt: new Date(), responseCode: answer.status, durationMs: answer.durationMs, error: null } }),
      prisma.webhookDeliveryAttempt.update({ where: { id: attemptId }, data: { responseCode: answer.status, durationMs: answer.durationMs, finishedAt: new Date() } }),
      prisma.webhookEndpoint.update({ where: { id: d.endpointId }, data: { failingSince: null } }),
    ]);
    return `delivered (${answer.status} in ${answer.durationMs} ms)`;
  }

  const error = (answer.error ?? (answer.status !== null && answer.status >= 300 && answer.status < 400 ? `answered ${answer.status} (a redirect is not followed)` : `answered ${answer.status}`)).slice(0, ERROR_MAX);
  const disabled = await recordFailure(id, attemptId, d.endpointId, { responseCode: answer.status, durationMs: answer.durationMs, error }, lastAttempt);
  if (disabled) return `failed (${error}); the endpoint is disabled`;
  if (lastAttempt) return `failed for good after ${job.attempt} attempts (${error})`;
  throw new WebhookAttemptError(`attempt ${job.attempt} of ${job.maxAttempts}: ${error}`);
}

/**
 * Records a failed attempt in one transaction: the delivery (FAILED on the last attempt), the
 * endpoint's failingSince (from its first failure after a success) and, after
 * WEBHOOK_DISABLE_AFTER_MS of failures, the disabling with the administrators' email. True when this
 * call disabled the endpoint.
 */
async function recordFailure(id: bigint, attemptId: bigint, endpointId: string, outcome: { responseCode: number | null; durationMs: number; error: string }, lastAttempt: boolean): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    await tx.webhookDelivery.update({ where: { id }, data: { ...outcome, status: lastAttempt ? "FAILED" : "PENDING" } });
    await tx.webhookDeliveryAttempt.update({ where: { id: attemptId }, data: { ...outcome, finishedAt: new Date() } });
    const now = new Date();
    await tx.webhookEndpoint.updateMany({ where: { id: endpointId, failingSince: null }, data: { failingSince: now } });
    const endpoint = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    if (!endpoint.enabled || !endpoint.failingSince || now.getTime() - endpoint.failingSince.getTime() < WEBHOOK_DISABLE_AFTER_MS) return false;
    const days = Math.floor((now.getTime() - endpoint.failingSince.getTime()) / 86_400_000);
    const reason = `Every delivery failed for ${days} days (since ${endpoint.failingSince.toISOString()}); the last: ${outcome.error}`.slice(0, ERROR_MAX);
    // Only one process disables it (and mails): the one whose conditional update changed the row.
    const changed = await tx.webhookEndpoint.updateMany({ where: { id: endpointId, enabled: true }, data: { enabled: false, disabledAt: now, disabledReason: reason } });
    if (changed.count !== 1) return false;
    await tx.webhookDelivery.updateMany({ where: { endpointId, status: "PENDING" }, data: { status: "FAILED", error: "the endpoint was disabled" } });
    const admins = await tx.user.findMany({ where: { isInternal: true, isActive: true }, select: { userName: true }, orderBy: { userName: "asc" }, take: 50 });
    if (admins.length) {
      const screen = `${env().appUrl.replace(/\/$/, "")}/admin/webhooks/${endpointId}`;
      const mail = webhookDisabledEmail({ url: endpoint.url, description: endpoint.description, reason, screen });
      await queueJob(
        tx,
        "send-email",
        { to: admins.map((a) => a.userName), subject: mail.subject, html: mail.html, text: mail.text, relatedType: "WebhookEndpoint", relatedId: endpointId },
        jobOptions.webhookDisabledMail(endpointId, now),
      );
    }
    return true;
  });
}
