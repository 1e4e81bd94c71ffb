// Who is asking, at the network level: the socket address of a request (set
// by our HTTP server, never by the client), the client address behind
// trusted proxies (TRUST_PROXY), loopback tests and the address to listen
// on (HOST). See docs/decisions/0012-security-hardening.md.
import { randomBytes } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { env } from "./env.server";

/**
 * The socket address travels from scripts/serve.mjs to loaders in this
 * header. The server deletes any copy the client sent and writes its own,
 * prefixed with a secret of this process, so a client cannot forge it even
 * when the portal runs under another server that does not strip it.
 */
export const PEER_HEADER = "x-portal-peer";
const PEER_TOKEN = randomBytes(18).toString("base64url");

/** Records the socket address on the request (replacing whatever the client sent). */
export function withPeerAddress<R extends Request>(request: R, address: string | null | undefined): R {
  request.headers.delete(PEER_HEADER);
  const normalized = address ? normalizeAddress(address) : null;
  if (normalized) request.headers.set(PEER_HEADER, `${PEER_TOKEN} ${normalized}`);
  return request;
}

/** The socket address the request came from, or null when the server did not record one. */
export function peerAddress(request: Request): string | null {
  const value = request.headers.get(PEER_HEADER);
  if (!value) return null;
  const [token, address] = value.split(" ");
  if (token !== PEER_TOKEN || !address || !isIP(address)) return null;
  return address;
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
