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
const cli = require.resolve("@remix-run/serve/dist/cli.js");

// remix-serve logs every request with morgan ("tiny"). Query strings can
// carry authorization codes, emails or ids, so the access log shows paths
// only: morgan's tokens are global, so redefining `url` on the instance
// remix-serve loads applies to its logger.
const morgan = createRequire(cli)("morgan");
morgan.token("url", (req) => (req.originalUrl || req.url || "").split("?")[0]);

require(cli);
