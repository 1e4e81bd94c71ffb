// The account pages (issue 8, spec part 1 §2 Communications, Profile): axe-core finds no
// violation at 1280 and 390 px on the forms with their messages, and what JavaScript does there
// (the forms as they open: tests/e2e/every-screen.test.ts; without JavaScript, good and bad
// input, what was typed kept on a refusal, FAQ and Help's downloads:
// tests/integration/self-service-nojs.test.ts).
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { browserFixture, newAccount, signUp } from "../support/browser";
import { sharedApp } from "./helpers";
import { axeViolations as violations } from "../support/axe";

const { appUrl } = sharedApp();
const browser = browserFixture();

const category = (page: Page, code: string) => page.locator(`fieldset[data-category="${code}"]`);

describe("accessibility of the account pages (axe-core)", () => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    // The empty Communications and Profile forms, FAQ and Help: tests/e2e/every-screen.test.ts
    // (entries 'commpref', 'profile', 'faq', 'help').
    test(`Communications with messages at ${width}px: no violation`, async () => {
      const page = await browser.newPage({ javaScriptEnabled: true });
      await page.setViewportSize({ width, height });
      await signUp(page, appUrl, newAccount());
      const found: string[] = [];
      await page.goto(`${appUrl}/commpref`);
      await page.getByRole("heading", { name: "Communications", level: 1 }).waitFor();
      await category(page, "CAT_APPSUB_RECRUIT").getByLabel("Email addresses").fill("bad");
      await page.getByRole("button", { name: "SAVE" }).click();
      // The message beside the field, and the error summary above linking to it (issue 36 item 8).
      await page.locator("#f-CAT_APPSUB_RECRUIT-emails-error").getByText("Invalid Email Address").waitFor();
      await page.locator("#error-summary").getByRole("link", { name: /, Email addresses$/ }).waitFor();
      found.push(...(await violations(page, `${width}px commpref with a message`)));
      expect(found).toEqual([]);
      // With JavaScript, switching off empties the field at once.
      await category(page, "CAT_APPSUB_RECRUIT").getByLabel("Email me").uncheck();
      await expect.poll(() => category(page, "CAT_APPSUB_RECRUIT").getByLabel("Email addresses").inputValue()).toBe("");
    });

    test(`Profile with messages at ${width}px: no violation`, async () => {
      const page = await browser.newPage({ javaScriptEnabled: true });
      await page.setViewportSize({ width, height });
      await signUp(page, appUrl, newAccount());
      const found: string[] = [];
      await page.goto(`${appUrl}/profile`);
      await page.getByRole("heading", { name: "Profile", level: 1 }).waitFor();
      // With JavaScript the browser's check refuses it: the same 'Missing or Invalid' list as without (issue 20 item 7).
      await page.getByLabel("First Name").fill("");
      await page.getByLabel("Phone Number").fill("123");
      await page.getByRole("button", { name: "SAVE" }).click();
      await page.locator("#f-phoneNumber-error").getByText("Phone Number is invalid").waitFor();
      await page.locator("#f-firstName-error").getByText("First Name is required").waitFor();
      await page.getByText("Missing or Invalid", { exact: true }).waitFor();
      // An ErrorSummary (issue 36 item 8): each field a link to it, with its message.
      await expect(page.locator("#error-summary").getByRole("link").allInnerTexts()).resolves.toEqual(["First Name", "Phone Number"]);
      found.push(...(await violations(page, `${width}px profile with a message`)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `profile with its messages scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
      // Corrected: the list shortens as the fields are fixed.
      await page.getByLabel("First Name").fill("Fixed");
      await expect.poll(() => page.locator("#error-summary").getByRole("link").allInnerTexts()).toEqual(["Phone Number"]);
      expect(found).toEqual([]);
    });
  }
});
