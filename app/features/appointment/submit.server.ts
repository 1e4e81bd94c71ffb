// Submitting the application (spec part 2 §2, §8; decision 0009):
// completion is recomputed from the database and must be 100%, and an
// application that pays its fees by card must carry the card's CVC in this
// very request (checked here, then dropped: it is never stored, decision
// 0087); the status becomes APWF_STATUS_NEWCONTRACT, and the combined
// application PDF and the notifications are queued in the same transaction
// (queueJob), and the application's licence and certificates become
// records to confirm (decision 0098). A refused submit gives the messages of every
// field, so the screen shows them next to the fields without JavaScript too.
import { realUserId } from "~/lib/auth.server";
import type { CurrentUser } from "~/lib/current-user";
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { recordsFromApplication } from "~/features/licences/from-application.server";
import { actorOf, emitApplicationEvents } from "~/features/webhooks/event-data.server";
import { auditAppointment, isReadOnlyStatus, requireAppointmentAccess } from "./access.server";
import { completion, sectionResults, type Completion } from "./completion";
import { toFormData } from "./load.server";
import { ALREADY_SUBMITTED, SAVE_BUSY, SUBMIT_FAILED, SUBMIT_INCOMPLETE, SUBMIT_SUCCESS } from "./messages";
import { DATA_SECTIONS, showsBusinessBlock, type DataSectionId } from "./model";
import { ssnEqualsTaxId } from "./personal.server";
import { loadRecord, type Db } from "./record.server";
import { MESSAGES } from "./messages";
import { cvcAtSubmit } from "./rules/fees";
import { TurnRefused, writeTransaction } from "./turns.server";

export type SubmitResult =
  | { ok: true; dialog: typeof SUBMIT_SUCCESS }
  | {
      ok: false;
      dialog: { title: string; message: string };
      completion: Completion | null;
      /** Per section, the messages of each field (empty when the refusal is not about the fields). */
      fieldErrors: Partial<Record<DataSectionId, Record<string, string[]>>>;
      /** The CVC's message when the CVC posted with the submit is missing or wrong (also in fieldErrors.FEES). */
      cvcError?: string;
    };

/**
 * `opts.cvc`: the CVC posted with the submit (ccInfo.cvcNumber), for a type that pays by card. It is
 * only compared with its rule and goes nowhere else: not stored, logged, queued or audited.
 */
export async function submitApplication(user: CurrentUser, appointmentId: number, request: Request, opts: { now?: Date; cvc?: string } = {}): Promise<SubmitResult> {
  await requireAppointmentAccess(user, appointmentId, { write: true, request });
  const now = opts.now ?? new Date();
  try {
    const result = await writeTransaction(appointmentId, async (tx): Promise<SubmitResult> => {
      const { a, questions, ctx } = await loadRecord(tx, appointmentId, now);
      if (isReadOnlyStatus(a.appointmentStatusCode)) {
        return { ok: false, dialog: { title: SUBMIT_FAILED.title, message: ALREADY_SUBMITTED }, completion: null, fieldErrors: {} };
      }
      const data = toFormData(a, questions);
      const c = completion(data, ctx);
      const sameIds = showsBusinessBlock(ctx) && ssnEqualsTaxId(a);
      const cvcError = cvcAtSubmit(opts.cvc, ctx);
      if (c.percent < 100 || sameIds || cvcError) {
        const results = sectionResults(data, ctx);
        const fieldErrors = Object.fromEntries(DATA_SECTIONS.map((s) => [s, results[s].fieldErrors]));
        if (sameIds) (fieldErrors.PERSONAL.businessTaxID ??= []).push(MESSAGES.ssnEqualsTaxId);
        if (cvcError) (fieldErrors.FEES["ccInfo.cvcNumber"] ??= []).push(cvcError);
        const dialog = sameIds
          ? { ...SUBMIT_INCOMPLETE, message: MESSAGES.ssnEqualsTaxId }
          : c.percent < 100
            ? SUBMIT_INCOMPLETE
            : { title: SUBMIT_FAILED.title, message: cvcError! };
        return { ok: false, dialog, completion: c, fieldErrors, ...(cvcError ? { cvcError } : {}) };
      }
      await tx.appointment.update({
        where: { appointmentId },
        data: { appointmentStatusCode: "APWF_STATUS_NEWCONTRACT", submittedAt: now, submittedById: realUserId(user), updatedById: realUserId(user) },
      });
      // The NPN's licence and certificates as records to confirm (decision 0098).
      await recordsFromApplication(tx, appointmentId, { userId: realUserId(user), request });
      await queueJob(tx, "generate-application-pdf", { appointmentId }, jobOptions.applicationPdf(appointmentId));
      await queueJob(tx, "notify-appointment", { appointmentId, event: "SUBMITTED" }, jobOptions.notifyAppointment("SUBMITTED", appointmentId));
      await emitApplicationEvents(tx, "application.submitted", [appointmentId], actorOf(realUserId(user)));
      return { ok: true, dialog: SUBMIT_SUCCESS };
    });
    if (result.ok) await auditAppointment("APPOINTMENT_SUBMITTED", user, appointmentId, request);
    return result;
  } catch (error) {
    if (error instanceof TurnRefused) return { ok: false, dialog: SAVE_BUSY, completion: null, fieldErrors: {} };
    console.error(`submitApplication ${appointmentId} failed:`, (error as Error).message);
    return { ok: false, dialog: SUBMIT_FAILED, completion: null, fieldErrors: {} };
  }
}

// ───────────────────────────── card data retention ─────────────────────────────

/**
 * Erases the card (number, expiry, name and billing address; no CVC is ever stored) once the
 * fees are collected or the application is approved, rejected or abandoned;
 * the back office calls it. Keeps the card type and last four digits for
 * the record. Returns true when card data was erased.
 */
export async function eraseCardData(db: Db, appointmentId: number | number[]): Promise<boolean> {
  const r = await db.appointmentCardInfo.updateMany({
    where: { appointmentId: Array.isArray(appointmentId) ? { in: appointmentId } : appointmentId },
    data: { cardNumberEncrypted: null, expirationMonth: null, expirationYear: null, nameOnCard: null, billingAddress: null, city: null, stateCode: null, zip: null },
  });
  return r.count > 0;
}
