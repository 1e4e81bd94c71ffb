// Object storage backend (decision 0033): STORAGE_URL=s3://bucket[/prefix]?…
// keeps the stored files in any S3-compatible service through the AWS SDK.
//
//   s3://portal-files                                   AWS, region us-east-1
//   s3://portal-files/prod?region=eu-west-1             AWS, keys under prod/
//   s3://portal-files?endpoint=http://127.0.0.1:9000    MinIO, Ceph, s3rver, … (path-style)
//
// Parameters: endpoint (http or https URL of the service; its requests then
// use path-style addressing unless forcePathStyle=false), region (default
// us-east-1), forcePathStyle (true/false), checksums (when_supported, the
// SDK's default, or when_required for services that do not understand the
// SDK's newer checksum headers). Credentials never come from the URL: the
// SDK's standard chain reads AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (and
// AWS_SESSION_TOKEN), the shared config files (AWS_PROFILE) or the
// instance's or container's role.
//
// Writes are multipart uploads (@aws-sdk/lib-storage) of 5 MiB parts, at
// most two in flight: the file streams through, never whole in memory. A
// write refused (maxBytes) or failed aborts its multipart upload, so no
// object and no parts stay behind. The SDK is loaded only when STORAGE_URL
// asks for it.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type * as S3Sdk from "@aws-sdk/client-s3";
import type { S3Client } from "@aws-sdk/client-s3";
import type * as LibStorage from "@aws-sdk/lib-storage";
import {
  assertStorageKey,
  measured,
  StoredFileMissingError,
  WriteCancelledError,
  type OpenedFile,
  type PutOptions,
  type StorageBackend,
  type WrittenBlob,
} from "./storage-backend.server";

/** Size of one part of a multipart upload (S3's smallest part). */
export const PART_SIZE = 5 * 1024 * 1024;
/** Parts uploaded at once by one write. */
export const PARTS_IN_FLIGHT = 2;

export type S3Settings = {
  bucket: string;
  /** Prefix of every object key, without a trailing slash ("" for none). */
  prefix: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  checksums: "WHEN_SUPPORTED" | "WHEN_REQUIRED";
};

export class StorageUrlError extends Error {
  constructor(problem: string) {
    super(`STORAGE_URL: ${problem}`);
    this.name = "StorageUrlError";
  }
}

/** The start-up check failed: the message says why (never with a secret). */
export class StorageCheckError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = "StorageCheckError";
  }
}

const PARAMS = new Set(["endpoint", "region", "forcePathStyle", "checksums"]);
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Reads STORAGE_URL (s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=…&checksums=…). */
export function parseStorageUrl(value: string): S3Settings {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new StorageUrlError("not a URL (expected s3://bucket?endpoint=…)");
  }
  if (url.protocol !== "s3:") throw new StorageUrlError(`unsupported scheme ${JSON.stringify(url.protocol)} (expected s3://)`);
  if (url.username || url.password) {
    throw new StorageUrlError("credentials do not belong in the URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY");
  }
  const bucket = url.hostname;
  if (!BUCKET.test(bucket)) throw new StorageUrlError(`${JSON.stringify(bucket)} is not a bucket name`);
  if (url.port) throw new StorageUrlError("a port belongs in the endpoint parameter, not after the bucket");
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "");
  if (prefix.split("/").some((s) => s === "." || s === "..") || /[\u0000-\u001f\\]/.test(prefix)) {
    throw new StorageUrlError("the key prefix may not contain '.', '..', backslashes or control characters");
  }
  for (const key of url.searchParams.keys()) {
    if (!PARAMS.has(key)) throw new StorageUrlError(`unknown parameter ${JSON.stringify(key)} (known: ${[...PARAMS].join(", ")})`);
  }
  let endpoint: string | undefined;
  const endpointParam = url.searchParams.get("endpoint");
  if (endpointParam) {
    let e: URL;
    try {
      e = new URL(endpointParam);
    } catch {
      throw new StorageUrlError("endpoint is not a URL (e.g. https://s3.example.com)");
    }
    if (e.protocol !== "http:" && e.protocol !== "https:") throw new StorageUrlError("endpoint must be an http:// or https:// URL");
    if (e.username || e.password) {
      throw new StorageUrlError("credentials do not belong in the URL: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY");
    }
    if (e.search || e.hash) throw new StorageUrlError("endpoint may not have a query or fragment");
    endpoint = e.href.replace(/\/+$/, "");
  }
  const region = url.searchParams.get("region") || "us-east-1";
  if (!/^[a-z0-9-]{1,64}$/.test(region)) throw new StorageUrlError(`${JSON.stringify(region)} is not a region`);
  const flag = (name: string, fallback: boolean): boolean => {
    const v = url.searchParams.get(name);
    if (v === null || v === "") return fallback;
    if (v === "true" || v === "1") return true;
    if (v === "false" || v === "0") return false;
    throw new StorageUrlError(`${name} must be true or false`);
  };
  const checksumsParam = (url.searchParams.get("checksums") || "when_supported").toLowerCase();
  if (checksumsParam !== "when_supported" && checksumsParam !== "when_required") {
    throw new StorageUrlError("checksums must be when_supported or when_required");
  }
  return {
    bucket,
    prefix,
    endpoint,
    region,
    forcePathStyle: flag("forcePathStyle", endpoint !== undefined),
    checksums: checksumsParam === "when_required" ? "WHEN_REQUIRED" : "WHEN_SUPPORTED",
  };
}

