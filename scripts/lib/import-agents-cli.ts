// The command behind `npm run import:agents FILE.csv` (scripts/import-agents.mjs):
// opens the database `npm start` uses (DATABASE_URL, or the embedded
// PostgreSQL under DATA_DIR), applies the migrations, and imports the file
// (app/features/hierarchy/import.server.ts), recorded as an import run like an
// upload. Prints the progress and the line-numbered errors; exit code 0 when
// imported, 1 when the file has bad rows (nothing imported) or the import
// failed, 2 on wrong usage (runImportCommand, scripts/lib/import-cli.ts).
import { createReadStream } from "node:fs";
import path from "node:path";
import { createCliRun, runImport } from "../../app/features/hierarchy/import-runs.server";
import { IMPORT_MESSAGES as M } from "../../app/features/hierarchy/import-messages";
import { runImportCommand } from "./import-cli";

export function runImportCli(args: string[]): Promise<number> {
  return runImportCommand("import:agents", args, async (file, size, log) => {
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
    if (!result.ok) return { label: M.statusLabel.REJECTED, errorCount: result.errorCount, errors: result.errors, moreErrors: M.moreErrors };
    log(
      `done in ${result.ms} ms: ${result.rows} rows, ${result.inserted} new, ${result.updated} updated, ${result.unchanged} unchanged, ` +
        `${result.moved} moved, ${result.closureRows} closure rows rebuilt`,
    );
    return true;
  });
}
