// What the HTTP server (server/) hands every loader and action of one request:
// Remix's load context (`context` in loaders and actions), made by
// server/http-server.ts's getLoadContext (decision 0053). Every field is
// optional: a loader called directly (a test's `context: {}`) has no socket
// address, no per-request cache and no setup link, as before. Nothing of it comes
// from the client: the socket address, the per-request cache, what the
// process was started with. It replaces the x-portal-peer / x-portal-request
// headers (signed with a per-process token) that carried the same things.
//
// Domain code that is handed only the Request (clientIp(request),
// perRequest(request, …)) finds the context of that Request here: the
// server's wrapper around every loader and action (server/server-hooks.ts)
// records which context each Request object (Remix gives every loader its
// own copy) belongs to, in memory, keyed by the object itself.
import type { AppLoadContext } from "@remix-run/node";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** The socket address the request came from (normalized), or null when unknown. Never a header. */
    readonly peerAddress?: string | null;
    /**
     * Work done once per request and shared by its loaders (request-scope.server.ts); a GET or
     * HEAD only. A POST has none: its action may change the session, and the loaders after it
     * read afresh.
     */
    readonly requestScope?: Map<string, Promise<unknown>> | undefined;
    /** WEB_CONCURRENCY > 1, in an HTTP process: asks the primary (metrics, bench job times); undefined otherwise. */
    readonly askPrimary?: (kind: string, timeoutMs?: number) => Promise<unknown>;
  }
}

export type { AppLoadContext };

const contexts = new WeakMap<Request, AppLoadContext>();

/** server/server-hooks.ts: this Request (a loader's or action's own copy) belongs to this context. */
export function bindLoadContext<R extends Request>(request: R, context: AppLoadContext): R {
  contexts.set(request, context);
  return request;
}

/** The load context of a Request given to a loader or action; undefined for a Request made elsewhere. */
export function loadContextOf(request: Request): AppLoadContext | undefined {
  return contexts.get(request);
}

/**
 * A load context as the HTTP server makes it (server/http-server.ts), or for a
 * script or test that calls a loader, action or domain function directly.
 */
export function makeLoadContext(opts: {
  peerAddress: string | null;
  method: string;
  askPrimary?: (kind: string, timeoutMs?: number) => Promise<unknown>;
}): AppLoadContext {
  const method = opts.method.toUpperCase();
  return {
    peerAddress: opts.peerAddress,
    requestScope: method === "GET" || method === "HEAD" ? new Map() : undefined,
    askPrimary: opts.askPrimary,
  };
}
