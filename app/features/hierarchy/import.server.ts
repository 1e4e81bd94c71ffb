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
import { parse, type CsvError } from "csv-parse";
import type pg from "pg";
import { IMPORT_MESSAGES as M } from "./import-messages";
import {
  IMPORT_COLUMNS,
  importRowSchema,
  MAX_IMPORT_ROWS,
  MAX_REPORTED_ERRORS,
  REQUIRED_COLUMNS,
  type ImportColumn,
  type ImportError,
  type ImportRow,
} from "./import-schema";

/** Serialises imports (and keeps them off each other's trees): pg_advisory_xact_lock. */
const IMPORT_LOCK_KEY = 18501852;
const BATCH = 10_000;

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
  onProgress?: (p: ImportProgress) => void | Promise<void>;
  /** How often onProgress is called at most (ms). */
  progressEveryMs?: number;
  /** From how many rows a load bigger than its table drops and rebuilds the secondary indexes (default BULK_MIN_ROWS). */
  bulkMinRows?: number;
};

type Staged = ImportRow & { line: number; companyNumber: string };

const KEPT_ERRORS = 200_000;

class Errors {
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

// ───────────────────────────── 1. reading ─────────────────────────────

type ReadResult = { rows: Array<ImportRow & { line: number }>; rowCount: number; fatal: boolean };

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

async function readRows(source: Readable | AsyncIterable<Uint8Array | string>, errors: Errors, opts: ImportOptions, progress: Progress): Promise<ReadResult> {
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: 64 * 1024,
  });
  const rows: ReadResult["rows"] = [];
  let header: ImportColumn[] | null = null;
  let rowCount = 0;
  // The source is written into the parser by hand (not piped) so that a read
  // error of the source ends the parse, and an early end of the parse (a bad
  // header, too many rows) stops reading the source.
  const feed = (async () => {
    try {
      for await (const chunk of source) {
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
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const line = info.lines;
      if (header === null) {
        header = readHeader(record, errors);
        if (!header) return { rows, rowCount, fatal: true };
        continue;
      }
      rowCount++;
      if (rowCount > MAX_IMPORT_ROWS) {
        errors.add(line, null, M.tooManyRows(MAX_IMPORT_ROWS));
        return { rows, rowCount, fatal: true };
      }
      if (record.length !== header.length) {
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
        const fraction = opts.totalBytes ? Math.min(1, parser.info.bytes / opts.totalBytes) : 0;
        await progress.report({ phase: "READING", rowsRead: rowCount, rowsValid: rows.length, rowsWritten: 0, percent: Math.floor(fraction * 45) });
      }
    }
  } catch (error) {
    const csv = error as CsvError & { lines?: number };
    if (csv?.code && typeof csv.code === "string" && csv.code.startsWith("CSV_")) {
      errors.add(csv.lines ?? parser.info.lines, null, M.badCsv(csv.message));
      return { rows, rowCount, fatal: true };
    }
    throw error;
  } finally {
    if (!parser.destroyed && parser.writableEnded === false) parser.destroy();
    await feed;
  }
  if (header === null) errors.add(1, null, M.emptyFile);
  return { rows, rowCount, fatal: header === null };
}

class Progress {
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

// ───────────────────────────── 2. checking ─────────────────────────────

type Reference = {
  carriers: Map<string, number>;
  companies: Map<string, number | null>;
  /** A carrier's only company (absent when it has none or several). */
  singleCompany: Map<number, string>;
  blocks: Map<number, { carrierId: number; maxLevel: number }>;
};

async function loadReference(client: pg.ClientBase): Promise<Reference> {
  const carriers = new Map<string, number>();
  for (const r of (await client.query<{ code: string; id: number }>(`SELECT upper(carrier_code) AS code, carrier_id AS id FROM carriers`)).rows) carriers.set(r.code, r.id);
  const companies = new Map<string, number | null>();
  const perCarrier = new Map<number, string[]>();
  for (const r of (await client.query<{ n: string; c: number | null }>(`SELECT company_number AS n, carrier_id AS c FROM companies`)).rows) {
    companies.set(r.n.toUpperCase(), r.c);
    if (r.c !== null) perCarrier.set(r.c, [...(perCarrier.get(r.c) ?? []), r.n]);
  }
  const singleCompany = new Map<number, string>();
  for (const [c, list] of perCarrier) if (list.length === 1) singleCompany.set(c, list[0]!);
  const blocks = new Map<number, { carrierId: number; maxLevel: number }>();
  const b = await client.query<{ n: number; c: number; m: number }>(
    `SELECT b.block_number AS n, b.carrier_id AS c, p.max_level AS m FROM blocks b JOIN product_types p ON p.product_type_id = b.product_type_id`,
  );
  for (const r of b.rows) blocks.set(r.n, { carrierId: r.c, maxLevel: r.m });
  return { carriers, companies, singleCompany, blocks };
}

/** The company as stored (companies' own spelling) from the row's value, or an error. */
function companyOf(row: ImportRow & { line: number }, ref: Reference, companyNames: Map<string, string>, errors: Errors): string | null {
  const carrierId = ref.carriers.get(row.carrierCode);
  if (carrierId === undefined) {
    errors.add(row.line, "carrierCode", M.unknownCarrier(row.carrierCode));
    return null;
  }
  let ok = true;
  const block = ref.blocks.get(row.blockNumber);
  if (!block) {
    errors.add(row.line, "blockNumber", M.unknownBlock(row.blockNumber));
    ok = false;
  } else {
    if (block.carrierId !== carrierId) {
      errors.add(row.line, "blockNumber", M.blockOfOtherCarrier(row.blockNumber, row.carrierCode));
      ok = false;
    }
    if (row.level > block.maxLevel) {
      errors.add(row.line, "level", M.levelAboveMax(block.maxLevel));
      ok = false;
    }
  }
  let company: string | null = null;
  if (row.companyNumber === null) {
    company = ref.singleCompany.get(carrierId) ?? null;
    if (company === null) errors.add(row.line, "companyNumber", M.noCompany(row.carrierCode));
  } else {
    const key = row.companyNumber.toUpperCase();
    if (!ref.companies.has(key)) errors.add(row.line, "companyNumber", M.unknownCompany(row.companyNumber));
    else if (ref.companies.get(key) !== null && ref.companies.get(key) !== carrierId) {
      errors.add(row.line, "companyNumber", M.companyOfOtherCarrier(row.companyNumber, row.carrierCode));
    } else company = companyNames.get(key) ?? row.companyNumber;
  }
  return ok ? company : null;
}

const keyOf = (company: string, block: number, agentNumber: string) => `${company}\u0000${block}\u0000${agentNumber}`;

type Existing = { byKey: Map<string, { id: number; parentId: number | null }>; keyById: Map<number, string> };

async function loadExisting(client: pg.ClientBase, pairs: Array<[string, number]>): Promise<Existing> {
  const byKey: Existing["byKey"] = new Map();
  const keyById = new Map<number, string>();
  if (!pairs.length) return { byKey, keyById };
  const r = await client.query<{ id: number; n: string; c: string; b: number; p: number | null }>(
    `SELECT a.id, a.agent_number AS n, a.company_number AS c, a.block_number AS b, a.parent_id AS p
       FROM agents a JOIN unnest($1::text[], $2::int[]) AS t(c, b) ON a.company_number = t.c AND a.block_number = t.b`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  for (const row of r.rows) {
    const key = keyOf(row.c, row.b, row.n);
    byKey.set(key, { id: row.id, parentId: row.p });
    keyById.set(row.id, key);
  }
  return { byKey, keyById };
}

/** Every check that needs the reference data, the whole file or the database. Returns the rows to write. */
async function checkRows(client: pg.ClientBase, rows: ReadResult["rows"], errors: Errors): Promise<{ staged: Staged[]; existing: Existing }> {
  const ref = await loadReference(client);
  const companyNames = new Map<string, string>();
  for (const r of (await client.query<{ n: string }>(`SELECT company_number AS n FROM companies`)).rows) companyNames.set(r.n.toUpperCase(), r.n);

  const staged: Staged[] = [];
  const firstLine = new Map<string, number>();
  const pairs = new Map<string, [string, number]>();
  for (const row of rows) {
    const company = companyOf(row, ref, companyNames, errors);
    if (company === null) continue;
    const key = keyOf(company, row.blockNumber, row.agentNumber);
    const first = firstLine.get(key);
    if (first !== undefined) {
      errors.add(row.line, "agentNumber", M.duplicateAgent(first));
      continue;
    }
    firstLine.set(key, row.line);
    pairs.set(`${company}\u0000${row.blockNumber}`, [company, row.blockNumber]);
    staged.push({ ...row, companyNumber: company });
  }

  const existing = await loadExisting(client, [...pairs.values()]);
  const fileByKey = new Map<string, Staged>();
  for (const s of staged) fileByKey.set(keyOf(s.companyNumber, s.blockNumber, s.agentNumber), s);
  const good: Staged[] = [];
  for (const s of staged) {
    if (s.upline !== null) {
      const up = keyOf(s.companyNumber, s.blockNumber, s.upline);
      if (!fileByKey.has(up) && !existing.byKey.has(up)) {
        errors.add(s.line, "uplineAgentNumber", M.unknownUpline(s.upline));
        continue;
      }
    }
    good.push(s);
  }
  findLoops(good, fileByKey, existing, errors);
  return { staged, existing };
}

/**
 * The tree after the import: a file row's upline is the file's, any other
 * agent keeps its parent. A loop must pass through a file row; each file row
 * on a loop is reported (once per loop, on its own line).
 */
function findLoops(rows: Staged[], fileByKey: Map<string, Staged>, existing: Existing, errors: Errors) {
  const parentOf = (key: string): string | null => {
    const f = fileByKey.get(key);
    if (f) return f.upline === null ? null : keyOf(f.companyNumber, f.blockNumber, f.upline);
    const e = existing.byKey.get(key);
    return e?.parentId != null ? (existing.keyById.get(e.parentId) ?? null) : null;
  };
  const state = new Map<string, 1 | 2>(); // 1 on the current path, 2 done
  for (const row of rows) {
    const start = keyOf(row.companyNumber, row.blockNumber, row.agentNumber);
    if (state.has(start)) continue;
    const path: string[] = [];
    let k: string | null = start;
    while (k !== null && !state.has(k)) {
      state.set(k, 1);
      path.push(k);
      k = parentOf(k);
    }
    if (k !== null && state.get(k) === 1) {
      const loop = path.slice(path.indexOf(k));
      const numbers = loop.map((x) => x.split("\u0000")[2]!);
      for (const x of loop) {
        const f = fileByKey.get(x);
        if (f) errors.add(f.line, "uplineAgentNumber", M.cycle([...numbers, numbers[0]!]));
      }
    }
    for (const p of path) state.set(p, 2);
  }
}

// ───────────────────────────── 3. writing ─────────────────────────────

const debug = process.env.IMPORT_DEBUG ? (label: string, t: number) => console.log(`[import] ${label}: ${Date.now() - t} ms`) : () => {};

/**
 * The tree of the affected companies and blocks after the import, in memory:
 * every agent's id and parent id (new agents get ids from agents_id_seq
 * first), the roots to rebuild (new agents and agents whose upline changed)
 * and, from them, every agent whose closure rows must be rebuilt.
 */
async function planTree(client: pg.ClientBase, rows: Staged[], existing: Existing) {
  const fresh = rows.filter((r) => !existing.byKey.has(keyOf(r.companyNumber, r.blockNumber, r.agentNumber)));
  const ids = fresh.length
    ? (await client.query<{ id: number }>(`SELECT nextval('agents_id_seq')::int AS id FROM generate_series(1, $1)`, [fresh.length])).rows.map((r) => r.id)
    : [];
  const idOf = new Map<string, number>();
  for (const [key, e] of existing.byKey) idOf.set(key, e.id);
  fresh.forEach((r, i) => idOf.set(keyOf(r.companyNumber, r.blockNumber, r.agentNumber), ids[i]!));

  const parent = new Map<number, number | null>();
  for (const e of existing.byKey.values()) parent.set(e.id, e.parentId);
  const roots: number[] = [];
  let moved = 0;
  const rowIds: number[] = [];
  const rowParents: Array<number | null> = [];
  for (const r of rows) {
    const key = keyOf(r.companyNumber, r.blockNumber, r.agentNumber);
    const id = idOf.get(key)!;
    const parentId = r.upline === null ? null : idOf.get(keyOf(r.companyNumber, r.blockNumber, r.upline))!;
    const before = existing.byKey.get(key);
    if (!before) roots.push(id);
    else if (before.parentId !== parentId) {
      roots.push(id);
      moved++;
    }
    parent.set(id, parentId);
    rowIds.push(id);
    rowParents.push(parentId);
  }
  // Children lists, then everything under the roots.
  const children = new Map<number, number[]>();
  for (const [id, p] of parent) {
    if (p === null) continue;
    const list = children.get(p);
    if (list) list.push(id);
    else children.set(p, [id]);
  }
  const affected = new Set<number>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (affected.has(id)) continue;
    affected.add(id);
    for (const c of children.get(id) ?? []) stack.push(c);
  }
  return { rowIds, rowParents, parent, affected, moved, fresh: fresh.length };
}

async function writeRows(
  client: pg.ClientBase,
  rows: Staged[],
  existing: Existing,
  opts: ImportOptions,
  progress: Progress,
  base: Omit<ImportProgress, "phase" | "percent" | "rowsWritten">,
) {
  const userId = opts.userId ?? null;
  const bulkMin = opts.bulkMinRows ?? BULK_MIN_ROWS;
  let t = Date.now();
  const step = (label: string) => {
    debug(label, t);
    t = Date.now();
  };
  const plan = await planTree(client, rows, existing);
  step("plan");
  await client.query(`CREATE TEMP TABLE import_stage (
      id int, parent_id int, num text, co text, blk int, mga text, lvl int, typ text, fn text, mn text, ln text, cn text,
      em text, ph text, up text, act boolean, term date) ON COMMIT DROP`);
  // Each batch goes as one JSON text (JSON.stringify is native; the driver's escaping of
  // 17 text arrays element by element cost more CPU than the rest of the staging).
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((r, j) => ({
      id: plan.rowIds[i + j],
      parent_id: plan.rowParents[i + j],
      num: r.agentNumber,
      co: r.companyNumber,
      blk: r.blockNumber,
      mga: r.mgaCode,
      lvl: r.level,
      typ: r.agentType,
      fn: r.firstName,
      mn: r.middleName,
      ln: r.lastName,
      cn: r.companyName,
      em: r.email,
      ph: r.phone,
      up: r.upline,
      act: r.isActive,
      term: r.terminatedDate,
    }));
    await client.query(`INSERT INTO import_stage SELECT * FROM json_populate_recordset(null::import_stage, $1::json)`, [JSON.stringify(batch)]);
    await progress.report({ ...base, phase: "WRITING", rowsWritten: 0, percent: 50 + Math.floor(((i + batch.length) / rows.length) * 10) });
  }
  step("stage");

  const agentsHeld = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM agents`)).rows[0]!.n);
  const restoreAgents = plan.fresh >= bulkMin && plan.fresh > agentsHeld ? await dropSecondaryIndexesAndForeignKeys(client, ["agents"]) : null;
  // Upsert by (agent number, company, block): new agents inserted with their pre-assigned ids,
  // changed ones updated in place (same id), identical ones left alone.
  const upsert = await client.query<{ inserted: string; updated: string }>(
    `WITH up AS (
       INSERT INTO agents AS a (id, agent_number, company_number, block_number, mga_code, hierarchy_level, agent_type, first_name, middle_name,
         last_name, company_name, email, phone_number, direct_upline, parent_id, status, is_active, termination_date, created_by_id, updated_at, updated_by_id)
       SELECT id, num, co, blk, mga, lvl, typ, fn, mn, ln, cn, em, ph, coalesce(up, '0000'), parent_id,
              CASE WHEN act THEN 'ACTIVE' ELSE 'TERMINATED' END, act, term, $1::uuid, now(), $1::uuid
         FROM import_stage ORDER BY id
       ON CONFLICT (agent_number, company_number, block_number) DO UPDATE SET
         mga_code = EXCLUDED.mga_code, hierarchy_level = EXCLUDED.hierarchy_level, agent_type = EXCLUDED.agent_type,
         first_name = EXCLUDED.first_name, middle_name = EXCLUDED.middle_name, last_name = EXCLUDED.last_name,
         company_name = EXCLUDED.company_name, email = EXCLUDED.email, phone_number = EXCLUDED.phone_number,
         direct_upline = EXCLUDED.direct_upline, parent_id = EXCLUDED.parent_id, status = EXCLUDED.status, is_active = EXCLUDED.is_active,
         termination_date = EXCLUDED.termination_date, updated_at = now(), updated_by_id = EXCLUDED.updated_by_id
       WHERE (a.mga_code, a.hierarchy_level, a.agent_type, a.first_name, a.middle_name, a.last_name, a.company_name, a.email,
              a.phone_number, a.direct_upline, a.parent_id, a.status, a.is_active, a.termination_date)
             IS DISTINCT FROM
             (EXCLUDED.mga_code, EXCLUDED.hierarchy_level, EXCLUDED.agent_type, EXCLUDED.first_name, EXCLUDED.middle_name,
              EXCLUDED.last_name, EXCLUDED.company_name, EXCLUDED.email, EXCLUDED.phone_number, EXCLUDED.direct_upline,
              EXCLUDED.parent_id, EXCLUDED.status, EXCLUDED.is_active, EXCLUDED.termination_date)
       RETURNING (xmax = 0) AS ins)
     SELECT count(*) FILTER (WHERE ins) AS inserted, count(*) FILTER (WHERE NOT ins) AS updated FROM up`,
    [userId],
  );
  step("upsert");
  if (restoreAgents) {
    await restoreAgents();
    step("agents indexes and foreign keys made again");
  }
  const inserted = Number(upsert.rows[0]!.inserted);
  const updated = Number(upsert.rows[0]!.updated);
  await progress.report({ ...base, phase: "WRITING", rowsWritten: rows.length, percent: 70 }, true);

  // The closure rows of the affected agents: deleted, then each agent's chain of uplines
  // (self at depth 0) from the tree in memory, inserted in batches.
  const affected = [...plan.affected];
  for (let i = 0; i < affected.length; i += 50_000) {
    await client.query(`DELETE FROM agent_closure WHERE descendant_id = ANY($1::int[])`, [`{${affected.slice(i, i + 50_000).join(",")}}`]);
  }
  step("closure delete");
  await progress.report({ ...base, phase: "WRITING", rowsWritten: rows.length, percent: 75 }, true);
  // A bulk load (more closure rows to write than the table holds: a first import): the
  // table's secondary indexes and foreign keys are dropped and made again afterwards.
  let toWrite = 0;
  for (const id of affected) for (let a: number | null | undefined = id; a != null; a = plan.parent.get(a)) toWrite++;
  const held = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM agent_closure`)).rows[0]!.n);
  const restore = toWrite >= bulkMin && toWrite > held ? await dropSecondaryIndexesAndForeignKeys(client, ["agent_closure"]) : null;
  const anc: number[] = [];
  const desc: number[] = [];
  const depth: number[] = [];
  let closureRows = 0;
  const flush = async () => {
    if (!anc.length) return;
    // Integer arrays as '{1,2,...}' text (a native join) rather than the driver's per-element conversion.
    const lit = (xs: number[]) => `{${xs.join(",")}}`;
    await client.query(`INSERT INTO agent_closure (ancestor_id, descendant_id, depth) SELECT * FROM unnest($1::int[], $2::int[], $3::int[])`, [
      lit(anc),
      lit(desc),
      lit(depth),
    ]);
    closureRows += anc.length;
    anc.length = 0;
    desc.length = 0;
    depth.length = 0;
  };
  let done = 0;
  for (const id of affected) {
    let d = 0;
    for (let a: number | null | undefined = id; a != null; a = plan.parent.get(a)) {
      anc.push(a);
      desc.push(id);
      depth.push(d++);
    }
    done++;
    if (anc.length >= 100_000) {
      await flush();
      await progress.report({ ...base, phase: "WRITING", rowsWritten: rows.length, percent: 75 + Math.floor((done / affected.length) * 23) });
    }
  }
  await flush();
  step("closure insert");
  if (restore) {
    await restore();
    step("closure indexes and foreign keys made again");
  }
  await progress.report({ ...base, phase: "WRITING", rowsWritten: rows.length, percent: 98 }, true);
  return { inserted, updated, moved: plan.moved, closureRows };
}

