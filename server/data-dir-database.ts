// The database `npm start` and the operator's commands (seed:large,
// import:agents, rotate-key) use: DATABASE_URL, or the embedded PostgreSQL
// under DATA_DIR/postgres with this DATA_DIR's passwords. One place, so that
// every command opens the same database the same way.
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-postgres";
import { configureDatabase } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { getSecret } from "~/lib/secrets.server";

/**
 * Starts the embedded PostgreSQL when DATABASE_URL is unset; returns the URL
 * and the embedded server to stop, if one was started. The process's database
 * (db.server.ts: Prisma, the job runner, reports, imports) is configured with
 * the URL, also when it came from DATABASE_URL_FILE: process.env is not
 * written (decision 0053).
 */
export async function openDataDirDatabase(log: (msg: string) => void): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  const e = env();
  if (e.DATABASE_URL) {
    configureDatabase(e.DATABASE_URL);
    return { url: e.DATABASE_URL };
  }
  // Its passwords belong to this DATA_DIR alone: generated here (an earlier version's data directory is moved over to them).
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(e.dataDir, "postgres"),
    port: e.EMBEDDED_PG_PORT,
    superuserPassword: getSecret("EMBEDDED_PG_SUPERUSER_PASSWORD"),
    appPassword: getSecret("EMBEDDED_PG_APP_PASSWORD"),
    log,
  });
  configureDatabase(embedded.url);
  return { url: embedded.url, embedded };
}
