// The standing of agent positions (issue 23, decision 0068): goodOrder() of status.ts over what the
// database holds, stored in agent_compliance. Called in the same transaction as every change of a
// licence or credential (records.server.ts: the agents of that NPN) and by the daily monitoring job
// over every agent in batches of ids. Inactive positions and marketing directors (no licence
// fields, spec part 3) are not evaluated: their row is removed.
import type { Prisma } from "~/generated/prisma/client";
import { isDirectorUpline } from "~/features/agents/format";
import { auditRow } from "~/lib/audit.server";
import { asDay, goodOrder, isLineOfAuthority, type CredentialFacts, type Day, type LicenceFacts, type Standing, type StandingResult } from "./status";

type Db = Pick<Prisma.TransactionClient, "$queryRawUnsafe" | "$executeRawUnsafe">;

export type StandingChange = {
  agentId: number;
  npn: string | null;
  before: Standing | null;
  after: StandingResult;
  /** What the evaluation read (the monitoring job's notices read it too: noticesDue). */
  facts: { appointedStates: string[]; licences: LicenceFacts[]; credentials: CredentialFacts[] };
};

type AgentRow = { id: number; npn: string | null; direct_upline: string | null; is_active: boolean; line: string | null; states: string[] };

const AGENTS_SQL = `
  SELECT a.id, a.npn, a.direct_upline, a.is_active, pt.line_of_authority AS line,
         COALESCE((SELECT array_agg(s.state_code ORDER BY s.state_code) FROM agent_licensed_states s WHERE s.agent_id = a.id), '{}') AS states
    FROM agents a
    JOIN blocks b ON b.block_number = a.block_number
    JOIN product_types pt ON pt.product_type_id = b.product_type_id
   WHERE a.id = ANY($1::int[])`;

type LicenceRow = {
  id: string;
  npn: string;
  state_code: string;
  status: string;
  effective_date: string | null;
  expiry_date: string | null;
  loa_life: boolean;
  loa_accident_health: boolean;
  loa_variable: boolean;
  source: string;
};
type CredentialRow = { id: string; npn: string; kind: string; expiry_date: string | null; carrier_id: number | null; source: string };

/** The licences and credentials of some NPNs, as the rules read them, by NPN. */
export async function factsByNpn(db: Pick<Db, "$queryRawUnsafe">, npns: readonly string[]) {
  const licences = new Map<string, LicenceFacts[]>();
  const credentials = new Map<string, CredentialFacts[]>();
  if (npns.length === 0) return { licences, credentials };
  const [ls, cs] = await Promise.all([
    db.$queryRawUnsafe<LicenceRow[]>(
      `SELECT id, npn, state_code, status, effective_date::text, expiry_date::text, loa_life, loa_accident_health, loa_variable, source
         FROM producer_licences WHERE npn = ANY($1::text[])`,
      npns,
    ),
    db.$queryRawUnsafe<CredentialRow[]>(`SELECT id, npn, kind, expiry_date::text, carrier_id, source FROM producer_credentials WHERE npn = ANY($1::text[])`, npns),
  ]);
  for (const l of ls) {
    const list = licences.get(l.npn) ?? [];
    list.push({
      id: l.id,
      stateCode: l.state_code,
      status: l.status,
      effectiveDate: l.effective_date,
      expiryDate: l.expiry_date,
      loaLife: l.loa_life,
      loaAccidentHealth: l.loa_accident_health,
      loaVariable: l.loa_variable,
      source: l.source,
    });
    licences.set(l.npn, list);
  }
  for (const c of cs) {
    const list = credentials.get(c.npn) ?? [];
    list.push({ id: c.id, kind: c.kind, expiryDate: c.expiry_date, carrierId: c.carrier_id, source: c.source });
    credentials.set(c.npn, list);
  }
  return { licences, credentials };
}

/** Inactive positions and marketing directors (no licence fields, spec part 3) are not evaluated. */
const isEvaluated = (a: AgentRow) => a.is_active && !isDirectorUpline(a.direct_upline);

/** The evaluated positions among `agentIds` as the rules read them (npn trimmed; null: none). */
export async function evaluatedAgents(db: Pick<Db, "$queryRawUnsafe">, agentIds: readonly number[]) {
  if (agentIds.length === 0) return [];
  const rows = await db.$queryRawUnsafe<AgentRow[]>(AGENTS_SQL, [...new Set(agentIds)]);
  return rows.filter(isEvaluated).map((a) => ({ id: a.id, npn: a.npn?.trim() || null, appointedStates: a.states, line: isLineOfAuthority(a.line) ? a.line : null }));
}

/** The ids of the agent positions that hold an NPN. */
export async function agentIdsOfNpn(db: Pick<Db, "$queryRawUnsafe">, npn: string): Promise<number[]> {
  const rows = await db.$queryRawUnsafe<Array<{ id: number }>>(`SELECT id FROM agents WHERE npn = $1`, npn);
  return rows.map((r) => r.id);
}

