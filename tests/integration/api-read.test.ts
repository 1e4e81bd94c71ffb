// The read API (issue 24 item 2, decision 0076) through its route modules' loaders against a real
// database: cursor paging that misses no row while rows change between pages, updated_since, 404
// problems for unknown and other-type ids, two statements a page at most; no response ever holds a
// full SSN, tax id, bank or card number (canaries) while the last four are there; every endpoint
// refuses a missing, revoked or unscoped token and an administrator's session cookie; the OpenAPI
// document is valid OpenAPI 3.1 (@seriousme/openapi-schema-validator) and every answer a test here
// sees, errors too, is the document's for its status (ajv, draft 2020-12: tests/support/openapi-answers.ts).
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { READ_ENDPOINTS } from "~/features/api/openapi.server";
import { WEBHOOK_EVENTS } from "~/features/webhooks/events";
import { agentPage } from "~/features/api/read-agents.server";
import { applicationPage } from "~/features/api/read-applications.server";
import { invitationPage } from "~/features/api/read-invitations.server";
import { createApiToken } from "~/features/api/tokens.server";
import { disconnectPrisma, prisma } from "~/lib/db.server";
import { sealField } from "~/lib/crypto.server";
import { env, resetEnvCache } from "~/lib/env.server";
import { createSession } from "~/lib/session.server";
import { saveFile } from "~/lib/storage.server";
import * as agentsRoute from "~/routes/api.v1.agents";
import * as agentRoute from "~/routes/api.v1.agents.$id";
import * as applicationsRoute from "~/routes/api.v1.applications";
import * as applicationRoute from "~/routes/api.v1.applications.$id";
import * as applicationDocumentsRoute from "~/routes/api.v1.applications.$id.documents";
import * as documentRoute from "~/routes/api.v1.documents.$id";
import * as invitationsRoute from "~/routes/api.v1.invitations";
import * as filingsRoute from "~/routes/api.v1.filings";
import * as terminationsRoute from "~/routes/api.v1.terminations";
import * as openapiRoute from "~/routes/api.v1.openapi[.]json";
import * as importsRoute from "~/routes/api.v1.agent-imports";
import * as importRoute from "~/routes/api.v1.agent-imports.$id";
import { countStatements } from "../support/count-statements";
import { startApp } from "../support/app-server";
import { useTestDatabase } from "../support/db";
import { buildIfStale } from "../support/global-app";
import { answerChecker, type OpenApiDoc } from "../support/openapi-answers";
import { useTempDataDir } from "../support/temp-dir";
import { createAgent, createAppointment, createCarrierWithBlocks, createCredential, createInvitation, createLicence, createUser, seedReferenceData } from "../support/factories";

useTempDataDir("api-read");
const db = useTestDatabase();
afterAll(disconnectPrisma);

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<Response> | Response;

/** Each route file of the API, the path pattern it answers (READ_ENDPOINTS' paths) and its loader. */
const ROUTES: Record<string, Loader> = {
  "/api/v1/agents": agentsRoute.loader as Loader,
  "/api/v1/agents/{id}": agentRoute.loader as Loader,
  "/api/v1/applications": applicationsRoute.loader as Loader,
  "/api/v1/applications/{id}": applicationRoute.loader as Loader,
  "/api/v1/applications/{id}/documents": applicationDocumentsRoute.loader as Loader,
  "/api/v1/documents/{id}": documentRoute.loader as Loader,
  "/api/v1/invitations": invitationsRoute.loader as Loader,
  "/api/v1/filings": filingsRoute.loader as Loader,
  "/api/v1/terminations": terminationsRoute.loader as Loader,
  "/api/v1/agent-imports": importsRoute.loader as Loader,
  "/api/v1/agent-imports/{id}": importRoute.loader as Loader,
};

