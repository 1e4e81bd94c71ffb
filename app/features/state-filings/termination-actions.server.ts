// ADMIN > State Filings > Terminations, what an administrator does (decision 0118): one function
// per status change (mark filed on a day, accepted, rejected with the state's reason, resubmit),
// each guarded by the status it starts from (TERMINATION_ACTION_FROM: a termination the filing job
// or another administrator moved meanwhile is refused) and audited TERMINATION_STATUS_CHANGED in
// its transaction; the for-cause case: the letter's day (recordNoticeSent), a document added
// (addCaseDocument) and read, each audited. The filing job's markTerminationsFiled lives beside
// terminations.server.ts; these are the screen's. The caller has checked manage:state-filings.
import { actorOf } from "~/features/webhooks/event-data.server";
import { emitTerminationsFiled } from "~/features/webhooks/filing-events.server";
import type { Prisma } from "~/generated/prisma/client";
import { auditRow } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { dateOf, dayOf, type Day } from "~/lib/days";
import { fileResponse, removeBlob, StoredFileMissingError, type WrittenBlob } from "~/lib/storage.server";
import { isUuid } from "~/lib/uuid";
import { dayField, isRefusal, reasonField, refused, type ActionResult } from "./action-fields";
import { FILING_MESSAGES } from "./board";
import { TERMINATION_ACTION_FROM, TERMINATION_INTENTS, TERMINATION_SCREEN_MESSAGES as M, type TerminationIntent, type TerminationStatus, type TerminationTransition } from "./termination-board";
import { addCaseDocument, recordNoticeSent } from "./terminations.server";

type Who = Pick<CurrentUser, "id"> & { impersonator?: { id: string } | null };
type Opts = { request?: Request; now?: Date };
type Tx = Prisma.TransactionClient;

async function writeAudit(tx: Tx, action: string, actor: Who, terminationId: string, details: Record<string, unknown>, request?: Request) {
  const row = auditRow(action, { request, actorUserId: actor.id, impersonatorUserId: actor.impersonator?.id ?? null, targetType: "Termination", targetId: terminationId, details });
  await tx.auditLog.create({ data: { ...row, details: JSON.parse(row.details!) as never } });
}

/** The one guarded update of a transition, audited with what it changed. */
async function transition(
  actor: Who,
  id: string,
  intent: TerminationTransition,
  data: Prisma.TerminationUncheckedUpdateManyInput & { status: TerminationStatus },
  details: Record<string, unknown>,
  opts: Opts,
): Promise<ActionResult> {
  const t = isUuid(id) ? await prisma.termination.findUnique({ where: { id }, select: { id: true, agentId: true, stateCode: true, status: true } }) : null;
  if (!t) return refused(null, M.notFound, 404);
  if (!TERMINATION_ACTION_FROM[intent].includes(t.status as TerminationStatus)) return refused(null, M.changedMeanwhile, 409);
  return prisma.$transaction(async (tx) => {
    const n = await tx.termination.updateMany({ where: { id: t.id, status: t.status }, data });
    if (n.count === 0) return refused(null, M.changedMeanwhile, 409);
    await writeAudit(tx, "TERMINATION_STATUS_CHANGED", actor, t.id, { action: intent, from: t.status, to: data.status, stateCode: t.stateCode, agentId: t.agentId, ...details }, opts.request);
    // Marked filed by hand: termination.filed, as a filing run's marking sends it.
    if (data.status === "FILED") await emitTerminationsFiled(tx, [t.id], actorOf(actor.impersonator?.id ?? actor.id));
    return { ok: true as const };
  });
}

/** TO_FILE -> FILED on `day` (not after today). */
export function markTerminationFiledOn(actor: Who, id: string, day: Day, opts: Opts = {}) {
  return transition(actor, id, TERMINATION_INTENTS.filed, { status: "FILED", filedDate: dateOf(day) }, { filedDate: day }, opts);
}

/** FILED -> ACCEPTED: the state's answer, now. */
export function markTerminationAccepted(actor: Who, id: string, opts: Opts = {}) {
  return transition(actor, id, TERMINATION_INTENTS.accepted, { status: "ACCEPTED", answeredAt: opts.now ?? new Date() }, {}, opts);
}

/** FILED -> REJECTED with the state's reason. */
export function markTerminationRejected(actor: Who, id: string, reason: string, opts: Opts = {}) {
  return transition(actor, id, TERMINATION_INTENTS.rejected, { status: "REJECTED", rejectionReason: reason, answeredAt: opts.now ?? new Date() }, { reason }, opts);
}

/**
 * REJECTED -> TO_FILE: filed again by the next run. The batch is cleared too (a run picks only
 * what no batch holds); the reason, the day and the batch stay in the audit trail.
 */
export function resubmitTermination(actor: Who, id: string, opts: Opts = {}) {
  return transition(actor, id, TERMINATION_INTENTS.resubmit, { status: "TO_FILE", rejectionReason: null, filedDate: null, answeredAt: null, filingBatchId: null }, {}, opts);
}

