// What the HTTP server does before a request reaches Remix. server/serve.ts
// runs the same stack as remix-serve (express, compression, static files, an
// access log, @remix-run/express) with these hooks (httpServerHooks), because
// Remix cannot refuse a request before it parses it:
//   - the address to listen on (HOST; loopback while APP_URL is loopback),
//   - the headers of static files (/build, /public),
//   - guards that answer before Remix: a request target that is not
//     origin-form or two Host headers (400), a Host that is not the portal's
//     (421, DNS rebinding), a request body over the cap (413), a NUL character
//     or bytes that are not UTF-8 in the address (400), a path or method the
//     API does not have (404, 405: server/request-guards.ts).
// Every refusal is a small HTML page (or JSON for a script that asks for it),
// never an empty 500.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { allowedHostsFor, hostAllowed, refuseMisdirected, type HostPattern } from "~/lib/allowed-hosts.server";
import { audit } from "~/lib/audit.server";
import { env } from "~/lib/env.server";
import { registerHttpServer, shutdownGuard } from "./http-drain";
import { makeLoadContext, type AppLoadContext } from "~/lib/load-context.server";
import { clientAddressOfSocket, isTrustedProxy, listenHost, normalizeAddress, parseTrustedProxies } from "~/lib/net.server";
import { crossSiteRefusal, ownOrigins } from "~/lib/security.server";
import { requestLog } from "~/lib/log.server";
import { metricsMiddleware, routeLabel } from "~/lib/metrics.server";
import { addressIsUtf8 } from "~/lib/utf8.server";
import { isApiPath } from "~/lib/api-path";
import { apiPathGuard, requestTargetGuard } from "./request-guards";
import { BODY_TOO_LARGE, MAX_BODY_BYTES, PayloadTooLarge, refusalPage } from "~/lib/refusal.server";

export { BODY_TOO_LARGE, MAX_BODY_BYTES, PayloadTooLarge, refusalPage };

export type Next = (error?: unknown) => void;
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/**
 * Larger caps for the paths that take files (given by the entry module: the upload's own request
 * cap). A key ending in '/*' stands for one more path segment (/licences/* is /licences/<npn>).
 */
export type BodyLimits = Readonly<Record<string, number>>;

export function bodyLimitFor(pathname: string, limits: BodyLimits = {}): number {
  if (Object.hasOwn(limits, pathname)) return limits[pathname]!;
  const slash = pathname.lastIndexOf("/");
  const pattern = `${pathname.slice(0, slash)}/*`;
  return slash > 0 && slash < pathname.length - 1 && Object.hasOwn(limits, pattern) ? limits[pattern]! : MAX_BODY_BYTES;
}

/** Headers every response carries, static files included. */
export function setBaseSecurityHeaders(res: ServerResponse) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Content-Security-Policy", "frame-ancestors 'none'");
  res.setHeader("Referrer-Policy", "same-origin");
}

/**
 * Answers a refusal before Remix: HTML for a browser, JSON for a script that
 * asked for it. The request body is not read: the connection is closed after
 * the answer so a client still sending is cut off.
 */
export function refuse(req: IncomingMessage, res: ServerResponse, status: number, title: string, message: string, opts: { close?: boolean } = {}) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // The API (/api/v1) answers every refusal as RFC 9457 problem details, as its routes do (decision 0074).
  const api = isApiPath(req.url ?? "/");
  const json = api || ((req.headers.accept ?? "").includes("application/json") && !(req.headers.accept ?? "").includes("text/html"));
  const body = api
    ? JSON.stringify({ type: "about:blank", title, status, detail: message })
    : json
      ? JSON.stringify({ error: title, message })
      : refusalPage(status, title, message);
  res.statusCode = status;
  setBaseSecurityHeaders(res);
  res.setHeader("Content-Type", api ? "application/problem+json" : json ? "application/json; charset=utf-8" : "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
  if (opts.close) {
    // Discard what is still coming (no memory is kept) so the client reads the
    // answer instead of a reset: a "Connection: close" answer would make Node
    // destroy the socket at once, and the client's next write fails (EPIPE)
    // before it reads the 413. A client still sending after LINGER_MS is cut off.
    req.unpipe();
    req.resume();
    const timer = setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
    req.once("end", () => clearTimeout(timer));
  }
}

/** How long the rest of a refused body is read and discarded before the connection is cut. */
const LINGER_MS = 5000;

/**
 * Caps every request body. A declared Content-Length over the cap is refused
 * here at once (413), before a byte of the body is read; a chunked body is
 * counted as Remix reads it (limitRequestBody).
 */
