// File storage: uploaded documents, template images, generated PDFs and
// report spreadsheets, each described by a StoredFile row. Their bytes live
// in one storage backend (decision 0033): local disk under
// `${DATA_DIR}/files/<yyyy>/<mm>/<uuid>` by default (storage-disk.server.ts),
// or an S3-compatible bucket when STORAGE_URL=s3://… (storage-s3.server.ts).
// Everything in the portal reads and writes stored files through this
// module. Storage keys are generated here and never come from user input;
// the original file name is kept only as data.
//
// Crash safety: the bytes are complete in storage (disk: temp file, fsync,
// rename; S3: a completed multipart upload) before the StoredFile row is
// created. A crash can at worst leave unreferenced bytes behind, never a row
// that points at half a file.
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import type { Prisma, StoredFile } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { env } from "./env.server";
import { newStorageKey, type StorageBackend, type WrittenBlob } from "./storage-backend.server";
import { DiskStorage } from "./storage-disk.server";

export type { StoredFile };
export { FileTooLargeError, newStorageKey, StoredFileMissingError, WriteCancelledError } from "./storage-backend.server";
export type { StorageBackend, WrittenBlob } from "./storage-backend.server";
export { filesRoot, storagePath } from "./storage-disk.server";

/** The fields of a StoredFile that the file functions need. */
export type StoredFileRef = Pick<StoredFile, "storageKey"> &
  Partial<Pick<StoredFile, "id" | "fileName" | "contentType" | "byteSize" | "sha256">>;

/** A Prisma client or the client of a transaction. */
export type StorageDb = Pick<Prisma.TransactionClient, "storedFile">;

export type FileSource =
  | { bytes: Uint8Array | ArrayBuffer; stream?: never }
  | {
      stream: Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;
      bytes?: never;
    };

export type SaveFileInput = FileSource & {
  fileName: string;
  contentType: string;
  createdById?: string | null;
  /** Refuse (and write nothing) when the content is larger than this. */
  maxBytes?: number;
};

// ---- the backend ----

let current: { url: string | undefined; backend: Promise<StorageBackend> } | undefined;

/** The storage backend STORAGE_URL asks for (local disk when unset); one per process. */
export function storageBackend(): Promise<StorageBackend> {
  const url = env().STORAGE_URL;
  if (!current || current.url !== url) {
    const backend = url ? import("./storage-s3.server").then(({ parseStorageUrl, S3Storage }) => S3Storage.create(parseStorageUrl(url))) : Promise.resolve(new DiskStorage());
    current = { url, backend };
    backend.catch(() => {
      if (current?.backend === backend) current = undefined;
    });
  }
  return current.backend;
}

/** Tests: forget the backend (after changing STORAGE_URL or DATA_DIR). */
export function resetStorageBackend(): void {
  current = undefined;
}

/**
 * Start-up: makes sure the storage can be used (disk: the folder; S3: the
 * bucket answers with these credentials) and returns where files go.
 */
export async function checkStorage(): Promise<string> {
  const backend = await storageBackend();
  await backend.check();
  return backend.description;
}

