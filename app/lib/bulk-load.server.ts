// Bulk loads into a table (the large seed, the hierarchy import): without its
// secondary indexes and foreign keys, made again afterwards.
import type pg from "pg";

/**
 * Drops the non-unique indexes and the foreign keys of `tables` (inside the
 * caller's transaction: all or nothing; the tables are locked until the
 * commit); the function returned makes them again from their catalogue
 * definitions: one index build and one validating join each instead of a
 * row-by-row update and check (`npm run seed:large`, the hierarchy import).
 */
export async function dropSecondaryIndexesAndForeignKeys(client: pg.ClientBase, tables: string[]): Promise<() => Promise<void>> {
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