export const bodyLimit = (limits: BodyLimits = {}): NodeMiddleware => (req, res, next) => {
  const method = (req.method ?? "GET").toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
  const limit = bodyLimitFor((req.url ?? "/").split("?")[0]!, limits);
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    const n = Number(declared);
    if (!/^\d+$/.test(declared) || !Number.isSafeInteger(n)) return refuse(req, res, 400, "Bad Request", "The request's length is not a number.", { close: true });
    if (n > limit) return refuse(req, res, 413, BODY_TOO_LARGE.title, BODY_TOO_LARGE.message, { close: true });
  }
  next();
};

/**
 * The Remix request with its body counted as it is read: past the cap the
 * body stream fails and onExceeded answers 413 (the handler then writes
 * nothing more). Requests without a body are returned as they are.
 */
export function limitRequestBody(request: Request, limit: number, onExceeded: () => void): Request {
  if (!request.body) return request;
  let seen = 0;
  // preventCancel: cancelling the source would destroy the request, and with it the socket before
  // the 413 is flushed (the client read a reset instead, under load); refuse() discards the rest.
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          onExceeded();
          controller.error(new PayloadTooLarge());
          return;
        }
        controller.enqueue(chunk);
      },
    }),
    { preventCancel: true },
  );
  return new Request(request, { body: counted, duplex: "half" } as RequestInit);
}

export type HttpServerHooks = {
  /** Address to listen on; undefined: every interface. */
  host: string | undefined;
  port: number;
  /** Run in this order before the static files and Remix. */
  middleware: NodeMiddleware[];
  /** Headers for static files. */
  staticHeaders: (res: ServerResponse) => void;
  /** The Remix request as the handler gets it (bodies counted against the cap). */
  remixRequest: (request: Request, req: IncomingMessage, res: ServerResponse) => Request;
  /** The load context Remix gives the request's loaders and actions. */
  getLoadContext: (req: IncomingMessage) => AppLoadContext;
  /** Called with the listening server (shutdown handling). */
  onListening?: (server: Server) => void;
};

export const CROSS_SITE = {
  title: "Request Refused",
  message:
    "This form was sent from another site, so the portal did not accept it. Nothing was changed. If you were using the portal, go back, reload the page and try again.",
} as const;

/** Audit rows for refused cross-site requests, per source address and minute. */
export const CROSS_SITE_AUDITS_PER_MINUTE = 5;

/**
 * Counts events per key in one-minute windows; `allow` says whether this one
 * is still within the limit. Memory is bounded: past `maxKeys` sources the
 * table starts over.
 */
export function perMinuteLimiter(limit: number, maxKeys = 10_000, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    allow(key: string): boolean {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= 60_000) {
        if (!w && windows.size >= maxKeys) windows.clear();
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count <= limit;
    },
  };
}

/**
 * Refuses a cross-site state-changing request before Remix (whose own CSRF
 * check would answer an empty 500): our 403 page, one log line, and an
 * audit row, at most CROSS_SITE_AUDITS_PER_MINUTE per source address a
 * minute so that an anonymous sender cannot flood the audit log.
 */
export function crossSiteGuard(auditLimit = perMinuteLimiter(CROSS_SITE_AUDITS_PER_MINUTE)): NodeMiddleware {
  return (req, res, next) => {
    const method = (req.method ?? "GET").toUpperCase();
    // X-Forwarded-Host counts only from a trusted proxy (Remix compares Origin with it).
    if (!isTrustedProxy(req.socket.remoteAddress)) delete req.headers["x-forwarded-host"];
    const protocol = (req as IncomingMessage & { protocol?: string }).protocol ?? "http";
    const host = req.headers.host;
    const reason =
      crossSiteRefusal(
        method,
        (name) => {
          const v = req.headers[name.toLowerCase()];
          return Array.isArray(v) ? v[0] : v;
        },
        ownOrigins(host ? `${protocol}://${host}` : undefined),
      ) ?? remixOriginMismatch(method, req);
    if (!reason) return next();
    const path = (req.url ?? "/").split("?")[0]!.slice(0, 300);
    const source = clientAddressOfSocket(req.socket.remoteAddress, req.headers["x-forwarded-for"]);
    console.warn(`[portal] refused cross-site ${method} ${path} from ${source ?? "unknown"} (${reason})`);
    if (auditLimit.allow(source ?? "unknown")) {
      void audit("ACCESS_DENIED", {
        ipAddress: source,
        userAgent: req.headers["user-agent"] ?? null,
        details: { reason: "cross-site", method, path, refusal: reason },
      });
    }
    refuse(req, res, 403, CROSS_SITE.title, CROSS_SITE.message, { close: true });
  };
}

