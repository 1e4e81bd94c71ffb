// POST /appoint/upload: one PDF for one document type of one application.
//
// The multipart body is read by receiveUpload (receive-upload.server.ts:
// streamed to storage, never more than one chunk in memory, the file cut off
// at MAX_UPLOAD_BYTES, further file parts drained, the request capped at
// MAX_UPLOAD_REQUEST_BYTES). Only after the request has been read and checked
// are the StoredFile and Document rows written, in one transaction that also
// retires the current document of the same type (replace-by-type), except
// additional documents, which accumulate.
import { requireAppointmentAccess } from "~/features/appointment/access.server";
import { audit } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { removeBlob, type WrittenBlob } from "~/lib/storage.server";
import { uploadDocumentTypes } from "./appointment-document-sources.server";
import { MalformedUploadError, receiveUpload, UploadRequestTooLargeError, type ReceivedUpload } from "./receive-upload.server";
import { ADDITIONAL_DOCUMENT_TYPE, pdfDownloadName, UPLOAD_FIELDS, type UploadResultCode } from "./upload";

/** The appointment row the upload goes to (what requireAppointmentAccess returns). */
export type UploadTarget = { appointmentId: number; userId: string | null; appointmentTypeCode: string };

/**
 * Stores an already written blob as the appointment's current document of
 * that type: StoredFile + Document (kind UPLOAD) and, in the same
 * transaction, the previous current document of the type no longer current
 * (except additional documents). The appointment row is locked meanwhile so
 * two uploads of one type cannot both stay current.
 */
export async function storeUploadedDocument(input: {
  appointment: UploadTarget;
  documentTypeCode: string;
  title: string;
  blob: WrittenBlob;
  fileName: string;
  uploadedById: string;
}): Promise<{ documentId: string; replaced: number }> {
  const { appointment, documentTypeCode, blob } = input;
  try {
    return await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT appointment_id FROM appointments WHERE appointment_id = ${appointment.appointmentId} FOR UPDATE`;
      const file = await tx.storedFile.create({
        data: {
          storageKey: blob.storageKey,
          fileName: pdfDownloadName(input.fileName),
          contentType: "application/pdf",
          byteSize: blob.byteSize,
          sha256: blob.sha256,
          createdById: input.uploadedById,
        },
      });
      const last = await tx.document.findFirst({
        where: { appointmentId: appointment.appointmentId, documentTypeCode, kindCode: "UPLOAD" },
        orderBy: { version: "desc" },
        select: { version: true },
      });
      let replaced = 0;
      if (documentTypeCode !== ADDITIONAL_DOCUMENT_TYPE) {
        const r = await tx.document.updateMany({
          where: { appointmentId: appointment.appointmentId, documentTypeCode, kindCode: "UPLOAD", isCurrent: true },
          data: { isCurrent: false },
        });
        replaced = r.count;
      }
      const doc = await tx.document.create({
        data: {
          documentTypeCode,
          kindCode: "UPLOAD",
          title: input.title,
          appointmentId: appointment.appointmentId,
          appUserId: appointment.userId,
          storedFileId: file.id,
          version: (last?.version ?? 0) + 1,
          isCurrent: true,
          uploadedById: input.uploadedById,
        },
      });
      return { documentId: doc.id, replaced };
    });
  } catch (error) {
    await removeBlob(blob.storageKey).catch(() => {});
    throw error;
  }
}

export type UploadOutcome = {
  status: number;
  result: UploadResultCode;
  /** The application the upload was for, when known (for the redirect back). */
  appointmentId: number | null;
  documentId?: string;
};

function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

function isResponse(e: unknown): e is Response {
  return e instanceof Response;
}

/**
 * The whole upload for the signed-in user. The application id comes from
 * the query (?id=, checked before reading the body) or the appointmentId
 * field. Throws the 404 Response of requireAppointmentAccess for an
 * application the user may not see; answers READ_ONLY (403) for one that
 * can no longer change.
 */
export async function handleUpload(request: Request, user: CurrentUser): Promise<UploadOutcome> {
  const queryId = new URL(request.url).searchParams.get("id");
  let appointmentId = parseId(queryId);
  if (queryId !== null && appointmentId === null) throw new Response("Not Found", { status: 404 });

  const checkAccess = async (id: number) => {
    try {
      return { appointment: await requireAppointmentAccess(user, id, { write: true }) };
    } catch (e) {
      if (isResponse(e) && e.status === 403) return { readOnly: true as const };
      throw e;
    }
  };

  let access = appointmentId !== null ? await checkAccess(appointmentId) : null;
  if (access && "readOnly" in access) return { status: 403, result: "READ_ONLY", appointmentId };

  let got: ReceivedUpload;
  try {
    got = await receiveUpload(request);
  } catch (error) {
    if (error instanceof UploadRequestTooLargeError) return { status: 413, result: "TOO_BIG", appointmentId };
    if (error instanceof MalformedUploadError) {
      console.warn(`upload refused: ${error.message} (${String((error.cause as Error | undefined)?.message ?? "no parts")})`);
      return { status: 400, result: "MALFORMED", appointmentId };
    }
    throw error;
  }
  const discard = async () => {
    if (got.blob) await removeBlob(got.blob.storageKey).catch(() => {});
  };

  try {
    const bodyId = parseId(got.fields[UPLOAD_FIELDS.appointmentId]);
    if (appointmentId === null) appointmentId = bodyId;
    else if (bodyId !== null && bodyId !== appointmentId) throw new Response("Not Found", { status: 404 });
    if (appointmentId === null) throw new Response("Not Found", { status: 404 });
    access ??= await checkAccess(appointmentId);
    if ("readOnly" in access) {
      await discard();
      return { status: 403, result: "READ_ONLY", appointmentId };
    }
    const appointment = access.appointment;

    let result: UploadResultCode | null = null;
    if (got.fileCount > 1) result = "TOO_MANY";
    else if (got.fileCount === 0) result = "NO_FILE";
    else if (got.problem) result = got.problem === "WRONG_TYPE" ? "NOT_PDF" : got.problem;
    const documentTypeCode = got.fields[UPLOAD_FIELDS.documentTypeCode] ?? "";
    const types = await uploadDocumentTypes(appointment.appointmentTypeCode);
    const type = types.find((t) => t.documentTypeCode === documentTypeCode);
    if (!result && !type) result = "NO_TYPE";
    if (result || !got.blob || !type) {
      await discard();
      return { status: result === "TOO_BIG" ? 413 : 400, result: result ?? "ERROR", appointmentId };
    }

    const stored = await storeUploadedDocument({
      appointment,
      documentTypeCode,
      title: type.title,
      blob: got.blob,
      fileName: got.fileName ?? "document.pdf",
      uploadedById: user.id,
    });
    await audit("DOCUMENT_UPLOADED", {
      request,
      actorUserId: user.id,
      impersonatorUserId: user.impersonator?.id,
      targetType: "Appointment",
      targetId: String(appointmentId),
      details: { documentId: stored.documentId, documentTypeCode, byteSize: got.blob.byteSize, replaced: stored.replaced },
    });
    return { status: 200, result: "SUCCESS", appointmentId, documentId: stored.documentId };
  } catch (error) {
    await discard();
    throw error;
  }
}
