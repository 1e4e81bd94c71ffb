// Where a webhook may be posted (decision 0077): public addresses only (unless
// WEBHOOK_ALLOW_PRIVATE), checked on the literal address and, for a host name, in the connection's
// own DNS lookup, so a name that resolves to loopback is refused at the moment of connecting.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/lib/env.server";
import { isPublicAddress } from "~/lib/net.server";
import { guardedLookup, WebhookAddressError, webhookUrlFormProblem } from "./url.server";

const allowPrivate = (on: boolean) => {
  process.env.WEBHOOK_ALLOW_PRIVATE = on ? "true" : "false";
  resetEnvCache();
};
afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
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