/** Log lines for refused Hosts, per source address and minute. */
const MISDIRECTED_LOGS_PER_MINUTE = 5;
const HEALTH_PATHS = new Set(["/healthz", "/livez", "/readyz"]);

/**
 * Refuses a request whose Host is not the portal's (allowed-hosts.server.ts,
 * decision 0036) with 421 before static files, Remix or the body: a DNS
 * rebinding page in the operator's browser names its own host. GET/HEAD
 * of the health endpoints (/healthz, /livez, /readyz) answers whatever the
 * Host (orchestrators probe the pod's address; the answer tells nothing and
 * changes nothing), and so does /metrics with a bearer token (a Prometheus
 * scraping the pod's address; the route checks METRICS_TOKEN, which a
 * rebinding page cannot send).
 */
export function hostGuard(allowed: HostPattern[], logLimit = perMinuteLimiter(MISDIRECTED_LOGS_PER_MINUTE)): NodeMiddleware {
  return (req, res, next) => {
    if (hostAllowed(req.headers.host, allowed)) return next();
    const method = (req.method ?? "GET").toUpperCase();
    const path = (req.url ?? "/").split("?")[0]!;
    if ((method === "GET" || method === "HEAD") && (HEALTH_PATHS.has(path) || (path === "/metrics" && req.headers.authorization))) return next();
    const source = clientAddressOfSocket(req.socket.remoteAddress, req.headers["x-forwarded-for"]);
    if (logLimit.allow(source ?? "unknown")) {
      console.warn(`[portal] refused Host ${JSON.stringify(String(req.headers.host ?? "").slice(0, 100))} (${method} ${path.slice(0, 200)} from ${source ?? "unknown"}): not APP_URL's host nor in ALLOWED_HOSTS`);
    }
    refuseMisdirected(req, res);
  };
}

export const NUL_IN_ADDRESS = {
  title: "Address Not Accepted",
  message: "The address has a character the portal does not accept (a NUL character). Nothing was changed. Go back and try again.",
} as const;

export const NOT_UTF8_IN_ADDRESS = {
  title: "Address Not Accepted",
  message: "The address has characters the portal cannot read (text that is not UTF-8). Nothing was changed. Go back and try again.",
} as const;

/**
 * Refuses an address with a NUL character (`%00`), or with bytes that are not
 * UTF-8 once percent-decoded (`%FF`), before Remix with a 400
 * page: no link of the portal has one, and PostgreSQL cannot compare text
 * with it, so a search or lookup that passed it on answered 500
 * (/agent?agentNumber=%00, the reports finder, the review queue's filter).
 */
export const nulInAddressGuard: NodeMiddleware = (req, res, next) => {
  const url = req.url ?? "";
  if (url.includes("%00") || url.includes("\u0000")) return refuse(req, res, 400, NUL_IN_ADDRESS.title, NUL_IN_ADDRESS.message, { close: true });
  // Bytes that are not UTF-8 (`?q=%FF`): the URL parser would hand U+FFFD to the
  // loader, a GET form's search or filter (decision 0039).
  if (!addressIsUtf8(url)) return refuse(req, res, 400, NOT_UTF8_IN_ADDRESS.title, NOT_UTF8_IN_ADDRESS.message, { close: true });
  next();
};

/**
 * What Remix's own check (throwIfPotentialCSRFAttack) would refuse with an
 * empty 500: an Origin whose host is not the Host (or a trusted proxy's
 * X-Forwarded-Host) header, e.g. APP_URL's origin sent to another host name.
 */
function remixOriginMismatch(method: string, req: IncomingMessage): string | null {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  const origin = req.headers.origin;
  if (!origin || origin === "null") return null;
  let originHost = "";
  try {
    originHost = new URL(origin).host;
  } catch {
    return `Origin: ${origin.slice(0, 200)}`;
  }
  const forwarded = req.headers["x-forwarded-host"];
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim() || req.headers.host;
  return host && originHost === host ? null : `Origin ${origin.slice(0, 200)} is not the Host ${String(host).slice(0, 200)}`;
}

export const ADDRESS_TOO_LONG = {
  title: "Request Too Large",
  message: "The address (or a search typed into the page) is longer than the portal accepts. Nothing was changed. Go back and try again with less text.",
} as const;

