// Issue 19 item 9: `npm run backup` while the portal runs and writes, then
// `npm run restore` into a new DATA_DIR, and the portal started on it.
// The default embedded set-up (new port on every start), the real commands.
//
// A writer commits, one transaction at a time, a stored file (bytes first,
// then its stored_files row, as the portal does) together with a numbered
// probe row during the whole backup. After the restore:
// - the probe rows are 1..k without a gap (the copy is one consistent moment)
//   and k lies between the count before and after the backup;
// - every stored_files row has its bytes, with its SHA-256 (the files match
//   the database), though the portal deletes stored files (its own
//   deleteFile) all through the backup (decision 0079: a row deleted after
//   the copy of the database is still in it), and the source keeps no bytes
//   of a deleted file after the backup;
// - every other table has the rows it had at the source;
// - the portal starts on the restored DATA_DIR with the old ENCRYPTION_KEY
//   (which the backup does not hold), answers, and the SSN decrypts.
import { spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, test } from "vitest";
import { createFieldCipher } from "../../app/lib/crypto.server";
import { configureDatabase, disconnectPrisma } from "../../app/lib/db.server";
import { resetEnvCache } from "../../app/lib/env.server";
import { deleteFile, resetStorageBackend } from "../../app/lib/storage.server";
import { repoRoot, startApp, type AppHandle } from "../support/app-server";

const apps: AppHandle[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const app of apps) await app.dispose().catch(() => undefined);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(prefix: string) {
  const d = mkdtempSync(path.join(os.tmpdir(), prefix));
  chmodSync(d, 0o755);
  dirs.push(d);
  return d;
}

function run(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, "scripts", script), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

function secrets(dataDir: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8"));
}

/** The portal's own URL of its embedded database (port from postmaster.pid: it changes at every start). */
function embeddedUrl(dataDir: string) {
  const port = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[3]);
  return `postgresql://portal_app:${encodeURIComponent(secrets(dataDir).EMBEDDED_PG_APP_PASSWORD!)}@127.0.0.1:${port}/portal`;
}

async function connectEmbedded(dataDir: string) {
  const client = new pg.Client({ connectionString: embeddedUrl(dataDir) });
  await client.connect();
  return client;
}

async function tableCounts(db: pg.Client) {
  const tables = (
    await db.query<{ t: string }>(
      "SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('backup_probe', 'stored_files', 'blob_removals', 'sessions') ORDER BY 1",
    )
  ).rows.map((r) => r.t);
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = Number((await db.query(`SELECT count(*) AS n FROM "${t}"`)).rows[0].n);
  return counts;
}

