// GET /api/v1/documents/{id} (scope read:documents, decision 0076): a document of an application
// (an upload or the generated application PDF), streamed from storage. Which document may be served
// is the download route's rule (documents/document-download.server resolveAppointmentDocument: the
// direct deposit form only for direct deposit); the API only answers in its own way.
import { prisma } from "~/lib/db.server";
import { fileResponse, StoredFileMissingError } from "~/lib/storage.server";
import { resolveAppointmentDocument } from "~/features/documents/document-download.server";
import { pdfDownloadName } from "~/features/documents/upload";
import { ApiProblem } from "./http.server";
import { isUuid } from "~/lib/uuid";

const notFound = () => new ApiProblem(404, "No document of an application has this id.");

export async function documentFile(rawId: string | undefined): Promise<Response> {
  if (!rawId || !isUuid(rawId)) throw notFound();
  const id = rawId.toLowerCase();
  const doc = await prisma.document.findUnique({
    where: { id },
    select: { kindCode: true, appointment: { select: { appointmentId: true, appointmentTypeCode: true, commissionRemitTypeCode: true, isDeleted: true } } },
  });
  // Only an application's own documents: system documents, a user's or an agent's are not the API's.
  if (!doc?.appointment || doc.appointment.isDeleted || (doc.kindCode !== "UPLOAD" && doc.kindCode !== "GENERATED")) throw notFound();
  const resolved = await resolveAppointmentDocument(doc.appointment, id);
  if (resolved.kind === "not-found") throw notFound();
  if (resolved.kind === "unavailable") throw new ApiProblem(404, resolved.message);
  if (resolved.kind === "render") throw notFound(); // only for type codes, never for a document id
  try {
    // Every document is a PDF: served under a .pdf name whatever was uploaded (as the download route).
    return await fileResponse(resolved.storedFile, { disposition: "attachment", fileName: pdfDownloadName(resolved.fileName), contentType: "application/pdf" });
  } catch (error) {
    if (error instanceof StoredFileMissingError) {
      console.error(`api document: ${error.message}`);
      throw new ApiProblem(404, "The document's file is missing from storage.");
    }
    throw error;
  }
}
