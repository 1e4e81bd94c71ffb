// Nightly (jobs/crontab.ts): the retention schedule (decision 0120). One log line per run with the
// counts, never a value. Batches, holds, the sweep and why a kill loses nothing:
// app/features/retention/erase.server.ts.
import type { Task } from "graphile-worker";
import { eraseExpired } from "~/features/retention/erase.server";
import { env } from "~/lib/env.server";

export const eraseExpiredTask: Task = async (_payload, helpers) => {
  const e = env();
  const run = await eraseExpired({ applicantDays: e.RETENTION_APPLICANT_DAYS, agentDays: e.RETENTION_AGENT_DAYS, batchSize: e.RETENTION_BATCH_SIZE });
  helpers.logger.info(
    `erase-expired: ${run.applications} application(s) and ${run.agents} agent position(s) erased, ${run.files} file(s), ${run.bytesRemoved} stored file(s) removed, ${run.batches} batch(es) (applicants ${e.RETENTION_APPLICANT_DAYS} days, agents ${e.RETENTION_AGENT_DAYS} days)`,
  );
};
