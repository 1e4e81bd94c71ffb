// What the Supporting Documents of one application are made of, shared by
// the lists (appointment-documents.server.ts) and the download resolution
// (document-download.server.ts): the DocumentRequirement rows of the
// appointment type (filtered by the chosen levels), the appointment's saved
// data and current documents, and which generated documents are rendered on
// demand from that data and when they can be.
//
// Callers pass an appointment row they obtained through
// requireAppointmentAccess: nothing here checks who is asking.
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { COMBINED_APPLICATION_TYPE } from "./combined-application.server";
import type { ApplicationPart } from "./combined-application-sections.server";
import { ADDITIONAL_DOCUMENT_TYPE, DOCUMENT_UNAVAILABLE } from "./upload";

/** The appointment fields the lists need (any requireAppointmentAccess row has them). */
export type AppointmentForDocuments = {
  appointmentId: number;
  appointmentTypeCode: string;
  commissionRemitTypeCode?: string | null;
};

/** Generated documents rendered on demand from the saved data: their parts and when they exist. */
export const ON_DEMAND: Record<string, { parts: ApplicationPart[]; title: string }> = {
  W9_FORM: { parts: ["personal", "w9"], title: "W-9 Form" },
  DOCTYP_DIRECT_DEPOSIT: { parts: ["commissions"], title: "Direct Deposit Authorization" },
  ASGN_OF_COMM: { parts: ["assignment"], title: "Assignment of Commissions" },
  CR_CARD_AGREE: { parts: ["states"], title: "Credit Card Authorization" },
};
/** Generated types served by the stored combined application. */
export const COMBINED_TYPES = new Set(["DOCTYP_APP", COMBINED_APPLICATION_TYPE]);
export const DIRECT_DEPOSIT = "DOCTYP_DIRECT_DEPOSIT";

export type Requirement = { documentTypeCode: string; documentName: string; groupCode: string; isRequired: boolean; forLevel: number | null; exceptForLevel: number | null };

/** Whether a requirement applies to an application with these levels (its for_level / except_for_level). */
export function appliesToLevels(r: Requirement, levels: number[]): boolean {
  if (r.forLevel != null && !levels.includes(r.forLevel)) return false;
  if (r.exceptForLevel != null && levels.includes(r.exceptForLevel)) return false;
  return true;
}

export async function requirementsFor(appointmentTypeCode: string, levels: number[] | null): Promise<Requirement[]> {
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

/** What the lists are made of, of the application (loadContext; the application screen reads it with the rest of the application). */
export const documentsContextSelect = {
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
} as const satisfies Prisma.AppointmentSelect;

export async function loadContext(appointmentId: number) {
  return prisma.appointment.findUniqueOrThrow({ where: { appointmentId }, select: documentsContextSelect });
}

export type Ctx = Awaited<ReturnType<typeof loadContext>>;

/**
 * Why a document of an application is not served (the download route, the API's listing and its
 * download), or null: the direct deposit form belongs to an application only while its commissions
 * are paid by direct deposit. The one place of this rule.
 */
export function withheldDocument(documentTypeCode: string, commissionRemitTypeCode: string | null): string | null {
  return documentTypeCode === DIRECT_DEPOSIT && commissionRemitTypeCode !== "COMRMT_TYP_DIRECT" ? DOCUMENT_UNAVAILABLE.DIRECT_DEPOSIT : null;
}

export function onDemandAvailable(code: string, ctx: Ctx): string | null {
  switch (code) {
    case "W9_FORM":
      return ctx.irsInfo ? null : DOCUMENT_UNAVAILABLE.NOT_YET;
    case DIRECT_DEPOSIT:
      return withheldDocument(code, ctx.commissionRemitTypeCode) ?? (ctx.bankInfo ? null : DOCUMENT_UNAVAILABLE.NOT_YET);
    case "ASGN_OF_COMM":
      return ctx.commissionRemitAssign ? null : DOCUMENT_UNAVAILABLE.NOT_YET;
    case "CR_CARD_AGREE":
      return ctx.cardInfo ? null : DOCUMENT_UNAVAILABLE.NOT_YET;
    default:
      return DOCUMENT_UNAVAILABLE.NOT_YET;
  }
}
