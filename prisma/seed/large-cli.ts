// The command behind `npm run seed:large` (scripts/seed-large.mjs): opens the
// database `npm start` uses (DATABASE_URL, or the embedded PostgreSQL under
// DATA_DIR) and sets it up as the start does (server/prepare-database.ts: the
// migrations, the generated secrets under DATA_DIR, the key check value), seeds
// the reference data (and the demo data as `npm start` would), then the large
// hierarchy once (prisma/seed/large.ts).
import pg from "pg";
import { disconnectPrisma } from "../../app/lib/db.server";
import type { EmbeddedDatabase } from "../../server/embedded-postgres";
import { prepareDatabase, startSecretNames } from "../../server/prepare-database";
import { env } from "../../app/lib/env.server";
import { hashPassword } from "../../app/lib/password.server";
import { DEMO_PASSWORD, seedDemoData } from "./demo";
import { LARGE_AGENT_EMAIL, LARGE_DIRECTOR_EMAIL, seedLargeData } from "./large";
import { seedReferenceData } from "./reference";

const log = (msg: string) => console.log(`[seed:large] ${msg}`);

export async function runLargeSeed(opts: { agents?: number } = {}): Promise<number> {
  if (process.env.NODE_ENV !== "production") process.env.SEED_DEMO_DATA ??= "local";
  const e = env();
  let embedded: EmbeddedDatabase | undefined;
  const started = Date.now();
  try {
    // What `npm start` sets up first, the same way: checks, migrations, the generated secrets, the key check value.
    const database = await prepareDatabase({ log, secrets: startSecretNames(), ports: { http: false, idp: false } });
    embedded = database.embedded;
    const url = database.url;
    await seedReferenceData();
    if (e.SEED_DEMO_DATA) await seedDemoData();
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const client = new pg.Client({ connectionString: url, application_name: "portal-seed-large" });
    await client.connect();
    try {
      const result = await seedLargeData(client, { agents: opts.agents, passwordHash, log });
      if (!result.created) {
        log("The large data set is already in this database (system setting 'seed.large.version'): nothing done.");
        return 0;
      }
      log(
        `${result.agents} agents (${result.deactivated} deactivated), ${result.closureRows} closure rows, ` +
          `${result.users} users, ${result.appointments} applications in ${result.ms} ms (total ${Date.now() - started} ms)`,
      );
      log(`Sign in as ${LARGE_DIRECTOR_EMAIL} (director) or ${LARGE_AGENT_EMAIL} (level-4 agent), password ${DEMO_PASSWORD}`);
      return 0;
    } finally {
      await client.end();
    }
  } catch (error) {
    console.error(`[seed:large] failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await disconnectPrisma().catch(() => {});
    await embedded?.stop().catch(() => {});
  }
}
