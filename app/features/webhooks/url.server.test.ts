// Where a webhook may be posted (decision 0077): public addresses only (unless
// WEBHOOK_ALLOW_PRIVATE), checked on the literal address and, for a host name, in the connection's
// own DNS lookup, so a name that resolves to loopback is refused at the moment of connecting.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { isPublicAddress } from "~/lib/net.server";
import { SPECIAL_PURPOSE_RANGES, specialRangeOf } from "~/lib/special-addresses.server";
import { guardedLookup, refusedPeer, WebhookAddressError, webhookUrlFormProblem } from "./url.server";

/**
 * An address in each special-purpose range, as a URL writes it (`https://[…]/`), and the range
 * that must refuse it (issue 33 item 5: [::127.0.0.1] and [2002:7f00:1::] were accepted).
 */
const INSIDE: Array<[string, string]> = [
  ["0.1.2.3", "0.0.0.0/8"],
  ["10.20.30.40", "10.0.0.0/8"],
  ["100.64.0.1", "100.64.0.0/10"],
  ["127.8.9.1", "127.0.0.0/8"],
  ["169.254.169.254", "169.254.0.0/16"],
  ["172.31.255.255", "172.16.0.0/12"],
  ["192.0.0.9", "192.0.0.0/24"],
  ["192.0.2.10", "192.0.2.0/24"],
  ["192.31.196.1", "192.31.196.0/24"],
  ["192.52.193.1", "192.52.193.0/24"],
  ["192.88.99.1", "192.88.99.0/24"],
  ["192.168.1.1", "192.168.0.0/16"],
  ["192.175.48.1", "192.175.48.0/24"],
  ["198.19.255.1", "198.18.0.0/15"],
  ["198.51.100.7", "198.51.100.0/24"],
  ["203.0.113.7", "203.0.113.0/24"],
  ["239.1.2.3", "224.0.0.0/4"],
  ["250.1.2.3", "240.0.0.0/4"],
  ["255.255.255.255", "255.255.255.255/32"],
  ["[::]", "::/128"],
  ["[::1]", "::1/128"],
  ["[::127.0.0.1]", "::/96"],
  ["[::ffff:127.0.0.1]", "::ffff:0:0/96"],
  ["[::ffff:93.184.215.14]", "::ffff:0:0/96"],
  ["[64:ff9b::7f00:1]", "64:ff9b::/96"],
  ["[64:ff9b:1::a00:1]", "64:ff9b:1::/48"],
  ["[100::1]", "100::/64"],
  ["[100:0:0:1::1]", "100:0:0:1::/64"],
  ["[2001:1::1]", "2001::/23"],
  ["[2001:0:4136:e378:8000:63bf:3fff:fdd2]", "2001::/32"],
  ["[2001:2::1]", "2001:2::/48"],
  ["[2001:3::1]", "2001:3::/32"],
  ["[2001:4:112::1]", "2001:4:112::/48"],
  ["[2001:10::1]", "2001:10::/28"],
  ["[2001:20::1]", "2001:20::/28"],
  ["[2001:30::1]", "2001:30::/28"],
  ["[2001:db8::1]", "2001:db8::/32"],
  ["[2002:7f00:1::]", "2002::/16"],
  ["[2620:4f:8000::1]", "2620:4f:8000::/48"],
  ["[3fff:123::1]", "3fff::/20"],
  ["[5f00::1]", "5f00::/16"],
  ["[fd12:3456::1]", "fc00::/7"],
  ["[fe80::1]", "fe80::/10"],
  ["[fec0::1]", "fec0::/10"],
  ["[ff02::1]", "ff00::/8"],
  ["[1000::1]", "::/3"],
  ["[4000::1]", "4000::/2"],
  ["[8000::1]", "8000::/1"],
];

const allowPrivate = (on: boolean) => {
  process.env.WEBHOOK_ALLOW_PRIVATE = on ? "true" : "false";
  resetEnvCache();
};
afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

describe("webhook addresses: the special-purpose ranges, one table", () => {
  it.each(INSIDE)("https://%s/ is refused as %s at registration and at delivery", (host, range) => {
    allowPrivate(false);
    const entry = SPECIAL_PURPOSE_RANGES.find((r) => r.range === range)!;
    expect(entry, range).toBeDefined();
    const problem = webhookUrlFormProblem(`https://${host}/hook`);
    expect(problem).toBe(`This address is in a special-purpose range: ${entry.name}, ${range} (${entry.why}). The portal posts only to public addresses.`);
    // What the socket reports once connected (a URL's form of the address, or DNS's).
    const peer = new URL(`https://${host}/`).hostname.replace(/^\[|\]$/g, "");
    expect(refusedPeer(peer), peer).toContain(`${entry.name}, ${range}`);
    allowPrivate(true);
    expect(refusedPeer(peer)).toBeNull();
  });

  it("has a test address for every range of the table, and public addresses pass", () => {
    expect(SPECIAL_PURPOSE_RANGES.map((r) => r.range).filter((r) => !INSIDE.some(([, x]) => x === r))).toEqual([]);
    for (const a of ["93.184.215.14", "8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "2a00:1450:4001::200e", "2001:4860:4860::8888", "2003::1"]) {
      expect(specialRangeOf(a), a).toBeNull();
      expect(refusedPeer(a), a).toBeNull();
    }
  });
});

describe("webhook addresses", () => {
  it("tells public addresses from loopback, private, link-local, metadata and reserved ones", () => {
    for (const a of ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111"]) expect(isPublicAddress(a), a).toBe(true);
    for (const a of ["127.0.0.1", "127.8.9.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "224.0.0.1", "::1", "::", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "not an address"]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it("refuses http, credentials, loopback and private literals unless private addresses are allowed", () => {
    allowPrivate(false);
    expect(webhookUrlFormProblem("https://93.184.215.14/hook")).toBeNull();
    expect(webhookUrlFormProblem("https://hooks.example.com/in")).toBeNull();
    for (const url of ["http://hooks.example.com/in", "https://user:pw@hooks.example.com/in", "https://127.0.0.1/x", "https://[::1]/x", "https://169.254.169.254/x", "https://localhost/x", "ftp://x.example/", "not a url"]) {
      expect(webhookUrlFormProblem(url), url).not.toBeNull();
    }
    allowPrivate(true);
    expect(webhookUrlFormProblem("http://127.0.0.1:4000/x")).toBeNull();
  });

  it("refuses to connect to a name that resolves to loopback (the check is the connection's own lookup)", async () => {
    const server = http.createServer((_req, res) => res.end("reached"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    const get = () =>
      new Promise<string>((resolve, reject) => {
        const req = http.request({ host: "localhost", port, path: "/", family: 4, lookup: guardedLookup as never }, (res) => {
          res.setEncoding("utf8");
          let body = "";
          res.on("data", (c: string) => (body += c));
          res.on("end", () => resolve(body));
        });
        req.on("error", reject);
        req.end();
      });
    try {
      allowPrivate(false);
      await expect(get()).rejects.toBeInstanceOf(WebhookAddressError);
      allowPrivate(true);
      expect(await get()).toBe("reached");
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