// Full sensitive numbers that must never leave: each ends in digits that are its 'last four'.
const CANARY = {
  agentSsn: "987654321",
  ssn: "876543219",
  taxId: "765432198",
  account: "000123456789",
  routing: "021000021",
  card: "4111111111111111",
  remitTaxId: "654321987",
  ein: "543219876",
};

const check = answerChecker((await (await (openapiRoute.loader as () => Response)()).json()) as OpenApiDoc);
/** Every answer a test saw, checked against the document once the test's own assertions ran. */
const seen: Array<{ pattern: string; res: Response }> = [];
afterEach(async () => {
  for (const { pattern, res } of seen.splice(0)) await check("GET", pattern, res);
});

async function get(pattern: string, opts: { id?: string | number; query?: string; token?: string | null; cookie?: string } = {}): Promise<Response> {
  const loader = ROUTES[pattern]!;
  const p = pattern.replace("{id}", String(opts.id ?? "")) + (opts.query ? `?${opts.query}` : "");
  const headers: Record<string, string> = {};
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.Cookie = opts.cookie;
  const res = await loader({ request: new Request(`http://localhost${p}`, { headers }), params: opts.id !== undefined ? { id: String(opts.id) } : {}, context: {} });
  seen.push({ pattern, res: res.clone() });
  return res;
}
const json = async <T = Record<string, unknown>>(r: Response) => (await r.json()) as T;

let all: string;
let md: { id: number };
let agentIds: number[];
let appointmentId: number;
let uploadId: string;
let systemDocId: string;
let adminCookie: string;
let importRunId: number;