async function* chunksOf(source: FileSource): AsyncGenerator<Uint8Array> {
  if (source.bytes !== undefined) {
    yield source.bytes instanceof Uint8Array ? source.bytes : new Uint8Array(source.bytes);
    return;
  }
  const s = source.stream;
  if (s instanceof Readable || Symbol.asyncIterator in (s as object)) {
    for await (const chunk of s as AsyncIterable<Uint8Array | string>) {
      yield typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    }
    return;
  }
  const reader = (s as ReadableStream<Uint8Array>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value) yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Writes the content under a new key and returns the key, size and
 * SHA-256, streaming (never the whole file in memory). Creates no database
 * row: see saveFile. Past maxBytes: FileTooLargeError and nothing stored.
 */
export async function writeBlob(source: FileSource, opts: { maxBytes?: number; contentType?: string } = {}): Promise<WrittenBlob> {
  const backend = await storageBackend();
  return backend.put(newStorageKey(), chunksOf(source), opts);
}

/**
 * The advisory lock `npm run backup` holds (exclusively) from before its copy of the database until
 * its copy of the files ends (scripts/lib/backup.ts, decision 0079). Its copy of the database can
 * hold a StoredFile row that is deleted a moment later: the bytes of such a row must outlive the
 * backup's copy of the files, so a removal while the lock is held is only listed (blob_removals).
 * The AFTER DELETE trigger on stored_files (migration 20261127230000_blob_removals_trigger) lists a
 * deleted row's key in the deleting transaction under the same key: change both together.
 */
export const BACKUP_FILES_LOCK = "portal:backup-files";

/**
 * Removes the bytes of a key (no error when already gone), called after the row is deleted (or
 * was never committed). While a backup runs, the key is listed in blob_removals instead (a deleted
 * row's key is already listed by the trigger, in its deleting transaction; this covers bytes without
 * a row too): the backup copies those bytes and removes them at its end (the hourly purge removes
 * what a backup cut off left).
 */
export async function removeBlob(storageKey: string): Promise<void> {
  let deferred = false;
  try {
    const rows = await prisma.$queryRaw<unknown[]>`
      INSERT INTO blob_removals (storage_key) SELECT ${storageKey}
       WHERE NOT pg_try_advisory_xact_lock_shared(hashtext(${BACKUP_FILES_LOCK}))
      ON CONFLICT (storage_key) DO UPDATE SET requested_at = now()
      RETURNING 1`;
    deferred = rows.length > 0;
  } catch {
    // The database is gone (a write that failed with it cleans up): no backup can copy it now either.
  }
  if (!deferred) await (await storageBackend()).remove(storageKey);
}

/**
 * The hourly purge's part: removes the bytes listed while a backup ran, which the backup did not
 * remove itself (it was cut off), unless a backup runs now. Returns how many.
 */
export async function removeDeferredBlobs(): Promise<number> {
  const backend = await storageBackend();
  let removed = 0;
  for (;;) {
    const batch = await prisma.$transaction(
      async (tx) => {
        const [lock] = await tx.$queryRaw<Array<{ ok: boolean }>>`SELECT pg_try_advisory_xact_lock_shared(hashtext(${BACKUP_FILES_LOCK})) AS ok`;
        if (!lock?.ok) return 0;
        const rows = await tx.$queryRaw<Array<{ storage_key: string }>>`
          DELETE FROM blob_removals WHERE storage_key IN (SELECT storage_key FROM blob_removals LIMIT 500) RETURNING storage_key`;
        for (const r of rows) await backend.remove(r.storage_key);
        return rows.length;
      },
      { timeout: 120_000 },
    );
    removed += batch;
    if (batch < 500) return removed;
  }
}

/**
 * Stores a file and creates its StoredFile row. Pass a transaction client
 * as `db` to create the row inside a transaction; if the row cannot be
 * created, the written bytes are removed again.
 */
export async function saveFile(input: SaveFileInput, db: StorageDb = prisma): Promise<StoredFile> {
  const source: FileSource = input.bytes !== undefined ? { bytes: input.bytes } : { stream: input.stream! };
  const contentType = input.contentType || "application/octet-stream";
  const blob = await writeBlob(source, { maxBytes: input.maxBytes, contentType });
  try {
    return await db.storedFile.create({
      data: {
        storageKey: blob.storageKey,
        fileName: sanitizeFileName(input.fileName),
        contentType,
        byteSize: blob.byteSize,
        sha256: blob.sha256,
        createdById: input.createdById ?? null,
      },
    });
  } catch (error) {
    await removeBlob(blob.storageKey).catch(() => {});
    throw error;
  }
}

/** A Node readable stream of the file's bytes. StoredFileMissingError when they are gone. */
export async function openFile(file: StoredFileRef): Promise<Readable> {
  return (await (await storageBackend()).open(file.storageKey)).stream;
}

/** A web ReadableStream of the file's bytes (for a Response body). */
export async function openWebStream(file: StoredFileRef): Promise<ReadableStream<Uint8Array>> {
  const node = await openFile(file);
  return Readable.toWeb(node) as NodeWebReadableStream<Uint8Array> as unknown as ReadableStream<Uint8Array>;
}

/**
 * All the bytes of the file, for the few users that need them at once
 * (mail attachments, PDF merging of small system documents).
 */
export async function readFileBytes(file: StoredFileRef): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openFile(file)) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  const buf = Buffer.concat(chunks);
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** The size of the stored bytes. StoredFileMissingError when they are gone. */
export async function storedFileSize(file: StoredFileRef): Promise<number> {
  return (await storageBackend()).size(file.storageKey);
}

