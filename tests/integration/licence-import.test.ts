// The licence import and lookup (issue 23 items 1 and 6, decision 0072) against a real PostgreSQL:
// a csv in our columns and one in NIPR's (several line-of-authority rows of one state merged into
// one licence) are imported through the one writer with the standings refreshed; a file with a bad
// row is refused whole with each line and the form's message; a re-import changes (and audits)
// only what differs; the upload's job path and `npm run import:licences`; the HTTP lookup against a
// node:http server on loopback (found, unknown, 500, not JSON, malformed, timeout: nothing written
// on any error) and the file lookup (a configured path and the last upload for the lookup).
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { IMPORT_MESSAGES as FILE_M } from "~/features/hierarchy/import-messages";
import { storedStanding } from "~/features/licences/compliance.server";
import { LICENCE_IMPORT_MESSAGES as IM } from "~/features/licences/import-messages";
import { getLicenceImportRun, importLicences, runLicenceImportJob } from "~/features/licences/import.server";
import { handleLicenceUpload } from "~/features/licences/import-upload.server";
import { fileLookup, httpLookup, lookUpAndSave, readLookupFlash } from "~/features/licences/lookup.server";
import { LICENCE_MESSAGES as M } from "~/features/licences/messages";
import type { Agent, User } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { stopWorker } from "~/lib/jobs.server";
import { runLicenceImportCli } from "../../scripts/lib/import-licences-cli";
import { startApp, type AppHandle } from "../support/app-server";
import { signInToApp } from "../support/app-sign-in";
import { useTestDatabase } from "../support/db";
import { buildIfStale } from "../support/global-app";
import { createTestDatabase } from "../support/postgres";
import { createAgent, createCarrierWithBlocks, createCredential, createUser } from "../support/factories";
import { asUser } from "./appointment-fixtures";

useTestDatabase();
process.env.ENCRYPTION_KEY ??= "license import test key 0123456789abcdef0123";

let agent: Agent, admin: User;
const csv = (...lines: string[]) => Readable.from([Buffer.from(lines.join("\n") + "\n")]);
const licencesOf = (npn: string) => prisma.producerLicence.findMany({ where: { npn }, orderBy: { stateCode: "asc" } });

beforeAll(async () => {
  await createCarrierWithBlocks(prisma, { carrierCode: "SLAC", companyNumber: "SL01", blocks: [{ blockNumber: 215, productTypeCode: "LIFE" }] });
  admin = await createUser(prisma, { isInternal: true });
  const md = await createAgent(prisma, { blockNumber: 215, npn: "9000001" });
  agent = await createAgent(prisma, { parentId: md.id, npn: "5550001", licensedStates: ["TX", "OK"] });
  await createCredential(prisma, { npn: "5550001", kind: "EO", expiryDate: "2031-12-31" });
});
afterAll(async () => {
  await stopWorker();
});

const OURS = [
  "npn,stateCode,licenceNumber,isResident,loaLife,loaAccidentHealth,effectiveDate,expiryDate,status",
  "5550001,TX,TX-1,Y,Y,N,01/15/2024,12/31/2030,ACTIVE",
  "5550001,ok,OK-9,N,Y,,2024-02-01,2030-06-30,",
  "6660001,CA,0C12345,Y,,Y,2023-05-05,,Active",
];

