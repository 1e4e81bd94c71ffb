// ADMIN > State Filings, what it reads (issue 37 item 5, decision 0113): the filings by due date,
// overdue first (not yet with the state and past their due date), filtered by state, carrier and
// status, paged; one filing with what can be done to it; the overdue count of the compliance view;
// and each state's appointment status of one position, for its agent detail page (the caller has
// checked the position is in the viewer's downline). The actions are in actions.server.ts.
import type { Prisma } from "~/generated/prisma/client";
import { dayOf, type Day } from "~/features/licences/status";
import { prisma } from "~/lib/db.server";
import { agentName } from "~/features/agents/format";
import { NOT_YET_FILED, OPEN_WORK, type FilingFilters } from "./board";
import { FILING_STATUSES, type FilingStatus } from "./due";
import { dateOf } from "~/lib/days";
import { feeChargedOn, type FeeCharge, type FeePayer } from "./fees";
import { isUuid } from "~/lib/uuid";

const dayOrNull = (d: Date | null) => (d ? dayOf(d) : null);

function whereOf(f: FilingFilters, today: Day): Prisma.AppointmentFilingWhereInput {
  const statuses: readonly string[] = f.status === "ALL" ? FILING_STATUSES : f.status === "" ? OPEN_WORK : [f.status];
  return {
    ...(f.state ? { stateCode: f.state } : {}),
    ...(f.carrier != null ? { carrierId: f.carrier } : {}),
    status: { in: f.overdue ? statuses.filter((s) => (NOT_YET_FILED as readonly string[]).includes(s)) : [...statuses] },
    ...(f.overdue ? { dueDate: { lt: dateOf(today) } } : {}),
  };
}

const SELECT = {
  id: true,
  agentId: true,
  npn: true,
  stateCode: true,
  lineOfAuthority: true,
  licenceNumber: true,
  effectiveDate: true,
  firstBusinessDate: true,
  dueDate: true,
  filedDate: true,
  feeAmount: true,
  feePaidBy: true,
  feeChargedWhen: true,
  status: true,
  heldReason: true,
  rejectionReason: true,
  withdrawnReason: true,
  stateRule: { select: { appointmentTiming: true, stateFee: { select: { stateName: true } } } },
  carrier: { select: { carrierId: true, carrierCode: true, name: true } },
  agent: { select: { agentNumber: true, firstName: true, lastName: true, companyName: true, agentType: true } },
} satisfies Prisma.AppointmentFilingSelect;

type Row = Prisma.AppointmentFilingGetPayload<{ select: typeof SELECT }>;

export type FilingView = ReturnType<typeof view>;

function view(r: Row) {
  return {
    id: r.id,
    agentId: r.agentId,
    agentNumber: r.agent.agentNumber,
    agentName: agentName(r.agent),
    npn: r.npn,
    stateCode: r.stateCode,
    stateName: r.stateRule.stateFee.stateName,
    justInTime: r.stateRule.appointmentTiming === "JUST_IN_TIME",
    lineOfAuthority: r.lineOfAuthority,
    licenceNumber: r.licenceNumber,
    carrier: `${r.carrier.name} (${r.carrier.carrierCode})`,
    effectiveDate: dayOrNull(r.effectiveDate),
    firstBusinessDate: dayOrNull(r.firstBusinessDate),
    dueDate: dayOrNull(r.dueDate),
    filedDate: dayOrNull(r.filedDate),
    fee: r.feeAmount.toFixed(2),
    feePaidBy: (r.feePaidBy === "CARD" ? "CARD" : "COMMISSIONS") as FeePayer,
    feeChargedWhen: (r.feeChargedWhen === "FILING" ? "FILING" : "FIRST_BUSINESS") as FeeCharge,
    feeChargedOn: feeChargedOn({
      feeChargedWhen: r.feeChargedWhen === "FILING" ? "FILING" : "FIRST_BUSINESS",
      status: r.status as FilingStatus,
      filedDate: dayOrNull(r.filedDate),
      firstBusinessDate: dayOrNull(r.firstBusinessDate),
    }),
    status: r.status as FilingStatus,
    heldReason: r.heldReason,
    rejectionReason: r.rejectionReason,
    withdrawnReason: r.withdrawnReason,
  };
}

/**
 * One page of the filings matching `f`: the overdue first (not yet with the state, due before
 * `today`), then by due date (none last), state, agent number. The order is one SQL expression so
 * paging never skips or repeats a row.
 */
