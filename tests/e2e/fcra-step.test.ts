// The background check block of Personal Information (issue 38 item 1, decision 0121) in Chromium:
// axe-core finds nothing at 1280 and 390 px, the page never scrolls sideways at 390 px, and with
// JavaScript the acknowledgement and the typed name save and come back. Without JavaScript (the
// refusals beside the fields, the evidence): tests/integration/fcra-consent.test.ts and the
// journeys of tests/integration/whole-story-nojs.test.ts.
import path from "node:path";
import { describe, expect, test } from "vitest";
import { browserFixture } from "../support/browser";
import { axeViolations as violations } from "../support/axe";
import { FCRA_AUTH_LABEL, FCRA_BLOCK_TITLE, FCRA_DISCLOSURE_ACK } from "~/features/appointment/fcra";
import { sharedApp, startApplication } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();

describe("the background check step", () => {
  test("passes axe at 1280 and 390 px and saves with JavaScript", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    const { id } = await startApplication(page, /^Individual —/, { firstName: "Faye", middleName: "C", lastName: "Consent" });
    await page.goto(`${appUrl}/appoint?id=${id}&section=PERSONAL`);
    await page.getByRole("button", { name: "I agree" }).click();
    const block = page.getByRole("region", { name: FCRA_BLOCK_TITLE });
    await block.waitFor();
    // The consent answers in the page: the signature fields open once it is recorded.
    await expect.poll(() => block.getByLabel(FCRA_AUTH_LABEL).isEditable(), { timeout: 15_000 }).toBe(true);

    const found: string[] = [];
    for (const [width, height] of [[1280, 900], [390, 844]] as const) {
      await page.setViewportSize({ width, height });
      found.push(...(await violations(page, `${width}px /appoint PERSONAL`)));
      if (width === 390) expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      if (process.env.DOCS_SHOTS) await block.screenshot({
          path: path.join(process.env.DOCS_SHOTS, `application-background-check-${width}.png`),
          // The sticky header and the phone's status strip would cover the block in an element picture.
          style: ".app-header, .app-screen__side, .app-screen__nav { position: static !important; } .progress-strip { display: none !important; }",
        });
    }
    expect(found).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await block.getByLabel(FCRA_DISCLOSURE_ACK).check();
    await block.getByLabel(FCRA_AUTH_LABEL).fill("Faye C Consent");
    await page.getByRole("complementary", { name: "Application status" }).getByRole("button", { name: /^SAVE/ }).click();
    await page.getByRole("status").filter({ hasText: "Successfully Saved!" }).waitFor();
    await page.reload();
    const saved = page.getByRole("region", { name: FCRA_BLOCK_TITLE });
    expect(await saved.getByLabel(FCRA_DISCLOSURE_ACK).isChecked()).toBe(true);
    expect(await saved.getByLabel(FCRA_AUTH_LABEL).inputValue()).toBe("Faye C Consent");
    await page.close();
  });
});