describe("the import", () => {
  it("imports a csv in our columns through the one writer and refreshes the standings", async () => {
    expect((await storedStanding(prisma, agent.id))?.standing ?? "UNVERIFIED").not.toBe("IN_GOOD_ORDER");
    const r = await importLicences(csv(...OURS), { userId: admin.id });
    expect(r).toMatchObject({ ok: true, rows: 3, licences: 3, npns: 2, inserted: 3, updated: 0, unchanged: 0 });
    const tx = (await licencesOf("5550001"))[1]!;
    expect(tx).toMatchObject({ stateCode: "TX", licenceNumber: "TX-1", isResident: true, loaLife: true, loaAccidentHealth: false, status: "ACTIVE", source: "IMPORT", createdById: admin.id });
    expect(tx.effectiveDate?.toISOString().slice(0, 10)).toBe("2024-01-15");
    expect(tx.expiryDate?.toISOString().slice(0, 10)).toBe("2030-12-31");
    expect(await licencesOf("6660001")).toMatchObject([{ stateCode: "CA", loaAccidentHealth: true, expiryDate: null }]);
    // TX and OK with the Life line, and E&O: the agent is in good order now.
    expect(await storedStanding(prisma, agent.id)).toMatchObject({ standing: "IN_GOOD_ORDER", reasons: [] });
    const audit = await prisma.auditLog.findFirst({ where: { action: "LICENCE_CREATED", actorUserId: admin.id }, orderBy: { id: "asc" } });
    expect(audit?.details).toMatchObject({ source: "IMPORT", npn: "5550001" });
  });

  it("re-imports idempotently: nothing duplicated, only what changed is written and audited", async () => {
    const audits = () => prisma.auditLog.count({ where: { action: { in: ["LICENCE_CREATED", "LICENCE_UPDATED"] } } });
    const before = await audits();
    expect(await importLicences(csv(...OURS), { userId: admin.id })).toMatchObject({ ok: true, inserted: 0, updated: 0, unchanged: 3 });
    expect(await audits()).toBe(before);
    expect(await prisma.producerLicence.count({ where: { npn: { in: ["5550001", "6660001"] } } })).toBe(3);
    // OK turns inactive: one update, audited with the change; the agent is out of good order.
    const changed = [...OURS];
    changed[2] = "5550001,OK,OK-9,N,Y,,2024-02-01,2030-06-30,INACTIVE";
    expect(await importLicences(csv(...changed), { userId: admin.id })).toMatchObject({ ok: true, inserted: 0, updated: 1, unchanged: 2 });
    expect(await audits()).toBe(before + 1);
    const last = await prisma.auditLog.findFirst({ where: { action: "LICENCE_UPDATED" }, orderBy: { id: "desc" } });
    expect(last?.details).toMatchObject({ source: "IMPORT", stateCode: "OK", changes: { status: ["ACTIVE", "INACTIVE"] } });
    expect(await storedStanding(prisma, agent.id)).toMatchObject({ standing: "NOT_IN_GOOD_ORDER", reasons: [{ code: "LICENCE_INACTIVE", stateCode: "OK" }] });
    await importLicences(csv(...OURS), { userId: admin.id });
    expect((await storedStanding(prisma, agent.id))?.standing).toBe("IN_GOOD_ORDER");
  });

  it("merges NIPR's line-of-authority rows of one NPN and state into one license", async () => {
    const r = await importLicences(
      csv(
        "NPN,First Name,Last Name,State,License Number,License Class,Line of Authority,LOA Status,Date Issued,Expiration Date,Active,Residency",
        "7770001,Ann,Producer,TX,1900123,Insurance Producer,Life,Active,03/01/2020,03/31/2028,Yes,Resident",
        "7770001,Ann,Producer,TX,1900123,Insurance Producer,Accident & Health or Sickness,Active,06/01/2021,03/31/2028,Yes,Resident",
        "7770001,Ann,Producer,TX,1900123,Insurance Producer,Variable Life and Variable Annuity,Inactive,06/01/2021,03/31/2028,Yes,Resident",
        "7770001,Ann,Producer,FL,W123,Insurance Producer,Property,Active,01/01/2022,01/31/2027,Yes,Non-Resident",
        "7770001,Ann,Producer,GA,GA-5,Insurance Producer,Variable Life and Variable Annuity,Active,2022-01-01,2027-01-31,No,Non-Resident",
      ),
      { userId: admin.id },
    );
    expect(r).toMatchObject({ ok: true, rows: 5, licences: 2, npns: 1, inserted: 2, skipped: 1 });
    expect(await licencesOf("7770001")).toMatchObject([
      { stateCode: "GA", loaLife: false, loaAccidentHealth: false, loaVariable: true, isResident: false, status: "INACTIVE" },
      { stateCode: "TX", licenceNumber: "1900123", loaLife: true, loaAccidentHealth: true, loaVariable: false, isResident: true, status: "ACTIVE" },
    ]);
    const tx = (await licencesOf("7770001"))[1]!;
    expect(tx.effectiveDate?.toISOString().slice(0, 10)).toBe("2020-03-01");
  });

  it("refuses a file with bad rows whole: each bad line with its column and the license form's message", async () => {
    const count = await prisma.producerLicence.count();
    const r = await importLicences(
      csv(
        "NPN,State,Line of Authority,Effective Date,Expiration Date,Active",
        "8880001,TX,Life,2024-01-01,2030-01-01,Yes",
        "8880001,ZZ,Life,2024-01-01,2030-01-01,Yes",
        "8880002,TX,Life,2024-01-01,2023-01-01,Yes",
        "8880003,TX,Life,13/45/2024,,Yes",
        ",TX,Life,,,Yes",
        "8880004,TX,Life,,,Maybe",
      ),
      { userId: admin.id },
    );
    expect(r).toEqual({
      ok: false,
      rows: 6,
      errorCount: 5,
      errors: [
        { line: 3, field: "State", message: M.stateUnknown },
        { line: 4, field: "Expiration Date", message: M.expiryBeforeEffective },
        { line: 5, field: "Effective Date", message: M.dateInvalid },
        { line: 6, field: "NPN", message: IM.npnRequired },
        { line: 7, field: "Active", message: IM.statusInvalid },
      ],
    });
    expect(await prisma.producerLicence.count()).toBe(count);
    // Our columns: a licence without a line is refused as the form refuses it; a state twice too; an unknown column stops at the header.
    const ours = await importLicences(csv("npn,stateCode,loaLife", "8880005,TX,N", "8880006,TX,Y", "8880006,tx,Y"));
    expect(ours).toMatchObject({ ok: false, errors: [{ line: 2, field: "loaLife", message: M.lineRequired }, { line: 4, field: "stateCode", message: IM.duplicate(3) }] });
    expect(await importLicences(csv("npn,stateCode,expiryDte", "8880007,TX,2030-01-01"))).toMatchObject({ ok: false, errors: [{ line: 1, message: FILE_M.unknownColumn("expiryDte") }] });
    expect(await prisma.producerLicence.count()).toBe(count);
  });
});

