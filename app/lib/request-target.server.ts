// The request target and Host of a request, checked before anything reads or routes it, by both
// servers (the portal's server/request-guards.ts, the provider's provider.server.ts; decision 0085):
//  - more than one Host header is refused (RFC 9112 section 3.2: a server MUST answer 400); Node keeps
//    the first, and believing it is what a request smuggled past a proxy that read the second relies on;
//  - an absolute-form target (`GET http://host:port/path`) is accepted only when its authority is one
//    of the server's hosts; it is then made origin-form and its authority becomes the Host (RFC 9112
//    section 3.2.2). Any other authority, a userinfo, another scheme: 400. Remix read
//    `http://<Host>http://...` as the address and answered 500 'Invalid URL';
//  - any other form (`*`, `host:port`) is refused too: no route of ours answers one.
import type { IncomingMessage } from "node:http";
import { hostAllowed, parseHost, type HostPattern } from "./allowed-hosts.server";

export const BAD_REQUEST_TARGET = {
  title: "Bad Request",
  message: "The request names its address in a form this server does not accept. Nothing was changed. Open the portal at its own address and try again.",
} as const;

export const MORE_THAN_ONE_HOST = {
  title: "Bad Request",
  message: "The request names more than one host (Host header). Nothing was changed.",
} as const;

const ABSOLUTE_FORM = /^(https?):\/\/([^/?#]*)(.*)$/is;

/**
 * Null when the request may go on (an accepted absolute-form target is now origin-form, its authority
 * the Host); else the refusal to answer with 400. A refused absolute-form target is made origin-form
 * too, so that the refusal and its log line name the path (problem details under /api).
 */
export function requestTargetRefusal(req: IncomingMessage, allowed: HostPattern[]): { title: string; message: string } | null {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === "host") hosts++;
  if (hosts > 1) return MORE_THAN_ONE_HOST;
  const target = req.url ?? "/";
  if (target.startsWith("/")) return null;
  const m = ABSOLUTE_FORM.exec(target);
  if (!m) return BAD_REQUEST_TARGET;
  const authority = m[2]!;
  const rest = m[3] || "/";
  setTarget(req, rest.startsWith("/") ? rest : `/${rest}`);
  if (authority.includes("@") || !parseHost(authority) || !hostAllowed(authority, allowed)) return BAD_REQUEST_TARGET;
  req.headers.host = authority;
  return null;
}

/** Express keeps the target it was given as originalUrl too (the address Remix is handed). */
function setTarget(req: IncomingMessage & { originalUrl?: string }, target: string) {
  req.url = target;
  if (req.originalUrl !== undefined) req.originalUrl = target;
}
