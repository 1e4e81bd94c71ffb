// `npm run backup` and `npm run restore` (scripts/backup.mjs, scripts/restore.mjs):
// an online, consistent copy of the embedded PostgreSQL and of every stored
// file, and its restore into a new DATA_DIR. Decision 0043.
//
// The database: PostgreSQL's low-level base backup (pg_backup_start /
// pg_backup_stop, non-exclusive, on one superuser connection) while the portal
// runs. A temporary physical replication slot made first keeps every WAL
// segment from the backup's start until the copy of pg_wal at its end, so the
// copy recovers to the moment pg_backup_stop returned: a consistent database,
// with no pg_dump (Debian's is 15; the embedded server is 18 and ships none).
//
// The files: every stored_files row of the live database read after
// pg_backup_stop, and the bytes of every row deleted since the backup began
// (decision 0079: from before its start to its end the backup holds an
// advisory lock under which a deleted row's key is listed in blob_removals by a
// trigger in the deleting transaction and the portal does not remove listed
// bytes), so every row of the copy has its bytes; copied through the
// storage backend (local disk or S3) and checked against the row's SHA-256.
// At its end the backup removes the listed bytes.
//
// Secrets: the copy has DATA_DIR/secrets.json without ENCRYPTION_KEY (a stolen
// backup gives rows, not the key: keep the key apart, docs/operations.md),
// unless --with-key. restore writes the new DATA_DIR's secrets.json from the
// backup's; the restored portal is started with the old ENCRYPTION_KEY.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, readFileSync, statSync } from "node:fs";
import { chmod, chown, copyFile, lstat, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../../server/embedded-postgres";
import { isProcessAlive } from "~/lib/pid.server";
import { configureDatabase, disconnectPrisma } from "../../app/lib/db.server";
import { BACKUP_FILES_LOCK, removeDeferredBlobs, storageBackend } from "../../app/lib/storage.server";

export const BACKUP_FORMAT = 1;

export type Manifest = {
  format: number;
  createdAt: string;
  /** Where the database came from. */
  database: { kind: "embedded"; serverVersion: string; startLsn: string; stopLsn: string };
  /** The migrations applied in the copy (restore checks them). */
  migrations: string[];
  files: Array<{ storageKey: string; byteSize: number; sha256: string }>;
  /** stored_files rows whose bytes were gone when copied (deleted while the backup ran). */
  missingFiles: string[];
  withKey: boolean;
};

type Log = (msg: string) => void;

// ---------------------------------------------------------------- secrets

/** DATA_DIR/secrets.json as it is (the backup never generates a secret). */
export function readSecrets(dataDir: string): Record<string, string> {
  const file = path.join(dataDir, "secrets.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>) : {};
}

function requireSecret(value: string | undefined, name: string): string {
  if (!value) throw new BackupError(`${name} is neither set nor in secrets.json: the database cannot be opened.`);
  return value;
}

// ---------------------------------------------------------------- the copy of the cluster

/** What pg_basebackup leaves out: contents PostgreSQL rebuilds or must not see again. */
const SKIP_CONTENTS = new Set(["pg_wal", "pg_replslot", "pg_stat_tmp", "pg_dynshmem", "pg_notify", "pg_serial", "pg_snapshots", "pg_subtrans"]);
const SKIP_FILES = new Set(["postmaster.pid", "postmaster.opts", "backup_label", "tablespace_map", "backup_label.old", "backup_manifest"]);

async function copyTree(from: string, to: string, top = true): Promise<number> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  let bytes = 0;
  let entries: string[];
  try {
    entries = await readdir(from);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0; // dropped while we copied
    throw error;
  }
  for (const name of entries) {
    if (top && SKIP_FILES.has(name)) continue;
    if (name.startsWith("pgsql_tmp")) continue;
    const src = path.join(from, name);
    const dst = path.join(to, name);
    let st;
    try {
      st = await lstat(src);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    if (st.isDirectory()) {
      if (top && SKIP_CONTENTS.has(name)) {
        await mkdir(dst, { recursive: true, mode: 0o700 });
        if (name === "pg_wal") await mkdir(path.join(dst, "archive_status"), { recursive: true, mode: 0o700 });
        continue;
      }
      bytes += await copyTree(src, dst, false);
    } else if (st.isFile()) {
      try {
        await copyFile(src, dst);
        bytes += st.size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error; // a relation dropped meanwhile: WAL replays the drop
      }
    }
  }
  return bytes;
}

/** The port of the embedded PostgreSQL running on this data directory, if one runs. */
export function runningServerPort(databaseDir: string): number | undefined {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isSafeInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return undefined;
  return Number.isSafeInteger(port) && port > 0 ? port : undefined;
}

// ---------------------------------------------------------------- backup

export type BackupOptions = { dataDir: string; out: string; withKey?: boolean; log?: Log };

export async function backup(opts: BackupOptions): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const dataDir = path.resolve(opts.dataDir);
  const out = path.resolve(opts.out);
  const databaseDir = path.join(dataDir, "postgres");
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    throw new BackupError(`There is no embedded database under ${databaseDir} (DATA_DIR=${dataDir}).`);
  }
  if (out === dataDir || out.startsWith(dataDir + path.sep)) throw new BackupError(`The backup folder ${out} must not be inside DATA_DIR (${dataDir}).`);
  if (existsSync(out) && (await readdir(out)).length > 0) throw new BackupError(`The backup folder ${out} is not empty.`);
  const secrets = { ...readSecrets(dataDir) };
  const superuserPassword = requireSecret(process.env.EMBEDDED_PG_SUPERUSER_PASSWORD || secrets.EMBEDDED_PG_SUPERUSER_PASSWORD, "EMBEDDED_PG_SUPERUSER_PASSWORD");

  // The portal's own server when it runs; otherwise start one for the copy.
  let port = runningServerPort(databaseDir);
  let own: EmbeddedDatabase | undefined;
  if (port === undefined) {
    log("The portal is not running: starting its embedded PostgreSQL for the backup");
    own = await startEmbeddedPostgres({
      dataDir: databaseDir,
      superuserPassword,
      appPassword: requireSecret(process.env.EMBEDDED_PG_APP_PASSWORD || secrets.EMBEDDED_PG_APP_PASSWORD, "EMBEDDED_PG_APP_PASSWORD"),
      log,
    });
    port = Number(new URL(own.url).port);
  }
  await mkdir(out, { recursive: true, mode: 0o700 });
  await chmod(out, 0o700);
  const su = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: superuserPassword, database: "portal" });
  await su.connect();
  let locked = false;
  try {
    // From here on the portal lists the bytes it would remove instead of removing them (until this
    // connection ends): a row the copy holds keeps its bytes, though it is deleted a moment later.
    await su.query("SELECT pg_advisory_lock(hashtext($1))", [BACKUP_FILES_LOCK]);
    locked = true;
    const serverVersion = (await su.query<{ v: string }>("SHOW server_version")).rows[0]!.v;
    const slot = `portal_backup_${process.pid}`;
    // Temporary: dropped when this connection ends, whatever happens to us.
    await su.query("SELECT pg_create_physical_replication_slot($1, true, true)", [slot]);
    const label = `portal backup ${new Date().toISOString()}`;
    const start = (await su.query<{ lsn: string }>("SELECT pg_backup_start($1, true) AS lsn", [label])).rows[0]!.lsn;
    log(`Database backup started at WAL ${start}`);
    let stop: { lsn: string; labelfile: string; spcmapfile: string | null };
    try {
      const bytes = await copyTree(databaseDir, path.join(out, "postgres"));
      log(`Copied the database files (${(bytes / 1024 / 1024).toFixed(1)} MiB)`);
    } finally {
      stop = (await su.query("SELECT lsn::text, labelfile, spcmapfile FROM pg_backup_stop(false)")).rows[0];
    }
    await writeFile(path.join(out, "postgres", "backup_label"), stop.labelfile, { mode: 0o600 });
    if (stop.spcmapfile) await writeFile(path.join(out, "postgres", "tablespace_map"), stop.spcmapfile, { mode: 0o600 });
    // The WAL from the start to the stop (kept by the slot), after the stop.
    const firstSegment = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(stop.labelfile)?.[1];
    await copyWal(path.join(databaseDir, "pg_wal"), path.join(out, "postgres", "pg_wal"), firstSegment);
    log(`Database backup stopped at WAL ${stop.lsn}`);

    await awaitCommitsInFlight(su, log);

    const migrations = (
      await su.query<{ migration_name: string }>("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name")
    ).rows.map((r) => r.migration_name);
    // The rows now, and the bytes of the rows deleted since the lock (the copy may hold them).
    const rows = (await su.query<{ storage_key: string; byte_size: number | null; sha256: string | null }>(
      `SELECT storage_key, byte_size, sha256 FROM stored_files
       UNION ALL
       SELECT r.storage_key, NULL, NULL FROM blob_removals r WHERE NOT EXISTS (SELECT 1 FROM stored_files f WHERE f.storage_key = r.storage_key)
       ORDER BY storage_key`,
    )).rows;
    const { files, missing } = await copyStoredFiles(rows, path.join(out, "files"), log);

    const kept = { ...secrets };
    if (!opts.withKey) delete kept.ENCRYPTION_KEY;
    await writeFile(path.join(out, "secrets.json"), JSON.stringify(kept, null, 2), { mode: 0o600 });
    for (const extra of ["idp-jwks.json"]) {
      if (existsSync(path.join(dataDir, extra))) await copyFile(path.join(dataDir, extra), path.join(out, extra));
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: { kind: "embedded", serverVersion, startLsn: start, stopLsn: stop.lsn },
      migrations,
      files,
      missingFiles: missing,
      withKey: Boolean(opts.withKey && secrets.ENCRYPTION_KEY),
    };
    // Written last: a folder without manifest.json is an unfinished backup.
    await writeFile(path.join(out, "manifest.json"), JSON.stringify(manifest, null, 2), { mode: 0o600 });
    return manifest;
  } finally {
    if (locked) {
      // The lock first (from now on the portal removes bytes at once), then what it listed meanwhile.
      await su.query("SELECT pg_advisory_unlock(hashtext($1))", [BACKUP_FILES_LOCK]).catch(() => {});
      await removeListedBlobs(port, superuserPassword, log).catch((error: Error) => log(`The bytes listed for removal stay for the hourly purge: ${error.message}`));
    }
    await su.end().catch(() => {});
    await own?.stop().catch(() => {});
  }
}

