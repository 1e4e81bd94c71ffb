// The one CSV reader of the file imports (the agent import, import-read.server.ts, and the licence
// import and file lookup, licences/licence-csv.server.ts): csv-parse streams the bytes and every
// record comes with its line. Fields are read as bytes and decoded strictly (decision 0039): a
// record that is not UTF-8 is a bad line (not U+FFFD stored). A broken quote is a bad line too:
// after it the parser cannot tell where fields end, so reading stops there (decision 0084).
import type { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { decodeUtf8 } from "~/lib/utf8.server";
import { IMPORT_MESSAGES as M } from "./import-messages";

/** A record of the file (`line`: where it ends) or a bad line with its message; `bytes`: read so far. */
export type CsvRecord =
  | { line: number; bytes: number; record: string[]; problem?: undefined; last?: undefined }
  /** `last`: the file is not CSV from here on (nothing after it was read). */
  | { line: number; bytes: number; record?: undefined; problem: string; last?: true };

const QUOTE_ERRORS = new Set(["CSV_QUOTE_NOT_CLOSED", "CSV_INVALID_CLOSING_QUOTE", "INVALID_OPENING_QUOTE", "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE"]);

/**
 * The records of a CSV, in order. A read error of the source is thrown; a CSV error ends the
 * records with one last bad line. Leaving the loop early stops reading the source.
 */
export async function* csvRecords(source: Readable | AsyncIterable<Uint8Array | string>): AsyncGenerator<CsvRecord> {
  // The first CSV error and how many records came before it: the parser skips the record (so the
  // records before it are not lost with an errored stream) and the loop stops there.
  let failure = null as { error: CsvError; before: number; bytes: number } | null;
  const parser = parse({
    info: true,
    encoding: null,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: 64 * 1024,
    skip_records_with_error: true,
    on_skip: (error) => {
      if (!failure && error instanceof CsvError) failure = { error, before: parser.info.records, bytes: parser.info.bytes };
    },
  });
  // Written by hand (not piped) so that a read error of the source ends the parse, and an early
  // end of the parse stops reading the source.
  const feed = (async () => {
    try {
      for await (const chunk of withoutBom(source)) {
        if (parser.destroyed) break;
        if (!parser.write(chunk)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              parser.off("drain", done);
              parser.off("close", done);
              resolve();
            };
            parser.on("drain", done);
            parser.on("close", done);
          });
        }
      }
      if (!parser.destroyed) parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  let lastLine = 0;
  let records = 0;
  const failed = (): CsvRecord => {
    const { error, bytes } = failure!;
    const at = (error as CsvError & { lines?: number }).lines ?? lastLine + 1;
    // The record in error starts on the line after the last good one (a quote never closed is
    // only found at the end of the file).
    return { line: Math.max(1, Math.min(at, lastLine + 1)), bytes, problem: QUOTE_ERRORS.has(error.code) ? M.badQuote : M.badCsv(error.message), last: true };
  };
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Buffer[]; info: { lines: number; bytes: number } }>) {
      if (failure && records >= failure.before) break;
      records++;
      lastLine = info.lines;
      const fields = record.map((f) => decodeUtf8(f));
      if (fields.some((f) => f === null)) yield { line: info.lines, bytes: info.bytes, problem: M.notUtf8 };
      else yield { line: info.lines, bytes: info.bytes, record: fields as string[] };
    }
    if (failure) yield failed();
  } finally {
    if (!parser.destroyed) parser.destroy();
    await feed;
  }
}

const BOM = [0xef, 0xbb, 0xbf];
/** The source as bytes without a leading UTF-8 BOM (csv-parse's own `bom` would decode the fields as text, U+FFFD and all). */
async function* withoutBom(source: Readable | AsyncIterable<Uint8Array | string>): AsyncGenerator<Buffer> {
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (head === null) {
      yield bytes;
      continue;
    }
    head = Buffer.concat([head, bytes]);
    if (head.length < BOM.length) continue;
    yield BOM.every((b, i) => head![i] === b) ? head.subarray(BOM.length) : head;
    head = null;
  }
  if (head?.length) yield head; // shorter than a BOM
}
