// The one Prisma client of the process. It is created on first use, so the
// start-up code can set DATABASE_URL (for example after starting the
// embedded PostgreSQL) before anything touches the database.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";
import { env } from "./env.server";

let client: PrismaClient | undefined;

function create(): PrismaClient {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: the database has not been started");
  const e = env();
  const adapter = new PrismaPg({
    connectionString: url,
    max: e.DATABASE_POOL_MAX,
    connectionTimeoutMillis: e.DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: e.DATABASE_STATEMENT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
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

/** BENCH_ROUTES only: the statements this process ran while `on` (a count and the last 200). */
export const queryLog = { on: false, count: 0, recent: [] as string[] };

/** The Prisma client; use it as `prisma.user.findMany(...)`. */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    client ??= create();
    const value = Reflect.get(client, prop, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** Closes the pool (shutdown, and between test databases). */
export async function disconnectPrisma() {
  const c = client;
  client = undefined;
  await c?.$disconnect();
}
