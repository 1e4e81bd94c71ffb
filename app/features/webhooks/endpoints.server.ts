// The administrators' webhook endpoints (issue 24 item 3, decision 0077): register, change, enable
// again, rotate the secret, delete, the deliveries of one endpoint and their replay. Callers have
// checked manage:integrations (the routes' requireCapability). Every change is audited (never the
// secret); the signing secret is returned once, to be shown once, and stored sealed (encryptField).
import type { CurrentUser } from "~/lib/current-user";
import { audit, auditRow } from "~/lib/audit.server";
import { encryptField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { queueDeliveries } from "./emit.server";
import { isWebhookEvent } from "./events";
import type { EndpointInput } from "./schema";
import { WEBHOOK_DELIVERIES_PAGE_SIZE, WEBHOOK_SECRET_OVERLAP_MS } from "./schema";
import { newWebhookSecret } from "./signature.server";
import { webhookUrlProblem } from "./url.server";
import { isUuid } from "~/lib/uuid";

type Who = Pick<CurrentUser, "id"> & { impersonator?: { id: string } | null };
const actor = (who: Who, request: Request) => ({ request, actorUserId: who.id, impersonatorUserId: who.impersonator?.id ?? null });

export type EndpointSaved = { ok: true; id: string; secret?: string } | { ok: false; fieldErrors: Record<string, string[]> } | { ok: false; notFound: true };

/** Every attempt of a delivery is listed (MAX_ATTEMPTS.webhook at most are made); a cap for safety. */
const WEBHOOK_ATTEMPTS_SHOWN = 30;


/** The endpoints for the list: newest first, with their last delivery. */
export async function listEndpoints() {
  const rows = await prisma.webhookEndpoint.findMany({
    orderBy: { createdAt: "desc" },
    take: 200,
    select: {
      id: true,
      url: true,
      description: true,
      events: true,
      enabled: true,
      failingSince: true,
      disabledAt: true,
      disabledReason: true,
      deliveries: { orderBy: { id: "desc" }, take: 1, select: { status: true, responseCode: true, createdAt: true, lastAttemptAt: true } },
    },
  });
  return rows.map(({ deliveries, ...r }) => ({ ...r, events: r.events.filter(isWebhookEvent), lastDelivery: deliveries[0] ?? null }));
}

/** One endpoint with a page of its deliveries (newest first); null when unknown. */
export async function endpointDetail(id: string, page: number, now = new Date()) {
  if (!isUuid(id)) return null;
  const endpoint = await prisma.webhookEndpoint.findUnique({
    where: { id },
    select: { id: true, url: true, description: true, events: true, enabled: true, failingSince: true, disabledAt: true, disabledReason: true, createdAt: true, previousSecretUntil: true },
  });
  if (!endpoint) return null;
  const total = await prisma.webhookDelivery.count({ where: { endpointId: id } });
  const deliveries = await prisma.webhookDelivery.findMany({
    where: { endpointId: id },
    orderBy: { id: "desc" },
    skip: Math.max(0, page) * WEBHOOK_DELIVERIES_PAGE_SIZE,
    take: WEBHOOK_DELIVERIES_PAGE_SIZE,
    select: {
      id: true,
      status: true,
      attempts: true,
      responseCode: true,
      durationMs: true,
      error: true,
      replayOfId: true,
      createdAt: true,
      lastAttemptAt: true,
      deliveredAt: true,
      event: { select: { id: true, type: true, subjectType: true, subjectId: true, occurredAt: true } },
      attemptLog: { orderBy: { id: "asc" }, take: WEBHOOK_ATTEMPTS_SHOWN, select: { attempt: true, startedAt: true, responseCode: true, durationMs: true, error: true, finishedAt: true } },
    },
  });
  const { previousSecretUntil, ...shown } = endpoint;
  return {
    endpoint: { ...shown, events: endpoint.events.filter(isWebhookEvent), previousSecretSignsUntil: previousSecretUntil && previousSecretUntil > now ? previousSecretUntil : null },
    total,
    deliveries: deliveries.map(({ attemptLog, ...d }) => ({ ...d, id: String(d.id), replayOfId: d.replayOfId === null ? null : String(d.replayOfId), event: { ...d.event, id: String(d.event.id) }, attemptList: attemptLog })),
  };
}

async function urlErrors(url: string): Promise<Record<string, string[]> | null> {
  const problem = await webhookUrlProblem(url);
  return problem ? { url: [problem] } : null;
}

/** Registers an endpoint; returns its id and its new signing secret (to be shown once). */
export async function createEndpoint(who: Who, input: EndpointInput, request: Request): Promise<EndpointSaved> {
  const fieldErrors = await urlErrors(input.url);
  if (fieldErrors) return { ok: false, fieldErrors };
  const secret = newWebhookSecret();
  const endpoint = await prisma.webhookEndpoint.create({
    data: { url: input.url, description: input.description, events: [...new Set(input.events)], secretEncrypted: encryptField(secret), createdById: who.id },
    select: { id: true },
  });
  await audit("WEBHOOK_ENDPOINT_CREATED", { ...actor(who, request), targetType: "WebhookEndpoint", targetId: endpoint.id, details: { url: input.url, events: input.events } });
  return { ok: true, id: endpoint.id, secret };
}

/** Changes the address, description and events. */
export async function updateEndpoint(who: Who, id: string, input: EndpointInput, request: Request): Promise<EndpointSaved> {
  if (!isUuid(id) || !(await prisma.webhookEndpoint.findUnique({ where: { id }, select: { id: true } }))) return { ok: false, notFound: true };
  const fieldErrors = await urlErrors(input.url);
  if (fieldErrors) return { ok: false, fieldErrors };
  const changed = await prisma.webhookEndpoint.updateMany({ where: { id }, data: { url: input.url, description: input.description, events: [...new Set(input.events)] } });
  if (changed.count !== 1) return { ok: false, notFound: true };
  await audit("WEBHOOK_ENDPOINT_CHANGED", { ...actor(who, request), targetType: "WebhookEndpoint", targetId: id, details: { url: input.url, events: input.events } });
  return { ok: true, id };
}

/** Enables an endpoint again (its failing clock starts afresh) or disables it by hand. False: unknown. */
export async function setEndpointEnabled(who: Who, id: string, enabled: boolean, request: Request): Promise<boolean> {
  if (!isUuid(id)) return false;
  const changed = await prisma.webhookEndpoint.updateMany({
    where: { id },
    data: enabled ? { enabled: true, failingSince: null, disabledAt: null, disabledReason: null } : { enabled: false, disabledAt: new Date(), disabledReason: "Disabled by an administrator" },
  });
  if (changed.count !== 1) return false;
  await audit(enabled ? "WEBHOOK_ENDPOINT_ENABLED" : "WEBHOOK_ENDPOINT_DISABLED", { ...actor(who, request), targetType: "WebhookEndpoint", targetId: id });
  return true;
}

/**
 * A new signing secret; the one it replaces keeps signing beside it until `previousUntil`
 * (WEBHOOK_SECRET_OVERLAP_MS, decision 0082), sealed like it. A secret replaced during an
 * overlap stops at once (only one previous secret is kept). Null when unknown.
 */
export async function rotateEndpointSecret(who: Who, id: string, request: Request, now = new Date()): Promise<{ secret: string; previousUntil: Date } | null> {
  if (!isUuid(id)) return null;
  const secret = newWebhookSecret();
  const previousUntil = new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS);
  // One statement: the current secret becomes the previous one as it is replaced (no lost rotation).
  const changed = await prisma.$executeRaw`
    UPDATE webhook_endpoints
    SET previous_secret_encrypted = secret_encrypted, previous_secret_until = ${previousUntil}, secret_encrypted = ${encryptField(secret)}, updated_at = now()
    WHERE id = ${id}::uuid`;
  if (changed !== 1) return null;
  await audit("WEBHOOK_SECRET_ROTATED", { ...actor(who, request), targetType: "WebhookEndpoint", targetId: id, details: { previousSignsUntil: previousUntil.toISOString() } });
  return { secret, previousUntil };
}

