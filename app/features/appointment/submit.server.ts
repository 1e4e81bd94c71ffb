// Submitting the application (spec part 2 §2, §8; decisions 0009, 0099), from
// the check page: what stops it is submit-checks.server.ts (completion from
// the database at 100%, and the card's CVC carried by this very request,
// checked there, then dropped: it is never stored, decision 0087); the
// status becomes APWF_STATUS_NEWCONTRACT, and the combined application PDF
// and the notifications (the prospect's receipt among them) are queued in the
// same transaction (queueJob), and the application's licence and
// certificates become records to confirm (decision 0098). A refused submit
// gives the messages of every field, so the screen shows them next to the
// fields without JavaScript too.
import { realUserId } from "~/lib/auth.server";
import type { CurrentUser } from "~/lib/current-user";
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { recordsFromApplication } from "~/features/licences/from-application.server";
import { fcraAuthorised, orderInTransaction } from "~/features/screening/screening.server";
import { actorOf, emitApplicationEvents } from "~/features/webhooks/event-data.server";
import { auditAppointment, isReadOnlyStatus, requireAppointmentAccess } from "./access.server";
import type { Completion } from "./completion";
import { ALREADY_SUBMITTED, SAVE_BUSY, SUBMIT_FAILED, SUBMIT_SUCCESS } from "./messages";
import type { DataSectionId } from "./model";
import { loadRecord, type Db } from "./record.server";
import { submitRefusal } from "./submit-checks.server";
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
      const refusal = submitRefusal(a, questions, ctx, opts.cvc);
      if (refusal) {
        const { dialog, completion, fieldErrors, cvcError } = refusal;
        return { ok: false, dialog, completion, fieldErrors, ...(cvcError ? { cvcError } : {}) };
      }
      await tx.appointment.update({
        where: { appointmentId },
        data: { appointmentStatusCode: "APWF_STATUS_NEWCONTRACT", submittedAt: now, submittedById: realUserId(user), updatedById: realUserId(user) },
      });
      // The NPN's licence and certificates as records to confirm (decision 0098).
      await recordsFromApplication(tx, appointmentId, { userId: realUserId(user), request });
      await queueJob(tx, "generate-application-pdf", { appointmentId }, jobOptions.applicationPdf(appointmentId));
      await queueJob(tx, "notify-appointment", { appointmentId, event: "SUBMITTED" }, jobOptions.notifyAppointment("SUBMITTED", appointmentId));
      // An applicant who signed the FCRA authorisation is screened (decision 0122), in this transaction.
      if (await fcraAuthorised(tx, appointmentId)) await orderInTransaction(tx, appointmentId, { actorId: realUserId(user), now });
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
