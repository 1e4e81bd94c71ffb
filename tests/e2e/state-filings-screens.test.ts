// ADMIN > State Filings in Chromium at 1280 and 390 px (issue 37 item 5, decision 0113), with the
// demo agent's filings: the list (overdue first, held and rejected with their reasons), a refused
// 'Mark rejected' (the message beside the field), the withdrawal's question, 'Appoint in another
// state' refused without a state, the agent page's state appointments (the director) and the
// compliance view's overdue count; then a failed filing run's banner (decision 0115) above the
// list. axe-core finds nothing on
// each and nothing scrolls sideways. DOCS_SHOTS=<dir> keeps a picture of each
// (docs/screens/state-filings-*.png). Without JavaScript: tests/integration/state-filings-screens.test.ts;
// every-screen.test.ts visits the screen too.
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { axeViolations as violations } from "../support/axe";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { sharedApp, withDb } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();
const WIDTHS = [1280, 390] as const;
let agent: { id: number; agentNumber: string; parentId: number };
const filingIds: Record<string, string> = {};

beforeAll(async () => {
  await withDb(async (c) => {
    const a = (
      await c.query<{ id: number; agent_number: string; parent_id: number; npn: string; carrier_id: number }>(
        `SELECT a.id, a.agent_number, a.parent_id, a.npn, b.carrier_id FROM agents a JOIN blocks b ON b.block_number = a.block_number
           JOIN users u ON u.id = a.user_id WHERE u.user_name = $1 ORDER BY a.id LIMIT 1`,
        [DEMO.agent],
      )
    ).rows[0];
    agent = { id: a.id, agentNumber: a.agent_number, parentId: a.parent_id };
    const rows: Array<[string, string, number | null, string | null, string | null]> = [
      ["NY", "TO_FILE", -3, null, null],
      ["OH", "HELD", -1, "LICENCE_EXPIRED", null],
      ["GA", "FILED", -10, null, null],
      ["FL", "REJECTED", -20, null, "Licence number does not match"],
      ["PA", "TO_FILE", 5, null, null],
      ["TX", "TO_FILE", null, null, null],
    ];
    for (const [state, status, days, held, rejected] of rows) {
      await c.query(
        `INSERT INTO appointment_filings (id, agent_id, npn, state_code, line_of_authority, licence_number, carrier_id, effective_date, due_date, fee_amount, status, held_reason, rejection_reason, filed_date, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, 'ACCIDENT_HEALTH', $3 || '-1001', $4, CASE WHEN $5::int IS NULL THEN NULL ELSE current_date END, current_date + $5::int, 15, $6, $7, $8,
                 CASE WHEN $6 IN ('FILED', 'REJECTED') THEN current_date - 1 END, now())
         ON CONFLICT (agent_id, state_code, line_of_authority) DO NOTHING`,
        [a.id, a.npn, state, a.carrier_id, days, status, held, rejected],
      );
      filingIds[state] = (await c.query<{ id: string }>(`SELECT id FROM appointment_filings WHERE agent_id = $1 AND state_code = $2`, [a.id, state])).rows[0].id;
    }
  });
}, 120_000);

/** axe, nothing sideways, the picture (the whole page for the list, else what the screen shows from the top). */
async function check(page: Page, where: string, name: string, fullPage = false) {
  expect(await violations(page, where)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${where} sideways`).toBeLessThanOrEqual(0);
  const width = await page.evaluate(() => (window.scrollTo(0, 0), window.innerWidth));
  if (process.env.DOCS_SHOTS) await page.screenshot({ path: path.join(process.env.DOCS_SHOTS, `state-filings-${name}-${width}.png`), fullPage });
}

describe("ADMIN > State Filings in the browser", () => {
  for (const width of WIDTHS) {
    test(`${width} px: the list, a refused action, the withdrawal's question, the agent page and the compliance count`, async () => {
      const page = await browser.newPage({ javaScriptEnabled: true });
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
      await page.goto(`${appUrl}/admin/state-filings?state=&status=`);
      await expect.poll(() => page.locator("h1").innerText()).toBe("State Filings");
      expect(await page.getByText(/Overdue by 3 days/).count()).toBeGreaterThan(0);
      await check(page, "the list", "list", true);

      await page.goto(`${appUrl}/admin/state-filings?filing=${filingIds.GA}`);
      await page.getByRole("form", { name: "Mark rejected" }).getByRole("button", { name: "Mark rejected" }).click();
      await expect.poll(() => page.locator("#rejection-reason-error").count()).toBe(1);
      expect(await page.locator("#rejection-reason-error").innerText()).toBe("Enter the state's reason for the rejection.");
      await check(page, "a refused Mark rejected", "refused");

      await page.goto(`${appUrl}/admin/state-filings?filing=${filingIds.PA}`);
      await page.getByLabel("Why it is withdrawn").fill("The agent no longer sells in Pennsylvania");
      await page.getByRole("form", { name: "Withdraw" }).getByRole("button", { name: "Withdraw" }).click();
      await expect.poll(() => page.locator("#withdraw-heading").count()).toBe(1);
      await check(page, "the withdrawal's question", "withdraw");

      // Appoint in another state: refused without a state (nothing is added: the shared portal's demo agent stays as it is).
      await page.goto(`${appUrl}/admin/agents/${agent.id}/states`);
      await page.getByRole("button", { name: "Appoint in this state" }).click();
      await expect.poll(() => page.locator(".field--invalid").count()).toBe(1);
      expect(await page.locator(".field--invalid").innerText()).toContain("Choose the state to appoint the agent in.");
      await check(page, "Appoint in another state, refused", "add-state");

      await page.goto(`${appUrl}/compliance`);
      await expect.poll(() => page.getByTestId("overdue-filings").count()).toBe(1);
      await check(page, "the compliance count", "compliance");
      await page.close();

      const md = await browser.newPage({ javaScriptEnabled: true });
      await md.setViewportSize({ width, height: 900 });
      await signIn(md, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
      await md.goto(`${appUrl}/agent?h=${agent.parentId}&agentNumber=${agent.agentNumber}&tab=appointment`);
      await expect.poll(() => md.getByTestId("state-appointments").count()).toBe(1);
      await check(md, "the agent's state appointments", "agent");
      await md.close();
    }, 180_000);
  }

  for (const width of WIDTHS) {
    test(`${width} px: the last filing run failed, said above the list`, async () => {
      const message = "The filing service refused the token (HTTP 401): check FILING_HTTP_TOKEN. Nothing was marked filed.";
      await withDb((c) => c.query(`INSERT INTO audit_log (action, details) SELECT 'FILING_RUN_FAILED', $1::jsonb WHERE NOT EXISTS (SELECT 1 FROM audit_log WHERE action = 'FILING_RUN_FAILED')`, [JSON.stringify({ adapter: "http", message })]));
      const page = await browser.newPage({ javaScriptEnabled: true });
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
      await page.goto(`${appUrl}/admin/state-filings`);
      await expect.poll(() => page.locator("#last-filing-run").innerText()).toContain(message);
      await check(page, "a failed filing run", "run-failed");
      await page.close();
    }, 120_000);
  }
});
