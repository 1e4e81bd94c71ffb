// POST /appoint/upload against a real PostgreSQL and real storage: one PDF
// per upload, replace-by-type, additional documents accumulate, the spec's
// refusals (no file, too many, not a PDF, too big) with their messages and
// nothing saved, read-only applications refused, and another prospect's
// application refused (404).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as uploadAction } from "~/routes/appoint.upload";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { readFileBytes } from "~/lib/storage.server";
import { filesOnDisk, responseOf } from "./upload-fixtures";
import { useTestDatabase } from "../support/db";
import { createAppointment, createUser, seedReferenceData } from "../support/factories";

useTestDatabase();

const APP_URL = "http://localhost:3000";
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "upload-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  resetEnvCache();
  resetSecretsCache();
  await seedReferenceData();
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const pdf = (text = "hello", padTo = 0) => {
  const body = `%PDF-1.4\n% ${text}\n`;
  const bytes = new Uint8Array(Math.max(padTo, body.length));
  bytes.set(new TextEncoder().encode(body));
  return bytes;
};

async function signIn(userId: string): Promise<string> {
  const setCookie = await createSession(new Request(`${APP_URL}/`), { userId });
  return setCookie.split(";")[0]!;
}

type UploadFile = { name: string; bytes: Uint8Array; type?: string };

function uploadRequest(
  cookie: string,
  opts: { appointmentId: number | string; documentTypeCode?: string; files: UploadFile[]; json?: boolean; queryId?: boolean },
): Request {
  const fd = new FormData();
  fd.set("appointmentId", String(opts.appointmentId));
  if (opts.documentTypeCode !== undefined) fd.set("documentTypeCode", opts.documentTypeCode);
  for (const f of opts.files) fd.append("file", new File([f.bytes as BlobPart], f.name, { type: f.type ?? "application/pdf" }));
  const url = opts.queryId === false ? `${APP_URL}/appoint/upload` : `${APP_URL}/appoint/upload?id=${opts.appointmentId}`;
  return new Request(url, {
    method: "POST",
    body: fd,
    headers: { Cookie: cookie, Origin: APP_URL, ...(opts.json === false ? {} : { Accept: "application/json" }) },
  });
}

/** What the upload action answers to `request` (a refusal is thrown as a Response). */
const post = (request: Request) => responseOf(() => uploadAction({ request, params: {}, context: {} }));

async function prospectWithApplication(status = "APWF_STATUS_INCOMPLETE", appointmentTypeCode = "APPTTYP_IND") {
  const user = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT" });
  const appointment = await createAppointment(prisma, { userId: user.id, appointmentStatusCode: status, appointmentTypeCode });
  return { user, appointment, cookie: await signIn(user.id) };
}

async function documentsOf(appointmentId: number) {
  return prisma.document.findMany({ where: { appointmentId }, orderBy: { version: "asc" }, include: { storedFile: true } });
}

