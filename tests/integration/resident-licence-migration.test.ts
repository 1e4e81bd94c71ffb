// Migration 20261202014000_one_resident_licence on a database that already holds NPNs with several
// resident licences (decision 0084): the most recently changed stays resident, the others become
// non-resident, each change audited; then the partial unique index refuses a second one.
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { migrate } from "../../server/migrate";
import { createEmptyDatabase, dropTestDatabase, type TestDatabase } from "../support/postgres";

const pgServer = { url: inject("pgUrl"), template: inject("pgTemplate") };
const MIGRATION = "20261202014000_one_resident_licence";
let db: TestDatabase | undefined;
let dir = "";

afterAll(async () => {
  if (db) await dropTestDatabase(db, pgServer);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: db!.url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

const licence = (npn: string, state: string, resident: boolean, updated: string) =>
  query(`INSERT INTO producer_licences (id, npn, state_code, is_resident, source, updated_at) VALUES (gen_random_uuid(), $1, $2, $3, 'IMPORT', $4)`, [npn, state, resident, updated]);

describe(MIGRATION, () => {
  it("keeps the most recently changed resident license of an NPN resident, makes the others non-resident (audited), then holds one", async () => {
    db = await createEmptyDatabase(undefined, pgServer);
    const all = path.resolve("prisma/migrations");
    dir = mkdtempSync(path.join(os.tmpdir(), "resident-migration-"));
    for (const name of readdirSync(all)) if (name < MIGRATION) cpSync(path.join(all, name), path.join(dir, name), { recursive: true });
    await migrate(db.url, { migrationsDir: dir, log: () => {} });

    await licence("1110001", "TX", true, "2026-01-01T00:00:00Z");
    await licence("1110001", "CA", true, "2026-03-01T00:00:00Z");
    await licence("1110001", "OK", true, "2026-02-01T00:00:00Z");
    await licence("1110001", "NE", false, "2026-04-01T00:00:00Z");
    await licence("1110002", "TX", true, "2026-01-01T00:00:00Z");
    const { applied } = await migrate(db.url, { migrationsDir: all, log: () => {} });
    expect(applied).toContain(MIGRATION);

    const rows = await query<{ npn: string; state_code: string; is_resident: boolean }>(`SELECT npn, state_code, is_resident FROM producer_licences ORDER BY npn, state_code`);
    expect(rows.map((r) => `${r.npn} ${r.state_code} ${r.is_resident}`)).toEqual(["1110001 CA true", "1110001 NE false", "1110001 OK false", "1110001 TX false", "1110002 TX true"]);
    const audits = await query<{ details: { npn: string; stateCode: string; source: string; changes: unknown } }>(`SELECT details FROM audit_log WHERE action = 'LICENCE_UPDATED' ORDER BY details->>'stateCode'`);
    expect(audits.map((a) => a.details)).toMatchObject([
      { npn: "1110001", stateCode: "OK", source: "MIGRATION", changes: { isResident: [true, false] } },
      { npn: "1110001", stateCode: "TX", source: "MIGRATION", changes: { isResident: [true, false] } },
    ]);
    await expect(licence("1110002", "CA", true, "2026-05-01T00:00:00Z")).rejects.toThrow(/producer_licences_one_resident/);
  });
});
