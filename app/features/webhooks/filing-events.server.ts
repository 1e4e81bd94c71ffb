// The state filings' events (issue 37 item 6, decision 0116): appointment.filed, .accepted, .rejected
// and termination.filed, each emitted in the transaction of its status change, whoever makes it (an
// administrator, the state's answer file, a file or http run). The state of a filing or termination
// is read here once, in SQL over $queryRaw only (a Prisma transaction and the import's pg client run
// it alike), and is also what GET /api/v1/filings and /terminations serve (api/read-filings.server.ts).
import { emitEvents, type EventDb } from "./emit.server";
import type { WebhookEventType } from "./events";
import {
  appointmentFilingEventData,
  terminationEventData,
  type AppointmentFilingEventData,
  type FilingEventSource,
  type TerminationEventData,
  type WebhookActor,
} from "./payloads";

type SqlDb = Pick<EventDb, "$queryRaw">;
type FilingState = AppointmentFilingEventData["filing"];
type TerminationState = TerminationEventData["termination"];

/** Ids a statement reads at most (a file run may file a whole period's filings). */
const READ_BATCH = 5_000;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

async function inBatches<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += READ_BATCH) out.push(...(await read(ids.slice(i, i + READ_BATCH))));
  return out;
}

/** Rows in the order of `ids` (ids not found left out). */
const inOrder = <R extends { id: string }>(ids: readonly string[], rows: R[]) => {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

type FilingRow = {
  id: string;
  agent_id: number;
  agent_number: string;
  npn: string;
  state_code: string;
  line_of_authority: string;
  licence_number: string | null;
  carrier_id: number;
  carrier_code: string;
  naic_company_code: string | null;
  status: string;
  held_reason: string | null;
  rejection_reason: string | null;
  fee_amount: string;
  effective_date: string | null;
  first_business_date: string | null;
  due_date: string | null;
  filed_date: string | null;
  answered_at: Date | null;
  batch_id: string | null;
  created_at: Date;
  updated_at: Date;
};

/** The state of each appointment filing (in the order of `ids`). */
export async function appointmentFilingStates(db: SqlDb, ids: readonly string[]): Promise<FilingState[]> {
  const rows = await inBatches(ids, (chunk) =>
    db.$queryRaw<FilingRow[]>`
      SELECT f.id::text AS id, f.agent_id, a.agent_number, f.npn, f.state_code, f.line_of_authority, f.licence_number,
             c.carrier_id, c.carrier_code, c.naic_company_code, f.status, f.held_reason, f.rejection_reason, f.fee_amount::text AS fee_amount,
             f.effective_date::text AS effective_date, f.first_business_date::text AS first_business_date, f.due_date::text AS due_date,
             f.filed_date::text AS filed_date, f.answered_at, f.filing_batch_id::text AS batch_id, f.created_at, f.updated_at
        FROM appointment_filings f JOIN agents a ON a.id = f.agent_id JOIN carriers c ON c.carrier_id = f.carrier_id
       WHERE f.id = ANY(${chunk}::uuid[])`,
  );
  return inOrder(ids, rows).map((r) => ({
    id: r.id,
    agent: { id: r.agent_id, agent_number: r.agent_number },
    npn: r.npn,
    state_code: r.state_code,
    line_of_authority: r.line_of_authority,
    licence_number: r.licence_number,
    carrier: { id: r.carrier_id, code: r.carrier_code, naic_company_code: r.naic_company_code },
    status: r.status,
    held_reason: r.held_reason,
    rejection_reason: r.rejection_reason,
    fee_amount: r.fee_amount,
    effective_date: r.effective_date,
    first_business_date: r.first_business_date,
    due_date: r.due_date,
    filed_date: r.filed_date,
    answered_at: iso(r.answered_at),
    batch_id: r.batch_id,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  }));
}

type TerminationRow = {
  id: string;
  agent_id: number;
  agent_number: string;
  npn: string;
  state_code: string;
  licence_number: string | null;
  carrier_id: number;
  carrier_code: string;
  naic_company_code: string | null;
  reason_code: string;
  reason_label: string;
  for_cause: boolean;
  notice_method: string | null;
  effective_date: string;
  due_date: string;
  status: string;
  rejection_reason: string | null;
  filed_date: string | null;
  answered_at: Date | null;
  batch_id: string | null;
  source: string;
  created_at: Date;
  updated_at: Date;
};

/** The state of each termination (in the order of `ids`). */
export async function terminationFilingStates(db: SqlDb, ids: readonly string[]): Promise<TerminationState[]> {
  const rows = await inBatches(ids, (chunk) =>
    db.$queryRaw<TerminationRow[]>`
      SELECT t.id::text AS id, t.agent_id, a.agent_number, t.npn, t.state_code, t.licence_number,
             c.carrier_id, c.carrier_code, c.naic_company_code, t.reason_code, t.reason_label, t.for_cause, t.notice_method,
             t.effective_date::text AS effective_date, t.due_date::text AS due_date, t.status, t.rejection_reason,
             t.filed_date::text AS filed_date, t.answered_at, t.filing_batch_id::text AS batch_id, t.source, t.created_at, t.updated_at
        FROM terminations t JOIN agents a ON a.id = t.agent_id JOIN carriers c ON c.carrier_id = t.carrier_id
       WHERE t.id = ANY(${chunk}::uuid[])`,
  );
  return inOrder(ids, rows).map((r) => ({
    id: r.id,
    agent: { id: r.agent_id, agent_number: r.agent_number },
    npn: r.npn,
    state_code: r.state_code,
    licence_number: r.licence_number,
    carrier: { id: r.carrier_id, code: r.carrier_code, naic_company_code: r.naic_company_code },
    reason_code: r.reason_code,
    reason_label: r.reason_label,
    for_cause: r.for_cause,
    notice_method: r.notice_method,
    effective_date: r.effective_date,
    due_date: r.due_date,
    status: r.status,
    rejection_reason: r.rejection_reason,
    filed_date: r.filed_date,
    answered_at: iso(r.answered_at),
    batch_id: r.batch_id,
    source: r.source,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
  }));
}

/** The event a filing's new status makes; the other statuses (TO_FILE, HELD, WITHDRAWN) make none. */
export const FILING_EVENT_OF: Partial<Record<string, Extract<WebhookEventType, `appointment.${string}`>>> = {
  FILED: "appointment.filed",
  ACCEPTED: "appointment.accepted",
  REJECTED: "appointment.rejected",
};

/**
 * The events of filings whose status the caller has just changed, in its transaction: one per
 * filing, its type from the status it has now (FILED, ACCEPTED, REJECTED). Returns how many.
 */
export async function emitFilingEvents(db: EventDb, filingIds: readonly string[], how: { actor: WebhookActor; source: FilingEventSource }): Promise<number> {
  if (filingIds.length === 0) return 0;
  const states = await appointmentFilingStates(db, [...new Set(filingIds)]);
  const events = states.flatMap((filing) => {
    const type = FILING_EVENT_OF[filing.status];
    return type ? [{ type, subjectId: filing.id, data: appointmentFilingEventData.parse({ filing, actor: how.actor, source: how.source }) }] : [];
  });
  await emitEvents(db, events);
  return events.length;
}

/**
 * termination.filed for terminations the caller has just marked filed (markTerminationsFiled), in its
 * transaction: one per termination that is with the state (not TO_FILE; an http run's answer at once
 * is in its status). Returns how many.
 */
export async function emitTerminationsFiled(db: EventDb, terminationIds: readonly string[], actor: WebhookActor = { type: "system" }): Promise<number> {
  if (terminationIds.length === 0) return 0;
  const states = await terminationFilingStates(db, [...new Set(terminationIds)]);
  const events = states
    .filter((t) => t.status !== "TO_FILE")
    .map((termination) => ({ type: "termination.filed" as const, subjectId: termination.id, data: terminationEventData.parse({ termination, actor }) }));
  await emitEvents(db, events);
  return events.length;
}
