// Longest file first, from the durations measured on a fresh clone (tests/support/file-durations.json),
// so a worker does not start a 100 s file when the others are nearly done. vitest's own order uses its
// cache (node_modules/.vite), which a fresh clone (CI) does not have: it then runs the largest file
// first, and file size says little about time (reliability: 227 s by size, 183 s longest-first, from the
// 2 Dec fresh-clone run). Refresh the table with `node scripts/record-test-durations.mjs` after `npm test`.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const TABLE = path.join(import.meta.dirname, "file-durations.json");

export function loadDurations(file = TABLE): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
}

/** The key of a file in the table: `<project>:<path from the repository root>`. */
export function durationKey(project: string, root: string, moduleId: string): string {
  return `${project}:${path.relative(root, moduleId).split(path.sep).join("/")}`;
}

/**
 * Orders `files` (already in vitest's order) longest first within each project; a file the table does
 * not know (new) goes first, as vitest runs unknown files first, and keeps vitest's order among them.
 */
export function longestFirst<T>(files: T[], key: (f: T) => { project: string; key: string }, durations: Record<string, number>): T[] {
  const indexed = files.map((f, i) => ({ f, i, ...key(f) }));
  return indexed
    .sort((a, b) => {
      if (a.project !== b.project) return a.i - b.i; // projects keep vitest's order (groupOrder)
      const da = durations[a.key] ?? Number.POSITIVE_INFINITY;
      const db = durations[b.key] ?? Number.POSITIVE_INFINITY;
      return da === db ? a.i - b.i : db - da;
    })
    .map((x) => x.f);
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const inVitestOrder = await super.sort(files);
    const root = this.ctx.config.root;
    return longestFirst(inVitestOrder, (s) => ({ project: s.project.name, key: durationKey(s.project.name, root, s.moduleId) }), loadDurations());
  }
}
