// Unknown paths: the 'Page Not Found' page with HTTP 404.
import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { signInToApp } from "../support/app-sign-in";
import { DEMO, browserFixture } from "../support/browser";
import { sharedApp, TITLE_SUFFIX } from "./helpers";

const { appUrl, idpUrl } = sharedApp();
const browser = browserFixture();

describe("not found", () => {
  for (const path of ["/no/such/page", "/definitely-not-a-link"]) {
    test(`${path} answers 404 with the 'Page Not Found' page`, async () => {
      const raw = await fetch(`${appUrl}${path}`, { redirect: "manual" });
      expect(raw.status).toBe(404);
      expect(raw.headers.get("content-type")).toMatch(/text\/html/);
      expect(await raw.text()).toContain("Page Not Found");

      const page = await browser.newPage();
      const response = await page.goto(`${appUrl}${path}`);
      expect(response?.status()).toBe(404);
      expect(new URL(page.url()).pathname).toBe(path);
      await page.getByRole("heading", { name: /page not found/i }).first().waitFor({ state: "visible" });
      expect(await page.title()).toBe(`Page Not Found${TITLE_SUFFIX}`);
    });
  }

  test("an unknown document id answers the portal's 404 page in its layout, never a bare 'Not Found' (issue 20 item 14)", async () => {
    const cookie = await signInToApp({ url: appUrl, idpUrl }, DEMO.marketingDirector);
    for (const path of [`/agent/documents/${randomUUID()}?agent=1`, `/appoint/documents/${randomUUID()}`, `/appoint/documents/${randomUUID()}?id=999999`]) {
      const r = await fetch(`${appUrl}${path}`, { headers: { Cookie: cookie, Accept: "text/html" }, redirect: "manual" });
      expect(r.status, path).toBe(404);
      expect(r.headers.get("content-type"), path).toMatch(/text\/html/);
      const html = await r.text();
      expect(html, path).toContain("Page Not Found");
      expect(html, path).toContain('class="skip-link"');
      expect(html, path).toContain("Go to the home page");
    }
    // A script (no text/html in Accept) still gets the plain answer.
    const api = await fetch(`${appUrl}/appoint/documents/${randomUUID()}`, { headers: { Cookie: cookie, Accept: "application/json" } });
    expect(api.status).toBe(404);
    expect(await api.text()).not.toContain("Page Not Found");
  });
});
