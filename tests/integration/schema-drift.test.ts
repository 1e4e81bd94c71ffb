// Proves that the database built from prisma/migrations is the database
// prisma/schema.prisma describes: Prisma 6.19's CLI writes the SQL for the
// schema from empty (scripts/db-diff.mjs), we apply it to one empty database
// and our migrations to another, and compare their catalogs. A change to
// schema.prisma without a migration (or the reverse) fails here with a diff.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { migrate } from "../../server/migrate";
import { diffSchemas } from "../../scripts/db-diff.mjs";
import { maskLast4, openField, sealField } from "../../app/lib/crypto.server";
import { prisma } from "../../app/lib/db.server";
import { resetEnvCache } from "../../app/lib/env.server";
import { useTestDatabase } from "../support/db";
import { createEmptyDatabase, dropTestDatabase, type TestDatabase } from "../support/postgres";

const pgServer = { url: inject("pgUrl"), template: inject("pgTemplate") };
const created: TestDatabase[] = [];

afterAll(async () => {
  for (const db of created) await dropTestDatabase(db, pgServer);
});

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * One line per catalog fact of schema public (ignoring _prisma_migrations):
 * tables, columns (type, nullability, default; not their order, since a
 * later ALTER TABLE appends columns), constraints (primary keys, unique,
 * foreign keys with their ON DELETE/UPDATE rules, checks), indexes with
 * their definitions, enums, sequences.
 */
export async function catalog(url: string): Promise<string[]> {
  return withClient(url, async (c) => {
    const lines: string[] = [];
    const skip = `'_prisma_migrations'`;
    const tables = await c.query(`
      SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> ${skip}`);
    for (const r of tables.rows) lines.push(`table ${r.relname}`);

    const columns = await c.query(`
      SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull,
             pg_get_expr(d.adbin, d.adrelid) AS def, a.attidentity, a.attgenerated
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname <> ${skip}
         AND a.attnum > 0 AND NOT a.attisdropped`);
    for (const r of columns.rows) {
      lines.push(
        `column ${r.relname}.${r.attname} ${r.type}${r.attnotnull ? " NOT NULL" : ""}` +
          `${r.def ? ` DEFAULT ${r.def}` : ""}${r.attidentity ? ` IDENTITY ${r.attidentity}` : ""}` +
          `${r.attgenerated ? ` GENERATED ${r.attgenerated}` : ""}`,
      );
    }

    const constraints = await c.query(`
      SELECT c.relname, k.conname, k.contype, pg_get_constraintdef(k.oid) AS def
        FROM pg_constraint k
        JOIN pg_class c ON c.oid = k.conrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relname <> ${skip}`);
    for (const r of constraints.rows) lines.push(`constraint ${r.relname}.${r.conname} [${r.contype}] ${r.def}`);

    const indexes = await c.query(`
      SELECT tablename, indexname, indexdef FROM pg_indexes
       WHERE schemaname = 'public' AND tablename <> ${skip}`);
    for (const r of indexes.rows) lines.push(`index ${r.tablename}.${r.indexname} ${r.indexdef}`);

    const enums = await c.query(`
      SELECT t.typname, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS labels
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
        JOIN pg_namespace n ON n.oid = t.typnamespace
       WHERE n.nspname = 'public' GROUP BY t.typname`);
    for (const r of enums.rows) lines.push(`enum ${r.typname} (${r.labels})`);

    const sequences = await c.query(`
      SELECT sequencename, data_type FROM pg_sequences WHERE schemaname = 'public'`);
    for (const r of sequences.rows) lines.push(`sequence ${r.sequencename} ${r.data_type}`);

    return lines.sort();
  });
}

/** A readable diff of two catalogs, or "" when equal. */
export function catalogDiff(fromSchema: string[], fromMigrations: string[]): string {
  const a = new Set(fromSchema);
  const b = new Set(fromMigrations);
  const missing = fromSchema.filter((l) => !b.has(l));
  const extra = fromMigrations.filter((l) => !a.has(l));
  if (missing.length === 0 && extra.length === 0) return "";
  return [
    "The database built from prisma/migrations differs from prisma/schema.prisma.",
    "Write a migration: node scripts/db-diff.mjs --from HEAD (see docs/data-model.md).",
    "",
    ...(missing.length ? ["In schema.prisma but not in the migrated database:", ...missing.map((l) => `  + ${l}`)] : []),
    ...(extra.length ? ["In the migrated database but not in schema.prisma:", ...extra.map((l) => `  - ${l}`)] : []),
  ].join("\n");
}

