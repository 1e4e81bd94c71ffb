// GET /appoint/documents/:documentId?id=<appointmentId>[&download=1]
// One document of the Supporting Documents section: inline (for the viewer)
// or as an attachment with ?download=1. :documentId is a Document id, or
// the type code of a generated document (W9_FORM, DOCTYP_APP...).
// Served only when it is a system document or belongs to an application the
// user may see (requireAppointmentAccess); anything else answers 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAppointmentAccess } from "~/features/appointment/access.server";
import {
  applicationBackLink,
  documentDownloadResponse,
  resolveAppointmentDocument,
  systemDocumentById,
} from "~/features/documents/document-download.server";
import { recordAccess } from "~/lib/audit.server";
import { requireUser } from "~/lib/auth.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const download = url.searchParams.get("download") === "1";
  const documentId = params.documentId ?? "";
  const idParam = url.searchParams.get("id");
  if (idParam === null) {
    // Without an application only system documents (agreements, schedules).
    const doc = await systemDocumentById(documentId);
    if (!doc) throw new Response("Not Found", { status: 404 });
    return documentDownloadResponse({ kind: "file", ...doc }, { download, back: applicationBackLink(null) });
  }
  if (!/^\d{1,9}$/.test(idParam)) throw new Response("Not Found", { status: 404 });
  const appointment = await requireAppointmentAccess(user, Number(idParam), { request });
  const resolved = await resolveAppointmentDocument(appointment, documentId);
  if (resolved.kind === "not-found") throw new Response("Not Found", { status: 404 });
  if (resolved.kind !== "unavailable") {
    const ownerUserId = appointment.role === "PROSPECT" ? user.id : null;
    await recordAccess(request, user, "DOCUMENT_DOWNLOADED", { type: "Document", id: documentId, ownerUserId, details: { appointmentId: appointment.appointmentId } });
  }
  return documentDownloadResponse(resolved, { download, back: applicationBackLink(appointment.appointmentId) });
}
