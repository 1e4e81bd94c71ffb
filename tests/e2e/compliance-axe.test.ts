// The compliance view (issue 23 item 5, decision 0073) in Chromium, on the shared portal: axe-core
// finds nothing at 1280 and 390 px on a filter that matches nothing, and at 390 px the page itself
// never scrolls sideways (the table scrolls inside its own box); the unfiltered screen is in
// tests/e2e/every-screen.test.ts. Without JavaScript (the counts, a standing, a filter, paging, the
// export, the pipeline card's link): tests/integration/back-office-nojs.test.ts.
import { describe, expect, test } from "vitest";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { axeViolations as violations } from "../support/axe";
import { sharedApp } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();

describe("compliance (axe-core)", () => {
  test.each([
    [1280, 900],
    [390, 844],
  ] as const)("axe-core finds nothing on /compliance filtered to nothing at %i px; at 390 px nothing scrolls the page sideways", async (width, height) => {
    // axe runs as a script in the page: JavaScript on for this one (the page is the same).
    // The unfiltered /compliance: tests/e2e/every-screen.test.ts (entry 'compliance').
    const page = await browser.newPage({ javaScriptEnabled: true });
    await page.setViewportSize({ width, height });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    const found: string[] = [];
    for (const path of ["/compliance?standing=NOT_IN_GOOD_ORDER&state=ZZ"]) {
      await page.goto(`${appUrl}${path}`);
      await page.locator("h1").first().waitFor();
      found.push(...(await violations(page, `${width}px ${path}`)));
      if (width === 390) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    }
    expect(found).toEqual([]);
    await page.close();
  });
});
