// Hourly housekeeping: expired portal sessions, temporary upload files that no
// write can still own (left by a crash; decision 0014), the API's rate-limit
// windows older than an hour and API_CALL audit rows past API_CALL_AUDIT_DAYS
// (decision 0075), webhook events and deliveries past their 30 days (decision
// 0077), and the stored files' bytes listed while a backup ran that the backup
// did not remove itself (it was cut off; decision 0079). And the imports and reports whose job can no
// longer run (deleted from the queue, its attempts spent) are marked failed with why (decision 0083).
import type { Task } from "graphile-worker";
import { failRunsThatCannotRun } from "~/features/jobs/stopped-runs.server";
import { purgeOldApiCallAudit, purgeOldRateWindows } from "~/features/api/http.server";
import { clearEndedWebhookSecretOverlaps, purgeOldWebhookEvents } from "~/features/webhooks/purge.server";
import { purgeExpiredSessions } from "~/lib/session.server";
import { removeDeferredBlobs, removeStaleTempFiles, STALE_TEMP_FILE_MS } from "~/lib/storage.server";

export const purgeExpired: Task = async (_payload, helpers) => {
  const sessions = await purgeExpiredSessions();
  if (sessions) helpers.logger.info(`purge-expired: ${sessions} expired sessions removed`);
  const temp = await removeStaleTempFiles(STALE_TEMP_FILE_MS);
  if (temp) helpers.logger.info(`purge-expired: ${temp} stale temporary upload files removed`);
  const deferred = await removeDeferredBlobs();
  if (deferred) helpers.logger.info(`purge-expired: ${deferred} stored files listed for removal during a backup removed`);
  const windows = await purgeOldRateWindows();
  if (windows) helpers.logger.info(`purge-expired: ${windows} old API rate-limit windows removed`);
  const calls = await purgeOldApiCallAudit();
  if (calls) helpers.logger.info(`purge-expired: ${calls} API_CALL audit rows past API_CALL_AUDIT_DAYS removed`);
  const stopped = await failRunsThatCannotRun();
  if (stopped) helpers.logger.info(`purge-expired: ${stopped} imports or reports whose job can no longer run marked failed`);
  const events = await purgeOldWebhookEvents();
  if (events) helpers.logger.info(`purge-expired: ${events} webhook events older than 30 days removed with their deliveries`);
  const secrets = await clearEndedWebhookSecretOverlaps();
  if (secrets) helpers.logger.info(`purge-expired: ${secrets} previous webhook signing secrets past their overlap removed`);
};
