// POST /admin/import/upload: one CSV file streamed to storage (receiveUpload:
// never more than a chunk in memory, cut off at MAX_IMPORT_BYTES), then its
// import run and import-agents job in one transaction.
import { receiveUpload, UploadRequestTooLargeError, MalformedUploadError, type UploadContentRule } from "~/features/documents/receive-upload.server";
import type { CurrentUser } from "~/lib/current-user";
import { removeBlob, sanitizeFileName, type WrittenBlob } from "~/lib/storage.server";
import { queueImport } from "./import-runs.server";
import { IMPORT_FILE_FIELD, MAX_IMPORT_BYTES } from "./import-schema";

export { IMPORT_FILE_FIELD, IMPORT_UPLOAD_PATH } from "./import-schema";
/** The whole request: the file and a little multipart framing. */
export const MAX_IMPORT_REQUEST_BYTES = MAX_IMPORT_BYTES + 64 * 1024;

/** A CSV: named *.csv, text (no NUL byte in its first 4 KB). */
export const CSV_UPLOAD_RULE: UploadContentRule = {
  headerBytes: 4096,
  acceptHeader: (h) => !h.includes(0),
  acceptName: (name) => /\.csv$/i.test(name),
};

export type ImportUploadCode = "NO_FILE" | "NOT_CSV" | "TOO_BIG" | "ERROR";
export type ImportUploadOutcome = { ok: true; runId: number } | { ok: false; code: ImportUploadCode; status: number };

/**
 * Receives one CSV upload (shared by the agent and the licence import): the file streamed to
 * storage under the import's size cap, and the small text `fields` asked for (sent before the file).
 */
export async function receiveCsvUpload(
  request: Request,
  opts: { fileField: string; fields?: Readonly<Record<string, number>> },
): Promise<{ ok: true; blob: WrittenBlob; fileName: string | null; fields: Record<string, string> } | { ok: false; code: ImportUploadCode; status: number }> {
  let got;
  try {
    got = await receiveUpload(request, {
      maxBytes: MAX_IMPORT_BYTES,
      maxRequestBytes: MAX_IMPORT_REQUEST_BYTES,
      rule: CSV_UPLOAD_RULE,
      fields: opts.fields ?? {},
      fileField: opts.fileField,
    });
  } catch (error) {
    if (error instanceof UploadRequestTooLargeError) return { ok: false, code: "TOO_BIG", status: 413 };
    if (error instanceof MalformedUploadError) return { ok: false, code: "NO_FILE", status: 400 };
    throw error;
  }
  if (got.fileCount === 0) return { ok: false, code: "NO_FILE", status: 400 };
  if (got.problem === "TOO_BIG") return { ok: false, code: "TOO_BIG", status: 413 };
  if (got.problem || !got.blob) return { ok: false, code: "NOT_CSV", status: 400 };
  return { ok: true, blob: got.blob, fileName: got.fileName, fields: got.fields };
}

export async function handleImportUpload(request: Request, user: CurrentUser): Promise<ImportUploadOutcome> {
  const got = await receiveCsvUpload(request, { fileField: IMPORT_FILE_FIELD });
  if (!got.ok) return got;
  const blob = got.blob;
  try {
    const { runId } = await queueImport({ blob, fileName: sanitizeFileName(got.fileName ?? "agents.csv"), userId: user.id, request });
    return { ok: true, runId };
  } catch (error) {
    await removeBlob(blob.storageKey).catch(() => {});
    throw error;
  }
}
