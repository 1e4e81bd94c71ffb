import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/features/documents/upload.server";
import { IMPORT_UPLOAD_PATH, MAX_IMPORT_REQUEST_BYTES } from "~/features/hierarchy/import-upload.server";
import { IMAGE_UPLOAD_PATH, MAX_IMAGE_REQUEST_BYTES } from "~/features/templates/images.server";
import { httpServerHooks as serverHooks } from "~/lib/http-server.server";
import { NonceProvider } from "~/lib/nonce";
import { applySecurityHeaders } from "~/lib/security.server";

// The start-up of the whole process (database, migrations, seed, identity
// provider, job runner) and the wrapping of the build live here so that
// scripts/serve.mjs can reach them through the build's entry module.
export { bootWorkerProcess, prepareServerBuild } from "~/lib/boot.server";

/**
 * What the HTTP server (scripts/serve.mjs) does before Remix. The upload routes
 * (application documents, template images) take bodies up to their own request
 * caps, so a file that is too large gets the upload's answer ('Invalid File'),
 * not the generic 413 page.
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
    },
  });

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const nonce = randomBytes(16).toString("base64");
  const bot = isbot(request.headers.get("user-agent") || "");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          applySecurityHeaders(responseHeaders, nonce);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // Log the message and stack, never request bodies (they may hold SSNs).
  console.error(`${request.method} ${new URL(request.url).pathname}:`, error instanceof Error ? error.stack : error);
}
