// Which Host a request may name (DNS rebinding, issue 18 item 3, decision
// 0036). A page on evil.example whose name is rebound to 127.0.0.1 (or to the
// portal's private address) is same-origin with itself, so the browser lets it
// read our answers: only the Host header tells such a request apart, and it
// always carries the attacker's name. The portal (server/http-server.ts)
// and the built-in provider (app/features/idp/provider.server.ts) answer only
// requests whose Host is the host of their public URL (APP_URL, IDP_URL),
// another loopback name for the same port while that URL is a loopback one, or
// a name of ALLOWED_HOSTS (more names behind a proxy); anything else gets 421
// before any routing or body reading. Pure functions: env.server.ts validates
// ALLOWED_HOSTS with parseAllowedHosts.
import type { IncomingMessage, ServerResponse } from "node:http";
import { isApiPath } from "./api-path";

/** A name and port a request may name; port null: any port (an ALLOWED_HOSTS entry without one). */
export type HostPattern = { hostname: string; port: string | null };

/** A Host header: a DNS name or IPv4 address, or an IPv6 address in brackets, and an optional port. */
const HOST_SYNTAX = /^(\[[0-9a-f:.]{2,45}\]|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?)(?::(\d{1,5}))?$/;

/** Parses "name", "name:port" or "[v6]:port" (lower-cased); null when it is not one. */
export function parseHost(value: string): HostPattern | null {
  const m = HOST_SYNTAX.exec(value.trim().toLowerCase());
  if (!m) return null;
  const port = m[2] === undefined ? null : String(Number(m[2]));
  if (port !== null && (Number(port) < 1 || Number(port) > 65535)) return null;
  return { hostname: m[1]!, port };
}

/**
 * ALLOWED_HOSTS: names (any port) or name:port, separated by commas or
 * spaces. Throws naming the first entry that is not one (the start stops).
 */
export function parseAllowedHosts(value: string | undefined): HostPattern[] {
  const out: HostPattern[] = [];
  for (const entry of (value ?? "").split(/[\s,]+/).filter(Boolean)) {
    const parsed = parseHost(entry);
    if (!parsed) throw new Error(`"${entry.slice(0, 100)}" is not a host name, an IP address or name:port (e.g. portal.example.com or 10.0.0.5:3000)`);
    out.push(parsed);
  }
  return out;
}

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

const isLoopbackName = (hostname: string) =>
  hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/**
 * The hosts a server whose public URL is `publicUrl` answers: that URL's
 * host and port; while it is a loopback URL, also localhost, 127.0.0.1 and
 * [::1] on the same port (a rebinding page always names a foreign host, and
 * the operator's browser and the tests use either); plus `extra`.
 */
export function allowedHostsFor(publicUrl: string, extra: HostPattern[] = []): HostPattern[] {
  const url = new URL(publicUrl);
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const hostname = url.hostname.toLowerCase();
  const names = isLoopbackName(hostname) ? [hostname, ...LOOPBACK_NAMES] : [hostname];
  return [...[...new Set(names)].map((name): HostPattern => ({ hostname: name, port })), ...extra];
}

/** Whether a request's Host header names one of `allowed` (a missing or malformed Host never does). */
export function hostAllowed(hostHeader: string | undefined, allowed: HostPattern[]): boolean {
  const host = hostHeader ? parseHost(hostHeader) : null;
  if (!host) return false;
  return allowed.some(
    (a) =>
      a.hostname === host.hostname &&
      (a.port === null ||
        a.port === host.port ||
        // No port in the Host header: the scheme's default port (80 for http, 443 behind a TLS proxy).
        (host.port === null && (a.port === "80" || a.port === "443"))),
  );
}

export const MISDIRECTED = {
  title: "Wrong Address",
  message:
    "This server does not answer for the address your browser used. Nothing was changed. Open the portal at its own address (the one in your invitation or bookmark).",
} as const;

const page = (status: number, t: { title: string; message: string }) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${t.title}</h1>
<p>${t.message}</p>
<p style="color:#666">Error ${status}</p>
</body></html>
`;

/**
 * Answers a refusal of the Host or the request target (421, 400) with a small page, problem details
 * under /api (the API's errors, decision 0074) or JSON for a script that asks for it; the body is
 * discarded unread: nothing of the request reaches routing, cookies or the database. `t` is one of
 * our constant texts (not escaped).
 */
export function refuseBeforeRouting(req: IncomingMessage, res: ServerResponse, status: number, t: { title: string; message: string }) {
  const accept = req.headers.accept ?? "";
  const api = isApiPath(req.url ?? "/");
  const json = accept.includes("application/json") && !accept.includes("text/html");
  const body = api
    ? JSON.stringify({ type: "about:blank", title: t.title, status, detail: t.message })
    : json
      ? JSON.stringify({ error: t.title, message: t.message })
      : page(status, t);
  res.writeHead(status, {
    "Content-Type": api ? "application/problem+json" : json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  });
  res.end(req.method === "HEAD" ? undefined : body);
  req.resume(); // discard what is still coming (not kept in memory)
}

/** 421 Misdirected Request: the Host is not one of ours. */
export const refuseMisdirected = (req: IncomingMessage, res: ServerResponse) => refuseBeforeRouting(req, res, 421, MISDIRECTED);
