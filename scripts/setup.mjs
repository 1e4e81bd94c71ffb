#!/usr/bin/env node
// Everything `npm install` would do in a postinstall, done explicitly
// (npm here runs no install scripts):
//  1. generate the Prisma client into app/generated/prisma
//  2. copy the pdf.js worker that matches react-pdf's pdfjs-dist into public/
//  3. apply patches/*.patch to node_modules (patch-package; patches/README.md)
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);

function newer(a, b) {
  return !existsSync(b) || statSync(a).mtimeMs > statSync(b).mtimeMs;
}

// 1. Prisma client. `prisma generate` needs no database, but the CLI wants
// a schema engine binary it cannot download here; any existing file will do.
const schema = path.join(root, "prisma/schema.prisma");
const generated = path.join(root, "app/generated/prisma/client.ts");
if (process.argv.includes("--force") || newer(schema, generated)) {
  execFileSync(
    process.execPath,
    [require.resolve("prisma/build/index.js"), "generate", "--no-hints"],
    {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
        PRISMA_HIDE_UPDATE_MESSAGE: "1",
        CHECKPOINT_DISABLE: "1",
      },
    },
  );
}

// 2. pdf.js worker for react-pdf (the versions must match).
const pdfjsDir = path.dirname(
  createRequire(require.resolve("react-pdf")).resolve("pdfjs-dist/package.json"),
);
const worker = path.join(pdfjsDir, "build/pdf.worker.min.mjs");
const target = path.join(root, "public/pdf.worker.min.mjs");
mkdirSync(path.dirname(target), { recursive: true });
if (newer(worker, target)) copyFileSync(worker, target);

// 3. Our patches of dependencies (patches/README.md says what and why). An
// applied patch is recognised and left alone. A patch made for another version
// than the one installed (the package was upgraded) stops the set-up, even
// when it still applies: regenerate it for the new version, or drop it if it
// no longer applies. Never keep a package at an older version for a patch
// (decision 0040; tests/security/dependency-advisories.test.ts).
const patched = spawnSync(process.execPath, [require.resolve("patch-package/index.js"), "--error-on-fail", "--error-on-warn"], {
  cwd: root,
  encoding: "utf8",
  env: { ...process.env, FORCE_COLOR: "0" },
});
if (patched.status !== 0) {
  process.stderr.write(patched.stdout + patched.stderr);
  console.error(
    "[setup] a patch in patches/ does not fit the installed version: if it applied, regenerate it " +
      "(npx patch-package <name>); if not, delete it (git rm patches/<file>) and say so in patches/README.md. " +
      "Never hold a package at an older version for a patch (patches/README.md, decision 0040).",
  );
  process.exit(1);
}
