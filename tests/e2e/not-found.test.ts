// Unknown paths: the 'Page Not Found' page with HTTP 404.
import { describe, expect, test } from "vitest";
import { browserFixture } from "../support/browser";
import { sharedApp, TITLE_SUFFIX } from "./helpers";

const { appUrl } = sharedApp();
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
});
