// What the parts of the hierarchy import share (decision 0032): its options,
// progress and result types, the error list and the progress throttle.
import type { ImportError, ImportRow } from "./import-schema";
import { MAX_REPORTED_ERRORS } from "./import-schema";

export type ImportPhase = "READING" | "WRITING";

export type ImportProgress = {
  phase: ImportPhase;
  rowsRead: number;
  rowsValid: number;
  rowsWritten: number;
  /** 0..100: reading is the first half (by bytes), writing the second. */
  percent: number;
};

export type ImportSummary = {
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Existing agents whose upline changed. */
  moved: number;
  /** Closure rows rebuilt (of the new and moved agents and their downlines). */
  closureRows: number;
  ms: number;
};

export type ImportResult =
  | ({ ok: true } & ImportSummary)
  | { ok: false; rows: number; errorCount: number; /** Sorted by line; at most MAX_REPORTED_ERRORS. */ errors: ImportError[] };

export type ImportOptions = {
  /** The file's size, for the reading percentage. */
  totalBytes?: number;
  /** Who imports (created_by_id / updated_by_id); null from the command line. */
  userId?: string | null;
  /** An import sent to the API (decision 0075): the token, the actor of its webhook events. */
  apiTokenId?: string | null;
  onProgress?: (p: ImportProgress) => void | Promise<void>;
  /** How often onProgress is called at most (ms). */
  progressEveryMs?: number;
  /** From how many rows a load bigger than its table drops and rebuilds the secondary indexes (default BULK_MIN_ROWS). */
  bulkMinRows?: number;
};

export type Staged = ImportRow & { line: number; companyNumber: string };

export const KEPT_ERRORS = 200_000;

export class Errors {
  list: ImportError[] = [];
  count = 0;
  add(line: number, field: string | null, message: string) {
    this.count++;
    // The checks find errors in several passes (not in line order): keep them all (bounded by
    // the row cap times a few fields) so that the sort by line reports the first ones.
    if (this.list.length < KEPT_ERRORS) this.list.push({ line, field, message });
  }
  sorted(): ImportError[] {
    return [...this.list].sort((a, b) => a.line - b.line).slice(0, MAX_REPORTED_ERRORS);
  }
}

export class Progress {
  private last = 0;
  constructor(private readonly opts: ImportOptions) {}
  async report(p: ImportProgress, force = false) {
    if (!this.opts.onProgress) return;
    const now = Date.now();
    if (!force && now - this.last < (this.opts.progressEveryMs ?? 500)) return;
    this.last = now;
    await this.opts.onProgress(p);
  }
}

/** IMPORT_DEBUG=1: each step's time on the console (the benchmark uses it). */
export const debug = process.env.IMPORT_DEBUG ? (label: string, t: number) => console.log(`[import] ${label}: ${Date.now() - t} ms`) : () => {};
