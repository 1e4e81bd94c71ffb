// The upload's rules and answers, shared by the browser (UploadForm) and the
// server (upload.server.ts): spec part 2, §5 'Upload' and §8.
import type { DialogVariant } from "~/components/Dialog";
import { ADDITIONAL_DOCUMENT_TYPE } from "~/features/appointment/codes";
import { checkFiles, cleanUploadFileName, isPdfFileName, PDF_UPLOAD_POLICY, UPLOAD_LIMIT_MB, UPLOAD_LIMIT_TEXT } from "~/lib/upload-policy";

export { ADDITIONAL_DOCUMENT_TYPE, cleanUploadFileName, isPdfFileName };
/** The file input's accept attribute (the upload policy's). */
export const UPLOAD_ACCEPT = PDF_UPLOAD_POLICY.accept;

/** At most this many bytes per uploaded file (spec §9; the upload policy's). */
export const MAX_UPLOAD_BYTES = PDF_UPLOAD_POLICY.maxBytes;

/** Form field names of POST /appoint/upload. */
export const UPLOAD_FIELDS = {
  appointmentId: "appointmentId",
  documentTypeCode: "documentTypeCode",
  file: "file",
} as const;

/** Query parameter that carries the result back to the application after a no-JavaScript upload. */
export const UPLOAD_RESULT_PARAM = "upload";

export type UploadResultCode =
  | "SUCCESS"
  | "NO_FILE"
  | "TOO_MANY"
  | "NOT_PDF"
  | "TOO_BIG"
  | "NO_TYPE"
  | "READ_ONLY"
  | "SESSION"
  | "MALFORMED"
  | "ERROR";

export type UploadAnswer = { title: string; message: string; variant: DialogVariant };

export const UPLOAD_ANSWERS: Record<UploadResultCode, UploadAnswer> = {
  SUCCESS: { title: "Success", message: "We have successfully received your upload.", variant: "success" },
  NO_FILE: { title: "Attachments Required", message: "You must select 1 file to upload.", variant: "warning" },
  TOO_MANY: { title: "Too Many Attachments", message: "You must select only 1 file to upload.", variant: "warning" },
  NOT_PDF: { title: "Invalid File", message: "Only PDF files can be uploaded. Please choose a PDF file.", variant: "warning" },
  TOO_BIG: {
    title: "Invalid File",
    message: `The file is larger than ${UPLOAD_LIMIT_MB}. Please choose a PDF file of at most ${UPLOAD_LIMIT_TEXT}.`,
    variant: "warning",
  },
  NO_TYPE: { title: "Document Type Required", message: "Please choose the type of document you are uploading.", variant: "warning" },
  READ_ONLY: {
    title: "Upload Not Allowed",
    message: "This application can no longer be changed, so documents cannot be uploaded to it.",
    variant: "error",
  },
  SESSION: { title: "Session Timeout", message: "Your session has expired. Please sign in again.", variant: "warning" },
  MALFORMED: {
    title: "Upload Not Readable",
    message: "The upload could not be read: it arrived damaged or incomplete. Nothing was saved. Please choose the file again and upload it.",
    variant: "warning",
  },
  ERROR: {
    title: "System Error",
    message:
      "Oops! Something happened along the way and your upload cannot be submitted at this time. Please try again later.",
    variant: "error",
  },
};

export function isUploadResultCode(v: unknown): v is UploadResultCode {
  return typeof v === "string" && Object.prototype.hasOwnProperty.call(UPLOAD_ANSWERS, v);
}

/** The answer to show after a redirect back from a no-JavaScript upload, if any. */
export function uploadAnswerFromSearch(search: URLSearchParams | string): (UploadAnswer & { code: UploadResultCode }) | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const code = params.get(UPLOAD_RESULT_PARAM);
  return isUploadResultCode(code) ? { code, ...UPLOAD_ANSWERS[code] } : null;
}

/** The JSON body POST /appoint/upload answers to a script (Accept: application/json). */
export type UploadJsonAnswer = UploadAnswer & {
  result: UploadResultCode;
  documentId?: string;
  /** For SESSION: where to sign in again. */
  redirectTo?: string;
};

/** The name a document is downloaded under: always ending in .pdf. */
export function pdfDownloadName(name: string | null | undefined): string {
  const cleaned = cleanUploadFileName(name ?? "");
  if (isPdfFileName(cleaned)) return cleaned;
  return `${cleaned.replace(/\.+$/, "").slice(0, 250) || "document"}.pdf`;
}

/**
 * The upload rule (spec §5, §8), used by the browser before sending
 * (UploadForm) and by the server for what arrived (upload.server.ts, which
 * also checks the %PDF- header as the bytes stream in): exactly one file,
 * named *.pdf, not empty, at most MAX_UPLOAD_BYTES.
 */
export function checkFilesBeforeUpload(files: ArrayLike<{ name: string; size: number }>): UploadResultCode | null {
  const problem = checkFiles(PDF_UPLOAD_POLICY, files);
  if (problem === "WRONG_TYPE" || problem === "EMPTY") return "NOT_PDF";
  return problem;
}

/** Where the application shows the Supporting Documents section. */
export function documentsSectionUrl(appointmentId: number, result?: UploadResultCode): string {
  const q = new URLSearchParams({ id: String(appointmentId), section: "DOCS" });
  if (result) q.set(UPLOAD_RESULT_PARAM, result);
  return `/appoint?${q.toString()}`;
}

/** 'Document Unavailable' (spec §8): why a document cannot be opened. */
export const DOCUMENT_UNAVAILABLE_TITLE = "Document Unavailable";
export const DOCUMENT_UNAVAILABLE = {
  NOT_YET: "This document has not been uploaded or generated yet.",
  DIRECT_DEPOSIT: "The direct deposit document is available only when Direct Deposit is the chosen remittance type.",
  MISSING: "The document cannot be downloaded right now. Please try again later.",
} as const;
/** An empty downloaded file (spec §7). */
export const FILE_EMPTY = { title: "Download Error", message: "File Empty" } as const;
