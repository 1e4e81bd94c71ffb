// ADMIN > State Filings, what an administrator does to a filing (issue 37 item 5, decision 0113):
// mark it filed (the day), accepted, rejected (the state's reason), resubmit a rejected one (back to
// TO_FILE), withdraw it (a reason), record the first business in a just-in-time state (the rule of
// filings.server.ts recordFirstBusiness). The caller has checked manage:state-filings. Each change
// is guarded by the status it starts from (ACTION_FROM), so a filing the filing job or another
// administrator moved meanwhile is refused, and is audited (FILING_STATUS_CHANGED) in its
// transaction with its webhook event. A refusal names its field, for the message beside it. dryRun: checked, not done.
import { dayOf, type Day } from "~/features/licences/status";
import { actorOf } from "~/features/webhooks/event-data.server";
import { emitFilingEvents } from "~/features/webhooks/filing-events.server";
import { auditRow } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { dayField, isRefusal, reasonField, refused, type ActionResult } from "./action-fields";
import { ACTION_FROM, FILING_INTENTS, FILING_MESSAGES as M, type FilingIntent } from "./board";
import type { FilingStatus } from "./due";
import { recordFirstBusiness } from "./filings.server";
import { dateOf } from "~/lib/days";
import { isUuid } from "~/lib/uuid";

type Who = Pick<CurrentUser, "id"> & { impersonator?: { id: string } | null };

export type FilingActionResult = ActionResult;

/** The form's fields: `date` (filed, first business), `reason` (rejected, withdrawn). */
export type FilingActionInput = { intent: FilingIntent; filingId: string; date?: string; reason?: string };

export async function actOnFiling(actor: Who, input: FilingActionInput, opts: { request?: Request; now?: Date; dryRun?: boolean } = {}): Promise<FilingActionResult> {
  const now = opts.now ?? new Date();
  const today = dayOf(now);
  const filing = isUuid(input.filingId)
    ? await prisma.appointmentFiling.findUnique({ where: { id: input.filingId }, select: { id: true, agentId: true, stateCode: true, status: true } })
    : null;
  if (!filing) return refused(null, M.notFound, 404);

  if (input.intent === FILING_INTENTS.firstBusiness) {
    const d = dayField(input.date ?? "", today);
    if (isRefusal(d)) return d;
    const r = await recordFirstBusiness(filing.agentId, filing.stateCode, (d as { day: Day }).day, actor, { request: opts.request, now });
    if (r.ok) return { ok: true };
    return r.code === "INVALID_DATE" ? refused("date", M.dateInvalid) : refused("date", M.nothingToRecord, 409);
  }

  const from = ACTION_FROM[input.intent];
  if (!from.includes(filing.status as FilingStatus)) return refused(null, M.changedMeanwhile, 409);
  let data: { status: FilingStatus; filedDate?: Date | null; rejectionReason?: string | null; withdrawnReason?: string | null; heldReason?: null; filingBatchId?: null };
  let details: Record<string, unknown> = {};
  switch (input.intent) {
    case FILING_INTENTS.filed: {
      const d = dayField(input.date ?? "", today);
      if (isRefusal(d)) return d;
      const day = (d as { day: Day }).day;
      data = { status: "FILED", filedDate: dateOf(day) };
      details = { filedDate: day };
      break;
    }
    case FILING_INTENTS.accepted:
      data = { status: "ACCEPTED" };
      break;
    case FILING_INTENTS.rejected: {
      const r = reasonField(input.reason ?? "", M.rejectionReasonRequired);
      if (isRefusal(r)) return r;
      data = { status: "REJECTED", rejectionReason: (r as { reason: string }).reason };
      details = { reason: data.rejectionReason };
      break;
    }
    case FILING_INTENTS.resubmit:
      // Back to be filed again; the state's reason stays in the audit trail.
      // The batch too: a run picks only what no batch holds (the audit keeps the old one).
      data = { status: "TO_FILE", rejectionReason: null, filedDate: null, filingBatchId: null };
      break;
    case FILING_INTENTS.withdraw: {
      const r = reasonField(input.reason ?? "", M.withdrawalReasonRequired);
      if (isRefusal(r)) return r;
      data = { status: "WITHDRAWN", withdrawnReason: (r as { reason: string }).reason, heldReason: null };
      details = { reason: (r as { reason: string }).reason };
      break;
    }
    default:
      return refused(null, M.notFound, 404);
  }
  // dryRun: the checks only (the withdrawal's question comes before the change).
  if (opts.dryRun) return { ok: true };
  return prisma.$transaction(async (tx) => {
    const n = await tx.appointmentFiling.updateMany({ where: { id: filing.id, status: filing.status }, data });
    if (n.count === 0) return refused(null, M.changedMeanwhile, 409);
    const row = auditRow("FILING_STATUS_CHANGED", {
      request: opts.request,
      actorUserId: actor.id,
      impersonatorUserId: actor.impersonator?.id ?? null,
      targetType: "AppointmentFiling",
      targetId: filing.id,
      details: { action: input.intent, from: filing.status, to: data.status, stateCode: filing.stateCode, agentId: filing.agentId, ...details },
    });
    await tx.auditLog.create({ data: { ...row, details: JSON.parse(row.details!) as never } });
    // appointment.filed / accepted / rejected (a resubmit or withdrawal makes none).
    await emitFilingEvents(tx, [filing.id], { actor: actorOf(actor.impersonator?.id ?? actor.id), source: "screen" });
    return { ok: true as const };
  });
}