beforeAll(async () => {
  resetEnvCache(); // DATA_DIR is this file's own (useTempDataDir)
  await seedReferenceData(); // the state rules a filing names
  all = (await createApiToken(prisma, { name: "everything", scopes: ["read:agents", "read:applications", "read:documents", "read:invitations", "read:filings", "write:agents"] })).token;
  const { carrier } = await createCarrierWithBlocks(prisma, { carrierCode: "APIC", name: "API Carrier", companyNumber: "77", blocks: [{ blockNumber: 770, productTypeCode: "LIFE" }] });
  md = await createAgent(prisma, { blockNumber: 770, firstName: "Mara", lastName: "Top", npn: "7700001" });
  agentIds = [md.id];
  for (let i = 0; i < 6; i++) agentIds.push((await createAgent(prisma, { parentId: md.id, firstName: `Child${i}`, lastName: "Below", npn: `77000${10 + i}` })).id);
  const s = sealField(CANARY.agentSsn);
  await prisma.agent.update({ where: { id: agentIds[1]! }, data: { ssnEncrypted: s.encrypted, ssnLast4: s.last4 } });
  // A filing and a termination of the agent with the canary SSN: the filings' lists are walked too.
  const filed = { agentId: agentIds[1]!, npn: "7700010", stateCode: "TX", licenceNumber: "TX-2", carrierId: carrier.carrierId };
  await prisma.appointmentFiling.create({ data: { ...filed, lineOfAuthority: "LIFE", effectiveDate: new Date("2026-11-02"), dueDate: new Date("2026-11-17"), feeAmount: "10.00", status: "FILED", filedDate: new Date("2026-11-03") } });
  await prisma.termination.create({ data: { ...filed, reasonCode: "VOL", reasonLabel: "Voluntary", forCause: false, effectiveDate: new Date("2026-11-20"), dueDate: new Date("2026-12-20"), source: "SCREEN" } });
  await createLicence(prisma, { npn: "7700001", stateCode: "TX", isResident: true, licenceNumber: "TX-1" });
  await createLicence(prisma, { npn: "7700001", stateCode: "OK", expiryDate: "2020-01-31" });
  await createCredential(prisma, { npn: "7700001", kind: "EO" });
  // Taken from an application, not yet confirmed: the API leaves them out (decision 0098).
  await createLicence(prisma, { npn: "7700001", stateCode: "KS", source: "APPLICATION", loaLife: false, loaAccidentHealth: false, expiryDate: null });
  await prisma.producerCredential.create({ data: { npn: "7700001", kind: "EO", expiryDate: null, source: "APPLICATION" } });
  await createLicence(prisma, { npn: "7700011", stateCode: "NM" });

  const prospect = await createUser(prisma, {});
  const a = await createAppointment(prisma, {
    userId: prospect.id,
    recruiterAgentId: md.id,
    appointmentStatusCode: "APWF_STATUS_NEWCONTRACT",
    submittedAt: new Date(),
    commissionRemitTypeCode: "COMRMT_TYP_DIRECT",
    personal: { firstName: "Pat", lastName: "Prospect", ssn: CANARY.ssn, businessTaxId: CANARY.taxId, birthDate: new Date("1980-02-03T00:00:00Z") },
    addresses: [{ addressTypeCode: "ADRTYP_HOME", address1: "1 Main St", city: "Austin", stateCode: "TX", zipCode: "78701" }],
  });
  appointmentId = a.appointmentId;
  const acc = sealField(CANARY.account);
  const rt = sealField(CANARY.routing);
  await prisma.appointmentBankInfo.create({
    data: { appointmentId, bankName: "Bank", accountNumberEncrypted: acc.encrypted, accountNumberLast4: acc.last4, routingNumberEncrypted: rt.encrypted, routingNumberLast4: rt.last4 },
  });
  const card = sealField(CANARY.card);
  await prisma.appointmentCardInfo.create({ data: { appointmentId, creditCardTypeCode: "CCTYP_VISA", cardNumberEncrypted: card.encrypted, cardLast4: card.last4 } });
  const rem = sealField(CANARY.remitTaxId);
  await prisma.commissionRemitAssign.create({ data: { appointmentId, agentAgencyName: "Agency", ssnTaxIdEncrypted: rem.encrypted, ssnTaxIdLast4: rem.last4 } });
  const ein = sealField(CANARY.ein);
  await prisma.appointmentIrsInfo.create({ data: { appointmentId, name: "Pat", employerIdNumberEncrypted: ein.encrypted, employerIdNumberLast4: ein.last4 } });

  const pdf = new TextEncoder().encode("%PDF-1.4\n% an upload\n%%EOF\n");
  const file = await saveFile({ bytes: pdf, fileName: "licence.pdf", contentType: "application/pdf" });
  uploadId = (await prisma.document.create({ data: { documentTypeCode: "DOCTYP_EO_CERT", kindCode: "UPLOAD", title: "E&O certificate", appointmentId, storedFileId: file.id } })).id;
  const sys = await saveFile({ bytes: pdf, fileName: "agreement.pdf", contentType: "application/pdf" });
  systemDocId = (await prisma.document.create({ data: { documentTypeCode: "DOCTYP_AGREE", kindCode: "SYSTEM", documentKey: "agreement.api-test", title: "Agreement", storedFileId: sys.id } })).id;

  for (let i = 0; i < 3; i++) await createInvitation(prisma, { inviterAgentId: md.id, prospectEmailAddress: `invitee${i}@example.com` });

  const admin = await createUser(prisma, { isInternal: true, userRoleCode: "USRROLE_ADMIN" });
  const setCookie = await createSession(new Request("http://localhost/"), { userId: admin.id });
  adminCookie = setCookie.split(";")[0]!;
  importRunId = (await prisma.agentImportRun.create({ data: { fileName: "agents.csv", status: "REJECTED", errorCount: 1, errors: [{ line: 2, field: "phone", message: "A phone number of 10 digits." }] } })).id;
}, 120_000);

