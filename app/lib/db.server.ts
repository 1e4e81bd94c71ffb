// The one Prisma client of the process, on the database the start-up resolved
// (DATABASE_URL, or the embedded PostgreSQL it started): start() (server/)
// calls configureDatabase(url) once, before anything touches the database;
// scripts and tests do the same with theirs. Nothing reads
// process.env.DATABASE_URL here: the URL is passed in (decision 0053).
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "~/generated/prisma/client";
import { env } from "./env.server";

let configuredUrl: string | undefined;
let client: PrismaClient | undefined;
let pool: pg.Pool | undefined;

const NOT_CONFIGURED = "the database has not been configured: start() (server/index.ts), or configureDatabase(url) in a script or test, comes first";

/** Before configureDatabase(): any use of `prisma` says so (instead of "cannot read properties of undefined"). */
const notConfigured = new Proxy({} as PrismaClient, {
  get() {
    throw new Error(NOT_CONFIGURED);
  },
});

/** The Prisma client; use it as `prisma.user.findMany(...)`. A plain client once configureDatabase() ran. */
export let prisma: PrismaClient = notConfigured;

/**
 * The database of this process: its URL (the job runner, reports and imports open their own
 * connections to it) and a Prisma client with its pool (connecting at the first statement).
 * Configuring another URL closes the previous pool.
 */
export function configureDatabase(url: string): void {
  if (url === configuredUrl && client) return;
  const old = { client, pool };
  configuredUrl = url;
  prisma = client = create(url);
  if (old.client) void old.client.$disconnect().then(() => old.pool?.end()).catch(() => {});
}

/** The URL configureDatabase() was given: for the connections of the job runner, reports and imports. */
export function databaseUrl(): string {
  if (!configuredUrl) throw new Error(NOT_CONFIGURED);
  return configuredUrl;
}

