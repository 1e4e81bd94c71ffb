// The command behind `npm run audit:check` (scripts/audit-check.mjs; decision 0119): opens the
// database `npm start` uses (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR: stop the portal
// first then), recomputes every digested day of the audit log and names the first day that does not
// match. Reads only. Exit code 0 when the chain holds, 1 when it breaks or the check fails, 2 on wrong usage.
import { existsSync } from "node:fs";
import path from "node:path";
import { checkAuditChain } from "../../app/features/compliance-officer/digest.server";
import { disconnectPrisma } from "../../app/lib/db.server";
import { env } from "../../app/lib/env.server";
import { openDataDirDatabase } from "../../server/data-dir-database";
import type { EmbeddedDatabase } from "../../server/embedded-postgres";

const log = (msg: string) => console.log(`[audit-check] ${msg}`);

export async function runAuditCheckCli(args: string[]): Promise<number> {
  if (args.length) {
    console.error("Usage: npm run audit:check");
    return 2;
  }
  let embedded: EmbeddedDatabase | undefined;
  try {
    const e = env();
    if (!e.DATABASE_URL && !existsSync(path.join(e.dataDir, "postgres", "PG_VERSION"))) {
      console.error(`[audit-check] no database: DATABASE_URL is unset and there is no embedded database under ${path.join(e.dataDir, "postgres")}`);
      return 2;
    }
    const database = await openDataDirDatabase(log);
    embedded = database.embedded;
    const result = await checkAuditChain();
    if (result.ok) {
      log(result.days ? `the chain holds: ${result.days} day(s) up to ${result.lastDay} match their digests` : "no day has been digested yet");
      return 0;
    }
    console.error(`[audit-check] the chain breaks on ${result.day}: ${result.reason} (${result.days} day(s) before it match)`);
    return 1;
  } catch (error) {
    console.error(`[audit-check] failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await disconnectPrisma().catch(() => {});
    await embedded?.stop().catch(() => {});
  }
}
