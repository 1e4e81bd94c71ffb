// Supporting Documents of one application (spec part 2 §2, §3, §4): the
// generated documents, the agreements, the uploaded (or faxed) documents and
// the additional documents, from DocumentRequirement for the appointment
// type, with what is present and where to download it; and the resolution
// of one document for the download route.
//
// Callers pass an appointment row they obtained through
// requireAppointmentAccess: nothing here checks who is asking.
import { isAppointmentTypeCode } from "~/features/appointment/model";
import { alwaysPresentDocument } from "~/features/appointment/codes";
import { prisma } from "~/lib/db.server";
import { contentDisposition, fileResponse, StoredFileMissingError, type StoredFile } from "~/lib/storage.server";
import { COMBINED_APPLICATION_TYPE, renderCombinedApplication, type ApplicationPart } from "./combined-application.server";
import { ADDITIONAL_DOCUMENT_TYPE, DOCUMENT_UNAVAILABLE, DOCUMENT_UNAVAILABLE_TITLE, FILE_EMPTY, pdfDownloadName } from "./upload";

export type DocumentGroup = "GENERATED" | "AGREEMENT" | "UPLOADED" | "ADDITIONAL";

export type DocumentListItem = {
  /** Unique within the lists (React key). */
  key: string;
  documentTypeCode: string;
  title: string;
  group: DocumentGroup;
  isRequired: boolean;
  /** The Document's id when a stored document stands behind the item. */
  documentId: string | null;
  /** A document exists (or can be generated now). */
  present: boolean;
  /** Spec §4: counted as uploaded even without a file (driver license, AML, state license; E&O for principals). */
  treatedAsPresent: boolean;
  /** Inline URL (viewer), or null: 'Document Unavailable' with unavailableMessage. */
  url: string | null;
  /** The same with ?download=1. */
  downloadUrl: string | null;
  unavailableMessage: string | null;
  fileName: string | null;
  /** ISO date-time of the upload or generation. */
  uploadedAt: string | null;
  /** Commission schedules of a multi-appointment: carrier and level. */
  carrier?: string | null;
  levelNo?: number | null;
  levelName?: string | null;
};

export type AppointmentDocumentLists = {
  generated: DocumentListItem[];
  agreements: DocumentListItem[];
  uploaded: DocumentListItem[];
  additional: DocumentListItem[];
  /** For the validation context: uploaded status by document type code (§4 rule applied). */
  hasUploaded: Record<string, boolean>;
  /** The document types the upload dialog offers, in order. */
  uploadTypes: Array<{ documentTypeCode: string; title: string }>;
};

/** The appointment fields the lists need (any requireAppointmentAccess row has them). */
export type AppointmentForDocuments = {
  appointmentId: number;
  appointmentTypeCode: string;
  commissionRemitTypeCode?: string | null;
};

/** Generated documents rendered on demand from the saved data: their parts and when they exist. */
const ON_DEMAND: Record<string, { parts: ApplicationPart[]; title: string }> = {
  W9_FORM: { parts: ["personal", "w9"], title: "W-9 Form" },
  DOCTYP_DIRECT_DEPOSIT: { parts: ["commissions"], title: "Direct Deposit Authorization" },
  ASGN_OF_COMM: { parts: ["commissions"], title: "Assignment of Commissions" },
  CR_CARD_AGREE: { parts: ["states"], title: "Credit Card Authorization" },
};
/** Generated types served by the stored combined application. */
const COMBINED_TYPES = new Set(["DOCTYP_APP", COMBINED_APPLICATION_TYPE]);
const SYSTEM_AGREEMENTS = new Set(["ALLCO_AGREE", "REP_AGREE", "CO_POLICY", "AML_GUIDE"]);
const COMMISSION_SCHEDULE = "DOCTYP_COMSCHED_AGREE";
const DIRECT_DEPOSIT = "DOCTYP_DIRECT_DEPOSIT";

/** The download URL of a document (a Document id or, for generated documents, the type code). */
export function appointmentDocumentUrl(appointmentId: number, documentIdOrCode: string, opts: { download?: boolean } = {}): string {
  return `/appoint/documents/${encodeURIComponent(documentIdOrCode)}?id=${appointmentId}${opts.download ? "&download=1" : ""}`;
}