export type TerminationActionInput = { intent: TerminationIntent; terminationId: string; date?: string; reason?: string };

/** The form's fields checked, then the transition (or the notice's day). */
export async function actOnTermination(actor: Who, input: TerminationActionInput, opts: Opts = {}): Promise<ActionResult> {
  const today = dayOf(opts.now ?? new Date());
  switch (input.intent) {
    case TERMINATION_INTENTS.filed: {
      const d = dayField(input.date ?? "", today);
      return isRefusal(d) ? d : markTerminationFiledOn(actor, input.terminationId, d.day, opts);
    }
    case TERMINATION_INTENTS.accepted:
      return markTerminationAccepted(actor, input.terminationId, opts);
    case TERMINATION_INTENTS.rejected: {
      const r = reasonField(input.reason ?? "", FILING_MESSAGES.rejectionReasonRequired);
      return isRefusal(r) ? r : markTerminationRejected(actor, input.terminationId, r.reason, opts);
    }
    case TERMINATION_INTENTS.resubmit:
      return resubmitTermination(actor, input.terminationId, opts);
    case TERMINATION_INTENTS.notice: {
      const d = dayField(input.date ?? "", today);
      return isRefusal(d) ? d : recordCaseNotice(actor, input.terminationId, d.day, opts);
    }
    default:
      return refused(null, M.notFound, 404);
  }
}

/** The day the letter to the commissioner was sent (a LETTER case, once; recordNoticeSent's rule), audited. */
export async function recordCaseNotice(actor: Who, id: string, day: Day, opts: Opts = {}): Promise<ActionResult> {
  const t = isUuid(id) ? await prisma.termination.findUnique({ where: { id }, select: { id: true, agentId: true, stateCode: true, noticeMethod: true, noticeSentOn: true } }) : null;
  if (!t) return refused(null, M.notFound, 404);
  if (t.noticeMethod !== "LETTER") return refused(null, M.noticeNotLetter, 409);
  if (t.noticeSentOn) return refused("date", M.noticeRecorded, 409);
  return prisma.$transaction(async (tx) => {
    if (!(await recordNoticeSent(tx, t.id, day, actor.id))) return refused("date", M.noticeRecorded, 409);
    await writeAudit(tx, "TERMINATION_NOTICE_RECORDED", actor, t.id, { stateCode: t.stateCode, agentId: t.agentId, noticeSentOn: day }, opts.request);
    return { ok: true as const };
  });
}

/**
 * A PDF received for a for-cause case (receiveUpload wrote the bytes): its stored file, the link
 * and the audit in one transaction; refused, the bytes are removed again.
 */
export async function addCaseUpload(actor: Who, id: string, upload: { blob: WrittenBlob; fileName: string }, opts: Opts = {}): Promise<ActionResult> {
  const t = isUuid(id) ? await prisma.termination.findUnique({ where: { id }, select: { id: true, agentId: true, stateCode: true, forCause: true } }) : null;
  const refusal = !t ? refused(null, M.notFound, 404) : !t.forCause ? refused(null, M.notForCause, 409) : null;
  let kept = false;
  try {
    if (refusal || !t) return refusal!;
    const r = await prisma.$transaction(async (tx) => {
      const file = await tx.storedFile.create({
        data: { storageKey: upload.blob.storageKey, fileName: upload.fileName, contentType: "application/pdf", byteSize: upload.blob.byteSize, sha256: upload.blob.sha256, createdById: actor.id },
        select: { id: true },
      });
      await addCaseDocument(tx, t.id, file.id, actor.id);
      await writeAudit(tx, "CASE_DOCUMENT_ADDED", actor, t.id, { stateCode: t.stateCode, agentId: t.agentId, storedFileId: file.id, fileName: upload.fileName, byteSize: upload.blob.byteSize }, opts.request);
      return { ok: true as const };
    });
    kept = true;
    return r;
  } finally {
    // Refused or rolled back: no row holds the bytes.
    if (!kept) await removeBlob(upload.blob.storageKey).catch(() => {});
  }
}

/** A case document for download (an administrator's; audited CASE_DOCUMENT_DOWNLOADED); null: no such document. */
export async function caseDocumentResponse(actor: Who, storedFileId: string, opts: Opts = {}): Promise<Response | null> {
  if (!isUuid(storedFileId)) return null;
  const doc = await prisma.terminationDocument.findFirst({
    where: { storedFileId },
    select: { terminationId: true, storedFile: { select: { id: true, storageKey: true, fileName: true, contentType: true, sha256: true } } },
  });
  if (!doc) return null;
  let response: Response;
  try {
    response = await fileResponse(doc.storedFile, { disposition: "attachment", contentType: "application/pdf" });
  } catch (error) {
    if (error instanceof StoredFileMissingError) return null;
    throw error;
  }
  await prisma.$transaction((tx) => writeAudit(tx, "CASE_DOCUMENT_DOWNLOADED", actor, doc.terminationId, { storedFileId, fileName: doc.storedFile.fileName }, opts.request));
  return response;
}
