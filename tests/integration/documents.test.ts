// Supporting Documents against a real PostgreSQL and real storage: the
// document lists (requirements by type, agreements and commission schedules,
// 'always treated as present', direct deposit only for direct deposit), the
// download route's scoping (another prospect's document is 404 whichever id
// is changed), 'Document Unavailable' and 'Download Error: File Empty', and
// the combined application PDF (masked numbers only) with its job task.
import { mkdtempSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobHelpers } from "graphile-worker";
import { appointmentDocumentLists } from "~/features/documents/appointment-documents.server";
import { generateCombinedApplication, renderCombinedApplication } from "~/features/documents/combined-application.server";
import { sealField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { readFileBytes, saveFile, storagePath } from "~/lib/storage.server";
import { loader as downloadLoader } from "~/routes/appoint.documents.$documentId";
import { generateApplicationPdf } from "../../jobs/tasks/generate-application-pdf";
import { ensureCommissionScheduleDocuments } from "../../prisma/seed/documents";
import { useTestDatabase } from "../support/db";
import { pdfText } from "../support/pdf-text";
import {
  createAgent,
  createAppointment,
  createAppointmentLink,
  createCarrierWithBlocks,
  createSchedule,
  createUser,
  seedReferenceData,
  type Db,
} from "../support/factories";

useTestDatabase();

const APP_URL = "http://localhost:3000";
let dataDir: string;
let linkId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "documents-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.APP_URL = APP_URL;
  process.env.ENCRYPTION_KEY = "documents-test-key-0123456789abcdef0123456789";
  resetEnvCache();
  resetSecretsCache();
  await seedReferenceData();
  const { carrier } = await createCarrierWithBlocks(prisma, { carrierCode: "DOCS", name: "Docs Carrier", blocks: [{ blockNumber: 9901, productTypeCode: "LIFE" }] });
  const schedule = await createSchedule(prisma, { carrierId: carrier.carrierId, productTypeCode: "LIFE", scheduleName: "Docs Life Schedule" });
  await ensureCommissionScheduleDocuments(prisma as unknown as Db);
  const recruiter = await createAgent(prisma, { blockNumber: 9901 });
  const level = schedule.levels.find((l) => l.levelNo === 12)!;
  linkId = (await createAppointmentLink(prisma, { recruiterAgentId: recruiter.id, scheduleLevelId: level.scheduleLevelId })).appointmentLinkId;
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(userId: string): Promise<string> {
  const setCookie = await createSession(new Request(`${APP_URL}/`), { userId });
  return setCookie.split(";")[0]!;
}

async function prospect(input: Parameters<typeof createAppointment>[1] = {}) {
  const user = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT" });
  const appointment = await createAppointment(prisma, { userId: user.id, appointmentLinkId: linkId, ...input });
  return { user, appointment, cookie: await signIn(user.id) };
}

async function addUpload(appointmentId: number, userId: string | null, documentTypeCode: string, bytes: Uint8Array, fileName = "doc.pdf") {
  const file = await saveFile({ bytes, fileName, contentType: "application/pdf" });
  return prisma.document.create({
    data: { documentTypeCode, kindCode: "UPLOAD", title: documentTypeCode, appointmentId, appUserId: userId, storedFileId: file.id, uploadedById: userId },
    include: { storedFile: true },
  });
}

async function download(cookie: string, documentId: string, query = ""): Promise<Response> {
  const request = new Request(`${APP_URL}/appoint/documents/${documentId}${query}`, { headers: { Cookie: cookie } });
  try {
    return await downloadLoader({ request, params: { documentId }, context: {} });
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

const PDF = new TextEncoder().encode("%PDF-1.4\n% test\n");

/** A checking account 9876543210 / routing 021000021 at 'First Test Bank', sealed as the portal stores it. */
async function addBankInfo(appointmentId: number, extra: { accountName?: string } = {}) {
  const account = sealField("9876543210");
  const routing = sealField("021000021");
  await prisma.appointmentBankInfo.create({
    data: {
      appointmentId,
      bankName: "First Test Bank",
      accountTypeCode: "ACCTTYP_CHECKING",
      accountNumberEncrypted: account.encrypted,
      accountNumberLast4: account.last4,
      routingNumberEncrypted: routing.encrypted,
      routingNumberLast4: routing.last4,
      ...extra,
    },
  });
}

describe("document lists", () => {
  it("lists the type's generated documents, agreements with the link level's commission schedule, and uploads", async () => {
    const { appointment } = await prospect({ commissionRemitTypeCode: "COMRMT_TYP_PAPER" });
    const lists = await appointmentDocumentLists(appointment);
    const id = appointment.appointmentId;

    expect(lists.generated.map((d) => d.documentTypeCode)).toEqual(["DOCTYP_APP", "W9_FORM", "DOCTYP_DIRECT_DEPOSIT"]);
    expect(lists.generated.every((d) => d.url === null)).toBe(true);
    expect(lists.generated.find((d) => d.documentTypeCode === "DOCTYP_APP")?.unavailableMessage).toBe("This document has not been uploaded or generated yet.");
    expect(lists.generated.find((d) => d.documentTypeCode === "DOCTYP_DIRECT_DEPOSIT")?.unavailableMessage).toMatch(/only when Direct Deposit is the chosen remittance type/);

    expect(lists.agreements.map((d) => d.documentTypeCode)).toEqual(["ALLCO_AGREE", "CO_POLICY", "AML_GUIDE", "DOCTYP_COMSCHED_AGREE"]);
    for (const a of lists.agreements) expect(a.url).toMatch(new RegExp(`^/appoint/documents/[0-9a-f-]{36}\\?id=${id}$`));
    const schedule = lists.agreements.find((d) => d.documentTypeCode === "DOCTYP_COMSCHED_AGREE")!;
    expect(schedule).toMatchObject({ title: "Commission Schedule - Docs Life Schedule", carrier: "Docs Carrier", levelNo: 12 });

    // The 1033 consent is listed, optional, for everyone: a Yes to the breach-of-trust question makes it needed (decision 0121).
    expect(lists.uploaded.map((d) => d.documentTypeCode)).toEqual(["DOCTYP_EO_CERT", "DOCTYP_DRV_LIC", "DOCTYP_AML_CERT", "DOCTYP_STATE_LIC", "DOCTYP_1033_CONSENT"]);
    expect(lists.uploadTypes.map((t) => t.documentTypeCode)).toEqual([
      "DOCTYP_EO_CERT",
      "DOCTYP_DRV_LIC",
      "DOCTYP_AML_CERT",
      "DOCTYP_STATE_LIC",
      "DOCTYP_1033_CONSENT",
      "DOCTYP_UNK_ADDTL_DOC",
    ]);
    expect(lists.additional).toEqual([]);
  });

  it("treats driver license, AML and state license as present, E&O only when uploaded (or for principals)", async () => {
    const ind = await prospect();
    const before = await appointmentDocumentLists(ind.appointment);
    expect(before.hasUploaded).toEqual({
      DOCTYP_EO_CERT: false,
      DOCTYP_DRV_LIC: true,
      DOCTYP_AML_CERT: true,
      DOCTYP_STATE_LIC: true,
      DOCTYP_1033_CONSENT: false,
      DOCTYP_UNK_ADDTL_DOC: false,
    });
    expect(before.uploaded.find((d) => d.documentTypeCode === "DOCTYP_DRV_LIC")).toMatchObject({ present: false, treatedAsPresent: true });

    const eo = await addUpload(ind.appointment.appointmentId, ind.user.id, "DOCTYP_EO_CERT", PDF, "eo.pdf");
    await addUpload(ind.appointment.appointmentId, ind.user.id, "DOCTYP_UNK_ADDTL_DOC", PDF, "extra-1.pdf");
    await addUpload(ind.appointment.appointmentId, ind.user.id, "DOCTYP_UNK_ADDTL_DOC", PDF, "extra-2.pdf");
    const after = await appointmentDocumentLists(ind.appointment);
    expect(after.hasUploaded.DOCTYP_EO_CERT).toBe(true);
    expect(after.hasUploaded.DOCTYP_UNK_ADDTL_DOC).toBe(true);
    expect(after.uploaded.find((d) => d.documentTypeCode === "DOCTYP_EO_CERT")).toMatchObject({
      present: true,
      documentId: eo.id,
      fileName: "eo.pdf",
      url: `/appoint/documents/${eo.id}?id=${ind.appointment.appointmentId}`,
      downloadUrl: `/appoint/documents/${eo.id}?id=${ind.appointment.appointmentId}&download=1`,
    });
    expect(after.additional.map((d) => d.fileName)).toEqual(["extra-1.pdf", "extra-2.pdf"]);

    const principal = await prospect({ appointmentTypeCode: "APPTTYP_PRIN" });
    const prin = await appointmentDocumentLists(principal.appointment);
    expect(prin.hasUploaded.DOCTYP_EO_CERT).toBe(true);
    expect(prin.agreements.map((d) => d.documentTypeCode)).toContain("REP_AGREE");
  });

  it("offers the direct deposit document only when direct deposit is the remittance type", async () => {
    const { appointment, cookie } = await prospect({ commissionRemitTypeCode: "COMRMT_TYP_DIRECT" });
    await addBankInfo(appointment.appointmentId, { accountName: "Harriet Quimby" });
    const lists = await appointmentDocumentLists(appointment);
    const dd = lists.generated.find((d) => d.documentTypeCode === "DOCTYP_DIRECT_DEPOSIT")!;
    expect(dd.url).toBe(`/appoint/documents/DOCTYP_DIRECT_DEPOSIT?id=${appointment.appointmentId}`);
    const res = await download(cookie, "DOCTYP_DIRECT_DEPOSIT", `?id=${appointment.appointmentId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("First Test Bank");
    expect(text).toContain("*****3210");
    expect(text).not.toContain("9876543210");
    expect(text).not.toContain("021000021");

    await prisma.appointment.update({ where: { appointmentId: appointment.appointmentId }, data: { commissionRemitTypeCode: "COMRMT_TYP_PAPER" } });
    const refused = await download(cookie, "DOCTYP_DIRECT_DEPOSIT", `?id=${appointment.appointmentId}`);
    expect(refused.status).toBe(404);
    const page = await refused.text();
    expect(page).toContain("<h1>Document Unavailable</h1>");
  });
});

describe("download", () => {
  it("streams the prospect's own upload inline, or as an attachment with download=1", async () => {
    const { user, appointment, cookie } = await prospect();
    const doc = await addUpload(appointment.appointmentId, user.id, "DOCTYP_EO_CERT", PDF, "my eo.pdf");
    const inline = await download(cookie, doc.id, `?id=${appointment.appointmentId}`);
    expect(inline.status).toBe(200);
    expect(inline.headers.get("Content-Disposition")).toMatch(/^inline; filename="my eo.pdf"/);
    expect(new Uint8Array(await inline.arrayBuffer())).toEqual(PDF);
    const attachment = await download(cookie, doc.id, `?id=${appointment.appointmentId}&download=1`);
    expect(attachment.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    await attachment.arrayBuffer();
  });

  it("refuses (404) another prospect's document whichever id is changed", async () => {
    const owner = await prospect();
    const other = await prospect();
    const doc = await addUpload(owner.appointment.appointmentId, owner.user.id, "DOCTYP_DRV_LIC", PDF);
    // The other prospect names the owner's application: not theirs.
    expect((await download(other.cookie, doc.id, `?id=${owner.appointment.appointmentId}`)).status).toBe(404);
    // The other prospect names their own application with the owner's document id.
    expect((await download(other.cookie, doc.id, `?id=${other.appointment.appointmentId}`)).status).toBe(404);
    // Without an application only system documents are served.
    expect((await download(other.cookie, doc.id)).status).toBe(404);
    expect((await download(owner.cookie, doc.id)).status).toBe(404);
    // Nonsense ids.
    expect((await download(other.cookie, doc.id, "?id=abc")).status).toBe(404);
    expect((await download(other.cookie, "not-a-document", `?id=${other.appointment.appointmentId}`)).status).toBe(404);
    // The owner still gets it.
    const mine = await download(owner.cookie, doc.id, `?id=${owner.appointment.appointmentId}`);
    expect(mine.status).toBe(200);
    await mine.arrayBuffer();
  });

  it("serves system documents (agreements) to a signed-in user", async () => {
    const { appointment, cookie } = await prospect();
    const lists = await appointmentDocumentLists(appointment);
    const agreement = lists.agreements.find((d) => d.documentTypeCode === "ALLCO_AGREE")!;
    const res = await download(cookie, agreement.documentId!, `?id=${appointment.appointmentId}`);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const withoutApplication = await download(cookie, agreement.documentId!);
    expect(withoutApplication.status).toBe(200);
    await withoutApplication.arrayBuffer();
  });

  it("shows 'Document Unavailable' for a missing file and 'Download Error: File Empty' for an empty one", async () => {
    const { user, appointment, cookie } = await prospect();
    const missing = await addUpload(appointment.appointmentId, user.id, "DOCTYP_EO_CERT", PDF);
    unlinkSync(storagePath(missing.storedFile.storageKey));
    const gone = await download(cookie, missing.id, `?id=${appointment.appointmentId}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("<h1>Document Unavailable</h1>");

    const empty = await addUpload(appointment.appointmentId, user.id, "DOCTYP_AML_CERT", new Uint8Array(0));
    const res = await download(cookie, empty.id, `?id=${appointment.appointmentId}`);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("<h1>Download Error</h1>");
    expect(html).toContain("File Empty");
  });

  it("serves a principal's stored combined application by DOCTYP_COMB_APP (and DOCTYP_APP), though only corporate types list it", async () => {
    const { user, appointment, cookie } = await prospect({ appointmentTypeCode: "APPTTYP_PRIN", appointmentStatusCode: "APWF_STATUS_NEWCONTRACT" });
    const file = await saveFile({ bytes: PDF, fileName: "combined.pdf", contentType: "application/pdf" });
    await prisma.document.create({
      data: { documentTypeCode: "DOCTYP_COMB_APP", kindCode: "GENERATED", title: "Combined Application", appointmentId: appointment.appointmentId, appUserId: user.id, storedFileId: file.id },
    });
    for (const code of ["DOCTYP_COMB_APP", "DOCTYP_APP"]) {
      const res = await download(cookie, code, `?id=${appointment.appointmentId}`);
      expect(res.status, code).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    }
    // A type code the application has nothing of is still 404.
    const none = await download(cookie, "DOCTYP_NOSUCH", `?id=${appointment.appointmentId}`);
    expect(none.status).toBe(404);
    await none.arrayBuffer();
  });

  it("answers 'Document Unavailable' for the application before it is generated", async () => {
    const { appointment, cookie } = await prospect();
    const res = await download(cookie, "DOCTYP_APP", `?id=${appointment.appointmentId}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("This document has not been uploaded or generated yet.");
  });
});

describe("combined application PDF", () => {
  async function submittedApplication() {
    const p = await prospect({
      appointmentStatusCode: "APWF_STATUS_NEWCONTRACT",
      submittedAt: new Date("2026-02-03T10:00:00Z"),
      commissionRemitTypeCode: "COMRMT_TYP_DIRECT",
      personal: {
        firstName: "Harriet",
        middleName: "Q",
        lastName: "Quimby",
        ssn: "123456789",
        emailAddress: "harriet@example.com",
        nationalProducerNumber: "NPN4242",
        phoneNumber: "5551234567",
      },
      addresses: [{ addressTypeCode: "ADRTYP_HOME", address1: "1 Aviation Way", city: "Boston", stateCode: "MA", zipCode: "02101" }],
    });
    const account = sealField("55554444333");
    const routing = sealField("011000015");
    await prisma.appointmentBankInfo.create({
      data: {
        appointmentId: p.appointment.appointmentId,
        bankName: "Aero Savings",
        accountNumberEncrypted: account.encrypted,
        accountNumberLast4: account.last4,
        routingNumberEncrypted: routing.encrypted,
        routingNumberLast4: routing.last4,
        accountTypeCode: "ACCTTYP_SAVINGS",
      },
    });
    const ein = sealField("987654321");
    await prisma.appointmentIrsInfo.create({
      data: { appointmentId: p.appointment.appointmentId, name: "Harriet Q Quimby", businessTypeCode: "W9BIZ_TYP_IND", employerIdNumberEncrypted: ein.encrypted, employerIdNumberLast4: ein.last4 },
    });
    await prisma.appointmentSignature.create({
      data: {
        appointmentId: p.appointment.appointmentId,
        signatureTypeCode: "SIGTYP_AGREESIG",
        signatureValue: "Earhart",
        signedByUserId: p.user.id,
        signedAt: new Date("2026-02-03T09:58:00Z"),
        ipAddress: "203.0.113.7",
      },
    });
    return p;
  }

  it("contains the applicant's name, masked numbers and signature evidence, never a full SSN, EIN, account or routing number", async () => {
    const { appointment } = await submittedApplication();
    const bytes = await renderCombinedApplication(appointment.appointmentId);
    const text = await pdfText(bytes);
    expect(text).toContain("Harriet Q Quimby");
    expect(text).toContain("*****6789");
    expect(text).toContain("*****4321");
    expect(text).toContain("Aero Savings");
    expect(text).toContain("*****4333");
    expect(text).toContain("*****0015");
    expect(text).toContain("1 Aviation Way");
    expect(text).toContain("Earhart");
    expect(text).toContain("203.0.113.7");
    // Times in TIME_ZONE (default America/New_York), MM/DD/YYYY like every screen (decision 0102).
    expect(text).toContain("02/03/2026 04:58:00 AM EST");
    for (const secret of ["123456789", "123-45-6789", "987654321", "55554444333", "011000015"]) {
      expect(text).not.toContain(secret);
    }
    const raw = Buffer.from(bytes).toString("latin1");
    expect(raw).not.toContain("123456789");
  });

  it("wraps long values over several lines instead of cutting them (carrier, schedule, business name, agreement)", async () => {
    const carrierName = "Standard Life Assurance Company of North America";
    const { carrier } = await createCarrierWithBlocks(prisma, { carrierCode: "LONG", name: carrierName, blocks: [{ blockNumber: 9902, productTypeCode: "LIFE" }] });
    const scheduleName = "Advantage Plus Supplemental Final Expense Schedule for Career Agents";
    const schedule = await createSchedule(prisma, { carrierId: carrier.carrierId, productTypeCode: "LIFE", scheduleName });
    const level = schedule.levels.find((l) => l.levelNo === 12)!;
    const businessName = "Quimby Aviation Insurance Brokerage and Financial Services Partnership of New England";
    const { appointment, user } = await prospect({
      appointmentTypeCode: "APPTTYP_BOTH",
      personal: { firstName: "Harriet", lastName: "Quimby", businessName, businessPhone: "5551234567" },
      carrierBlocks: [{ carrierId: carrier.carrierId, scheduleLevelId: level.scheduleLevelId, levelNo: 12 }],
    });
    await prisma.appointmentSignature.create({
      data: { appointmentId: appointment.appointmentId, signatureTypeCode: "SIGTYP_AML", signatureValue: "Y", signedByUserId: user.id, signedAt: new Date("2026-02-03T09:58:00Z") },
    });
    const text = await pdfText(await renderCombinedApplication(appointment.appointmentId));
    expect(text).toContain(carrierName);
    expect(text).toContain(scheduleName);
    expect(text).toContain(businessName);
    expect(text).toContain("Anti-Money-Laundering Guide acknowledged Yes");
  });

  it("Assignment of Commissions shows the assignee's agency, masked SSN or tax id and address whatever the remittance", async () => {
    const { appointment, cookie } = await prospect({ appointmentTypeCode: "APPTTYP_REP", commissionRemitTypeCode: "COMRMT_TYP_DIRECT" });
    const taxId = sealField("912345678");
    await prisma.commissionRemitAssign.create({
      data: {
        appointmentId: appointment.appointmentId,
        agentAgencyName: "Earhart Agency Partners",
        ssnTaxIdEncrypted: taxId.encrypted,
        ssnTaxIdLast4: taxId.last4,
        address1: "99 Hangar Road",
        city: "Atchison",
        stateCode: "KS",
        zip: "66002",
      },
    });
    await addBankInfo(appointment.appointmentId);
    const res = await download(cookie, "ASGN_OF_COMM", `?id=${appointment.appointmentId}`);
    expect(res.status).toBe(200);
    const assignment = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(assignment).toContain("Assignment of Commissions");
    expect(assignment).toContain("Earhart Agency Partners");
    expect(assignment).toContain("*****5678");
    expect(assignment).toContain("99 Hangar Road, Atchison KS 66002");
    expect(assignment).not.toContain("First Test Bank");
    // The whole application shows the assignment next to the direct deposit.
    const whole = await pdfText(await renderCombinedApplication(appointment.appointmentId));
    expect(whole).toContain("Earhart Agency Partners");
    expect(whole).toContain("First Test Bank");
    for (const text of [assignment, whole]) expect(text).not.toContain("912345678");
  });

  it("stores it as the current DOCTYP_COMB_APP (GENERATED), once per content, replacing the previous version", async () => {
    const { user, appointment, cookie } = await submittedApplication();
    const id = appointment.appointmentId;
    const first = await generateCombinedApplication(id);
    expect(first.created).toBe(true);
    const again = await generateCombinedApplication(id);
    expect(again).toEqual({ documentId: first.documentId, created: false });

    await prisma.appointmentPersonal.update({ where: { appointmentId: id }, data: { lastName: "Quimby-Earhart" } });
    const second = await generateCombinedApplication(id);
    expect(second.created).toBe(true);
    const docs = await prisma.document.findMany({ where: { appointmentId: id, documentTypeCode: "DOCTYP_COMB_APP" }, orderBy: { version: "asc" }, include: { storedFile: true } });
    expect(docs.map((d) => [d.kindCode, d.version, d.isCurrent, d.appUserId])).toEqual([
      ["GENERATED", 1, false, user.id],
      ["GENERATED", 2, true, user.id],
    ]);
    expect(await pdfText(await readFileBytes(docs[1]!.storedFile))).toContain("Quimby-Earhart");

    // The application's generated entry now opens the stored PDF.
    const lists = await appointmentDocumentLists(appointment);
    expect(lists.generated.find((d) => d.documentTypeCode === "DOCTYP_APP")).toMatchObject({ present: true, documentId: second.documentId });
    const res = await download(cookie, "DOCTYP_APP", `?id=${id}`);
    expect(res.status).toBe(200);
    expect(await pdfText(new Uint8Array(await res.arrayBuffer()))).toContain("Quimby-Earhart");
  });

  it("the generate-application-pdf task checks its payload and is idempotent", async () => {
    const { appointment } = await submittedApplication();
    const logs: string[] = [];
    const logger = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m), error: (m: string) => logs.push(m), debug: () => {} };
    const helpers = { logger } as unknown as JobHelpers;
    await generateApplicationPdf({ appointmentId: appointment.appointmentId }, helpers);
    await generateApplicationPdf({ appointmentId: String(appointment.appointmentId) }, helpers);
    const docs = await prisma.document.findMany({ where: { appointmentId: appointment.appointmentId, documentTypeCode: "DOCTYP_COMB_APP" } });
    expect(docs).toHaveLength(1);
    expect(logs.join("\n")).toMatch(/stored[\s\S]*unchanged/);
    await expect(generateApplicationPdf({ appointmentId: "x" }, helpers)).rejects.toThrow();
    await generateApplicationPdf({ appointmentId: 99_999_999 }, helpers);
    expect(logs.at(-1)).toMatch(/not found/);
  });
});
