// Appointment filings (issue 37 item 2, decision 0109): what the portal must file with each state
// after an approval, one row per agent position, state and line of authority (unique: creating
// again creates nothing). Written here only; the filing adapters, jobs and screens (items 4 to 6)
// read and advance them.
//  - createFilingsForApproval: in the approval's transaction (approve.server.ts), so an approval
//    and its filings are there together or not at all;
//  - filingsForStateAdded: a state the position is appointed in after its approval;
//  - recordFirstBusiness: an administrator's 'first business' in a state, which dates the
//    just-in-time filings (audited);
//  - holdLapsedFilings: the daily job's pass, holding an unfiled request whose licence is no good
//    on the day (licenceProblem, the licence rules' one place) and releasing it when it is again.
// Due dates: due.ts (appointmentDueDate), from the state's rule (stateRuleOf).
import type { Prisma } from "~/generated/prisma/client";
import { stateFeeAmount } from "~/features/appointment/derive";
import { asDay, dayOf, isLineOfAuthority, licenceProblem, type Day, type LicenceFacts } from "~/features/licences/status";
import { auditRow } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { npnKey } from "~/lib/npn";
import { addDays, appointmentDueDate, filingLines, OPEN_FILING_STATUSES } from "./due";
import { stateRuleOf, type StateRule } from "./rules.server";
import { dateOf } from "~/lib/days";
import { feeChargedWhen, type FeePayer } from "./fees";
import { feePaidByOfApplication, feePaidByOfPosition } from "./fees.server";

type Db = Prisma.TransactionClient;
/** Who records a first business: an administrator, or an API token (its creator stands as the actor). */
type Recorder = { id: CurrentUser["id"] | null; impersonator?: { id: string } | null };

/** A calendar day as a DATE column takes it. */

type Licence = LicenceFacts & { licenceNumber: string | null };

/** The position as a filing reads it: its NPN, resident state (for the fee), carrier and product line. */
async function positionOf(db: Db, agentId: number) {
  const a = await db.agent.findUnique({
    where: { id: agentId },
    select: { id: true, npn: true, residentLicenseState: true, block: { select: { carrierId: true, productType: { select: { lineOfAuthority: true } } } } },
  });
  if (!a) return null;
  const line = a.block.productType.lineOfAuthority;
  return { id: a.id, npn: npnKey(a.npn), residentState: a.residentLicenseState, carrierId: a.block.carrierId, productLine: isLineOfAuthority(line) ? line : null };
}
type Position = NonNullable<Awaited<ReturnType<typeof positionOf>>>;

async function licencesOf(db: Db, npn: string): Promise<Licence[]> {
  const rows = await db.producerLicence.findMany({ where: { npn } });
  return rows.map((l) => ({
    id: l.id,
    stateCode: l.stateCode,
    status: l.status,
    effectiveDate: asDay(l.effectiveDate),
    expiryDate: asDay(l.expiryDate),
    loaLife: l.loaLife,
    loaAccidentHealth: l.loaAccidentHealth,
    loaVariable: l.loaVariable,
    source: l.source,
    licenceNumber: l.licenceNumber,
  }));
}

export type FilingsCreated = {
  /** Rows written now (0 when they were all there already). */
  created: number;
  /** States asked for without a rule (AA, a foreign jurisdiction...): nothing is filed there. */
  withoutRule: string[];
  /** States where nothing tells which line to file: no licence, and a product that names no line. */
  withoutLine: string[];
  /** The position has no well-formed NPN: nothing can be filed. */
  noNpn: boolean;
};

/**
 * The filings of one position in `states`, dated from `contractDay` (the approval's, or the day a
 * state was added): one per line of authority (filingLines), HELD with the licence's reason when
 * the state's licence does not cover the line on `today`, else TO_FILE. Existing rows stay as they are.
 */
async function createFor(
  db: Db,
  p: Position,
  states: readonly string[],
  ctx: { contractDay: Day; today: Day; appointmentId: number | null; actorId: string | null; feePaidBy: FeePayer },
): Promise<FilingsCreated> {
  const out: FilingsCreated = { created: 0, withoutRule: [], withoutLine: [], noNpn: false };
  if (!p.npn) return { ...out, noNpn: true };
  const licences = await licencesOf(db, p.npn);
  const data: Prisma.AppointmentFilingCreateManyInput[] = [];
  for (const stateCode of [...new Set(states)].sort()) {
    const rule = await stateRuleOf(stateCode, db);
    if (!rule) {
      out.withoutRule.push(stateCode);
      continue;
    }
    const licence = licences.find((l) => l.stateCode === stateCode);
    const lines = filingLines(p.productLine, licence);
    if (lines.length === 0) out.withoutLine.push(stateCode);
    for (const line of lines) {
      const problem = licenceProblem(licences, stateCode, line, ctx.today);
      const due = appointmentDueDate(rule, ctx.contractDay, null);
      data.push({
        agentId: p.id,
        appointmentId: ctx.appointmentId,
        npn: p.npn,
        stateCode,
        lineOfAuthority: line,
        licenceNumber: licence?.licenceNumber ?? null,
        carrierId: p.carrierId,
        // Just in time: the appointment takes effect with the first business (recordFirstBusiness).
        effectiveDate: rule.appointmentTiming === "JUST_IN_TIME" ? null : dateOf(ctx.contractDay),
        dueDate: due ? dateOf(due) : null,
        feeAmount: feeOf(rule, p.residentState),
        // Decided now, once (decision 0117): a later change of the state's rule or of the card leaves it.
        feePaidBy: ctx.feePaidBy,
        feeChargedWhen: feeChargedWhen(rule.appointmentTiming),
        status: problem ? "HELD" : "TO_FILE",
        heldReason: problem?.code ?? null,
        createdById: ctx.actorId,
      });
    }
  }
  if (data.length) out.created = (await db.appointmentFiling.createMany({ data, skipDuplicates: true })).count;
  return out;
}

