// Events for the webhooks (issue 24 item 3, decision 0074): emitEvent writes the event in the caller's
// transaction, with one delivery row and one deliver-webhook job per enabled endpoint that asked for
// its type, so the event exists exactly when the change that made it commits (and is delivered once
// per endpoint, retried by the job runner). Data names records; never sensitive values (refused).
import type pg from "pg";
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
  const r = await emitEvents(tx, [{ type, subjectId, data }]);
  return { eventId: r.eventIds[0]!, deliveries: r.deliveries };
}

export type NewEvent = { type: WebhookEventType; subjectId: string | number; data: Record<string, unknown> };

/** Rows per statement of emitEvents (an import's first load may emit hundreds of thousands). */
const EMIT_BATCH = 5_000;

/**
 * emitEvent for many events at once (a batch of abandoned applications, the hierarchy import): the
 * same semantics, one INSERT per EMIT_BATCH events instead of one per event. The events get their
 * ids in the order given. Nothing is written when any event's data has a sensitive field.
 */
export async function emitEvents(tx: EventDb, events: readonly NewEvent[]): Promise<{ eventIds: string[]; deliveries: number }> {
  for (const e of events) {
    const sensitive = sensitivePayloadField(e.data);
    if (sensitive) throw new WebhookDataError(`${e.type}: an event never carries sensitive data (field ${sensitive})`);
  }
  const eventIds: string[] = [];
  let deliveries = 0;
  for (let i = 0; i < events.length; i += EMIT_BATCH) {
    const batch = events.slice(i, i + EMIT_BATCH);
    // One JSON text per batch (JSON.stringify is native; a driver's escaping of text arrays element
    // by element costs more CPU: the import's lesson, decision 0032).
    const json = JSON.stringify(batch.map((e) => ({ t: e.type, s: subjectTypeOf(e.type), id: String(e.subjectId), d: e.data })));
    const rows = await tx.$queryRaw<Array<{ event_id: string; delivery_id: string | null }>>`
      WITH ev AS (
        INSERT INTO webhook_events (type, subject_type, subject_id, data)
        SELECT x.e->>'t', x.e->>'s', x.e->>'id', x.e->'d'
          FROM jsonb_array_elements(${json}::jsonb) WITH ORDINALITY AS x(e, i)
         ORDER BY x.i
        RETURNING id, type
      ), d AS (
        INSERT INTO webhook_deliveries (endpoint_id, event_id)
        SELECT e.id, ev.id FROM webhook_endpoints e JOIN ev ON e.enabled AND ev.type = ANY (e.events)
         ORDER BY ev.id, e.id
        RETURNING id, event_id
      )
      SELECT ev.id::text AS event_id, d.id::text AS delivery_id FROM ev LEFT JOIN d ON d.event_id = ev.id ORDER BY ev.id, d.id`;
    const deliveryIds: string[] = [];
    for (const r of rows) {
      if (eventIds[eventIds.length - 1] !== r.event_id) eventIds.push(r.event_id);
      if (r.delivery_id !== null) deliveryIds.push(r.delivery_id);
    }
    await queueDeliveries(tx, deliveryIds);
    deliveries += deliveryIds.length;
  }
  return { eventIds, deliveries };
}

/** Queues the deliver-webhook job of each delivery row (also a replay's new row). */
export async function queueDeliveries(tx: JobDb, deliveryIds: readonly string[]): Promise<void> {
  await queueJobs(
    tx,
    "deliver-webhook",
    deliveryIds.map((id) => ({ payload: { deliveryId: id }, opts: jobOptions.webhookDelivery(id) })),
  );
}

/**
 * A node-postgres client (the hierarchy import's own connection, inside its transaction) as an
 * EventDb: the tagged template becomes a parameterised query ($1, $2, …).
 */
export function pgEventDb(client: Pick<pg.ClientBase, "query">): EventDb {
  const $queryRaw = async (strings: TemplateStringsArray, ...values: unknown[]) =>
    (await client.query(strings.reduce((text, s, i) => `${text}$${i}${s}`), values)).rows;
  return { $queryRaw } as unknown as EventDb;
}
