// Daily (jobs/crontab.ts): the licence monitoring (issue 23 item 3, decision 0071): every agent
// position's standing, and one compliance-notice job per position with something to tell today.
// Idempotent and safe to kill: see app/features/licences/monitor.server.ts.
import type { Task } from "graphile-worker";
import { monitorCompliance } from "~/features/licences/monitor.server";

export const monitorComplianceTask: Task = async (_payload, helpers) => {
  const run = await monitorCompliance();
  helpers.logger.info(
    `monitor-compliance: ${run.agents} agent position(s) in ${run.batches} batch(es); ${run.becameNotInGoodOrder} no longer in good order; ${run.noticeJobs} notice job(s) queued`,
  );
};