/** The state's appointment fee as the application's fee list reads it (resident or non-resident). */
function feeOf(rule: StateRule, residentState: string | null): string {
  return stateFeeAmount({ stateCode: rule.stateCode, residentFeeAmount: rule.residentFeeAmount, nonResidentFeeAmount: rule.nonResidentFeeAmount }, residentState).toFixed(2);
}

/**
 * The filings of an approval, in its transaction: for each of its positions (new or already held),
 * every state the application asks for. Approving again, or a second application onto a position
 * that has them, adds nothing (unique on position, state and line).
 */
export async function createFilingsForApproval(tx: Db, appointmentId: number, agentIds: readonly number[], ctx: { now: Date; actorId: string }): Promise<FilingsCreated> {
  const states = (await tx.appointmentState.findMany({ where: { appointmentId }, select: { stateCode: true } })).map((s) => s.stateCode);
  const day = dayOf(ctx.now);
  // Before the approval erases the card (approve.server.ts): the card block as the applicant filled it.
  const feePaidBy = await feePaidByOfApplication(tx, appointmentId);
  const total: FilingsCreated = { created: 0, withoutRule: [], withoutLine: [], noNpn: false };
  for (const agentId of [...new Set(agentIds)]) {
    const p = await positionOf(tx, agentId);
    if (!p) continue;
    const r = await createFor(tx, p, states, { contractDay: day, today: day, appointmentId, actorId: ctx.actorId, feePaidBy });
    total.created += r.created;
    total.withoutRule = [...new Set([...total.withoutRule, ...r.withoutRule])];
    total.withoutLine = [...new Set([...total.withoutLine, ...r.withoutLine])];
    total.noNpn ||= r.noNpn;
  }
  return total;
}

/**
 * A state a position is appointed in after its approval: its filings, dated from `now` (the
 * contract in that state), in the caller's transaction (add-state.server.ts). Null: no such position.
 */
export async function filingsForStateAdded(agentId: number, stateCode: string, ctx: { now: Date; actorId: string | null }, db: Db = prisma): Promise<FilingsCreated | null> {
  const p = await positionOf(db, agentId);
  if (!p) return null;
  const day = dayOf(ctx.now);
  const feePaidBy = await feePaidByOfPosition(db, agentId);
  return createFor(db, p, [stateCode.trim().toUpperCase()], { contractDay: day, today: day, appointmentId: null, actorId: ctx.actorId, feePaidBy });
}

export type FirstBusinessResult =
  | { ok: true; recorded: number; dated: number }
  /** NOTHING_TO_RECORD: no filing of the position in the state, or its first business is recorded already; INVALID_DATE: not a day, or after today. */
  | { ok: false; code: "NOTHING_TO_RECORD" | "INVALID_DATE" };

/**
 * An administrator (the caller has checked manage:state-filings) or the API (write:filings,
 * POST /api/v1/agents/{agent_number}/first-business) records the position's first business in a state. Every filing of the position there without one gets the day; a
 * just-in-time filing also gets its effective date (the day) and its due date (the day + N).
 * Once only: a first business recorded stays. Audited (FIRST_BUSINESS_RECORDED) with the change.
 */