/**
 * What Node's HTTP parser refuses before any middleware runs: an address or
 * headers over its 16 KiB limit (a search form's field of 1,000,000
 * characters is a GET address) got a bare '431' with no page; a request the
 * parser cannot read a bare '400'. The same statuses with a small page.
 * Timeouts (408) and broken connections keep Node's own handling.
 */
const answered = new WeakSet<Duplex>();

export function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  // Node's parser stays attached after its first error and reports again for every further piece of a long
  // address: the second report found the socket no longer writable and destroyed it, so the unread rest of the
  // address was answered with a reset that could reach the client before the page (CI: 'fetch failed', EPIPE).
  // One answer per connection; Node's own reading is detached, ours drains the rest.
  if (answered.has(socket)) return;
  answered.add(socket);
  socket.removeAllListeners("data");
  const inProgress = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || inProgress?.headersSent) {
    socket.destroy();
    return;
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    socket.end("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n");
    return;
  }
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? 431 : 400;
  const body = tooLarge
    ? refusalPage(431, ADDRESS_TOO_LONG.title, ADDRESS_TOO_LONG.message)
    : refusalPage(400, "Bad Request", "What was sent could not be read. Nothing was changed. Go back and try again.");
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? "Request Header Fields Too Large" : "Bad Request"}\r\n` +
      "Content-Type: text/html; charset=utf-8\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  // The client may still be sending (the rest of a 1 MB address): read and drop it, so the kernel does not answer the
  // unread bytes with a reset that can reach the client before the page does (seen: 'fetch failed' 1 run in 2).
  // A client that never stops is cut off after 10 s.
  socket.on("data", () => {});
  socket.resume();
  setTimeout(() => socket.destroy(), 10_000).unref();
}

/** The listening server: kept for the shutdown (server/http-drain.ts); its parser's refusals get a page. */
export function onListening(server: Server) {
  registerHttpServer(server);
  server.on("clientError", answerClientError);
}

/**
 * Remix's load context of one request (decision 0053): the socket address
 * (never a header: nothing the client sends can set it), a per-request cache
 * for a GET or HEAD (request-scope.server.ts), and in an HTTP process of
 * WEB_CONCURRENCY the way to ask the primary. Handed to Remix's request
 * handler with the request, which gives it to every loader and action.
 */
export function getLoadContext(req: IncomingMessage, opts: { askPrimary?: AppLoadContext["askPrimary"] } = {}): AppLoadContext {
  const address = req.socket.remoteAddress;
  return makeLoadContext({ peerAddress: address ? normalizeAddress(address) : null, method: req.method ?? "GET", askPrimary: opts.askPrimary });
}

/**
 * BENCH_ROUTES only (never on a deployment): X-Portal-Pid, the process that
 * answered, for bench:http and the WEB_CONCURRENCY tests (decision 0034).
 */
const benchProcessHeader: NodeMiddleware = (_req, res, next) => {
  res.setHeader("X-Portal-Pid", String(process.pid));
  next();
};

export function httpServerHooks(opts: { bodyLimits?: BodyLimits; askPrimary?: AppLoadContext["askPrimary"] } = {}): HttpServerHooks {
  const limits = opts.bodyLimits ?? {};
  const e = env();
  parseTrustedProxies(e.TRUST_PROXY); // a bad TRUST_PROXY stops the start-up
  const allowed = allowedHostsFor(e.appUrl, e.ALLOWED_HOSTS);
  return {
    host: listenHost(),
    port: e.PORT,
    // requestLog first (one line per answer, refusals too; X-Request-Id on every answer, log.server.ts),
    // then metricsMiddleware (refusals are counted too); shutdownGuard: it counts every request and refuses new
    // ones during the shutdown (server/http-drain.ts); then the request target and the Host, before anything
    // looks at the request; the API's paths and methods once the address is known to be readable.
    middleware: [
      ...[requestLog("portal", routeLabel), metricsMiddleware, shutdownGuard, requestTargetGuard(allowed), hostGuard(allowed)],
      ...[crossSiteGuard(), nulInAddressGuard, apiPathGuard, bodyLimit(limits), ...(e.BENCH_ROUTES ? [benchProcessHeader] : [])],
    ],
    staticHeaders: setBaseSecurityHeaders,
    remixRequest: (request, req, res) =>
      limitRequestBody(
        request,
        bodyLimitFor(new URL(request.url).pathname, limits),
        () => refuse(req, res, 413, BODY_TOO_LARGE.title, BODY_TOO_LARGE.message, { close: true }),
      ),
    getLoadContext: (req) => getLoadContext(req, { askPrimary: opts.askPrimary }),
    onListening,
  };
}
