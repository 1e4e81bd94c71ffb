// The portal code the state-filings bench calls (bundled by scripts/lib/import-ts.mjs).
import pg from "pg";
import { appointmentDueDate } from "../../../app/features/state-filings/due";
import { stateFilingsDaily } from "../../../app/features/state-filings/filing-notices.server";
import { addDays } from "../../../app/lib/days";
import { disconnectPrisma, prisma } from "../../../app/lib/db.server";
import { stateFeeAmount } from "../../../app/features/appointment/derive";
import { stateRuleOf, type StateRule } from "../../../app/features/state-filings/rules.server";
import { prepare as prepareAgents } from "./compliance-lib";

export { disconnectPrisma, stateFilingsDaily };

type Position = { agent_id: number; npn: string; state_code: string; carrier_id: number; resident: boolean };

const CHUNK = 20_000;

/**
 * The agents, appointed states and licences of the licence monitoring bench, then one appointment
 * filing per position and state (Life), approved on a day of the last 40 (so each stage of the
 * notices has filings), with its due date from the state's rule (due.ts, the one rule) computed
 * here: the returned ms is that computation and the inserts.
 */
export async function prepare(url: string, agents: number, today: string, log: (m: string) => void): Promise<{ filings: number; ms: number }> {
  await prepareAgents(url, agents, today, log);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One administrator to tell (the seed's reference data has none).
    await client.query(
      `INSERT INTO users (id, user_name, user_role_code, first_name, last_name, is_internal, is_active, updated_at)
       VALUES (gen_random_uuid(), 'bench-admin@example.test', 'USRROLE_ADMIN', 'Bench', 'Admin', true, true, now()) ON CONFLICT DO NOTHING`,
    );
    const t = Date.now();
    const rules = new Map<string, StateRule>();
    for (const { state_code } of (await client.query<{ state_code: string }>(`SELECT DISTINCT state_code FROM agent_licensed_states`)).rows) {
      const rule = await stateRuleOf(state_code);
      if (rule) rules.set(state_code, rule);
    }
    const positions = (
      await client.query<Position>(
        `SELECT s.agent_id, a.npn, s.state_code, b.carrier_id, s.is_resident AS resident
           FROM agent_licensed_states s JOIN agents a ON a.id = s.agent_id JOIN blocks b ON b.block_number = a.block_number
          WHERE a.npn IS NOT NULL ORDER BY s.agent_id, s.state_code`,
      )
    ).rows;
    let filings = 0;
    for (let i = 0; i < positions.length; i += CHUNK) {
      const cols: (string | number | null)[][] = [[], [], [], [], [], [], [], []];
      for (const p of positions.slice(i, i + CHUNK)) {
        const rule = rules.get(p.state_code);
        if (!rule) continue;
        const contract = addDays(today, -(p.agent_id % 40));
        const jit = rule.appointmentTiming === "JUST_IN_TIME";
        // Half the just-in-time positions have had their first business three days after the contract.
        const first = jit && p.agent_id % 2 === 0 ? addDays(contract, 3) : null;
        const due = appointmentDueDate(rule, contract, first);
        const fee = stateFeeAmount(rule, p.resident ? p.state_code : null).toFixed(2);
        const row = [p.agent_id, p.npn, p.state_code, p.carrier_id, jit ? first : contract, first, due, fee];
        row.forEach((v, k) => cols[k]!.push(v));
      }
      const r = await client.query(
        `INSERT INTO appointment_filings (id, agent_id, npn, state_code, line_of_authority, carrier_id, effective_date, first_business_date, due_date, fee_amount, status, updated_at)
         SELECT gen_random_uuid(), x.a, x.n, x.s, 'LIFE', x.c, x.e, x.b, x.d, x.f, 'TO_FILE', now()
           FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::date[], $6::date[], $7::date[], $8::numeric[]) AS x(a, n, s, c, e, b, d, f)
         ON CONFLICT DO NOTHING`,
        cols,
      );
      filings += r.rowCount ?? 0;
    }
    const ms = Date.now() - t;
    await client.query("ANALYZE");
    log(`${filings} appointment filings with their due dates in ${ms} ms`);
    return { filings, ms };
  } finally {
    await client.end();
  }
}

/** What the run left: filings by status, notices by stage, mails queued. */
export async function outcome() {
  const statuses = await prisma.$queryRawUnsafe<Array<{ status: string; n: number }>>(`SELECT status, count(*)::int AS n FROM appointment_filings GROUP BY status ORDER BY status`);
  const stages = await prisma.$queryRawUnsafe<Array<{ stage: string; n: number }>>(`SELECT stage, count(*)::int AS n FROM filing_notices GROUP BY stage ORDER BY stage`);
  return { statuses, stages, overdueFrom: addDays(new Date().toISOString().slice(0, 10), -1) };
}
