// Events for the webhooks (issue 24 item 3, decision 0074): emitEvent writes the event in the caller's
// transaction, with one delivery row and one deliver-webhook job per enabled endpoint that asked for
// its type, so the event exists exactly when the change that made it commits (and is delivered once
// per endpoint, retried by the job runner). Data names records; never sensitive values (refused).
import type { Prisma } from "~/generated/prisma/client";
import { jobOptions, queueJobs, sensitivePayloadField, type JobDb } from "~/features/jobs/queue.server";
import { subjectTypeOf, type WebhookEventType } from "./events";

export type EventDb = JobDb & Pick<Prisma.TransactionClient, "$queryRaw">;

/** Thrown for data with a sensitive field (by name): nothing is written. */
export class WebhookDataError extends Error {
  override name = "WebhookDataError";
}

/**
 * Writes one event and queues its deliveries. `subjectId`: the application's, agent's or
 * invitation's id (as text). Returns the event id and how many deliveries were queued.
 */
export async function emitEvent(tx: EventDb, type: WebhookEventType, subjectId: string | number, data: Record<string, unknown>): Promise<{ eventId: string; deliveries: number }> {
  const sensitive = sensitivePayloadField(data);
  if (sensitive) throw new WebhookDataError(`${type}: an event never carries sensitive data (field ${sensitive})`);
  const rows = await tx.$queryRaw<Array<{ event_id: string; delivery_id: string | null }>>`
    WITH ev AS (
      INSERT INTO webhook_events (type, subject_type, subject_id, data)
      VALUES (${type}, ${subjectTypeOf(type)}, ${String(subjectId)}, ${JSON.stringify(data)}::jsonb)
      RETURNING id
    ), d AS (
      INSERT INTO webhook_deliveries (endpoint_id, event_id)
      SELECT e.id, ev.id FROM webhook_endpoints e, ev WHERE e.enabled AND ${type} = ANY (e.events)
      RETURNING id
    )
    SELECT ev.id::text AS event_id, d.id::text AS delivery_id FROM ev LEFT JOIN d ON true`;
  const eventId = rows[0]!.event_id;
  const deliveryIds = rows.map((r) => r.delivery_id).filter((id): id is string => id !== null);
  await queueDeliveries(tx, deliveryIds);
  return { eventId, deliveries: deliveryIds.length };
}

/** Queues the deliver-webhook job of each delivery row (also a replay's new row). */
export async function queueDeliveries(tx: JobDb, deliveryIds: readonly string[]): Promise<void> {
  await queueJobs(
    tx,
    "deliver-webhook",
    deliveryIds.map((id) => ({ payload: { deliveryId: id }, opts: jobOptions.webhookDelivery(id) })),
  );
}
