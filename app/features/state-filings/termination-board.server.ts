// ADMIN > State Filings > Terminations, what it reads (decision 0118): the terminations by due
// date, overdue first (TO_FILE past its due date, the most overdue first), filtered by state,
// carrier and status, paged as the appointments are (board.server.ts); one termination with its
// for-cause case (the notice, the producer's copy, the documents). The actions are in
// termination-actions.server.ts.
import type { Prisma } from "~/generated/prisma/client";
import { agentName } from "~/features/agents/format";
import { prisma } from "~/lib/db.server";
import { dateOf, dayOf, type Day } from "~/lib/days";
import { stateChoices } from "./board.server";
import { TERMINATION_STATUSES } from "./terminations";
import { TERMINATION_OPEN_WORK, type TerminationFilters, type TerminationStatus } from "./termination-board";
import { isUuid } from "~/lib/uuid";

const dayOrNull = (d: Date | null) => (d ? dayOf(d) : null);

const SELECT = {
  id: true,
  agentId: true,
  npn: true,
  stateCode: true,
  licenceNumber: true,
  reasonCode: true,
  reasonLabel: true,
  forCause: true,
  effectiveDate: true,
  dueDate: true,
  filedDate: true,
  answeredAt: true,
  status: true,
  rejectionReason: true,
  source: true,
  noticeMethod: true,
  noticeSentOn: true,
  producerCopyDueDate: true,
  producerCopySentAt: true,
  stateRule: { select: { stateFee: { select: { stateName: true } } } },
  carrier: { select: { carrierCode: true, name: true } },
  agent: { select: { agentNumber: true, firstName: true, lastName: true, companyName: true, agentType: true } },
} satisfies Prisma.TerminationSelect;

type Row = Prisma.TerminationGetPayload<{ select: typeof SELECT }>;

function view(r: Row) {
  return {
    id: r.id,
    agentId: r.agentId,
    agentNumber: r.agent.agentNumber,
    agentName: agentName(r.agent),
    npn: r.npn,
    stateCode: r.stateCode,
    stateName: r.stateRule.stateFee.stateName,
    licenceNumber: r.licenceNumber,
    carrier: `${r.carrier.name} (${r.carrier.carrierCode})`,
    reasonCode: r.reasonCode,
    reasonLabel: r.reasonLabel,
    forCause: r.forCause,
    effectiveDate: dayOf(r.effectiveDate),
    dueDate: dayOf(r.dueDate),
    filedDate: dayOrNull(r.filedDate),
    answeredAt: r.answeredAt?.toISOString() ?? null,
    status: r.status as TerminationStatus,
    rejectionReason: r.rejectionReason,
    source: r.source,
    noticeMethod: r.noticeMethod as "ELECTRONIC" | "LETTER" | null,
    noticeSentOn: dayOrNull(r.noticeSentOn),
    producerCopyDueDate: dayOrNull(r.producerCopyDueDate),
    producerCopySentAt: r.producerCopySentAt?.toISOString() ?? null,
  };
}
export type TerminationView = ReturnType<typeof view>;
export type CaseDocument = { storedFileId: string; fileName: string; byteSize: number; addedAt: string };
export type TerminationCase = TerminationView & { documents: CaseDocument[] };

function statusesOf(f: TerminationFilters): string[] {
  const statuses: readonly string[] = f.status === "ALL" ? TERMINATION_STATUSES : f.status === "" ? TERMINATION_OPEN_WORK : [f.status];
  return f.overdue ? statuses.filter((s) => s === "TO_FILE") : [...statuses];
}

function whereOf(f: TerminationFilters, today: Day): Prisma.TerminationWhereInput {
  return {
    ...(f.state ? { stateCode: f.state } : {}),
    ...(f.carrier != null ? { carrierId: f.carrier } : {}),
    status: { in: statusesOf(f) },
    ...(f.overdue ? { dueDate: { lt: dateOf(today) } } : {}),
  };
}

/**
 * One page of the terminations matching `f`: the overdue first (TO_FILE, due before `today`), then
 * by due date, state, agent number; one SQL order, so paging never skips or repeats a row.
 */
export async function listTerminations(f: TerminationFilters, today: Day, page: number, pageSize: number) {
  const total = await prisma.termination.count({ where: whereOf(f, today) });
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  const current = Math.min(page, last);
  const params: unknown[] = [today, statusesOf(f)];
  const p = (v: unknown) => (params.push(v), `$${params.length}`);
  const cond = ["t.status = ANY($2::text[])"];
  if (f.state) cond.push(`t.state_code = ${p(f.state)}`);
  if (f.carrier != null) cond.push(`t.carrier_id = ${p(f.carrier)}::int`);
  if (f.overdue) cond.push("t.due_date < $1::date");
  const ids = await prisma.$queryRawUnsafe<Array<{ id: string }>>(
    `SELECT t.id FROM terminations t JOIN agents a ON a.id = t.agent_id
      WHERE ${cond.join(" AND ")}
      ORDER BY (t.status = 'TO_FILE' AND t.due_date < $1::date) DESC, t.due_date ASC, t.state_code, a.agent_number, t.id
      OFFSET ${Number(current * pageSize)} LIMIT ${Number(pageSize)}`,
    ...params,
  );
  const rows = ids.length ? await prisma.termination.findMany({ where: { id: { in: ids.map((r) => r.id) } }, select: SELECT }) : [];
  const byId = new Map(rows.map((r) => [r.id, view(r)]));
  return { rows: ids.map((r) => byId.get(r.id)).filter((r): r is TerminationView => Boolean(r)), totalRecords: total, page: current };
}


/** One termination with its case documents (null: no such termination, or not an id). */
export async function terminationCase(id: string): Promise<TerminationCase | null> {
  if (!isUuid(id)) return null;
  const r = await prisma.termination.findUnique({
    where: { id },
    select: { ...SELECT, documents: { select: { createdAt: true, storedFile: { select: { id: true, fileName: true, byteSize: true } } }, orderBy: { createdAt: "asc" } } },
  });
  if (!r) return null;
  return {
    ...view(r),
    documents: r.documents.map((d) => ({ storedFileId: d.storedFile.id, fileName: d.storedFile.fileName, byteSize: d.storedFile.byteSize, addedAt: d.createdAt.toISOString() })),
  };
}

/** The states and carriers of the filters: every state with a rule, every carrier with a termination. */
export async function terminationFilterChoices() {
  const [states, carriers] = await Promise.all([
    stateChoices(),
    prisma.carrier.findMany({ where: { terminations: { some: {} } }, select: { carrierId: true, carrierCode: true, name: true }, orderBy: { carrierCode: "asc" } }),
  ]);
  return { states, carriers: carriers.map((c) => ({ id: c.carrierId, label: `${c.name} (${c.carrierCode})` })) };
}
