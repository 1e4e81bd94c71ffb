import { afterEach, describe, expect, it } from "vitest";
import { allowedHostsFor, hostAllowed, parseAllowedHosts, parseHost } from "./allowed-hosts.server";
import { env, resetEnvCache } from "./env.server";

describe("Host allow list (DNS rebinding)", () => {
  it("answers the public URL's host and port, and the other loopback names only for a loopback URL", () => {
    const local = allowedHostsFor("http://localhost:3000");
    expect(["localhost:3000", "LocalHost:3000", "127.0.0.1:3000", "[::1]:3000"].every((h) => hostAllowed(h, local))).toBe(true);
    expect(["evil.example:3000", "localhost:3001", "localhost", "127.0.0.1.nip.io:3000", "", "a@localhost:3000", "localhost:3000/x"].some((h) => hostAllowed(h, local))).toBe(false);
    expect(hostAllowed(undefined, local)).toBe(false);
    const deployed = allowedHostsFor("https://portal.example.com");
    expect(hostAllowed("portal.example.com", deployed)).toBe(true);
    expect(hostAllowed("portal.example.com:443", deployed)).toBe(true);
    expect(hostAllowed("localhost:443", deployed)).toBe(false);
    expect(hostAllowed("127.0.0.1", deployed)).toBe(false);
  });

  it("adds ALLOWED_HOSTS: a name without a port for any port, name:port for that one", () => {
    const allowed = allowedHostsFor("https://portal.example.com", parseAllowedHosts("portal.internal, 10.0.0.5:3000 [fd00::5]:3000"));
    expect(hostAllowed("portal.internal:8080", allowed)).toBe(true);
    expect(hostAllowed("10.0.0.5:3000", allowed)).toBe(true);
    expect(hostAllowed("10.0.0.5:3001", allowed)).toBe(false);
    expect(hostAllowed("[fd00::5]:3000", allowed)).toBe(true);
    expect(parseHost("Portal.Example.com:0443")).toEqual({ hostname: "portal.example.com", port: "443" });
  });

  it("stops the start on a bad ALLOWED_HOSTS entry, naming it", () => {
    process.env.ALLOWED_HOSTS = "portal.internal, http://x.example/";
    resetEnvCache();
    expect(() => env()).toThrow(/ALLOWED_HOSTS: "http:\/\/x\.example\/" is not a host name/);
    process.env.ALLOWED_HOSTS = "a.example:70000";
    resetEnvCache();
    expect(() => env()).toThrow(/ALLOWED_HOSTS/);
  });
  afterEach(() => {
    delete process.env.ALLOWED_HOSTS;
    resetEnvCache();
  });
});
