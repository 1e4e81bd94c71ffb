// The encryption key and the database agree (decision 0042, issue 19 item 5).
//
// The database keeps a check value of the key (crypto keyCheckValue: an HMAC
// under the key, never the key) in system_settings 'encryption.key_check'.
// Every start (web and worker) compares: another key, or a key that does not
// decrypt the data already there, stops the start with a message naming
// ENCRYPTION_KEY, before anything is written under the wrong key.
//
// Key rotation (`npm run rotate-key`, scripts/lib/rotate-key-cli.ts):
// ENCRYPTION_KEY=new and ENCRYPTION_KEY_PREVIOUS=old. Every column named
// *_encrypted (found in the catalog, so a new one is never forgotten) is
// re-encrypted in batches by primary key; the last key done per column is
// recorded in 'encryption.rotation', so a run that is stopped resumes where
// it was. Meanwhile portals started with both keys read either and write
// under the new one. When every column is done the check value becomes the
// new key's and the old key is no longer accepted.
import pg from "pg";
import { createFieldCipher, keyCheckValue } from "./crypto.server";

export const KEY_CHECK_SETTING = "encryption.key_check";
export const ROTATION_SETTING = "encryption.rotation";

/** The key and the database disagree: the message says what to set. */
export class EncryptionKeyError extends Error {
  override name = "EncryptionKeyError";
}

export type EncryptedColumn = { table: string; column: string; key: string };

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every column holding encryptField values (named *_encrypted), with its table's primary key. */
export async function encryptedColumns(client: pg.ClientBase): Promise<EncryptedColumn[]> {
  const { rows } = await client.query<{ table: string; column: string; key: string | null }>(
    `SELECT c.table_name AS table, c.column_name AS column,
            (SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
              WHERE i.indrelid = format('%I.%I', c.table_schema, c.table_name)::regclass AND i.indisprimary AND i.indnatts = 1) AS key
       FROM information_schema.columns c
      WHERE c.table_schema = current_schema() AND c.column_name LIKE '%\\_encrypted'
      ORDER BY 1, 2`,
  );
  return rows.map((r) => {
    if (!r.key) throw new Error(`${r.table}.${r.column}: its table has no one-column primary key (key rotation needs one)`);
    return { table: r.table, column: r.column, key: r.key };
  });
}

async function readSetting<T>(client: pg.ClientBase, key: string): Promise<T | undefined> {
  const { rows } = await client.query<{ value: T }>("SELECT value FROM system_settings WHERE key = $1", [key]);
  return rows[0]?.value;
}

async function writeSetting(client: pg.ClientBase, key: string, value: unknown) {
  await client.query(
    `INSERT INTO system_settings (key, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

type KeyCheck = { check: string };
type Rotation = { from: string; to: string; done: Record<string, string | null> };

/** Before the first migration the tables are not there: nothing to read, nothing to compare. */
async function portalTablesExist(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ found: boolean }>(
    "SELECT to_regclass('public.system_settings') IS NOT NULL AND to_regclass('public.users') IS NOT NULL AS found",
  );
  return rows[0]?.found ?? false;
}

/** True when the database was set up by an earlier start of the portal (its key check or any account). */
export async function databaseHasPortalData(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (!(await portalTablesExist(client))) return false;
    const { rows } = await client.query<{ found: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM system_settings WHERE key = $1) OR EXISTS (SELECT 1 FROM users) AS found`,
      [KEY_CHECK_SETTING],
    );
    return rows[0]?.found ?? false;
  } finally {
    await client.end().catch(() => {});
  }
}

const wrongKey = (detail: string) =>
  new EncryptionKeyError(
    `ENCRYPTION_KEY is not the key of this database's encrypted data (${detail}). ` +
      "Set ENCRYPTION_KEY (or ENCRYPTION_KEY_FILE) to the key the data were written with (the other processes' key, or ENCRYPTION_KEY in DATA_DIR/secrets.json of the first start). " +
      "To change keys, run `npm run rotate-key` with ENCRYPTION_KEY=<new> and ENCRYPTION_KEY_PREVIOUS=<old>. Nothing was written.",
  );

