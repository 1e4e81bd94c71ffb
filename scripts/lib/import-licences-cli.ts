// The command behind `npm run import:licences FILE.csv` (scripts/import-licences.mjs, decision
// 0072): opens the database `npm start` uses, applies the migrations and imports the file
// (app/features/licences/import.server.ts), recorded as a licence import run like an upload. Prints
// the counts or the line-numbered errors; exit code 0 when imported, 1 when the file has bad rows
// (nothing imported) or the import failed, 2 on wrong usage (runImportCommand, scripts/lib/import-cli.ts).
import { createReadStream } from "node:fs";
import path from "node:path";
import { IMPORT_MESSAGES as FILE_M } from "../../app/features/hierarchy/import-messages";
import { createLicenceCliRun, runLicenceImport } from "../../app/features/licences/import.server";
import { LICENCE_IMPORT_MESSAGES as M } from "../../app/features/licences/import-messages";
import { runImportCommand } from "./import-cli";

export function runLicenceImportCli(args: string[]): Promise<number> {
  return runImportCommand("import:licences", args, async (file, size, log) => {
    const run = await createLicenceCliRun(path.basename(file), size);
    log(`run ${run.id}: importing ${file} (${size.toLocaleString("en-US")} bytes)`);
    const result = await runLicenceImport(run, createReadStream(file), (p) => log(`${String(p.percent).padStart(3)}% ${M.statusLabel[p.phase]}: ${p.rowsRead} rows read`));
    if (!result.ok) return { label: M.statusLabel.REJECTED, errorCount: result.errorCount, errors: result.errors, moreErrors: FILE_M.moreErrors };
    log(
      `done: ${result.rows} rows, ${result.licences} licences of ${result.npns} NPNs: ${result.inserted} new, ${result.updated} updated, ` +
        `${result.unchanged} unchanged, ${result.skipped} left out (no life, health or variable line)`,
    );
    return true;
  });
}
