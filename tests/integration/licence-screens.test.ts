// The licence and credential screens (issue 23 items 1 and 2; decision 0069) through their real
// loaders and actions (a signed-in session, real PostgreSQL and storage): the producer adds, changes
// and deletes a licence on /licences, each audited (who, what changed); a refused save keeps what was
// typed, stateTaken sits next to the state; an upline reads /licences/:npn and its POST is refused
// with nothing written; a stranger gets 404; an administrator changes any NPN; a credential with its
// PDF certificate is saved and downloaded (attachment, no-store), not a certificate of another NPN
// (IDOR); a form too large or not a form is refused before anything is written; the dashboard card.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import { LICENCE_MESSAGES } from "~/features/licences/messages";
import { LICENCE_SCREEN } from "~/features/licences/screen-messages";
import type { Agent, User } from "~/generated/prisma/client";
import { disconnectPrisma, prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { saveFile } from "~/lib/storage.server";
import { loader as certificateLoader } from "~/routes/licences.$npn.certificates.$id";
import { action as npnAction, loader as npnLoader } from "~/routes/licences.$npn";
import { action as ownAction, loader as ownLoader } from "~/routes/licences._index";
import { useTestDatabase } from "../support/db";
import { createAgent, createCarrierWithBlocks, createCredential, createUser } from "../support/factories";
import { asUser } from "./appointment-fixtures";
import { filesOnDisk } from "./upload-fixtures";

useTestDatabase();

const APP_URL = "http://localhost:3000";
const NPN = "5550001";
const OTHER_NPN = "7770001";
let dataDir: string;
let md: Agent, agentUser: User, mdUser: User, stranger: User, admin: User;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "licence-screens-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  process.env.ENCRYPTION_KEY ??= "license screens test key 0123456789abcdef0123";
  resetEnvCache();
  resetSecretsCache();
  await createCarrierWithBlocks(prisma, { carrierCode: "SLAC", companyNumber: "SL01", blocks: [{ blockNumber: 215, productTypeCode: "LIFE" }] });
  mdUser = await createUser(prisma, { userRoleCode: "USRROLE_MD" });
  agentUser = await createUser(prisma);
  stranger = await createUser(prisma);
  admin = await createUser(prisma, { isInternal: true });
  md = await createAgent(prisma, { blockNumber: 215, userId: mdUser.id, npn: "9000001" });
  await createAgent(prisma, { parentId: md.id, userId: agentUser.id, npn: NPN, licensedStates: ["TX"] });
  const otherUser = await createUser(prisma);
  await createAgent(prisma, { blockNumber: 215, userId: otherUser.id, npn: OTHER_NPN });
  for (const [k, u] of Object.entries({ agent: agentUser, md: mdUser, stranger, admin })) {
    cookies[k] = (await createSession(new Request(`${APP_URL}/`), { userId: u.id })).split(";")[0]!;
  }
});
afterAll(async () => {
  await disconnectPrisma();
  rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; headers: Headers; data: Record<string, unknown> | null; body: string | null };

/** What a loader or action answered (a Response, data(…), a plain object) or threw (a refusal). */
async function answerOf(fn: () => unknown): Promise<Answer> {
  let v: unknown;
  try {
    v = await fn();
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    v = e;
  }
  if (v instanceof Response) {
    const body = v.headers.get("Content-Type")?.includes("pdf") ? null : await v.text();
    return { status: v.status, headers: v.headers, data: null, body };
  }
  if (v && typeof v === "object" && "init" in v && "data" in v) {
    const init = (v as { init?: { status?: number; headers?: HeadersInit } }).init;
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data: (v as { data: Record<string, unknown> }).data, body: null };
  }
  return { status: 200, headers: new Headers(), data: v as Record<string, unknown>, body: null };
}

