// The appointment links page and the cart in Chromium (spec part 1 §2
// 'Appointment links page', §4 'Cart flow', §5 'Cart'): axe-core finds nothing
// on /linx and /cartlinks at 1280 and 390 px, also with a refusal next to a
// level and with the cart's error, and nothing is wider than the screen (the
// screens as they open: tests/e2e/every-screen.test.ts, entries linx and
// cartlinks). Without JavaScript (add a level with its sibling, the refusals,
// the cart sent as a multi-link, an application on a prospect's behalf, a
// downline agent's links, the 404s outside the downline and of another user's
// cart): the form driver, tests/integration/director-nojs.test.ts.
import { axeViolations } from "../support/axe";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DEMO, DEMO_PASSWORD, browserFixture, signIn } from "../support/browser";
import { sharedApp, withDb } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();

async function resetCart() {
  await withDb((c) => c.query(`DELETE FROM cart_items WHERE user_id = (SELECT id FROM users WHERE user_name = $1)`, [DEMO.marketingDirector]));
}

const schedule = (page: Page, name: string) => page.getByRole("region", { name: `Levels of ${name}` });
const addButton = (page: Page, scheduleName: string, levelNo: number) =>
  schedule(page, scheduleName).getByRole("button", { name: new RegExp(`^Add to cart\\W+level ${levelNo} `) });

describe("accessibility of /linx and /cartlinks (axe-core)", () => {
  test.each([
    [1280, 900],
    [390, 844],
  ])("no violation at %ipx, and nothing wider than the screen", async (width, height) => {
    await resetCart();
    const page = await browser.newPage({ javaScriptEnabled: true });
    await page.setViewportSize({ width, height });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/linx?agentNumber=100001&companyNumber=MI01&blockNumber=72`);
    await page.getByRole("heading", { name: "Appointment Links", level: 1 }).waitFor();
    const found: string[] = [];
    const check = async (where: string) => {
      found.push(...(await axeViolations(page, `${width}px ${where}`)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) {
        const wide = await page.evaluate(() =>
          [...document.querySelectorAll("main *")]
            .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth)
            .slice(0, 4)
            .map((e) => `${e.tagName}.${e.className}`),
        );
        found.push(`${width}px ${where}: the page scrolls sideways by ${overflow}px (${wide.join(", ")})`);
      }
    };
    await check("/linx");
    await addButton(page, "MIAC Health Advantage", 7).click();
    await page.getByTestId("begin-appointment").getByText("2").waitFor();
    await addButton(page, "MIAC Health Advantage", 8).click();
    await page.getByRole("alert").getByText("Schedule Already Chosen").waitFor();
    await check("/linx with a refusal");
    await page.goto(`${appUrl}/cartlinks`);
    await page.getByTestId("cart-items").waitFor();
    await check("/cartlinks");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Please choose what to do with the links in your cart.").first().waitFor();
    await check("/cartlinks with an error");
    await page.close();
    await resetCart();
    expect(found).toEqual([]);
  });
});
