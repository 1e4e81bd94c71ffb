// vitest globalSetup (integration and e2e projects): one PostgreSQL for the
// whole run with a migrated template database. Tests reach it through
// tests/support/db.ts (useTestDatabase) or createTestDatabase() from
// tests/support/postgres.ts; the server URL is also `inject("pgUrl")`.
import type { TestProject } from "vitest/node";
import { startTestPostgres, stopTestPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the test server's maintenance database. */
    pgUrl: string;
    /** Name of the migrated template database. */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const pg = await startTestPostgres();
  project.provide("pgUrl", pg.url);
  project.provide("pgTemplate", pg.template);
  if (process.env.TEST_PG_VERBOSE === "1") {
    console.log(`[postgres] ${pg.embedded ? "embedded" : "external"} server ready in ${Date.now() - started} ms`);
  }
  return async function teardown() {
    await stopTestPostgres();
  };
}
