// The portal's server: start-up above app/ (decision 0053). Compiled by Remix's
// classic compiler together with the app into one file, build/server/index.js
// (remix.config.js `server`), so that there is one copy of every module (one
// Prisma client, one job runner, one set of settings) and `@remix-run/dev/server-build`
// is the app's build. Nothing starts on import: scripts/serve.mjs calls
// start(), scripts/worker.mjs startWorkerProcess().
//
//   start()  WEB_CONCURRENCY=1: boot (database, migrations, seed, identity
//            provider, job runner), then listen.
//            WEB_CONCURRENCY=N: boot once here, fork N HTTP processes that run
//            the same script; in each of them start() takes the primary's
//            results and listens on the one port (decision 0034).
import cluster from "node:cluster";
import sourceMapSupport from "source-map-support";
import * as remixBuild from "@remix-run/dev/server-build";
import type { ServerBuild } from "@remix-run/node";
import { AGENT_IMPORTS_PATH } from "~/features/api/agent-import.server";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/features/documents/receive-upload.server";
import { IMPORT_UPLOAD_PATH, MAX_IMPORT_REQUEST_BYTES } from "~/features/hierarchy/import-upload.server";
import { LICENCE_UPLOAD_PATH } from "~/features/licences/import-upload.server";
import { IMAGE_UPLOAD_PATH, MAX_IMAGE_REQUEST_BYTES } from "~/features/templates/images.server";
import { boot, bootHttpWorker, bootWorkerProcess, httpProcessCount, startHttpPrimary } from "./boot";
import { httpServerHooks as serverHooks } from "./http-server";
import { askPrimary, isHttpWorker } from "./http-workers";
import { serve } from "./serve";
import { wrapBuild } from "./server-hooks";

/** The compiled Remix build as Remix made it (the bench tools load it). */
export const build = remixBuild as unknown as ServerBuild;

/**
 * What the HTTP server does before Remix. The upload routes (application
 * documents, template images) take bodies up to their own request caps, so a
 * file that is too large gets the upload's answer ('Invalid File'), not the
 * generic 413 page.
 */
export const httpServerHooks = () =>
  serverHooks({
    bodyLimits: {
      "/appoint/upload": MAX_UPLOAD_REQUEST_BYTES,
      // Contact Us: one PDF of at most 2,000,000 bytes and the text; a larger file is drained and refused ('Invalid File').
      "/svcreq": MAX_UPLOAD_REQUEST_BYTES,
      "/svcreq/send": MAX_UPLOAD_REQUEST_BYTES,
      // Template images (decision 0025).
      [IMAGE_UPLOAD_PATH]: MAX_IMAGE_REQUEST_BYTES,
      // Hierarchy import: one CSV of at most 50 MB (decision 0032).
      [IMPORT_UPLOAD_PATH]: MAX_IMPORT_REQUEST_BYTES,
      // Licence import: the same cap (decision 0072).
      [LICENCE_UPLOAD_PATH]: MAX_IMPORT_REQUEST_BYTES,
      // The credential form's certificate on /licences and /licences/<npn>: the application's upload
      // cap, so a PDF over its limit gets the message next to the field (decision 0084).
      "/licences": MAX_UPLOAD_REQUEST_BYTES,
      "/licences/*": MAX_UPLOAD_REQUEST_BYTES,
      // A for-cause termination's case document (decision 0118): one PDF, the application's cap.
      "/admin/state-filings/terminations": MAX_UPLOAD_REQUEST_BYTES,
      // The review screen's screening block posts the vendor's report PDF (decision 0122); the vendor's
      // callback may carry it in base64 (a third larger).
      "/admin/review/*": MAX_UPLOAD_REQUEST_BYTES,
      "/api/screening/callback": 2 * MAX_UPLOAD_REQUEST_BYTES,
      // The agent import as an API call: the same cap (decision 0075).
      [AGENT_IMPORTS_PATH]: MAX_IMPORT_REQUEST_BYTES,
    },
    // In an HTTP process of WEB_CONCURRENCY: /metrics and /bench/jobs ask the primary (context.askPrimary).
    askPrimary: isHttpWorker() ? askPrimary : undefined,
  });

/**
 * Starts the portal in this process. `exec`: the script the HTTP processes of
 * WEB_CONCURRENCY > 1 run (scripts/serve.mjs), which calls start() again.
 */
export async function start({ exec }: { exec: string }): Promise<void> {
  sourceMapSupport.install();
  if (isHttpWorker()) {
    bootHttpWorker();
    serve(wrapBuild(build), httpServerHooks());
    return;
  }
  const count = httpProcessCount();
  if (count === 1) {
    await boot();
    serve(wrapBuild(build), httpServerHooks());
  } else if (!cluster.isPrimary) {
    console.error("[portal] start-up failed: WEB_CONCURRENCY > 1 inside another cluster manager (pm2's cluster mode): use one or the other.");
    process.exit(1);
  } else {
    await startHttpPrimary({ count, exec });
  }
}

/** `npm run worker`: only the job runner, on DATABASE_URL (decision 0026). */
export async function startWorkerProcess(): Promise<void> {
  sourceMapSupport.install();
  await bootWorkerProcess();
}

/** The job thread's entry (decision 0062): startJobThread() starts a thread that imports this bundle and calls it. */
export { runJobThread } from "./job-thread";

/** The bench tools (scripts/bench/tools/held-portal.mjs) point this build at a database of theirs. */
export { configureDatabase } from "~/lib/db.server";

/** The bench tools serve the build as start() does: wrapped (each loader's Request tied to its load context). */
export { wrapBuild } from "./server-hooks";