/** The bytes the portal listed instead of removing while the backup ran: removed by the purge's own step. */
async function removeListedBlobs(port: number, superuserPassword: string, log: Log) {
  configureDatabase(`postgresql://postgres:${encodeURIComponent(superuserPassword)}@127.0.0.1:${port}/portal`);
  try {
    const removed = await removeDeferredBlobs();
    if (removed) log(`Removed ${removed} stored file${removed === 1 ? "" : "s"} deleted while the backup ran`);
  } finally {
    await disconnectPrisma();
  }
}

/** The WAL segments from `firstSegment` on (older ones are not needed to recover the copy). */
async function copyWal(from: string, to: string, firstSegment?: string) {
  await mkdir(path.join(to, "archive_status"), { recursive: true, mode: 0o700 });
  for (const name of await readdir(from)) {
    if (!/^[0-9A-F]{24}(\.partial)?$|\.history$/.test(name)) continue;
    if (firstSegment && /^[0-9A-F]{24}/.test(name) && name.slice(0, 24) < firstSegment) continue;
    try {
      await copyFile(path.join(from, name), path.join(to, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error; // recycled: older than the slot's start
    }
  }
}

/**
 * The restored database replays every WAL record the copy holds, and the copy was made after
 * pg_backup_stop, so it can hold the commit of a transaction that no snapshot shows yet: PostgreSQL
 * writes a commit to the WAL a moment before it makes it visible. A stored_files row of such a
 * transaction was in the restore but not in the list of files to copy (a fresh clone, 27 Nov: one
 * restored row of 'npm run backup during writes' without its file). So, before the rows are read,
 * every transaction running when the WAL copy ended has finished: its rows are visible, its file is
 * copied. A transaction still running after 30 s cannot have had its commit in the copy (the
 * window is a moment), so the wait ends there.
 *
 * A snapshot lists only the running transactions below its xmax (one past the newest finished
 * one): the newest writer's transaction, still running while no later one has finished, is not in
 * the list (a fresh clone, 27 Nov, session 14: the same row without its file, one run in many).
 * So this connection first takes an xid of its own and finishes: every transaction that began
 * before it has a smaller xid, below the next snapshot's xmax, and is listed while it runs.
 */
export async function awaitCommitsInFlight(su: pg.Client, log: Log) {
  await su.query("SELECT pg_current_xact_id()"); // autocommit: an xid, finished at once
  const running = (await su.query<{ xip: string[] }>("SELECT ARRAY(SELECT pg_snapshot_xip(pg_current_snapshot())::text) AS xip")).rows[0]!.xip;
  const until = Date.now() + 30_000;
  let pending = running;
  while (pending.length > 0 && Date.now() < until) {
    // Still in a new snapshot's list of running transactions (its commit status alone can be set a
    // moment before the commit is visible).
    pending = (
      await su.query<{ x: string }>(
        "SELECT x::text FROM unnest($1::xid8[]) AS x WHERE x IN (SELECT pg_snapshot_xip(pg_current_snapshot()))",
        [running],
      )
    ).rows.map((r) => r.x);
    if (pending.length > 0) await new Promise((r) => setTimeout(r, 20));
  }
  if (pending.length > 0) log(`${pending.length} transaction(s) still running after 30 s: not in this backup`);
}

/** Rows without sha256 are bytes listed for removal: copied when still there, checked by nothing. */
async function copyStoredFiles(rows: Array<{ storage_key: string; byte_size: number | null; sha256: string | null }>, to: string, log: Log) {
  const backend = await storageBackend();
  const files: Manifest["files"] = [];
  const missing: string[] = [];
  for (const row of rows) {
    if (!/^[0-9]{4}\/[0-9]{2}\/[0-9a-f-]{36}$/.test(row.storage_key)) throw new BackupError(`Unexpected storage key ${JSON.stringify(row.storage_key)}`);
    let opened;
    try {
      opened = await backend.open(row.storage_key);
    } catch (error) {
      if ((error as Error).name === "StoredFileMissingError") {
        if (row.sha256 !== null) missing.push(row.storage_key);
        continue;
      }
      throw error;
    }
    const target = path.join(to, ...row.storage_key.split("/"));
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const hash = createHash("sha256");
    opened.stream.on("data", (c: Buffer) => hash.update(c));
    await pipeline(opened.stream, createWriteStream(target, { mode: 0o600 }));
    const sha256 = hash.digest("hex");
    if (row.sha256 !== null && sha256 !== row.sha256) throw new BackupError(`Stored file ${row.storage_key} does not match its SHA-256 (storage damaged?)`);
    files.push({ storageKey: row.storage_key, byteSize: row.byte_size ?? opened.byteSize, sha256 });
  }
  log(`Copied ${files.length} stored file${files.length === 1 ? "" : "s"}${missing.length ? ` (${missing.length} deleted while the backup ran)` : ""}`);
  return { files, missing };
}

// ---------------------------------------------------------------- restore

export type RestoreOptions = { from: string; dataDir: string; log?: Log };

export async function restore(opts: RestoreOptions): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const from = path.resolve(opts.from);
  const dataDir = path.resolve(opts.dataDir);
  const manifestFile = path.join(from, "manifest.json");
  if (!existsSync(manifestFile)) throw new BackupError(`${from} is not a finished backup (no manifest.json).`);
  const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as Manifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${from} is a backup of format ${manifest.format}; this portal reads format ${BACKUP_FORMAT}.`);
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) throw new BackupError(`DATA_DIR ${dataDir} is not empty: restore into a new, empty folder.`);

  // Check every file before writing anything.
  for (const f of manifest.files) {
    const file = path.join(from, "files", ...f.storageKey.split("/"));
    if (!existsSync(file) || (await sha256File(file)) !== f.sha256) throw new BackupError(`The backup's file ${f.storageKey} is missing or damaged.`);
  }
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755);
  const databaseDir = path.join(dataDir, "postgres");
  await copyTree(path.join(from, "postgres"), databaseDir);
  // copyTree leaves the backup_label out (a live cluster's must not be copied): this one belongs here.
  await copyFile(path.join(from, "postgres", "backup_label"), path.join(databaseDir, "backup_label"));
  if (existsSync(path.join(from, "postgres", "tablespace_map"))) await copyFile(path.join(from, "postgres", "tablespace_map"), path.join(databaseDir, "tablespace_map"));
  await copyWal(path.join(from, "postgres", "pg_wal"), path.join(databaseDir, "pg_wal"));
  await ownForPostgres(databaseDir);
  const filesDir = path.join(dataDir, "files");
  await mkdir(filesDir, { recursive: true, mode: 0o700 });
  for (const f of manifest.files) {
    const target = path.join(filesDir, ...f.storageKey.split("/"));
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await copyFile(path.join(from, "files", ...f.storageKey.split("/")), target);
  }
  await copyFile(path.join(from, "secrets.json"), path.join(dataDir, "secrets.json"));
  await chmod(path.join(dataDir, "secrets.json"), 0o600);
  if (existsSync(path.join(from, "idp-jwks.json"))) await copyFile(path.join(from, "idp-jwks.json"), path.join(dataDir, "idp-jwks.json"));

  // Recover now (replays the WAL up to the backup's end), so a damaged backup shows here, not at the next start.
  const secrets = readSecrets(dataDir);
  const db = await startEmbeddedPostgres({
    dataDir: databaseDir,
    superuserPassword: requireSecret(secrets.EMBEDDED_PG_SUPERUSER_PASSWORD, "EMBEDDED_PG_SUPERUSER_PASSWORD"),
    appPassword: requireSecret(secrets.EMBEDDED_PG_APP_PASSWORD, "EMBEDDED_PG_APP_PASSWORD"),
    log,
  });
  try {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const have = (await client.query<{ migration_name: string }>("SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name")).rows.map(
        (r) => r.migration_name,
      );
      if (have.join() !== manifest.migrations.join()) throw new BackupError("The restored database does not have the migrations the backup recorded.");
    } finally {
      await client.end().catch(() => {});
    }
  } finally {
    await db.stop();
  }
  log(`Restored the backup of ${manifest.createdAt} into ${dataDir}: the database (recovered to WAL ${manifest.database.stopLsn}) and ${manifest.files.length} stored files`);
  return manifest;
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** As root the embedded server runs as `postgres`: its data directory must be that user's, mode 0700. */
async function ownForPostgres(dir: string) {
  await chmod(dir, 0o700);
  if (process.getuid?.() !== 0) return;
  const { execFileSync } = await import("node:child_process");
  let ids: { uid: number; gid: number };
  try {
    ids = {
      uid: Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
      gid: Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
    };
  } catch {
    return; // no postgres user yet: embedded-postgres creates it and takes ownership at start
  }
  const walk = async (p: string) => {
    await chown(p, ids.uid, ids.gid);
    if (statSync(p).isDirectory()) for (const n of await readdir(p)) await walk(path.join(p, n));
  };
  await walk(dir);
}

export class BackupError extends Error {
  override name = "BackupError";
}

