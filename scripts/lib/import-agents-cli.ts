// The command behind `npm run import:agents FILE.csv` (scripts/import-agents.mjs):
// opens the database `npm start` uses (DATABASE_URL, or the embedded
// PostgreSQL under DATA_DIR), applies the migrations, and imports the file
// (app/features/hierarchy/import.server.ts), recorded as an import run like an
// upload. Prints the progress and the line-numbered errors; exit code 0 when
// imported, 1 when the file has bad rows (nothing imported) or the import
// failed, 2 on wrong usage.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { createCliRun, runImport } from "../../app/features/hierarchy/import-runs.server";
import { IMPORT_MESSAGES as M } from "../../app/features/hierarchy/import-messages";
import { disconnectPrisma } from "../../app/lib/db.server";
import { openDataDirDatabase } from "../../server/data-dir-database";
import type { EmbeddedDatabase } from "../../server/embedded-postgres";
import { migrate } from "../../server/migrate";

const log = (msg: string) => console.log(`[import:agents] ${msg}`);

export async function runImportCli(args: string[]): Promise<number> {
  const file = args[0];
  if (!file || args.length !== 1) {
    console.error("Usage: npm run import:agents FILE.csv");
    return 2;
  }
  let size: number;
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new Error("not a file");
    size = s.size;
  } catch {
    console.error(`[import:agents] cannot read ${file}`);
    return 2;
  }
  let embedded: EmbeddedDatabase | undefined;
  try {
    const database = await openDataDirDatabase(log);
    embedded = database.embedded;
    await migrate(database.url, { log });
    const run = await createCliRun(path.basename(file), size);
    log(`run ${run.id}: importing ${file} (${size.toLocaleString("en-US")} bytes)`);
    let lastShown = -1;
    const result = await runImport(run.id, createReadStream(file), {
      totalBytes: size,
      onProgress: (p) => {
        if (p.percent === lastShown) return;
        lastShown = p.percent;
        log(`${String(p.percent).padStart(3)}% ${M.statusLabel[p.phase]}: ${p.rowsRead.toLocaleString("en-US")} read, ${p.rowsValid.toLocaleString("en-US")} valid, ${p.rowsWritten.toLocaleString("en-US")} written`);
      },
    });
    if (result.ok) {
      log(
        `done in ${result.ms} ms: ${result.rows} rows, ${result.inserted} new, ${result.updated} updated, ${result.unchanged} unchanged, ` +
          `${result.moved} moved, ${result.closureRows} closure rows rebuilt`,
      );
      return 0;
    }
    console.error(`[import:agents] ${M.statusLabel.REJECTED} (${result.errorCount} error${result.errorCount === 1 ? "" : "s"}):`);
    for (const err of result.errors) console.error(`  line ${err.line}${err.field ? ` ${err.field}` : ""}: ${err.message}`);
    if (result.errorCount > result.errors.length) console.error(`  ${M.moreErrors(result.errors.length, result.errorCount)}`);
    return 1;
  } catch (error) {
    console.error(`[import:agents] failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await disconnectPrisma().catch(() => {});
    await embedded?.stop().catch(() => {});
  }
}
