// The download route's side of an application's documents: resolving one
// document (a system document, a document of this appointment, or a
// generated document by its type code, rendered on demand) and answering
// with the file, the rendered PDF, or the 'Document Unavailable' / 'Download
// Error: File Empty' page.
//
// Callers pass an appointment row they obtained through
// requireAppointmentAccess: nothing here checks who is asking.
import { prisma } from "~/lib/db.server";
import { contentDisposition, fileResponse, StoredFileMissingError, type StoredFile } from "~/lib/storage.server";
import {
  COMBINED_TYPES,
  DIRECT_DEPOSIT,
  ON_DEMAND,
  loadContext,
  onDemandAvailable,
  requirementsFor,
  withheldDocument,
  type AppointmentForDocuments,
} from "./appointment-document-sources.server";
import { DETAIL_MESSAGES } from "~/features/agents/messages";
import { dayOf } from "~/lib/days";
import { erasedText } from "~/features/retention/messages";
import { COMBINED_APPLICATION_TYPE, renderCombinedApplication } from "./combined-application.server";
import { downloadProblemHtml } from "./download-problem-page.server";
import { DOCUMENT_UNAVAILABLE, DOCUMENT_UNAVAILABLE_TITLE, FILE_EMPTY, pdfDownloadName } from "./upload";
import { isUuid } from "~/lib/uuid";

export type ResolvedDocument =
  | { kind: "file"; storedFile: StoredFile; fileName: string; title: string }
  | { kind: "render"; render: () => Promise<Uint8Array>; fileName: string; title: string }
  | { kind: "unavailable"; message: string }
  | { kind: "not-found" };

const CODE_RE = /^[A-Z0-9_]{2,40}$/;

/**
 * One document for the download route, for an appointment the user may see:
 * a system document (agreements, commission schedules, any SYSTEM
 * document), a document of this appointment (uploaded or generated, current
 * or an earlier version), or a generated document by its type code. A
 * document of another appointment, user or agent is 'not-found'.
 */
export async function resolveAppointmentDocument(appointment: AppointmentForDocuments, documentIdOrCode: string): Promise<ResolvedDocument> {
  if (isUuid(documentIdOrCode)) {
    const doc = await prisma.document.findUnique({ where: { id: documentIdOrCode.toLowerCase() }, include: { storedFile: true } });
    if (!doc) return { kind: "not-found" };
    const isSystem = doc.kindCode === "SYSTEM" && doc.appointmentId == null && doc.appUserId == null && doc.agentId == null;
    if (!isSystem && doc.appointmentId !== appointment.appointmentId) return { kind: "not-found" };
    if (doc.documentTypeCode === DIRECT_DEPOSIT && !isSystem) {
      const withheld = withheldDocument(doc.documentTypeCode, await remitTypeOf(appointment));
      if (withheld) return { kind: "unavailable", message: withheld };
    }
    if (doc.storedFile.erasedAt) return { kind: "unavailable", message: erasedText(dayOf(doc.storedFile.erasedAt)) };
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
  const withheld = withheldDocument(code, ctx.commissionRemitTypeCode);
  if (withheld) return { kind: "unavailable", message: withheld };
  const storedType = COMBINED_TYPES.has(code) ? COMBINED_APPLICATION_TYPE : code;
  const stored = await prisma.document.findFirst({
    where: { appointmentId: ctx.appointmentId, documentTypeCode: { in: [code, storedType] }, kindCode: "GENERATED", isCurrent: true },
    orderBy: [{ uploadedAt: "desc" }],
    include: { storedFile: true },
  });
  if (stored?.storedFile.erasedAt) return { kind: "unavailable", message: erasedText(dayOf(stored.storedFile.erasedAt)) };
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
  if (!isUuid(documentId)) return null;
  const doc = await prisma.document.findFirst({
    where: { id: documentId.toLowerCase(), kindCode: "SYSTEM", appointmentId: null, appUserId: null, agentId: null },
    include: { storedFile: true },
  });
  return doc ? { storedFile: doc.storedFile, fileName: doc.storedFile.fileName, title: doc.title } : null;
}

/** Where the problem page's link leads: the page the document was opened from. */
export type BackLink = { href: string; label: string };

/** The link back for a document of an application (the Supporting Documents section), or the portal's home. */
export function applicationBackLink(appointmentId: number | null): BackLink {
  return appointmentId ? { href: `/appoint?id=${appointmentId}&section=DOCS`, label: "Back to the application" } : { href: "/home", label: "Back to the portal" };
}

/**
 * A small page for 'Document Unavailable' and 'Download Error: File Empty' (no scripts, no styles needed).
 * 'Document Unavailable' says the spec's sentence (part 3 §8, DETAIL_MESSAGES), then what is wrong.
 */
export function downloadProblemPage(title: string, message: string, status: number, back: BackLink): Response {
  const lead = title === DOCUMENT_UNAVAILABLE_TITLE ? DETAIL_MESSAGES.documentUnavailable : null;
  const html = downloadProblemHtml({ title, lead, message, back });
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
  opts: { download: boolean; back: BackLink },
): Promise<Response> {
  const disposition = opts.download ? "attachment" : "inline";
  if (resolved.kind === "unavailable") return downloadProblemPage(DOCUMENT_UNAVAILABLE_TITLE, resolved.message, 404, opts.back);
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
  if (resolved.storedFile.byteSize === 0) return downloadProblemPage(FILE_EMPTY.title, FILE_EMPTY.message, 500, opts.back);
  try {
    // Every document is a PDF: downloaded under a .pdf name whatever was uploaded.
    const res = await fileResponse(resolved.storedFile, { disposition, fileName: pdfDownloadName(resolved.fileName), contentType: "application/pdf" });
    if (res.headers.get("Content-Length") === "0") {
      await res.body?.cancel();
      return downloadProblemPage(FILE_EMPTY.title, FILE_EMPTY.message, 500, opts.back);
    }
    return res;
  } catch (error) {
    if (error instanceof StoredFileMissingError) {
      console.error(`download: ${error.message}`);
      return downloadProblemPage(DOCUMENT_UNAVAILABLE_TITLE, DOCUMENT_UNAVAILABLE.MISSING, 404, opts.back);
    }
    throw error;
  }
}
