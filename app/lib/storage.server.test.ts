import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../../tests/support/s3-server";
import { resetEnvCache } from "./env.server";
import {
  contentDisposition,
  deleteFile,
  fileResponse,
  FileTooLargeError,
  filesRoot,
  newStorageKey,
  openFile,
  openWebStream,
  readFileBytes,
  removeStaleTempFiles,
  resetStorageBackend,
  sanitizeFileName,
  saveFile,
  storagePath,
  storedFileSize,
  StoredFileMissingError,
  writeBlob,
  type StorageDb,
} from "./storage.server";

let dir: string;
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

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "storage-test-"));
  setEnv({ DATA_DIR: dir, STORAGE_URL: undefined });
});

afterAll(() => {
  setEnv(previous);
  rmSync(dir, { recursive: true, force: true });
});

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** An in-memory stand-in for the storedFile delegate. */
function fakeDb(failCreate = false) {
  const rows = new Map<string, Record<string, unknown>>();
  let n = 0;
  const db = {
    storedFile: {
      async create({ data }: { data: Record<string, unknown> }) {
        if (failCreate) throw new Error("db down");
        const row = { id: `id-${++n}`, createdAt: new Date(), createdById: null, ...data };
        rows.set(row.id, row);
        return row;
      },
      async deleteMany({ where }: { where: { id: string } }) {
        const had = rows.delete(where.id);
        return { count: had ? 1 : 0 };
      },
    },
  };
  return { db: db as unknown as StorageDb, rows };
}

describe("storage keys", () => {
  it("are <yyyy>/<mm>/<uuid> and resolve inside the files folder", () => {
    const key = newStorageKey(new Date(Date.UTC(2026, 2, 5)));
    expect(key).toMatch(/^2026\/03\/[0-9a-f-]{36}$/);
    expect(storagePath(key).startsWith(filesRoot() + path.sep)).toBe(true);
  });

  it("refuses anything that is not a generated key", () => {
    for (const bad of ["../etc/passwd", "2026/03/../../x", "2026/13/" + "a".repeat(36), "", "/abs"]) {
      expect(() => storagePath(bad)).toThrow(/Invalid storage key/);
    }
  });
});

/** The two backends: every test below runs against each (decision 0033). */
const BACKENDS = [
  {
    name: "local disk",
    async start() {
      setEnv({ STORAGE_URL: undefined });
      return { stored: () => countFiles(filesRoot()), stop: async () => {} };
    },
  },
  {
    name: "S3 (s3rver on loopback)",
    async start() {
      const s3 = await startS3Server();
      setEnv({ STORAGE_URL: s3.storageUrl, ...s3.credentials });
      // Objects plus multipart uploads that were neither completed nor aborted.
      return { stored: () => s3.objectKeys().length + s3.unfinishedUploads().length, stop: () => s3.stop() };
    },
  },
];

