// The captured text messages beside the development mailbox (decision 0031):
// with JavaScript disabled, the mailbox's "Text messages" tab lists a
// captured text; axe-core finds nothing at 1280 and 390 px on the tab with
// the text, and it does not scroll sideways (the mailbox tab:
// tests/e2e/every-screen.test.ts, entry 'dev.mail._index').
import type { Page } from "playwright-core";
import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { browserFixture } from "../support/browser";
import { sharedApp, withDb } from "./helpers";
import { axeViolations as violations } from "../support/axe";

const { appUrl } = sharedApp();
const browser = browserFixture();

async function expectAccessibleAt(page: Page, where: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await violations(page, `${where} at ${width}px`)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${where} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  }
}

async function captureText(): Promise<string> {
  const text = `Appointment Portal: the application of Avery E2e (your downline) was approved. ${appUrl}/home ${randomUUID()}`;
  await withDb((c) =>
    c.query(
      `INSERT INTO sms_messages (id, "to", text, status, delivery_key, related_type) VALUES ($1, '+15125550177', $2, 'CAPTURED', $3, 'E2E')`,
      [randomUUID(), text, `e2e:${randomUUID()}`],
    ),
  );
  return text;
}

describe("captured text messages (/dev/sms)", () => {
  test("without JavaScript: the mailbox's 'Text messages' tab lists a captured text, and leads back", async () => {
    const text = await captureText();
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`${appUrl}/dev/mail`);
    await page.getByRole("heading", { name: "Mailbox" }).waitFor();
    await page.getByRole("navigation", { name: "Captured messages" }).getByRole("link", { name: "Text messages" }).click();
    await page.waitForURL(/\/dev\/sms$/);
    expect(await page.title()).toMatch(/^Text Messages : /);
    const row = page.getByRole("row").filter({ hasText: text });
    await row.waitFor();
    expect(await row.getByRole("cell").nth(1).textContent()).toBe("+15125550177");
    await page.getByRole("navigation", { name: "Captured messages" }).getByRole("link", { name: "Emails" }).click();
    await page.waitForURL(/\/dev\/mail$/);
  });

  test("axe finds nothing on the tab with a captured text at 1280 and 390 px, and it does not scroll sideways", async () => {
    await captureText();
    const page = await browser.newPage();
    await page.goto(`${appUrl}/dev/sms`);
    await page.getByRole("heading", { name: "Text Messages" }).waitFor();
    await expectAccessibleAt(page, "/dev/sms");
  });
});
