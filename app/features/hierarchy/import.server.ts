// The hierarchy import (decision 0032): a CSV book of agents into agents and
// agent_closure, all or nothing.
//
// 1. Read: csv-parse streams the file; every row is checked on its own with
//    importRowSchema, errors kept with the file's line number.
// 2. Check (inside the write transaction, after an advisory lock so two
//    imports cannot interleave): known carrier, block of that carrier, company
//    of that carrier, level within the block's product type, no agent twice,
//    every upline in the file or already in the portal within the same company
//    and block, no loops once the file's uplines are applied.
//    Any error: ROLLBACK, nothing written, the errors returned by line.
// 3. Write (same transaction): the rows go into a temporary staging table in
//    batches of unnest() arrays; one INSERT ... ON CONFLICT upserts agents by
//    (agent number, company, block), changing only rows that differ; one
//    UPDATE sets parent_id from the staged upline; the closure rows of the new
//    and moved agents and of everything under them are deleted and rebuilt
//    from parent_id in one recursive INSERT ... SELECT (decision 0001).
//
// Plain SQL over one node-postgres client (as prisma/seed/large.ts): the
// caller owns the client and must not be inside a transaction.
import type { Readable } from "node:stream";
import type pg from "pg";
import { checkRows } from "./import-check.server";
import { debug, Errors, Progress, type ImportOptions, type ImportResult } from "./import-common.server";
import { readRows } from "./import-read.server";
import { writeRows } from "./import-write.server";
import { hierarchyLockKey } from "./lock.server";

export type { ImportOptions, ImportPhase, ImportProgress, ImportResult, ImportSummary } from "./import-common.server";

/** Serialises imports (and keeps them off each other's trees): pg_advisory_xact_lock. */
const IMPORT_LOCK_KEY = 18501852;

/**
 * Imports a CSV book of agents: everything or, when any row is bad, nothing
 * (the errors by line). `client` must be a connection of its own, not in a
 * transaction.
 */
export async function importAgentsCsv(client: pg.ClientBase, source: Readable | AsyncIterable<Uint8Array | string>, opts: ImportOptions = {}): Promise<ImportResult> {
  const started = Date.now();
  const errors = new Errors();
  const progress = new Progress(opts);
  const read = await readRows(source, errors, opts, progress);
  debug("read", started);
  if (read.fatal) return { ok: false, rows: read.rowCount, errorCount: errors.count, errors: errors.sorted() };
  await progress.report({ phase: "READING", rowsRead: read.rowCount, rowsValid: read.rows.length, rowsWritten: 0, percent: 45 }, true);

  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1)", [IMPORT_LOCK_KEY]);
    const tc = Date.now();
    const { staged, existing } = await checkRows(client, read.rows, errors);
    debug("check", tc);
    const rowsValid = Math.max(0, read.rowCount - new Set(errors.list.map((e) => e.line)).size);
    await progress.report({ phase: "READING", rowsRead: read.rowCount, rowsValid, rowsWritten: 0, percent: 50 }, true);
    if (errors.count > 0) {
      await client.query("ROLLBACK");
      return { ok: false, rows: read.rowCount, errorCount: errors.count, errors: errors.sorted() };
    }
    // Keep subtree moves and approvals (decision 0030's per-hierarchy lock) out of the
    // hierarchies this file writes, in one order so that two writers never deadlock.
    const hierarchies = [...new Set(staged.map((r) => hierarchyLockKey({ companyNumber: r.companyNumber, blockNumber: r.blockNumber })))].sort();
    for (const key of hierarchies) await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [key]);
    const base = { rowsRead: read.rowCount, rowsValid: staged.length };
    const w = staged.length ? await writeRows(client, staged, existing, opts, progress, base) : { inserted: 0, updated: 0, moved: 0, closureRows: 0 };
    await client.query("COMMIT");
    if (staged.length >= 10_000) await client.query("ANALYZE agents; ANALYZE agent_closure");
    await progress.report({ ...base, phase: "WRITING", rowsWritten: staged.length, percent: 100 }, true);
    return { ok: true, rows: staged.length, ...w, unchanged: staged.length - w.inserted - w.updated, ms: Date.now() - started };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}
