// A DATA_DIR of its own for a test file: made before the file's own beforeAll
// hooks run (call this at the top level, before them), removed after its
// afterAll hooks, so the tests leave nothing in the temporary folder.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

export function useTempDataDir(prefix: string): void {
  let dir: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    process.env.DATA_DIR = dir;
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
}
