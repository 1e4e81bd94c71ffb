// Shared by the upload tests (tests/integration/upload.test.ts,
// tests/security/upload-names.test.ts): what the upload route answers, and
// how many files storage holds.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** The Response a loader or action returns, or the one it throws (a refusal); anything else thrown is rethrown. */
export async function responseOf(fn: () => unknown): Promise<Response> {
  try {
    return (await fn()) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

/** How many files storage holds below `dataDir`/files (0 before the first upload). */
export function filesOnDisk(dataDir: string): number {
  let n = 0;
  const walk = (dir: string) => {
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e);
      if (statSync(full).isDirectory()) walk(full);
      else n++;
    }
  };
  walk(path.join(dataDir, "files"));
  return n;
}
