// Daily (jobs/crontab.ts), after the other daily jobs: the audit log's digest of every whole UTC day
// not yet digested (decision 0119). Idempotent and resumable: app/features/compliance-officer/digest.server.ts.
import type { Task } from "graphile-worker";
import { runAuditDigest } from "~/features/compliance-officer/digest.server";

export const auditDigestTask: Task = async (_payload, helpers) => {
  const days = await runAuditDigest();
  helpers.logger.info(`audit-digest: ${days.length} day(s) digested${days.length ? ` (${days[0]} to ${days[days.length - 1]})` : ""}`);
};
