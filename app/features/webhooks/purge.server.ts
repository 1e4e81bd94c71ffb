// Housekeeping of the webhooks (decisions 0077, 0082), in the hourly purge-expired task: events (with
// their deliveries) older than WEBHOOK_RETENTION_DAYS whose deliveries are all settled (none PENDING)
// and none made within that time (a recent replay keeps its event). A delivery's retries end after
// about 28 hours, so 30 days leaves the screen a month of history for replays and questions. And
// the previous signing secrets whose rotation overlap has ended.
import { prisma } from "~/lib/db.server";

export const WEBHOOK_RETENTION_DAYS = 30;

/** Deletes the settled events older than the retention (their deliveries cascade). Returns how many. */
export async function purgeOldWebhookEvents(now = new Date(), days = WEBHOOK_RETENTION_DAYS): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  return prisma.$executeRaw`
    DELETE FROM webhook_events e
    WHERE e.occurred_at < ${before}
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND (d.status = 'PENDING' OR d.created_at >= ${before}))`;
}

/** Removes the previous signing secrets whose overlap has ended (delivery ignores them already). Returns how many. */
export async function clearEndedWebhookSecretOverlaps(now = new Date()): Promise<number> {
  const cleared = await prisma.webhookEndpoint.updateMany({ where: { previousSecretUntil: { lte: now } }, data: { previousSecretEncrypted: null, previousSecretUntil: null } });
  return cleared.count;
}
