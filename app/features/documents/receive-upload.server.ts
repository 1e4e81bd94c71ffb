// Receiving a multipart upload (split from upload.server.ts; used by the
// application's documents, Contact Us, template images and the hierarchy
// import): Remix's unstable_parseMultipartFormData with a handler that
// streams the first file part straight to storage (writeBlob), checks its
// first bytes against the route's content rule, cuts it at its byte limit,
// drains and discards further file parts, reads the text fields strictly
// (UTF-8, a few hundred bytes) and caps the whole request.
import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import { removeBlob, writeBlob, type WrittenBlob } from "~/lib/storage.server";
import { decodeUtf8, decodeUtf8Prefix } from "~/lib/utf8.server";
import { acceptsContent, PDF_UPLOAD_POLICY, UPLOAD_HEADER_BYTES, type UploadPolicy } from "~/lib/upload-policy";
import { cleanUploadFileName, MAX_UPLOAD_BYTES, UPLOAD_FIELDS } from "./upload";

/** The whole multipart request may not be larger than this (a few files' worth). */
export const MAX_UPLOAD_REQUEST_BYTES = 5 * MAX_UPLOAD_BYTES;

const MAX_FIELD_BYTES = 200;

/**
 * What a route accepts as its file, checked as the bytes stream in: the
 * name (optional) and the first `headerBytes` bytes (the content's magic
 * number). The default is a PDF (name *.pdf, starting %PDF-); template
 * images pass their own (PNG, JPG, GIF by content).
 */
export type UploadContentRule = {
  headerBytes: number;
  acceptHeader: (header: Uint8Array) => boolean;
  acceptName?: (name: string) => boolean;
};

/** The server half of an upload policy (~/lib/upload-policy.ts): its name rule, and its types by the first bytes. */
export function uploadContentRule(policy: UploadPolicy): UploadContentRule {
  return { headerBytes: UPLOAD_HEADER_BYTES, acceptHeader: (h) => acceptsContent(policy, h), acceptName: policy.name };
}

export const PDF_UPLOAD_RULE: UploadContentRule = uploadContentRule(PDF_UPLOAD_POLICY);

/** The multipart body could not be parsed (broken framing, a bad part header, no parts at all). */
export class MalformedUploadError extends Error {
  constructor(cause?: unknown) {
    super("The upload's multipart body could not be read", { cause });
    this.name = "MalformedUploadError";
  }
}

export class UploadRequestTooLargeError extends Error {
  constructor() {
    super(`Upload request is larger than ${MAX_UPLOAD_REQUEST_BYTES} bytes`);
    this.name = "UploadRequestTooLargeError";
  }
}

/** What the handler found in the request; the first file is in storage (blob) when it looked acceptable. */
export type ReceivedUpload = {
  fields: Record<string, string>;
  /** File parts with a file name (an empty file input sends a part with an empty name: not counted). */
  fileCount: number;
  fileName: string | null;
  contentType: string | null;
  /** Written for the first file only, and only while it looked acceptable (the content rule, the size). */
  blob: WrittenBlob | null;
  /** The first bytes of the first file (up to the rule's headerBytes). */
  header: Uint8Array | null;
  /** WRONG_TYPE: the name or the first bytes are not what the rule accepts. */
  problem: "WRONG_TYPE" | "TOO_BIG" | null;
};

async function drain(data: AsyncIterable<Uint8Array>): Promise<void> {
  for await (const chunk of data) void chunk;
}

/**
 * A text field, cut at maxBytes (a caller's schema caps it in characters: a cut field is still over that cap).
 * Bytes that are not UTF-8 are refused (MalformedUploadError), not stored as U+FFFD (decision 0039).
 */
async function readField(data: AsyncIterable<Uint8Array>, maxBytes = MAX_FIELD_BYTES): Promise<string> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    if (size < maxBytes) parts.push(chunk);
    size += chunk.byteLength;
  }
  const bytes = Buffer.concat(parts);
  const text = size > maxBytes ? decodeUtf8Prefix(bytes.subarray(0, maxBytes)) : decodeUtf8(bytes);
  if (text === null) throw new MalformedUploadError(new Error("a text field is not UTF-8"));
  return text;
}

/** A copy of the request whose body fails once more than maxBytes have been read. */
function cappedRequest(request: Request, maxBytes: number): Request {
  const declared = Number(request.headers.get("Content-Length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) throw new UploadRequestTooLargeError();
  if (!request.body) return request;
  let seen = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > maxBytes) controller.error(new UploadRequestTooLargeError());
      else controller.enqueue(chunk);
    },
  });
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body.pipeThrough(counter),
    duplex: "half",
  } as RequestInit);
}

