// POST /admin/licences/import/upload (decision 0072): one licence csv streamed to storage with the
// agent import's receiver (receiveCsvUpload: its size cap and csv rule), then its run and
// import-licences job in one transaction. `purpose`: IMPORT (write the licences) or LOOKUP (keep a
// checked NIPR file for the 'file' licence lookup).
import { receiveCsvUpload, type ImportUploadOutcome } from "~/features/hierarchy/import-upload.server";
import type { CurrentUser } from "~/lib/current-user";
import { removeBlob, sanitizeFileName } from "~/lib/storage.server";
import { LICENCE_IMPORT_PURPOSES, queueLicenceImport, type LicenceImportPurpose } from "./import.server";

import { LICENCE_FILE_FIELD, LICENCE_PURPOSE_FIELD } from "./import-columns";

export { LICENCE_UPLOAD_PATH } from "./import-columns";

export async function handleLicenceUpload(request: Request, user: CurrentUser): Promise<ImportUploadOutcome> {
  const got = await receiveCsvUpload(request, { fileField: LICENCE_FILE_FIELD, fields: { [LICENCE_PURPOSE_FIELD]: 20 } });
  if (!got.ok) return got;
  const raw = got.fields[LICENCE_PURPOSE_FIELD] ?? "IMPORT";
  const purpose: LicenceImportPurpose = (LICENCE_IMPORT_PURPOSES as readonly string[]).includes(raw) ? (raw as LicenceImportPurpose) : "IMPORT";
  try {
    const { runId } = await queueLicenceImport({ blob: got.blob, fileName: sanitizeFileName(got.fileName ?? "licences.csv"), userId: user.id, purpose, request });
    return { ok: true, runId };
  } catch (error) {
    await removeBlob(got.blob.storageKey).catch(() => {});
    throw error;
  }
}
