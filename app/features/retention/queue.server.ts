// The retention queue (issue 38 item 3: the officer 'sees the retention and screening queues'):
// what the schedule erases next, by the erasure's own rule (erasureDueSql), who is held out of it,
// and what was erased lately. Read-only; names, numbers of applications and days only.
import { Prisma } from "~/generated/prisma/client";
import { statusText } from "~/features/appointment/status";
import { applicationReference } from "~/features/appointment/model";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { erasureDueSql } from "./erase.server";
import { applicationHeldSql } from "./holds.server";

/** How far ahead the queue looks, and how many rows it lists (the rest are counted). */
export const QUEUE_DAYS = 30;
export const QUEUE_ROWS = 100;

type Row = { appointment_id: number; status: string; name: string | null; due_on: string; held: boolean };
export type QueueRow = { reference: string; status: string; name: string; dueOn: string; held: boolean; overdue: boolean };

export async function retentionQueue(now = new Date()) {
  const e = env();
  const s = { applicantDays: e.RETENTION_APPLICANT_DAYS, agentDays: e.RETENTION_AGENT_DAYS };
  const horizon = new Date(now.getTime() + QUEUE_DAYS * 86_400_000);
  const due = Prisma.sql`${erasureDueSql("a", s)}`;
  const rows = await prisma.$queryRaw<Array<Row & { total: number }>>`
    SELECT a.appointment_id, a.appointment_status_code AS status,
           NULLIF(trim(concat_ws(' ', p.first_name, p.last_name)), '') AS name,
           (${due})::date::text AS due_on, ${applicationHeldSql("a")} AS held, count(*) OVER ()::int AS total
      FROM appointments a LEFT JOIN appointment_personal p ON p.appointment_id = a.appointment_id
     WHERE a.erased_at IS NULL AND ${due} <= ${horizon}
     ORDER BY ${due}, a.appointment_id
     LIMIT ${QUEUE_ROWS}`;
  const [erased] = await prisma.$queryRaw<Array<{ applications: number; agents: number }>>`
    SELECT (SELECT count(*) FROM appointments WHERE erased_at > ${new Date(now.getTime() - QUEUE_DAYS * 86_400_000)})::int AS applications,
           (SELECT count(*) FROM agents WHERE erased_at > ${new Date(now.getTime() - QUEUE_DAYS * 86_400_000)})::int AS agents`;
  const holds = await prisma.legalHold.count({ where: { liftedAt: null } });
  const today = now.toISOString().slice(0, 10);
  return {
    schedule: s,
    total: rows[0]?.total ?? 0,
    rows: rows.map(
      (r): QueueRow => ({ reference: applicationReference(r.appointment_id), status: statusText(r.status), name: r.name ?? "(no name)", dueOn: r.due_on, held: r.held, overdue: r.due_on <= today }),
    ),
    erasedLately: erased ?? { applications: 0, agents: 0 },
    holdsInForce: holds,
  };
}
export type RetentionQueue = Awaited<ReturnType<typeof retentionQueue>>;
