// Runs one report request (app/features/reports/run.server.ts). Queued with
// the job key `report:<reportRequestId>` in the transaction that stores the
// request; safe to kill and to run again (the rerun replaces the output).
// Attempts: MAX_ATTEMPTS.report; the last failed one marks it RPTSTATUS_ERROR.
import type { Task } from "graphile-worker";
import { generateReportPayload } from "~/features/jobs/queue.server";
import { failReport, runReport } from "~/features/reports/run.server";

export const generateReport: Task = async (payload, helpers) => {
  const { reportRequestId } = generateReportPayload.parse(payload);
  try {
    const r = await runReport(reportRequestId);
    helpers.logger.info(`generate-report: request ${reportRequestId} ${r.status}${r.status === "COMPLETED" ? ` (${r.rows} rows, ${r.byteSize} bytes)` : ""}`);
  } catch (error) {
    if (helpers.job.attempts >= helpers.job.max_attempts) await failReport(reportRequestId, `Report failed: ${(error as Error).message}`);
    throw error;
  }
};
