// Daily (jobs/crontab.ts) and on demand (ADMIN > State Filings, 'File now'): the filing run through
// FILING_ADAPTER (issue 37 item 6, decision 0115). Idempotent and safe to kill: a filing is filed
// once whatever crashes (see app/features/state-filings/filing-run.server.ts); a failure is recorded
// for the screen and thrown, so that graphile-worker tries again (MAX_ATTEMPTS.filing).
import type { Task } from "graphile-worker";
import { fileStatePayloadOf, fileStateFilings } from "~/features/state-filings/filing-run.server";

export const fileStateFilingsTask: Task = async (payload, helpers) => {
  const { requestedById } = fileStatePayloadOf(payload);
  const run = await fileStateFilings({ actorId: requestedById ?? null });
  helpers.logger.info(
    `file-state-filings: ${run.filed} filing(s) and ${run.terminations} termination(s) filed (${run.adapter}), ${run.skipped} skipped for a missing NAIC code; due by ${run.period.to}`,
  );
};
