#!/usr/bin/env node
// `npm run bench`: every benchmark under scripts/bench, one after another
// (scripts/bench/tools holds profiling helpers that are run by hand, not benchmarks).
// Benchmarks measure speed; tests never do.
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "bench");
const only = process.argv[2];
// On a fresh clone the Prisma client and the pdf.js worker do not exist yet: the same set-up as build and test.
execFileSync(process.execPath, [path.join(dir, "../setup.mjs")], { stdio: "inherit", cwd: path.resolve(dir, "../..") });
for (const file of readdirSync(dir).filter((f) => f.endsWith(".mjs")).sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n=== ${file}`);
  execFileSync(process.execPath, [path.join(dir, file)], { stdio: "inherit", cwd: path.resolve(dir, "../..") });
}
