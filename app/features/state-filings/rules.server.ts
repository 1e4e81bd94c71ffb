// The state rules (issue 37 item 1, decision 0108): read for the list and the form, and an
// administrator's edit written in one transaction (the rule, its fees in state_fees, its
// termination reasons, the audit row). Callers have checked manage:state-filings. The later
// filings, terminations and jobs read a state's rule through stateRuleOf.
import type { Prisma } from "~/generated/prisma/client";
import type { CurrentUser } from "~/lib/current-user";
import { auditRow } from "~/lib/audit.server";
import { prisma } from "~/lib/db.server";
import { BLANK_REASON_ROWS, type AppointmentTiming, type StateRuleInput } from "./schema";

type Who = Pick<CurrentUser, "id"> & { impersonator?: { id: string } | null };

const isStateCode = (code: string) => /^[A-Z]{2}$/.test(code);
const money = (d: { toFixed(n: number): string }) => d.toFixed(2);

/** Every state's rule for the table, in the fee catalogue's order. */
export async function listStateRules() {
  const rows = await prisma.stateRule.findMany({
    include: { stateFee: true, _count: { select: { terminationReasons: true } } },
    orderBy: [{ stateFee: { sortOrder: "asc" } }, { stateCode: "asc" }],
  });
  return rows.map((r) => ({
    stateCode: r.stateCode,
    stateName: r.stateFee.stateName,
    appointmentTiming: r.appointmentTiming as AppointmentTiming,
    appointmentDays: r.appointmentDays,
    terminationDays: r.terminationDays,
    terminationForCauseDays: r.terminationForCauseDays,
    backdateMaxDays: r.backdateMaxDays,
    countyAppointments: r.countyAppointments,
    residentFeeAmount: money(r.stateFee.residentFeeAmount),
    nonResidentFeeAmount: money(r.stateFee.nonResidentFeeAmount),
    reasonCount: r._count.terminationReasons,
    editedAt: r.editedAt,
  }));
}

/**
 * One state's rule with its fees and reasons; null for an unknown code (or a jurisdiction without a
 * rule). `db`: a caller's transaction (the approval's filings read the rules in it).
 */
export async function stateRuleOf(code: string, db: Pick<Prisma.TransactionClient, "stateRule"> = prisma) {
  if (!isStateCode(code)) return null;
  const r = await db.stateRule.findUnique({
    where: { stateCode: code },
    include: { stateFee: true, terminationReasons: { orderBy: [{ sortOrder: "asc" }, { id: "asc" }] } },
  });
  if (!r) return null;
  return {
    stateCode: r.stateCode,
    stateName: r.stateFee.stateName,
    appointmentTiming: r.appointmentTiming as AppointmentTiming,
    appointmentDays: r.appointmentDays,
    terminationDays: r.terminationDays,
    terminationForCauseDays: r.terminationForCauseDays,
    producerCopyDays: r.producerCopyDays,
    forCauseElectronic: r.forCauseElectronic,
    backdateMaxDays: r.backdateMaxDays,
    countyAppointments: r.countyAppointments,
    residentFeeAmount: money(r.stateFee.residentFeeAmount),
    nonResidentFeeAmount: money(r.stateFee.nonResidentFeeAmount),
    renewalResidentFeeAmount: money(r.renewalResidentFeeAmount),
    renewalNonResidentFeeAmount: money(r.renewalNonResidentFeeAmount),
    reasons: r.terminationReasons.map((t) => ({ code: t.code, label: t.label, forCause: t.forCause })),
    editedAt: r.editedAt,
  };
}
export type StateRule = NonNullable<Awaited<ReturnType<typeof stateRuleOf>>>;

const on = (b: boolean) => (b ? "on" : undefined);

/** The form's values as a browser would post them (strings, 'on'), with blank rows for new reasons. */
export function stateRuleFormDefaults(r: StateRule) {
  return {
    appointmentTiming: r.appointmentTiming,
    appointmentDays: r.appointmentDays == null ? "" : String(r.appointmentDays),
    terminationDays: String(r.terminationDays),
    terminationForCauseDays: String(r.terminationForCauseDays),
    producerCopyDays: String(r.producerCopyDays),
    forCauseElectronic: on(r.forCauseElectronic),
    backdating: on(r.backdateMaxDays != null),
    backdateMaxDays: r.backdateMaxDays == null ? "" : String(r.backdateMaxDays),
    countyAppointments: on(r.countyAppointments),
    residentFeeAmount: r.residentFeeAmount,
    nonResidentFeeAmount: r.nonResidentFeeAmount,
    renewalResidentFeeAmount: r.renewalResidentFeeAmount,
    renewalNonResidentFeeAmount: r.renewalNonResidentFeeAmount,
    reasons: [...r.reasons.map((t) => ({ code: t.code, label: t.label, forCause: on(t.forCause) })), ...Array.from({ length: BLANK_REASON_ROWS }, () => ({ code: "", label: "" }))],
  };
}

/** What changed, for the audit row: [before, after] per field. */
function changes(before: StateRule, after: StateRuleInput): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  const now: Record<string, unknown> = { ...after, residentFeeAmount: Number(after.residentFeeAmount).toFixed(2), nonResidentFeeAmount: Number(after.nonResidentFeeAmount).toFixed(2), renewalResidentFeeAmount: Number(after.renewalResidentFeeAmount).toFixed(2), renewalNonResidentFeeAmount: Number(after.renewalNonResidentFeeAmount).toFixed(2) };
  for (const [k, v] of Object.entries(now)) {
    const b = (before as Record<string, unknown>)[k];
    if (JSON.stringify(b) !== JSON.stringify(v)) out[k] = [b, v];
  }
  return out;
}

/**
 * An administrator's edit: the rule, the state's fees and its reasons in one transaction with the
 * audit row; edited_at marks the state as the administrator's, so the seed leaves it. False: unknown state.
 */
export async function updateStateRule(who: Who, code: string, input: StateRuleInput, request: Request): Promise<boolean> {
  const before = await stateRuleOf(code);
  if (!before) return false;
  const { reasons, residentFeeAmount, nonResidentFeeAmount, ...rule } = input;
  await prisma.$transaction(async (tx) => {
    await tx.stateFee.update({ where: { stateCode: code }, data: { residentFeeAmount, nonResidentFeeAmount } });
    await tx.stateRule.update({ where: { stateCode: code }, data: { ...rule, editedAt: new Date(), editedById: who.id } });
    await tx.stateTerminationReason.deleteMany({ where: { stateCode: code, code: { notIn: reasons.map((r) => r.code) } } });
    for (const [i, r] of reasons.entries()) {
      const data = { label: r.label, forCause: r.forCause, sortOrder: i + 1 };
      await tx.stateTerminationReason.upsert({ where: { stateCode_code: { stateCode: code, code: r.code } }, create: { stateCode: code, code: r.code, ...data }, update: data });
    }
    const row = auditRow("STATE_RULE_CHANGED", {
      request,
      actorUserId: who.id,
      impersonatorUserId: who.impersonator?.id ?? null,
      targetType: "StateRule",
      targetId: code,
      details: { changes: changes(before, input) },
    });
    await tx.auditLog.create({ data: { ...row, details: JSON.parse(row.details!) as never } });
  });
  return true;
}