const url = (p: string) => `${APP_URL}${p}`;
const get = (who: string, p: string, extraCookie = "") => new Request(url(p), { headers: { Cookie: [cookies[who], extraCookie].filter(Boolean).join("; ") } });
const post = (who: string, p: string, fields: Record<string, string>) =>
  new Request(url(p), {
    method: "POST",
    headers: { Cookie: cookies[who]!, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

async function own(req: Request) {
  return answerOf(() => (req.method === "GET" ? ownLoader : ownAction)({ request: req, params: {}, context: {} }));
}
async function ofNpn(req: Request, npn = NPN) {
  return answerOf(() => (req.method === "GET" ? npnLoader : npnAction)({ request: req, params: { npn }, context: {} }));
}

const texas = { intent: "licence", id: "new", stateCode: "TX", licenceNumber: "TX-123", licenceClass: "", loaLife: "Y", effectiveDate: "2024-01-01", expiryDate: "2030-06-30", status: "ACTIVE" };
const counts = async () => ({ licences: await prisma.producerLicence.count({ where: { npn: NPN } }), credentials: await prisma.producerCredential.count({ where: { npn: NPN } }) });

type Reply = { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };

describe("the producer's own /licences", () => {
  it("adds a license after a refused save (message next to the field, values kept), audited with who and what", async () => {
    const page = await own(get("agent", "/licences"));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ page: { npn: NPN, mode: "edit", records: { licences: [], credentials: [] } } });

    // No line of authority, an expiry before the effective date: refused, nothing saved, the typed values kept.
    const refused = await own(post("agent", "/licences?licence=new", { ...texas, loaLife: "", expiryDate: "2023-01-01" }));
    expect(refused.status).toBe(400);
    const reply = (refused.data as { form: string; reply: Reply }).reply;
    expect((refused.data as { form: string }).form).toBe("licence");
    expect(reply.error?.loaLife).toEqual([LICENCE_MESSAGES.lineRequired]);
    expect(reply.error?.expiryDate).toEqual([LICENCE_MESSAGES.expiryBeforeEffective]);
    expect(reply.initialValue).toMatchObject({ stateCode: "TX", licenceNumber: "TX-123", expiryDate: "2023-01-01" });
    expect((await counts()).licences).toBe(0);

    const saved = await own(post("agent", "/licences?licence=new", texas));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe("/licences");
    const flash = saved.headers.get("Set-Cookie")!.split(";")[0]!;
    const after = await own(get("agent", "/licences", flash));
    expect(after.data).toMatchObject({ flash: LICENCE_MESSAGES.saved, page: { records: { licences: [{ stateCode: "TX", licenceNumber: "TX-123", source: "AGENT" }] } } });
    expect(after.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const audit = await prisma.auditLog.findFirst({ where: { action: "LICENCE_CREATED", actorUserId: agentUser.id } });
    expect(audit?.details).toMatchObject({ npn: NPN, stateCode: "TX", source: "AGENT", changes: { licenceNumber: [null, "TX-123"], expiryDate: [null, "2030-06-30"] } });
  });

  it("refuses a second license for the state next to the state field; changes and deletes one, each audited", async () => {
    const before = await counts();
    const taken = await own(post("agent", "/licences?licence=new", { ...texas, licenceNumber: "TX-999" }));
    expect(taken.status).toBe(400);
    const reply = (taken.data as { reply: Reply }).reply;
    expect(reply.error?.stateCode).toEqual([LICENCE_MESSAGES.stateTaken]);
    expect(reply.initialValue).toMatchObject({ licenceNumber: "TX-999" });
    expect(await counts()).toEqual(before);

    const tx = await prisma.producerLicence.findFirstOrThrow({ where: { npn: NPN, stateCode: "TX" } });
    const changed = await own(post("agent", `/licences?licence=${tx.id}`, { ...texas, id: tx.id, expiryDate: "2031-01-31", loaAccidentHealth: "Y" }));
    expect(changed.status).toBe(303);
    const updated = await prisma.auditLog.findFirst({ where: { action: "LICENCE_UPDATED", targetId: tx.id } });
    expect(updated).toMatchObject({ actorUserId: agentUser.id, details: { source: "AGENT", changes: { expiryDate: ["2030-06-30", "2031-01-31"], loaAccidentHealth: [false, true] } } });

    // Another NPN's licence id in the form: no such record here (404), nothing changed.
    const foreign = await prisma.producerLicence.create({ data: { npn: OTHER_NPN, stateCode: "CA", loaLife: true, source: "IMPORT" } });
    expect((await own(post("agent", "/licences", { ...texas, stateCode: "CA", id: foreign.id }))).status).toBe(404);
    expect((await own(post("agent", "/licences", { intent: "delete", kind: "licence", id: foreign.id }))).status).toBe(404);
    expect((await own(post("agent", "/licences", { intent: "delete", kind: "licence", id: foreign.id, confirm: "yes" }))).status).toBe(404);
    expect(await prisma.producerLicence.findUnique({ where: { id: foreign.id } })).not.toBeNull();

    // Deleting asks first (issue 36 item 8): the first POST names the record and deletes nothing.
    const asked = await own(post("agent", "/licences", { intent: "delete", kind: "licence", id: tx.id }));
    expect(asked.status).toBe(200);
    expect(asked.data).toEqual({ form: "delete", kind: "licence", id: tx.id });
    expect(await prisma.producerLicence.findUnique({ where: { id: tx.id } })).not.toBeNull();
    expect(await prisma.auditLog.findFirst({ where: { action: "LICENCE_DELETED", targetId: tx.id } })).toBeNull();
    const deleted = await own(post("agent", "/licences", { intent: "delete", kind: "licence", id: tx.id, confirm: "yes" }));
    expect(deleted.status).toBe(303);
    expect(await prisma.producerLicence.findUnique({ where: { id: tx.id } })).toBeNull();
    expect(await prisma.auditLog.findFirst({ where: { action: "LICENCE_DELETED", targetId: tx.id } })).toMatchObject({
      actorUserId: agentUser.id,
      details: { npn: NPN, source: "AGENT", deleted: { stateCode: [null, "TX"] } },
    });
    // Back for the tests below.
    expect((await own(post("agent", "/licences", texas))).status).toBe(303);
  });

  it("says where the NPN comes from to a user without one", async () => {
    const page = await own(get("stranger", "/licences"));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ page: null });
    expect((await own(post("stranger", "/licences", texas))).status).toBe(404);
  });
});

