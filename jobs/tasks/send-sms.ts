// Every text message the portal sends goes through this task: retried by
// graphile-worker on failure (queued with maxAttempts SMS_MAX_ATTEMPTS),
// deduplicated by the job key the caller gives. Its delivery key (the job key,
// else "job:<id>") lets deliverSms answer with the text already sent when the
// job runs again after a crash or is queued again, instead of sending twice.
// The log names the number by its last two digits only.
import type { Task } from "graphile-worker";
import { z } from "zod";
import { deliverSms, maskNumber, SMS_TEXT_MAX } from "~/lib/sms.server";

/** Attempts of one text before graphile-worker gives up (the row stays FAILED with the last error). */
export const SMS_MAX_ATTEMPTS = 5;

export const sendSmsPayload = z.object({
  to: z.string().min(1).max(40),
  text: z.string().min(1).max(SMS_TEXT_MAX),
  relatedType: z.string().max(100).optional(),
  relatedId: z.string().max(200).optional(),
});

export type SendSmsPayload = z.infer<typeof sendSmsPayload>;

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
