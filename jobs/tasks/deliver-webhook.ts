// One webhook delivery (queued by emitEvent or a replay, keyed webhook-delivery:<deliveryId>):
// app/features/webhooks/deliver.server.ts posts the signed event and records the attempt.
import type { Task } from "graphile-worker";
import { deliverWebhookPayload } from "~/features/jobs/queue.server";
import { deliverWebhook } from "~/features/webhooks/deliver.server";

export const deliverWebhookTask: Task = async (payload, helpers) => {
  const { deliveryId } = deliverWebhookPayload.parse(payload);
  const outcome = await deliverWebhook(deliveryId, { attempt: helpers.job.attempts, maxAttempts: helpers.job.max_attempts });
  helpers.logger.info(`deliver-webhook ${deliveryId}: ${outcome}`);
};
