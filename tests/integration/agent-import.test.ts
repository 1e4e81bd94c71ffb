// The hierarchy import (decision 0032) against a real PostgreSQL: a good file
// builds agents and closure rows; a file with bad rows imports nothing and
// reports every bad line; a re-import updates in place, terminates and moves
// an upline (closure rows equal to those rebuilt from parent ids); a loop
// through the database is refused; the upload's job path records its run; an
// imported agent with an email can be invited (EXT) and, once accepted, has
// CONFIGURE and their downline.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownPositions } from "~/features/agents/agents.server";
import { acceptUserInvitation, createUserInvitation } from "~/features/agents/user-invitations.server";
import { isAgentUnderUser } from "~/features/hierarchy/hierarchy.server";
import { getImportRun, queueImport, runImportJob } from "~/features/hierarchy/import-runs.server";
import { handleImportUpload } from "~/features/hierarchy/import-upload.server";
import { importAgentsCsv, type ImportResult } from "~/features/hierarchy/import.server";
import { IMPORT_MESSAGES as M } from "~/features/hierarchy/import-messages";
import { getShellContext } from "~/lib/shell.server";
import { prisma } from "~/lib/db.server";
import { stopWorker } from "~/lib/jobs.server";
import { writeBlob } from "~/lib/storage.server";
import { runImportCli } from "../../scripts/lib/import-agents-cli";
import { useTestDatabase } from "../support/db";
import { createCarrierWithBlocks, createUser } from "../support/factories";
import { asUser } from "./appointment-fixtures";

const db = useTestDatabase();
process.env.ENCRYPTION_KEY ??= "agent import test key 0123456789abcdef0123";

const HEADER = "agentNumber,companyNumber,blockNumber,carrierCode,mgaCode,level,firstName,middleName,lastName,companyName,uplineAgentNumber,email,phone,status,activeDate,terminatedDate";

beforeAll(async () => {
  await createCarrierWithBlocks(prisma, { carrierCode: "MIAC", companyNumber: "MI01", blocks: [{ blockNumber: 72, productTypeCode: "HEALTH" }, { blockNumber: 87, productTypeCode: "HEALTH" }] });
  await createCarrierWithBlocks(prisma, { carrierCode: "SLAC", companyNumber: "SL01", blocks: [{ blockNumber: 501, productTypeCode: "LIFE" }] });
});

afterAll(async () => {
  await stopWorker();
});

async function importCsv(csv: string, opts: { bulkMinRows?: number } = {}): Promise<ImportResult> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return await importAgentsCsv(client, Readable.from([Buffer.from(csv)]), opts);
  } finally {
    await client.end();
  }
}

const lines = (...rows: string[]) => [HEADER, ...rows].join("\n") + "\n";

/** The closure table as it is, and as rebuilt from parent_id by a recursive walk. */
async function closureMatchesParents(): Promise<{ actual: string[]; expected: string[] }> {
  const actual = await prisma.$queryRaw<Array<{ k: string }>>`SELECT ancestor_id || ':' || descendant_id || ':' || depth AS k FROM agent_closure ORDER BY 1`;
  const expected = await prisma.$queryRaw<Array<{ k: string }>>`
    WITH RECURSIVE up(anc, des, depth) AS (
      SELECT id, id, 0 FROM agents
      UNION ALL
      SELECT a.parent_id, up.des, up.depth + 1 FROM up JOIN agents a ON a.id = up.anc WHERE a.parent_id IS NOT NULL
    ) SELECT anc || ':' || des || ':' || depth AS k FROM up ORDER BY 1`;
  return { actual: actual.map((r) => r.k), expected: expected.map((r) => r.k) };
}

const agentByNumber = (agentNumber: string, blockNumber = 72) =>
  prisma.agent.findFirstOrThrow({ where: { agentNumber, blockNumber } });

const GOOD = lines(
  "100,MI01,72,MIAC,HM1850,1,Marcus,A,Holloway,,0000,md@example.com,(303) 555-0160,,2020-01-01,",
  "101,,72,miac,HM1850,2,Jane,,Doe,,100,Jane.Doe@Example.com,303-555-0161,ACTIVE,,",
  "102,MI01,72,MIAC,HM1850,2,,,,Acme Agency LLC,100,office@acme.example.com,3035550162,,,",
  "103,MI01,72,MIAC,HM1850,3,Bob,,Roe,,101,,,,,",
  // The upline comes later in the file: fine.
  "105,MI01,72,MIAC,HM1850,4,Eve,,Late,,104,,,TERMINATED,,03/15/2026",
  "104,MI01,72,MIAC,HM1850,3,Ann,,Poe,,101,ann.poe@example.com,,,,",
  // The same numbers in another block are other agents.
  "100,SL01,501,SLAC,LG2026,1,Marcus,,Holloway,,,,,,,",
  "101,SL01,501,SLAC,LG2026,12,Life,,Agent,,100,,,,,",
);

