// File storage: uploaded documents, template images, generated PDFs and
// report spreadsheets live on disk under `${DATA_DIR}/files/<yyyy>/<mm>/<uuid>`
// and are described by a StoredFile row. Storage keys are generated here and
// never come from user input; the original file name is kept only as data.
//
// Crash safety: bytes are written to a temporary file in the target folder,
// flushed, then renamed into place (atomic on one file system), and only then
// is the StoredFile row created. A crash can at worst leave an unreferenced
// file or a `*.tmp-*` file behind, never a row that points at half a file.
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readFile, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import type { Prisma, StoredFile } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { env } from "./env.server";

export type { StoredFile };

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

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File is larger than ${maxBytes} bytes`);
    this.name = "FileTooLargeError";
  }
}

export class StoredFileMissingError extends Error {
  constructor(readonly storageKey: string) {
    super(`Stored file ${storageKey} is missing from storage`);
    this.name = "StoredFileMissingError";
  }
}

const KEY_PATTERN = /^\d{4}\/(0[1-9]|1[0-2])\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The folder that holds every stored file. */
export function filesRoot(): string {
  return path.join(env().dataDir, "files");
}

/** A new storage key `<yyyy>/<mm>/<uuid>` (UTC year and month). */
export function newStorageKey(now: Date = new Date()): string {
  const yyyy = String(now.getUTCFullYear()).padStart(4, "0");
  const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `${yyyy}/${mm}/${randomUUID()}`;
}

/** Absolute path of a key; refuses anything that is not a generated key. */
export function storagePath(storageKey: string): string {
  if (!KEY_PATTERN.test(storageKey)) throw new Error(`Invalid storage key: ${JSON.stringify(storageKey)}`);
  return path.join(filesRoot(), ...storageKey.split("/"));
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

export type WrittenBlob = { storageKey: string; byteSize: number; sha256: string };

/**
 * Writes the content under a new key (temp file, fsync, rename) and returns
 * the key, size and SHA-256. Creates no database row: see saveFile.
 */
export async function writeBlob(source: FileSource, opts: { maxBytes?: number } = {}): Promise<WrittenBlob> {
  const storageKey = newStorageKey();
  const finalPath = storagePath(storageKey);
  await mkdir(path.dirname(finalPath), { recursive: true });
  const tempPath = `${finalPath}.tmp-${randomUUID()}`;
  const hash = createHash("sha256");
  let byteSize = 0;
  const handle = await open(tempPath, "wx", 0o600);
  ownTempFiles.add(tempPath);
  let closed = false;
  try {
    for await (const chunk of chunksOf(source)) {
      byteSize += chunk.byteLength;
      if (opts.maxBytes !== undefined && byteSize > opts.maxBytes) throw new FileTooLargeError(opts.maxBytes);
      hash.update(chunk);
      let offset = 0;
      while (offset < chunk.byteLength) {
        const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
        offset += bytesWritten;
      }
    }
    await handle.sync();
    await handle.close();
    closed = true;
    await rename(tempPath, finalPath);
  } catch (error) {
    if (!closed) await handle.close().catch(() => {});
    await rm(tempPath, { force: true }).catch(() => {});
    throw error;
  } finally {
    ownTempFiles.delete(tempPath);
  }
  return { storageKey, byteSize, sha256: hash.digest("hex") };
}

/** Removes the bytes of a key (no error when already gone). */
export async function removeBlob(storageKey: string): Promise<void> {
  await rm(storagePath(storageKey), { force: true });
}

/**
 * Stores a file and creates its StoredFile row. Pass a transaction client
 * as `db` to create the row inside a transaction; if the row cannot be
 * created, the written bytes are removed again.
 */
export async function saveFile(input: SaveFileInput, db: StorageDb = prisma): Promise<StoredFile> {
  const source: FileSource = input.bytes !== undefined ? { bytes: input.bytes } : { stream: input.stream! };
  const blob = await writeBlob(source, { maxBytes: input.maxBytes });
  try {
    return await db.storedFile.create({
      data: {
        storageKey: blob.storageKey,
        fileName: sanitizeFileName(input.fileName),
        contentType: input.contentType || "application/octet-stream",
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

async function ensureExists(file: StoredFileRef): Promise<string> {
  const p = storagePath(file.storageKey);
  try {
    await stat(p);
  } catch {
    throw new StoredFileMissingError(file.storageKey);
  }
  return p;
}

/** A Node readable stream of the file's bytes. */
export async function openFile(file: StoredFileRef): Promise<Readable> {
  const p = await ensureExists(file);
  return createReadStream(p);
}

/** A web ReadableStream of the file's bytes (for a Response body). */
export async function openWebStream(file: StoredFileRef): Promise<ReadableStream<Uint8Array>> {
  const node = await openFile(file);
  return Readable.toWeb(node) as NodeWebReadableStream<Uint8Array> as unknown as ReadableStream<Uint8Array>;
}

/** All the bytes of the file. */
export async function readFileBytes(file: StoredFileRef): Promise<Uint8Array> {
  const p = await ensureExists(file);
  const buf = await readFile(p);
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Deletes the StoredFile row (when it has an id) and then its bytes. */
export async function deleteFile(file: StoredFileRef, db: StorageDb = prisma): Promise<void> {
  if (file.id) await db.storedFile.deleteMany({ where: { id: file.id } });
  await removeBlob(file.storageKey);
}

/** Temporary files this process is writing now (removed by removeOwnTempFiles at shutdown). */
const ownTempFiles = new Set<string>();

/**
 * Removes the temporary files of writes still under way in this process: at
 * the end of the shutdown, when their requests were answered 503 and no
 * write will finish.
 */
export async function removeOwnTempFiles(): Promise<number> {
  const files = [...ownTempFiles];
  ownTempFiles.clear();
  for (const f of files) await rm(f, { force: true }).catch(() => {});
  return files.length;
}

/**
 * The age from which a temporary file can be no write's any more: a request
 * body stalls at most 5 minutes (node's requestTimeout) before it is cut off.
 */
export const STALE_TEMP_FILE_MS = 6 * 60 * 1000;

/**
 * Removes temporary files older than `olderThanMs` left by a crash during a
 * write. Safe to run at start-up or from a maintenance job.
 */
export async function removeStaleTempFiles(olderThanMs = 60 * 60 * 1000): Promise<number> {
  let removed = 0;
  const root = filesRoot();
  const now = Date.now();
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.name.includes(".tmp-")) {
        const s = await stat(full).catch(() => undefined);
        if (s && now - s.mtimeMs > olderThanMs) {
          await unlink(full).catch(() => {});
          removed++;
        }
      }
    }
  };
  await walk(root);
  return removed;
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
  const p = await ensureExists(file);
  const size = (await stat(p)).size;
  const headers = new Headers(opts.headers);
  headers.set("Content-Type", opts.contentType ?? file.contentType ?? "application/octet-stream");
  headers.set("Content-Length", String(size));
  headers.set(
    "Content-Disposition",
    contentDisposition(opts.disposition ?? "attachment", opts.fileName ?? file.fileName ?? "file"),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  if (file.sha256) headers.set("ETag", `"${file.sha256}"`);
  const body = Readable.toWeb(createReadStream(p)) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
