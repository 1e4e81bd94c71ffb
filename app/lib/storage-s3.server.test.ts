// The S3 storage backend against a local S3-compatible server (s3rver on
// loopback, tests/support/s3-server.ts): STORAGE_URL parsing, streamed
// multipart uploads with bounded buffering, refusals and failures that leave
// nothing behind, shutdown, the sweep of unfinished uploads and the start-up
// check. The API every backend shares is tested in storage.server.test.ts.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateMultipartUploadCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startS3Server, type S3ServerHandle } from "../../tests/support/s3-server";
import { resetEnvCache } from "./env.server";
import { newStorageKey, StoredFileMissingError } from "./storage-backend.server";
import { PART_SIZE, PARTS_IN_FLIGHT, parseStorageUrl, S3Storage } from "./storage-s3.server";
import {
  checkStorage,
  FileTooLargeError,
  openFile,
  readFileBytes,
  removeOwnTempFiles,
  removeStaleTempFiles,
  resetStorageBackend,
  STALE_TEMP_FILE_MS,
  storedFileSize,
  WriteCancelledError,
  writeBlob,
} from "./storage.server";

const MiB = 1024 * 1024;
const SETTINGS = ["DATA_DIR", "STORAGE_URL", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"] as const;
const previous = Object.fromEntries(SETTINGS.map((k) => [k, process.env[k]]));
function setEnv(values: Partial<Record<(typeof SETTINGS)[number], string | undefined>>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  resetStorageBackend();
}

let s3: S3ServerHandle;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(path.join(tmpdir(), "storage-s3-test-"));
  setEnv({ DATA_DIR: dataDir, STORAGE_URL: s3.storageUrl, ...s3.credentials });
});
afterAll(async () => {
  setEnv(previous);
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  setEnv({ STORAGE_URL: s3.storageUrl, ...s3.credentials });
  s3.requests.length = 0;
});

/** A chunk of `size` bytes whose content depends on n (so the hash checks order). */
const chunk = (n: number, size = MiB) => Buffer.alloc(size, n % 251);

