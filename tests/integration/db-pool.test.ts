// The process's database pool survives the database dropping its idle
// connections (a PostgreSQL restart, a failover, pg_terminate_backend by an
// operator, an idle timeout in a proxy). node-postgres reports such a loss as
// an 'error' event on the pool; without a listener that event is an uncaught
// exception and the portal process dies (it did: `npm run bench` crashed when
// its database stopped, after the pool became shared with queryRows).
import pg from "pg";
import { describe, expect, it } from "vitest";
import { disconnectPrisma, prisma, queryRows } from "~/lib/db.server";
import { useTestDatabase } from "../support/db";

const db = useTestDatabase();

describe("database pool", () => {
  it.each([
    ["Prisma and queryRows", () => Promise.all([prisma.user.count(), queryRows("SELECT 1 AS one", []), prisma.$queryRaw`SELECT pg_sleep(0.05)::text AS slept`])],
    // A web process's first statements (session, shell, dashboard) go through queryRows: Prisma's
    // adapter, which listens for the pool's errors, has not connected yet.
    ["queryRows only, before Prisma's first statement", () => Promise.all([queryRows("SELECT 1 AS one", []), queryRows("SELECT pg_sleep(0.05)::text AS slept", [])])],
  ])("keeps the process up when the database ends its idle connections (%s), and reconnects", async (_name, open) => {
    await disconnectPrisma();
    // Open idle connections of the one pool.
    await open();
    const errors: unknown[] = [];
    const onUncaught = (e: unknown) => errors.push(e);
    process.on("uncaughtException", onUncaught);
    try {
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      const { rowCount } = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      await admin.end();
      expect(rowCount).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 300));
      expect(errors).toEqual([]);
      // The next statements get fresh connections.
      expect(await queryRows<{ one: number }>("SELECT 1 AS one", [])).toEqual([{ one: 1 }]);
      expect(await prisma.user.count()).toBeGreaterThanOrEqual(0);
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });
});
