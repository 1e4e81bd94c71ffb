// Issue 19 item 5 (decision 0042): the database keeps a check value of the
// encryption key; another key is refused naming ENCRYPTION_KEY; a database
// with encrypted data but no check value yet is checked by decrypting; and
// `npm run rotate-key`'s work re-encrypts every *_encrypted column in
// batches, resumes after a stop, and reads the old key meanwhile.
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createFieldCipher, createRotatingCipher } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { KEY_CHECK_SETTING, ROTATION_SETTING, rotateEncryptionKey, verifyEncryptionKey } from "~/lib/encryption-key.server";
import { useTestDatabase } from "../support/db";
import { createAgent } from "../support/factories";

const db = useTestDatabase();
const OLD = "old key for the key rotation test 0123456789abcdef";
const NEW = "new key for the key rotation test 0123456789abcdef";
const log = () => undefined;

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const ssns = ["123-45-0001", "123-45-0002", "123-45-0003", "123-45-0004", "123-45-0005"];

beforeAll(async () => {
  const old = createFieldCipher(OLD);
  for (const ssn of ssns) {
    const agent = await createAgent(prisma, {});
    await sql("UPDATE agents SET ssn_encrypted = $1 WHERE id = $2", [old.encrypt(ssn), agent.id]);
  }
});

async function storedSsns(secret: string): Promise<string[]> {
  const cipher = createFieldCipher(secret);
  const rows = await sql<{ v: string }>("SELECT ssn_encrypted AS v FROM agents WHERE ssn_encrypted IS NOT NULL ORDER BY id");
  return rows.map((r) => cipher.decrypt(r.v));
}

describe("the encryption key against the database", () => {
  it("refuses a key that does not open the data already there, and records none of it", async () => {
    await expect(verifyEncryptionKey(db.url, { current: NEW, log })).rejects.toThrow(/ENCRYPTION_KEY is not the key of this database's encrypted data/);
    expect(await sql("SELECT 1 FROM system_settings WHERE key = $1", [KEY_CHECK_SETTING])).toHaveLength(0);
  });

  it("records a check value (not the key) for the right key, then refuses any other key naming ENCRYPTION_KEY", async () => {
    await verifyEncryptionKey(db.url, { current: OLD, log });
    const [row] = await sql<{ value: { check: string } }>("SELECT value FROM system_settings WHERE key = $1", [KEY_CHECK_SETTING]);
    expect(row?.value.check).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(row)).not.toContain(OLD);
    await expect(verifyEncryptionKey(db.url, { current: NEW, log })).rejects.toThrow(/ENCRYPTION_KEY.*key check value stored in the database/);
    await verifyEncryptionKey(db.url, { current: OLD, log });
  });
});

describe("key rotation", () => {
  it("re-encrypts in batches, resumes after a stop, and accepts the old key until it is done", async () => {
    // A run stopped after its first batch (2 rows).
    let batches = 0;
    await expect(
      rotateEncryptionKey(db.url, {
        current: NEW,
        previous: OLD,
        batchSize: 2,
        log,
        afterBatch: () => {
          batches += 1;
          throw new Error("stopped");
        },
      }),
    ).rejects.toThrow("stopped");
    expect(batches).toBe(1);
    expect(await sql("SELECT 1 FROM system_settings WHERE key = $1", [ROTATION_SETTING])).toHaveLength(1);

    // Meanwhile: a portal with both keys starts and reads every value; one with the new key only does not start.
    await verifyEncryptionKey(db.url, { current: NEW, previous: OLD, log });
    await expect(verifyEncryptionKey(db.url, { current: NEW, log })).rejects.toThrow(/ENCRYPTION_KEY/);
    const both = createRotatingCipher(NEW, OLD);
    const mixed = await sql<{ v: string }>("SELECT ssn_encrypted AS v FROM agents WHERE ssn_encrypted IS NOT NULL ORDER BY id");
    expect(mixed.map((r) => both.decrypt(r.v))).toEqual(ssns);

    // The second run goes on where the first stopped.
    const result = await rotateEncryptionKey(db.url, { current: NEW, previous: OLD, batchSize: 2, log });
    expect(result.resumed).toBe(true);
    expect(result.reencrypted).toBe(ssns.length - 2);
    expect(await storedSsns(NEW)).toEqual(ssns);
    expect(await sql("SELECT 1 FROM system_settings WHERE key = $1", [ROTATION_SETTING])).toHaveLength(0);

    // Done: the new key alone starts, the old one is refused.
    await verifyEncryptionKey(db.url, { current: NEW, log });
    await expect(verifyEncryptionKey(db.url, { current: OLD, log })).rejects.toThrow(/ENCRYPTION_KEY/);
  });
});
