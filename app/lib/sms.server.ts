// Outgoing text messages (SMS). Every text of the product goes through
// deliverSms (the send-sms task calls it):
//  - with SMS_URL set it is POSTed to that HTTP gateway and recorded as SENT
//    (or FAILED with the error, and the error is rethrown so the job retries);
//  - without SMS_URL it is only recorded, as CAPTURED, and shown at /dev/sms
//    beside the development mailbox.
//
// The gateway contract (README "Text messages", decision 0031):
//   POST SMS_URL
//   Content-Type: application/json
//   Authorization: Bearer <SMS_AUTH_TOKEN>          (only when set)
//   Idempotency-Key: <64 hex characters>            (the same on every attempt of one message)
//   {"to": "+15125550111", "text": "..."}
// Any 2xx answer is a success (a JSON body's "id" or "sid" is kept as the
// gateway's id); any other answer, a network error or no answer within
// SMS_TIMEOUT_MS is a failure. Redirects are not followed (the token stays
// with the configured address).
//
// One delivery per key, as with mail (decision 0014 "Emails once"): a key
// whose row is CAPTURED or SENT is answered with that row and nothing is
// sent; a FAILED row is retried and counted. The row is written after the
// gateway's answer: a crash in between sends twice on the re-run, and the
// Idempotency-Key lets a gateway that honours it drop the repeat.
//
// Numbers and texts are never written to the log: at most the last two digits.
import { createHash } from "node:crypto";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { env } from "./env.server";

/** How long the gateway has to answer. */
export const SMS_TIMEOUT_MS = 10_000;
/** The longest text accepted (three concatenated GSM segments are 459 characters). */
export const SMS_TEXT_MAX = 459;
const DELIVERY_KEY_MAX = 500;
const SUCCESSFUL = ["CAPTURED", "SENT"];

export type OutgoingSms = {
  /** A number as typed in the preferences (10 digits with any dashes, parentheses, spaces) or E.164. */
  to: string;
  text: string;
  relatedType?: string;
  relatedId?: string;
  /** One message per key (see the top of this file). */
  deliveryKey: string;
};

export type SmsResult = { id: string; status: "CAPTURED" | "SENT" };

/** True when texts are captured in the database instead of sent (no SMS_URL). */
export function smsCaptureEnabled(): boolean {
  return !env().SMS_URL;
}

/**
 * The number in E.164 form (+1 and the 10 digits: the preferences accept
 * 10-digit North American numbers, spec part 1 §9), or null when it is not one.
 */
export function toE164(raw: string): string | null {
  const digits = raw.replace(/[\s().-]/g, "").replace(/^\+/, "");
  if (/^\d{10}$/.test(digits)) return `+1${digits}`;
  if (/^1\d{10}$/.test(digits)) return `+${digits}`;
  return null;
}

/** What a log line may say about a number: its last two digits. */
export function maskNumber(n: string): string {
  const digits = n.replace(/\D/g, "");
  return `…${digits.slice(-2)}`;
}

type SmsRecord = Omit<Prisma.SmsMessageCreateInput, "id" | "createdAt" | "deliveryKey" | "attempts">;

/**
 * Records the outcome of one attempt: updates the key's FAILED row or inserts
 * the key's row; a successful row that a concurrent duplicate wrote first is
 * left alone and returned.
 */
async function recordKeyed(deliveryKey: string, data: SmsRecord, attempted: boolean) {
  const select = { id: true, status: true } as const;
  for (let i = 0; ; i++) {
    const [updated] = await prisma.smsMessage.updateManyAndReturn({
      where: { deliveryKey, status: "FAILED" },
      data: { ...data, ...(attempted ? { attempts: { increment: 1 } } : {}) },
      select,
    });
    if (updated) return updated;
    try {
      return await prisma.smsMessage.create({ data: { ...data, deliveryKey, attempts: attempted ? 1 : 0 }, select });
    } catch (err) {
      if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
      const existing = await prisma.smsMessage.findUnique({ where: { deliveryKey }, select });
      if (existing && SUCCESSFUL.includes(existing.status)) return existing;
      if (i >= 2) throw err;
    }
  }
}