describe("/licences/:npn for others", () => {
  it("lets an upline read (standing included) and refuses the upline's POST with nothing written", async () => {
    const page = await ofNpn(get("md", `/licences/${NPN}`));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ page: { npn: NPN, mode: "read", records: { licences: [{ stateCode: "TX" }] } } });
    const positions = (page.data as { page: { positions: Array<{ standing: string }> } }).page.positions;
    expect(positions).toHaveLength(1);
    expect(positions[0]!.standing).toBe("NOT_IN_GOOD_ORDER"); // no E&O yet

    const before = await counts();
    const refused = await ofNpn(post("md", `/licences/${NPN}`, { ...texas, stateCode: "OK" }));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatch(/do not have access/i);
    expect(await counts()).toEqual(before);
    expect(await prisma.auditLog.findFirst({ where: { action: "ACCESS_DENIED", actorUserId: mdUser.id, targetId: NPN } })).not.toBeNull();
  });

  it("answers a stranger 404 (GET and POST), audited", async () => {
    const page = await ofNpn(get("stranger", `/licences/${NPN}`));
    expect(page.status).toBe(404);
    expect(page.body).toContain("Page Not Found");
    expect((await ofNpn(post("stranger", `/licences/${NPN}`, { ...texas, stateCode: "OK" }))).status).toBe(404);
    expect(await prisma.auditLog.count({ where: { action: "ACCESS_DENIED", actorUserId: stranger.id } })).toBeGreaterThanOrEqual(2);
    // A malformed NPN: the same 404.
    expect((await ofNpn(get("stranger", `/licences/x`), "a b")).status).toBe(404);
  });

  it("lets an administrator change any NPN (source ADMIN)", async () => {
    const page = await ofNpn(get("admin", `/licences/${OTHER_NPN}`), OTHER_NPN);
    expect(page.data).toMatchObject({ page: { mode: "edit" } });
    const saved = await ofNpn(post("admin", `/licences/${NPN}?licence=new`, { ...texas, stateCode: "OK", licenceNumber: "OK-1", expiryDate: "2032-01-01" }));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("Location")).toBe(`/licences/${NPN}`);
    expect(await prisma.producerLicence.findFirst({ where: { npn: NPN, stateCode: "OK" } })).toMatchObject({ source: "ADMIN", updatedById: admin.id });
    expect(await prisma.auditLog.findFirst({ where: { action: "LICENCE_CREATED", actorUserId: admin.id } })).toMatchObject({ details: { npn: NPN, source: "ADMIN" } });
  });
});