describe("paging", () => {
  it("walks every agent, a row changed after it was read comes again with its change, none is skipped", async () => {
    const seen: Array<{ id: number; last_name: string; updated_at: string }> = [];
    let cursor: string | null = null;
    let pages = 0;
    const unseen = agentIds[agentIds.length - 1]!;
    let readFirst: number | null = null;
    do {
      const r = await get("/api/v1/agents", { token: all, query: `limit=2${cursor ? `&cursor=${cursor}` : ""}` });
      expect(r.status).toBe(200);
      const body = await json<{ data: typeof seen; next_cursor: string | null }>(r);
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data);
      cursor = body.next_cursor;
      if (++pages === 1) {
        // Between pages: one row already read and one not yet read change.
        readFirst = body.data[0]!.id;
        await prisma.agent.update({ where: { id: readFirst }, data: { lastName: "Changed after read" } });
        await prisma.agent.update({ where: { id: unseen }, data: { lastName: "Changed before read" } });
      }
    } while (cursor && pages < 20);
    expect(cursor).toBeNull();
    const ids = seen.map((a) => a.id);
    expect(new Set(ids)).toEqual(new Set(agentIds));
    for (const id of agentIds) expect(ids.filter((x) => x === id).length, `agent ${id}`).toBe(id === readFirst ? 2 : 1);
    expect(seen.filter((a) => a.id === readFirst).map((a) => a.last_name)).toEqual([expect.not.stringMatching(/Changed/), "Changed after read"]);
    expect(seen.find((a) => a.id === unseen)!.last_name).toBe("Changed before read");
  });

  it("updated_since keeps the rows changed since; a malformed parameter is a 400 problem naming it", async () => {
    await prisma.$executeRaw`UPDATE invitations SET updated_at = '2026-01-01T00:00:00Z'`;
    const newest = await prisma.invitation.findFirstOrThrow({ orderBy: { invitationId: "desc" } });
    await prisma.$executeRaw`UPDATE invitations SET updated_at = '2026-06-01T00:00:00Z' WHERE invitation_id = ${newest.invitationId}`;
    const r = await get("/api/v1/invitations", { token: all, query: "updated_since=2026-03-01T00:00:00Z" });
    expect(r.status).toBe(200);
    expect((await json<{ data: Array<{ id: number }> }>(r)).data.map((i) => i.id)).toEqual([newest.invitationId]);
    expect((await json<{ data: unknown[] }>(await get("/api/v1/invitations", { token: all, query: "updated_since=2025-12-31" }))).data).toHaveLength(3);
    for (const [query, parameter] of [
      ["updated_since=yesterday", "updated_since"],
      ["updated_since=2026-13-45T00:00:00Z", "updated_since"],
      ["limit=0", "limit"],
      ["limit=201", "limit"],
      ["cursor=not-a-cursor", "cursor"],
      ["limit=1&limit=2", "limit"],
      ["updated_since=2026-01-01&updated_since=2026-02-01", "updated_since"],
    ] as const) {
      const bad = await get("/api/v1/agents", { token: all, query });
      expect(bad.status, query).toBe(400);
      expect(bad.headers.get("Content-Type")).toBe("application/problem+json");
      expect((await json(bad)).parameter, query).toBe(parameter);
    }
  });

  it("a page is at most two statements, however many agents and licenses it holds", async () => {
    // Counts Prisma's statements too (queryLog), as npm run bench:http does: the client is made again with it.
    process.env.BENCH_ROUTES = "1";
    resetEnvCache();
    await disconnectPrisma();
    onTestFinished(async () => {
      delete process.env.BENCH_ROUTES;
      resetEnvCache();
      await disconnectPrisma();
    });
    const q = { limit: 50, after: null, updatedSince: null };
    const agents = await countStatements(() => agentPage(q));
    expect(agents.value.data.length).toBe(agentIds.length);
    expect(agents.value.data.find((a) => a.id === md.id)!.licences.map((l) => [l.state_code, l.expiry_state])).toEqual([
      ["TX", "VALID"],
      ["OK", "EXPIRED"],
    ]);
    // (the Kansas licence and the second E&O, from an application and to confirm, are not there)
    expect(agents.value.data.find((a) => a.id === md.id)!.errors_and_omissions).toHaveLength(1);
    expect(agents.count, agents.recent.join("\n")).toBe(2);
    expect((await countStatements(() => applicationPage(q))).count).toBe(1);
    expect((await countStatements(() => invitationPage(q))).count).toBe(1);
  });
});

