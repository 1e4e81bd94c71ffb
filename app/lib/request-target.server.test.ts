import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { allowedHostsFor } from "./allowed-hosts.server";
import { BAD_REQUEST_TARGET, MORE_THAN_ONE_HOST, requestTargetRefusal } from "./request-target.server";

const allowed = allowedHostsFor("https://portal.example.com");

/** A request as Node's parser hands it (the target, the raw header list, Host: the first one). */
function req(url: string, hosts: string[] = ["portal.example.com"]) {
  const rawHeaders = hosts.flatMap((h) => ["Host", h]);
  return { url, originalUrl: url, rawHeaders, headers: { host: hosts[0] } } as unknown as IncomingMessage & { originalUrl: string };
}

describe("the request target and Host (RFC 9112 sections 3.2, 3.2.2)", () => {
  it("lets an origin-form target with one Host through unchanged", () => {
    const r = req("/home?x=1");
    expect(requestTargetRefusal(r, allowed)).toBeNull();
    expect([r.url, r.headers.host]).toEqual(["/home?x=1", "portal.example.com"]);
  });

  it("refuses two Host headers, the same twice too", () => {
    expect(requestTargetRefusal(req("/home", ["portal.example.com", "evil.example"]), allowed)).toBe(MORE_THAN_ONE_HOST);
    expect(requestTargetRefusal(req("/home", ["portal.example.com", "portal.example.com"]), allowed)).toBe(MORE_THAN_ONE_HOST);
  });

  it("reads an absolute-form target naming an allowed host as origin-form, its authority as the Host", () => {
    for (const [target, path, host] of [
      ["https://portal.example.com/home?x=1", "/home?x=1", "portal.example.com"],
      ["HTTP://Portal.Example.com:443/a/b", "/a/b", "Portal.Example.com:443"],
      ["https://portal.example.com", "/", "portal.example.com"],
      ["https://portal.example.com?q", "/?q", "portal.example.com"],
    ]) {
      const r = req(target!, ["evil.example"]);
      expect(requestTargetRefusal(r, allowed), target).toBeNull();
      expect([r.url, r.originalUrl, r.headers.host], target).toEqual([path, path, host]);
    }
  });

  it("refuses any other authority, a userinfo, another scheme or form; a refused path is kept for the answer", () => {
    for (const target of [
      "http://evil.example/home",
      "https://portal.example.com:8443/home",
      "https://evil.example@portal.example.com/home",
      "https://portal.example.com@evil.example/home",
      "https:///home",
      "ftp://portal.example.com/home",
      "*",
      "portal.example.com:443",
    ]) {
      expect(requestTargetRefusal(req(target), allowed), target).toBe(BAD_REQUEST_TARGET);
    }
    const r = req("http://evil.example/api/v1/agents");
    requestTargetRefusal(r, allowed);
    expect([r.url, r.headers.host]).toEqual(["/api/v1/agents", "portal.example.com"]);
  });
});
