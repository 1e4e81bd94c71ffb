#!/usr/bin/env node
// Runs the built portal in this process. The same stack as remix-serve
// (express, compression, static files, a request log, @remix-run/express),
// written out here because the portal must answer some requests before Remix
// parses them (bodies over the cap, cross-site posts, a shutting-down
// server), set headers on static files and choose the address it listens on.
// Those rules live in the build (app/lib/http-server.server.ts), reached
// through the entry module: see docs/decisions/0011-http-server.md.
// Use `npm start` to build first when the sources changed.
//
// WEB_CONCURRENCY=N > 1 (decision 0034): this process boots once (database,
// migrations, seed, identity provider, job runner) and forks N HTTP processes
// that run this script again (PORTAL_HTTP_WORKER=1) and serve() on the one
// port (node:cluster). WEB_CONCURRENCY=1 (the default): serve() here.
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

const self = fileURLToPath(import.meta.url);
if (process.env.PORTAL_HTTP_WORKER === "1") {
  await serve();
} else {
  const { default: cluster } = await import("node:cluster");
  const compiled = await import("../build/server/index.js");
  const count = compiled.entry.module.httpProcessCount();
  if (count === 1) {
    await serve();
  } else if (!cluster.isPrimary) {
    console.error("[portal] start-up failed: WEB_CONCURRENCY > 1 inside another cluster manager (pm2's cluster mode): use one or the other.");
    process.exit(1);
  } else {
    await compiled.entry.module.startHttpPrimary({ count, exec: self });
  }
}

/** The HTTP server of the portal, in this process (booting it first unless it is an HTTP process of a primary). */
export async function serve() {
  const { default: express } = await import("express");
  const { default: compression } = await import("compression");
  const { createRemixRequest, sendRemixResponse } = await import("@remix-run/express/dist/server.js");
  const { createRequestHandler, installGlobals } = await import("@remix-run/node");
  const { default: sourceMapSupport } = await import("source-map-support");

  sourceMapSupport.install();

  // Boots the process (database, migrations, seed, identity provider, job
  // runner) and returns the build with every action guarded.
  const build = await import("./server-build.mjs");
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const hooks = build.entry.module.httpServerHooks();
  build.entry.module.setMetricsRoutes(build.routes); // /metrics labels requests by route id

  const app = express();
  app.disable("x-powered-by");
  // The first of them is the request log (one line per answer, refusals too; never a query string): app/lib/log.server.ts.
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
    // An HTTP process of WEB_CONCURRENCY: the primary stops the portal (no restart of what cannot work).
    if (process.env.PORTAL_HTTP_WORKER === "1") process.exit(78);
    process.exitCode = 1;
    process.kill(process.pid, "SIGTERM"); // our shutdown stops the job runner, provider and database, then exits 1
    setTimeout(() => process.exit(1), 30_000).unref();
  });
  hooks.onListening?.(server);
}
