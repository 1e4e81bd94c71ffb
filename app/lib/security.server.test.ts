import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "./env.server";
import { assertSameOrigin, contentSecurityPolicy, safeReturnTo } from "./security.server";

function post(headers: Record<string, string>) {
  return new Request("http://localhost:3000/auth/logout", { method: "POST", headers });
}

function status(fn: () => void): number | "passed" {
  try {
    fn();
    return "passed";
  } catch (e) {
    return (e as Response).status;
  }
}

describe("assertSameOrigin", () => {
  afterEach(() => resetEnvCache());

  it.each([
    [{ Origin: "http://localhost:3000" }, "passed"],
    [{ Origin: "https://evil.example" }, 403],
    [{ Origin: "null" }, 403],
    [{ "Sec-Fetch-Site": "cross-site" }, 403],
    [{ "Sec-Fetch-Site": "same-site" }, 403],
    [{ "Sec-Fetch-Site": "same-origin", Origin: "http://localhost:3000" }, "passed"],
    [{}, "passed"],
  ] as const)("POST with %o -> %s", (headers, expected) => {
    expect(status(() => assertSameOrigin(post(headers)))).toBe(expected);
  });

  it("lets GET through whatever its origin", () => {
    const req = new Request("http://localhost:3000/home", { headers: { Origin: "https://evil.example" } });
    expect(status(() => assertSameOrigin(req))).toBe("passed");
  });
});

describe("safeReturnTo", () => {
  it.each([
    ["/invites?x=1", "/invites?x=1"],
    ["https://evil.example/", "/home"],
    ["//evil.example/", "/home"],
    ["/\\evil.example", "/home"],
    ["/auth/login", "/home"],
    [null, "/home"],
    ["", "/home"],
  ])("%s -> %s", (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });
});

describe("contentSecurityPolicy", () => {
  it("forbids framing and carries the nonce", () => {
    const csp = contentSecurityPolicy("abc");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("'nonce-abc'");
    expect(csp).not.toContain("unsafe-eval");
  });
});
