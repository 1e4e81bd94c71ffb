// The one upload policy (issue 21; decision 0056): what a file may be — its
// type by content, its size, how many, its name — for the application's
// documents and Contact Us (one PDF) and the template images (one PNG, JPG
// or GIF). Pure: the browser's check before sending (`checkFiles`, by name
// or declared type, and size) and the server's (`sniffUploadType` on the
// first bytes as they stream in, receive-upload.server.ts) both read it.

/** Spec part 2 §9 / part 3 §9: 2 MB, read as 2,000,000 bytes. */
export const UPLOAD_MAX_BYTES = 2_000_000;
/** The limit as the messages name it: '2,000,000 bytes'. */
export const UPLOAD_LIMIT_TEXT = `${UPLOAD_MAX_BYTES.toLocaleString("en-US")} bytes`;
/** The limit in megabytes as the messages name it: '2MB'. */
export const UPLOAD_LIMIT_MB = `${UPLOAD_MAX_BYTES / 1_000_000}MB`;

export type UploadKind = "pdf" | "png" | "jpg" | "gif";
export const UPLOAD_CONTENT_TYPES: Record<UploadKind, string> = { pdf: "application/pdf", png: "image/png", jpg: "image/jpeg", gif: "image/gif" };

/** How many leading bytes sniffUploadType needs. */
export const UPLOAD_HEADER_BYTES = 8;

const startsWith = (header: ArrayLike<number>, bytes: readonly number[]) => header.length >= bytes.length && bytes.every((b, i) => header[i] === b);
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

/** A file's type by its first bytes (never by its name or declared type): %PDF-, the PNG signature, JPEG's FF D8 FF, GIF87a/GIF89a. */
export function sniffUploadType(header: ArrayLike<number>): UploadKind | null {
  if (startsWith(header, ascii("%PDF-"))) return "pdf";
  if (startsWith(header, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(header, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(header, ascii("GIF87a")) || startsWith(header, ascii("GIF89a"))) return "gif";
  return null;
}

/**
 * Bidirectional-text controls (LRM/RLM, embeddings, overrides, isolates, the
 * Arabic letter mark): "invoice\u202Efdp.exe" shows as "invoiceexe.pdf".
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** An upload's file name as stored: no folder, no control or bidi characters, at most 255 characters. */
export function cleanUploadFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  return base.replace(/[\u0000-\u001f\u007f]/g, "").replace(BIDI_CONTROLS, "").trim().slice(0, 255);
}

/** The one rule for a PDF's name (browser and server): it ends in .pdf once cleaned. */
export function isPdfFileName(name: string): boolean {
  return /.\.pdf$/i.test(cleanUploadFileName(name));
}

export type UploadPolicy = {
  /** The types the content may be (sniffUploadType). */
  kinds: readonly UploadKind[];
  maxBytes: number;
  maxFiles: number;
  /** The file input's accept attribute. */
  accept: string;
  /** A rule for the name (checked by the browser and the server), if any. */
  name?: (name: string) => boolean;
};

/** The application's documents and the Contact Us attachment: one PDF named *.pdf. */
export const PDF_UPLOAD_POLICY: UploadPolicy = {
  kinds: ["pdf"],
  maxBytes: UPLOAD_MAX_BYTES,
  maxFiles: 1,
  accept: "application/pdf,.pdf",
  name: isPdfFileName,
};

/** Template images: one PNG, JPG or GIF (by content; the browser can only go by the declared type). */
export const IMAGE_UPLOAD_POLICY: UploadPolicy = {
  kinds: ["png", "jpg", "gif"],
  maxBytes: UPLOAD_MAX_BYTES,
  maxFiles: 1,
  accept: "image/png,image/jpeg,image/gif",
};

export type FileProblem = "NO_FILE" | "TOO_MANY" | "WRONG_TYPE" | "TOO_BIG" | "EMPTY";

/**
 * The browser's check before sending (the server checks the content again):
 * how many, then the name (or, without a name rule, the declared type), the
 * size, not empty. The first problem, or null.
 */
export function checkFiles(policy: UploadPolicy, files: ArrayLike<{ name: string; size: number; type?: string }>): FileProblem | null {
  if (files.length === 0) return "NO_FILE";
  if (files.length > policy.maxFiles) return "TOO_MANY";
  const f = files[0]!;
  const typeOk = policy.name ? policy.name(f.name) : policy.kinds.some((k) => UPLOAD_CONTENT_TYPES[k] === f.type);
  if (!typeOk) return "WRONG_TYPE";
  if (f.size > policy.maxBytes) return "TOO_BIG";
  if (f.size === 0) return "EMPTY";
  return null;
}

/** The server's check of the first bytes: the content is one of the policy's types. */
export function acceptsContent(policy: UploadPolicy, header: ArrayLike<number>): boolean {
  const kind = sniffUploadType(header);
  return kind !== null && policy.kinds.includes(kind);
}