describe("a good file", () => {
  it("imports every agent with uplines resolved within company and block, and their closure rows", async () => {
    const catalogue = () => prisma.$queryRaw<Array<{ k: string }>>`
      SELECT 'i:' || indexname AS k FROM pg_indexes WHERE tablename IN ('agents', 'agent_closure')
      UNION ALL SELECT 'f:' || conname FROM pg_constraint WHERE conrelid IN ('agents'::regclass, 'agent_closure'::regclass) AND contype = 'f'
      ORDER BY 1`;
    const before = await catalogue();
    // Into empty tables: the bulk path (secondary indexes and foreign keys dropped and made again).
    const r = await importCsv(GOOD, { bulkMinRows: 1 });
    expect(await catalogue()).toEqual(before);
    expect(r).toMatchObject({ ok: true, rows: 8, inserted: 8, updated: 0, unchanged: 0, moved: 0, closureRows: 1 + 2 + 2 + 3 + 4 + 3 + 1 + 2 });
    const md = await agentByNumber("100");
    const jane = await agentByNumber("101");
    const acme = await agentByNumber("102");
    const eve = await agentByNumber("105");
    expect(md).toMatchObject({ parentId: null, directUpline: "0000", companyNumber: "MI01", mgaCode: "HM1850", hierarchyLevel: 1, phoneNumber: "3035550160", isActive: true, status: "ACTIVE" });
    expect(jane).toMatchObject({ parentId: md.id, directUpline: "100", email: "jane.doe@example.com", companyNumber: "MI01", agentType: "I" });
    expect(acme).toMatchObject({ parentId: md.id, agentType: "C", companyName: "Acme Agency LLC", firstName: null });
    expect(eve).toMatchObject({ parentId: (await agentByNumber("104")).id, isActive: false, status: "TERMINATED" });
    expect(eve.terminationDate?.toISOString().slice(0, 10)).toBe("2026-03-15");
    // The file's activeDate is kept (the downline report's Date, issue 20 item 12); none given: none kept.
    expect(md.activeDate?.toISOString().slice(0, 10)).toBe("2020-01-01");
    expect(jane.activeDate).toBeNull();
    const life = await agentByNumber("101", 501);
    expect(life.parentId).toBe((await agentByNumber("100", 501)).id);
    const c = await closureMatchesParents();
    expect(c.actual).toEqual(c.expected);
  });
});

