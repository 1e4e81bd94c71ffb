// Migration 20261123214000_service_request_queue on a database that already
// holds service requests: a completed one (is_complete) becomes DONE, the
// others OPEN (decision 0030).
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { migrate } from "../../server/migrate";
import { createEmptyDatabase, dropTestDatabase, type TestDatabase } from "../support/postgres";

const pgServer = { url: inject("pgUrl"), template: inject("pgTemplate") };
const MIGRATION = "20261123214000_service_request_queue";
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

describe(MIGRATION, () => {
  it("turns is_complete into the status DONE, the rest OPEN", async () => {
    db = await createEmptyDatabase(undefined, pgServer);
    const all = path.resolve("prisma/migrations");
    dir = mkdtempSync(path.join(os.tmpdir(), "svcreq-migration-"));
    for (const name of readdirSync(all)) if (name < MIGRATION) cpSync(path.join(all, name), path.join(dir, name), { recursive: true });
    await migrate(db.url, { migrationsDir: dir, log: () => {} });

    const [user] = await query<{ id: string }>(`INSERT INTO users (id, user_name, updated_at) VALUES (gen_random_uuid(), 'old@example.com', now()) RETURNING id`);
    for (const done of [true, false]) {
      await query(
        `INSERT INTO service_requests (requester_user_id, requester_type_code, request_type_code, request_text, is_complete, updated_at)
         VALUES ($1, 'RQTYP_AGT', 'SVCREQ_GENERAL', $2, $3, now())`,
        [user!.id, done ? "done" : "open", done],
      );
    }
    const { applied } = await migrate(db.url, { migrationsDir: all, log: () => {} });
    expect(applied).toContain(MIGRATION);
    const rows = await query<{ request_text: string; status: string }>(`SELECT request_text, status FROM service_requests ORDER BY request_text`);
    expect(rows).toEqual([
      { request_text: "done", status: "DONE" },
      { request_text: "open", status: "OPEN" },
    ]);
    const columns = await query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_name = 'service_requests' AND column_name = 'is_complete'`);
    expect(columns).toEqual([]);
  });
});
