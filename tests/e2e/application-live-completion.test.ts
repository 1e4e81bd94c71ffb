// With JavaScript, 'Still needed' and the completion follow what the prospect types, before any
// save (issue 36 items 6 and 8): the rule is completion.ts, run in the browser on the section's
// current values. Without JavaScript they change after a save (tests/integration/application-nojs).
import path from "node:path";
import { describe, expect, test } from "vitest";
import { browserFixture } from "../support/browser";
import { sharedApp, startApplication } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();

describe("'Still needed' with JavaScript", () => {
  test("an entry goes as its field is filled and comes back when it is cleared, with no save sent", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    const { id } = await startApplication(page, /^Individual —/);
    await page.goto(`${appUrl}/appoint?id=${id}&section=PERSONAL`);
    await page.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST") posts++;
    });
    const list = page.getByRole("list", { name: "Still needed" });
    const npnEntry = list.getByRole("link", { name: /^NPN is required/ });
    const percent = page.getByTestId("completion-percent");
    // The phone's strip (hidden by CSS at this width) counts them too.
    const strip = page.getByRole("navigation", { name: "Where you stand", includeHidden: true });
    await npnEntry.waitFor();
    const entries = await list.getByRole("link").count();
    const before = await percent.innerText();

    const npn = page.locator("#main form[id^='section-']").getByLabel("National Producer Number (NPN)");
    await npn.fill("55512345");
    await expect.poll(() => npnEntry.count()).toBe(0);
    await expect.poll(() => list.getByRole("link").count()).toBe(entries - 1);
    await expect.poll(() => percent.innerText()).not.toBe(before);
    await expect.poll(() => strip.textContent()).toContain(`Still needed: ${entries - 1}`);
    // docs/screens/application-still-needed-*.png: the side panel after typing, before a save.
    if (process.env.DOCS_SHOTS) {
      await page.screenshot({ path: path.join(process.env.DOCS_SHOTS, "application-still-needed-1280.png"), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(process.env.DOCS_SHOTS, "application-still-needed-strip-390.png") });
      await page.getByRole("complementary", { name: "Application status" }).screenshot({ path: path.join(process.env.DOCS_SHOTS, "application-still-needed-390.png") });
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    await npn.fill("");
    await expect.poll(() => npnEntry.count()).toBe(1);
    await expect.poll(() => percent.innerText()).toBe(before);
    await expect.poll(() => strip.textContent()).toContain(`Still needed: ${entries}`);
    // Every entry in one style: a sentence with its full stop.
    for (const text of await list.getByRole("link").allInnerTexts()) expect(text).toMatch(/^[A-Z].*\.$/);
    expect(posts).toBe(0);
  });
});
