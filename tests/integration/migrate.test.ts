// The migration runner against a real PostgreSQL: applies, records like
// Prisma, refuses changed or unfinished migrations, serialises concurrent runs.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { migrate, readMigrations } from "../../server/migrate";
import { createEmptyDatabase, dropTestDatabase, type TestDatabase } from "../support/postgres";

const pgServer = { url: inject("pgUrl"), template: inject("pgTemplate") };
const migrationsDir = path.resolve("prisma/migrations");
const created: TestDatabase[] = [];
const tempDirs: string[] = [];

async function emptyDb() {
  const db = await createEmptyDatabase(undefined, pgServer);
  created.push(db);
  return db;
}

async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

function tempMigrations(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-migrations-"));
  tempDirs.push(dir);
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

afterAll(async () => {
  for (const db of created) await dropTestDatabase(db, pgServer);
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe("migrate()", () => {
  it("applies every migration to an empty database, then nothing on a second run", async () => {
    const db = await emptyDb();
    const local = readMigrations(migrationsDir);
    expect(local.length).toBeGreaterThan(0);

    const first = await migrate(db.url, { migrationsDir });
    expect(first.applied).toEqual(local.map((m) => m.name));
    const second = await migrate(db.url, { migrationsDir });
    expect(second.applied).toEqual([]);

    const tables = await query<{ n: number }>(
      db.url,
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('users', 'agents', 'agent_closure', 'appointments')`,
    );
    expect(tables[0].n).toBe(4);
  });

  it("records migrations the way Prisma does", async () => {
    const db = await emptyDb();
    await migrate(db.url, { migrationsDir });
    const rows = await query(
      db.url,
      `SELECT id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count
         FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    const local = readMigrations(migrationsDir);
    expect(rows).toHaveLength(local.length);
    for (const [i, m] of local.entries()) {
      const row = rows[i];
      expect(row.migration_name).toBe(m.name);
      const expected = createHash("sha256").update(readFileSync(path.join(migrationsDir, m.name, "migration.sql"))).digest("hex");
      expect(row.checksum).toBe(expected);
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.started_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }

    // The table has exactly Prisma's columns and types.
    const columns = await query(
      db.url,
      `SELECT column_name, data_type, character_maximum_length, is_nullable, column_default
         FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns.map((c) => [c.column_name, c.data_type, c.character_maximum_length, c.is_nullable])).toEqual([
      ["id", "character varying", 36, "NO"],
      ["checksum", "character varying", 64, "NO"],
      ["finished_at", "timestamp with time zone", null, "YES"],
      ["migration_name", "character varying", 255, "NO"],
      ["logs", "text", null, "YES"],
      ["rolled_back_at", "timestamp with time zone", null, "YES"],
      ["started_at", "timestamp with time zone", null, "NO"],
      ["applied_steps_count", "integer", null, "NO"],
    ]);
  });

  it("refuses to run when an applied migration's checksum changed", async () => {
    const db = await emptyDb();
    await migrate(db.url, { migrationsDir });
    await query(db.url, `UPDATE "_prisma_migrations" SET checksum = repeat('0', 64) WHERE migration_name = $1`, [
      readMigrations(migrationsDir)[0].name,
    ]);
    await expect(migrate(db.url, { migrationsDir })).rejects.toThrow(/modified after it was applied/);
  });

  it("refuses to run when an unfinished migration is recorded", async () => {
    const db = await emptyDb();
    await migrate(db.url, { migrationsDir });
    await query(
      db.url,
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs) VALUES (gen_random_uuid()::text, repeat('a', 64), '29990101000000_half_done', 'boom')`,
    );
    await expect(migrate(db.url, { migrationsDir })).rejects.toThrow(/29990101000000_half_done.*never finished/);
  });

  it("applies new migrations in name order and rolls back a failing one completely", async () => {
    const db = await emptyDb();
    const dir = tempMigrations({
      "20000102000000_second": `CREATE TABLE b (id int REFERENCES a(id));`,
      "20000101000000_first": `CREATE TABLE a (id int PRIMARY KEY);`,
    });
    expect((await migrate(db.url, { migrationsDir: dir })).applied).toEqual([
      "20000101000000_first",
      "20000102000000_second",
    ]);

    mkdirSync(path.join(dir, "20000103000000_broken"));
    writeFileSync(
      path.join(dir, "20000103000000_broken", "migration.sql"),
      `CREATE TABLE c (id int);\nINSERT INTO a VALUES (1);\nSELECT nonsense FROM nowhere;`,
    );
    await expect(migrate(db.url, { migrationsDir: dir })).rejects.toThrow(/20000103000000_broken.*rolled back/);
    const left = await query(db.url, `SELECT to_regclass('public.c') AS c, (SELECT count(*)::int FROM a) AS a`);
    expect(left[0]).toEqual({ c: null, a: 0 });
    const row = await query(db.url, `SELECT finished_at, rolled_back_at, logs FROM "_prisma_migrations" WHERE migration_name = '20000103000000_broken'`);
    expect(row[0].finished_at).toBeNull();
    expect(row[0].rolled_back_at).toBeInstanceOf(Date);
    expect(row[0].logs).toMatch(/nowhere/);

    // Fixed: the next run applies it.
    writeFileSync(path.join(dir, "20000103000000_broken", "migration.sql"), `CREATE TABLE c (id int);`);
    expect((await migrate(db.url, { migrationsDir: dir })).applied).toEqual(["20000103000000_broken"]);
  });

  it("lets two concurrent runs apply each migration once (advisory lock)", async () => {
    const db = await emptyDb();
    const [a, b] = await Promise.all([migrate(db.url, { migrationsDir }), migrate(db.url, { migrationsDir })]);
    const names = readMigrations(migrationsDir).map((m) => m.name);
    // One run applied everything, the other found it done.
    expect([a.applied, b.applied].sort((x, y) => y.length - x.length)).toEqual([names, []]);
    const rows = await query<{ migration_name: string; n: number }>(
      db.url,
      `SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY migration_name`,
    );
    expect(rows).toHaveLength(names.length);
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });
});
