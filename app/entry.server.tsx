import { randomBytes } from "node:crypto";
import type { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { applySecurityHeaders } from "~/lib/security.server";

const ABORT_DELAY = 5_000;

/**
 * The page, rendered whole and answered as one body. Every loader has
 * finished before the render (the portal defers nothing), so streaming the
 * shell first would only cut the page into many small writes (React's 2 KiB
 * chunks, the single-fetch data scripts), each going through a web stream,
 * the compression and a socket write of its own: one body costs less CPU
 * (docs/performance.md 'Signed-in pages').
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const nonce = randomBytes(16).toString("base64");
  return new Promise<Response>((resolve, reject) => {
    let shellReady = false;
    // React's pipe() needs only write, end and on: a plain sink, not a stream.Writable
    // (whose state machine and 'close' after 'finish' cost more than collecting the chunks).
    const chunks: Uint8Array[] = [];
    const sink = {
      write(chunk: Uint8Array) {
        chunks.push(chunk);
        return true;
      },
      end() {
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        applySecurityHeaders(responseHeaders, nonce);
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
      },
      on() {
        return sink;
      },
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellReady = true;
        },
        onAllReady() {
          clearTimeout(timer);
          pipe(sink as unknown as Writable);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          // Before the shell: onShellError answers. After it (a Suspense boundary that
          // failed or timed out), React renders that part in the browser: log it only.
          if (shellReady) console.error(error);
          else responseStatusCode = 500;
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
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
