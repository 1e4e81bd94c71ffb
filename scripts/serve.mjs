#!/usr/bin/env node
// Runs the built portal in this process: start() of server/index.ts, compiled
// with the app into build/server/index.js (decision 0053). It boots the
// database, migrations, seed, identity provider and job runner, then serves
// (express, as remix-serve has it: docs/decisions/0011-http-server.md).
// Use `npm start` to build first when the sources changed.
//
// WEB_CONCURRENCY=N > 1 (decision 0034): this process boots once and forks N
// HTTP processes that run this script again (PORTAL_HTTP_WORKER=1) and serve
// on the one port (node:cluster). WEB_CONCURRENCY=1 (the default): one process.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { requireSupportedNode } from "./lib/node-version.mjs";

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
if (!existsSync(path.join(root, "build/server/index.js"))) {
  console.error("No build found: run `npm run build` (or `npm start`, which builds) first.");
  process.exit(1);
}
process.env.NODE_ENV ??= "production";

const { start } = await import("../build/server/index.js");
await start({ exec: fileURLToPath(import.meta.url) });