describe("ids", () => {
  it("unknown ids and ids of another kind of record are 404 problems", async () => {
    const notAnApplication = agentIds.find((id) => id !== appointmentId)!;
    expect(await prisma.appointment.findUnique({ where: { appointmentId: notAnApplication } })).toBeNull();
    const prospectDoc = await prisma.document.create({
      data: { documentTypeCode: "DOCTYP_EO_CERT", kindCode: "UPLOAD", title: "A user's", appUserId: (await createUser(prisma, {})).id, storedFileId: (await prisma.document.findUniqueOrThrow({ where: { id: uploadId } })).storedFileId },
    });
    const cases: Array<[string, string | number]> = [
      ["/api/v1/agents/{id}", 99_999_999],
      ["/api/v1/agents/{id}", "abc"],
      ["/api/v1/applications/{id}", notAnApplication],
      ["/api/v1/applications/{id}", 99_999_999],
      ["/api/v1/applications/{id}/documents", notAnApplication],
      ["/api/v1/documents/{id}", "00000000-0000-4000-8000-000000000000"],
      ["/api/v1/documents/{id}", systemDocId],
      ["/api/v1/documents/{id}", prospectDoc.id],
      ["/api/v1/documents/{id}", appointmentId],
    ];
    for (const [pattern, id] of cases) {
      const r = await get(pattern, { token: all, id });
      expect(r.status, `${pattern} ${id}`).toBe(404);
      expect(r.headers.get("Content-Type")).toBe("application/problem+json");
    }
    expect((await get("/api/v1/applications/{id}", { token: all, id: appointmentId })).status).toBe(200);
  });
});

/** Every endpoint with a real id, as a client would walk them. */
const walk = () => [
  { pattern: "/api/v1/agents" },
  { pattern: "/api/v1/agents/{id}", id: agentIds[1]! },
  { pattern: "/api/v1/agents/{id}", id: md.id },
  { pattern: "/api/v1/applications" },
  { pattern: "/api/v1/applications/{id}", id: appointmentId },
  { pattern: "/api/v1/applications/{id}/documents", id: appointmentId },
  { pattern: "/api/v1/documents/{id}", id: uploadId },
  { pattern: "/api/v1/invitations" },
  { pattern: "/api/v1/filings" },
  { pattern: "/api/v1/terminations" },
  { pattern: "/api/v1/agent-imports" },
  { pattern: "/api/v1/agent-imports/{id}", id: importRunId },
];

