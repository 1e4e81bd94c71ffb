// The command behind `npm run rotate-key` (scripts/rotate-key.mjs): opens the
// database `npm start` uses (DATABASE_URL, or the embedded PostgreSQL under
// DATA_DIR: stop the portal first then), applies the migrations and
// re-encrypts every *_encrypted column from ENCRYPTION_KEY_PREVIOUS to
// ENCRYPTION_KEY (app/lib/encryption-key.server.ts). Exit code 0 when done,
// 1 on failure (run it again: it resumes), 2 on wrong usage.
import { existsSync } from "node:fs";
import path from "node:path";
import { disconnectPrisma } from "../../app/lib/db.server";
import { openDataDirDatabase } from "../../server/data-dir-database";
import type { EmbeddedDatabase } from "../../server/embedded-postgres";
import { rotateEncryptionKey } from "../../app/lib/encryption-key.server";
import { env } from "../../app/lib/env.server";
import { migrate } from "../../server/migrate";

const log = (msg: string) => console.log(`[rotate-key] ${msg}`);

export async function runRotateKeyCli(args: string[]): Promise<number> {
  let batchSize = 500;
  for (const arg of args) {
    const m = /^--batch-size=(\d{1,6})$/.exec(arg);
    if (m && Number(m[1]) > 0) batchSize = Number(m[1]);
    else {
      console.error("Usage: ENCRYPTION_KEY=<new key> ENCRYPTION_KEY_PREVIOUS=<key in use> npm run rotate-key [-- --batch-size=500]");
      return 2;
    }
  }
  let embedded: EmbeddedDatabase | undefined;
  try {
    const e = env();
    if (!e.ENCRYPTION_KEY || !e.ENCRYPTION_KEY_PREVIOUS) {
      console.error(
        "[rotate-key] ENCRYPTION_KEY (the new key) and ENCRYPTION_KEY_PREVIOUS (the key the data are under now) are both required (or ENCRYPTION_KEY_FILE / ENCRYPTION_KEY_PREVIOUS_FILE).",
      );
      return 2;
    }
    if (!e.DATABASE_URL) {
      const databaseDir = path.join(e.dataDir, "postgres");
      if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
        console.error(`[rotate-key] no database: DATABASE_URL is unset and there is no embedded database under ${databaseDir}`);
        return 2;
      }
    }
    const database = await openDataDirDatabase(log);
    embedded = database.embedded;
    const databaseUrl = database.url;
    await migrate(databaseUrl, { log });
    const result = await rotateEncryptionKey(databaseUrl, { current: e.ENCRYPTION_KEY, previous: e.ENCRYPTION_KEY_PREVIOUS, batchSize, log });
    log(
      `done: ${result.reencrypted} value(s) in ${result.columns} column(s) re-encrypted under ENCRYPTION_KEY; the database now accepts only the new key. ` +
        "Start every process with the new ENCRYPTION_KEY and without ENCRYPTION_KEY_PREVIOUS (if the old key was in DATA_DIR/secrets.json, set ENCRYPTION_KEY from now on).",
    );
    return 0;
  } catch (error) {
    console.error(`[rotate-key] failed (run it again to resume): ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await disconnectPrisma().catch(() => {});
    await embedded?.stop().catch(() => {});
  }
}
