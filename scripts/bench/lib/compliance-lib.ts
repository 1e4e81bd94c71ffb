// The portal code the licence monitoring bench calls (bundled by scripts/lib/import-ts.mjs).
import pg from "pg";
import { monitorCompliance } from "../../../app/features/licences/monitor.server";
import { configureDatabase, disconnectPrisma, prisma } from "../../../app/lib/db.server";
import { env } from "../../../app/lib/env.server";
import { seedLargeData } from "../../../prisma/seed/large";
import { seedReferenceData } from "../../../prisma/seed/reference";
import { migrate } from "../../../server/migrate";

// The bench's database: bench-db.mjs set DATABASE_URL before this module was imported.
configureDatabase(env().DATABASE_URL!);

export { disconnectPrisma, monitorCompliance, prisma };

const STATES = ["TX", "OK", "FL", "CA", "NY", "IL", "GA", "OH", "PA", "AZ", "NC", "MI"];

/**
 * Migrations, reference data, the agents of `npm run seed:large` (`agents` of them), then by SQL:
 * three appointed states per agent position, a licence of its NPN in each (Life and A&H) and an E&O,
 * with expiry dates spread over three years from 30 days ago (so about 8% of the records are
 * within a notice threshold, some expired) relative to `today`.
 */
export async function prepare(url: string, agents: number, today: string, log: (m: string) => void) {
  await migrate(url, { log: () => {} });
  await seedReferenceData();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await seedLargeData(client, { agents, passwordHash: null, log });
    log(`seed:large: ${r.agents} agents in ${r.ms} ms`);
    const t = Date.now();
    await client.query(
      `INSERT INTO agent_licensed_states (agent_id, state_code, is_resident)
       SELECT a.id, ($1::text[])[1 + (a.id + k * 5) % cardinality($1::text[])], k = 0
         FROM agents a CROSS JOIN generate_series(0, 2) k
       ON CONFLICT DO NOTHING`,
      [STATES],
    );
    await client.query(
      `INSERT INTO producer_licences (id, npn, state_code, is_resident, loa_life, loa_accident_health, effective_date, expiry_date, status, source, updated_at)
       SELECT DISTINCT ON (a.npn, s.state_code) gen_random_uuid(), a.npn, s.state_code, s.is_resident, true, true, DATE '2020-01-01',
              $1::date - 30 + ((a.id::bigint * 7919 + hashtext(s.state_code)) % 1095 + 1095)::int % 1095, 'ACTIVE', 'IMPORT', now()
         FROM agents a JOIN agent_licensed_states s ON s.agent_id = a.id
        WHERE a.npn IS NOT NULL
        ORDER BY a.npn, s.state_code, a.id
       ON CONFLICT DO NOTHING`,
      [today],
    );
    await client.query(
      `INSERT INTO producer_credentials (id, npn, kind, provider, policy_number, coverage_limit, effective_date, expiry_date, source, updated_at)
       SELECT gen_random_uuid(), npn, 'EO', 'Bench E&O', 'EO-' || min(id), 1000000, DATE '2020-01-01', $1::date - 30 + (min(id)::bigint * 104729 % 1095)::int, 'IMPORT', now()
         FROM agents WHERE npn IS NOT NULL GROUP BY npn`,
      [today],
    );
    await client.query("ANALYZE");
    const n = (await client.query(`SELECT (SELECT count(*) FROM producer_licences)::int AS l, (SELECT count(*) FROM producer_credentials)::int AS c,
       (SELECT count(*) FROM agent_licensed_states)::int AS s`)).rows[0];
    log(`by SQL: ${n.s} appointed states, ${n.l} licences, ${n.c} E&O policies in ${Date.now() - t} ms`);
  } finally {
    await client.end();
  }
}

/** What the walk left: the standings and the notice jobs queued. */
export async function outcome() {
  const standings = await prisma.$queryRawUnsafe<Array<{ standing: string; n: number }>>(
    `SELECT standing, count(*)::int AS n FROM agent_compliance GROUP BY standing ORDER BY standing`,
  );
  const [jobs] = await prisma.$queryRawUnsafe<Array<{ n: number }>>(
    `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'compliance-notice'`,
  );
  return { standings, noticeJobs: jobs?.n ?? 0 };
}
