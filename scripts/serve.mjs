#!/usr/bin/env node
// Runs the built portal in this process. The same stack as remix-serve
// (express, compression, static files, an access log, @remix-run/express),
// written out here because the portal must answer some requests before Remix
// parses them (bodies over the cap, cross-site posts, a shutting-down
// server), set headers on static files and choose the address it listens on.
// Those rules live in the build (app/lib/http-server.server.ts), reached
// through the entry module: see docs/decisions/0011-http-server.md.
// Use `npm start` to build first when the sources changed.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
if (!existsSync(path.join(root, "build/server/index.js"))) {
  console.error("No build found: run `npm run build` (or `npm start`, which builds) first.");
  process.exit(1);
}
process.env.NODE_ENV ??= "production";

const { default: express } = await import("express");
const { default: compression } = await import("compression");
const { default: morgan } = await import("morgan");
const { createRemixRequest, sendRemixResponse } = await import("@remix-run/express/dist/server.js");
const { createRequestHandler, installGlobals } = await import("@remix-run/node");
const { default: sourceMapSupport } = await import("source-map-support");

sourceMapSupport.install();

// Boots the process (database, migrations, seed, identity provider, job
// runner) and returns the build with every action guarded.
const build = await import("./server-build.mjs");
installGlobals({ nativeFetch: build.future.v3_singleFetch });
const hooks = build.entry.module.httpServerHooks();

const app = express();
app.disable("x-powered-by");
for (const middleware of hooks.middleware) app.use(middleware);
app.use(compression());
app.use(
  build.publicPath,
  express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y", setHeaders: hooks.staticHeaders }),
);
// The other files of public/ (favicon, pdf.js worker): only requests for one of
// them look at the disk, not every page's path (a stat per request).
const publicFiles = express.static("public", { maxAge: "1h", setHeaders: hooks.staticHeaders });
const publicNames = new Set(readdirSync("public"));
app.use((req, res, next) => (publicNames.has(req.path.split("/")[1]) ? publicFiles(req, res, next) : next()));

// The access log shows paths only: query strings can carry authorization
// codes, emails or ids.
morgan.token("url", (req) => (req.originalUrl || req.url || "").split("?")[0]);
app.use(morgan("tiny"));

const handle = createRequestHandler(build, process.env.NODE_ENV);
app.all("*", async (req, res, next) => {
  try {
    const request = hooks.remixRequest(createRemixRequest(req, res), req, res);
    const response = await handle(request);
    // A guard may have answered already (a body cut off at the cap).
    if (res.headersSent || res.destroyed) return;
    await sendRemixResponse(res, response);
  } catch (error) {
    if (res.headersSent) return;
    next(error);
  }
});

const server = app.listen(hooks.port, hooks.host, () => {
  const address = server.address();
  const shown = typeof address === "object" && address ? `${address.address}:${address.port}` : String(address);
  console.log(`[portal] HTTP server listening on ${shown}`);
});
// A port in use (or not allowed) is a start-up failure with a plain message.
server.once("error", (error) => {
  console.error(`[portal] start-up failed: cannot listen on port ${hooks.port}: ${error.message}. Set PORT to a free port, or stop what uses it.`);
  process.exitCode = 1;
  process.kill(process.pid, "SIGTERM"); // our shutdown stops the job runner, provider and database, then exits 1
  setTimeout(() => process.exit(1), 30_000).unref();
});
hooks.onListening?.(server);
