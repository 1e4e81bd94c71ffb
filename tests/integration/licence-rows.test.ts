// The rows the file imports take (issue 33 item 6, decision 0084) against a real PostgreSQL: an NPN
// is 1 to 10 digits (the one rule, ~/lib/npn); a producer has one resident licence (in the file,
// against the one on record, and in the database itself); bytes that are not UTF-8 and a broken
// quote are bad lines with their numbers, read by the one CSV reader of the agent and the licence
// import with the same messages, and the run finishes (REJECTED), not a job failing three times.
import { Readable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMPORT_MESSAGES as FILE_M } from "~/features/hierarchy/import-messages";
import { getImportRun, queueImport, runImportJob } from "~/features/hierarchy/import-runs.server";
import { importAgentsCsv } from "~/features/hierarchy/import.server";
import { LICENCE_IMPORT_MESSAGES as IM } from "~/features/licences/import-messages";
import { getLicenceImportRun, importLicences, runLicenceImportJob } from "~/features/licences/import.server";
import { handleLicenceUpload } from "~/features/licences/import-upload.server";
import { LICENCE_MESSAGES } from "~/features/licences/messages";
import type { User } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { stopWorker } from "~/lib/jobs.server";
import { NPN_MESSAGES } from "~/lib/npn";
import { writeBlob } from "~/lib/storage.server";
import { useTestDatabase } from "../support/db";
import { createUser } from "../support/factories";
import { asUser } from "./appointment-fixtures";

const db = useTestDatabase();
process.env.ENCRYPTION_KEY ??= "license rows test key 0123456789abcdef01234";

let admin: User;
const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));
const csv = (...lines: string[]) => Readable.from([Buffer.from(lines.join("\n") + "\n")]);
const licencesOf = (npn: string) => prisma.producerLicence.findMany({ where: { npn }, orderBy: { stateCode: "asc" } });
const AGENT_HEADER = "agentNumber,blockNumber,carrierCode,mgaCode,level,uplineAgentNumber,firstName,lastName";

async function importAgents(file: Buffer) {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return await importAgentsCsv(client, Readable.from([file]));
  } finally {
    await client.end();
  }
}

function upload(file: Buffer) {
  const form = new FormData();
  form.append("purpose", "IMPORT");
  form.append("file", new Blob([file as BlobPart]), "licences.csv");
  return handleLicenceUpload(new Request("http://localhost/admin/licences/import/upload", { method: "POST", body: form }), asUser(admin));
}

beforeAll(async () => {
  admin = await createUser(prisma, { isInternal: true });
});
afterAll(async () => {
  await stopWorker();
});

describe("an NPN", () => {
  it("is 1 to 10 digits: anything else is a bad line with the NPN field's message", async () => {
    const count = await prisma.producerLicence.count();
    const r = await importLicences(csv("npn,stateCode,loaLife", "12AB34,TX,Y", "12345678901,TX,Y", "ABC-123,TX,Y", "4440001,TX,Y"), { userId: admin.id });
    expect(r).toMatchObject({
      ok: false,
      errors: [
        { line: 2, field: "npn", message: NPN_MESSAGES.invalid },
        { line: 3, field: "npn", message: NPN_MESSAGES.invalid },
        { line: 4, field: "npn", message: NPN_MESSAGES.invalid },
      ],
    });
    expect(await prisma.producerLicence.count()).toBe(count);
  });
});

describe("one resident license per NPN", () => {
  it("refuses a file's second resident license of one NPN as a bad line", async () => {
    const r = await importLicences(csv("npn,stateCode,isResident,loaLife", "4440002,TX,Y,Y", "4440002,CA,Resident,Y", "4440002,OK,N,Y"), { userId: admin.id });
    expect(r).toEqual({ ok: false, rows: 3, errorCount: 1, errors: [{ line: 3, field: "isResident", message: IM.residentTwice(2) }] });
    // NIPR's columns: the line names the header's column.
    const nipr = await importLicences(csv("NPN,State,Residency,Line of Authority,Active", "4440002,TX,Resident,Life,Yes", "4440002,CA,Resident,Life,Yes"));
    expect(nipr).toMatchObject({ ok: false, errors: [{ line: 3, field: "Residency", message: IM.residentTwice(2) }] });
    expect(await licencesOf("4440002")).toEqual([]);
  });

  it("refuses a resident license in another state than the one on record, unless the file makes that one non-resident", async () => {
    expect(await importLicences(csv("npn,stateCode,isResident,loaLife", "4440003,TX,Y,Y"), { userId: admin.id })).toMatchObject({ ok: true, inserted: 1 });
    const moved = await importLicences(csv("npn,stateCode,isResident,loaLife", "4440003,CA,Y,Y"), { userId: admin.id });
    expect(moved).toMatchObject({ ok: false, errors: [{ line: 2, field: "isResident", message: IM.residentOnRecord("TX") }] });
    // The file says TX is no longer resident (after CA in the file: written first all the same).
    const both = await importLicences(csv("npn,stateCode,isResident,loaLife", "4440003,CA,Y,Y", "4440003,TX,N,Y"), { userId: admin.id });
    expect(both).toMatchObject({ ok: true, inserted: 1, updated: 1 });
    expect((await licencesOf("4440003")).map((l) => [l.stateCode, l.isResident])).toEqual([["CA", true], ["TX", false]]);
  });

  it("is held by the database too (a partial unique index)", async () => {
    await prisma.producerLicence.create({ data: { npn: "4440009", stateCode: "TX", isResident: true, loaLife: true, source: "IMPORT" } });
    await prisma.producerLicence.create({ data: { npn: "4440009", stateCode: "OK", isResident: false, loaLife: true, source: "IMPORT" } });
    await expect(prisma.producerLicence.create({ data: { npn: "4440009", stateCode: "CA", isResident: true, loaLife: true, source: "IMPORT" } })).rejects.toThrow();
    expect(await prisma.producerLicence.count({ where: { npn: "4440009" } })).toBe(2);
  });
});

