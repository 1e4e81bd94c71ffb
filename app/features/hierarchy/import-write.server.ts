// The hierarchy import, step 3 (decision 0032): inside the import's
// transaction, new agents get their ids first (the tree is planned in memory),
// the rows are staged and upserted in one statement, and the closure rows of
// the new and moved agents and everything under them are rebuilt.
import type pg from "pg";
import { pgEventDb, emitEvents, type NewEvent } from "~/features/webhooks/emit.server";
import { actorOf, agentEvent } from "~/features/webhooks/event-data.server";
import type { WebhookActor } from "~/features/webhooks/payloads";
import { makeTerminations } from "~/features/state-filings/terminations.server";
import { dropSecondaryIndexesAndForeignKeys } from "~/lib/bulk-load.server";
import { keyOf, type Existing } from "./import-check.server";
import { debug, type ImportOptions, type ImportProgress, type Progress, type Staged } from "./import-common.server";

const BATCH = 10_000;

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

export async function writeRows(
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
      em text, ph text, up text, act boolean, term date, active_dt date) ON COMMIT DROP`);
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
      active_dt: r.activeDate,
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
         last_name, company_name, email, phone_number, direct_upline, parent_id, status, is_active, termination_date, active_date, created_by_id, updated_at, updated_by_id)
       SELECT id, num, co, blk, mga, lvl, typ, fn, mn, ln, cn, em, ph, coalesce(up, '0000'), parent_id,
              CASE WHEN act THEN 'ACTIVE' ELSE 'TERMINATED' END, act, term, active_dt, $1::uuid, now(), $1::uuid
         FROM import_stage ORDER BY id
       ON CONFLICT (agent_number, company_number, block_number) DO UPDATE SET
         mga_code = EXCLUDED.mga_code, hierarchy_level = EXCLUDED.hierarchy_level, agent_type = EXCLUDED.agent_type,
         first_name = EXCLUDED.first_name, middle_name = EXCLUDED.middle_name, last_name = EXCLUDED.last_name,
         company_name = EXCLUDED.company_name, email = EXCLUDED.email, phone_number = EXCLUDED.phone_number,
         direct_upline = EXCLUDED.direct_upline, parent_id = EXCLUDED.parent_id, status = EXCLUDED.status, is_active = EXCLUDED.is_active,
         termination_date = EXCLUDED.termination_date, active_date = EXCLUDED.active_date, updated_at = now(), updated_by_id = EXCLUDED.updated_by_id
       WHERE (a.mga_code, a.hierarchy_level, a.agent_type, a.first_name, a.middle_name, a.last_name, a.company_name, a.email,
              a.phone_number, a.direct_upline, a.parent_id, a.status, a.is_active, a.termination_date, a.active_date)
             IS DISTINCT FROM
             (EXCLUDED.mga_code, EXCLUDED.hierarchy_level, EXCLUDED.agent_type, EXCLUDED.first_name, EXCLUDED.middle_name,
              EXCLUDED.last_name, EXCLUDED.company_name, EXCLUDED.email, EXCLUDED.phone_number, EXCLUDED.direct_upline,
              EXCLUDED.parent_id, EXCLUDED.status, EXCLUDED.is_active, EXCLUDED.termination_date, EXCLUDED.active_date)
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
  // The deactivations' terminations, in the import's transaction (checked by import-check, decision 0111).
  const now = new Date();
  for (const [i, r] of rows.entries()) {
    const before = existing.byKey.get(keyOf(r.companyNumber, r.blockNumber, r.agentNumber));
    if (!before?.isActive || r.isActive || !r.terminationReason || !r.terminatedDate) continue;
    await makeTerminations(pgEventDb(client), plan.rowIds[i]!, r.terminationReason, r.terminatedDate, { now, actorId: userId, source: opts.apiTokenId ? "API" : "IMPORT" });
  }
  step("terminations");
  await emitEvents(pgEventDb(client), importEvents(rows, existing, plan, opts.apiTokenId ? { type: "api", token_id: opts.apiTokenId } : actorOf(userId)));
  step("webhook events");
  await progress.report({ ...base, phase: "WRITING", rowsWritten: rows.length, percent: 98 }, true);
  return { inserted, updated, moved: plan.moved, closureRows };
}

/**
 * The webhook events of the import (decision 0078), in the file's order, from what the import knows
 * already: agent.created for each new agent, agent.moved for each agent whose upline changed,
 * agent.deactivated for each active agent the file makes TERMINATED.
 */
function importEvents(rows: Staged[], existing: Existing, plan: { rowIds: number[]; rowParents: Array<number | null> }, actor: WebhookActor): NewEvent[] {
  const numberOf = (id: number) => existing.keyById.get(id)?.split("\u0000")[2];
  const events: NewEvent[] = [];
  rows.forEach((r, i) => {
    const id = plan.rowIds[i]!;
    const parentId = plan.rowParents[i] ?? null;
    const agent = {
      id,
      agent_number: r.agentNumber,
      company_number: r.companyNumber,
      block_number: r.blockNumber,
      mga_code: r.mgaCode,
      hierarchy_level: r.level,
      active: r.isActive,
      upline: parentId === null || r.upline === null ? null : { id: parentId, agent_number: r.upline },
    };
    const before = existing.byKey.get(keyOf(r.companyNumber, r.blockNumber, r.agentNumber));
    if (!before) {
      events.push(agentEvent("agent.created", { agent, actor, source: "import" }));
      return;
    }
    if (before.parentId !== parentId) {
      const prev = before.parentId === null ? null : { id: before.parentId, agent_number: numberOf(before.parentId) ?? "" };
      events.push(agentEvent("agent.moved", { agent, actor, source: "import", previous_upline: prev }));
    }
    if (before.isActive && !r.isActive) {
      events.push(agentEvent("agent.deactivated", { agent, actor, source: "import", termination_date: r.terminatedDate }));
    }
  });
  return events;
}

/** From this many rows, a load into a table smaller than the load goes without its secondary indexes. */
const BULK_MIN_ROWS = 20_000;

