// The filing job's run (issue 37 item 6, decision 0115): what it files and how its outcome is kept.
// - The period: the run's day to FILING_LEAD_DAYS after it. Every appointment filing TO_FILE due by
//   then (earlier ones left unfiled included; a just-in-time one without a due date waits) and every
//   termination TO_FILE, whatever its due date (a termination is not undone: the state hears at once).
// - Each run's outcome is an audit row, FILING_RUN (the counts) or FILING_RUN_FAILED (the message):
//   what ADMIN > State Filings' 'Last filing run' reads (lastFilingRun). A failure is thrown again
//   so that the job runner retries it (MAX_ATTEMPTS.filing).
import { fileStateFilingsPayload, jobOptions, queueJob, type JobDb } from "~/features/jobs/queue.server";
import { addDays, dayOf, type Day } from "~/lib/days";
import { audit } from "~/lib/audit.server";
import { prisma } from "~/lib/db.server";
import { FilingError, filingAdapter, type FilingRunResult } from "./adapter.server";
import { FILING_LEAD_DAYS } from "./due";

export const filingPeriod = (today: Day): { from: Day; to: Day } => ({ from: today, to: addDays(today, FILING_LEAD_DAYS) });

export const fileStatePayloadOf = (payload: unknown) => fileStateFilingsPayload.parse(payload ?? {});

export type FilingRunOutcome = { adapter: string; period: { from: Day; to: Day }; batchId: string | null; filed: number; terminations: number; accepted: number; rejected: number; skipped: number };

const outcomeOf = (adapter: string, period: { from: Day; to: Day }, r: FilingRunResult): FilingRunOutcome => ({
  adapter,
  period,
  batchId: r.batchId,
  filed: r.filed + (r.resent?.filed ?? 0),
  terminations: r.terminations.filed + (r.resent?.terminations ?? 0),
  accepted: r.accepted + r.terminations.accepted,
  rejected: r.rejected + r.terminations.rejected,
  skipped: r.skipped.length,
});

/** One filing run (the job's body): the adapter for the period, its outcome audited either way. */
export async function fileStateFilings(opts: { actorId: string | null; now?: Date }): Promise<FilingRunOutcome> {
  const now = opts.now ?? new Date();
  const period = filingPeriod(dayOf(now));
  const adapter = filingAdapter();
  try {
    const outcome = outcomeOf(adapter.name, period, await adapter.run({ period, actorId: opts.actorId, now }));
    await audit("FILING_RUN", { actorUserId: opts.actorId, targetType: "FilingBatch", targetId: outcome.batchId ?? undefined, details: outcome });
    return outcome;
  } catch (error) {
    // The adapter's own words (a refused token, a service down); anything else by its first line.
    const message = error instanceof FilingError ? error.message : `The filing run failed: ${String((error as Error).message ?? error).split("\n")[0]!.slice(0, 300)}`;
    await audit("FILING_RUN_FAILED", { actorUserId: opts.actorId, details: { adapter: adapter.name, period, message } });
    throw error;
  }
}

/** 'File now': queues the run (its key: clicked twice, or while the day's run waits, one job). */
export async function queueFilingRun(db: JobDb, requestedById: string): Promise<void> {
  await queueJob(db, "file-state-filings", { requestedById }, jobOptions.fileStateFilings());
}

export type LastFilingRun =
  | { ok: true; at: string; filed: number; terminations: number; skipped: number }
  | { ok: false; at: string; message: string };

/** The last run's outcome, from its audit row; null before the first run. */
export async function lastFilingRun(): Promise<LastFilingRun | null> {
  const row = await prisma.auditLog.findFirst({ where: { action: { in: ["FILING_RUN", "FILING_RUN_FAILED"] } }, orderBy: { id: "desc" } });
  if (!row) return null;
  const d = (row.details ?? {}) as Record<string, unknown>;
  const at = row.occurredAt.toISOString();
  if (row.action === "FILING_RUN_FAILED") return { ok: false, at, message: String(d.message ?? "") };
  return { ok: true, at, filed: Number(d.filed ?? 0), terminations: Number(d.terminations ?? 0), skipped: Number(d.skipped ?? 0) };
}