/** Deletes an endpoint with its deliveries (their jobs find nothing and end). False: unknown. */
export async function deleteEndpoint(who: Who, id: string, request: Request): Promise<boolean> {
  if (!isUuid(id)) return false;
  const gone = await prisma.webhookEndpoint.deleteMany({ where: { id } });
  if (gone.count !== 1) return false;
  await audit("WEBHOOK_ENDPOINT_DELETED", { ...actor(who, request), targetType: "WebhookEndpoint", targetId: id });
  return true;
}

/**
 * Sends a delivery's event again: a NEW delivery row (replayOfId) queued in the same transaction,
 * with the audit row. The message id stays the event's, so a receiver that has it can ignore it.
 * Refused for an unknown delivery, one of another endpoint, or while the endpoint is disabled
 * (enable it first: a delivery to a disabled endpoint is not sent).
 */
export async function replayDelivery(
  who: Who,
  endpointId: string,
  deliveryId: string,
  request: Request,
): Promise<{ ok: true; deliveryId: string } | { ok: false; reason: "NOT_FOUND" | "DISABLED" }> {
  if (!isUuid(endpointId) || !/^\d{1,18}$/.test(deliveryId)) return { ok: false, reason: "NOT_FOUND" };
  return prisma.$transaction(async (tx) => {
    const original = await tx.webhookDelivery.findFirst({ where: { id: BigInt(deliveryId), endpointId }, select: { id: true, eventId: true, endpoint: { select: { enabled: true } } } });
    if (!original) return { ok: false, reason: "NOT_FOUND" } as const;
    if (!original.endpoint.enabled) return { ok: false, reason: "DISABLED" } as const;
    const replay = await tx.webhookDelivery.create({ data: { endpointId, eventId: original.eventId, replayOfId: original.id, createdById: who.id }, select: { id: true } });
    await queueDeliveries(tx, [String(replay.id)]);
    const row = auditRow("WEBHOOK_REPLAYED", { ...actor(who, request), targetType: "WebhookDelivery", targetId: String(replay.id), details: { endpointId, replayOf: deliveryId, eventId: String(original.eventId) } });
    await tx.auditLog.create({ data: { ...row, details: JSON.parse(row.details!) as never } });
    return { ok: true, deliveryId: String(replay.id) } as const;
  });
}

