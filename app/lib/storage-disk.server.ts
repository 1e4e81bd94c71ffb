// The default storage backend: files on local disk under
// `${DATA_DIR}/files/<yyyy>/<mm>/<uuid>` (decision 0033).
//
// Crash safety: bytes are written to a temporary file in the target folder,
// flushed, then renamed into place (atomic on one file system); the caller
// creates the StoredFile row only after that. A crash can at worst leave an
// unreferenced file or a `*.tmp-*` file behind, never a row that points at
// half a file. Temporary files are swept at start-up and hourly.
import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, rm, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server";
import {
  assertStorageKey,
  measured,
  StoredFileMissingError,
  type OpenedFile,
  type PutOptions,
  type StorageBackend,
  type WrittenBlob,
} from "./storage-backend.server";

/** The folder that holds every stored file. */
export function filesRoot(): string {
  return path.join(env().dataDir, "files");
}

/** Absolute path of a key; refuses anything that is not a generated key. */
export function storagePath(storageKey: string): string {
  assertStorageKey(storageKey);
  return path.join(filesRoot(), ...storageKey.split("/"));
}

export class DiskStorage implements StorageBackend {
  /** Temporary files this process is writing now (removed by cancelWrites at shutdown). */
  private readonly ownTempFiles = new Set<string>();

  get description(): string {
    return `local disk (${filesRoot()})`;
  }

  async check(): Promise<void> {
    await mkdir(filesRoot(), { recursive: true });
  }

  async put(storageKey: string, source: AsyncIterable<Uint8Array>, opts: PutOptions = {}): Promise<WrittenBlob> {
    const finalPath = storagePath(storageKey);
    await mkdir(path.dirname(finalPath), { recursive: true });
    const tempPath = `${finalPath}.tmp-${randomUUID()}`;
    const { chunks, result } = measured(source, opts.maxBytes);
    const handle = await open(tempPath, "wx", 0o600);
    this.ownTempFiles.add(tempPath);
    let closed = false;
    try {
      for await (const chunk of chunks) {
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
      this.ownTempFiles.delete(tempPath);
    }
    return { storageKey, byteSize: result.byteSize, sha256: result.sha256() };
  }

  async open(storageKey: string): Promise<OpenedFile> {
    const p = storagePath(storageKey);
    // Open first, then stat the open file: the size belongs to the bytes streamed.
    const handle = await open(p, "r").catch((error: NodeJS.ErrnoException) => {
      throw gone(error) ? new StoredFileMissingError(storageKey) : error;
    });
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), byteSize: size };
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  }

  async size(storageKey: string): Promise<number> {
    try {
      return (await stat(storagePath(storageKey))).size;
    } catch (error) {
      throw gone(error as NodeJS.ErrnoException) ? new StoredFileMissingError(storageKey) : error;
    }
  }

  async exists(storageKey: string): Promise<boolean> {
    return stat(storagePath(storageKey)).then(
      () => true,
      () => false,
    );
  }

  async remove(storageKey: string): Promise<void> {
    await rm(storagePath(storageKey), { force: true });
  }

  async cancelWrites(): Promise<number> {
    const files = [...this.ownTempFiles];
    this.ownTempFiles.clear();
    for (const f of files) await rm(f, { force: true }).catch(() => {});
    return files.length;
  }

  async removeStaleWrites(olderThanMs: number): Promise<number> {
    let removed = 0;
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
    await walk(filesRoot());
    return removed;
  }
}

/**
 * Only an absent file is a missing one: a file that is there but cannot be read (permissions, too
 * many open files, a disk error) is an error the operator must see, not a 404 or a backup's
 * "deleted while the backup ran".
 */
function gone(error: NodeJS.ErrnoException): boolean {
  return error.code === "ENOENT" || error.code === "ENOTDIR";
}
