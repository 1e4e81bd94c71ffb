// The combined application PDF: every section of a submitted application as
// the applicant gave it, with the evidence of each signature, rendered with
// the system documents' layout (pdf-layout.server.ts). Sensitive numbers
// (SSN, tax ids, EIN, bank account and routing numbers, card number) appear
// only as their last four digits; nothing here ever decrypts a value, and
// the card's CVC is never stored (decision 0087).
//
// renderCombinedApplication(id)    the bytes (whole application, or some parts
//                                  for the generated W-9 / direct deposit /
//                                  assignment / card documents)
// generateCombinedApplication(id)  stores it as the appointment's current
//                                  DOCTYP_COMB_APP document (kind GENERATED),
//                                  retiring the previous one; unchanged bytes
//                                  store nothing (idempotent)
//
// The data it draws is loaded by combined-application-data.server.ts and
// laid out section by section by combined-application-sections.server.ts.
import { createHash } from "node:crypto";
import { APPOINTMENT_TYPE_LABELS } from "~/features/appointment/model";
import { prisma } from "~/lib/db.server";
import { saveFile } from "~/lib/storage.server";
import { applicantName, loadApplication } from "./combined-application-data.server";
import { ALL_PARTS, buildBlocks, label, type ApplicationPart } from "./combined-application-sections.server";
import { renderDocument } from "./pdf-layout.server";

/** The document type the combined application is stored as. */
export const COMBINED_APPLICATION_TYPE = "DOCTYP_COMB_APP";
/** Version of the application form's layout (the PDF's 'Version' line). */
export const APPLICATION_FORM_VERSION = "2026.01";

export class ApplicationNotFoundError extends Error {
  constructor(readonly appointmentId: number) {
    super(`Appointment ${appointmentId} not found`);
    this.name = "ApplicationNotFoundError";
  }
}

export type RenderOptions = {
  /** Render only these parts (the header with name and masked SSN is always there). */
  parts?: readonly ApplicationPart[];
  /** Document title; defaults to 'Appointment Application'. */
  title?: string;
};

/** The application's PDF bytes (deterministic for the same data). Throws ApplicationNotFoundError. */
export async function renderCombinedApplication(appointmentId: number, opts: RenderOptions = {}): Promise<Uint8Array> {
  const a = await loadApplication(appointmentId);
  if (!a) throw new ApplicationNotFoundError(appointmentId);
  const parts = new Set(opts.parts ?? ALL_PARTS);
  const name = applicantName(a);
  return renderDocument({
    title: opts.title ?? "Appointment Application",
    subtitle: `${name || "Applicant"} - application ${a.appointmentId} - ${label(APPOINTMENT_TYPE_LABELS, a.appointmentTypeCode)}`,
    version: APPLICATION_FORM_VERSION,
    subject: `Appointment application ${a.appointmentId}`,
    keywords: ["appointment application", String(a.appointmentId)],
    blocks: await buildBlocks(a, parts),
  });
}

/**
 * Renders the whole application and stores it as the appointment's current
 * DOCTYP_COMB_APP document (kind GENERATED), retiring the previous current
 * one in the same transaction. When the current one has the same bytes
 * nothing is stored (safe to run twice).
 */
export async function generateCombinedApplication(
  appointmentId: number,
  opts: { generatedById?: string | null } = {},
): Promise<{ documentId: string; created: boolean }> {
  const a = await prisma.appointment.findUnique({ where: { appointmentId }, select: { appointmentId: true, userId: true, erasedAt: true } });
  if (!a) throw new ApplicationNotFoundError(appointmentId);
  // Erased under the retention schedule (decision 0120): a job queued before then stores nothing.
  if (a.erasedAt) return { documentId: "", created: false };
  const bytes = await renderCombinedApplication(appointmentId);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const current = await prisma.document.findFirst({
    where: { appointmentId, documentTypeCode: COMBINED_APPLICATION_TYPE, kindCode: "GENERATED", isCurrent: true },
    include: { storedFile: { select: { sha256: true } } },
    orderBy: { version: "desc" },
  });
  if (current && current.storedFile.sha256 === sha256) return { documentId: current.id, created: false };

  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT appointment_id FROM appointments WHERE appointment_id = ${appointmentId} FOR UPDATE`;
    const file = await saveFile(
      { bytes, fileName: `appointment-application-${appointmentId}.pdf`, contentType: "application/pdf", createdById: opts.generatedById ?? null },
      tx,
    );
    const last = await tx.document.findFirst({
      where: { appointmentId, documentTypeCode: COMBINED_APPLICATION_TYPE, kindCode: "GENERATED" },
      orderBy: { version: "desc" },
      select: { version: true },
    });
    await tx.document.updateMany({
      where: { appointmentId, documentTypeCode: COMBINED_APPLICATION_TYPE, kindCode: "GENERATED", isCurrent: true },
      data: { isCurrent: false },
    });
    const doc = await tx.document.create({
      data: {
        documentTypeCode: COMBINED_APPLICATION_TYPE,
        kindCode: "GENERATED",
        title: "Combined Application",
        appointmentId,
        appUserId: a.userId,
        storedFileId: file.id,
        version: (last?.version ?? 0) + 1,
        isCurrent: true,
        uploadedById: opts.generatedById ?? null,
      },
    });
    return { documentId: doc.id, created: true };
  });
}
