// What the licence screens refuse (issue 33 item 6, decisions 0084 and 0056) through their real
// loaders and actions as a browser without JavaScript posts them: /licences/<not an NPN> is the
// portal's 404 (an administrator too, no 'Add a licence'); a second resident licence is refused
// next to its field with what was typed kept; a certificate over the application's upload limit
// answers with the message next to the file field and the values kept (up to the request's cap).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/features/documents/receive-upload.server";
import { LICENCE_MESSAGES } from "~/features/licences/messages";
import { LICENCE_SCREEN } from "~/features/licences/screen-messages";
import type { User } from "~/generated/prisma/client";
import { disconnectPrisma, prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { UPLOAD_MAX_BYTES } from "~/lib/upload-policy";
import { action as npnAction, loader as npnLoader } from "~/routes/licences.$npn";
import { action as ownAction } from "~/routes/licences._index";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, createUser } from "../support/factories";
import { filesOnDisk } from "./upload-fixtures";

useTestDatabase();

const APP_URL = "http://localhost:3000";
const NPN = "5550101";
let dataDir: string;
let agentUser: User, admin: User;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "licence-input-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  process.env.ENCRYPTION_KEY ??= "license input test key 0123456789abcdef01234";
  resetEnvCache();
  resetSecretsCache();
  await createCarrierWithBlocks(prisma, { carrierCode: "SLAC", companyNumber: "SL01", blocks: [{ blockNumber: 215, productTypeCode: "LIFE" }] });
  agentUser = await createUser(prisma);
  admin = await createUser(prisma, { isInternal: true });
  await createAgent(prisma, { blockNumber: 215, userId: agentUser.id, npn: NPN, licensedStates: ["TX"] });
  for (const [k, u] of Object.entries({ agent: agentUser, admin })) cookies[k] = (await createSession(new Request(`${APP_URL}/`), { userId: u.id })).split(";")[0]!;
});
afterAll(async () => {
  await disconnectPrisma();
  rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; headers: Headers; data: Record<string, unknown> | null; body: string | null };
type Reply = { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };

/** What a loader or action answered (a Response, data(…), a plain object) or threw (a refusal). */
async function answerOf(fn: () => unknown): Promise<Answer> {
  let v: unknown;
  try {
    v = await fn();
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    v = e;
  }
  if (v instanceof Response) return { status: v.status, headers: v.headers, data: null, body: await v.text() };
  if (v && typeof v === "object" && "init" in v && "data" in v) {
    const init = (v as { init?: { status?: number; headers?: HeadersInit } }).init;
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data: (v as { data: Record<string, unknown> }).data, body: null };
  }
  return { status: 200, headers: new Headers(), data: v as Record<string, unknown>, body: null };
}

