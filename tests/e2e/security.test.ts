// Security headers, cross-site request refusal and the session cookie.
import { describe, expect, test } from "vitest";
import { DEMO, DEMO_PASSWORD, signIn, browserFixture } from "../support/browser";
import { sharedApp } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();

function expectSecurityHeaders(headers: Record<string, string>, where: string) {
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, `${where}: Content-Security-Policy`).toMatch(/frame-ancestors 'none'/);
  expect(headers["x-content-type-options"], `${where}: X-Content-Type-Options`).toBe("nosniff");
}

async function signedIn() {
  const page = await browser.newPage();
  await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
  const cookies = await page.context().cookies(appUrl);
  const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  return { page, cookies, cookieHeader };
}

describe("security", () => {
  test("anonymous pages carry the CSP and nosniff headers", async () => {
    for (const path of ["/", "/no/such/page"]) {
      const response = await fetch(`${appUrl}${path}`, { redirect: "manual" });
      expectSecurityHeaders(Object.fromEntries(response.headers), path);
    }
  });

  test("signed-in pages carry the security headers and Cache-Control: no-store", async () => {
    const { page } = await signedIn();
    for (const path of ["/home", "/invites"]) {
      const response = await page.goto(`${appUrl}${path}`);
      expect(response?.status(), path).toBe(200);
      const headers = await response!.allHeaders();
      expectSecurityHeaders(headers, path);
      expect(headers["cache-control"], `${path}: Cache-Control`).toMatch(/no-store/);
    }
  });

  test("the session cookie is HttpOnly and SameSite=Lax", async () => {
    const { cookies } = await signedIn();
    const session = cookies.find((c) => /session/i.test(c.name));
    expect(session, `cookies: ${cookies.map((c) => c.name).join(", ")}`).toBeDefined();
    expect(session!.httpOnly).toBe(true);
    expect(session!.sameSite).toBe("Lax");
  });

  test("a cross-site POST to /auth/logout is refused (403) and the session survives", async () => {
    const { page, cookieHeader } = await signedIn();
    const evil = await fetch(`${appUrl}/auth/logout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: cookieHeader,
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: "",
    });
    expect(evil.status).toBe(403);
    expect(evil.headers.get("set-cookie") ?? "").not.toMatch(/session=;|Max-Age=0/i);

    // Still signed in.
    const response = await page.goto(`${appUrl}/home`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/home");
  });
});