function create(url: string): PrismaClient {
  const e = env();
  // One pool for Prisma and for queryRows() (the hot statements of every page).
  pool = new pg.Pool({
    connectionString: url,
    max: e.DATABASE_POOL_MAX,
    connectionTimeoutMillis: e.DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: e.DATABASE_STATEMENT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection lost (database restart, failover, an operator's pg_terminate_backend)
  // is reported as an 'error' event of the pool: unheard, it is an uncaught exception that ends
  // the process. Prisma's adapter listens only while it is connected, and queryRows() may run
  // before it is; the pool replaces the connection at the next statement.
  pool.on("error", (error) => console.warn(`[db] idle database connection lost: ${error.message}`));
  // disconnectPrisma() ends the pool. Statements marked PREPARED run as named prepared statements.
  // So are the statements of a Prisma call inside preparedStatements().
  const adapter = new PrismaPg(pool, {
    statementNameGenerator: (q) => {
      if (!q.sql.includes(PREPARED) && !preparedScope.getStore()) return undefined as unknown as string;
      if (queryLog.on) queryLog.prepared++;
      return statementName(q.sql);
    },
  });
  if (!e.BENCH_ROUTES) return new PrismaClient({ adapter });
  // npm run bench:http: count the statements (GET /bench/queries) to profile a page.
  const c = new PrismaClient({ adapter, log: [{ emit: "event", level: "query" }] });
  c.$on("query", (q) => {
    if (!queryLog.on) return;
    queryLog.count++;
    queryLog.recent.push(`${q.duration}ms ${q.query.slice(0, 300)}`);
    if (queryLog.recent.length > 200) queryLog.recent.shift();
  });
  return c;
}

/** BENCH_ROUTES only: the statements this process ran while `on` (a count, how many of them as named prepared statements, and the last 200). */
export const queryLog = { on: false, count: 0, prepared: 0, recent: [] as string[] };

/**
 * One statement straight through the pool under Prisma, rows as node-postgres
 * gives them (timestamptz as Date, json parsed, bigint as string: cast counts
 * to int). For the few statements every signed-in page runs (session, shell,
 * dashboard): through Prisma a statement costs about 0.3 to 0.6 ms more CPU
 * than this. Each runs as a named prepared statement (per connection, named
 * by a hash of its text), so PostgreSQL parses and plans it once per
 * connection instead of at every request: planning was most of the
 * database's time for these statements (docs/performance.md 'Signed-in
 * pages'). Values only as $n parameters, never spliced into the text.
 */
export async function queryRows<T>(text: string, values: readonly unknown[]): Promise<T[]> {
  if (!pool) throw new Error(NOT_CONFIGURED);
  const name = statementName(text);
  const started = queryLog.on ? performance.now() : 0;
  const result = await pool!.query({ name, text, values: values as unknown[] });
  if (queryLog.on) {
    queryLog.count++;
    queryLog.prepared++;
    queryLog.recent.push(`${performance.now() - started}ms ${text.slice(0, 300)}`);
    if (queryLog.recent.length > 200) queryLog.recent.shift();
  }
  return result.rows as T[];
}

const statementNames = new Map<string, string>();

/** The name of a statement prepared per connection: a hash of its text (one text, one name). */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `portal_${createHash("sha256").update(text).digest("base64url").slice(0, 22)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The marker of a statement run through Prisma ($queryRaw, $executeRaw, also inside a
 * transaction) that is to run as a named prepared statement, as queryRows' do: PostgreSQL then
 * parses and analyses it once per connection, not at every run. Put it as a comment in the
 * statement's own text (`/* prepared *\/ SELECT …`), for hand-written statements of the hot paths
 * with a fixed text (values only as parameters): each text stays prepared on every connection of
 * the pool for the life of the connection. Prisma's own statements (and BEGIN, COMMIT) are not
 * named, except inside preparedStatements().
 */
export const PREPARED = "/* prepared */";

const preparedScope = new AsyncLocalStorage<true>();

/**
 * Runs `read`, ONE Prisma call whose SQL text is the same at every run (values only as
 * parameters: a findFirst / findMany with a fixed where, select and include; no `in` list
 * of varying length), so that its statement runs as a named prepared statement, as if it had
 * the PREPARED marker: PostgreSQL parses and plans it once per connection instead of at every
 * request, and the pool sends its text once per connection instead of at every request. For the
 * big relation-join reads of the hot pages: the application screen's one statement (18 KB of SQL,
 * 130 plan nodes) cost the database about 6 ms of planning at every render (decision 0066).
 * Each such text stays prepared on every connection of the pool for the life of the connection
 * (about 1.3 MB of the database's memory per connection for the screen's), so: few, fixed texts.
 * Use findFirst rather than findUnique inside: Prisma batches the findUnique calls of one tick
 * (several requests' reads in one statement of another text).
 */
export function preparedStatements<T>(read: () => PromiseLike<T>): Promise<T> {
  // Awaited inside the scope: a Prisma call is lazy and starts when awaited (its `then`).
  return preparedScope.run(true, async () => await read());
}

/** This process's pool for /metrics: connections open, idle, and requests waiting for one. */
export function dbPoolStats(): { total: number; idle: number; waiting: number } {
  return { total: pool?.totalCount ?? 0, idle: pool?.idleCount ?? 0, waiting: pool?.waitingCount ?? 0 };
}

/**
 * Closes the pool (shutdown, and between test databases). `prisma` stays
 * usable on the same database: a fresh client and pool, which connect only at
 * their first statement.
 */
export async function disconnectPrisma() {
  const c = client;
  const p = pool;
  client = undefined;
  pool = undefined;
  prisma = notConfigured;
  if (configuredUrl) {
    try {
      prisma = client = create(configuredUrl);
    } catch {
      // Settings not readable at this moment (a test between cases): the next configureDatabase() makes it.
    }
  }
  await c?.$disconnect();
  await p?.end();
}
