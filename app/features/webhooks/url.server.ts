// Where a webhook may be posted (decision 0077): an https URL (http only with WEBHOOK_ALLOW_PRIVATE,
// for a receiver on loopback in tests) whose host is on the public internet: not loopback, private,
// link-local (the cloud metadata address), … unless WEBHOOK_ALLOW_PRIVATE=true. Checked when an
// administrator registers the URL, and again on every delivery, where the connection's own DNS
// lookup is checked (guardedLookup), so a name that later resolves to a private address (DNS
// rebinding) is refused at the moment of connecting, not only at registration.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { promises as dns } from "node:dns";
import { isIP } from "node:net";
import { env } from "~/lib/env.server";
import { isPublicAddress, normalizeAddress } from "~/lib/net.server";

/** Thrown by guardedLookup (and so by the connection) for a host that resolves to a refused address. */
export class WebhookAddressError extends Error {
  override name = "WebhookAddressError";
}

const privateAllowed = () => env().WEBHOOK_ALLOW_PRIVATE;

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
  if (isIP(host) && !privateAllowed() && !isPublicAddress(host)) return "This address is on a private, loopback or link-local network; the portal posts only to public addresses.";
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
  if (addresses.some((a) => !isPublicAddress(a.address))) return "This host name resolves to a private, loopback or link-local address; the portal posts only to public addresses.";
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http(s).request: the system's answer, refused when an address is not public (unless allowed). */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => !isPublicAddress(normalizeAddress(a.address) ?? a.address));
    if (bad && !privateAllowed()) return callback(new WebhookAddressError(`${hostname} resolves to a non-public address`), []);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
}
