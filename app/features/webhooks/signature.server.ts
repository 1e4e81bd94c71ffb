// Signing a webhook delivery as Standard Webhooks does (https://www.standardwebhooks.com; Svix,
// Stripe in spirit): headers webhook-id, webhook-timestamp (Unix seconds) and webhook-signature
// "v1,<base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`>", the key being the base64 after `whsec_`
// of the endpoint's secret. A receiver verifies with any Standard Webhooks library.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SECRET_PREFIX = "whsec_";

/** A new signing secret: whsec_ and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
}

/** The webhook-signature header's value for one message. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  return "v1," + createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.${body}`, "utf8").digest("base64");
}

/**
 * The three headers of a delivery, signed with each secret (the current one first; during a
 * rotation's overlap the previous one too): Standard Webhooks' space-separated `v1,<sig>` list,
 * of which a receiver needs one to match.
 */
export function webhookHeaders(secrets: readonly string[], id: string, timestamp: number, body: string): Record<string, string> {
  return { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": secrets.map((s) => signWebhook(s, id, timestamp, body)).join(" ") };
}

/**
 * A receiver's check (tests and the documentation's example): one of the space-separated v1
 * signatures matches and the timestamp is within `toleranceSeconds` of now.
 */
export function verifyWebhook(secret: string, headers: { id: string; timestamp: string; signature: string }, body: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const ts = Number(headers.timestamp);
  if (!Number.isInteger(ts) || Math.abs(now / 1000 - ts) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, ts, body).slice(3), "base64");
  return headers.signature.split(" ").some((part) => {
    if (!part.startsWith("v1,")) return false;
    const given = Buffer.from(part.slice(3), "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
