// Daily: finished report requests older than REPORT_RETENTION_DAYS and their files.
import type { Task } from "graphile-worker";
import { purgeOldReports } from "~/features/reports/run.server";
import { env } from "~/lib/env.server";

export const purgeReports: Task = async (_payload, helpers) => {
  const removed = await purgeOldReports(env().REPORT_RETENTION_DAYS);
  if (removed) helpers.logger.info(`purge-reports: ${removed} report requests older than ${env().REPORT_RETENTION_DAYS} days removed`);
};