const url = (p: string) => `${APP_URL}${p}`;
const get = (who: string, p: string) => new Request(url(p), { headers: { Cookie: cookies[who]! } });
const post = (who: string, p: string, fields: Record<string, string>) =>
  new Request(url(p), { method: "POST", headers: { Cookie: cookies[who]!, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
const own = (req: Request) => answerOf(() => ownAction({ request: req, params: {}, context: {} }));
const ofNpn = (req: Request, npn: string) => answerOf(() => (req.method === "GET" ? npnLoader : npnAction)({ request: req, params: { npn }, context: {} }));

const licence = { intent: "licence", id: "new", licenceNumber: "L-1", licenceClass: "", loaLife: "on", effectiveDate: "2024-01-01", expiryDate: "2030-06-30", status: "ACTIVE" };

describe("an address that is not an NPN", () => {
  it("is the portal's 404 for an administrator too (GET and POST), nothing written", async () => {
    for (const npn of ["ABC-123", "12AB34", "12345678901"]) {
      const page = await ofNpn(get("admin", `/licences/${npn}`), npn);
      expect(page.status).toBe(404);
      expect(page.body).toContain("Page Not Found");
      expect(page.body).not.toContain(LICENCE_SCREEN.addLicence);
      expect((await ofNpn(post("admin", `/licences/${npn}`, { ...licence, stateCode: "TX" }), npn)).status).toBe(404);
    }
    expect(await prisma.producerLicence.count({ where: { npn: { in: ["ABC-123", "12AB34", "12345678901"] } } })).toBe(0);
    // A well-formed one still opens.
    expect((await ofNpn(get("admin", `/licences/${NPN}`), NPN)).status).toBe(200);
  });
});

describe("one resident license", () => {
  it("refuses a second resident license next to its field, keeping what was typed; a non-resident one saves", async () => {
    expect((await own(post("agent", "/licences", { ...licence, stateCode: "TX", isResident: "on" }))).status).toBe(303);
    const refused = await own(post("agent", "/licences?licence=new", { ...licence, stateCode: "OK", licenceNumber: "OK-7", isResident: "on" }));
    expect(refused.status).toBe(400);
    const reply = (refused.data as { form: string; reply: Reply }).reply;
    expect(reply.error?.isResident).toEqual([LICENCE_MESSAGES.residentTaken("TX")]);
    expect(reply.initialValue).toMatchObject({ stateCode: "OK", licenceNumber: "OK-7", isResident: "on" });
    expect(await prisma.producerLicence.count({ where: { npn: NPN } })).toBe(1);
    // Changing the resident licence itself is no second one.
    const tx = await prisma.producerLicence.findFirstOrThrow({ where: { npn: NPN, stateCode: "TX" } });
    expect((await own(post("agent", "/licences", { ...licence, id: tx.id, stateCode: "TX", isResident: "on", licenceNumber: "TX-2" }))).status).toBe(303);
    expect((await own(post("agent", "/licences", { ...licence, stateCode: "OK" }))).status).toBe(303);
    expect((await prisma.producerLicence.findMany({ where: { npn: NPN }, orderBy: { stateCode: "asc" } })).map((l) => [l.stateCode, l.isResident])).toEqual([["OK", false], ["TX", true]]);
  });
});

describe("a certificate over the limit", () => {
  const eo = { intent: "credential", id: "new", kind: "EO", provider: "Acme E&O", policyNumber: "EO-77", coverageLimit: "1000000", effectiveDate: "2026-01-01", expiryDate: "2030-12-31" };
  function multipart(fields: Record<string, string>, size: number) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    const bytes = new Uint8Array(size);
    bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
    fd.set("certificate", new File([bytes], "big.pdf", { type: "application/pdf" }));
    return new Request(url("/licences?credential=new&kind=EO"), { method: "POST", headers: { Cookie: cookies.agent! }, body: fd });
  }

  it("answers with the message next to the file field and the typed values, nothing stored, up to the application's request cap", async () => {
    const files = filesOnDisk(dataDir);
    for (const size of [UPLOAD_MAX_BYTES + 1, 3_000_000, MAX_UPLOAD_REQUEST_BYTES - 64 * 1024]) {
      const refused = await own(multipart(eo, size));
      expect(refused.status, String(size)).toBe(413);
      expect(refused.data, String(size)).toMatchObject({ form: "credential", outcome: "invalid" });
      const reply = (refused.data as { reply: Reply }).reply;
      expect(reply.error?.certificate).toEqual([LICENCE_SCREEN.certificateTooBig]);
      expect(reply.initialValue).toMatchObject({ provider: "Acme E&O", policyNumber: "EO-77", coverageLimit: "1000000", expiryDate: "2030-12-31" });
    }
    // Past the whole request's cap (the HTTP server's for these pages too): the portal's 413 page, as for the application's uploads.
    expect((await own(multipart(eo, MAX_UPLOAD_REQUEST_BYTES + 1))).status).toBe(413);
    expect(filesOnDisk(dataDir)).toBe(files);
    expect(await prisma.producerCredential.count({ where: { npn: NPN } })).toBe(0);
  });
});
