// Daily (jobs/crontab.ts), after the licence monitoring: the state filings' holds, the filing files'
// purge, and the administrators' notices of filings due (issue 37 item 6, decision 0114).
// Idempotent and safe to kill: see app/features/state-filings/filing-notices.server.ts.
import type { Task } from "graphile-worker";
import { stateFilingsDaily } from "~/features/state-filings/filing-notices.server";

export const stateFilingsDailyTask: Task = async (_payload, helpers) => {
  const run = await stateFilingsDaily();
  helpers.logger.info(
    `state-filings-daily: ${run.held} held, ${run.released} released, ${run.filesPurged} file(s) purged; ${run.notices} notice(s) in ${run.emailsQueued} email(s)`,
  );
};
