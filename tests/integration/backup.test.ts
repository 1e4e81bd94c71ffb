// What `npm run backup` relies on in the live database (scripts/lib/backup.ts):
//
// 1. Its wait for the transactions whose commit can be in its copy of the WAL
//    but not yet visible (awaitCommitsInFlight).
// A fresh clone (27 Nov, session 14) restored a stored_files row without its
// file: the wait had read the running transactions from pg_current_snapshot()'s
// list, which leaves out a running transaction whose xid is not below the
// snapshot's xmax (no later transaction had finished yet), exactly the newest
// writer's. Here the running transaction took the newest xid.
//
// 2. Bytes outliving their row while a backup runs (decision 0079): its copy of
//    the database can hold a row deleted a moment later, so under the backup's
//    lock the portal lists the bytes instead of removing them; the backup (or,
//    after a cut-off backup, the hourly purge) removes them.
import { existsSync } from "node:fs";
import pg from "pg";
import { expect, test } from "vitest";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { BACKUP_FILES_LOCK, deleteFile, removeDeferredBlobs, resetStorageBackend, saveFile, storagePath } from "~/lib/storage.server";
import { awaitCommitsInFlight } from "../../scripts/lib/backup";
import { useTestDatabase } from "../support/db";
import { useTempDataDir } from "../support/temp-dir";

const db = useTestDatabase();
useTempDataDir("backup-test");

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

test("while a backup holds its lock, a deleted stored file keeps its bytes (listed); the purge removes them only after the backup", async () => {
  resetEnvCache();
  resetStorageBackend();
  const before = await saveFile({ bytes: Buffer.from("removed before the backup"), fileName: "a.txt", contentType: "text/plain" });
  const during = await saveFile({ bytes: Buffer.from("deleted while the backup runs"), fileName: "b.txt", contentType: "text/plain" });
  await deleteFile(before);
  expect(existsSync(storagePath(before.storageKey)), "no backup runs: removed at once").toBe(false);

  const backup = new pg.Client({ connectionString: db.url });
  await backup.connect();
  try {
    await backup.query("SELECT pg_advisory_lock(hashtext($1))", [BACKUP_FILES_LOCK]);
    await deleteFile(during);
    expect(await prisma.storedFile.count({ where: { id: during.id } })).toBe(0);
    expect(existsSync(storagePath(during.storageKey)), "the backup's copy of the database may hold the row: its bytes stay").toBe(true);
    expect((await backup.query("SELECT storage_key FROM blob_removals")).rows).toEqual([{ storage_key: during.storageKey }]);
    // The hourly purge leaves them while the backup runs.
    expect(await removeDeferredBlobs()).toBe(0);
    expect(existsSync(storagePath(during.storageKey))).toBe(true);
  } finally {
    await backup.end(); // a backup cut off: its lock ends with its connection, the list stays
  }
  expect(await removeDeferredBlobs()).toBe(1);
  expect(existsSync(storagePath(during.storageKey))).toBe(false);
  expect(await prisma.blobRemoval.count()).toBe(0);
});