/**
 * Reads the multipart request: small text fields, and the first file streamed
 * to storage with its size and PDF header checked on the way. Never keeps
 * more than one chunk of a file in memory. On a thrown error nothing stays
 * in storage.
 */
export type ReceiveUploadOptions = {
  /** The largest file (bytes); larger: problem TOO_BIG. */
  maxBytes?: number;
  /** The whole request's cap (default MAX_UPLOAD_REQUEST_BYTES); past it UploadRequestTooLargeError. */
  maxRequestBytes?: number;
  /** What the file must be (name, first bytes); default a PDF. */
  rule?: UploadContentRule;
  /**
   * The text fields to keep, with each one's byte cap (default: the
   * appointment upload's appointmentId and documentTypeCode, 200 bytes).
   * Other fields are read and discarded; a field posted twice keeps its first value.
   */
  fields?: Readonly<Record<string, number>>;
  /** The name of the file field; file parts under another name are discarded, not counted (default: any name). */
  fileField?: string;
};

export async function receiveUpload(request: Request, opts: ReceiveUploadOptions = {}): Promise<ReceivedUpload> {
  const maxBytes = opts.maxBytes ?? MAX_UPLOAD_BYTES;
  const rule = opts.rule ?? PDF_UPLOAD_RULE;
  const got: ReceivedUpload = { fields: {}, fileCount: 0, fileName: null, contentType: null, blob: null, header: null, problem: null };
  const wanted = new Map<string, number>(
    Object.entries(opts.fields ?? { [UPLOAD_FIELDS.appointmentId]: MAX_FIELD_BYTES, [UPLOAD_FIELDS.documentTypeCode]: MAX_FIELD_BYTES }),
  );

  let parts = 0;
  const handler = async (part: UploadHandlerPart): Promise<undefined> => {
    parts += 1;
    if (part.filename === undefined) {
      if (wanted.has(part.name) && !Object.hasOwn(got.fields, part.name)) got.fields[part.name] = (await readField(part.data, wanted.get(part.name))).trim();
      else await drain(part.data);
      return undefined;
    }
    if (part.filename === "" || (opts.fileField !== undefined && part.name !== opts.fileField)) {
      // An empty file input: no file chosen.
      await drain(part.data);
      return undefined;
    }
    got.fileCount += 1;
    if (got.fileCount > 1) {
      await drain(part.data);
      return undefined;
    }
    got.fileName = cleanUploadFileName(part.filename);
    got.contentType = part.contentType || null;
    if (rule.acceptName && !rule.acceptName(got.fileName)) {
      got.problem = "WRONG_TYPE";
      await drain(part.data);
      return undefined;
    }
    // Stream to storage; stop writing (but keep draining) at the first problem.
    let seen = 0;
    const header: number[] = [];
    async function* checked(): AsyncGenerator<Uint8Array> {
      for await (const chunk of part.data) {
        if (got.problem) continue;
        seen += chunk.byteLength;
        for (let i = 0; header.length < rule.headerBytes && i < chunk.byteLength; i++) header.push(chunk[i]!);
        if (header.length >= rule.headerBytes && !rule.acceptHeader(Uint8Array.from(header))) {
          got.problem = "WRONG_TYPE";
          continue;
        }
        if (seen > maxBytes) {
          got.problem = "TOO_BIG";
          continue;
        }
        yield chunk;
      }
    }
    const blob = await writeBlob({ stream: checked() });
    got.header = Uint8Array.from(header);
    if (!got.problem && !rule.acceptHeader(got.header)) got.problem = "WRONG_TYPE";
    if (got.problem) await removeBlob(blob.storageKey).catch(() => {});
    else got.blob = blob;
    return undefined;
  };

  try {
    await unstable_parseMultipartFormData(cappedRequest(request, opts.maxRequestBytes ?? MAX_UPLOAD_REQUEST_BYTES), handler);
    if (parts === 0) throw new MalformedUploadError();
    // A NUL character (U+0000) in a text field: no browser form sends one and
    // PostgreSQL cannot store it in text (the save would fail with a 5xx).
    if (Object.values(got.fields).some((v) => v.includes("\u0000"))) throw new MalformedUploadError();
  } catch (error) {
    if (got.blob) await removeBlob(got.blob.storageKey).catch(() => {});
    got.blob = null;
    throw isParseError(error) && !(error instanceof MalformedUploadError) ? new MalformedUploadError(error) : error;
  }
  return got;
}

/**
 * An error of the multipart parser (what the client sent), as opposed to
 * one of storage (errno codes such as ENOSPC) or the size cap.
 */
function isParseError(error: unknown): boolean {
  if (error instanceof MalformedUploadError) return true;
  if (error instanceof UploadRequestTooLargeError || error instanceof Response) return false;
  if (error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string") return false;
  return error instanceof Error;
}