export async function recordFirstBusiness(
  agentId: number,
  stateCode: string,
  date: Day,
  actor: Recorder,
  opts: { request?: Request; now?: Date; apiTokenId?: string } = {},
): Promise<FirstBusinessResult> {
  const today = dayOf(opts.now ?? new Date());
  let day: Day | null;
  try {
    day = asDay(date);
  } catch {
    day = null;
  }
  // A real calendar day (not 30 February), not after today.
  if (!day || Number.isNaN(Date.parse(day)) || addDays(day, 0) !== day || day > today) return { ok: false, code: "INVALID_DATE" };
  const code = stateCode.trim().toUpperCase();
  const rule = await stateRuleOf(code);
  if (!rule) return { ok: false, code: "NOTHING_TO_RECORD" };
  const firstBusiness = dateOf(day);
  return prisma.$transaction(async (tx) => {
    const where = { agentId, stateCode: code, firstBusinessDate: null };
    let dated = 0;
    if (rule.appointmentTiming === "JUST_IN_TIME") {
      const due = appointmentDueDate(rule, day, day)!;
      dated = (await tx.appointmentFiling.updateMany({ where, data: { firstBusinessDate: firstBusiness, effectiveDate: firstBusiness, dueDate: dateOf(due) } })).count;
    }
    const recorded = dated + (await tx.appointmentFiling.updateMany({ where, data: { firstBusinessDate: firstBusiness } })).count;
    if (recorded === 0) return { ok: false as const, code: "NOTHING_TO_RECORD" as const };
    const row = auditRow("FIRST_BUSINESS_RECORDED", {
      request: opts.request,
      actorUserId: actor.id,
      impersonatorUserId: actor.impersonator?.id ?? null,
      targetType: "Agent",
      targetId: String(agentId),
      details: { stateCode: code, firstBusinessDate: day, timing: rule.appointmentTiming, filings: recorded, dated, ...(opts.apiTokenId ? { apiTokenId: opts.apiTokenId } : {}) },
    });
    await tx.auditLog.create({ data: { ...row, details: JSON.parse(row.details!) as never } });
    return { ok: true as const, recorded, dated };
  });
}

type OpenRow = {
  id: string;
  state_code: string;
  line_of_authority: string;
  status: string;
  held_reason: string | null;
  licence_number: string | null;
  licence: { id: string; status: string; effective_date: string | null; expiry_date: string | null; loa_life: boolean; loa_accident_health: boolean; loa_variable: boolean; source: string; licence_number: string | null } | null;
};

const PAGE = 2000;

/**
 * The daily pass over the filings not yet with the state (TO_FILE, HELD) on `today`: one whose
 * licence is no good for its state and line (licenceProblem: missing, inactive, not yet in effect,
 * expired, without the line, to confirm) is HELD with that reason; a HELD one whose licence is good
 * again goes back to TO_FILE with the licence's number. Each change is guarded by the status it was
 * read with, so a filing the filing job took meanwhile is left alone. Run twice, changes nothing more.
 */
export async function holdLapsedFilings(today: Day, db: Db = prisma): Promise<{ held: number; released: number }> {
  let held = 0;
  let released = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await db.$queryRawUnsafe<OpenRow[]>(
      `SELECT f.id, f.state_code, f.line_of_authority, f.status, f.held_reason, f.licence_number,
              CASE WHEN l.id IS NULL THEN NULL ELSE json_build_object(
                'id', l.id, 'status', l.status, 'effective_date', l.effective_date::text, 'expiry_date', l.expiry_date::text,
                'loa_life', l.loa_life, 'loa_accident_health', l.loa_accident_health, 'loa_variable', l.loa_variable,
                'source', l.source, 'licence_number', l.licence_number) END AS licence
         FROM appointment_filings f
         LEFT JOIN producer_licences l ON l.npn = f.npn AND l.state_code = f.state_code
        WHERE f.status = ANY($1::text[]) AND f.id > $2::uuid
        ORDER BY f.id LIMIT ${PAGE}`,
      [...OPEN_FILING_STATUSES],
      after,
    );
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    // Holds grouped by (from status, from reason, to reason): one statement per group.
    const holds = new Map<string, { ids: string[]; status: string; from: string | null; reason: string }>();
    for (const r of rows) {
      if (!isLineOfAuthority(r.line_of_authority)) continue;
      const l = r.licence;
      const facts: LicenceFacts[] = l
        ? [{ id: l.id, stateCode: r.state_code, status: l.status, effectiveDate: l.effective_date, expiryDate: l.expiry_date, loaLife: l.loa_life, loaAccidentHealth: l.loa_accident_health, loaVariable: l.loa_variable, source: l.source }]
        : [];
      const problem = licenceProblem(facts, r.state_code, r.line_of_authority, today);
      if (problem && (r.status !== "HELD" || r.held_reason !== problem.code)) {
        const k = `${r.status}:${r.held_reason ?? ""}:${problem.code}`;
        const g = holds.get(k) ?? { ids: [], status: r.status, from: r.held_reason, reason: problem.code };
        g.ids.push(r.id);
        holds.set(k, g);
      } else if (!problem && r.status === "HELD") {
        const n = await db.appointmentFiling.updateMany({
          where: { id: r.id, status: "HELD", heldReason: r.held_reason },
          data: { status: "TO_FILE", heldReason: null, licenceNumber: l?.licence_number ?? r.licence_number },
        });
        released += n.count;
      }
    }
    for (const g of holds.values()) {
      const n = await db.appointmentFiling.updateMany({ where: { id: { in: g.ids }, status: g.status, heldReason: g.from }, data: { status: "HELD", heldReason: g.reason } });
      held += n.count;
    }
    if (rows.length < PAGE) break;
  }
  return { held, released };
}
