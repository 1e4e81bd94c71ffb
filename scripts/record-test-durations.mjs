#!/usr/bin/env node
// Writes tests/support/file-durations.json (the order tests/support/sequencer.ts runs files in) from the
// last `npm test`'s results (test-results/vitest-<project>.json): each file's wall time in seconds.
// Run it after a fresh-clone `npm test`, whose times are the ones CI sees.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsDir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, "test-results");
const table = {};
// unit is left out: its files share one module graph and take 15 s in all.
for (const project of ["integration", "e2e", "reliability", "container"]) {
  const file = path.join(resultsDir, `vitest-${project}.json`);
  if (!existsSync(file)) continue;
  const results = JSON.parse(readFileSync(file, "utf8"));
  for (const r of results.testResults) {
    // The results name files by absolute path, in the clone that ran them.
    const relative = path.relative(path.dirname(resultsDir), r.name).split(path.sep).join("/");
    table[`${project}:${relative}`] = Math.round((r.endTime - r.startTime) / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(path.join(root, "tests/support/file-durations.json"), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tests/support/file-durations.json: ${Object.keys(sorted).length} files from ${resultsDir}`);
