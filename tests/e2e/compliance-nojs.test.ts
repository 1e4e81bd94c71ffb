// The compliance view (issue 23 item 5, decision 0073) in Chromium with JavaScript DISABLED, on the
// shared portal: the demo director opens CONFIGURE > Compliance, reads the counts, picks a standing,
// filters by credential, pages, and queues the export (told it is queued, with the way to REPORT
// RESULTS; the request is stored as report 3 with the filters). The pipeline card's 'Not in good
// order' count links to the filtered view. axe-core finds nothing at 1280 and 390 px on a filter that
// matches nothing, and at 390 px the page itself never scrolls sideways (the table scrolls inside its
// own box); the unfiltered screen is in tests/e2e/every-screen.test.ts.
import { beforeAll, describe, expect, test } from "vitest";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { axeViolations as violations } from "../support/axe";
import { sharedApp, withDb } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();

/** Standings this file gives the demo director's downline (agent_compliance, as refreshStanding stores them). */
let notInGoodOrder = 0;
let inGoodOrder = 0;

beforeAll(async () => {
  await withDb(async (c) => {
    const ids: number[] = (
      await c.query(
        `SELECT DISTINCT d.id FROM agents v JOIN users u ON u.id = v.user_id
           JOIN agent_closure k ON k.ancestor_id = v.id JOIN agents d ON d.id = k.descendant_id
          WHERE u.user_name = $1 AND v.is_active AND k.depth > 0 AND d.is_active ORDER BY d.id`,
        [DEMO.marketingDirector],
      )
    ).rows.map((r: { id: number }) => r.id);
    // Every fifth agent lacks E&O (not in good order), the others are in good order with E&O expiring in 20 days.
    await c.query(
      `INSERT INTO agent_compliance (agent_id, standing, reasons, next_expiry, checked_on)
       SELECT id, CASE WHEN n % 5 = 0 THEN 'NOT_IN_GOOD_ORDER' ELSE 'IN_GOOD_ORDER' END,
              CASE WHEN n % 5 = 0 THEN '[{"code":"EO_MISSING"}]'::jsonb ELSE '[]'::jsonb END,
              CASE WHEN n % 5 = 0 THEN NULL ELSE current_date + 20 END, current_date
         FROM unnest($1::int[]) WITH ORDINALITY AS t(id, n)
       ON CONFLICT (agent_id) DO UPDATE SET standing = EXCLUDED.standing, reasons = EXCLUDED.reasons, next_expiry = EXCLUDED.next_expiry`,
      [ids],
    );
    const count = async (standing: string, expiring: boolean) =>
      (
        await c.query(
          `SELECT count(*)::int AS n FROM agent_compliance WHERE standing = $2 AND (NOT $3 OR next_expiry <= current_date + 60) AND agent_id IN (
             SELECT k.descendant_id FROM agents v JOIN users u ON u.id = v.user_id JOIN agent_closure k ON k.ancestor_id = v.id WHERE u.user_name = $1 AND v.is_active)`,
          [DEMO.marketingDirector, standing, expiring],
        )
      ).rows[0].n as number;
    notInGoodOrder = await count("NOT_IN_GOOD_ORDER", false);
    inGoodOrder = await count("IN_GOOD_ORDER", true);
    expect(inGoodOrder, "more than a page of agents in good order").toBeGreaterThan(25);
  });
});

describe("compliance without JavaScript", () => {
  test("counts, a standing, a filter, paging and the export request; the pipeline card links here", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/home`);
    const card = page.getByTestId("pipeline-not-in-good-order");
    expect(await card.innerText()).toBe(String(notInGoodOrder));
    await card.click();
    await page.waitForURL(/\/compliance\?standing=NOT_IN_GOOD_ORDER/);
    await page.getByRole("heading", { name: "Compliance", level: 1 }).waitFor();
    const counts = page.getByRole("navigation", { name: "Standing" });
    await counts.getByRole("link", { name: `Not in good order (${notInGoodOrder})` }).waitFor();
    expect(await counts.getByRole("link", { name: `Not in good order (${notInGoodOrder})` }).getAttribute("aria-current")).toBe("page");
    const table = page.getByTestId("compliance-table");
    expect(await table.getByText("No E&O coverage is on record.").count()).toBe(Math.min(25, notInGoodOrder));

    // Every standing, then 'In good order' and the credential filter (E&O expiring within 60 days).
    await counts.getByRole("link", { name: /^All \(/ }).click();
    await page.waitForURL((u) => !u.search.includes("standing="));
    await counts.getByRole("link", { name: /^In good order \(/ }).click();
    await page.waitForURL(/standing=IN_GOOD_ORDER/);
    await page.getByLabel("Something expires in the next 60 days").check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/expiring=60/);
    expect(new URL(page.url()).searchParams.get("standing")).toBe("IN_GOOD_ORDER");
    expect(await page.getByLabel("Something expires in the next 60 days").isChecked()).toBe(true);
    const pages = Math.ceil(inGoodOrder / 25);
    await page.getByText(`Page 1 of ${pages}`).waitFor();
    expect(await table.locator("tbody tr").count()).toBe(25);
    expect(await table.getByText("Expires within 30 days").count()).toBe(25);
    await page.getByRole("link", { name: "Next page" }).click();
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    expect(new URL(page.url()).searchParams.get("expiring")).toBe("60");

    // The export: queued, with the way to REPORT RESULTS; the request holds the filters.
    await page.getByRole("button", { name: "Export to a spreadsheet (xlsx)" }).click();
    await page.waitForURL(/queued=1/);
    await page.getByText("Your Compliance report is queued.").waitFor();
    await page.getByRole("link", { name: "Go to REPORT RESULTS" }).click();
    await page.waitForURL(/\/reports\?tab=results/);
    await page.getByRole("cell", { name: "Compliance Report" }).first().waitFor();
    const stored = await withDb(async (c) =>
      (
        await c.query(
          `SELECT r.input_json, r.filter_text FROM report_requests r JOIN users u ON u.id = r.requested_by_id WHERE u.user_name = $1 AND r.report_id = 3 ORDER BY r.report_request_id DESC LIMIT 1`,
          [DEMO.marketingDirector],
        )
      ).rows[0],
    );
    expect(stored.input_json).toMatchObject({ reportId: "3", standing: "IN_GOOD_ORDER", expiring: "60" });
    expect(stored.filter_text).toBe("Standing: In good order; Expiring in the next 60 days");
    await page.close();
  });

  test.each([
    [1280, 900],
    [390, 844],
  ] as const)("axe-core finds nothing on /compliance filtered to nothing at %i px; at 390 px nothing scrolls the page sideways", async (width, height) => {
    // axe runs as a script in the page: JavaScript on for this one (the page is the same).
    // The unfiltered /compliance: tests/e2e/every-screen.test.ts (entry 'compliance').
    const page = await browser.newPage({ javaScriptEnabled: true });
    await page.setViewportSize({ width, height });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    const found: string[] = [];
    for (const path of ["/compliance?standing=NOT_IN_GOOD_ORDER&state=ZZ"]) {
      await page.goto(`${appUrl}${path}`);
      await page.locator("h1").first().waitFor();
      found.push(...(await violations(page, `${width}px ${path}`)));
      if (width === 390) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    }
    expect(found).toEqual([]);
    await page.close();
  });
});