describe("sensitive numbers", () => {
  it("no column can hold a card verification code: it is never stored, so never served (decision 0087)", async () => {
    // The save-and-submit search of every table for a canary CVC: tests/integration/card-cvc.test.ts.
    const columns = await prisma.$queryRaw<Array<{ name: string }>>`
      SELECT table_name || '.' || column_name AS name FROM information_schema.columns
       WHERE table_schema = current_schema() AND column_name ~* '(cvc|cvv|cvn|csc|security_code|verification_code)'`;
    expect(columns.map((c) => c.name)).toEqual([]);
  });

  it("no response holds a full SSN, tax id, bank or card number; their last four are there", async () => {
    let everything = "";
    for (const e of walk()) {
      const r = await get(e.pattern, { token: all, id: e.id });
      expect(r.status, e.pattern).toBe(200);
      everything += `${await r.text()}\n`;
    }
    for (const [name, value] of Object.entries(CANARY)) expect(everything.includes(value), name).toBe(false);
    const app = await json<{ sections: Record<string, Record<string, unknown>> }>(await get("/api/v1/applications/{id}", { token: all, id: appointmentId }));
    expect(app.sections.personal).toMatchObject({ ssn_last4: "3219", business_tax_id_last4: "2198" });
    expect(app.sections.commissions).toMatchObject({
      bank: { account_number_last4: "6789", routing_number_last4: "0021" },
      assignment: { ssn_tax_id_last4: "1987" },
      w9: { employer_id_last4: "9876" },
    });
    expect(app.sections.fees).toMatchObject({ card: { card_last4: "1111" } });
    expect((await json(await get("/api/v1/agents/{id}", { token: all, id: agentIds[1]! }))).ssn_last4).toBe("4321");
  });

  it("the document is streamed as a PDF attachment with its length", async () => {
    const r = await get("/api/v1/documents/{id}", { token: all, id: uploadId });
    expect(r.headers.get("Content-Type")).toBe("application/pdf");
    expect(r.headers.get("Content-Disposition")).toMatch(/^attachment; filename="licence.pdf"/);
    const bytes = new Uint8Array(await r.arrayBuffer());
    expect(r.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const list = await json<{ data: Array<{ id: string; href: string }> }>(await get("/api/v1/applications/{id}/documents", { token: all, id: appointmentId }));
    expect(list.data.map((d) => d.href)).toEqual([`/api/v1/documents/${uploadId}`]);
  });

  it("a direct deposit form of an application not paid by direct deposit is neither listed nor served (the download route's rule)", async () => {
    const { commissionRemitTypeCode } = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId }, select: { commissionRemitTypeCode: true } });
    const file = await saveFile({ bytes: new TextEncoder().encode("%PDF-1.4\n% a bank form\n%%EOF\n"), fileName: "bank.pdf", contentType: "application/pdf" });
    const form = await prisma.document.create({ data: { documentTypeCode: "DOCTYP_DIRECT_DEPOSIT", kindCode: "UPLOAD", title: "Direct deposit", appointmentId, storedFileId: file.id } });
    const listed = async () => (await json<{ data: Array<{ id: string }> }>(await get("/api/v1/applications/{id}/documents", { token: all, id: appointmentId }))).data.map((d) => d.id);
    try {
      await prisma.appointment.update({ where: { appointmentId }, data: { commissionRemitTypeCode: "COMRMT_TYP_DIRECT" } });
      expect(await listed()).toEqual([uploadId, form.id]);
      expect((await get("/api/v1/documents/{id}", { token: all, id: form.id })).status).toBe(200);
      await prisma.appointment.update({ where: { appointmentId }, data: { commissionRemitTypeCode: "COMRMT_TYP_PAPER" } });
      expect(await listed()).toEqual([uploadId]);
      expect((await get("/api/v1/documents/{id}", { token: all, id: form.id })).status).toBe(404);
    } finally {
      await prisma.document.delete({ where: { id: form.id } });
      await prisma.appointment.update({ where: { appointmentId }, data: { commissionRemitTypeCode } });
    }
  });
});

describe("tokens and scopes", () => {
  it("every route file of the API is in this walk", () => {
    // The GETs: the first business (a POST only) is walked in tests/integration/api-filings.test.ts.
    const files = readdirSync(path.resolve(__dirname, "../../app/routes")).filter((f) => f.startsWith("api.v1.") && !f.startsWith("api.v1.openapi") && !f.endsWith(".first-business.ts"));
    expect(files.length).toBe(Object.keys(ROUTES).length);
    expect(new Set(walk().map((e) => e.pattern)).size).toBe(files.length);
    expect(Object.keys(ROUTES).sort()).toEqual(READ_ENDPOINTS.map((e) => e.path).sort());
  });

  it("every endpoint: 401 without a token, with a revoked one and with an administrator's cookie; 403 without its scope", async () => {
    const revoked = await createApiToken(prisma, { name: "revoked", scopes: ["read:agents", "read:applications", "read:documents", "read:invitations", "read:filings"] });
    await prisma.apiToken.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
    const writer = (await createApiToken(prisma, { name: "import only", scopes: ["write:agents"] })).token;
    const readOnly = (await createApiToken(prisma, { name: "agents only", scopes: ["read:agents"] })).token;
    for (const e of walk()) {
      const own = READ_ENDPOINTS.find((x) => x.path === e.pattern)!.scope;
      const others = (await createApiToken(prisma, { name: `not ${own}`, scopes: ["read:agents", "read:applications", "read:documents", "read:invitations", "read:filings", "write:agents", "write:filings"].filter((s) => s !== own) as never })).token;
      const another = own === "write:agents" ? readOnly : writer;
      for (const [who, opts, status] of [
        ["no token", {}, 401],
        ["revoked token", { token: revoked.token }, 401],
        ["administrator's session cookie", { cookie: adminCookie }, 401],
        ["token of another scope", { token: another }, 403],
        ["token of every other scope", { token: others }, 403],
      ] as const) {
        const r = await get(e.pattern, { ...opts, id: e.id });
        expect(r.status, `${e.pattern} ${who}`).toBe(status);
        const text = await r.text();
        expect(text, `${e.pattern} ${who}`).not.toMatch(/Pat|Mara|%PDF/);
      }
    }
  });
});

