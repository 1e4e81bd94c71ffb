// The backup's wait for the transactions whose commit can be in its copy of
// the WAL but not yet visible (scripts/lib/backup.ts awaitCommitsInFlight).
// A fresh clone (27 Nov, session 14) restored a stored_files row without its
// file: the wait had read the running transactions from pg_current_snapshot()'s
// list, which leaves out a running transaction whose xid is not below the
// snapshot's xmax (no later transaction had finished yet), exactly the newest
// writer's. Here the running transaction took the newest xid.
import pg from "pg";
import { expect, test } from "vitest";
import { awaitCommitsInFlight } from "../../scripts/lib/backup";
import { useTestDatabase } from "../support/db";

const db = useTestDatabase();

test("the backup waits for a running transaction that holds the newest xid before it reads the stored files", async () => {
  const writer = new pg.Client({ connectionString: db.url });
  const backup = new pg.Client({ connectionString: db.url });
  await writer.connect();
  await backup.connect();
  try {
    await writer.query("BEGIN");
    await writer.query("SELECT pg_current_xact_id()"); // the newest xid, still running
    let committedAt = 0;
    const commit = (async () => {
      await new Promise((r) => setTimeout(r, 700));
      committedAt = Date.now();
      await writer.query("COMMIT");
    })();
    await awaitCommitsInFlight(backup, () => {});
    const returnedAt = Date.now();
    await commit;
    expect(returnedAt, "the wait returned while the newest transaction was still running").toBeGreaterThanOrEqual(committedAt);
  } finally {
    await writer.end().catch(() => {});
    await backup.end().catch(() => {});
  }
});