describe("the one CSV reader of both imports", () => {
  it("refuses bytes that are not UTF-8 as a bad line, the license import with the agent import's message", async () => {
    const licence = await importLicences(Readable.from([bytes("npn,stateCode,licenceNumber,loaLife\n4440004,TX,TX-", [0xff], "1,Y\n4440005,TX,ok,Y\n")]), { userId: admin.id });
    expect(licence).toEqual({ ok: false, rows: 2, errorCount: 1, errors: [{ line: 2, field: null, message: FILE_M.notUtf8 }] });
    expect(await prisma.producerLicence.count({ where: { licenceNumber: { contains: "\uFFFD" } } })).toBe(0);
    const agents = await importAgents(bytes(`${AGENT_HEADER}\nA1,1,C,M,1,0,Jo`, [0xc0, 0x80], "n,Smith\n"));
    expect(agents).toMatchObject({ ok: false, errors: [{ line: 2, field: null, message: FILE_M.notUtf8 }] });
    expect(await prisma.agent.count({ where: { agentNumber: "A1" } })).toBe(0);
  });

  it("reports a broken quote as a bad line with its number: the run finishes, nothing written", async () => {
    for (const [file, line] of [
      ['npn,stateCode,loaLife\n4440006,TX,Y\n44"40007,TX,Y\n4440008,TX,Y\n', 3],
      ['npn,stateCode,loaLife\n4440006,TX,Y\n4440007,"TX,Y\n4440008,TX,Y\n4440009,OK,Y\n', 3],
      ['npn,stateCode,loaLife\n4440006,TX,Y\n12AB,TX,Y\n4440007,"T"X,Y\n4440008,TX,Y\n', 4],
    ] as const) {
      const up = await upload(Buffer.from(file));
      if (!up.ok) throw new Error("upload refused");
      expect(await runLicenceImportJob(up.runId)).toEqual({ status: "REJECTED" });
      const run = await getLicenceImportRun(up.runId);
      expect(run).toMatchObject({ status: "REJECTED" });
      expect((run!.errors as Array<{ line: number; message: string }>).at(-1)).toEqual({ line, field: null, message: FILE_M.badQuote });
    }
    expect(await licencesOf("4440006")).toEqual([]);
    // The rows before the broken quote are still checked, each with its own message.
    const before = await importLicences(csv("npn,stateCode,loaLife", "4440006,ZZ,Y", "12AB,TX,Y", '4440007,"T"X,Y', "4440008,QQ,Y"));
    expect(before).toMatchObject({
      ok: false,
      errors: [
        { line: 2, field: "stateCode", message: LICENCE_MESSAGES.stateUnknown },
        { line: 3, field: "npn", message: NPN_MESSAGES.invalid },
        { line: 4, field: null, message: FILE_M.badQuote },
      ],
    });
    expect(before.ok === false && before.errorCount).toBe(3);
    // The agent import: the same line and message, its run finished too.
    const agents = await importAgents(bytes(`${AGENT_HEADER}\nA2,1,C,M,1,0,Jo,Smith\nA3,1,C,M,1,0,"Jo"n,Smith\n`));
    expect(agents).toMatchObject({ ok: false, errors: [{ line: 3, field: null, message: FILE_M.badQuote }] });
    const blob = await writeBlob({ stream: Readable.from([Buffer.from(`${AGENT_HEADER}\nA4,1,C,M,1,0,Jo,"Smith\n`)]) });
    const { runId } = await queueImport({ blob, fileName: "agents.csv", userId: admin.id });
    await runImportJob(runId);
    expect(await getImportRun(runId)).toMatchObject({ status: "REJECTED", errors: [{ line: 2, message: FILE_M.badQuote }] });
  });
});
