// Upload names and bodies (issue 7 item 8): the stored name ends in .pdf,
// bidi controls are stripped, downloads always use a .pdf name, one rule for
// browser and server, and malformed multipart bodies answer 400 with a clear
// message and store nothing.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkFilesBeforeUpload, pdfDownloadName } from "~/features/documents/upload";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { action as uploadAction } from "~/routes/appoint.upload";
import { loader as documentLoader } from "~/routes/appoint.documents.$documentId";
import { filesOnDisk, responseOf } from "../integration/upload-fixtures";
import { useTestDatabase } from "../support/db";
import { createAppointment, createUser, seedReferenceData } from "../support/factories";

useTestDatabase();

const APP_URL = "http://localhost:3000";
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "sec-upload-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  resetEnvCache();
  resetSecretsCache();
  await seedReferenceData();
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const PDF = new TextEncoder().encode("%PDF-1.4\n% test\n");

async function prospect() {
  const user = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT" });
  const appointment = await createAppointment(prisma, { userId: user.id });
  const cookie = (await createSession(new Request(`${APP_URL}/`), { userId: user.id })).split(";")[0]!;
  return { appointmentId: appointment.appointmentId, cookie };
}

function upload(cookie: string, appointmentId: number, name: string) {
  const fd = new FormData();
  fd.set("appointmentId", String(appointmentId));
  fd.set("documentTypeCode", "DOCTYP_UNK_ADDTL_DOC");
  fd.append("file", new File([PDF], name, { type: "application/pdf" }));
  const request = new Request(`${APP_URL}/appoint/upload?id=${appointmentId}`, {
    method: "POST",
    body: fd,
    headers: { Cookie: cookie, Origin: APP_URL, Accept: "application/json" },
  });
  return responseOf(() => uploadAction({ request, params: {}, context: {} }));
}

/** A hand-made multipart body (what a browser would never send). */
function rawUpload(cookie: string, appointmentId: number, body: string, boundary = "XyZ") {
  const request = new Request(`${APP_URL}/appoint/upload?id=${appointmentId}`, {
    method: "POST",
    body,
    headers: {
      Cookie: cookie,
      Origin: APP_URL,
      Accept: "application/json",
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
    },
  });
  return responseOf(() => uploadAction({ request, params: {}, context: {} }));
}

const RLO = "\u202e";

describe("upload names", () => {
  it.each(["evil.pdf.html", "image.pdf.svg", `invoice${RLO}fdp.html`, "notes.pdfx", ".pdf"])(
    "refuses %j (browser rule and server) and stores nothing",
    async (name) => {
      expect(checkFilesBeforeUpload([{ name, size: 100 }])).toBe("NOT_PDF");
      const { appointmentId, cookie } = await prospect();
      const before = filesOnDisk(dataDir);
      const res = await upload(cookie, appointmentId, name);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ result: "NOT_PDF" });
      expect(await prisma.document.count({ where: { appointmentId } })).toBe(0);
      expect(filesOnDisk(dataDir)).toBe(before);
    },
  );

  it("strips bidi controls from the stored name, which ends in .pdf", async () => {
    const { appointmentId, cookie } = await prospect();
    const res = await upload(cookie, appointmentId, `report${RLO}\u2066final.PDF`);
    expect(res.status).toBe(200);
    const doc = await prisma.document.findFirstOrThrow({ where: { appointmentId }, include: { storedFile: true } });
    expect(doc.storedFile!.fileName).toBe("reportfinal.PDF");
  });

  it("downloads a stored file under a .pdf name even when an older row says otherwise", async () => {
    const { appointmentId, cookie } = await prospect();
    expect((await upload(cookie, appointmentId, "ok.pdf")).status).toBe(200);
    const doc = await prisma.document.findFirstOrThrow({ where: { appointmentId }, include: { storedFile: true } });
    // A row written before this rule (the old check was includes(".pdf")).
    await prisma.storedFile.update({ where: { id: doc.storedFileId! }, data: { fileName: `evil.pdf${RLO}.html` } });
    const res = await responseOf(() =>
      documentLoader({
        request: new Request(`${APP_URL}/appoint/documents/${doc.id}?id=${appointmentId}&download=1`, { headers: { Cookie: cookie } }),
        params: { documentId: doc.id },
        context: {},
      }),
    );
    expect(res.status).toBe(200);
    const disposition = res.headers.get("Content-Disposition") ?? "";
    expect(disposition).toMatch(/filename="[^"]*\.pdf"/);
    expect(disposition).toMatch(/filename\*=UTF-8''[^;]*\.pdf$/);
    expect(disposition).not.toContain("%E2%80%AE");
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    await res.body?.cancel();
    expect(pdfDownloadName("a.pdf.html")).toBe("a.pdf.html.pdf");
    expect(pdfDownloadName("")).toBe("document.pdf");
  });
});

describe("malformed upload bodies", () => {
  const cases: Array<[string, string]> = [
    ["a broken multipart body (no closing boundary)", `--XyZ\r\nContent-Disposition: form-data; name="documentTypeCode"\r\n\r\nDOCTYP_UNK_ADDTL_DOC\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 trunc`],
    ["an unbalanced quote in the file name", `--XyZ\r\nContent-Disposition: form-data; name="documentTypeCode"\r\n\r\nDOCTYP_UNK_ADDTL_DOC\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n\r\n--XyZ--\r\n`],
    ["garbage instead of multipart", "this is not multipart at all"],
  ];
  it.each(cases)("%s answers 400 with a clear message and stores nothing", async (_label, body) => {
    const { appointmentId, cookie } = await prospect();
    const before = filesOnDisk(dataDir);
    const res = await rawUpload(cookie, appointmentId, body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.result).toBe("MALFORMED");
    expect(json.message).toMatch(/could not be read/i);
    expect(await prisma.document.count({ where: { appointmentId } })).toBe(0);
    expect(filesOnDisk(dataDir)).toBe(before);
  });
});
