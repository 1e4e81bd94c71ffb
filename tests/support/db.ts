// A fresh, migrated database per test file:
//
//   import { useTestDatabase } from "../support/db";
//   const db = useTestDatabase();          // at the top of the file
//   it("...", async () => {
//     await prisma.user.create(...);       // `prisma` from ~/lib/db.server now points at it
//     db.url;                              // its URL, e.g. for pg directly
//   });
//
// beforeAll clones the template (CREATE DATABASE ... TEMPLATE portal_template),
// points `prisma` at it (configureDatabase; process.env.DATABASE_URL too, for
// child processes); afterAll disconnects and drops it.
import { afterAll, beforeAll, inject } from "vitest";
import { configureDatabase, disconnectPrisma } from "../../app/lib/db.server";
import { createTestDatabase, dropTestDatabase, type TestDatabase } from "./postgres";

function server() {
  const url = inject("pgUrl") ?? process.env.TEST_PG_URL;
  const template = inject("pgTemplate") ?? process.env.TEST_PG_TEMPLATE;
  if (!url || !template) {
    throw new Error("No test PostgreSQL: tests/support/global-postgres.ts must be this project's globalSetup");
  }
  return { url, template };
}

export interface UsedTestDatabase {
  /** The database URL (valid inside tests and hooks). */
  readonly url: string;
  readonly name: string;
}

export function useTestDatabase(): UsedTestDatabase {
  let db: TestDatabase | undefined;
  let savedUrl: string | undefined;

  beforeAll(async () => {
    const s = server();
    db = await createTestDatabase(undefined, s);
    savedUrl = process.env.DATABASE_URL;
    process.env.DATABASE_URL = db.url; // for a portal or script this test starts as a child process
    await disconnectPrisma();
    configureDatabase(db.url);
  });

  afterAll(async () => {
    await disconnectPrisma();
    if (savedUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = savedUrl;
    if (db) await dropTestDatabase(db, server());
    db = undefined;
  });

  return {
    get url() {
      if (!db) throw new Error("useTestDatabase(): the database exists only inside tests and hooks");
      return db.url;
    },
    get name() {
      if (!db) throw new Error("useTestDatabase(): the database exists only inside tests and hooks");
      return db.name;
    },
  };
}
