// ADMIN > Audit Log in the browser (issue 38 item 3, decision 0119), as the compliance officer with
// JavaScript on, at 1280 and 390 px: the list filtered to the director's sign-ins with the digest
// chain's answer shown (a state every-screen does not visit). axe-core finds nothing and nothing
// scrolls sideways. DOCS_SHOTS=<dir> keeps a picture (docs/screens/audit-log-*.png). Without
// JavaScript: tests/integration/audit-log-nojs.test.ts.
import path from "node:path";
import { describe, expect, test } from "vitest";
import { axeViolations as violations } from "../support/axe";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { sharedApp } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();

describe("ADMIN > Audit Log in the browser", () => {
  for (const width of [1280, 390] as const) {
    test(`${width} px: filtered to a person and a kind of event, with the chain check`, async () => {
      // The director signs in first: the officer's list then has the director's sign-in.
      const director = await browser.newPage({ javaScriptEnabled: true });
      await signIn(director, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
      await director.close();
      const page = await browser.newPage({ javaScriptEnabled: true });
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, appUrl, DEMO.compliance, DEMO_PASSWORD);
      await page.goto(`${appUrl}/admin/audit-log?person=md%40portal.localhost&kind=SIGN_IN&check=chain`);
      await expect.poll(() => page.locator("h1").innerText()).toBe("Audit Log");
      expect(await page.getByText(/No day has been digested yet|The digest chain holds/).count()).toBeGreaterThan(0);
      expect(await page.locator("table tbody tr").count()).toBeGreaterThan(0);
      const where = `${width}px /admin/audit-log filtered`;
      expect(await violations(page, where)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${where} sideways`).toBeLessThanOrEqual(0);
      if (process.env.DOCS_SHOTS) await page.screenshot({ path: path.join(process.env.DOCS_SHOTS, `audit-log-${width}.png`), fullPage: true });
      await page.close();
    });
  }
});