type Sdk = typeof S3Sdk;
type UploadClass = typeof LibStorage.Upload;

type Metadata = { $metadata?: { httpStatusCode?: number }; name?: string; Code?: string };

function isNotFound(error: unknown): boolean {
  const e = error as Metadata;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.Code === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
}

/** An SDK error as an operator reads it: its name, status and message (SDK errors carry no secrets). */
function describeError(error: unknown): string {
  const e = error as Metadata & { message?: string };
  const status = e?.$metadata?.httpStatusCode;
  return [e?.name, status ? `HTTP ${status}` : undefined, e?.message].filter(Boolean).join(": ");
}

type Write = { cancel(): void; settled: Promise<unknown> };

export class S3Storage implements StorageBackend {
  readonly description: string;
  private readonly writes = new Set<Write>();
  private warnedAboutListing = false;

  private constructor(
    readonly settings: S3Settings,
    readonly client: S3Client,
    private readonly sdk: Sdk,
    private readonly Upload: UploadClass,
  ) {
    const where = settings.endpoint ? ` at ${new URL(settings.endpoint).origin}` : ` in ${settings.region}`;
    this.description = `S3 bucket "${settings.bucket}"${settings.prefix ? ` under "${settings.prefix}/"` : ""}${where}`;
  }

  static async create(settings: S3Settings): Promise<S3Storage> {
    const [sdk, { Upload }] = await Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]);
    const client = new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      requestChecksumCalculation: settings.checksums,
      responseChecksumValidation: settings.checksums,
      maxAttempts: 3,
      // A service that does not answer: give up on connecting after 5 s and on a silent socket after 60 s.
      requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
    });
    return new S3Storage(settings, client, sdk, Upload);
  }

  private objectKey(storageKey: string): string {
    assertStorageKey(storageKey);
    return this.settings.prefix ? `${this.settings.prefix}/${storageKey}` : storageKey;
  }

  /**
   * Writes and deletes a tiny probe object under the prefix: the bucket
   * exists and these credentials may put and delete objects there.
   */
  async check(): Promise<void> {
    const Key = `${this.settings.prefix ? `${this.settings.prefix}/` : ""}portal-write-check/${randomUUID()}`;
    try {
      await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key, Body: "ok", ContentType: "text/plain" }));
      await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key }));
    } catch (error) {
      const e = error as Metadata;
      const status = e.$metadata?.httpStatusCode;
      const hint =
        e.name === "NoSuchBucket" || e.Code === "NoSuchBucket"
          ? "the bucket does not exist"
          : status === 403 || status === 401
            ? "access denied: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and the bucket's policy)"
            : status
              ? "the service refused a test write"
              : "cannot reach it";
      throw new StorageCheckError(`STORAGE_URL: object storage ${this.description}: ${hint} (${describeError(error)})`, error);
    }
  }

  async put(storageKey: string, source: AsyncIterable<Uint8Array>, opts: PutOptions = {}): Promise<WrittenBlob> {
    const Key = this.objectKey(storageKey);
    const { chunks, result } = measured(source, opts.maxBytes);
    // Our own reason to stop (too large, the source failed, shutdown) wins over what the upload then reports.
    let failure: unknown;
    // Shutdown must stop a write even while its source waits for bytes that will not come.
    let cancel!: (error: Error) => void;
    const cancelled = new Promise<never>((_, reject) => {
      cancel = reject;
    });
    cancelled.catch(() => {});
    async function* guarded(): AsyncGenerator<Uint8Array> {
      const it = chunks[Symbol.asyncIterator]();
      try {
        for (;;) {
          const next = await Promise.race([it.next(), cancelled]);
          if (next.done) return;
          yield next.value;
        }
      } catch (error) {
        failure ??= error;
        throw error;
      } finally {
        void it.return(undefined).catch(() => {});
      }
    }
    const body = Readable.from(guarded(), { objectMode: false, highWaterMark: 64 * 1024 });
    const upload = new this.Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key, Body: body, ContentType: opts.contentType || "application/octet-stream" },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    const done = upload.done();
    const write: Write = {
      cancel: () => cancel(new WriteCancelledError()),
      settled: done.catch(() => undefined),
    };
    this.writes.add(write);
    try {
      await done;
    } catch (error) {
      throw failure ?? error;
    } finally {
      this.writes.delete(write);
      body.destroy();
    }
    return { storageKey, byteSize: result.byteSize, sha256: result.sha256() };
  }

  async open(storageKey: string): Promise<OpenedFile> {
    try {
      const got = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(storageKey) }));
      const stream = got.Body as Readable | undefined;
      if (!stream) throw new StoredFileMissingError(storageKey);
      return { stream, byteSize: got.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileMissingError(storageKey);
      throw error;
    }
  }

  async size(storageKey: string): Promise<number> {
    try {
      const head = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(storageKey) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) throw new StoredFileMissingError(storageKey);
      throw error;
    }
  }

  async exists(storageKey: string): Promise<boolean> {
    try {
      await this.size(storageKey);
      return true;
    } catch (error) {
      if (error instanceof StoredFileMissingError) return false;
      throw error;
    }
  }

  async remove(storageKey: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(storageKey) }));
  }

  async cancelWrites(): Promise<number> {
    const writes = [...this.writes];
    for (const w of writes) w.cancel();
    // Each cancelled write aborts its multipart upload; give them a few seconds.
    await Promise.race([Promise.all(writes.map((w) => w.settled)), new Promise((r) => setTimeout(r, 5_000).unref())]);
    return writes.length;
  }

  /**
   * Aborts the multipart uploads under our prefix started more than
   * olderThanMs ago (a process killed while writing leaves them). A service
   * that cannot list them is told about once; a bucket lifecycle rule
   * (AbortIncompleteMultipartUpload) does the same job there.
   */
  async removeStaleWrites(olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    const prefix = this.settings.prefix ? `${this.settings.prefix}/` : "";
    let removed = 0;
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    try {
      for (let page = 0; page < 100; page++) {
        const list = await this.client.send(
          new this.sdk.ListMultipartUploadsCommand({ Bucket: this.settings.bucket, Prefix: prefix || undefined, KeyMarker, UploadIdMarker }),
        );
        for (const u of list.Uploads ?? []) {
          if (!u.Key || !u.UploadId || !u.Initiated || u.Initiated.getTime() > cutoff) continue;
          if (this.notOurs(u.Key)) continue;
          await this.client.send(new this.sdk.AbortMultipartUploadCommand({ Bucket: this.settings.bucket, Key: u.Key, UploadId: u.UploadId }));
          removed++;
        }
        if (!list.IsTruncated) break;
        KeyMarker = list.NextKeyMarker;
        UploadIdMarker = list.NextUploadIdMarker;
      }
    } catch (error) {
      if (!this.warnedAboutListing) {
        this.warnedAboutListing = true;
        console.warn(
          `[portal] object storage: cannot list unfinished multipart uploads (${describeError(error)}); give the bucket a lifecycle rule that aborts incomplete multipart uploads after a day`,
        );
      }
    }
    return removed;
  }

  /** Only keys that look like ours (prefix + <yyyy>/<mm>/<uuid>) are touched by the sweep. */
  private notOurs(key: string): boolean {
    const prefix = this.settings.prefix ? `${this.settings.prefix}/` : "";
    if (!key.startsWith(prefix)) return true;
    try {
      assertStorageKey(key.slice(prefix.length));
      return false;
    } catch {
      return true;
    }
  }
}
