#!/usr/bin/env node
// Runs the built portal: remix-serve over scripts/server-build.mjs, in this
// process. Use `npm start` to build first when the sources changed.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
if (!existsSync(path.join(root, "build/server/index.js"))) {
  console.error("No build found: run `npm run build` (or `npm start`, which builds) first.");
  process.exit(1);
}
process.env.NODE_ENV ??= "production";
process.argv[2] = path.join(root, "scripts/server-build.mjs");
const require = createRequire(import.meta.url);
require(require.resolve("@remix-run/serve/dist/cli.js"));
