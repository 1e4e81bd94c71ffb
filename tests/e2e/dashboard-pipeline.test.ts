// The dashboard's pipeline card in Chromium (decision 0027):
//  - with JavaScript a count and the dashboard's buttons navigate in the page, a modified click is
//    the browser's;
//  - axe-core finds no violation on /home with the card (and on the filtered
//    lists) at 1280 and 390 px,
//    and at 390 px nothing scrolls the page sideways (the card reflows);
//  - the same on the administrator's home, the work waiting (decision 0097), at both widths.
// Without JavaScript (the director's card, a count opening its filtered list, a forged status's
// 400 page; the prospect's dashboard without the card): tests/integration/self-service-nojs.test.ts.
import { describe, expect, test } from "vitest";
import { DEMO, DEMO_PASSWORD, browserFixture, signIn } from "../support/browser";
import { sharedApp } from "./helpers";
import { axeViolations as violations } from "../support/axe";

const { appUrl } = sharedApp();
const browser = browserFixture();

describe("the dashboard's pipeline card", () => {
  test("with JavaScript: a count and the dashboard's buttons navigate in the page; a modified click is the browser's", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/home`);
    const card = page.getByRole("region", { name: "Your Downline's Pipeline" });
    await card.waitFor();
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
    // A mark on the window survives an in-page navigation, not a page load.
    await page.evaluate(() => ((window as unknown as { mark: string }).mark = "same page"));
    await card.getByRole("link", { name: /^Awaiting Approval: \d+, show the list$/ }).click();
    await page.waitForURL(`${appUrl}/inprog?status=APWF_STATUS_NEWCONTRACT&days=90`);
    await page.getByText("Submitted for Approval applications started in the last 90 days").waitFor();
    expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe("same page");
    await page.goBack();
    await page.getByRole("link", { name: "View Agent Hierarchy" }).click();
    await page.waitForURL(`${appUrl}/agents`);
    await page.locator("h1").first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe("same page");
    await page.goBack();
    // Ctrl+click: the browser's own behaviour (a new tab), this page stays where it is.
    const opened = page.context().waitForEvent("page");
    await page.getByRole("link", { name: "Help", exact: true }).click({ modifiers: ["Control"] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe("/help");
    expect(new URL(page.url()).pathname).toBe("/home");
  });

  test.each([
    [1280, 900],
    [390, 844],
  ] as const)("axe-core finds nothing on /home with the card at %i px; nothing scrolls sideways", async (width, height) => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await page.setViewportSize({ width, height });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/home`);
    await page.getByRole("heading", { name: "Your Downline's Pipeline" }).waitFor();
    const found = await violations(page, `${width}px /home`);
    // The filtered lists the counts open.
    for (const path of ["/inprog?status=APWF_STATUS_APPROVED&days=90", "/invites?days=90"]) {
      await page.goto(`${appUrl}${path}`);
      await page.locator("h1").first().waitFor();
      found.push(...(await violations(page, `${width}px ${path}`)));
    }
    await page.goto(`${appUrl}/home`);
    await page.getByRole("heading", { name: "Your Downline's Pipeline" }).waitFor();
    if (width === 390) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) found.push(`390px /home: the page scrolls sideways by ${overflow}px`);
      const box = await page.locator(".pipeline__chart").boundingBox();
      expect(box!.width).toBeLessThanOrEqual(390);
    }
    if (process.env.PIPELINE_SCREENSHOTS) await page.screenshot({ path: `${process.env.PIPELINE_SCREENSHOTS}/home-${width}.png`, fullPage: true });
    expect(found).toEqual([]);
  });

  test("axe-core finds nothing on the administrator's home (the work waiting) at 1280 and 390 px; nothing scrolls sideways", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
    const found: string[] = [];
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${appUrl}/home`);
      await page.getByRole("heading", { name: "Work waiting" }).waitFor();
      found.push(...(await violations(page, `${width}px /home (administrator)`)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) found.push(`${width}px /home (administrator): the page scrolls sideways by ${overflow}px`);
      if (process.env.PIPELINE_SCREENSHOTS) await page.screenshot({ path: `${process.env.PIPELINE_SCREENSHOTS}/home-admin-${width}.png`, fullPage: true });
    }
    expect(found).toEqual([]);
  });
});
