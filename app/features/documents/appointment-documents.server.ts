// Supporting Documents of one application (spec part 2 §2, §3, §4): the
// generated documents, the agreements, the uploaded (or faxed) documents and
// the additional documents, from DocumentRequirement for the appointment
// type, with what is present and where to download it. What they are made
// of is read by appointment-document-sources.server.ts; the resolution of
// one document for the download route is document-download.server.ts.
//
// Callers pass an appointment row they obtained through
// requireAppointmentAccess: nothing here checks who is asking.
import { isAppointmentTypeCode } from "~/features/appointment/model";
import { alwaysPresentDocument } from "~/features/appointment/codes";
import { prisma } from "~/lib/db.server";
import {
  COMBINED_TYPES,
  DIRECT_DEPOSIT,
  ON_DEMAND,
  appliesToLevels,
  loadContext,
  onDemandAvailable,
  requirementsFor,
  type AppointmentForDocuments,
  type Ctx,
  type Requirement,
} from "./appointment-document-sources.server";
import { COMBINED_APPLICATION_TYPE } from "./combined-application.server";
import { ADDITIONAL_DOCUMENT_TYPE, DOCUMENT_UNAVAILABLE } from "./upload";

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

/** The document keys of the SYSTEM agreements the lists link to. */
export const SYSTEM_AGREEMENT_KEYS = ["ALLCO_AGREE", "REP_AGREE", "CO_POLICY", "AML_GUIDE"] as const;
const SYSTEM_AGREEMENTS = new Set<string>(SYSTEM_AGREEMENT_KEYS);
const COMMISSION_SCHEDULE = "DOCTYP_COMSCHED_AGREE";

/** The download URL of a document (a Document id or, for generated documents, the type code). */
export function appointmentDocumentUrl(appointmentId: number, documentIdOrCode: string, opts: { download?: boolean } = {}): string {
  return `/appoint/documents/${encodeURIComponent(documentIdOrCode)}?id=${appointmentId}${opts.download ? "&download=1" : ""}`;
}

/** The current SYSTEM agreement documents the lists link to (any version order: the highest version first). */
export type SystemAgreementDocument = { id: string; documentKey: string | null; title: string; uploadedAt: Date; storedFile: { fileName: string } };

/**
 * The four lists of the Supporting Documents section and the uploaded
 * status for validation. Direct deposit is downloadable only when direct
 * deposit is the chosen remittance type.
 */
export async function appointmentDocumentLists(appointment: AppointmentForDocuments): Promise<AppointmentDocumentLists> {
  const ctx = await loadContext(appointment.appointmentId);
  const reqs = await requirementsFor(ctx.appointmentTypeCode, null);
  const systemDocs = await prisma.document.findMany({
    where: { kindCode: "SYSTEM", isCurrent: true, documentKey: { in: [...SYSTEM_AGREEMENTS] } },
    orderBy: { version: "desc" },
    select: { id: true, documentKey: true, title: true, uploadedAt: true, storedFile: { select: { fileName: true } } },
  });
  return appointmentDocumentListsOf(ctx, reqs, systemDocs);
}

/**
 * The lists from what the caller has read (the application screen reads them with the application
 * and its catalogues: load.server.ts): the documents context (loadContext's shape), every
 * DocumentRequirement of the appointment type (filtered here by the chosen levels) and the current
 * SYSTEM agreement documents (SYSTEM_AGREEMENT_KEYS).
 */
export function appointmentDocumentListsOf(ctx: Ctx, requirements: readonly Requirement[], systemDocs: readonly SystemAgreementDocument[]): AppointmentDocumentLists {
  const id = ctx.appointmentId;
  const levels = ctx.carrierBlocks.map((b) => b.levelNo ?? b.scheduleLevel?.levelNo).filter((n): n is number => n != null);
  const reqs = requirements.filter((r) => appliesToLevels(r, levels));
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
