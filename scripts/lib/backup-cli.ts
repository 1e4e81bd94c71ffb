// The commands behind `npm run backup` and `npm run restore` (scripts/backup.mjs,
// scripts/restore.mjs). Exit codes: 0 done, 1 failed, 2 wrong usage.
import path from "node:path";
import { env } from "../../app/lib/env.server";
import { backup, BackupError, restore } from "./backup";

const log = (msg: string) => console.log(`[backup] ${msg}`);

function stamp(d = new Date()) {
  return d.toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");
}

export async function runBackupCli(args: string[]): Promise<number> {
  const withKey = args.includes("--with-key");
  const rest = args.filter((a) => a !== "--with-key");
  if (rest.length > 1 || rest.some((a) => a.startsWith("-"))) {
    console.error("Usage: npm run backup [-- [--with-key] FOLDER]   (default FOLDER: ./backups/portal-<UTC time>)");
    return 2;
  }
  const e = env();
  if (e.DATABASE_URL) {
    console.error(
      "[backup] DATABASE_URL is set: back the external database up with its own tools (pg_dump of the server's version, or the managed service's snapshots) and the stored files with your storage's (docs/operations.md, 'Backups'). npm run backup copies the embedded database only.",
    );
    return 1;
  }
  const out = path.resolve(rest[0] ?? path.join("backups", `portal-${stamp()}`));
  try {
    const m = await backup({ dataDir: e.dataDir, out, withKey, log });
    log(`Backup written to ${out}: database at WAL ${m.database.stopLsn}, ${m.files.length} stored files${m.withKey ? ", with ENCRYPTION_KEY" : ""}`);
    if (!m.withKey) log("ENCRYPTION_KEY is not in the backup: keep it apart (the restored portal needs it to read SSNs, tax ids, bank and card numbers)");
    return 0;
  } catch (error) {
    console.error(`[backup] failed: ${error instanceof BackupError ? error.message : error instanceof Error ? error.stack : String(error)}`);
    return 1;
  }
}

export async function runRestoreCli(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith("-")) {
    console.error("Usage: DATA_DIR=/new/empty/folder npm run restore -- BACKUP_FOLDER");
    return 2;
  }
  const e = env();
  try {
    const m = await restore({ from: args[0]!, dataDir: e.dataDir, log: (msg) => console.log(`[restore] ${msg}`) });
    if (!m.withKey) console.log(`[restore] Start the portal on DATA_DIR=${e.dataDir} with the old portal's ENCRYPTION_KEY (it is not in the backup)`);
    return 0;
  } catch (error) {
    console.error(`[restore] failed: ${error instanceof BackupError ? error.message : error instanceof Error ? error.stack : String(error)}`);
    return 1;
  }
}