/** From this many rows, a load into a table smaller than the load goes without its secondary indexes. */
const BULK_MIN_ROWS = 20_000;

/**
 * Drops the non-unique indexes and the foreign keys of `tables` (inside the
 * import's transaction: all or nothing; the tables are locked until the
 * commit); the function returned makes them again from their catalogue
 * definitions: one index build and one validating join each instead of a
 * row-by-row update and check (as prisma/seed/large.ts does).
 */
async function dropSecondaryIndexesAndForeignKeys(client: pg.ClientBase, tables: string[]): Promise<() => Promise<void>> {
  const indexes = await client.query<{ name: string; def: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relname = ANY($1) AND t.relnamespace = current_schema()::regnamespace AND NOT i.indisunique AND NOT i.indisprimary`,
    [tables],
  );
  const fks = await client.query<{ tbl: string; name: string; def: string }>(
    `SELECT t.relname AS tbl, c.conname AS name, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
      WHERE c.contype = 'f' AND t.relname = ANY($1) AND t.relnamespace = current_schema()::regnamespace`,
    [tables],
  );
  const q = (id: string) => `"${id.replace(/"/g, '""')}"`;
  for (const fk of fks.rows) await client.query(`ALTER TABLE ${q(fk.tbl)} DROP CONSTRAINT ${q(fk.name)}`);
  for (const ix of indexes.rows) await client.query(`DROP INDEX ${q(ix.name)}`);
  return async () => {
    await client.query("SET LOCAL maintenance_work_mem = '256MB'");
    for (const ix of indexes.rows) await client.query(ix.def);
    for (const fk of fks.rows) await client.query(`ALTER TABLE ${q(fk.tbl)} ADD CONSTRAINT ${q(fk.name)} ${fk.def}`);
  };
}

// ───────────────────────────── the whole import ─────────────────────────────

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