/** Deletes the StoredFile row (when it has an id) and then its bytes. */
export async function deleteFile(file: StoredFileRef, db: StorageDb = prisma): Promise<void> {
  if (file.id) await db.storedFile.deleteMany({ where: { id: file.id } });
  await removeBlob(file.storageKey);
}

/**
 * Gives up the writes still under way in this process: at the end of the
 * shutdown, when their requests were answered 503 and no write will finish
 * (disk: their temporary files are removed; S3: their multipart uploads are
 * aborted). Returns how many there were.
 */
export async function removeOwnTempFiles(): Promise<number> {
  if (!current) return 0;
  return (await current.backend.catch(() => undefined))?.cancelWrites() ?? 0;
}

/**
 * The age from which a temporary file can be no write's any more: a request
 * body stalls at most 5 minutes (node's requestTimeout) before it is cut off.
 */
export const STALE_TEMP_FILE_MS = 6 * 60 * 1000;

/**
 * Removes what writes cut off by a crash left behind, older than
 * `olderThanMs` (disk: `*.tmp-*` files; S3: unfinished multipart uploads).
 * Safe to run at start-up or from a maintenance job.
 */
export async function removeStaleTempFiles(olderThanMs = 60 * 60 * 1000): Promise<number> {
  return (await storageBackend()).removeStaleWrites(olderThanMs);
}

/** A file name safe to keep and show: no path, no control characters. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
   
  // Control characters and bidi controls (a right-to-left override disguises the extension).
  const cleaned = base.replace(/[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  return (cleaned || "file").slice(0, 255);
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A Content-Disposition value with an ASCII fallback `filename` and the
 * exact UTF-8 name in `filename*` (RFC 6266 / RFC 5987).
 */
export function contentDisposition(disposition: "inline" | "attachment", fileName: string): string {
  const name = sanitizeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

export type FileResponseOptions = {
  disposition?: "inline" | "attachment";
  fileName?: string;
  /** Overrides the stored content type. */
  contentType?: string;
  headers?: HeadersInit;
};

/**
 * A Response streaming the stored file, with Content-Type, Content-Length,
 * Content-Disposition, nosniff and no caching. Use from resource routes
 * after checking that the asking user may see the file.
 */
export async function fileResponse(
  file: StoredFileRef & Partial<Pick<StoredFile, "fileName" | "contentType">>,
  opts: FileResponseOptions = {},
): Promise<Response> {
  const opened = await (await storageBackend()).open(file.storageKey);
  const headers = new Headers(opts.headers);
  headers.set("Content-Type", opts.contentType ?? file.contentType ?? "application/octet-stream");
  headers.set("Content-Length", String(opened.byteSize));
  headers.set(
    "Content-Disposition",
    contentDisposition(opts.disposition ?? "attachment", opts.fileName ?? file.fileName ?? "file"),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  if (file.sha256) headers.set("ETag", `"${file.sha256}"`);
  const body = Readable.toWeb(opened.stream) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