describe("STORAGE_URL", () => {
  it("reads bucket, prefix, endpoint, region and path style", () => {
    expect(parseStorageUrl("s3://files.example?endpoint=http%3A%2F%2F127.0.0.1%3A4569&region=eu-west-1")).toEqual({
      bucket: "files.example",
      prefix: "",
      endpoint: "http://127.0.0.1:4569",
      region: "eu-west-1",
      forcePathStyle: true,
      checksums: "WHEN_SUPPORTED",
    });
    expect(parseStorageUrl("s3://portal-files/prod/files/?forcePathStyle=false&checksums=when_required")).toEqual({
      bucket: "portal-files",
      prefix: "prod/files",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
      checksums: "WHEN_REQUIRED",
    });
    // An unencoded endpoint works too (its own query would be cut, and is refused anyway).
    expect(parseStorageUrl("s3://bkt?endpoint=https://minio.internal:9000/").endpoint).toBe("https://minio.internal:9000");
  });

  it("refuses credentials in the URL without repeating them", () => {
    for (const url of ["s3://AKIAXXX:topsecret@bucket", "s3://bucket?endpoint=http://AKIAXXX:topsecret@127.0.0.1:9000"]) {
      let message = "";
      try {
        parseStorageUrl(url);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(/AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
      expect(message).not.toMatch(/topsecret|AKIAXXX/);
    }
  });

  it("refuses what it does not understand", () => {
    expect(() => parseStorageUrl("https://bucket")).toThrow(/expected s3:\/\//);
    expect(() => parseStorageUrl("s3://Bad_Bucket")).toThrow(/not a bucket name/);
    expect(() => parseStorageUrl("s3://bucket?endpiont=http://x")).toThrow(/unknown parameter "endpiont"/);
    expect(() => parseStorageUrl("s3://bucket?endpoint=ftp://x")).toThrow(/http:\/\/ or https:\/\//);
    expect(() => parseStorageUrl("s3://bucket/../x")).not.toThrow(); // URL parsing already removed the ".."
    expect(() => parseStorageUrl("s3://bucket?forcePathStyle=maybe")).toThrow(/true or false/);
    expect(() => parseStorageUrl("s3://bucket:9000")).toThrow(/port/);
  });
});

describe("S3 backend", () => {
  it("streams a 24 MiB file as a multipart upload, never far ahead of what the server has", async () => {
    const total = 24;
    const hash = createHash("sha256");
    let produced = 0;
    let maxAhead = 0;
    const partBytesDone = () =>
      s3.requests.filter((r) => r.method === "PUT" && r.query.includes("partNumber=") && r.status === 200).reduce((n, r) => n + r.bytes, 0);
    async function* source() {
      for (let i = 0; i < total; i++) {
        const c = chunk(i);
        hash.update(c);
        produced += c.byteLength;
        maxAhead = Math.max(maxAhead, produced - partBytesDone());
        yield c;
      }
    }
    const blob = await writeBlob({ stream: source() }, { maxBytes: 25 * MiB });
    expect(blob.byteSize).toBe(total * MiB);
    expect(blob.sha256).toBe(hash.digest("hex"));

    // Multipart: one CreateMultipartUpload, ceil(24/5) = 5 parts, one CompleteMultipartUpload.
    const key = `/${s3.bucket}/${blob.storageKey}`;
    const mine = s3.requests.filter((r) => r.path === key);
    expect(mine.filter((r) => r.method === "POST" && /(^|&)uploads=/.test(r.query))).toHaveLength(1);
    expect(mine.filter((r) => r.method === "PUT" && r.query.includes("partNumber="))).toHaveLength(Math.ceil((total * MiB) / PART_SIZE));
    expect(mine.filter((r) => r.method === "POST" && r.query.includes("uploadId="))).toHaveLength(1);
    // Bounded memory: the parts in flight, the part being filled and one chunk; never the whole file.
    expect(maxAhead).toBeLessThanOrEqual((PARTS_IN_FLIGHT + 1) * PART_SIZE + 2 * MiB);
    expect(maxAhead).toBeLessThan(total * MiB);

    // Read back as a stream: same bytes.
    const back = createHash("sha256");
    let size = 0;
    for await (const c of await openFile(blob)) {
      back.update(c as Buffer);
      size += (c as Buffer).byteLength;
    }
    expect(size).toBe(total * MiB);
    expect(back.digest("hex")).toBe(blob.sha256);
    expect(await storedFileSize(blob)).toBe(total * MiB);
    expect(s3.unfinishedUploads()).toEqual([]);
  });

  it("refuses a file over maxBytes after parts were uploaded: the multipart upload is aborted, nothing stays", async () => {
    const before = s3.objectKeys();
    async function* source() {
      for (let i = 0; i < 14; i++) yield chunk(i);
    }
    await expect(writeBlob({ stream: source() }, { maxBytes: 12 * MiB })).rejects.toBeInstanceOf(FileTooLargeError);
    // Parts had gone up (the refusal came late), then the upload was aborted.
    expect(s3.requests.some((r) => r.method === "PUT" && r.query.includes("partNumber="))).toBe(true);
    expect(s3.requests.some((r) => r.method === "DELETE" && r.query.includes("uploadId=") && r.status === 204)).toBe(true);
    expect(s3.unfinishedUploads()).toEqual([]);
    expect(s3.objectKeys()).toEqual(before);
  });

  it("a source that fails midway: its error, and nothing stays", async () => {
    const before = s3.objectKeys();
    async function* source() {
      for (let i = 0; i < 7; i++) yield chunk(i);
      throw new Error("client went away");
    }
    await expect(writeBlob({ stream: source() })).rejects.toThrow("client went away");
    expect(s3.unfinishedUploads()).toEqual([]);
    expect(s3.objectKeys()).toEqual(before);
  });

  it("a missing object is StoredFileMissingError", async () => {
    const storageKey = newStorageKey();
    await expect(openFile({ storageKey })).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(readFileBytes({ storageKey })).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(storedFileSize({ storageKey })).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it("keeps objects under the URL's prefix", async () => {
    setEnv({ STORAGE_URL: s3.urlWithPrefix("tenant-a/files") });
    const blob = await writeBlob({ bytes: Buffer.from("prefixed") });
    expect(s3.objectKeys()).toContain(`tenant-a/files/${blob.storageKey}`);
    expect(Buffer.from(await readFileBytes(blob)).toString()).toBe("prefixed");
  });

  it("shutdown cancels a write whose source stalls: its multipart upload is aborted", async () => {
    const before = s3.objectKeys();
    let stalled!: () => void;
    const reachedStall = new Promise<void>((r) => (stalled = r));
    async function* source() {
      for (let i = 0; i < 11; i++) yield chunk(i);
      stalled();
      await new Promise(() => {}); // a client that stopped sending
    }
    const write = writeBlob({ stream: source() });
    write.catch(() => {});
    await reachedStall;
    // Both full parts have gone up before the stall.
    while (s3.requests.filter((r) => r.query.includes("partNumber=")).length < 2) await new Promise((r) => setTimeout(r, 50));
    expect(s3.unfinishedUploads()).toHaveLength(1);
    expect(await removeOwnTempFiles()).toBe(1);
    await expect(write).rejects.toBeInstanceOf(WriteCancelledError);
    expect(s3.unfinishedUploads()).toEqual([]);
    expect(s3.objectKeys()).toEqual(before);
  });

  it("the sweep aborts our unfinished uploads older than the limit, and nothing else", async () => {
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: s3.credentials.AWS_ACCESS_KEY_ID, secretAccessKey: s3.credentials.AWS_SECRET_ACCESS_KEY },
    });
    const start = async (Key: string) => (await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }))).UploadId!;
    const old = await start(newStorageKey());
    const fresh = await start(newStorageKey());
    const foreign = await start("someone-else/2020/01/backup.tar");
    const dir = (id: string) => path.join(s3.directory, s3.bucket, "._S3rver_uploads", id);
    const longAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(dir(old), longAgo, longAgo);
    utimesSync(dir(foreign), longAgo, longAgo);

    expect(await removeStaleTempFiles(STALE_TEMP_FILE_MS)).toBe(1);
    expect(s3.unfinishedUploads().sort()).toEqual([fresh, foreign].sort());
    client.destroy();
  });

  it("start-up check: a missing bucket or wrong credentials stop the start with a clear reason", async () => {
    expect(await checkStorage()).toBe(`S3 bucket "${s3.bucket}" at ${s3.endpoint}`);

    setEnv({ STORAGE_URL: s3.storageUrl.replace(s3.bucket, "no-such-bucket") });
    await expect(checkStorage()).rejects.toThrow(/no-such-bucket.*the bucket does not exist/);

    setEnv({ STORAGE_URL: s3.storageUrl, AWS_SECRET_ACCESS_KEY: "wrong-secret-value" });
    const error = await checkStorage().catch((e: Error) => e);
    expect(String(error)).toMatch(/access denied/);
    expect(String(error)).not.toMatch(/wrong-secret-value/);
  });

  it("the backend object reports what it is", async () => {
    const backend = await S3Storage.create(parseStorageUrl(s3.urlWithPrefix("p")));
    expect(backend.description).toBe(`S3 bucket "${s3.bucket}" under "p/" at ${s3.endpoint}`);
    backend.client.destroy();
  });
});
