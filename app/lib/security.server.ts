// Cross-cutting HTTP security: same-origin checks for state-changing
// requests, response headers (CSP and friends), safe redirect targets.
import { env } from "./env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses (403) a state-changing request whose Origin, or Sec-Fetch-Site,
 * shows that another site sent it. Requests without either header (old
 * browsers, server-to-server) are let through: SameSite=Lax cookies already
 * keep cross-site POSTs anonymous.
 */
export function assertSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  const site = request.headers.get("Sec-Fetch-Site");
  if (site && site !== "same-origin" && site !== "none") {
    // "same-site" would let a sibling subdomain post; refuse it too.
    throw forbidden("Cross-site request refused");
  }
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    if (!allowedOrigins(request).has(origin)) throw forbidden("Cross-site request refused");
  } else if (origin === "null") {
    throw forbidden("Cross-site request refused");
  }
}

function allowedOrigins(request: Request): Set<string> {
  const set = new Set<string>([new URL(env().appUrl).origin]);
  try {
    set.add(new URL(request.url).origin);
  } catch {
    /* ignore */
  }
  return set;
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
 * A same-site path to return to after sign-in: must start with a single
 * slash; anything else (absolute URLs, protocol-relative //host, backslash
 * tricks) falls back to /home.
 */
export function safeReturnTo(value: string | null | undefined, fallback = "/home"): string {
  if (!value) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  if (value.startsWith("/auth/")) return fallback;
  return value;
}

/** Client address for the audit log (first hop of X-Forwarded-For when behind a proxy). */
export function clientIp(request: Request): string | null {
  const fwd = request.headers.get("X-Forwarded-For");
  if (fwd) return fwd.split(",")[0]!.trim() || null;
  return request.headers.get("X-Real-IP");
}