describe("the upload, its job and the file lookup", () => {
  const post = (text: string, purpose: string, name = "licences.csv") => {
    const form = new FormData();
    form.append("purpose", purpose);
    form.append("file", new Blob([text]), name);
    return new Request("http://localhost/admin/licences/import/upload", { method: "POST", body: form });
  };

  it("imports an upload in its job; a file kept for the lookup writes nothing and answers the file lookup", async () => {
    const up = await handleLicenceUpload(post("npn,stateCode,loaLife,expiryDate\n1230001,NE,Y,2029-01-01\n", "IMPORT"), asUser(admin));
    expect(up.ok).toBe(true);
    if (!up.ok) return;
    expect(await getLicenceImportRun(up.runId)).toMatchObject({ status: "QUEUED", purpose: "IMPORT", createdById: admin.id });
    expect(await runLicenceImportJob(up.runId)).toEqual({ status: "COMPLETED" });
    expect(await getLicenceImportRun(up.runId)).toMatchObject({ status: "COMPLETED", percent: 100, licences: 1, inserted: 1 });
    expect(await runLicenceImportJob(up.runId)).toEqual({ status: "COMPLETED" }); // run twice: left alone
    expect(await licencesOf("1230001")).toMatchObject([{ stateCode: "NE", source: "IMPORT", createdById: admin.id }]);

    const bad = await handleLicenceUpload(post("npn,stateCode\n1230002,XX\n", "IMPORT"), asUser(admin));
    if (!bad.ok) throw new Error("upload refused");
    expect(await runLicenceImportJob(bad.runId)).toEqual({ status: "REJECTED" });
    expect(await getLicenceImportRun(bad.runId)).toMatchObject({ errorCount: 2, errors: [{ line: 2, field: "stateCode", message: M.stateUnknown }, { line: 2, message: M.lineRequired }] });

    await expect(fileLookup(null).lookup("1230003")).rejects.toThrow(IM.lookupNoFile);
    const nipr = "NPN,State,Line of Authority,Expiration Date,Active\n1230003,IA,Life,12/31/2029,Yes\n1230003,IA,Health,12/31/2029,Yes\n1230004,IA,Life,,Yes\n";
    const keep = await handleLicenceUpload(post(nipr, "LOOKUP", "nipr.csv"), asUser(admin));
    if (!keep.ok) throw new Error("upload refused");
    expect(await runLicenceImportJob(keep.runId)).toEqual({ status: "COMPLETED" });
    expect(await licencesOf("1230003")).toEqual([]);
    const found = await fileLookup(null).lookup("1230003");
    expect(found.licences).toMatchObject([{ stateCode: "IA", loaLife: true, loaAccidentHealth: true, expiryDate: "2029-12-31" }]);
    expect(await lookUpAndSave(fileLookup(null), "1230003", { userId: admin.id })).toEqual({ ok: true, found: 1, inserted: 1, updated: 0 });
    expect(await licencesOf("1230003")).toMatchObject([{ stateCode: "IA", source: "LOOKUP" }]);
    expect(await fileLookup(null).lookup("0000000")).toEqual({ npn: "0000000", licences: [] });

    // A configured path instead of the upload.
    const dir = mkdtempSync(path.join(os.tmpdir(), "licence-lookup-"));
    try {
      const file = path.join(dir, "nipr.csv");
      writeFileSync(file, "NPN,State,Line of Authority,Active\n1230005,KS,Life,Yes\n");
      expect((await fileLookup(file).lookup("1230005")).licences).toMatchObject([{ stateCode: "KS", loaLife: true }]);
      await expect(fileLookup(path.join(dir, "gone.csv")).lookup("1230005")).rejects.toThrow(IM.lookupFileMissing(path.join(dir, "gone.csv")));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("npm run import:licences", () => {
  it("imports a file (exit 0), lists the bad lines of another (exit 1), and explains its usage (exit 2)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "licence-cli-"));
    const good = path.join(dir, "good.csv");
    const bad = path.join(dir, "bad.csv");
    writeFileSync(good, "NPN,State,Line of Authority,Active\n3210001,MT,Life,Yes\n");
    writeFileSync(bad, "NPN,State,Line of Authority,Active\n3210002,MT,Life,Perhaps\n");
    const out: string[] = [];
    const [log, err] = [console.log, console.error];
    console.log = (...a: unknown[]) => void out.push(a.join(" "));
    console.error = (...a: unknown[]) => void out.push(a.join(" "));
    try {
      expect(await runLicenceImportCli([good])).toBe(0);
      expect(await runLicenceImportCli([bad])).toBe(1);
      expect(await runLicenceImportCli([])).toBe(2);
    } finally {
      console.log = log;
      console.error = err;
      rmSync(dir, { recursive: true, force: true });
    }
    expect(out.some((l) => /done: 1 rows, 1 licences of 1 NPNs: 1 new/.test(l))).toBe(true);
    expect(out).toContain(`  line 2 Active: ${IM.statusInvalid}`);
    expect(out).toContain("Usage: npm run import:licences FILE.csv");
    expect(await licencesOf("3210001")).toMatchObject([{ stateCode: "MT", source: "IMPORT", createdById: null }]);
    expect(await licencesOf("3210002")).toEqual([]);
    expect(await prisma.licenceImportRun.findFirst({ where: { fileName: "good.csv" } })).toMatchObject({ status: "COMPLETED", inserted: 1 });
  });
});

describe("the HTTP lookup", () => {
  let server: http.Server;
  let url: string;
  const seen: Array<{ npn: string | null; auth: string | undefined }> = [];
  const answers: Record<string, (res: http.ServerResponse) => void> = {
    "4440001": (res) =>
      res.writeHead(200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          npn: "4440001",
          licences: [
            { stateCode: "TX", licenceNumber: "L-1", isResident: true, linesOfAuthority: ["LIFE", "ACCIDENT_HEALTH"], effectiveDate: "2024-01-01", expiryDate: "2030-01-31", status: "ACTIVE" },
            { stateCode: "ok", linesOfAuthority: ["LIFE"], expiryDate: null, status: "ACTIVE" },
          ],
        }),
      ),
    "4440002": (res) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ npn: "4440002", licences: [] })),
    "4440003": (res) => res.writeHead(500).end("boom"),
    "4440004": (res) => res.writeHead(200).end("<html>not json</html>"),
    "4440005": (res) =>
      res.writeHead(200).end(JSON.stringify({ npn: "4440005", licences: [{ stateCode: "TX", linesOfAuthority: ["LIFE"], status: "ACTIVE" }, { stateCode: "OK", linesOfAuthority: ["LIFE"], expiryDate: "2030-02-31", status: "ACTIVE" }] })),
    "4440006": (res) => res.writeHead(200).end(JSON.stringify({ npn: "4440006", licences: [{ stateCode: "TX", linesOfAuthority: ["PROPERTY"], status: "ACTIVE" }] })),
    "4440007": () => {}, // never answers
    "4440008": (res) => res.writeHead(200).end(JSON.stringify({ npn: "9999999", licences: [] })),
    "4440009": (res) => res.writeHead(404).end(),
    "4440011": (res) => res.writeHead(200).end(JSON.stringify({ npn: "4440011", licences: [{ stateCode: "NV", linesOfAuthority: ["LIFE"], status: "ACTIVE" }] })),
    "4440010": (res) =>
      res.writeHead(200).end(JSON.stringify({ npn: "4440010", licences: [{ stateCode: "TX", linesOfAuthority: ["LIFE"], status: "ACTIVE" }, { stateCode: "tx", linesOfAuthority: ["VARIABLE"], status: "INACTIVE" }] })),
  };
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const npn = new URL(req.url ?? "/", "http://x").searchParams.get("npn");
      seen.push({ npn, auth: req.headers.authorization });
      (answers[npn ?? ""] ?? ((r: http.ServerResponse) => r.writeHead(400).end()))(res);
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/producer-licences`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const lookup = (timeoutMs = 60_000) => httpLookup({ url, token: "s3cret-token", timeoutMs });

  it("writes what a found NPN has (source LOOKUP) and finds nothing for an unknown one", async () => {
    expect(await lookUpAndSave(lookup(), "4440001", { userId: admin.id })).toEqual({ ok: true, found: 2, inserted: 2, updated: 0 });
    expect(seen.at(-1)).toEqual({ npn: "4440001", auth: "Bearer s3cret-token" });
    expect(await licencesOf("4440001")).toMatchObject([
      { stateCode: "OK", loaLife: true, expiryDate: null, source: "LOOKUP" },
      { stateCode: "TX", licenceNumber: "L-1", loaLife: true, loaAccidentHealth: true, isResident: true, source: "LOOKUP", updatedById: admin.id },
    ]);
    expect(await lookUpAndSave(lookup(), "4440001", { userId: admin.id })).toEqual({ ok: true, found: 2, inserted: 0, updated: 0 });
    expect(await lookUpAndSave(lookup(), "4440002", { userId: admin.id })).toEqual({ ok: true, found: 0, inserted: 0, updated: 0 });
    expect(await lookUpAndSave(lookup(), "4440009", { userId: admin.id })).toEqual({ ok: true, found: 0, inserted: 0, updated: 0 });
  });

  it("turns every failure into a clear error and writes nothing", async () => {
    const count = await prisma.producerLicence.count();
    const failed = async (npn: string, timeoutMs?: number) => {
      const r = await lookUpAndSave(lookup(timeoutMs), npn, { userId: admin.id });
      expect(r.ok).toBe(false);
      return r.ok ? "" : r.message;
    };
    expect(await failed("4440003")).toBe(IM.lookupHttpStatus(500));
    expect(await failed("4440004")).toBe(IM.lookupNotJson);
    expect(await failed("4440005")).toBe(IM.lookupMalformed("licences[1].expiryDate", M.dateInvalid));
    expect(await failed("4440006")).toMatch(/^The license service's answer is malformed \(licences\.0\.linesOfAuthority\.0: /);
    expect(await failed("4440007", 1500)).toBe(IM.lookupTimeout(1500));
    expect(await failed("4440008")).toBe(IM.lookupOtherNpn);
    expect(await failed("4440010")).toBe(IM.lookupMalformed("licences[1].stateCode", IM.lookupStateTwice("TX")));
    expect(await failed("4440003")).not.toContain("s3cret");
    const closed = httpLookup({ url: "http://127.0.0.1:9/none", timeoutMs: 60_000 });
    const r = await lookUpAndSave(closed, "4440001", { userId: admin.id });
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/^The license service cannot be reached/) });
    expect(await prisma.producerLicence.count()).toBe(count);
    expect(await licencesOf("4440005")).toEqual([]);
    expect(await licencesOf("4440010")).toEqual([]);
  });

  describe("POST /licences/<npn>/lookup on a running portal", () => {
    let app: AppHandle;
    let appDb = "";
    beforeAll(async () => {
      buildIfStale();
      appDb = (await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") })).url;
      app = await startApp({ databaseUrl: appDb, env: { LICENCE_LOOKUP: "http", LICENCE_LOOKUP_URL: url, LICENCE_LOOKUP_TOKEN: "s3cret-token" } });
    }, 240_000);
    afterAll(async () => {
      await app?.dispose();
    });
    const post = (cookie: string, npn: string) =>
      fetch(new URL(`/licences/${npn}/lookup`, app.url), { method: "POST", headers: { Cookie: cookie, Origin: app.url, Accept: "text/html" }, redirect: "manual" });
    const licencesThere = async (npn: string) => {
      const c = new pg.Client({ connectionString: appDb });
      await c.connect();
      try {
        return (await c.query(`SELECT state_code, source FROM producer_licences WHERE npn = $1`, [npn])).rows;
      } finally {
        await c.end();
      }
    };
    const flashOf = async (res: Response) => {
      const set = res.headers.getSetCookie().find((c) => c.startsWith("portal_licence_lookup_flash="));
      return (await readLookupFlash(new Request(app.url, { headers: { Cookie: set?.split(";")[0] ?? "" } }))).message;
    };

    it("writes what it finds and says so; a failure says why and writes nothing; others are refused", async () => {
      const admin = await signInToApp(app, "admin@portal.localhost");
      const found = await post(admin, "4440011");
      expect(found.status).toBe(303);
      expect(found.headers.get("location")).toBe("/licences/4440011");
      expect(await flashOf(found)).toBe(IM.lookupFound("http", 1, 1, 0));
      expect(await licencesThere("4440011")).toEqual([{ state_code: "NV", source: "LOOKUP" }]);
      // Back on the NPN's page: the one-time message, and the button that posts the lookup.
      const flashCookie = found.headers.getSetCookie().find((c) => c.startsWith("portal_licence_lookup_flash="))!.split(";")[0];
      const page = await fetch(new URL("/licences/4440011", app.url), { headers: { Cookie: `${admin}; ${flashCookie}` } });
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain(IM.lookupFound("http", 1, 1, 0).replaceAll("'", "&#x27;"));
      expect(html).toMatch(new RegExp(`<form method="post" action="/licences/4440011/lookup"[^>]*>\\s*<button[^>]*>${IM.lookupButton}</button>`));
      const failed = await post(admin, "4440003");
      expect(failed.status).toBe(303);
      expect(await flashOf(failed)).toBe(IM.lookupFailed(IM.lookupHttpStatus(500)));
      expect(await licencesThere("4440003")).toEqual([]);
      expect((await fetch(new URL("/licences/4440011/lookup", app.url), { headers: { Cookie: admin }, redirect: "manual" })).status).toBe(404);
      const md = await signInToApp(app, "md@portal.localhost");
      expect((await post(md, "4440011")).status).toBe(403);
      // A producer on their own page is not offered the lookup (administrators only).
      expect(await (await fetch(new URL("/licences", app.url), { headers: { Cookie: md } })).text()).not.toContain(IM.lookupButton);
    });
  });
});
