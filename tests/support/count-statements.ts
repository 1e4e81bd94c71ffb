// The statements a piece of server code sends to PostgreSQL (db.server.ts's
// queryLog: Prisma's and queryRows' statements, BEGIN/COMMIT excluded), for
// the tests that guard a page's or a save's statement count; `prepared`: how many of
// them ran as named prepared statements (planned once per connection).
import { queryLog } from "~/lib/db.server";

export async function countStatements<T>(f: () => Promise<T>): Promise<{ count: number; prepared: number; recent: string[]; value: T }> {
  queryLog.on = true;
  queryLog.count = 0;
  queryLog.prepared = 0;
  queryLog.recent.length = 0;
  try {
    const value = await f();
    return { count: queryLog.count, prepared: queryLog.prepared, recent: [...queryLog.recent], value };
  } finally {
    queryLog.on = false;
  }
}
