// Background screening through SCREENING_ADAPTER (issue 38 item 1, decision 0122), modelled on the
// filing adapter: 'file' (the administrator uploads the vendor's report and records the result on
// the review screen) or 'http' (vendor-http.server.ts: the order POSTed by the order-screening job,
// the result by a signed callback or a poll). One transaction per change, each audited in it; a
// CONSIDER result starts the FCRA 615 steps in that transaction (adverse.server.ts).
import type { Prisma } from "~/generated/prisma/client";
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { encryptField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { saveFile } from "~/lib/storage.server";
import { startAdverseAction } from "./adverse.server";
import { auditScreening, lockScreeningRow } from "./audit.server";

export { auditScreening } from "./audit.server";
import { screeningHoldReason, SCREENING_MESSAGES as M, type ScreeningResult, type ScreeningStatus } from "./statuses";
import { FCRA_AUTH_SIG } from "~/features/appointment/fcra";

type Tx = Prisma.TransactionClient;
type Db = Tx | typeof prisma;
export type ScreeningRow = Prisma.ScreeningGetPayload<object>;
export type Outcome = { ok: true; screeningId: string } | { ok: false; message: string };

/** Authorised for screening: the applicant signed the FCRA authorisation (h17's consent step). */
export async function fcraAuthorised(db: Db, appointmentId: number): Promise<boolean> {
  return (await db.appointmentSignature.count({ where: { appointmentId, signatureTypeCode: FCRA_AUTH_SIG, signedAt: { not: null } } })) > 0;
}

/** The application's screening that counts: the latest not cancelled (null when none). */
export function liveScreening(db: Db, appointmentId: number): Promise<ScreeningRow | null> {
  return db.screening.findFirst({ where: { appointmentId, status: { not: "CANCELLED" } }, orderBy: { orderedAt: "desc" } });
}

/** The one rule of the screening's hold on approval (approveWork and the review screen call it). */
export async function screeningHold(db: Db, appointmentId: number): Promise<string | null> {
  return screeningHoldReason((await liveScreening(db, appointmentId))?.status as ScreeningStatus | undefined);
}

/** Locks the screening's row for the change (two administrators, a callback and a poll take turns). */
export async function lockScreening(tx: Tx, screeningId: string): Promise<ScreeningRow | null> {
  await lockScreeningRow(tx, screeningId);
  return tx.screening.findUnique({ where: { id: screeningId } });
}

/**
 * Orders a screening in the caller's transaction (submit's, or the administrator's button): the row
 * ORDERED and the order-screening job, which sends it to an http vendor (the job carries the
 * application id only). Refused when not authorised or a screening is already live.
 */
export async function orderInTransaction(tx: Tx, appointmentId: number, ctx: { actorId: string | null; now: Date; request?: Request }): Promise<Outcome> {
  if (env().SCREENING_ADAPTER === "none") return { ok: false, message: M.off };
  if (!(await fcraAuthorised(tx, appointmentId))) return { ok: false, message: M.notAuthorised };
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`screening:${appointmentId}`}))`;
  if (await liveScreening(tx, appointmentId)) return { ok: false, message: M.alreadyOrdered };
  const adapter = env().SCREENING_ADAPTER as "file" | "http";
  const s = await tx.screening.create({ data: { appointmentId, adapter, status: "ORDERED", orderedById: ctx.actorId, orderedAt: ctx.now } });
  if (adapter === "http") await queueJob(tx, "order-screening", { appointmentId }, jobOptions.orderScreening(appointmentId));
  await auditScreening(tx, "SCREENING_ORDERED", s.id, ctx.actorId, { appointmentId, adapter }, ctx.request);
  return { ok: true, screeningId: s.id };
}

/** The administrator's 'Order screening'. */
export function orderScreening(appointmentId: number, ctx: { actorId: string; now?: Date; request?: Request }): Promise<Outcome> {
  return prisma.$transaction((tx) => orderInTransaction(tx, appointmentId, { ...ctx, now: ctx.now ?? new Date() }));
}

/** The report PDF stored sealed as the filing files are (the SSN columns' key and rotation). */
export function saveSealedReport(tx: Tx, pdf: Uint8Array, fileName: string, actorId: string | null) {
  return saveFile({ bytes: Buffer.from(encryptField(Buffer.from(pdf).toString("base64")), "utf8"), fileName, contentType: "application/pdf", createdById: actorId }, tx);
}

/**
 * Applies a result in the caller's transaction (file: the administrator; http: a callback or a
 * poll): the report stored, the status set; CONSIDER starts the pre-adverse action at once.
 */
export async function applyResult(tx: Tx, s: ScreeningRow, r: { status: ScreeningResult | "IN_PROGRESS" | "CANCELLED"; pdf?: Uint8Array | null; reference?: string | null; note?: string | null; actorId: string | null; now: Date; source: string }): Promise<void> {
  // Once a result is in, the vendor's repeats (a replayed callback, the poll after it) change nothing.
  if (!["ORDERED", "IN_PROGRESS"].includes(s.status)) return;
  if (r.status === "IN_PROGRESS" && s.status === "IN_PROGRESS") return;
  const file = r.pdf?.length ? await saveSealedReport(tx, r.pdf, `screening-report-${s.id}.pdf`, r.actorId) : null;
  const result = r.status === "CLEAR" || r.status === "CONSIDER" ? r.status : null;
  const updated = await tx.screening.update({
    where: { id: s.id },
    data: {
      status: r.status,
      ...(result ? { result, resultAt: r.now, resultById: r.actorId } : {}),
      ...(file ? { reportFileId: file.id } : {}),
      ...(r.reference ? { vendorReference: r.reference } : {}),
      ...(r.note !== undefined ? { resultNote: r.note } : {}),
    },
  });
  await auditScreening(tx, result ? "SCREENING_RESULT" : "SCREENING_STATUS", s.id, r.actorId, { status: r.status, source: r.source, report: Boolean(file) });
  if (result === "CONSIDER") await startAdverseAction(tx, updated, { actorId: r.actorId, now: r.now });
}

/** The file adapter: the administrator records the vendor's result with its report (one transaction). */
export async function recordFileResult(screeningId: string, input: { result: string | null; reference: string | null; note: string | null; pdf: Uint8Array | null; actorId: string; now?: Date; request?: Request }): Promise<Outcome> {
  const result = input.result === "CLEAR" || input.result === "CONSIDER" ? input.result : null;
  if (!result) return { ok: false, message: M.resultMissing };
  if (!input.pdf?.length) return { ok: false, message: M.reportMissing };
  if (Buffer.from(input.pdf.subarray(0, 5)).toString("latin1") !== "%PDF-") return { ok: false, message: M.reportNotPdf };
  const now = input.now ?? new Date();
  return prisma.$transaction(async (tx): Promise<Outcome> => {
    const s = await lockScreening(tx, screeningId);
    if (!s) return { ok: false, message: M.noScreening };
    if (s.adapter !== "file") return { ok: false, message: M.notAdapter(s.adapter) };
    await applyResult(tx, s, { status: result, pdf: input.pdf, reference: input.reference?.trim().slice(0, 200) || null, note: input.note?.trim().slice(0, 2000) || null, actorId: input.actorId, now, source: "file" });
    return { ok: true, screeningId };
  });
}

/** What the review screen shows of the screening (only to read:screening). */
export async function screeningView(appointmentId: number) {
  const s = await prisma.screening.findFirst({ where: { appointmentId }, orderBy: { orderedAt: "desc" }, include: { steps: { orderBy: { createdAt: "asc" } } } });
  return { screening: s, authorised: await fcraAuthorised(prisma, appointmentId) };
}
