// What a place that keeps the bytes of stored files must do (decision 0033).
// Two backends: DiskStorage (DATA_DIR/files, the default) and S3Storage
// (STORAGE_URL=s3://…, any S3-compatible service). app/lib/storage.server.ts
// picks one and is the only module the rest of the portal uses.
//
// A backend stores bytes under a storage key `<yyyy>/<mm>/<uuid>` made by
// newStorageKey(), never one that comes from user input. Writes stream: no
// backend holds a whole file in memory.
import { createHash, randomUUID } from "node:crypto";
import type { Readable } from "node:stream";

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

/** A write this process gave up at shutdown (its request was answered 503). */
export class WriteCancelledError extends Error {
  constructor() {
    super("The write was cancelled: the process is shutting down");
    this.name = "WriteCancelledError";
  }
}

export type WrittenBlob = { storageKey: string; byteSize: number; sha256: string };

export type PutOptions = {
  /** Refuse (FileTooLargeError, nothing stored) past this many bytes. */
  maxBytes?: number;
  /** Kept with the object where the backend can (S3); responses set their own. */
  contentType?: string;
};

export type OpenedFile = { stream: Readable; byteSize: number };

export interface StorageBackend {
  /** For the start-up line and errors: where files go, without any secret. */
  readonly description: string;
  /** Fails (with a message for the operator) when the storage cannot be used. */
  check(): Promise<void>;
  /** Streams the chunks under the key; returns size and SHA-256. Leaves nothing behind on failure. */
  put(storageKey: string, chunks: AsyncIterable<Uint8Array>, opts?: PutOptions): Promise<WrittenBlob>;
  /** The bytes as a stream, with their size. StoredFileMissingError when there are none. */
  open(storageKey: string): Promise<OpenedFile>;
  /** The size in bytes. StoredFileMissingError when there are none. */
  size(storageKey: string): Promise<number>;
  exists(storageKey: string): Promise<boolean>;
  /** Removes the bytes (no error when already gone). */
  remove(storageKey: string): Promise<void>;
  /** Gives up the writes under way in this process (shutdown); returns how many. */
  cancelWrites(): Promise<number>;
  /** Removes what writes cut off by a crash left behind, older than olderThanMs; returns how many. */
  removeStaleWrites(olderThanMs: number): Promise<number>;
}

const KEY_PATTERN = /^\d{4}\/(0[1-9]|1[0-2])\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new storage key `<yyyy>/<mm>/<uuid>` (UTC year and month). */
export function newStorageKey(now: Date = new Date()): string {
  const yyyy = String(now.getUTCFullYear()).padStart(4, "0");
  const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `${yyyy}/${mm}/${randomUUID()}`;
}

/** Throws for anything that is not a generated key (a path, `..`, an empty string). */
export function assertStorageKey(storageKey: string): void {
  if (!KEY_PATTERN.test(storageKey)) throw new Error(`Invalid storage key: ${JSON.stringify(storageKey)}`);
}

/** What measured() found once the chunks have been read to the end. */
export type Measured = { byteSize: number; sha256: () => string };

/**
 * Passes the chunks through, counting and hashing them, and throws
 * FileTooLargeError as soon as more than maxBytes have come.
 */
export function measured(
  chunks: AsyncIterable<Uint8Array>,
  maxBytes: number | undefined,
): { chunks: AsyncGenerator<Uint8Array>; result: Measured } {
  const hash = createHash("sha256");
  let digest: string | undefined;
  const result: Measured = {
    byteSize: 0,
    sha256: () => (digest ??= hash.digest("hex")),
  };
  async function* gen(): AsyncGenerator<Uint8Array> {
    for await (const chunk of chunks) {
      if (chunk.byteLength === 0) continue;
      result.byteSize += chunk.byteLength;
      if (maxBytes !== undefined && result.byteSize > maxBytes) throw new FileTooLargeError(maxBytes);
      hash.update(chunk);
      yield chunk;
    }
  }
  return { chunks: gen(), result };
}