type Requirement = { documentTypeCode: string; documentName: string; groupCode: string; isRequired: boolean; forLevel: number | null; exceptForLevel: number | null };

function appliesToLevels(r: Requirement, levels: number[]): boolean {
  if (r.forLevel != null && !levels.includes(r.forLevel)) return false;
  if (r.exceptForLevel != null && levels.includes(r.exceptForLevel)) return false;
  return true;
}

async function requirementsFor(appointmentTypeCode: string, levels: number[] | null): Promise<Requirement[]> {
  const rows = await prisma.documentRequirement.findMany({
    where: { appointmentTypeCode },
    orderBy: [{ sortOrder: "asc" }, { documentRequirementsId: "asc" }],
  });
  return levels ? rows.filter((r) => appliesToLevels(r, levels)) : rows;
}

/** The document types a user may upload to an application of this type (upload dialog and upload action). */
export async function uploadDocumentTypes(appointmentTypeCode: string): Promise<Array<{ documentTypeCode: string; title: string }>> {
  const reqs = await requirementsFor(appointmentTypeCode, null);
  const types = reqs.filter((r) => r.groupCode === "UPLOADED").map((r) => ({ documentTypeCode: r.documentTypeCode, title: r.documentName }));
  // Additional documents last.
  return [...types.filter((t) => t.documentTypeCode !== ADDITIONAL_DOCUMENT_TYPE), ...types.filter((t) => t.documentTypeCode === ADDITIONAL_DOCUMENT_TYPE)];
}

async function loadContext(appointmentId: number) {
  return prisma.appointment.findUniqueOrThrow({
    where: { appointmentId },
    select: {
      appointmentId: true,
      appointmentTypeCode: true,
      commissionRemitTypeCode: true,
      irsInfo: { select: { appointmentId: true } },
      bankInfo: { select: { appointmentId: true } },
      commissionRemitAssign: { select: { appointmentId: true } },
      cardInfo: { select: { appointmentId: true } },
      carrierBlocks: {
        select: {
          levelNo: true,
          carrier: { select: { name: true } },
          scheduleLevel: {
            select: { levelNo: true, levelName: true, documentId: true, document: { select: { id: true, title: true, isCurrent: true, storedFile: { select: { fileName: true } } } } },
          },
        },
      },
      documents: {
        where: { isCurrent: true, kindCode: { in: ["UPLOAD", "GENERATED"] } },
        orderBy: [{ uploadedAt: "asc" }],
        select: { id: true, documentTypeCode: true, kindCode: true, title: true, uploadedAt: true, storedFile: { select: { fileName: true } } },
      },
    },
  });
}

type Ctx = Awaited<ReturnType<typeof loadContext>>;

function onDemandAvailable(code: string, ctx: Ctx): string | null {
  switch (code) {
    case "W9_FORM":
      return ctx.irsInfo ? null : DOCUMENT_UNAVAILABLE.NOT_YET;
    case DIRECT_DEPOSIT:
      if (ctx.commissionRemitTypeCode !== "COMRMT_TYP_DIRECT") return DOCUMENT_UNAVAILABLE.DIRECT_DEPOSIT;
      return ctx.bankInfo ? null : DOCUMENT_UNAVAILABLE.NOT_YET;
    case "ASGN_OF_COMM":
      return ctx.commissionRemitAssign ? null : DOCUMENT_UNAVAILABLE.NOT_YET;
    case "CR_CARD_AGREE":
      return ctx.cardInfo ? null : DOCUMENT_UNAVAILABLE.NOT_YET;
    default:
      return DOCUMENT_UNAVAILABLE.NOT_YET;
  }
}

/**
 * The four lists of the Supporting Documents section and the uploaded
 * status for validation. Direct deposit is downloadable only when direct
 * deposit is the chosen remittance type.
 */