export async function listFilings(f: FilingFilters, today: Day, page: number, pageSize: number) {
  const where = whereOf(f, today);
  const total = await prisma.appointmentFiling.count({ where });
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  const current = Math.min(page, last);
  // Overdue first needs an expression Prisma cannot order by: the ids of the page, in order, by SQL
  // (COALESCE: without a due date the test is NULL, which DESC would put first).
  const ids = await pageIds(where, today, current * pageSize, pageSize);
  const rows = ids.length ? await prisma.appointmentFiling.findMany({ where: { id: { in: ids } }, select: SELECT }) : [];
  const byId = new Map(rows.map((r) => [r.id, view(r)]));
  return { rows: ids.map((id) => byId.get(id)!).filter(Boolean), totalRecords: total, page: current };
}

async function pageIds(where: Prisma.AppointmentFilingWhereInput, today: Day, offset: number, limit: number): Promise<string[]> {
  const params: unknown[] = [today];
  const p = (v: unknown) => (params.push(v), `$${params.length}`);
  const statuses = (where.status as { in: string[] }).in;
  const cond = [`f.status = ANY(${p(statuses)}::text[])`];
  if (where.stateCode) cond.push(`f.state_code = ${p(where.stateCode)}`);
  if (where.carrierId != null) cond.push(`f.carrier_id = ${p(where.carrierId)}::int`);
  if (where.dueDate) cond.push(`f.due_date < $1::date`);
  const rows = await prisma.$queryRawUnsafe<Array<{ id: string }>>(
    `SELECT f.id FROM appointment_filings f JOIN agents a ON a.id = f.agent_id
      WHERE ${cond.join(" AND ")}
      ORDER BY COALESCE(f.status = ANY(${p([...NOT_YET_FILED])}::text[]) AND f.due_date < $1::date, false) DESC,
               f.due_date ASC NULLS LAST, f.state_code, a.agent_number, f.line_of_authority, f.id
      OFFSET ${Number(offset)} LIMIT ${Number(limit)}`,
    ...params,
  );
  return rows.map((r) => r.id);
}


/** One filing, for its actions (null: no such filing, or not an id). */
export async function filingView(id: string): Promise<FilingView | null> {
  if (!isUuid(id)) return null;
  const r = await prisma.appointmentFiling.findUnique({ where: { id }, select: SELECT });
  return r ? view(r) : null;
}

/** Every state with a rule, for the filters of the appointments' and the terminations' lists. */
export async function stateChoices() {
  const states = await prisma.stateRule.findMany({ select: { stateCode: true, stateFee: { select: { stateName: true } } }, orderBy: { stateCode: "asc" } });
  return states.map((s) => ({ code: s.stateCode, name: s.stateFee.stateName }));
}

/** The states and carriers of the filters: every state with a rule, every carrier with a filing. */
export async function filingFilterChoices() {
  const [states, carriers] = await Promise.all([
    stateChoices(),
    prisma.carrier.findMany({ where: { appointmentFilings: { some: {} } }, select: { carrierId: true, carrierCode: true, name: true }, orderBy: { carrierCode: "asc" } }),
  ]);
  return { states, carriers: carriers.map((c) => ({ id: c.carrierId, label: `${c.name} (${c.carrierCode})` })) };
}

/** The filings not yet with the state whose due date has passed (the compliance view's count). */
export function countOverdueFilings(today: Day): Promise<number> {
  return prisma.appointmentFiling.count({ where: { status: { in: [...NOT_YET_FILED] }, dueDate: { lt: dateOf(today) } } });
}

/** Each state's appointment of one position (its agent detail page): state, line, status and its reason, the dates. */
export async function stateAppointmentsOf(agentId: number) {
  const rows = await prisma.appointmentFiling.findMany({
    where: { agentId },
    select: { stateCode: true, lineOfAuthority: true, status: true, heldReason: true, rejectionReason: true, dueDate: true, filedDate: true, effectiveDate: true },
    orderBy: [{ stateCode: "asc" }, { lineOfAuthority: "asc" }],
  });
  return rows.map((r) => ({
    stateCode: r.stateCode,
    lineOfAuthority: r.lineOfAuthority,
    status: r.status as FilingStatus,
    heldReason: r.heldReason,
    rejectionReason: r.rejectionReason,
    dueDate: dayOrNull(r.dueDate),
    filedDate: dayOrNull(r.filedDate),
    effectiveDate: dayOrNull(r.effectiveDate),
  }));
}
export type StateAppointment = Awaited<ReturnType<typeof stateAppointmentsOf>>[number];