describe("upload", () => {
  it("stores one PDF as the application's current document of that type and answers 'Success'", async () => {
    const { user, appointment, cookie } = await prospectWithApplication();
    const bytes = pdf("e and o");
    const res = await post(uploadRequest(cookie, { appointmentId: appointment.appointmentId, documentTypeCode: "DOCTYP_EO_CERT", files: [{ name: "eo.pdf", bytes }] }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ result: "SUCCESS", title: "Success", message: "We have successfully received your upload." });
    const docs = await documentsOf(appointment.appointmentId);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      id: body.documentId,
      documentTypeCode: "DOCTYP_EO_CERT",
      kindCode: "UPLOAD",
      isCurrent: true,
      appUserId: user.id,
      uploadedById: user.id,
      title: "E&O Certificate",
    });
    expect(docs[0]!.storedFile).toMatchObject({ fileName: "eo.pdf", contentType: "application/pdf", byteSize: bytes.byteLength });
    expect(await readFileBytes(docs[0]!.storedFile)).toEqual(bytes);
  });

  it("records the acting user (a recruiter filling in a paper application) as uploader and the prospect as owner", async () => {
    const prospect = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT" });
    const recruiter = await createUser(prisma);
    const appointment = await createAppointment(prisma, { userId: prospect.id, submitterId: recruiter.id, isPaperAppointment: true });
    const res = await post(
      uploadRequest(await signIn(recruiter.id), { appointmentId: appointment.appointmentId, documentTypeCode: "DOCTYP_DRV_LIC", files: [{ name: "dl.pdf", bytes: pdf() }] }),
    );
    expect(res.status).toBe(200);
    const [doc] = await documentsOf(appointment.appointmentId);
    expect(doc).toMatchObject({ appUserId: prospect.id, uploadedById: recruiter.id });
  });

  it("replaces the current document of the same type (the old one is kept, not current)", async () => {
    const { appointment, cookie } = await prospectWithApplication();
    const id = appointment.appointmentId;
    await post(uploadRequest(cookie, { appointmentId: id, documentTypeCode: "DOCTYP_STATE_LIC", files: [{ name: "first.pdf", bytes: pdf("1") }] }));
    await post(uploadRequest(cookie, { appointmentId: id, documentTypeCode: "DOCTYP_AML_CERT", files: [{ name: "aml.pdf", bytes: pdf("aml") }] }));
    await post(uploadRequest(cookie, { appointmentId: id, documentTypeCode: "DOCTYP_STATE_LIC", files: [{ name: "second.pdf", bytes: pdf("2") }] }));
    const docs = await documentsOf(id);
    const licences = docs.filter((d) => d.documentTypeCode === "DOCTYP_STATE_LIC");
    expect(licences.map((d) => [d.storedFile.fileName, d.isCurrent, d.version])).toEqual([
      ["first.pdf", false, 1],
      ["second.pdf", true, 2],
    ]);
    expect(docs.find((d) => d.documentTypeCode === "DOCTYP_AML_CERT")?.isCurrent).toBe(true);
  });

  it("lets additional documents accumulate", async () => {
    const { appointment, cookie } = await prospectWithApplication();
    const id = appointment.appointmentId;
    for (const name of ["a.pdf", "b.pdf", "c.pdf"]) {
      const res = await post(uploadRequest(cookie, { appointmentId: id, documentTypeCode: "DOCTYP_UNK_ADDTL_DOC", files: [{ name, bytes: pdf(name) }] }));
      expect(res.status).toBe(200);
    }
    const docs = await documentsOf(id);
    expect(docs.map((d) => [d.storedFile.fileName, d.isCurrent])).toEqual([
      ["a.pdf", true],
      ["b.pdf", true],
      ["c.pdf", true],
    ]);
  });

  it("without JavaScript redirects back to Supporting Documents with the result", async () => {
    const { appointment, cookie } = await prospectWithApplication();
    const id = appointment.appointmentId;
    const ok = await post(uploadRequest(cookie, { appointmentId: id, documentTypeCode: "DOCTYP_EO_CERT", files: [{ name: "eo.pdf", bytes: pdf() }], json: false, queryId: false }));
    expect(ok.status).toBe(303);
    expect(ok.headers.get("Location")).toBe(`/appoint?id=${id}&section=DOCS&upload=SUCCESS`);
    const none = await post(uploadRequest(cookie, { appointmentId: id, documentTypeCode: "DOCTYP_EO_CERT", files: [{ name: "", bytes: new Uint8Array(0) }], json: false }));
    expect(none.headers.get("Location")).toBe(`/appoint?id=${id}&section=DOCS&upload=NO_FILE`);
  });

  describe("refusals save nothing", () => {
    const cases: Array<{ name: string; files: UploadFile[]; status: number; result: string; title: string; message?: string }> = [
      { name: "no file", files: [], status: 400, result: "NO_FILE", title: "Attachments Required", message: "You must select 1 file to upload." },
      {
        name: "an empty file input",
        files: [{ name: "", bytes: new Uint8Array(0), type: "application/octet-stream" }],
        status: 400,
        result: "NO_FILE",
        title: "Attachments Required",
        message: "You must select 1 file to upload.",
      },
      {
        name: "two files",
        files: [
          { name: "one.pdf", bytes: pdf("1") },
          { name: "two.pdf", bytes: pdf("2") },
        ],
        status: 400,
        result: "TOO_MANY",
        title: "Too Many Attachments",
        message: "You must select only 1 file to upload.",
      },
      { name: "a name without .pdf", files: [{ name: "scan.png", bytes: pdf() }], status: 400, result: "NOT_PDF", title: "Invalid File" },
      { name: "a .pdf name that is not a PDF", files: [{ name: "fake.pdf", bytes: new TextEncoder().encode("<html>not a pdf</html>") }], status: 400, result: "NOT_PDF", title: "Invalid File" },
      { name: "a PDF of 2,000,001 bytes", files: [{ name: "big.pdf", bytes: pdf("big", 2_000_001) }], status: 413, result: "TOO_BIG", title: "Invalid File" },
    ];
    for (const c of cases) {
      it(`refuses ${c.name}: '${c.title}'`, async () => {
        const { appointment, cookie } = await prospectWithApplication();
        const before = { rows: await prisma.storedFile.count(), files: filesOnDisk(dataDir) };
        const res = await post(uploadRequest(cookie, { appointmentId: appointment.appointmentId, documentTypeCode: "DOCTYP_EO_CERT", files: c.files }));
        expect(res.status).toBe(c.status);
        const body = await res.json();
        expect(body).toMatchObject({ result: c.result, title: c.title, ...(c.message ? { message: c.message } : {}) });
        expect(await documentsOf(appointment.appointmentId)).toHaveLength(0);
        expect(await prisma.storedFile.count()).toBe(before.rows);
        expect(filesOnDisk(dataDir)).toBe(before.files);
      });
    }

    it("accepts exactly 2,000,000 bytes", async () => {
      const { appointment, cookie } = await prospectWithApplication();
      const res = await post(uploadRequest(cookie, { appointmentId: appointment.appointmentId, documentTypeCode: "DOCTYP_EO_CERT", files: [{ name: "max.pdf", bytes: pdf("max", 2_000_000) }] }));
      expect(res.status).toBe(200);
      const [doc] = await documentsOf(appointment.appointmentId);
      expect(doc!.storedFile.byteSize).toBe(2_000_000);
    });

    it("refuses a document type the application does not take", async () => {
      const { appointment, cookie } = await prospectWithApplication();
      const res = await post(uploadRequest(cookie, { appointmentId: appointment.appointmentId, documentTypeCode: "ALLCO_AGREE", files: [{ name: "x.pdf", bytes: pdf() }] }));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ result: "NO_TYPE" });
      expect(await documentsOf(appointment.appointmentId)).toHaveLength(0);
    });
  });

  it("refuses uploads to a read-only (submitted) application with 403", async () => {
    const { appointment, cookie } = await prospectWithApplication("APWF_STATUS_NEWCONTRACT");
    const files = filesOnDisk(dataDir);
    const res = await post(uploadRequest(cookie, { appointmentId: appointment.appointmentId, documentTypeCode: "DOCTYP_EO_CERT", files: [{ name: "eo.pdf", bytes: pdf() }] }));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ result: "READ_ONLY" });
    const noJs = await post(uploadRequest(cookie, { appointmentId: appointment.appointmentId, documentTypeCode: "DOCTYP_EO_CERT", files: [{ name: "eo.pdf", bytes: pdf() }], json: false, queryId: false }));
    expect(noJs.status).toBe(403);
    expect(await documentsOf(appointment.appointmentId)).toHaveLength(0);
    expect(filesOnDisk(dataDir)).toBe(files);
  });

  it("refuses another prospect's application with 404, whether the id is in the query or only in the form", async () => {
    const owner = await prospectWithApplication();
    const other = await prospectWithApplication();
    const files = filesOnDisk(dataDir);
    const viaQuery = await post(uploadRequest(other.cookie, { appointmentId: owner.appointment.appointmentId, documentTypeCode: "DOCTYP_EO_CERT", files: [{ name: "x.pdf", bytes: pdf() }] }));
    expect(viaQuery.status).toBe(404);
    const viaForm = await post(
      uploadRequest(other.cookie, { appointmentId: owner.appointment.appointmentId, documentTypeCode: "DOCTYP_EO_CERT", files: [{ name: "x.pdf", bytes: pdf() }], queryId: false }),
    );
    expect(viaForm.status).toBe(404);
    // The query names the prospect's own application but the form another one.
    const fd = new FormData();
    fd.set("appointmentId", String(owner.appointment.appointmentId));
    fd.set("documentTypeCode", "DOCTYP_EO_CERT");
    fd.append("file", new File([pdf() as BlobPart], "x.pdf", { type: "application/pdf" }));
    const mixed = await post(
      new Request(`${APP_URL}/appoint/upload?id=${other.appointment.appointmentId}`, {
        method: "POST",
        body: fd,
        headers: { Cookie: other.cookie, Origin: APP_URL, Accept: "application/json" },
      }),
    );
    expect(mixed.status).toBe(404);
    expect(await documentsOf(owner.appointment.appointmentId)).toHaveLength(0);
    expect(await documentsOf(other.appointment.appointmentId)).toHaveLength(0);
    expect(filesOnDisk(dataDir)).toBe(files);
  });

  it("answers 401 'Session Timeout' to a script without a session", async () => {
    const { appointment } = await prospectWithApplication();
    const res = await post(uploadRequest("portal_session=nothing", { appointmentId: appointment.appointmentId, documentTypeCode: "DOCTYP_EO_CERT", files: [{ name: "x.pdf", bytes: pdf() }] }));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ result: "SESSION", title: "Session Timeout" });
    expect(await documentsOf(appointment.appointmentId)).toHaveLength(0);
  });
});