/**
 * At start: the key (and, during a rotation, the previous key) against the
 * database's check value. The first start records it; a database with
 * encrypted data but no check value yet (made before this check) is
 * checked by decrypting a value of each encrypted column. `record: false`
 * (before the migrations, decision 0086): the same comparison, writing
 * nothing, and nothing to compare on a database without the portal's tables.
 */
export async function verifyEncryptionKey(
  databaseUrl: string,
  { current, previous, log, record = true }: { current: string; previous?: string; log: (msg: string) => void; record?: boolean },
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const currentCheck = keyCheckValue(current);
    const previousCheck = previous ? keyCheckValue(previous) : undefined;
    if (!record && !(await portalTablesExist(client))) return;
    let stored = (await readSetting<KeyCheck>(client, KEY_CHECK_SETTING))?.check;
    if (!stored && !record) {
      await checkBySample(client, current, previous);
      return;
    }
    if (!stored) {
      const sampled = await checkBySample(client, current, previous);
      await client.query(
        `INSERT INTO system_settings (key, value, updated_at) VALUES ($1, $2, now()) ON CONFLICT (key) DO NOTHING`,
        [KEY_CHECK_SETTING, JSON.stringify({ check: sampled === "previous" ? previousCheck : currentCheck })],
      );
      stored = (await readSetting<KeyCheck>(client, KEY_CHECK_SETTING))?.check;
      if (stored === currentCheck) log("Encryption key check value recorded in the database");
    }
    if (stored === currentCheck) {
      if (record && previous && !(await readSetting<Rotation>(client, ROTATION_SETTING))) {
        log("warning: ENCRYPTION_KEY_PREVIOUS is set but every value is under ENCRYPTION_KEY already: remove ENCRYPTION_KEY_PREVIOUS");
      }
      return;
    }
    if (previousCheck && stored === previousCheck) {
      if (record) log("Key rotation under way: values under ENCRYPTION_KEY_PREVIOUS are still read, new ones written under ENCRYPTION_KEY; finish it with `npm run rotate-key`");
      return;
    }
    throw wrongKey(
      previous
        ? "neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS matches the key check value stored in the database"
        : "it does not match the key check value stored in the database",
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/** No check value yet: one value of each encrypted column must open under one of the keys. */
async function checkBySample(client: pg.ClientBase, current: string, previous: string | undefined): Promise<"current" | "previous"> {
  const now = createFieldCipher(current);
  const before = previous ? createFieldCipher(previous) : undefined;
  let underPrevious = false;
  for (const c of await encryptedColumns(client)) {
    const { rows } = await client.query<{ v: string }>(
      `SELECT ${ident(c.column)} AS v FROM ${ident(c.table)} WHERE ${ident(c.column)} IS NOT NULL AND ${ident(c.column)} <> '' LIMIT 1`,
    );
    const value = rows[0]?.v;
    if (value === undefined) continue;
    if (opens(now, value)) continue;
    if (before && opens(before, value)) {
      underPrevious = true;
      continue;
    }
    throw wrongKey(`a value of ${c.table}.${c.column} does not decrypt under it`);
  }
  return underPrevious ? "previous" : "current";
}

function opens(cipher: { decrypt(v: string): string }, value: string): boolean {
  try {
    cipher.decrypt(value);
    return true;
  } catch {
    return false;
  }
}

export type RotationResult = { reencrypted: number; columns: number; resumed: boolean };

/**
 * Re-encrypts every *_encrypted value under `current` (from `previous`), in
 * batches of `batchSize` rows, each batch one transaction that also records
 * how far the column got. Resumes a run that was stopped. Rows changed by a
 * portal meanwhile (written under the new key already) are left alone.
 */
export async function rotateEncryptionKey(
  databaseUrl: string,
  {
    current,
    previous,
    batchSize = 500,
    log,
    afterBatch,
  }: { current: string; previous: string; batchSize?: number; log: (msg: string) => void; afterBatch?: (n: number) => Promise<void> | void },
): Promise<RotationResult> {
  const from = keyCheckValue(previous);
  const to = keyCheckValue(current);
  if (from === to) throw new EncryptionKeyError("ENCRYPTION_KEY and ENCRYPTION_KEY_PREVIOUS are the same key: set ENCRYPTION_KEY to the new key");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const stored = (await readSetting<KeyCheck>(client, KEY_CHECK_SETTING))?.check;
    if (stored === to && !(await readSetting<Rotation>(client, ROTATION_SETTING))) {
      log("Every value is under ENCRYPTION_KEY already: nothing to do (remove ENCRYPTION_KEY_PREVIOUS)");
      return { reencrypted: 0, columns: 0, resumed: false };
    }
    if (stored !== undefined && stored !== from && stored !== to) {
      throw new EncryptionKeyError(
        "ENCRYPTION_KEY_PREVIOUS is not the key of this database's encrypted data (it does not match the key check value stored in the database): set it to the key the portal runs with now",
      );
    }
    if (stored === undefined) await verifyEncryptionKey(databaseUrl, { current: previous, log });
    let rotation = await readSetting<Rotation>(client, ROTATION_SETTING);
    const resumed = rotation !== undefined && rotation.to === to && rotation.from === from;
    if (rotation && !resumed) {
      throw new EncryptionKeyError(
        "An unfinished key rotation to another key is recorded in the database (system_settings 'encryption.rotation'): finish it with that key as ENCRYPTION_KEY first",
      );
    }
    rotation ??= { from, to, done: {} };
    await writeSetting(client, ROTATION_SETTING, rotation);
    if (resumed) log("Resuming the key rotation recorded in the database");

    const now = createFieldCipher(current);
    const before = createFieldCipher(previous);
    const columns = await encryptedColumns(client);
    let reencrypted = 0;
    for (const c of columns) {
      const name = `${c.table}.${c.column}`;
      if (rotation.done[name] === null) continue; // finished in an earlier run
      let after: string | undefined = rotation.done[name] ?? undefined;
      let count = 0;
      for (;;) {
        await client.query("BEGIN");
        try {
          const { rows }: { rows: Array<{ id: string; v: string }> } = await client.query<{ id: string; v: string }>(
            `SELECT ${ident(c.key)}::text AS id, ${ident(c.column)} AS v FROM ${ident(c.table)}
              WHERE ${ident(c.column)} IS NOT NULL AND ${ident(c.column)} <> ''${after === undefined ? "" : ` AND ${ident(c.key)}::text > $1`}
              ORDER BY ${ident(c.key)}::text LIMIT ${Math.max(1, Math.floor(batchSize))} FOR UPDATE`,
            after === undefined ? [] : [after],
          );
          for (const row of rows) {
            if (opens(now, row.v)) continue; // written under the new key already
            let plain: string;
            try {
              plain = before.decrypt(row.v);
            } catch {
              throw new EncryptionKeyError(`${name} ${c.key}=${row.id}: the value opens under neither ENCRYPTION_KEY nor ENCRYPTION_KEY_PREVIOUS`);
            }
            await client.query(`UPDATE ${ident(c.table)} SET ${ident(c.column)} = $1 WHERE ${ident(c.key)}::text = $2`, [now.encrypt(plain), row.id]);
            count += 1;
          }
          const last = rows.at(-1)?.id;
          rotation.done[name] = rows.length < batchSize ? null : (last ?? null);
          await writeSetting(client, ROTATION_SETTING, rotation);
          await client.query("COMMIT");
          after = rotation.done[name] ?? after;
        } catch (error) {
          await client.query("ROLLBACK").catch(() => {});
          throw error;
        }
        await afterBatch?.(count);
        if (rotation.done[name] === null) break;
      }
      reencrypted += count;
      log(`${name}: ${count} value(s) re-encrypted`);
    }
    await client.query("BEGIN");
    await writeSetting(client, KEY_CHECK_SETTING, { check: to });
    await client.query("DELETE FROM system_settings WHERE key = $1", [ROTATION_SETTING]);
    await client.query("COMMIT");
    return { reencrypted, columns: columns.length, resumed };
  } finally {
    await client.end().catch(() => {});
  }
}