describe("a file with bad rows", () => {
  it("imports nothing and reports every bad line", async () => {
    const before = await prisma.agent.count();
    const closureBefore = await prisma.agentClosure.count();
    const csv = lines(
      "200,MI01,72,MIAC,HM1850,2,Good,,Row,,100,,,,,", // line 2: fine (its upline is in the database)
      "201,MI01,72,XXXX,HM1850,2,Bad,,Carrier,,100,,,,,", // 3 unknown carrier
      "202,MI01,999,MIAC,HM1850,2,Bad,,Block,,100,,,,,", // 4 unknown block
      "203,MI01,501,MIAC,HM1850,2,Other,,Carrier,,100,,,,,", // 5 block of another carrier
      "204,MI01,72,MIAC,HM1850,10,Too,,Deep,,100,,,,,", // 6 health stops at 9
      "205,MI01,72,MIAC,HM1850,2,No,,Email,,100,not-an-email,,,,", // 7 email
      "206,MI01,72,MIAC,HM1850,2,No,,Phone,,100,,12345,,,", // 8 phone
      "207,MI01,72,MIAC,HM1850,2,No,,Date,,100,,,TERMINATED,,2026-02-30", // 9 date
      "208,MI01,72,MIAC,HM1850,2,,,,,100,,,,,", // 10 no name
      "200,MI01,72,MIAC,HM1850,2,Twice,,Row,,100,,,,,", // 11 duplicate of line 2
      "209,MI01,72,MIAC,HM1850,2,Lost,,Upline,,999999,,,,,", // 12 upline nowhere
      "210,MI01,72,MIAC,HM1850,2,Loop,,One,,211,,,,,", // 13 loop
      "211,MI01,72,MIAC,HM1850,2,Loop,,Two,,210,,,,,", // 14 loop
      "212,MI01,72,MIAC,HM1850,2,Too,Many,Fields,,100,,,,,,extra", // 15 field count
      "213,MI01,87,MIAC,HM1850,2,Wrong,,Block,,100,,,,,", // 16 upline 100 is in block 72, not 87
      "214,SL01,72,MIAC,HM1850,2,Wrong,,Company,,100,,,,,", // 17 company of another carrier
      ",MI01,72,MIAC,HM1850,2,No,,Number,,100,,,,,", // 18 agent number required
    );
    const r = await importCsv(csv);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const badLines = [...new Set(r.errors.map((e) => e.line))].sort((a, b) => a - b);
    expect(badLines).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(r.errorCount).toBe(r.errors.length);
    const at = (line: number) => r.errors.filter((e) => e.line === line).map((e) => e.message);
    expect(at(3)).toEqual([M.unknownCarrier("XXXX")]);
    expect(at(4)).toEqual([M.unknownBlock(999)]);
    expect(at(6)).toEqual([M.levelAboveMax(9)]);
    expect(at(7)).toEqual([M.email]);
    expect(at(8)).toEqual([M.phone]);
    expect(at(9)).toEqual([M.date]);
    expect(at(10)).toEqual([M.nameOrCompany]);
    expect(at(11)).toEqual([M.duplicateAgent(2)]);
    expect(at(12)).toEqual([M.unknownUpline("999999")]);
    expect(at(13)[0]).toMatch(/loop/);
    expect(at(15)).toEqual([M.fieldCount(17, 16)]);
    expect(at(16)).toEqual([M.unknownUpline("100")]);
    expect(at(17)).toEqual([M.companyOfOtherCarrier("SL01", "MIAC")]);
    expect(r.errors.find((e) => e.line === 18)?.field).toBe("agentNumber");
    // Nothing imported, not even the good line 2.
    expect(await prisma.agent.count()).toBe(before);
    expect(await prisma.agentClosure.count()).toBe(closureBefore);
    expect(await prisma.agent.findFirst({ where: { agentNumber: "200" } })).toBeNull();
  });

  it("keeps the first 1,000 errors by line and counts them all", async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => `${5000 + i},MI01,72,MIAC,HM1850,2,Many,,Errors,,100,bad-email-${i},,,,`);
    const r = await importCsv(lines(...rows));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errorCount).toBe(1500);
    expect(r.errors).toHaveLength(1000);
    expect(r.errors.map((e) => e.line)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 2));
    expect(await prisma.agent.count({ where: { lastName: "Errors" } })).toBe(0);
  });

  it("reports a bad header on line 1 and a broken quote with its line", async () => {
    const h = await importCsv("agentNumber,blockNumber,carrierCode,mgaCode,level,nickname\n1,72,MIAC,X,1,y\n");
    expect(h.ok).toBe(false);
    if (!h.ok) {
      expect(h.errors.map((e) => [e.line, e.message])).toEqual([
        [1, M.unknownColumn("nickname")],
        [1, M.missingColumn("uplineAgentNumber")],
      ]);
    }
    const q = await importCsv(lines("300,MI01,72,MIAC,HM1850,2,Ok,,Row,,100,,,,,", '301,MI01,72,MIAC,HM1850,2,"Broken,,Quote,,100,,,,,'));
    expect(q.ok).toBe(false);
    // The quote opened on line 3 is never closed: line 3, not the end of the file.
    if (!q.ok) expect(q.errors).toEqual([{ line: 3, field: null, message: M.badQuote }]);
    expect(await prisma.agent.findFirst({ where: { agentNumber: "300" } })).toBeNull();
  });
});

