// With JavaScript, the check page's 'Submit application' sends the CVC typed beside it and shows
// its message there, the input emptied (decisions 0087, 0099). The same without JavaScript, and
// the stored sensitive values through refused saves, Add a State, Delete and the consent:
// tests/integration/application-nojs.test.ts (the form driver, issue 35 item 2).
import type pg from "pg";
import { describe, expect, test } from "vitest";
import { axeViolations as violations } from "../support/axe";
import { browserFixture } from "../support/browser";
import { query } from "../support/mailbox";
import { sharedApp, startApplication } from "./helpers";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

const sql = <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => query<T>(databaseUrl, text, params);

describe("stored sensitive values", () => {
  test("with JavaScript too, the check page's submit sends its CVC and shows its message there, the input emptied", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    const { id } = await startApplication(page, /^Individual —/, { firstName: "Cal", lastName: "Card" });
    await sql(`UPDATE appointments SET appointment_type_code = 'APPTTYP_REP' WHERE appointment_id = $1`, [id]);
    await page.goto(`${appUrl}/appoint/check?id=${id}`);
    await page.getByLabel("CVC").fill("12a");
    await page.getByRole("button", { name: "Submit application" }).click();
    await page.getByRole("alert").getByText("Your application is not complete").waitFor();
    await expect(page.locator("#f-ccInfo-cvcNumber-error").textContent()).resolves.toBe("CVC must be 3 or 4 digits");
    await expect(page.getByLabel("CVC").inputValue()).resolves.toBe("");
    const [row] = await sql<{ s: string }>(`SELECT appointment_status_code AS s FROM appointments WHERE appointment_id = $1`, [id]);
    expect(row?.s).toBe("APWF_STATUS_INCOMPLETE");
    // This state (the refusal, the CVC's message, Still needed, the Change links) is not one every-screen
    // visits (its application is submitted): axe and no sideways scrolling at both widths.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await violations(page, `${width}px check page refused`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width}px sideways`).toBeLessThanOrEqual(0);
    }
  }, 180_000);
});
