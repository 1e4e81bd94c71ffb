// The HTTP server of the portal, in this process: the same stack as
// remix-serve (express, compression, static files, a request log,
// @remix-run/express), written out because the portal must answer some
// requests before Remix parses them (bodies over the cap, cross-site posts, a
// shutting-down server), set headers on static files and choose the address it
// listens on (http-server.ts; docs/decisions/0011-http-server.md). Each
// request reaches Remix with its load context (getLoadContext: the socket
// address, the per-request cache), the documented way (decision 0053).
import { readdirSync } from "node:fs";
import type { ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/node";
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { setMetricsRoutes } from "~/lib/metrics.server";
import type { HttpServerHooks } from "./http-server";
import { HTTP_WORKER_FATAL_EXIT, isHttpWorker } from "./http-workers";

/** Listens with `build` (already wrapped: server-hooks.ts) behind `hooks`. */
export function serve(build: ServerBuild, hooks: HttpServerHooks): void {
  // No installGlobals: Node 22+ has fetch, Request, File and FormData of its own, and Remix's
  // copy (undici 6) on Node 24 refuses arctic's Content-Length on the token request (decision 0088).
  setMetricsRoutes(build.routes); // /metrics labels requests by route id

  const app = express();
  app.disable("x-powered-by");
  // The first of them is the request log (one line per answer, refusals too; never a query string): app/lib/log.server.ts.
  for (const middleware of hooks.middleware) app.use(middleware);
  app.use(compression());
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y", setHeaders: hooks.staticHeaders }));
  // The other files of public/ (favicon, pdf.js worker): only requests for one of
  // them look at the disk, not every page's path (a stat per request).
  const publicFiles = express.static("public", { maxAge: "1h", setHeaders: hooks.staticHeaders });
  const publicNames = new Set(readdirSync("public"));
  app.use((req: Request, res: Response, next: NextFunction) => (publicNames.has(req.path.split("/")[1]!) ? publicFiles(req, res, next) : next()));

  const handle = createRequestHandler(build, process.env.NODE_ENV);
  app.all("*", async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = hooks.remixRequest(createRemixRequest(req, res), req, res);
      const response = await handle(request, hooks.getLoadContext(req));
      // A guard may have answered already (a body cut off at the cap).
      if (res.headersSent || res.destroyed) return;
      await sendRemixResponse(res, response);
    } catch (error) {
      if (res.headersSent) return;
      next(error);
    }
  });

  const listening = () => {
    const address = server.address();
    const shown = typeof address === "object" && address ? `${address.address}:${address.port}` : String(address);
    console.log(`[portal] HTTP server listening on ${shown}`);
  };
  // No host: every interface (node's default), which an explicit "::" would not be without IPv6.
  const server = hooks.host === undefined ? app.listen(hooks.port, listening) : app.listen(hooks.port, hooks.host, listening);
  // A port in use (or not allowed) is a start-up failure with a plain message.
  server.once("error", (error: Error) => {
    console.error(`[portal] start-up failed: cannot listen on port ${hooks.port}: ${error.message}. Set PORT to a free port, or stop what uses it.`);
    // An HTTP process of WEB_CONCURRENCY: the primary stops the portal (no restart of what cannot work).
    if (isHttpWorker()) process.exit(HTTP_WORKER_FATAL_EXIT);
    process.exitCode = 1;
    process.kill(process.pid, "SIGTERM"); // our shutdown stops the job runner, provider and database, then exits 1
    setTimeout(() => process.exit(1), 30_000).unref();
  });
  hooks.onListening?.(server);
}
