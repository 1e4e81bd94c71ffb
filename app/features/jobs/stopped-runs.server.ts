// Runs whose job can no longer run (decision 0083): a licence import, an agent import or a report
// still shown as running while its job has no attempts left (spent by cuts or errors, and not taken)
// or is gone from the queue (deleted). Each is marked failed with the reason its screen shows and a
// start-again. Checked by every start of a job runner (after the dead pools' cuts are recorded) and
// by the hourly purge-expired.
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { CUT_OFF } from "./cut-offs.server";
import { jobKeys } from "./queue.server";
import { STOPPED_MESSAGES as M, type StoppedWhat } from "./stopped-messages";

type Stopped = { id: number; jobId: string | null; attempts: number | null; lastError: string | null; cuts: number | null };

/** Why a stopped job stopped, in words for its run's screen. */
export function stoppedReason(what: StoppedWhat, s: Stopped): string {
  if (s.jobId === null) return M.jobGone(what);
  // Without a record of its cuts (cut before this version), each cut took one of its attempts.
  if (s.lastError === CUT_OFF) return M.interrupted(what, s.cuts ?? s.attempts ?? 1);
  return M.failed(what, s.attempts ?? 1);
}

/**
 * The unfinished rows of `table` (`idColumn`, not in `finished`) whose job (`keyPrefix` + id) is gone
 * or spent and not running. A row is created in the transaction that queues its job, and marked
 * finished before its job is removed, so neither case is a run between the two.
 */
async function stoppedRows(table: string, idColumn: string, statusColumn: string, finished: string[], keyPrefix: string, extra = "TRUE"): Promise<Stopped[]> {
  return prisma.$queryRawUnsafe<Stopped[]>(
    `SELECT r.${idColumn} AS id, j.id::text AS "jobId", j.attempts, j.last_error AS "lastError", c.cuts
       FROM ${table} r
       LEFT JOIN graphile_worker.jobs j ON j.key = $1 || r.${idColumn}::text
       LEFT JOIN job_cut_offs c ON c.job_id = j.id
      WHERE r.${statusColumn} <> ALL($2::text[]) AND ${extra}
        AND (j.id IS NULL OR (j.locked_by IS NULL AND j.attempts >= j.max_attempts))`,
    keyPrefix,
    finished,
  );
}

const keyPrefix = (key: string) => key.replace(/\d+$/, "");

/** Marks every stopped run failed with its reason; returns how many. */
export async function failRunsThatCannotRun(): Promise<number> {
  let n = 0;
  const now = new Date();
  const finished = ["COMPLETED", "REJECTED", "FAILED"];
  for (const s of await stoppedRows("licence_import_runs", "id", "status", finished, keyPrefix(jobKeys.licenceImportRun(1)), "r.file_id IS NOT NULL")) {
    const r = await prisma.licenceImportRun.updateMany({
      where: { id: s.id, status: { notIn: finished } },
      data: { status: "FAILED", completedAt: now, message: stoppedReason("license import", s) },
    });
    n += r.count;
  }
  for (const s of await stoppedRows("agent_import_runs", "id", "status", finished, keyPrefix(jobKeys.importRun(1)), "r.file_id IS NOT NULL")) {
    const r = await prisma.agentImportRun.updateMany({
      where: { id: s.id, status: { notIn: finished } },
      data: { status: "FAILED", completedAt: now, message: stoppedReason("agent import", s) },
    });
    n += r.count;
  }
  const reportFinished = ["RPTSTATUS_COMPLETED", "RPTSTATUS_ERROR"];
  for (const s of await stoppedRows("report_requests", "report_request_id", "status_code", reportFinished, keyPrefix(jobKeys.report(1)))) {
    const r = await prisma.reportRequest.updateMany({
      where: { reportRequestId: s.id, statusCode: { notIn: reportFinished } },
      data: { statusCode: "RPTSTATUS_ERROR", completedAt: now, errorMessage: stoppedReason("report", s) },
    });
    n += r.count;
  }
  return n;
}

/** Before a stopped run's job is queued again under its key: its cuts belong to the old attempts. */
export async function forgetCutOffs(tx: Prisma.TransactionClient, jobKey: string): Promise<void> {
  await tx.$executeRaw`DELETE FROM job_cut_offs WHERE job_id IN (SELECT id FROM graphile_worker.jobs WHERE key = ${jobKey})`;
}

/** Whether a report's error message is one of a stopped job (it may be run again as it was). */
export function isStoppedMessage(message: string | null): boolean {
  return Boolean(message && /^The report (was interrupted|failed|stopped)/.test(message));
}