export async function appointmentDocumentLists(appointment: AppointmentForDocuments): Promise<AppointmentDocumentLists> {
  const ctx = await loadContext(appointment.appointmentId);
  const id = ctx.appointmentId;
  const levels = ctx.carrierBlocks.map((b) => b.levelNo ?? b.scheduleLevel?.levelNo).filter((n): n is number => n != null);
  const reqs = await requirementsFor(ctx.appointmentTypeCode, levels);
  const systemDocs = await prisma.document.findMany({
    where: { kindCode: "SYSTEM", isCurrent: true, documentKey: { in: [...SYSTEM_AGREEMENTS] } },
    orderBy: { version: "desc" },
    select: { id: true, documentKey: true, title: true, uploadedAt: true, storedFile: { select: { fileName: true } } },
  });
  const current = (code: string, kind: "UPLOAD" | "GENERATED") =>
    ctx.documents.filter((d) => d.documentTypeCode === code && d.kindCode === kind).at(-1);
  const typeCode = isAppointmentTypeCode(ctx.appointmentTypeCode) ? ctx.appointmentTypeCode : null;

  const item = (
    r: Requirement,
    group: DocumentGroup,
    doc: { id: string; title?: string; uploadedAt?: Date; storedFile: { fileName: string } } | null | undefined,
    extra: Partial<DocumentListItem> = {},
  ): DocumentListItem => ({
    key: `${group}:${r.documentTypeCode}${doc ? `:${doc.id}` : ""}`,
    documentTypeCode: r.documentTypeCode,
    title: r.documentName,
    group,
    isRequired: r.isRequired,
    documentId: doc?.id ?? null,
    present: !!doc,
    treatedAsPresent: false,
    url: doc ? appointmentDocumentUrl(id, doc.id) : null,
    downloadUrl: doc ? appointmentDocumentUrl(id, doc.id, { download: true }) : null,
    unavailableMessage: doc ? null : DOCUMENT_UNAVAILABLE.NOT_YET,
    fileName: doc?.storedFile.fileName ?? null,
    uploadedAt: doc?.uploadedAt?.toISOString() ?? null,
    ...extra,
  });

  const generated: DocumentListItem[] = [];
  const agreements: DocumentListItem[] = [];
  const uploaded: DocumentListItem[] = [];
  const additional: DocumentListItem[] = [];
  const hasUploaded: Record<string, boolean> = {};
  const uploadTypes: Array<{ documentTypeCode: string; title: string }> = [];

  for (const r of reqs) {
    const code = r.documentTypeCode;
    if (r.groupCode === "GENERATED") {
      const stored = current(code, "GENERATED") ?? (COMBINED_TYPES.has(code) ? current(COMBINED_APPLICATION_TYPE, "GENERATED") : undefined);
      if (code === DIRECT_DEPOSIT && ctx.commissionRemitTypeCode !== "COMRMT_TYP_DIRECT") {
        generated.push(item(r, "GENERATED", null, { unavailableMessage: DOCUMENT_UNAVAILABLE.DIRECT_DEPOSIT }));
      } else if (stored) {
        generated.push(item(r, "GENERATED", stored));
      } else if (ON_DEMAND[code]) {
        const problem = onDemandAvailable(code, ctx);
        generated.push(
          item(r, "GENERATED", null, problem
            ? { unavailableMessage: problem }
            : { present: true, unavailableMessage: null, url: appointmentDocumentUrl(id, code), downloadUrl: appointmentDocumentUrl(id, code, { download: true }) }),
        );
      } else {
        generated.push(item(r, "GENERATED", null));
      }
    } else if (r.groupCode === "AGREEMENT") {
      if (code === COMMISSION_SCHEDULE) {
        const seen = new Set<string>();
        const schedules = ctx.carrierBlocks.filter((b) => b.scheduleLevel?.document?.isCurrent);
        for (const b of schedules) {
          const d = b.scheduleLevel!.document!;
          const lineKey = `${d.id}:${b.scheduleLevel!.levelNo}`;
          if (seen.has(lineKey)) continue;
          seen.add(lineKey);
          agreements.push({
            ...item(r, "AGREEMENT", d),
            key: `AGREEMENT:${code}:${lineKey}`,
            title: d.title,
            carrier: b.carrier?.name ?? null,
            levelNo: b.scheduleLevel!.levelNo,
            levelName: b.scheduleLevel!.levelName,
          });
        }
        if (!schedules.length) agreements.push(item(r, "AGREEMENT", null));
      } else {
        const d = SYSTEM_AGREEMENTS.has(code) ? systemDocs.find((s) => s.documentKey === code) : undefined;
        agreements.push(item(r, "AGREEMENT", d));
      }
    } else if (r.groupCode === "UPLOADED") {
      uploadTypes.push({ documentTypeCode: code, title: r.documentName });
      if (code === ADDITIONAL_DOCUMENT_TYPE) {
        const docs = ctx.documents.filter((d) => d.documentTypeCode === code && d.kindCode === "UPLOAD");
        for (const d of docs) additional.push(item(r, "ADDITIONAL", d, { title: d.title || r.documentName }));
        hasUploaded[code] = docs.length > 0;
        continue;
      }
      const d = current(code, "UPLOAD");
      const always = typeCode ? alwaysPresentDocument(code, typeCode) : false;
      const extra: Partial<DocumentListItem> = { treatedAsPresent: always };
      if (code === DIRECT_DEPOSIT && ctx.commissionRemitTypeCode !== "COMRMT_TYP_DIRECT") {
        Object.assign(extra, { url: null, downloadUrl: null, unavailableMessage: DOCUMENT_UNAVAILABLE.DIRECT_DEPOSIT });
      }
      uploaded.push(item(r, "UPLOADED", d, extra));
      hasUploaded[code] = !!d || always;
    }
  }
  // Keep additional documents last in the upload dialog.
  uploadTypes.sort((a, b) => Number(a.documentTypeCode === ADDITIONAL_DOCUMENT_TYPE) - Number(b.documentTypeCode === ADDITIONAL_DOCUMENT_TYPE));
  return { generated, agreements, uploaded, additional, hasUploaded, uploadTypes };
}