describe("OpenAPI", () => {
  it("the served document is valid OpenAPI 3.1 and every real response validates against its schema", async () => {
    const served = await (openapiRoute.loader as () => Response)();
    expect(served.status).toBe(200);
    const doc = await json<{ openapi: string; paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> } }> }>(served);
    expect(doc.openapi).toBe("3.1.0");
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);

    let checked = 0;
    for (const e of walk()) {
      const r = await get(e.pattern, { token: all, id: e.id });
      expect(r.status, e.pattern).toBe(200);
      await check("GET", e.pattern, r); // the 200 body against its schema in the document
      if (doc.paths[e.pattern]!.get.responses["200"]!.content!["application/json"]) checked++;
    }
    expect(checked).toBe(11);
    // The import (POST) and every event type are described too (decision 0075, 0078).
    expect(Object.keys((doc as unknown as { paths: Record<string, object> }).paths["/api/v1/agent-imports"]!)).toEqual(["get", "post"]);
    expect(Object.keys((doc as unknown as { webhooks: Record<string, object> }).webhooks)).toEqual([...WEBHOOK_EVENTS]);
    await check("GET", "/api/v1/agents", await get("/api/v1/agents", { token: all, query: "limit=0" }));
  });
});

describe("over HTTP", () => {
  it("the portal answers the API with JSON and problems, streams the file, serves the document without a token", async () => {
    buildIfStale();
    // The same DATA_DIR as this process (the upload saved above is in its files/, its secrets.json has the
    // encryption key); the provider's two secrets this process never made are given.
    const app = await startApp({
      databaseUrl: db.url,
      dataDir: env().dataDir,
      env: { IDP_COOKIE_KEY: randomBytes(32).toString("base64url"), OIDC_CLIENT_SECRET: randomBytes(32).toString("base64url") },
    });
    try {
      const auth = { Authorization: `Bearer ${all}` };
      const page = await fetch(`${app.url}/api/v1/applications?limit=1`, { headers: auth });
      expect(page.status).toBe(200);
      expect(page.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(page.headers.get("Cache-Control")).toBe("no-store");
      expect(((await page.json()) as { data: Array<{ id: number }> }).data.map((a) => a.id)).toEqual([appointmentId]);
      const refused = await fetch(`${app.url}/api/v1/applications/${appointmentId}`, { headers: { Cookie: adminCookie } });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
      expect(refused.headers.get("Content-Type")).toBe("application/problem+json");
      const file = await fetch(`${app.url}/api/v1/documents/${uploadId}`, { headers: auth });
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Type")).toBe("application/pdf");
      expect(new TextDecoder().decode(new Uint8Array(await file.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
      const doc = await fetch(`${app.url}/api/v1/openapi.json`);
      expect(doc.status).toBe(200);
      expect(((await doc.json()) as { openapi: string }).openapi).toBe("3.1.0");
    } finally {
      await app.dispose();
    }
  }, 300_000);
});
