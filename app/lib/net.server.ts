// Who is asking, at the network level: the socket address of a request (in
// the load context made by our HTTP server, never by the client), the client address behind
// trusted proxies (TRUST_PROXY), loopback tests and the address to listen
// on (HOST). See docs/decisions/0012-security-hardening.md.
import { BlockList, isIP } from "node:net";
import { env } from "./env.server";
import { specialRangeOf } from "./special-addresses.server";
import { bindLoadContext, loadContextOf, makeLoadContext } from "./load-context.server";

/**
 * A Request with a load context carrying this socket address (a script or a
 * test calling a loader or domain function directly). The HTTP server makes
 * the context itself (server/http-server.ts, getLoadContext): no header of the
 * request is read for it, so nothing a client sends can forge it.
 */
export function withPeerAddress<R extends Request>(request: R, address: string | null | undefined): R {
  return bindLoadContext(request, makeLoadContext({ peerAddress: address ? normalizeAddress(address) : null, method: request.method }));
}

/** The socket address the request came from (its load context), or null when the server recorded none. */
export function peerAddress(request: Request): string | null {
  return loadContextOf(request)?.peerAddress ?? null;
}

/** "::ffff:10.0.0.1" → "10.0.0.1"; anything not an IP address → null. */
export function normalizeAddress(address: string): string | null {
  const a = address.trim().replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  const plain = mapped ? mapped[1]! : a;
  return isIP(plain) ? plain.toLowerCase() : null;
}

export function isLoopbackAddress(address: string | null | undefined): boolean {
  const a = address ? normalizeAddress(address) : null;
  if (!a) return false;
  return a === "::1" || (isIP(a) === 4 && a.startsWith("127."));
}

/** localhost, *.localhost, 127.x.y.z and [::1]: a URL only this machine can reach. */
export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || isLoopbackAddress(h);
}

/** True while APP_URL points at this machine only (a developer's `npm start`). */
export function portalIsLocal(): boolean {
  return isLoopbackHostname(new URL(env().appUrl).hostname);
}

/**
 * The address the portal and the built-in provider listen on: HOST when set
 * ("0.0.0.0" or "::" for every interface), else 127.0.0.1 while APP_URL is
 * a loopback address, else every interface (undefined).
 */
export function listenHost(): string | undefined {
  const e = env();
  if (e.HOST) return e.HOST;
  return portalIsLocal() ? "127.0.0.1" : undefined;
}

/** Parses TRUST_PROXY: addresses and CIDRs separated by commas or spaces. Throws on a bad entry. */
export function parseTrustedProxies(value: string | undefined): BlockList {
  const list = new BlockList();
  for (const entry of (value ?? "").split(/[\s,]+/).filter(Boolean)) {
    const [addr, bits, extra] = entry.split("/");
    const address = addr ? normalizeAddress(addr) : null;
    const family = address ? isIP(address) : 0;
    const prefix = bits === undefined ? undefined : Number(bits);
    if (!address || extra !== undefined || (prefix !== undefined && (!/^\d+$/.test(bits!) || prefix > (family === 4 ? 32 : 128)))) {
      throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or CIDR range`);
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

let trusted: { source: string | undefined; list: BlockList } | undefined;
function trustedProxies(): BlockList {
  const source = env().TRUST_PROXY;
  if (!trusted || trusted.source !== source) trusted = { source, list: parseTrustedProxies(source) };
  return trusted.list;
}

function isTrusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
}

/**
 * The client's address: the socket address, unless that is a trusted proxy;
 * then X-Forwarded-For is read from the right, skipping trusted proxies, and
 * the first address not trusted is the client. A forwarded header from
 * anyone else is ignored.
 */
export function resolveClientAddress(peer: string | null, forwardedFor: string | null, proxies: BlockList): string | null {
  if (!peer) return null;
  let client = peer;
  if (!isTrusted(proxies, client) || !forwardedFor) return client;
  const hops = forwardedFor.split(",").map((h) => h.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i]!);
    if (!hop) return client;
    client = hop;
    if (!isTrusted(proxies, hop)) return client;
  }
  return client;
}

/** The client address of a request served by our HTTP server (null when unknown). */
export function clientAddress(request: Request): string | null {
  return resolveClientAddress(peerAddress(request), request.headers.get("X-Forwarded-For"), trustedProxies());
}

/** True when the socket address is one of TRUST_PROXY (its X-Forwarded-* headers are believed). */
export function isTrustedProxy(remoteAddress: string | undefined): boolean {
  const peer = remoteAddress ? normalizeAddress(remoteAddress) : null;
  return peer !== null && isTrusted(trustedProxies(), peer);
}

/** The same for a node request, before Remix (the HTTP server's own middleware). */
export function clientAddressOfSocket(remoteAddress: string | undefined, forwardedFor: string | string[] | undefined): string | null {
  const peer = remoteAddress ? normalizeAddress(remoteAddress) : null;
  const fwd = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? null);
  return resolveClientAddress(peer, fwd, trustedProxies());
}

/**
 * True for an address on the public internet; false for one of SPECIAL_PURPOSE_RANGES (loopback,
 * private, link-local, metadata, 6to4, NAT64, documentation, …) and for non-addresses.
 */
export function isPublicAddress(address: string): boolean {
  const a = normalizeAddress(address);
  return a !== null && specialRangeOf(a) === null;
}
