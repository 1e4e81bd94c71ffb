// The addresses no outbound request of the portal (webhooks, decision 0077) may reach unless
// WEBHOOK_ALLOW_PRIVATE: the one table of them, checked on a URL's literal address at registration
// and on the address a delivery connects to. From the IANA IPv4 and IPv6 Special-Purpose Address
// Registries (RFC 6890 and later), with multicast, the deprecated IPv4-compatible and site-local
// ranges and IPv6 space outside global unicast (2000::/3). Whole ranges are refused even where
// part is globally reachable: an address that embeds or translates another one (6to4, NAT64,
// Teredo, IPv4-mapped or -compatible) could lead to loopback or a private network.
import { BlockList, isIP } from "node:net";

export type SpecialRange = { range: string; name: string; why: string };

const LOCAL = "reaches this machine or its own network";
const TEST = "reserved for documentation and examples; no real receiver is there";
const EMBEDS = "embeds an IPv4 address, which may be loopback or private";

/** Every refused range, with its name and why; the most specific range that holds an address names it. */
export const SPECIAL_PURPOSE_RANGES: readonly SpecialRange[] = [
  // IPv4
  { range: "0.0.0.0/8", name: "'this network'", why: "an unspecified source address, which connects to this machine" },
  { range: "10.0.0.0/8", name: "private-use", why: LOCAL },
  { range: "100.64.0.0/10", name: "shared address space (carrier-grade NAT)", why: "inside a provider's network" },
  { range: "127.0.0.0/8", name: "loopback", why: "this machine" },
  { range: "169.254.0.0/16", name: "link-local", why: "the local link, with the cloud metadata address 169.254.169.254" },
  { range: "172.16.0.0/12", name: "private-use", why: LOCAL },
  { range: "192.0.0.0/24", name: "IETF protocol assignments", why: "special-purpose addresses of IETF protocols" },
  { range: "192.0.2.0/24", name: "documentation (TEST-NET-1)", why: TEST },
  { range: "192.31.196.0/24", name: "AS112-v4", why: "DNS sinks for private names, not a receiver" },
  { range: "192.52.193.0/24", name: "AMT", why: "multicast tunnelling relays, not a receiver" },
  { range: "192.88.99.0/24", name: "6to4 relay anycast (deprecated)", why: "relays to other networks" },
  { range: "192.168.0.0/16", name: "private-use", why: LOCAL },
  { range: "192.175.48.0/24", name: "direct delegation AS112", why: "DNS sinks for private names, not a receiver" },
  { range: "198.18.0.0/15", name: "benchmarking", why: "reserved for network tests between devices" },
  { range: "198.51.100.0/24", name: "documentation (TEST-NET-2)", why: TEST },
  { range: "203.0.113.0/24", name: "documentation (TEST-NET-3)", why: TEST },
  { range: "224.0.0.0/4", name: "multicast", why: "a group of hosts, not one receiver" },
  { range: "240.0.0.0/4", name: "reserved", why: "not assigned for use on the internet" },
  { range: "255.255.255.255/32", name: "limited broadcast", why: "every host of the local network" },
  // IPv6
  { range: "::/128", name: "unspecified", why: "connects to this machine" },
  { range: "::1/128", name: "loopback", why: "this machine" },
  { range: "::/96", name: "IPv4-compatible (deprecated)", why: EMBEDS },
  { range: "::ffff:0:0/96", name: "IPv4-mapped", why: EMBEDS },
  { range: "64:ff9b::/96", name: "NAT64 well-known prefix", why: "translated to an IPv4 address, which may be loopback or private" },
  { range: "64:ff9b:1::/48", name: "local-use IPv4/IPv6 translation", why: "translated inside a local network" },
  { range: "100::/64", name: "discard-only", why: "traffic to it is dropped" },
  { range: "100:0:0:1::/64", name: "dummy IPv6 prefix", why: "not reachable on the internet" },
  { range: "2001::/23", name: "IETF protocol assignments", why: "special-purpose addresses of IETF protocols" },
  { range: "2001::/32", name: "Teredo", why: EMBEDS },
  { range: "2001:2::/48", name: "benchmarking", why: "reserved for network tests between devices" },
  { range: "2001:3::/32", name: "AMT", why: "multicast tunnelling relays, not a receiver" },
  { range: "2001:4:112::/48", name: "AS112-v6", why: "DNS sinks for private names, not a receiver" },
  { range: "2001:10::/28", name: "ORCHID (deprecated)", why: "cryptographic identifiers, not routable" },
  { range: "2001:20::/28", name: "ORCHIDv2", why: "cryptographic identifiers, not routable" },
  { range: "2001:30::/28", name: "drone remote ID (DRIP)", why: "identifiers, not routable" },
  { range: "2001:db8::/32", name: "documentation", why: TEST },
  { range: "2002::/16", name: "6to4", why: EMBEDS },
  { range: "2620:4f:8000::/48", name: "direct delegation AS112", why: "DNS sinks for private names, not a receiver" },
  { range: "3fff::/20", name: "documentation", why: TEST },
  { range: "5f00::/16", name: "segment routing (SRv6) SIDs", why: "not a host address" },
  { range: "fc00::/7", name: "unique local", why: LOCAL },
  { range: "fe80::/10", name: "link-local", why: "the local link" },
  { range: "fec0::/10", name: "site-local (deprecated)", why: LOCAL },
  { range: "ff00::/8", name: "multicast", why: "a group of hosts, not one receiver" },
  { range: "::/3", name: "outside IPv6 global unicast", why: "not allocated for use on the internet (only 2000::/3 is)" },
  { range: "4000::/2", name: "outside IPv6 global unicast", why: "not allocated for use on the internet (only 2000::/3 is)" },
  { range: "8000::/1", name: "outside IPv6 global unicast", why: "not allocated for use on the internet (only 2000::/3 is)" },
];

const prefixOf = (r: SpecialRange) => Number(r.range.split("/")[1]);
// Most specific first, so that 2001:db8::1 is 'documentation', not 'outside global unicast'.
const MATCHERS = [...SPECIAL_PURPOSE_RANGES]
  .sort((a, b) => prefixOf(b) - prefixOf(a))
  .map((entry) => {
    const [net, bits] = entry.range.split("/") as [string, string];
    const type = isIP(net) === 4 ? "ipv4" : "ipv6";
    const list = new BlockList();
    list.addSubnet(net, Number(bits), type);
    return { entry, type, list };
  });

/** The special-purpose range holding an IP address (v4, or v6 as written by a URL or DNS); null for a public address. */
export function specialRangeOf(address: string): SpecialRange | null {
  const family = isIP(address);
  if (!family) return null;
  const type = family === 4 ? "ipv4" : "ipv6";
  return MATCHERS.find((m) => m.type === type && m.list.check(address, type))?.entry ?? null;
}
