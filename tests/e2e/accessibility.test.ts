// axe-core on the new-application wizard (every step) and on every section
// of the application, at a desktop width (1280px) and a phone width (390px):
// no violation of any rule axe runs by default (WCAG 2.x A/AA and best
// practices). See docs/decisions/0017-application-ui-review.md.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { browserFixture, newAccount, signUp } from "../support/browser";
import { inviteProspect, sharedApp } from "./helpers";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

const SECTIONS = ["PERSONAL", "COMMS", "FEES", "AGREEMENTS", "DOCS", "INSTRUCT"] as const;

/** The violations axe finds on the page, as short readable lines (rule, impact, where). */
async function violations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? v.help}`),
  );
}

async function wizardAndSections(width: number, height: number, type: RegExp) {
  const page = await browser.newPage({ javaScriptEnabled: true });
  await page.setViewportSize({ width, height });
  const account = newAccount({ firstName: "Ada", middleName: "B", lastName: "Axe" });
  await signUp(page, appUrl, account);
  await inviteProspect(databaseUrl, account);
  await page.goto(`${appUrl}/home`);
  await page.getByRole("link", { name: "Complete Your Appointment" }).click();
  await page.waitForURL(/\/wizard\?/);

  const found: string[] = [];
  await page.getByRole("heading", { name: /before you start/i }).waitFor();
  found.push(...(await violations(page, `${width}px wizard step 1`)));
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.getByText("Does this invitation look right?").waitFor();
  found.push(...(await violations(page, `${width}px wizard step 2`)));
  // The spec's dialog when step 2 is not answered.
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.getByRole("dialog").getByText("Please choose Yes or No").waitFor();
  found.push(...(await violations(page, `${width}px wizard step 2 dialog`)));
  await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
  await page.getByLabel("Yes", { exact: true }).check();
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.getByText("How do you want to be appointed?").waitFor();
  found.push(...(await violations(page, `${width}px wizard step 3`)));
  await page.getByRole("radio", { name: type }).check();
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.getByRole("heading", { name: /pointers for filling out/i }).waitFor();
  await page.getByRole("toolbar", { name: "PDF viewer controls" }).first().waitFor();
  found.push(...(await violations(page, `${width}px wizard step 4`)));
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.waitForURL(/\/appoint\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get("id"));

  for (const section of SECTIONS) {
    await page.goto(`${appUrl}/appoint?id=${id}&section=${section}`);
    await page.locator("#section-title").waitFor();
    if (section === "AGREEMENTS" || section === "INSTRUCT") await page.getByRole("toolbar", { name: "PDF viewer controls" }).first().waitFor();
    found.push(...(await violations(page, `${width}px ${section}`)));
    if (section === "PERSONAL") {
      // With unsaved changes (the star on SAVE) and a message next to a field.
      const phone = page.locator("#f-phoneNumber");
      await phone.fill("123");
      await phone.blur();
      await page.locator("#f-phoneNumber-error").filter({ hasText: /./ }).waitFor();
      found.push(...(await violations(page, `${width}px ${section} with unsaved changes and an error`)));
      await phone.fill("");
    }
  }
  return found;
}

describe("accessibility (axe-core)", () => {
  // A corporation at the desktop width (home and business addresses), an individual on the phone.
  test("the wizard and every section at 1280px: no violation", async () => {
    expect(await wizardAndSections(1280, 900, /^Corporation —/)).toEqual([]);
  }, 180_000);

  test("the wizard and every section on a 390px phone: no violation", async () => {
    expect(await wizardAndSections(390, 844, /^Individual —/)).toEqual([]);
  }, 180_000);
});