/** Catalog lines of the migrations that Prisma's schema language has no words for (decision 0084). */
const MIGRATION_ONLY = [
  "index producer_licences.producer_licences_one_resident CREATE UNIQUE INDEX producer_licences_one_resident ON public.producer_licences USING btree (npn) WHERE is_resident",
  "constraint producer_credentials.producer_credentials_expiry_known [c] CHECK (((expiry_date IS NOT NULL) OR (source = 'APPLICATION'::text)))",
  // Migration 20261204130000_appointment_filings (decision 0109).
  "constraint carriers.carriers_naic_company_code_format [c] CHECK ((naic_company_code ~ '^[0-9]{5}$'::text))",
  "constraint appointment_filings.appointment_filings_status_known [c] CHECK (((status = ANY (ARRAY['TO_FILE'::text, 'FILED'::text, 'ACCEPTED'::text, 'REJECTED'::text, 'WITHDRAWN'::text, 'HELD'::text])) AND ((status <> 'HELD'::text) OR (held_reason IS NOT NULL)) AND ((status <> 'REJECTED'::text) OR (rejection_reason IS NOT NULL))))",
  // Migration 20261204150000_filing_files (decision 0112).
  "constraint filing_batches.filing_batches_adapter_known [c] CHECK ((adapter = ANY (ARRAY['file'::text, 'http'::text])))",
  "constraint filing_files.filing_files_layout_known [c] CHECK ((layout = ANY (ARRAY['GENERIC_APPOINTMENTS'::text, 'FL_APPOINTMENTS'::text, 'GENERIC_TERMINATIONS'::text, 'FL_TERMINATIONS'::text])))",
  // Migration 20261204140000_terminations (decision 0111).
  "constraint appointment_filings.appointment_filings_withdrawn_reason [c] CHECK (((status <> 'WITHDRAWN'::text) OR (withdrawn_reason IS NOT NULL)))",
  "constraint terminations.terminations_case_known [c] CHECK (((NOT for_cause) OR ((notice_method = ANY (ARRAY['ELECTRONIC'::text, 'LETTER'::text])) AND (producer_copy_due_date IS NOT NULL))))",
  "constraint terminations.terminations_status_known [c] CHECK (((status = ANY (ARRAY['TO_FILE'::text, 'FILED'::text, 'ACCEPTED'::text, 'REJECTED'::text])) AND ((status <> 'REJECTED'::text) OR (rejection_reason IS NOT NULL)) AND (source = ANY (ARRAY['SCREEN'::text, 'IMPORT'::text, 'API'::text]))))",
  // Migration 20261204192000_filing_fees (decision 0117).
  "constraint appointment_filings.appointment_filings_fee_known [c] CHECK (((fee_paid_by = ANY (ARRAY['CARD'::text, 'COMMISSIONS'::text])) AND (fee_charged_when = ANY (ARRAY['FILING'::text, 'FIRST_BUSINESS'::text]))))",
];

