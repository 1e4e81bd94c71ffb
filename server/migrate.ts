// Applies prisma/migrations/*/migration.sql at start-up, recording them in
// `_prisma_migrations` exactly as `prisma migrate deploy` does, so the Prisma
// CLI (where it can run) sees the same history. We apply them ourselves
// because Prisma's CLI cannot run its engines on our machines (see
// docs/data-model.md, "How to add a migration").
//
// - One Postgres advisory lock (Prisma's key) serialises concurrent starts.
// - Each migration runs in its own transaction; on failure nothing of it
//   remains, the row is kept with its error in `logs` and `rolled_back_at`
//   set, and the error is thrown.
// - Refuses to start when an applied migration's file changed (checksum) or
//   an unfinished migration is recorded (e.g. left by another tool).
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** The advisory lock key `prisma migrate` uses. */
export const MIGRATION_LOCK_KEY = 72707369;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrateOptions {
  /** Folder of migration folders; default prisma/migrations under the working directory. */
  migrationsDir?: string;
  log?: (msg: string) => void;
}

export interface LocalMigration {
  name: string;
  file: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {
  override name = "MigrationError";
}

/** sha256 hex of the file's bytes: the checksum Prisma records. */
export function migrationChecksum(content: Buffer | string): string {
  return createHash("sha256").update(content).digest("hex");
}

/** The migration folders (those holding a migration.sql), sorted by name. */
export function readMigrations(migrationsDir: string): LocalMigration[] {
  if (!existsSync(migrationsDir)) {
    throw new MigrationError(`Migrations folder not found: ${migrationsDir}`);
  }
  return readdirSync(migrationsDir)
    .filter((name) => statSync(path.join(migrationsDir, name)).isDirectory())
    .sort()
    .flatMap((name) => {
      const file = path.join(migrationsDir, name, "migration.sql");
      if (!existsSync(file)) return [];
      const bytes = readFileSync(file);
      return [{ name, file, sql: bytes.toString("utf8"), checksum: migrationChecksum(bytes) }];
    });
}

interface AppliedRow {
  id: string;
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
}

/**
 * Applies every migration not yet applied to the database at `databaseUrl`.
 * Returns the names applied by this call (empty when up to date).
 */
export async function migrate(databaseUrl: string, opts: MigrateOptions = {}): Promise<{ applied: string[] }> {
  const migrationsDir = opts.migrationsDir ?? path.resolve("prisma/migrations");
  const log = opts.log ?? (() => {});
  const local = readMigrations(migrationsDir);

  const client = new pg.Client({ connectionString: databaseUrl, application_name: "portal-migrate" });
  // A dropped connection surfaces as a query error; keep it from crashing the process.
  client.on("error", () => {});
  await client.connect();
  const applied: string[] = [];
  let locked = false;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    locked = true;
    await client.query(CREATE_TABLE);

    const { rows } = await client.query<AppliedRow>(
      `SELECT id, migration_name, checksum, finished_at, rolled_back_at, logs
         FROM "_prisma_migrations" ORDER BY started_at, migration_name`,
    );

    const failed = rows.filter((r) => r.finished_at === null && r.rolled_back_at === null);
    if (failed.length > 0) {
      throw new MigrationError(
        `Refusing to migrate: migration ${failed.map((r) => `"${r.migration_name}"`).join(", ")} ` +
          `started but never finished${failed[0].logs ? ` (${firstLine(failed[0].logs)})` : ""}. ` +
          `Check what of it was applied, repair the database, then mark it rolled back ` +
          `(UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE id = '${failed[0].id}') ` +
          `or finished, and start again.`,
      );
    }

    const done = new Map<string, AppliedRow>();
    for (const r of rows) if (r.finished_at !== null && r.rolled_back_at === null) done.set(r.migration_name, r);

    const byName = new Map(local.map((m) => [m.name, m]));
    for (const [name, row] of done) {
      const m = byName.get(name);
      if (!m) {
        log(`warning: migration ${name} is applied in the database but missing from ${migrationsDir}`);
      } else if (m.checksum !== row.checksum) {
        throw new MigrationError(
          `Refusing to migrate: migration "${name}" was modified after it was applied ` +
            `(checksum ${row.checksum} in the database, ${m.checksum} on disk). ` +
            `Never edit an applied migration: restore the file and add a new migration instead.`,
        );
      }
    }

    for (const m of local) {
      if (done.has(m.name)) continue;
      log(`applying migration ${m.name}`);
      const id = randomUUID();
      await client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), 0)`,
        [id, m.checksum, m.name],
      );
      try {
        await client.query("BEGIN");
        await client.query(m.sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        const message = err instanceof Error ? err.message : String(err);
        await client
          .query(`UPDATE "_prisma_migrations" SET logs = $2, rolled_back_at = now() WHERE id = $1`, [
            id,
            `${message}\n(the migration ran in a transaction and was rolled back)`,
          ])
          .catch(() => {});
        throw new MigrationError(`Migration "${m.name}" failed and was rolled back: ${message}`, { cause: err });
      }
      applied.push(m.name);
    }
    if (applied.length === 0) log("database schema is up to date");
    return { applied };
  } finally {
    if (locked) await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

function firstLine(text: string) {
  return text.split("\n")[0].slice(0, 300);
}