describe("a re-import", () => {
  it("updates names, email and status in place and moves an upline with its downline's closure rows", async () => {
    const ids = Object.fromEntries(await Promise.all(["100", "101", "102", "103", "104", "105"].map(async (n) => [n, (await agentByNumber(n)).id])));
    // A deactivation gives its terminationReason (decision 0111): 102 is appointed nowhere, so any state's code.
    const csv = [
      `${HEADER},terminationReason`,
      "100,MI01,72,MIAC,HM1850,1,Marcus,A,Holloway,,0000,md@example.com,(303) 555-0160,,2020-01-01,,", // unchanged
      "101,MI01,72,MIAC,HM1850,2,Janet,,Doe-Smith,,100,janet@example.com,303-555-0161,ACTIVE,2021-05-01,,", // renamed, an active date
      "102,MI01,72,MIAC,HM1850,2,,,,Acme Agency LLC,100,office@acme.example.com,3035550162,TERMINATED,,2026-06-30,VOL", // terminated
      // 104 (with 105 under it) moves from 101 to 102.
      "104,MI01,72,MIAC,HM1850,3,Ann,,Poe,,102,ann.poe@example.com,,,,,",
    ].join("\n") + "\n";
    const r = await importCsv(csv);
    expect(r).toMatchObject({ ok: true, rows: 4, inserted: 0, updated: 3, unchanged: 1, moved: 1 });
    // Same rows (ids), new values.
    const jane = await agentByNumber("101");
    expect(jane).toMatchObject({ id: ids["101"], firstName: "Janet", lastName: "Doe-Smith", email: "janet@example.com" });
    expect(jane.activeDate?.toISOString().slice(0, 10)).toBe("2021-05-01");
    expect(await agentByNumber("102")).toMatchObject({ id: ids["102"], isActive: false, status: "TERMINATED" });
    expect(await agentByNumber("104")).toMatchObject({ id: ids["104"], parentId: ids["102"], directUpline: "102" });
    // Not in the file: left as they were.
    expect(await agentByNumber("103")).toMatchObject({ id: ids["103"], parentId: ids["101"], firstName: "Bob" });
    // The closure follows: 105 is under 102 now and no longer under 101.
    const c = await closureMatchesParents();
    expect(c.actual).toEqual(c.expected);
    const under = async (a: string, d: string) => (await prisma.agentClosure.count({ where: { ancestorId: ids[a], descendantId: ids[d] } })) === 1;
    expect(await under("102", "105")).toBe(true);
    expect(await under("101", "105")).toBe(false);
    expect(await under("100", "105")).toBe(true);

    // The same file again changes nothing.
    expect(await importCsv(csv)).toMatchObject({ ok: true, inserted: 0, updated: 0, unchanged: 4, moved: 0, closureRows: 0 });
  });

  it("refuses a move under the agent's own downline (a loop through the database)", async () => {
    // 101 under 103, while 103 (not in the file) stays under 101.
    const r = await importCsv(lines("101,MI01,72,MIAC,HM1850,2,Janet,,Doe-Smith,,103,janet@example.com,303-555-0161,ACTIVE,,"));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual([{ line: 2, field: "uplineAgentNumber", message: M.cycle(["101", "103", "101"]) }]);
    expect((await agentByNumber("101")).parentId).toBe((await agentByNumber("100")).id);
  });
});

describe("an uploaded file", () => {
  it("runs as a job and records its run (a second run of the job changes nothing)", async () => {
    const admin = await createUser(prisma, { isInternal: true });
    const csv = lines("400,MI01,72,MIAC,HM1850,2,Upload,,Agent,,100,upload.agent@example.com,,,,", "401,MI01,72,MIAC,HM1850,3,Upload,,Child,,400,,,,,");
    const blob = await writeBlob({ bytes: Buffer.from(csv) });
    const { runId } = await queueImport({ blob, fileName: "book.csv", userId: admin.id });
    expect((await getImportRun(runId))?.status).toBe("QUEUED");
    expect(await runImportJob(runId)).toEqual({ status: "COMPLETED" });
    const run = await getImportRun(runId);
    expect(run).toMatchObject({ status: "COMPLETED", percent: 100, rowsRead: 2, rowsWritten: 2, inserted: 2, errorCount: 0, createdById: admin.id });
    expect((await agentByNumber("400")).createdById).toBe(admin.id);
    expect(await runImportJob(runId)).toEqual({ status: "COMPLETED" });

    const bad = await writeBlob({ bytes: Buffer.from(lines("402,MI01,72,MIAC,HM1850,2,Bad,,Upline,,nobody,,,,,")) });
    const second = await queueImport({ blob: bad, fileName: "bad.csv", userId: admin.id });
    expect(await runImportJob(second.runId)).toEqual({ status: "REJECTED" });
    expect(await getImportRun(second.runId)).toMatchObject({ status: "REJECTED", errorCount: 1, errors: [{ line: 2, field: "uplineAgentNumber", message: M.unknownUpline("nobody") }] });
  });
});