describe("schema drift", () => {
  it("the migrations build exactly the database schema.prisma describes", async () => {
    const schema = readFileSync(path.resolve("prisma/schema.prisma"), "utf8");
    const sql: string = diffSchemas(null, schema);
    expect(sql).toMatch(/CREATE TABLE/);

    const fromSchema = await createEmptyDatabase(undefined, pgServer);
    created.push(fromSchema);
    // Extensions come from the migrations (schema.prisma does not declare them:
    // postgresqlExtensions is a preview feature); the trigram indexes need pg_trgm.
    await withClient(fromSchema.url, (c) => c.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm;\n${sql}`));

    const fromMigrations = await createEmptyDatabase(undefined, pgServer);
    created.push(fromMigrations);
    await migrate(fromMigrations.url, { migrationsDir: path.resolve("prisma/migrations") });

    const expected = await catalog(fromSchema.url);
    const migrated = await catalog(fromMigrations.url);
    // What schema.prisma cannot express (a partial index): in the migrated database exactly as listed.
    for (const line of MIGRATION_ONLY) expect(migrated).toContain(line);
    const actual = migrated.filter((l) => !MIGRATION_ONLY.includes(l));
    expect(expected.length).toBeGreaterThan(100);
    const diff = catalogDiff(expected, actual);
    if (diff) expect.fail(diff);
  }, 120_000); // spawns the Prisma 6.19 CLI: slow on a loaded machine

  it("the template the tests clone is the migrated database", async () => {
    const fromMigrations = await createEmptyDatabase(undefined, pgServer);
    created.push(fromMigrations);
    await migrate(fromMigrations.url, { migrationsDir: path.resolve("prisma/migrations") });
    const templateUrl = new URL(pgServer.url);
    templateUrl.pathname = `/${pgServer.template}`;
    // Connecting to a template database is allowed (it is only marked IS_TEMPLATE).
    const diff = catalogDiff(await catalog(fromMigrations.url), await catalog(templateUrl.toString()));
    if (diff) expect.fail(diff);
  });
});

describe("the generated Prisma client on the migrated database", () => {
  const db = useTestDatabase();
  // A key of our own, so the test never writes DATA_DIR/secrets.json.
  process.env.ENCRYPTION_KEY ??= "schema-drift test key";
  resetEnvCache();

  it("writes and reads users, agents with their closure, appointments with encrypted fields", async () => {
    expect(db.url).toContain(db.name);
    const user = await prisma.user.create({ data: { userName: "prospect@example.com", firstName: "Pat" } });
    const carrier = await prisma.carrier.create({ data: { carrierCode: "SLAC", name: "SLAC Life" } });
    const life = await prisma.productType.create({ data: { productTypeCode: "LIFE", name: "Life", maxLevel: 17 } });
    await prisma.block.create({ data: { blockNumber: 1, carrierId: carrier.carrierId, productTypeId: life.productTypeId, isHealth: false } });
    await prisma.company.create({ data: { companyNumber: "01", name: "Company 01" } });
    const base = { companyNumber: "01", blockNumber: 1, mgaCode: "MGA1" };
    const md = await prisma.agent.create({ data: { ...base, agentNumber: "1000", hierarchyLevel: 1, directUpline: "0000" } });
    const rep = await prisma.agent.create({
      data: { ...base, agentNumber: "1001", hierarchyLevel: 5, parentId: md.id, directUpline: "1000", userId: user.id },
    });
    await prisma.agentClosure.createMany({
      data: [
        { ancestorId: md.id, descendantId: md.id, depth: 0 },
        { ancestorId: rep.id, descendantId: rep.id, depth: 0 },
        { ancestorId: md.id, descendantId: rep.id, depth: 1 },
      ],
    });
    const downline = await prisma.agentClosure.findMany({ where: { ancestorId: md.id, depth: { gt: 0 } }, include: { descendant: true } });
    expect(downline.map((d) => d.descendant.agentNumber)).toEqual(["1001"]);
    await expect(
      prisma.agent.create({ data: { ...base, agentNumber: "1001", hierarchyLevel: 5 } }),
    ).rejects.toThrow(); // (agentNumber, companyNumber, blockNumber) is unique

    const ssn = sealField("123-45-6789");
    const appt = await prisma.appointment.create({
      data: {
        appointmentTypeCode: "APPTTYP_IND",
        userId: user.id,
        recruiterAgentId: rep.id,
        personal: { create: { firstName: "Pat", ssnEncrypted: ssn.encrypted, ssnLast4: ssn.last4, birthDate: new Date("1980-02-03") } },
        states: { create: { stateCode: "TX", stateName: "Texas", feeAmount: "15.00" } },
      },
      include: { personal: true, states: true },
    });
    expect(appt.appointmentId).toBeGreaterThan(0);
    expect(appt.appointmentStatusCode).toBe("APWF_STATUS_INCOMPLETE");
    expect(appt.personal?.ssnEncrypted).not.toContain("6789");
    expect(openField(appt.personal?.ssnEncrypted)).toBe("123-45-6789");
    expect(maskLast4(appt.personal?.ssnLast4)).toBe("*****6789");
    expect(appt.states[0].feeAmount.toString()).toBe("15");
    expect(appt.personal?.birthDate?.toISOString().slice(0, 10)).toBe("1980-02-03");

    await prisma.auditLog.create({ data: { action: "SIGN_IN", actorUserId: user.id, details: { via: "test" } } });
    const [log] = await prisma.auditLog.findMany();
    expect(typeof log.id).toBe("bigint");
  });
});