test("npm run backup during writes, npm run restore into a new DATA_DIR: one consistent moment, files with their rows, the portal starts on it", async () => {
  const app = await startApp({ databaseUrl: null, env: { SEED_DEMO_DATA: "true" } });
  apps.push(app);
  const db = await connectEmbedded(app.dataDir);
  await db.query("CREATE TABLE backup_probe (n integer PRIMARY KEY, storage_key text NOT NULL)");

  // The writer: a stored file and a probe row per transaction, until told to stop.
  let n = 0;
  let writing = true;
  const write = async () => {
    const key = `2026/11/${randomUUID()}`;
    const bytes = Buffer.from(`probe file ${n + 1} ${randomUUID()}`.repeat(50));
    const file = path.join(app.dataDir, "files", ...key.split("/"));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    await db.query("BEGIN");
    await db.query(
      "INSERT INTO stored_files (id, storage_key, file_name, content_type, byte_size, sha256) VALUES ($1, $2, 'probe.txt', 'text/plain', $3, $4)",
      [randomUUID(), key, bytes.length, createHash("sha256").update(bytes).digest("hex")],
    );
    await db.query("INSERT INTO backup_probe (n, storage_key) VALUES ($1, $2)", [n + 1, key]);
    await db.query("COMMIT");
    n += 1;
  };
  for (let i = 0; i < 20; i++) await write();

  // Stored files the portal deletes during the backup, with its own deleteFile (row, then bytes),
  // from this process on the portal's DATA_DIR and database.
  process.env.DATA_DIR = app.dataDir;
  resetEnvCache();
  resetStorageBackend();
  configureDatabase(embeddedUrl(app.dataDir));
  const doomed: Array<{ id: string; storageKey: string }> = [];
  for (let i = 0; i < 400; i++) {
    const key = `2026/11/${randomUUID()}`;
    const bytes = Buffer.from(`doomed ${i} ${randomUUID()}`);
    const file = path.join(app.dataDir, "files", ...key.split("/"));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
    const id = randomUUID();
    await db.query("INSERT INTO stored_files (id, storage_key, file_name, content_type, byte_size, sha256) VALUES ($1, $2, 'doomed.txt', 'text/plain', $3, $4)", [
      id,
      key,
      bytes.length,
      createHash("sha256").update(bytes).digest("hex"),
    ]);
    doomed.push({ id, storageKey: key });
  }
  const deleted: string[] = [];
  const deleter = (async () => {
    while (writing && doomed.length > 0) {
      const f = doomed.shift()!;
      await deleteFile(f);
      deleted.push(f.storageKey);
      await new Promise((r) => setTimeout(r, 3));
    }
  })();
  const writer = (async () => {
    while (writing) await write();
  })();
  const before = n;
  const backupDir = path.join(tempDir("portal-backup-"), "b");
  const backup = await run("backup.mjs", [backupDir], { DATA_DIR: app.dataDir });
  const after = n;
  const deletedDuring = deleted.length;
  writing = false;
  await writer;
  await deleter;
  await disconnectPrisma();
  expect(backup.code, backup.out).toBe(0);
  expect(backup.out).toContain("Backup written to");
  const sourceCounts = await tableCounts(db);
  await db.end();
  expect(after).toBeGreaterThan(before); // the writer really wrote during the backup
  expect(deletedDuring, "the portal deleted stored files during the backup").toBeGreaterThan(0);
  // Nothing of a deleted file stays at the source: the bytes the backup kept are removed at its end.
  expect(deleted.filter((key) => existsSync(path.join(app.dataDir, "files", ...key.split("/"))))).toEqual([]);

  // The key stays out of the backup.
  const oldKey = secrets(app.dataDir).ENCRYPTION_KEY!;
  expect(oldKey).toBeTruthy();
  expect(readFileSync(path.join(backupDir, "secrets.json"), "utf8")).not.toContain(oldKey);

  // Restore into a folder that is not empty: refused, nothing touched.
  const busy = tempDir("portal-restore-busy-");
  writeFileSync(path.join(busy, "keep.txt"), "x");
  const refused = await run("restore.mjs", [backupDir], { DATA_DIR: busy });
  expect(refused.code).toBe(1);
  expect(refused.out).toMatch(/not empty/);

  const target = path.join(tempDir("portal-restored-"), "data");
  const restored = await run("restore.mjs", [backupDir], { DATA_DIR: target });
  expect(restored.code, restored.out).toBe(0);
  expect(restored.out).toContain("Restored the backup");

  // The portal on the restored DATA_DIR (its own new port), with the old key.
  const again = await startApp({ databaseUrl: null, dataDir: target, env: { ENCRYPTION_KEY: oldKey } });
  apps.push(again);
  expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
  const rdb = await connectEmbedded(target);
  try {
    const probes = (await rdb.query<{ n: number; storage_key: string }>("SELECT n, storage_key FROM backup_probe ORDER BY n")).rows;
    const k = probes.length;
    expect(k).toBeGreaterThanOrEqual(before);
    expect(k).toBeLessThanOrEqual(after + 1);
    expect(probes.map((p) => p.n)).toEqual(Array.from({ length: k }, (_, i) => i + 1));
    // Every stored file of the restored database is there, byte for byte.
    const files = (await rdb.query<{ storage_key: string; sha256: string }>("SELECT storage_key, sha256 FROM stored_files")).rows;
    expect(files.length).toBeGreaterThan(k); // the demo documents too
    for (const f of files) {
      const p = path.join(target, "files", ...f.storage_key.split("/"));
      expect(existsSync(p), `${f.storage_key} has no file in the restored DATA_DIR; the backup said:\n${backup.out}`).toBe(true);
      expect(createHash("sha256").update(readFileSync(p)).digest("hex")).toBe(f.sha256);
    }
    expect(new Set(probes.map((p) => p.storage_key)).size).toBe(k);
    expect(files.filter((f) => probes.some((p) => p.storage_key === f.storage_key))).toHaveLength(k);
    // Every other table as it was.
    expect(await tableCounts(rdb)).toEqual(sourceCounts);
    // Encrypted data reads with the old key.
    const ssn = (await rdb.query<{ s: string }>("SELECT ssn_encrypted AS s FROM appointment_personal WHERE ssn_encrypted IS NOT NULL LIMIT 1")).rows[0]!.s;
    expect(createFieldCipher(oldKey).decrypt(ssn)).toMatch(/^\d{9}$/);
  } finally {
    await rdb.end();
  }
}, 300_000);