// ---------------------------------------------------------------- download resolution

export type ResolvedDocument =
  | { kind: "file"; storedFile: StoredFile; fileName: string; title: string }
  | { kind: "render"; render: () => Promise<Uint8Array>; fileName: string; title: string }
  | { kind: "unavailable"; message: string }
  | { kind: "not-found" };

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODE_RE = /^[A-Z0-9_]{2,40}$/;

/**
 * One document for the download route, for an appointment the user may see:
 * a system document (agreements, commission schedules, any SYSTEM
 * document), a document of this appointment (uploaded or generated, current
 * or an earlier version), or a generated document by its type code. A
 * document of another appointment, user or agent is 'not-found'.
 */
export async function resolveAppointmentDocument(appointment: AppointmentForDocuments, documentIdOrCode: string): Promise<ResolvedDocument> {
  if (UUID_RE.test(documentIdOrCode)) {
    const doc = await prisma.document.findUnique({ where: { id: documentIdOrCode.toLowerCase() }, include: { storedFile: true } });
    if (!doc) return { kind: "not-found" };
    const isSystem = doc.kindCode === "SYSTEM" && doc.appointmentId == null && doc.appUserId == null && doc.agentId == null;
    if (!isSystem && doc.appointmentId !== appointment.appointmentId) return { kind: "not-found" };
    if (doc.documentTypeCode === DIRECT_DEPOSIT && !isSystem) {
      const remit = await remitTypeOf(appointment);
      if (remit !== "COMRMT_TYP_DIRECT") return { kind: "unavailable", message: DOCUMENT_UNAVAILABLE.DIRECT_DEPOSIT };
    }
    return { kind: "file", storedFile: doc.storedFile, fileName: doc.storedFile.fileName, title: doc.title };
  }
  if (!CODE_RE.test(documentIdOrCode)) return { kind: "not-found" };
  const code = documentIdOrCode;
  const ctx = await loadContext(appointment.appointmentId);
  const reqs = await requirementsFor(ctx.appointmentTypeCode, null);
  const req = reqs.find((r) => r.documentTypeCode === code && r.groupCode === "GENERATED");
  // The combined application is stored for every type on submission, though only some
  // types list DOCTYP_COMB_APP: a stored one is served whatever the requirements say.
  if (!req && !COMBINED_TYPES.has(code)) return { kind: "not-found" };
  if (code === DIRECT_DEPOSIT && ctx.commissionRemitTypeCode !== "COMRMT_TYP_DIRECT") {
    return { kind: "unavailable", message: DOCUMENT_UNAVAILABLE.DIRECT_DEPOSIT };
  }
  const storedType = COMBINED_TYPES.has(code) ? COMBINED_APPLICATION_TYPE : code;
  const stored = await prisma.document.findFirst({
    where: { appointmentId: ctx.appointmentId, documentTypeCode: { in: [code, storedType] }, kindCode: "GENERATED", isCurrent: true },
    orderBy: [{ uploadedAt: "desc" }],
    include: { storedFile: true },
  });
  if (stored) return { kind: "file", storedFile: stored.storedFile, fileName: stored.storedFile.fileName, title: stored.title };
  if (!req) return { kind: "not-found" };
  const spec = ON_DEMAND[code];
  if (!spec) return { kind: "unavailable", message: DOCUMENT_UNAVAILABLE.NOT_YET };
  const problem = onDemandAvailable(code, ctx);
  if (problem) return { kind: "unavailable", message: problem };
  const fileName = `${spec.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${ctx.appointmentId}.pdf`;
  return {
    kind: "render",
    fileName,
    title: spec.title,
    render: () => renderCombinedApplication(ctx.appointmentId, { parts: spec.parts, title: spec.title }),
  };
}

