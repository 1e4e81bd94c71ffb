// The http screening vendor (decision 0122): the order POSTed to SCREENING_HTTP_URL (Authorization:
// Bearer SCREENING_HTTP_TOKEN, Idempotency-Key the screening's id) with the identity the vendor
// needs; the SSN is decrypted only into the request body, never logged, queued or audited. The
// status comes back by a signed callback (POST /api/screening/callback) or, as a fallback, a poll
// (GET SCREENING_HTTP_URL/<reference>).
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { decryptField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { dayOf } from "~/lib/days";
import { env } from "~/lib/env.server";
import { applyResult, auditScreening, liveScreening, lockScreening, type ScreeningRow } from "./screening.server";
import { SCREENING_MESSAGES as M, VENDOR_STATUSES } from "./statuses";

export class ScreeningVendorError extends Error {}

/** What the vendor answers to an order, a poll, or sends on a callback. */
export const vendorUpdateSchema = z.object({
  reference: z.string().trim().min(1).max(200),
  status: z.enum(VENDOR_STATUSES).optional(),
  /** The report PDF, base64 (with a result). */
  reportPdfBase64: z.string().max(20_000_000).optional(),
});
export type VendorUpdate = z.infer<typeof vendorUpdateSchema>;

function settings() {
  const e = env();
  if (!e.SCREENING_HTTP_URL || !e.SCREENING_HTTP_TOKEN) throw new ScreeningVendorError("SCREENING_ADAPTER=http without SCREENING_HTTP_URL and SCREENING_HTTP_TOKEN");
  return { url: e.SCREENING_HTTP_URL, token: e.SCREENING_HTTP_TOKEN, timeoutMs: e.SCREENING_HTTP_TIMEOUT_MS };
}

async function call(url: string, init: RequestInit & { idempotencyKey?: string }): Promise<VendorUpdate> {
  const s = settings();
  const signal = AbortSignal.timeout(s.timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      ...init,
      headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${s.token}`, ...(init.idempotencyKey ? { "Idempotency-Key": init.idempotencyKey } : {}) },
      redirect: "error",
      signal,
    });
  } catch (error) {
    // The message names the failure, never the body (it holds the SSN).
    throw new ScreeningVendorError(M.vendorDown(signal.aborted ? `no answer in ${s.timeoutMs} ms` : String((error as { cause?: { code?: string } }).cause?.code ?? "unreachable")));
  }
  if (res.status !== 200 && res.status !== 201) {
    await res.body?.cancel().catch(() => {});
    throw new ScreeningVendorError(M.vendorDown(`HTTP ${res.status}`));
  }
  const parsed = vendorUpdateSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new ScreeningVendorError(M.vendorDown("an answer without a reference"));
  return parsed.data;
}

/** The order-screening job: sends the application's live screening to the vendor once (a retry sends the same Idempotency-Key). */
export async function sendOrder(appointmentId: number, now = new Date()): Promise<ScreeningRow | null> {
  const s = await liveScreening(prisma, appointmentId);
  if (!s || s.adapter !== "http" || s.vendorReference) return s;
  const a = await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId }, select: { firstName: true, middleName: true, lastName: true, birthDate: true, ssnEncrypted: true, emailAddress: true } });
  const body = JSON.stringify({
    orderId: s.id,
    applicant: {
      firstName: a.firstName,
      middleName: a.middleName,
      lastName: a.lastName,
      birthDate: a.birthDate ? dayOf(a.birthDate) : null,
      ssn: a.ssnEncrypted ? decryptField(a.ssnEncrypted) : null,
      email: a.emailAddress,
    },
    callbackUrl: `${env().appUrl}/api/screening/callback`,
  });
  const answer = await call(settings().url, { method: "POST", body, idempotencyKey: s.id });
  return prisma.$transaction(async (tx) => {
    const locked = await lockScreening(tx, s.id);
    if (!locked || locked.vendorReference) return locked;
    await tx.screening.update({ where: { id: s.id }, data: { vendorReference: answer.reference } });
    await auditScreening(tx, "SCREENING_SENT", s.id, null, { reference: answer.reference });
    await applyResult(tx, { ...locked, vendorReference: answer.reference }, { status: answer.status ?? "IN_PROGRESS", pdf: pdfOf(answer), actorId: null, now, source: "order" });
    return tx.screening.findUnique({ where: { id: s.id } });
  });
}

const pdfOf = (u: VendorUpdate) => (u.reportPdfBase64 ? Buffer.from(u.reportPdfBase64, "base64") : null);

/** Applies a vendor's update by its reference (false: no such screening). */
export async function applyVendorUpdate(u: VendorUpdate, source: "callback" | "poll", now = new Date()): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const found = await tx.screening.findUnique({ where: { adapter_vendorReference: { adapter: "http", vendorReference: u.reference } } });
    const s = found && (await lockScreening(tx, found.id));
    if (!s) return false;
    if (u.status) await applyResult(tx, s, { status: u.status, pdf: pdfOf(u), actorId: null, now, source });
    return true;
  });
}

/** The fallback poll: every http screening still in flight asks the vendor; one failure does not stop the others. */
export async function pollScreenings(now = new Date()): Promise<{ polled: number; applied: number; failed: number }> {
  const open = await prisma.screening.findMany({ where: { adapter: "http", status: { in: ["ORDERED", "IN_PROGRESS"] }, vendorReference: { not: null } }, select: { vendorReference: true } });
  const out = { polled: 0, applied: 0, failed: 0 };
  for (const s of open) {
    out.polled++;
    try {
      const u = await call(`${settings().url.replace(/\/$/, "")}/${encodeURIComponent(s.vendorReference!)}`, { method: "GET" });
      if (u.reference === s.vendorReference && (await applyVendorUpdate(u, "poll", now))) out.applied++;
    } catch (error) {
      if (!(error instanceof ScreeningVendorError)) throw error;
      out.failed++;
    }
  }
  return out;
}

// ───────────────────────────── the signed callback ─────────────────────────────

export const CALLBACK_TOLERANCE_SECONDS = 300;

/** The Screening-Signature header's value: v1=<hex HMAC-SHA256 of `${timestamp}.${body}`>. */
export function signCallback(secret: string, timestamp: number, body: string): string {
  return "v1=" + createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");
}

/** null when the callback is genuine and fresh, else why it is refused (forged, stale, unsigned). */
export function callbackRefusal(secret: string | undefined, headers: { timestamp: string | null; signature: string | null }, body: string, now = Date.now()): "unsigned" | "stale" | "forged" | null {
  if (!secret || !headers.timestamp || !headers.signature) return "unsigned";
  const ts = Number(headers.timestamp);
  if (!Number.isInteger(ts)) return "forged";
  const expected = Buffer.from(signCallback(secret, ts, body), "utf8");
  const given = Buffer.from(headers.signature.trim(), "utf8");
  const genuine = given.length === expected.length && timingSafeEqual(given, expected);
  if (!genuine) return "forged";
  // Checked after the signature: a replayed genuine body outside the window is stale.
  return Math.abs(now / 1000 - ts) > CALLBACK_TOLERANCE_SECONDS ? "stale" : null;
}