const pdf = (text = "certificate") => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n`);

function multipart(who: string, p: string, fields: Record<string, string>, file?: { name: string; bytes: Uint8Array; type?: string }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  if (file) fd.set("certificate", new File([file.bytes as BlobPart], file.name, { type: file.type ?? "application/pdf" }));
  return new Request(url(p), { method: "POST", headers: { Cookie: cookies[who]! }, body: fd });
}
const eo = { intent: "credential", id: "new", kind: "EO", provider: "Acme E&O", policyNumber: "EO-77", coverageLimit: "1000000", effectiveDate: "2026-01-01", expiryDate: "2030-12-31" };

describe("credentials and their certificates", () => {
  it("refuses a certificate that is not a PDF next to the field, keeps the values, stores nothing", async () => {
    const before = await counts();
    const files = filesOnDisk(dataDir);
    const refused = await own(multipart("agent", "/licences?credential=new&kind=EO", eo, { name: "cert.pdf", bytes: new TextEncoder().encode("GIF89a not a pdf"), type: "application/pdf" }));
    expect(refused.status).toBe(400);
    const reply = (refused.data as { form: string; reply: Reply }).reply;
    expect(reply.error?.certificate).toEqual([LICENCE_SCREEN.certificateNotPdf]);
    expect(reply.initialValue).toMatchObject({ policyNumber: "EO-77", provider: "Acme E&O" });
    expect(await counts()).toEqual(before);
    expect(filesOnDisk(dataDir)).toBe(files);
    // A schema refusal with a good PDF: the PDF is not kept either.
    const noPolicy = await own(multipart("agent", "/licences", { ...eo, policyNumber: "" }, { name: "cert.pdf", bytes: pdf() }));
    expect(noPolicy.status).toBe(400);
    expect(((noPolicy.data as { reply: Reply }).reply.error ?? {}).policyNumber).toEqual([LICENCE_MESSAGES.policyRequired]);
    expect(filesOnDisk(dataDir)).toBe(files);
    expect(await prisma.storedFile.count({ where: { createdById: agentUser.id } })).toBe(0);
  });

  it("saves an E&O with its PDF (the standing turns good), serves it to the producer and the upline, not across NPNs", async () => {
    const saved = await own(multipart("agent", "/licences?credential=new&kind=EO", eo, { name: "My E&O.pdf", bytes: pdf("mine") }));
    expect(saved.status).toBe(303);
    const credential = await prisma.producerCredential.findFirstOrThrow({ where: { npn: NPN, kind: "EO" }, include: { storedFile: true } });
    expect(credential).toMatchObject({ policyNumber: "EO-77", source: "AGENT", storedFile: { contentType: "application/pdf" } });
    expect(await prisma.auditLog.findFirst({ where: { action: "CREDENTIAL_CREATED", targetId: credential.id } })).toMatchObject({
      actorUserId: agentUser.id,
      details: { npn: NPN, kind: "EO", source: "AGENT" },
    });
    const page = await ofNpn(get("md", `/licences/${NPN}`));
    expect((page.data as { page: { positions: Array<{ standing: string }> } }).page.positions[0]!.standing).toBe("IN_GOOD_ORDER");

    for (const who of ["agent", "md", "admin"]) {
      const file = await answerOf(() => certificateLoader({ request: get(who, `/licences/${NPN}/certificates/${credential.id}`), params: { npn: NPN, id: credential.id }, context: {} }));
      expect(file.status, who).toBe(200);
      expect(file.headers.get("Content-Type")).toBe("application/pdf");
      expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename=/);
      expect(file.headers.get("Cache-Control")).toMatch(/no-store/);
    }
    const stranger = await answerOf(() => certificateLoader({ request: get("stranger", `/licences/${NPN}/certificates/${credential.id}`), params: { npn: NPN, id: credential.id }, context: {} }));
    expect(stranger.status).toBe(404);

    // IDOR: another NPN's certificate under the agent's own NPN: 404.
    // (a real stored PDF: without the NPN in the lookup it would be served)
    const otherFile = await saveFile({ bytes: pdf("someone else's"), fileName: "other.pdf", contentType: "application/pdf" });
    const other = await createCredential(prisma, { npn: OTHER_NPN, kind: "EO", storedFileId: otherFile.id });
    const idor = await answerOf(() => certificateLoader({ request: get("agent", `/licences/${NPN}/certificates/${other.id}`), params: { npn: NPN, id: other.id }, context: {} }));
    expect(idor.status).toBe(404);
    const idor2 = await answerOf(() => certificateLoader({ request: get("agent", `/licences/${OTHER_NPN}/certificates/${other.id}`), params: { npn: OTHER_NPN, id: other.id }, context: {} }));
    expect(idor2.status).toBe(404);

    // Changing the E&O without a new file keeps the certificate.
    const changed = await own(multipart("agent", `/licences?credential=${credential.id}`, { ...eo, id: credential.id, expiryDate: "2031-12-31" }));
    expect(changed.status).toBe(303);
    expect(await prisma.producerCredential.findUniqueOrThrow({ where: { id: credential.id } })).toMatchObject({ storedFileId: credential.storedFileId });
  });

  it("saves AML training from its completion date and validity (expiry computed)", async () => {
    const saved = await own(post("agent", "/licences", { intent: "credential", id: "new", kind: "AML", courseName: "AML basics", effectiveDate: "2026-03-15", validMonths: "12" }));
    expect(saved.status).toBe(303);
    const aml = await prisma.producerCredential.findFirstOrThrow({ where: { npn: NPN, kind: "AML" } });
    expect(aml.expiryDate?.toISOString().slice(0, 10)).toBe("2027-03-14");
  });
});

describe("a form the portal does not take is refused before anything is written", () => {
  it("too large, too many fields, not a form, an unknown intent, a huge multipart", async () => {
    const before = await counts();
    const big = await own(post("agent", "/licences", { ...texas, stateCode: "OK", licenceNumber: "x".repeat(20_000) }));
    expect(big.status).toBe(413);
    const many: Record<string, string> = { ...texas };
    for (let i = 0; i < 40; i++) many[`f${i}`] = "1";
    expect((await own(post("agent", "/licences", many))).status).toBe(413);
    const json = new Request(url("/licences"), { method: "POST", headers: { Cookie: cookies.agent!, "Content-Type": "application/json" }, body: JSON.stringify(texas) });
    expect((await own(json)).status).toBe(400);
    expect((await own(post("agent", "/licences", { ...texas, intent: "something" }))).status).toBe(400);
    const huge = new Request(url("/licences"), {
      method: "POST",
      headers: { Cookie: cookies.agent!, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(50 * 1024 * 1024) },
      body: "--x--",
    });
    expect((await own(huge)).status).toBe(413);
    const broken = new Request(url("/licences"), { method: "POST", headers: { Cookie: cookies.agent!, "Content-Type": "multipart/form-data; boundary=x" }, body: "not multipart" });
    expect((await own(broken)).status).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe("the dashboard card", () => {
  it("shows the own NPN, the standing, the licenses and the next expiry; nothing for a user without an NPN", async () => {
    const d = await getDashboard(asUser(agentUser), new Date("2030-06-01T12:00:00Z"));
    // The earliest expiry: the AML training (2027-03-14), expired by then.
    expect(d.licences).toMatchObject({ npn: NPN, licences: 2, standing: "IN_GOOD_ORDER", next: { day: "2027-03-14", kind: "AML", stateCode: null, state: "EXPIRED" } });
    await prisma.producerCredential.deleteMany({ where: { npn: NPN, kind: "AML" } });
    expect((await getDashboard(asUser(agentUser), new Date("2030-06-01T12:00:00Z"))).licences).toMatchObject({ next: { day: "2030-06-30", stateCode: "TX", state: "EXPIRING_30" } });
    expect((await getDashboard(asUser(stranger))).licences).toBeNull();
  });
});