/** A failed attempt; `detail` (recorded in the row, never logged) adds the gateway's answer. */
export class SmsGatewayError extends Error {
  constructor(
    message: string,
    readonly detail: string = message,
  ) {
    super(message);
  }
}

/** One POST to the gateway; resolves with its id (if any) on a 2xx answer, throws SmsGatewayError otherwise. */
async function post(url: string, token: string | undefined, body: { to: string; text: string }, idempotencyKey: string) {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "Idempotency-Key": idempotencyKey,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
    });
  } catch (err) {
    const e = err as Error;
    const reason = e.name === "TimeoutError" ? `no answer within ${SMS_TIMEOUT_MS} ms` : (e.cause as Error | undefined)?.message ?? e.message;
    throw new SmsGatewayError(`SMS gateway unreachable: ${reason}`);
  }
  const answer = (await res.text().catch(() => "")).slice(0, 2000);
  if (res.status < 200 || res.status > 299) {
    const message = `SMS gateway answered ${res.status}`;
    throw new SmsGatewayError(message, answer ? `${message}: ${answer}` : message);
  }
  try {
    const json = JSON.parse(answer) as { id?: unknown; sid?: unknown };
    const id = json.id ?? json.sid;
    return typeof id === "string" || typeof id === "number" ? String(id).slice(0, 200) : null;
  } catch {
    return null;
  }
}

/** Sends (or captures) one text, once per delivery key. Throws on a gateway failure (the job retries). */
export async function deliverSms(msg: OutgoingSms): Promise<SmsResult> {
  const e = env();
  const key = msg.deliveryKey;
  if (key.length === 0 || key.length > DELIVERY_KEY_MAX) throw new Error("deliverSms: bad delivery key");
  const to = toE164(msg.to);
  if (!to) throw new Error("deliverSms: not a 10-digit number");
  const text = msg.text.trim().slice(0, SMS_TEXT_MAX);
  if (!text) throw new Error("deliverSms: empty text");

  const done = await prisma.smsMessage.findUnique({ where: { deliveryKey: key }, select: { id: true, status: true } });
  if (done && SUCCESSFUL.includes(done.status)) return done as SmsResult;

  const record = { to, text, relatedType: msg.relatedType ?? null, relatedId: msg.relatedId ?? null };
  if (!e.SMS_URL) {
    const row = await recordKeyed(key, { ...record, status: "CAPTURED", error: null }, false);
    return { id: row.id, status: row.status as SmsResult["status"] };
  }
  let gatewayId: string | null;
  try {
    gatewayId = await post(e.SMS_URL, e.SMS_AUTH_TOKEN, { to, text }, createHash("sha256").update(key).digest("hex"));
  } catch (err) {
    const error = (err instanceof SmsGatewayError ? err.detail : err instanceof Error ? err.message : String(err)).slice(0, 2000);
    await recordKeyed(key, { ...record, status: "FAILED", error }, true);
    throw err;
  }
  const row = await recordKeyed(key, { ...record, status: "SENT", error: null, gatewayId, sentAt: new Date() }, true);
  return { id: row.id, status: row.status as SmsResult["status"] };
}

// ---------------------------------------------------------------- captured texts (/dev/sms)

export const CAPTURED_SMS_PAGE_SIZE = 20;

export type CapturedSmsRow = { id: string; createdAt: Date; to: string; text: string; relatedType: string | null };

/** One page (1-based) of captured texts, newest first. */
export async function listCapturedSms(page: number) {
  const where = { status: "CAPTURED" };
  const total = await prisma.smsMessage.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / CAPTURED_SMS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows: CapturedSmsRow[] = await prisma.smsMessage.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (current - 1) * CAPTURED_SMS_PAGE_SIZE,
    take: CAPTURED_SMS_PAGE_SIZE,
    select: { id: true, createdAt: true, to: true, text: true, relatedType: true },
  });
  return { rows, page: current, pageCount, total };
}
