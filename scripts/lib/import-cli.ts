// What `npm run import:agents` and `npm run import:licences` share: the usage check, the file,
// the database `npm start` uses (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR) with the
// migrations applied, the line-numbered errors of a refused file, and the exit codes (0 imported,
// 1 bad rows or a failure, 2 wrong usage). `importFile` does the import itself and returns true
// when the file was imported, or the refusal's errors.
import { stat } from "node:fs/promises";
import { disconnectPrisma } from "../../app/lib/db.server";
import { openDataDirDatabase } from "../../server/data-dir-database";
import type { EmbeddedDatabase } from "../../server/embedded-postgres";
import { migrate } from "../../server/migrate";

export type CliRefusal = {
  /** The refused status's label, e.g. 'Rejected: nothing was imported'. */
  label: string;
  errorCount: number;
  errors: Array<{ line: number; field?: string | null; message: string }>;
  /** The line saying that only the first errors are listed. */
  moreErrors: (shown: number, total: number) => string;
};

export async function runImportCommand(
  name: string,
  args: string[],
  importFile: (file: string, size: number, log: (msg: string) => void) => Promise<true | CliRefusal>,
): Promise<number> {
  const log = (msg: string) => console.log(`[${name}] ${msg}`);
  const file = args[0];
  if (!file || args.length !== 1) {
    console.error(`Usage: npm run ${name} FILE.csv`);
    return 2;
  }
  let size: number;
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new Error("not a file");
    size = s.size;
  } catch {
    console.error(`[${name}] cannot read ${file}`);
    return 2;
  }
  let embedded: EmbeddedDatabase | undefined;
  try {
    const database = await openDataDirDatabase(log);
    embedded = database.embedded;
    await migrate(database.url, { log });
    const result = await importFile(file, size, log);
    if (result === true) return 0;
    console.error(`[${name}] ${result.label} (${result.errorCount} error${result.errorCount === 1 ? "" : "s"}):`);
    for (const err of result.errors) console.error(`  line ${err.line}${err.field ? ` ${err.field}` : ""}: ${err.message}`);
    if (result.errorCount > result.errors.length) console.error(`  ${result.moreErrors(result.errors.length, result.errorCount)}`);
    return 1;
  } catch (error) {
    console.error(`[${name}] failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await disconnectPrisma().catch(() => {});
    await embedded?.stop().catch(() => {});
  }
}
