// The command behind `npm run import:licences FILE.csv` (scripts/import-licences.mjs, decision
// 0072): opens the database `npm start` uses, applies the migrations and imports the file
// (app/features/licences/import.server.ts), recorded as a licence import run like an upload. Prints
// the counts or the line-numbered errors; exit code 0 when imported, 1 when the file has bad rows
// (nothing imported) or the import failed, 2 on wrong usage.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { IMPORT_MESSAGES as FILE_M } from "../../app/features/hierarchy/import-messages";
import { createLicenceCliRun, runLicenceImport } from "../../app/features/licences/import.server";
import { LICENCE_IMPORT_MESSAGES as M } from "../../app/features/licences/import-messages";
import { disconnectPrisma } from "../../app/lib/db.server";
import { openDataDirDatabase } from "../../server/data-dir-database";
import type { EmbeddedDatabase } from "../../server/embedded-postgres";
import { migrate } from "../../server/migrate";

const log = (msg: string) => console.log(`[import:licences] ${msg}`);

export async function runLicenceImportCli(args: string[]): Promise<number> {
  const file = args[0];
  if (!file || args.length !== 1) {
    console.error("Usage: npm run import:licences FILE.csv");
    return 2;
  }
  let size: number;
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new Error("not a file");
    size = s.size;
  } catch {
    console.error(`[import:licences] cannot read ${file}`);
    return 2;
  }
  let embedded: EmbeddedDatabase | undefined;
  try {
    const database = await openDataDirDatabase(log);
    embedded = database.embedded;
    await migrate(database.url, { log });
    const run = await createLicenceCliRun(path.basename(file), size);
    log(`run ${run.id}: importing ${file} (${size.toLocaleString("en-US")} bytes)`);
    const result = await runLicenceImport(run, createReadStream(file), (p) => log(`${String(p.percent).padStart(3)}% ${M.statusLabel[p.phase]}: ${p.rowsRead} rows read`));
    if (result.ok) {
      log(
        `done: ${result.rows} rows, ${result.licences} licences of ${result.npns} NPNs: ${result.inserted} new, ${result.updated} updated, ` +
          `${result.unchanged} unchanged, ${result.skipped} left out (no life, health or variable line)`,
      );
      return 0;
    }
    console.error(`[import:licences] ${M.statusLabel.REJECTED} (${result.errorCount} error${result.errorCount === 1 ? "" : "s"}):`);
    for (const err of result.errors) console.error(`  line ${err.line}${err.field ? ` ${err.field}` : ""}: ${err.message}`);
    if (result.errorCount > result.errors.length) console.error(`  ${FILE_M.moreErrors(result.errors.length, result.errorCount)}`);
    return 1;
  } catch (error) {
    console.error(`[import:licences] failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await disconnectPrisma().catch(() => {});
    await embedded?.stop().catch(() => {});
  }
}
