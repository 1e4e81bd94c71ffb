// ADMIN > State Filings > Terminations and ADMIN > Carriers in Chromium at 1280 and 390 px
// (decision 0118), with terminations of the demo agent: the list (overdue first, reasons, for
// cause), a for-cause case with a refused notice (the message beside the field), and the carriers
// with a refused NAIC code. axe-core finds nothing on each and nothing scrolls sideways.
// DOCS_SHOTS=<dir> keeps a picture of each (docs/screens/terminations-*.png). Without JavaScript:
// tests/integration/terminations-screens.test.ts; every-screen.test.ts visits the screens too.
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { axeViolations as violations } from "../support/axe";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { sharedApp, withDb } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();
const WIDTHS = [1280, 390] as const;
const ids: Record<string, string> = {};

beforeAll(async () => {
  await withDb(async (c) => {
    const a = (
      await c.query<{ id: number; npn: string; carrier_id: number }>(
        `SELECT a.id, a.npn, b.carrier_id FROM agents a JOIN blocks b ON b.block_number = a.block_number
           JOIN users u ON u.id = a.user_id WHERE u.user_name = $1 ORDER BY a.id LIMIT 1`,
        [DEMO.agent],
      )
    ).rows[0];
    // Effective a week ago (every-screen's are five days ago: one row per agent, state and day).
    const rows: Array<[string, string, number, string, string, boolean, string | null]> = [
      ["OH", "TO_FILE", -4, "VOL", "Voluntary", false, null],
      ["FL", "TO_FILE", -1, "MOFL", "Misappropriation of funds", true, null],
      ["TX", "REJECTED", -2, "VOL", "Voluntary", false, "Unknown licence number"],
      ["PA", "TO_FILE", 12, "DEC", "Deceased", false, null],
    ];
    for (const [state, status, days, code, label, forCause, rejected] of rows) {
      const r = await c.query<{ id: string }>(
        `INSERT INTO terminations (id, agent_id, npn, state_code, licence_number, carrier_id, reason_code, reason_label, for_cause, effective_date, due_date, status, rejection_reason, filed_date, source, notice_method, producer_copy_due_date, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, $3 || '-1001', $4, $5, $6, $7, current_date - 7, current_date + $8::int, $9, $10, CASE WHEN $9 = 'REJECTED' THEN current_date - 3 END, 'SCREEN',
                 CASE WHEN $7 THEN 'LETTER' END, CASE WHEN $7 THEN current_date + 3 END, now())
         ON CONFLICT (agent_id, state_code, effective_date) DO UPDATE SET updated_at = now() RETURNING id`,
        [a.id, a.npn, state, a.carrier_id, code, label, forCause, days, status, rejected],
      );
      ids[state] = r.rows[0].id;
    }
  });
}, 120_000);

/** axe, nothing sideways, the picture (the whole page for a list, else what the screen shows where it is scrolled). */
async function check(page: Page, where: string, name: string, fullPage = false) {
  expect(await violations(page, where)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${where} sideways`).toBeLessThanOrEqual(0);
  const width = await page.evaluate(() => window.innerWidth);
  if (process.env.DOCS_SHOTS) await page.screenshot({ path: path.join(process.env.DOCS_SHOTS, `terminations-${name}-${width}.png`), fullPage });
}

describe("ADMIN > State Filings > Terminations and ADMIN > Carriers in the browser", () => {
  for (const width of WIDTHS) {
    test(`${width} px: the list, a case with a refused notice, the carriers with a refused code`, async () => {
      const page = await browser.newPage({ javaScriptEnabled: true });
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
      await page.goto(`${appUrl}/admin/state-filings/terminations`);
      await expect.poll(() => page.getByRole("link", { name: "Terminations", exact: true }).getAttribute("aria-current")).toBe("page");
      expect(await page.getByText(/Overdue by 4 days/).count()).toBeGreaterThan(0);
      await check(page, "the terminations", "list", true);

      await page.goto(`${appUrl}/admin/state-filings/terminations?termination=${ids.FL}`);
      await page.getByLabel("Notice sent to the commissioner on").fill("");
      await page.getByRole("form", { name: "Record the notice" }).getByRole("button", { name: "Record the notice" }).click();
      await expect.poll(() => page.locator("#notice-date-error").count()).toBe(1);
      expect(await page.locator("#notice-date-error").innerText()).toBe("Enter the date, such as 12/04/2026.");
      // The picture from the case's heading (the refusal's summary has the focus above it).
      await page.locator("#case-title").evaluate((el) => el.scrollIntoView());
      await check(page, "a for-cause case with a refused notice", "case");

      await page.goto(`${appUrl}/admin/carriers`);
      await expect.poll(() => page.locator("h1").innerText()).toBe("Carriers");
      const field = page.locator("input[name=naicCompanyCode]").first();
      // A browser that does not check the pattern: the server's message beside the field.
      await field.evaluate((el) => el.removeAttribute("pattern"));
      await field.fill("12a4");
      await page.locator("form[aria-label^='NAIC company code of']").first().getByRole("button").click();
      await expect.poll(() => page.locator(".field__error").count()).toBe(1);
      await check(page, "the carriers with a refused code", "carriers", true);
      await page.close();
    }, 180_000);
  }
});