describe.each(BACKENDS)("stored files on $name", (backend) => {
  let stored: () => number;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stored, stop } = await backend.start());
  });
  afterAll(async () => {
    await stop();
    setEnv({ STORAGE_URL: undefined, AWS_ACCESS_KEY_ID: previous.AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: previous.AWS_SECRET_ACCESS_KEY });
  });

  it("writes bytes with their size and sha256 and reads them back", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 hello");
    const before = stored();
    const blob = await writeBlob({ bytes });
    expect(blob.byteSize).toBe(bytes.byteLength);
    expect(blob.sha256).toBe(sha(bytes));
    expect(stored()).toBe(before + 1);
    expect(Buffer.from(await readFileBytes(blob)).toString()).toBe("%PDF-1.7 hello");
    expect(await storedFileSize(blob)).toBe(bytes.byteLength);
  });

  it("accepts a Node stream, a web stream and an async iterable", async () => {
    const parts = ["abc", "def", "ghi"].map((s) => Buffer.from(s));
    const expected = sha(Buffer.concat(parts));
    const a = await writeBlob({ stream: Readable.from(parts) });
    const b = await writeBlob({ stream: Readable.toWeb(Readable.from(parts)) as unknown as ReadableStream<Uint8Array> });
    const c = await writeBlob({
      stream: (async function* () {
        yield* parts;
      })(),
    });
    for (const blob of [a, b, c]) {
      expect(blob.sha256).toBe(expected);
      expect(blob.byteSize).toBe(9);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of await openFile(a)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("abcdefghi");
    const text = await new Response(await openWebStream(b)).text();
    expect(text).toBe("abcdefghi");
  });

  it("stores an empty file", async () => {
    const blob = await writeBlob({ bytes: new Uint8Array(0) });
    expect(blob.byteSize).toBe(0);
    expect((await readFileBytes(blob)).byteLength).toBe(0);
  });

  it("refuses content over maxBytes and leaves nothing behind", async () => {
    const before = stored();
    await expect(writeBlob({ bytes: new Uint8Array(11) }, { maxBytes: 10 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(stored()).toBe(before);
  });

  it("reports a missing file", async () => {
    await expect(readFileBytes({ storageKey: newStorageKey() })).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(storedFileSize({ storageKey: newStorageKey() })).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(fileResponse({ storageKey: newStorageKey() })).rejects.toBeInstanceOf(StoredFileMissingError);
  });

  it("saveFile creates the row with the computed fields; deleteFile deletes row and bytes", async () => {
    const { db, rows } = fakeDb();
    const bytes = new TextEncoder().encode("content");
    const row = await saveFile(
      { bytes, fileName: "../../secret/Report 1.pdf", contentType: "application/pdf", createdById: "u1" },
      db,
    );
    expect(row).toMatchObject({
      fileName: "Report 1.pdf",
      contentType: "application/pdf",
      byteSize: 7,
      sha256: sha(bytes),
      createdById: "u1",
    });
    expect(await readFileBytes(row)).toEqual(bytes);
    await deleteFile(row, db);
    expect(rows.size).toBe(0);
    await expect(readFileBytes(row)).rejects.toBeInstanceOf(StoredFileMissingError);
    await deleteFile(row, db); // already gone: no error
  });

  it("saveFile removes the written bytes when the row cannot be created", async () => {
    const { db } = fakeDb(true);
    const before = stored();
    await expect(saveFile({ bytes: new Uint8Array(3), fileName: "x.pdf", contentType: "application/pdf" }, db)).rejects.toThrow(
      "db down",
    );
    expect(stored()).toBe(before);
  });

  it("fileResponse streams the file with safe headers", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 body");
    const blob = await writeBlob({ bytes });
    const res = await fileResponse(
      { ...blob, fileName: "stored.pdf", contentType: "application/pdf" },
      { disposition: "inline", fileName: "Agent Agreement – 2026.pdf" },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(res.headers.get("Content-Disposition")).toBe(
      `inline; filename="Agent Agreement _ 2026.pdf"; filename*=UTF-8''Agent%20Agreement%20%E2%80%93%202026.pdf`,
    );
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it("fileResponse defaults to attachment with the stored name", async () => {
    const blob = await writeBlob({ bytes: new Uint8Array([1, 2]) });
    const res = await fileResponse({ ...blob, fileName: 'a"b.pdf', contentType: "application/pdf" });
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="a_b.pdf"; filename*=UTF-8''a%22b.pdf`);
    await res.arrayBuffer();
  });
});

describe("local disk: temporary files", () => {
  it("a write leaves no temp file", async () => {
    const blob = await writeBlob({ bytes: new TextEncoder().encode("x") });
    const folder = path.dirname(storagePath(blob.storageKey));
    expect(readdirSync(folder).filter((f) => f.includes(".tmp-"))).toEqual([]);
    expect(existsSync(storagePath(blob.storageKey))).toBe(true);
  });

  it("a file that is there but cannot be opened is an error, not a missing file (a backup would list it as deleted)", async () => {
    const { mkdirSync, symlinkSync } = await import("node:fs");
    const key = newStorageKey();
    const p = storagePath(key);
    mkdirSync(path.dirname(p), { recursive: true });
    symlinkSync(p, p); // ELOOP on open and stat: readable by no one, root included
    const error = await readFileBytes({ storageKey: key }).catch((e: NodeJS.ErrnoException) => e);
    expect(error).not.toBeInstanceOf(StoredFileMissingError);
    expect((error as NodeJS.ErrnoException).code).toBe("ELOOP");
    await expect(storedFileSize({ storageKey: key })).rejects.toMatchObject({ code: "ELOOP" });
  });

  it("removes stale temp files", async () => {
    const { writeFileSync, utimesSync, mkdirSync } = await import("node:fs");
    const key = newStorageKey();
    const p = storagePath(key) + ".tmp-x";
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, "half");
    const old = new Date(Date.now() - 2 * 3600_000);
    utimesSync(p, old, old);
    expect(await removeStaleTempFiles()).toBe(1);
    expect(existsSync(p)).toBe(false);
  });
});

describe("names", () => {
  it("sanitizes file names", () => {
    expect(sanitizeFileName("C:\\Users\\x\\doc.pdf")).toBe("doc.pdf");
    expect(sanitizeFileName("a\r\nb.pdf")).toBe("ab.pdf");
    expect(sanitizeFileName("   ")).toBe("file");
  });

  it("encodes RFC 5987 specials", () => {
    expect(contentDisposition("attachment", "it's (1)*.pdf")).toBe(
      `attachment; filename="it's (1)*.pdf"; filename*=UTF-8''it%27s%20%281%29%2A.pdf`,
    );
  });
});

function countFiles(root: string): number {
  if (!existsSync(root)) return 0;
  let n = 0;
  for (const e of readdirSync(root, { withFileTypes: true, recursive: true })) if (e.isFile()) n++;
  return n;
}
