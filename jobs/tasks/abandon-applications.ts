// Daily (jobs/crontab.ts): incomplete applications whose abandon period
// (ABANDON_DAYS, counted from their start or their latest return for
// correction) has run out become APWF_STATUS_ABANDONED, and their recruiters,
// uplines and prospects are told (notify-appointment, queued in the same
// transaction). Idempotent and safe to kill: see
// app/features/appointment/abandon.server.ts.
import type { Task } from "graphile-worker";
import { abandonApplications } from "~/features/appointment/abandon.server";
import { env } from "~/lib/env.server";

export const abandonApplicationsTask: Task = async (_payload, helpers) => {
  const abandonDays = env().ABANDON_DAYS;
  if (abandonDays <= 0) {
    helpers.logger.info("abandon-applications: ABANDON_DAYS is 0, abandonment is off");
    return;
  }
  const run = await abandonApplications({ abandonDays });
  helpers.logger.info(`abandon-applications: ${run.abandoned.length} application(s) abandoned (${abandonDays} days)`);
};
