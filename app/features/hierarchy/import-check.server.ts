// The hierarchy import, step 2 (decision 0032): what needs the reference
// data, the whole file or the database: carrier, block and company of the
// carrier, level range, the same agent twice, uplines within the same company
// and block (in the file or the portal), loops through the resulting tree.
import type pg from "pg";
import { dayOf } from "~/lib/days";
import { REASON_COLUMN, TERMINATION_MESSAGES, terminationIssues } from "~/features/state-filings/terminations";
import { anyStateReasonCodes, terminationStates } from "~/features/state-filings/terminations.server";
import { pgEventDb } from "~/features/webhooks/emit.server";
import type { Errors, Staged } from "./import-common.server";
import { IMPORT_MESSAGES as M } from "./import-messages";
import type { ReadResult } from "./import-read.server";
import type { ImportRow } from "./import-schema";


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

export const keyOf = (company: string, block: number, agentNumber: string) => `${company}\u0000${block}\u0000${agentNumber}`;

export type Existing = { byKey: Map<string, { id: number; parentId: number | null; isActive: boolean }>; keyById: Map<number, string> };

async function loadExisting(client: pg.ClientBase, pairs: Array<[string, number]>): Promise<Existing> {
  const byKey: Existing["byKey"] = new Map();
  const keyById = new Map<number, string>();
  if (!pairs.length) return { byKey, keyById };
  const r = await client.query<{ id: number; n: string; c: string; b: number; p: number | null; act: boolean }>(
    `SELECT a.id, a.agent_number AS n, a.company_number AS c, a.block_number AS b, a.parent_id AS p, a.is_active AS act
       FROM agents a JOIN unnest($1::text[], $2::int[]) AS t(c, b) ON a.company_number = t.c AND a.block_number = t.b`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  for (const row of r.rows) {
    const key = keyOf(row.c, row.b, row.n);
    byKey.set(key, { id: row.id, parentId: row.p, isActive: row.act });
    keyById.set(row.id, key);
  }
  return { byKey, keyById };
}

/** Every check that needs the reference data, the whole file or the database. Returns the rows to write. */
export async function checkRows(client: pg.ClientBase, rows: ReadResult["rows"], errors: Errors): Promise<{ staged: Staged[]; existing: Existing }> {
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
  await checkDeactivations(client, staged, existing, errors);
  return { staged, existing };
}

/**
 * A line that makes an active agent TERMINATED is a deactivation (decision 0111): it needs a
 * terminationReason each of the agent's states accepts, and a terminatedDate within their
 * backdating; each refusal on its line, naming the column.
 */
async function checkDeactivations(client: pg.ClientBase, staged: Staged[], existing: Existing, errors: Errors) {
  const deactivating = staged.flatMap((s) => {
    const before = existing.byKey.get(keyOf(s.companyNumber, s.blockNumber, s.agentNumber));
    return before?.isActive && !s.isActive ? [{ s, id: before.id }] : [];
  });
  if (deactivating.length === 0) return;
  const db = pgEventDb(client);
  const states = await terminationStates(db, deactivating.map((d) => d.id));
  const anyStateCodes = await anyStateReasonCodes(db);
  const today = dayOf(new Date());
  for (const { s, id } of deactivating) {
    const issues = terminationIssues(states.get(id) ?? [], s.terminationReason, s.terminatedDate, today, { anyStateCodes, missingReason: TERMINATION_MESSAGES.reasonRequiredColumn });
    for (const i of issues) errors.add(s.line, i.field === "reason" ? REASON_COLUMN : "terminatedDate", i.message);
  }
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