describe("npm run import:agents", () => {
  it("imports a file (exit 0), lists the bad lines of another (exit 1), and explains its usage (exit 2)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "import-cli-"));
    const good = path.join(dir, "good.csv");
    const bad = path.join(dir, "bad.csv");
    writeFileSync(good, lines("600,MI01,72,MIAC,HM1850,2,Cli,,Agent,,100,,,,,"));
    writeFileSync(bad, lines("601,MI01,72,MIAC,HM1850,2,Cli,,Bad,,100,,12,,,"));
    const out: string[] = [];
    const log = console.log;
    const err = console.error;
    console.log = (...a: unknown[]) => void out.push(a.join(" "));
    console.error = (...a: unknown[]) => void out.push(a.join(" "));
    try {
      expect(await runImportCli([good])).toBe(0);
      expect(await runImportCli([bad])).toBe(1);
      expect(await runImportCli([])).toBe(2);
    } finally {
      console.log = log;
      console.error = err;
      rmSync(dir, { recursive: true, force: true });
    }
    expect(out.some((l) => /done in \d+ ms: 1 rows, 1 new/.test(l))).toBe(true);
    expect(out).toContain(`  line 2 phone: ${M.phone}`);
    expect(out).toContain("Usage: npm run import:agents FILE.csv");
    expect((await agentByNumber("600")).lastName).toBe("Agent");
    expect(await prisma.agent.findFirst({ where: { agentNumber: "601" } })).toBeNull();
    expect(await prisma.agentImportRun.findFirst({ where: { fileName: "good.csv" } })).toMatchObject({ status: "COMPLETED", inserted: 1, createdById: null });
  });
});

describe("the upload", () => {
  const post = (file: Blob | null, name = "book.csv") => {
    const form = new FormData();
    if (file) form.append("file", file, name);
    return new Request("http://localhost/admin/import/upload", { method: "POST", body: form });
  };

  it("stores a CSV and queues its run; refuses no file and a file that is not text", async () => {
    const admin = asUser(await createUser(prisma, { isInternal: true }));
    const good = await handleImportUpload(post(new Blob([lines("500,MI01,72,MIAC,HM1850,2,Up,,Loaded,,100,,,,,")])), admin);
    expect(good.ok).toBe(true);
    if (good.ok) expect(await getImportRun(good.runId)).toMatchObject({ status: "QUEUED", fileName: "book.csv", createdById: admin.id });
    const runs = await prisma.agentImportRun.count();
    expect(await handleImportUpload(post(null), admin)).toEqual({ ok: false, code: "NO_FILE", status: 400 });
    expect(await handleImportUpload(post(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])]), "book.csv"), admin)).toEqual({ ok: false, code: "NOT_CSV", status: 400 });
    expect(await handleImportUpload(post(new Blob(["a,b\n"]), "book.xlsx"), admin)).toEqual({ ok: false, code: "NOT_CSV", status: 400 });
    expect(await prisma.agentImportRun.count()).toBe(runs);
  });
});

describe("an imported agent with an email", () => {
  it("can be invited (EXT) and, after accepting, has CONFIGURE and their downline", async () => {
    const jane = await agentByNumber("101");
    const bob = await agentByNumber("103");
    const md = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
    const { invitationId } = await createUserInvitation(asUser(md), { id: jane.id, name: "Janet Doe-Smith", agentNumber: jane.agentNumber, appointment: null }, jane.email!);
    const jobs = await prisma.$queryRaw<Array<{ payload: { to: string; text: string } }>>`
      SELECT j.payload FROM graphile_worker._private_jobs j WHERE j.key = ${`user-invitation:${invitationId}`} OR j.payload->>'relatedId' = ${invitationId}`;
    expect(jobs[0]?.payload.to).toBe("janet@example.com");
    const link = /\/(EXT[A-Z0-9]{20})/.exec(jobs[0]!.payload.text)![1]!;

    const user = asUser(await createUser(prisma, { userName: "janet@example.com", emailVerified: true, userRoleCode: "USRROLE_PROSPECT" }));
    expect((await getShellContext(user)).showConfigure).toBe(false);
    expect(await acceptUserInvitation(user, link)).toEqual({ ok: true, agentId: jane.id });
    expect((await getShellContext(user)).showConfigure).toBe(true);
    expect((await ownPositions(user.id)).map((p) => p.id)).toEqual([jane.id]);
    expect(await isAgentUnderUser(prisma, user.id, bob.id)).toBe(true);
    // Not the director above, nor the agent moved away from under her.
    expect(await isAgentUnderUser(prisma, user.id, (await agentByNumber("100")).id)).toBe(false);
    expect(await isAgentUnderUser(prisma, user.id, (await agentByNumber("105")).id)).toBe(false);
  });
});
