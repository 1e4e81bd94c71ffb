// Cross-cutting HTTP security: same-origin checks for state-changing
// requests, response headers (CSP and friends), safe redirect targets.
import { env } from "./env.server";
import { clientAddress } from "./net.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Why a request is refused as cross-site, or null when it is not: a
 * state-changing request whose Origin, or Sec-Fetch-Site, shows that another
 * site sent it. Requests without either header (old browsers,
 * server-to-server) are let through: SameSite=Lax cookies already keep
 * cross-site POSTs anonymous. Used by the HTTP server before Remix and by
 * every action (assertSameOrigin).
 */
export function crossSiteRefusal(
  method: string,
  header: (name: string) => string | null | undefined,
  ownOrigins: Set<string>,
): string | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const site = header("Sec-Fetch-Site");
  // "same-site" would let a sibling subdomain post; refuse it too.
  if (site && site !== "same-origin" && site !== "none") return `Sec-Fetch-Site: ${site}`;
  const origin = header("Origin");
  if (origin === "null") return "Origin: null";
  if (origin && !ownOrigins.has(origin)) return `Origin: ${origin.slice(0, 200)}`;
  return null;
}

/** Throws a 403 for a cross-site state-changing request (see crossSiteRefusal). */
export function assertSameOrigin(request: Request): void {
  if (crossSiteRefusal(request.method, (n) => request.headers.get(n), allowedOrigins(request))) {
    throw forbidden("Cross-site request refused");
  }
}

/** The portal's own origins: APP_URL's and the one the request was addressed to. */
export function ownOrigins(requestOrigin?: string): Set<string> {
  const set = new Set<string>([new URL(env().appUrl).origin]);
  if (requestOrigin) set.add(requestOrigin);
  return set;
}

function allowedOrigins(request: Request): Set<string> {
  let origin: string | undefined;
  try {
    origin = new URL(request.url).origin;
  } catch {
    /* ignore */
  }
  return ownOrigins(origin);
}

function forbidden(message: string) {
  return new Response(message, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** Sources the browser may talk to besides ourselves (the identity provider for form redirects). */
let extraFormActions: string[] = [];
export function allowFormActionOrigin(origin: string) {
  if (!extraFormActions.includes(origin)) extraFormActions = [...extraFormActions, origin];
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${extraFormActions.join(" ")}`.trim(),
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers for every HTML document and data response. */
export function applySecurityHeaders(headers: Headers, nonce?: string) {
  if (nonce !== undefined) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (env().secure) headers.set("Strict-Transport-Security", "max-age=31536000");
  // Pages and data may carry personal data: never store them.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}

/**
 * A same-origin path to return to after sign-in. The value is parsed as a
 * browser would (backslashes are slashes, dot segments are resolved) against
 * the portal's origin; only a path on that origin is returned, in its
 * normalised form, so what we send in Location is what the browser follows.
 * Anything else (absolute or protocol-relative URLs, `/\\host`, `/./\\host`,
 * control characters, /auth/ itself) falls back to /home.
 */
export function safeReturnTo(value: string | null | undefined, fallback = "/home"): string {
  if (!value || value.length > 2000) return fallback;
  if (!value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const origin = new URL(env().appUrl).origin;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || url.username || url.password) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "//host" or "/\\host" in Location is another site.
  if (path.startsWith("//") || path.includes("\\")) return fallback;
  if (url.pathname === "/auth" || url.pathname.startsWith("/auth/")) return fallback;
  return path;
}

/**
 * The client address for the audit log and signature evidence: the socket
 * address, or X-Forwarded-For only when the socket is a trusted proxy
 * (TRUST_PROXY). Null when the request did not come through our HTTP server.
 */
export function clientIp(request: Request): string | null {
  return clientAddress(request);
}
