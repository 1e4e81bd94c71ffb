// The database `npm start` and the operator's commands (seed:large,
// import:agents, rotate-key) use: DATABASE_URL, or the embedded PostgreSQL
// under DATA_DIR/postgres with this DATA_DIR's passwords. One place, so that
// every command opens the same database the same way.
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-postgres.server";
import { env } from "./env.server";
import { getSecret } from "./secrets.server";

/**
 * Starts the embedded PostgreSQL when DATABASE_URL is unset; returns the URL
 * and the embedded server to stop, if one was started. process.env.DATABASE_URL
 * is set to the URL (the pool and the job runner read it there), also when it
 * came from DATABASE_URL_FILE.
 */
export async function openDataDirDatabase(log: (msg: string) => void): Promise<{ url: string; embedded?: EmbeddedDatabase }> {
  const e = env();
  if (e.DATABASE_URL) {
    process.env.DATABASE_URL = e.DATABASE_URL;
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
  process.env.DATABASE_URL = embedded.url;
  return { url: embedded.url, embedded };
}
