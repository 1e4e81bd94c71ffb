#!/usr/bin/env node
// `npm start`: build when the sources are newer than the build (or there is
// none), then serve. Everything else (embedded database, migrations, seed,
// identity provider, job runner) happens inside the server's start-up.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const buildFile = path.join(root, "build/server/index.js");

function newest(dir) {
  let max = 0;
  if (!existsSync(dir)) return max;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "generated" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return max;
}

const sources = Math.max(
  ...["app", "jobs", "prisma"].map((d) => newest(path.join(root, d))),
  ...["package.json", "remix.config.js"].map((f) => statSync(path.join(root, f)).mtimeMs),
);
if (!existsSync(buildFile) || statSync(buildFile).mtimeMs < sources) {
  console.log("[portal] Building…");
  execFileSync(process.execPath, [path.join(root, "scripts/setup.mjs")], { cwd: root, stdio: "inherit" });
  execFileSync(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: root,
    stdio: "inherit",
  });
}
await import("./serve.mjs");
