// Abandonment (spec part 1 §9 'Abandon period', README 'back office';
// decision 0031). One rule, used by the dashboard's countdown and by the
// daily abandon-applications task:
//
//   the clock starts at startDt, or at the latest return for correction when
//   that is later (a returned application gets the whole period again);
//   days left = ABANDON_DAYS − whole days (of 24 hours) since the clock start;
//   an APWF_STATUS_INCOMPLETE application with no days left (≤ 0) is due:
//   the task makes it APWF_STATUS_ABANDONED (status id 53).
//
// ABANDON_DAYS=0 turns abandonment off (no countdown, nothing abandoned).
//
// The task works in batches, one transaction each: a conditional UPDATE
// (still INCOMPLETE, still due) sets the status and abandonedAt, erases the
// card data, writes the audit rows and queues the ABANDONED notification of
// every changed application with its job key. Killed mid-way, the committed
// batches stand and the next run does the rest; a second run finds nothing.
import { prisma } from "~/lib/db.server";
import { jobOptions, queueJobs } from "~/features/jobs/queue.server";
import { emitApplicationEvents } from "~/features/webhooks/event-data.server";
import { eraseCardData } from "./submit.server";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const STATUS_INCOMPLETE = "APWF_STATUS_INCOMPLETE";
export const STATUS_ABANDONED = "APWF_STATUS_ABANDONED";

/** When the abandon clock of an application starts: its start, or its latest return for correction when later. */
export function abandonClockStart(startDt: Date, lastReturnedAt: Date | null | undefined): Date {
  return lastReturnedAt && lastReturnedAt > startDt ? lastReturnedAt : startDt;
}

/** ABANDON_DAYS minus the whole days since the clock start (a start in the future counts 0 days); may be ≤ 0. */
export function abandonDaysRemaining(clockStart: Date, abandonDays: number, now: Date): number {
  const elapsed = Math.floor((now.getTime() - clockStart.getTime()) / DAY_MS);
  return abandonDays - Math.max(0, elapsed);
}

/** The dashboard's countdown: the days left, or null unless > 0 (or abandonment is off). */
export function abandonDaysLeft(clockStart: Date, abandonDays: number, now: Date): number | null {
  if (abandonDays <= 0) return null;
  const left = abandonDaysRemaining(clockStart, abandonDays, now);
  return left > 0 ? left : null;
}

/** True when the application is to be abandoned now (what the task does, as a predicate). */
export function isAbandonDue(statusCode: string, clockStart: Date, abandonDays: number, now: Date): boolean {
  return abandonDays > 0 && statusCode === STATUS_INCOMPLETE && abandonDaysRemaining(clockStart, abandonDays, now) <= 0;
}

/**
 * The latest clock start that is due at `now`: due ⟺ clockStart ≤ cutoff
 * (whole days ≥ ABANDON_DAYS ⟺ elapsed ≥ ABANDON_DAYS × 24 h). The SQL
 * compares with this instant, so the task and the countdown cannot disagree.
 */
export function abandonCutoff(abandonDays: number, now: Date): Date {
  return new Date(now.getTime() - abandonDays * DAY_MS);
}

export type AbandonRun = { abandoned: number[]; batches: number };

/**
 * Abandons every due application (see the top of this file) and queues its
 * notification. `batchSize` applications per transaction.
 */
export async function abandonApplications(opts: { abandonDays: number; now?: Date; batchSize?: number }): Promise<AbandonRun> {
  const run: AbandonRun = { abandoned: [], batches: 0 };
  if (opts.abandonDays <= 0) return run;
  const now = opts.now ?? new Date();
  const cutoff = abandonCutoff(opts.abandonDays, now);
  const batchSize = Math.max(1, Math.min(opts.batchSize ?? 200, 1000));
  for (;;) {
    const ids = await prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL lock_timeout = '10s'`;
      const rows = await tx.$queryRaw<Array<{ appointment_id: number }>>`
        WITH due AS (
          SELECT a.appointment_id FROM appointments a
           WHERE a.appointment_status_code = ${STATUS_INCOMPLETE}
             AND NOT a.is_deleted
             AND a.start_dt <= ${cutoff}
             AND NOT EXISTS (SELECT 1 FROM appointment_decisions d
                              WHERE d.appointment_id = a.appointment_id AND d.decision_code = 'RETURN' AND d.decided_at > ${cutoff})
           ORDER BY a.appointment_id
           LIMIT ${batchSize}
           FOR UPDATE OF a)
        UPDATE appointments t
           SET appointment_status_code = ${STATUS_ABANDONED}, abandoned_at = ${now}, updated_at = ${now}
          FROM due
         WHERE t.appointment_id = due.appointment_id AND t.appointment_status_code = ${STATUS_INCOMPLETE}
        RETURNING t.appointment_id`;
      const changed = rows.map((r) => r.appointment_id).sort((x, y) => x - y);
      if (changed.length === 0) return changed;
      await eraseCardData(tx, changed);
      await tx.auditLog.createMany({
        data: changed.map((id) => ({
          action: "APPOINTMENT_ABANDONED",
          targetType: "Appointment",
          targetId: String(id),
          details: { abandonDays: opts.abandonDays },
        })),
      });
      await queueJobs(
        tx,
        "notify-appointment",
        changed.map((id) => ({ payload: { appointmentId: id, event: "ABANDONED" as const }, opts: jobOptions.notifyAppointment("ABANDONED", id) })),
      );
      // One event per application, written with the batch (emitEvents: one statement per batch).
      await emitApplicationEvents(tx, "application.abandoned", changed, { type: "system" });
      return changed;
    });
    if (ids.length) {
      run.batches++;
      run.abandoned.push(...ids);
    }
    if (ids.length < batchSize) return run;
  }
}
