// The hierarchy import, step 1 (decision 0032): the imports' CSV reader
// (csv-records.server.ts) streams the file; the header is mapped to the
// documented columns and every row is checked on its own with importRowSchema,
// errors kept with the file's line number.
import type { Readable } from "node:stream";
import { csvRecords } from "./csv-records.server";
import { type Errors, type Progress, type ImportOptions } from "./import-common.server";
import { IMPORT_MESSAGES as M } from "./import-messages";
import { IMPORT_COLUMNS, importRowSchema, MAX_IMPORT_ROWS, REQUIRED_COLUMNS, type ImportColumn, type ImportRow } from "./import-schema";


export type ReadResult = { rows: Array<ImportRow & { line: number }>; rowCount: number; fatal: boolean };

/** Maps the header's names (any case) to the documented columns; errors on line 1. */
function readHeader(record: string[], errors: Errors): ImportColumn[] | null {
  const byLower = new Map(IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const columns: ImportColumn[] = [];
  const seen = new Set<string>();
  for (const raw of record) {
    const name = raw.trim();
    const col = byLower.get(name.toLowerCase());
    if (!col) errors.add(1, name, M.unknownColumn(name));
    else if (seen.has(col)) errors.add(1, col, M.duplicateColumn(name));
    else {
      seen.add(col);
      columns.push(col);
      continue;
    }
    columns.push(undefined as never);
  }
  for (const col of REQUIRED_COLUMNS) if (!seen.has(col)) errors.add(1, col, M.missingColumn(col));
  return errors.count > 0 ? null : columns;
}

export async function readRows(source: Readable | AsyncIterable<Uint8Array | string>, errors: Errors, opts: ImportOptions, progress: Progress): Promise<ReadResult> {
  const rows: ReadResult["rows"] = [];
  let header: ImportColumn[] | null = null;
  let rowCount = 0;
  for await (const { line, record, problem, bytes, last } of csvRecords(source)) {
    if (header === null) {
      if (problem !== undefined) errors.add(line, null, problem);
      header = problem === undefined ? readHeader(record, errors) : null;
      if (!header) return { rows, rowCount, fatal: true };
      continue;
    }
    rowCount++;
    if (rowCount > MAX_IMPORT_ROWS) {
      errors.add(line, null, M.tooManyRows(MAX_IMPORT_ROWS));
      return { rows, rowCount, fatal: true };
    }
    if (problem !== undefined) {
      errors.add(line, null, problem);
      // The rest of the file was not read: checking the rows against each other would mislead.
      if (last) return { rows, rowCount, fatal: true };
    } else if (record.length !== header.length) {
      errors.add(line, null, M.fieldCount(record.length, header.length));
    } else {
      const values: Record<string, string> = {};
      for (const c of IMPORT_COLUMNS) values[c] = "";
      for (let i = 0; i < header.length; i++) values[header[i]!] = record[i]!;
      const parsed = importRowSchema.safeParse(values);
      if (parsed.success) rows.push({ ...parsed.data, line });
      else for (const issue of parsed.error.issues) errors.add(line, issue.path.length ? String(issue.path[0]) : null, issue.message);
    }
    if ((rowCount & 1023) === 0) {
      const fraction = opts.totalBytes ? Math.min(1, bytes / opts.totalBytes) : 0;
      await progress.report({ phase: "READING", rowsRead: rowCount, rowsValid: rows.length, rowsWritten: 0, percent: Math.floor(fraction * 45) });
    }
  }
  if (header === null) errors.add(1, null, M.emptyFile);
  return { rows, rowCount, fatal: header === null };
}