async function remitTypeOf(appointment: AppointmentForDocuments): Promise<string | null> {
  if (appointment.commissionRemitTypeCode !== undefined) return appointment.commissionRemitTypeCode;
  const a = await prisma.appointment.findUnique({ where: { appointmentId: appointment.appointmentId }, select: { commissionRemitTypeCode: true } });
  return a?.commissionRemitTypeCode ?? null;
}

/** A current or earlier system document (no owner) by its Document id. */
export async function systemDocumentById(documentId: string): Promise<{ storedFile: StoredFile; fileName: string; title: string } | null> {
  if (!UUID_RE.test(documentId)) return null;
  const doc = await prisma.document.findFirst({
    where: { id: documentId.toLowerCase(), kindCode: "SYSTEM", appointmentId: null, appUserId: null, agentId: null },
    include: { storedFile: true },
  });
  return doc ? { storedFile: doc.storedFile, fileName: doc.storedFile.fileName, title: doc.title } : null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A small page for 'Document Unavailable' and 'Download Error: File Empty' (no scripts, no styles needed). */
export function downloadProblemPage(title: string, message: string, status: number, appointmentId: number | null): Response {
  const back = appointmentId ? `/appoint?id=${appointmentId}&section=DOCS` : "/home";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(back)}">Back to the application</a></p>
</body></html>`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}

/**
 * The download answer for a resolved document: the file streamed through
 * storage's fileResponse (inline, or attachment with download), a rendered
 * PDF, or the 'Document Unavailable' (404) / 'Download Error: File Empty'
 * (500) page.
 */
export async function documentDownloadResponse(
  resolved: Exclude<ResolvedDocument, { kind: "not-found" }>,
  opts: { download: boolean; appointmentId: number | null },
): Promise<Response> {
  const disposition = opts.download ? "attachment" : "inline";
  if (resolved.kind === "unavailable") return downloadProblemPage(DOCUMENT_UNAVAILABLE_TITLE, resolved.message, 404, opts.appointmentId);
  if (resolved.kind === "render") {
    const bytes = await resolved.render();
    return new Response(bytes as unknown as BodyInit, {
      status: 200,
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(bytes.byteLength),
        "Content-Disposition": contentDisposition(disposition, resolved.fileName),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  }
  if (resolved.storedFile.byteSize === 0) return downloadProblemPage(FILE_EMPTY.title, FILE_EMPTY.message, 500, opts.appointmentId);
  try {
    // Every document is a PDF: downloaded under a .pdf name whatever was uploaded.
    const res = await fileResponse(resolved.storedFile, { disposition, fileName: pdfDownloadName(resolved.fileName), contentType: "application/pdf" });
    if (res.headers.get("Content-Length") === "0") {
      await res.body?.cancel();
      return downloadProblemPage(FILE_EMPTY.title, FILE_EMPTY.message, 500, opts.appointmentId);
    }
    return res;
  } catch (error) {
    if (error instanceof StoredFileMissingError) {
      console.error(`download: ${error.message}`);
      return downloadProblemPage(DOCUMENT_UNAVAILABLE_TITLE, DOCUMENT_UNAVAILABLE.MISSING, 404, opts.appointmentId);
    }
    throw error;
  }
}