/**
 * Evaluates agent positions `agentIds` on `today` and stores their standing. Returns every
 * evaluated position with its standing before (null: not evaluated before) and after. A change
 * of standing is audited (AGENT_STANDING_CHANGED, actor `actorUserId`; null: the monitoring job),
 * as is a first evaluation that finds the position not in good order.
 */
export async function refreshStanding(db: Db, agentIds: readonly number[], today: Day, actorUserId: string | null = null): Promise<StandingChange[]> {
  const ids = [...new Set(agentIds)];
  if (ids.length === 0) return [];
  const agents = await db.$queryRawUnsafe<AgentRow[]>(AGENTS_SQL, ids);
  const evaluated = agents.filter(isEvaluated);
  const skipped = agents.filter((a) => !evaluated.includes(a)).map((a) => a.id);
  if (skipped.length) await db.$executeRawUnsafe(`DELETE FROM agent_compliance WHERE agent_id = ANY($1::int[])`, skipped);
  if (evaluated.length === 0) return [];

  const npns = [...new Set(evaluated.map((a) => a.npn?.trim()).filter((v): v is string => Boolean(v)))];
  const { licences, credentials } = await factsByNpn(db, npns);
  const before = new Map(
    (
      await db.$queryRawUnsafe<Array<{ agent_id: number; standing: Standing }>>(
        `SELECT agent_id, standing FROM agent_compliance WHERE agent_id = ANY($1::int[]) FOR UPDATE`,
        evaluated.map((a) => a.id),
      )
    ).map((r) => [r.agent_id, r.standing]),
  );

  const changes: StandingChange[] = evaluated.map((a) => {
    const npn = a.npn?.trim() || null;
    const facts = { appointedStates: a.states, licences: npn ? (licences.get(npn) ?? []) : [], credentials: npn ? (credentials.get(npn) ?? []) : [] };
    const after = goodOrder({ npn, appointedStates: a.states, line: isLineOfAuthority(a.line) ? a.line : null }, facts.licences, facts.credentials, today);
    return { agentId: a.id, npn, before: before.get(a.id) ?? null, after, facts };
  });

  await db.$executeRawUnsafe(
    `INSERT INTO agent_compliance (agent_id, standing, reasons, next_expiry, checked_on, standing_since)
     SELECT t.agent_id, t.standing, t.reasons, t.next_expiry, $5::date, now()
       FROM unnest($1::int[], $2::text[], $3::jsonb[], $4::date[]) AS t(agent_id, standing, reasons, next_expiry)
     ON CONFLICT (agent_id) DO UPDATE
        SET standing = EXCLUDED.standing, reasons = EXCLUDED.reasons, next_expiry = EXCLUDED.next_expiry, checked_on = EXCLUDED.checked_on,
            standing_since = CASE WHEN agent_compliance.standing = EXCLUDED.standing THEN agent_compliance.standing_since ELSE now() END`,
    changes.map((c) => c.agentId),
    changes.map((c) => c.after.standing),
    changes.map((c) => JSON.stringify(c.after.reasons)),
    changes.map((c) => c.after.nextExpiry),
    today,
  );

  const audited = changes.filter((c) => c.after.standing !== c.before && (c.before !== null || c.after.standing === "NOT_IN_GOOD_ORDER"));
  if (audited.length) {
    // One INSERT for the batch (the monitoring job audits thousands at once; createMany took ~3x as long).
    const rows = audited.map((c) =>
      auditRow("AGENT_STANDING_CHANGED", {
        actorUserId,
        targetType: "Agent",
        targetId: String(c.agentId),
        details: { npn: c.npn, from: c.before, to: c.after.standing, reasons: c.after.reasons },
      }),
    );
    await db.$executeRawUnsafe(
      `INSERT INTO audit_log (action, actor_user_id, target_type, target_id, details)
       SELECT 'AGENT_STANDING_CHANGED', $1::uuid, 'Agent', t.target_id, t.details FROM unnest($2::text[], $3::jsonb[]) AS t(target_id, details)`,
      actorUserId,
      rows.map((r) => r.targetId),
      rows.map((r) => r.details),
    );
  }
  return changes;
}

/** The standing of one agent position as stored (null: not evaluated: inactive, a director, or never). */
export async function storedStanding(db: Pick<Db, "$queryRawUnsafe">, agentId: number) {
  const rows = await db.$queryRawUnsafe<Array<{ standing: Standing; reasons: StandingResult["reasons"]; next_expiry: string | null; checked_on: string; standing_since: Date }>>(
    `SELECT standing, reasons, next_expiry::text, checked_on::text, standing_since FROM agent_compliance WHERE agent_id = $1`,
    agentId,
  );
  const r = rows[0];
  return r ? { standing: r.standing, reasons: r.reasons, nextExpiry: r.next_expiry, checkedOn: asDay(r.checked_on)!, since: r.standing_since } : null;
}
