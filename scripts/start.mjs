#!/usr/bin/env node
// `npm start`: build when the sources are newer than the build (or there is
// none), then serve. Everything else (embedded database, migrations, seed,
// identity provider, job runner) happens in start() (server/index.ts).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stopWithNpm } from "./lib/stop-with-npm.mjs";
import { requireSupportedNode } from "./lib/node-version.mjs";

requireSupportedNode({ announce: true });

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

// A developer's machine gets the demo accounts unless told otherwise: "local"
// seeds them only while APP_URL is a loopback address (decision 0042); a
// production start (NODE_ENV=production, as the image sets) never by default.
if (process.env.NODE_ENV !== "production") process.env.SEED_DEMO_DATA ??= "local";

// Only a checkout with the build tools builds: a production tree (npm prune
// --omit=dev, the image) runs the build it was shipped with, whatever the
// files' timestamps say.
const buildTool = path.join(root, "node_modules/@remix-run/dev/dist/cli.js");
const canBuild = existsSync(buildTool) && existsSync(path.join(root, "app"));

const sources = Math.max(
  ...["app", "server", "jobs", "prisma"].map((d) => newest(path.join(root, d))),
  ...["package.json", "remix.config.js"].map((f) => statSync(path.join(root, f)).mtimeMs),
);
if (!canBuild && !existsSync(buildFile)) {
  console.error("[portal] No build found and no build tools here (production dependencies only): build the image or run `npm install` and `npm run build`.");
  process.exit(1);
}
if (canBuild && (!existsSync(buildFile) || statSync(buildFile).mtimeMs < sources)) {
  console.log("[portal] Building…");
  execFileSync(process.execPath, [path.join(root, "scripts/setup.mjs")], { cwd: root, stdio: "inherit" });
  execFileSync(process.execPath, [buildTool, "build"], {
    cwd: root,
    stdio: "inherit",
  });
}
stopWithNpm();
await import("./serve.mjs");
