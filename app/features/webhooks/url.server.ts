// Where a webhook may be posted (decision 0077): an https URL (http only with WEBHOOK_ALLOW_PRIVATE,
// for a receiver on loopback in tests) whose host is on the public internet: no address of
// SPECIAL_PURPOSE_RANGES (loopback, private, link-local with the cloud metadata address, 6to4,
// NAT64, Teredo, documentation, …) unless WEBHOOK_ALLOW_PRIVATE=true. Checked when an administrator
// registers the URL, and again on every delivery, where the connection's own DNS lookup is checked
// (guardedLookup) and then the address the socket connected to (refusedPeer), so a name that later
// resolves to a private address (DNS rebinding) is refused at the moment of connecting.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { promises as dns } from "node:dns";
import { isIP } from "node:net";
import { env } from "~/lib/env.server";
import { normalizeAddress } from "~/lib/net.server";
import { specialRangeOf, type SpecialRange } from "~/lib/special-addresses.server";

/** Thrown by guardedLookup (and so by the connection) for a host that resolves to a refused address. */
export class WebhookAddressError extends Error {
  override name = "WebhookAddressError";
}

const privateAllowed = () => env().WEBHOOK_ALLOW_PRIVATE;

/** The special-purpose range of an address the portal may not post to (null: public, or private allowed; a non-address is refused). */
export function refusedRangeOf(address: string): SpecialRange | null {
  if (privateAllowed()) return null;
  const a = normalizeAddress(address);
  if (!a) return { range: address, name: "not an IP address", why: "the portal connects only to IP addresses" };
  return specialRangeOf(a);
}

const rangeText = (r: SpecialRange) => `a special-purpose range: ${r.name}, ${r.range} (${r.why})`;

/** Why the socket's peer may not be posted to; null when fine. */
export function refusedPeer(address: string | undefined): string | null {
  if (privateAllowed()) return null;
  const r = refusedRangeOf(address ?? "");
  return r ? `connected to ${address ?? "no address"}, in ${rangeText(r)}` : null;
}

/** Why the URL's form is refused (scheme, credentials, an address literal), without resolving it; null when fine. */
export function webhookUrlFormProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full address starting with https://.";
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && privateAllowed())) return "The address must start with https://.";
  if (url.username || url.password) return "Put no user name or password in the address; the signature proves the sender.";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const range = isIP(host) ? refusedRangeOf(host) : null;
  if (range) return `This address is in ${rangeText(range)}. The portal posts only to public addresses.`;
  if (!privateAllowed() && (host === "localhost" || host.endsWith(".localhost"))) return "This address is on this machine; the portal posts only to public addresses.";
  return null;
}

/** The form check and the host's current DNS answer (every address public unless allowed); null when fine. */
export async function webhookUrlProblem(raw: string): Promise<string | null> {
  const form = webhookUrlFormProblem(raw);
  if (form) return form;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) || privateAllowed()) return null;
  let addresses: LookupAddress[];
  try {
    addresses = await dns.lookup(host, { all: true });
  } catch {
    return "The portal cannot find this host name (DNS); check the address.";
  }
  const refused = addresses.map((a) => ({ a, r: refusedRangeOf(a.address) })).find((x) => x.r);
  if (refused) return `This host name resolves to ${refused.a.address}, in ${rangeText(refused.r!)}. The portal posts only to public addresses.`;
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http(s).request: the system's answer, refused when an address is not public (unless allowed). */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.map((a) => ({ a, r: refusedRangeOf(a.address) })).find((x) => x.r);
    if (bad) return callback(new WebhookAddressError(`${hostname} resolves to ${bad.a.address}, in ${rangeText(bad.r!)}`), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
