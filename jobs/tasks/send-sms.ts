// Every text message the portal sends goes through this task: retried by
// graphile-worker on failure (queued with maxAttempts MAX_ATTEMPTS.sms),
// deduplicated by the job key the caller gives. Its delivery key (the job key,
// else "job:<id>") lets deliverSms answer with the text already sent when the
// job runs again after a crash or is queued again, instead of sending twice.
// The log names the number by its last two digits only.
import type { Task } from "graphile-worker";
import { sendSmsPayload } from "~/features/jobs/queue.server";
import { deliverSms, maskNumber } from "~/lib/sms.server";

export const sendSms: Task = async (payload, helpers) => {
  const msg = sendSmsPayload.parse(payload);
  const deliveryKey = helpers.job.key ?? `job:${helpers.job.id}`;
  try {
    const result = await deliverSms({ ...msg, deliveryKey });
    helpers.logger.info(`send-sms to ${maskNumber(msg.to)}: ${result.status} (${result.id})`);
  } catch (err) {
    helpers.logger.warn(
      `send-sms to ${maskNumber(msg.to)}: attempt ${helpers.job.attempts} of ${helpers.job.max_attempts} failed: ${(err as Error).message}`,
    );
    throw err;
  }
};
