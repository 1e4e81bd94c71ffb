// A deployment's first start (decision 0086), as an operator meets it: a check that fails stops the
// start before anything is written, so the next start with the fault fixed sets the database up
// as if it were the first; and `npm run seed:large` on a fresh DATA_DIR leaves a portal that starts.
import { execFile } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { repoRoot, startApp, type AppHandle } from "../support/app-server";
import { freePorts } from "../support/free-port";
import { createEmptyDatabase, createTestDatabase } from "../support/postgres";

const apps: AppHandle[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const app of apps) await app.dispose().catch(() => undefined);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

async function tables(url: string): Promise<{ migrations: boolean; keyCheck: boolean; relations: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ migrations: boolean; settings: boolean; relations: number }>(
      `SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS migrations,
              to_regclass('public.system_settings') IS NOT NULL AS settings,
              (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')) AS relations`,
    );
    const r = rows[0]!;
    const keyCheck = r.settings ? (await client.query("SELECT 1 FROM system_settings WHERE key = 'encryption.key_check'")).rowCount! > 0 : false;
    return { migrations: r.migrations, keyCheck, relations: r.relations };
  } finally {
    await client.end();
  }
}

describe("every external service is checked before anything is written", () => {
  test("a first production start with an unreachable STORAGE_URL stops naming it and writes nothing; the next start sets up", { timeout: 300_000 }, async () => {
    const database = await createEmptyDatabase();
    // A port nobody listens on: the bucket cannot be reached.
    const [closed] = await freePorts(1);
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(closed, "127.0.0.1", () => probe.close(() => resolve())));
    const firstDataDir = tempDir("portal-first-start-");
    const failed = await startApp({
      databaseUrl: database.url,
      dataDir: firstDataDir,
      noWait: true,
      env: {
        SEED_DEMO_DATA: "false",
        STORAGE_URL: `s3://portal-test?endpoint=http://127.0.0.1:${closed}&region=us-east-1`,
        AWS_ACCESS_KEY_ID: "test",
        AWS_SECRET_ACCESS_KEY: "test-secret",
      },
    });
    apps.push(failed);
    const exit = await failed.exited();
    expect(exit.code).toBe(1);
    expect(failed.logs()).toMatch(/start-up failed: STORAGE_URL: .*cannot reach it/);
    expect(failed.logs()).not.toMatch(/Applied migrations|ready at/);
    // Untouched: no migration, no key check value, no table at all; no secret generated under DATA_DIR.
    expect(await tables(database.url)).toEqual({ migrations: false, keyCheck: false, relations: 0 });
    expect(existsSync(path.join(firstDataDir, "secrets.json"))).toBe(false);

    // The operator fixes STORAGE_URL (here: files on disk) and starts again, in a new container (a fresh DATA_DIR).
    const next = await startApp({ databaseUrl: database.url, env: { SEED_DEMO_DATA: "false" } });
    apps.push(next);
    expect(next.logs()).toMatch(/Applied migrations/);
    expect(next.logs()).toContain("First administrator:");
    expect(await tables(database.url)).toMatchObject({ migrations: true, keyCheck: true });
    expect((await next.stop()).code).toBe(0);
  });
});

describe("npm run seed:large", () => {
  test("on a fresh DATA_DIR leaves a portal that starts (it sets up what the start would)", { timeout: 600_000 }, async () => {
    const database = await createTestDatabase();
    const dataDir = tempDir("portal-seed-large-");
    const { PATH, HOME } = process.env;
    const seeded = await promisify(execFile)(process.execPath, [path.join(repoRoot, "scripts/seed-large.mjs")], {
      cwd: repoRoot,
      env: { PATH, HOME, DATA_DIR: dataDir, DATABASE_URL: database.url, AGENTS: "60" } as unknown as NodeJS.ProcessEnv,
    });
    expect(seeded.stdout).toMatch(/\[seed:large\] \d+ agents/);
    const app = await startApp({ databaseUrl: database.url, dataDir, env: { SEED_DEMO_DATA: "false" } });
    apps.push(app);
    expect(app.logs()).toMatch(/ready at/);
    expect((await app.stop()).code).toBe(0);
  });
});
