// Reports in Chromium (spec part 3 §2, §4, §5; decision 0024):
//  - with JavaScript: REPORT RESULTS and the bell's pending count refresh by
//    themselves; a reversed range is refused next to End Date and disables
//    SUBMIT; a download shows 'Downloading...' for a moment;
//  - axe-core finds no violation on /reports (its tabs and the recruiter
//    finder) at 1280 px and 390 px, and the tables scroll inside their own
//    box on the phone (/inprog with data: tests/e2e/every-screen.test.ts).
// Without JavaScript (a downline application read-only from /inprog; a report
// requested, refused dates, finished, its xlsx downloaded and opened; the
// recruiter finder): the form driver, tests/integration/director-nojs.test.ts.
import path from "node:path";
import { describe, expect, test } from "vitest";
import { DEMO, DEMO_PASSWORD, browserFixture, signIn } from "../support/browser";
import { sharedApp, withDb } from "./helpers";
import { axeViolations as violations } from "../support/axe";

const { appUrl } = sharedApp();
const browser = browserFixture();

describe("with JavaScript", () => {
  test("REPORT RESULTS and the bell's pending count refresh by themselves every 5 seconds", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/reports?tab=results`);
    await page.getByRole("heading", { name: "REPORT RESULTS" }).waitFor();
    const bell = page.getByTestId("pending-reports-count");
    const before = (await bell.count()) ? Number(await bell.textContent()) : 0;
    // A request queued elsewhere (no job: it stays pending until this test finishes it).
    const id = await withDb(async (c) => {
      const r = await c.query<{ report_request_id: number }>(
        `INSERT INTO report_requests (requested_by_id, report_id, input_json, filter_text, status_code)
         SELECT id, 2, '{"reportId":"2","appointmentStatusId":"-2"}', 'Status: Invited', 'RPTSTATUS_PENDING' FROM users WHERE user_name = $1
         RETURNING report_request_id`,
        [DEMO.marketingDirector],
      );
      return r.rows[0]!.report_request_id;
    });
    const url = page.url();
    await page.locator(`tr[data-request-id="${id}"]`).getByText("Pending").waitFor({ timeout: 12_000 });
    await bell.filter({ hasText: String(before + 1) }).waitFor({ timeout: 12_000 });
    await withDb((c) => c.query(`UPDATE report_requests SET status_code = 'RPTSTATUS_ERROR', error_message = 'NO DATA' WHERE report_request_id = $1`, [id]));
    await page.locator(`tr[data-request-id="${id}"]`).getByText("Error").waitFor({ timeout: 12_000 });
    expect(page.url()).toBe(url);
    // Clicking the failed request's status: 'No Results', on the page above the list (decision 0103).
    await page.locator(`tr[data-request-id="${id}"]`).getByRole("link").click();
    await page.locator("#report-status").getByText("No Results").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
  });
});

describe("with JavaScript: a reversed range and the download popup (issue 20 item 13)", () => {
  test("a reversed range is refused next to End Date and SUBMIT is disabled; a download shows 'Downloading...' for a moment", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/reports?tab=request`);
    await page.getByText("may take up to 20 minutes").waitFor();
    await page.getByLabel("Start Date").fill("2026-02-01");
    await page.getByLabel("End Date").fill("2026-01-01");
    await page.getByLabel("Level").focus();
    await page.locator(".field", { has: page.getByLabel("End Date") }).getByText("End Date cannot be before Start Date").waitFor();
    expect(await page.getByRole("button", { name: "SUBMIT" }).isDisabled()).toBe(true);
    await page.getByLabel("End Date").fill("2026-03-01");
    await page.getByText("End Date cannot be before Start Date").waitFor({ state: "hidden" });

    // A finished report of its own: the request sent, REPORT RESULTS reloaded until it is done.
    await page.getByLabel("Start Date").fill("");
    await page.getByLabel("End Date").fill("");
    await page.getByRole("button", { name: "SUBMIT" }).click();
    await page.waitForURL(/\/reports\?tab=results&queued=1/);
    // 'Success!' on the page with the focus, no dialog to dismiss (decision 0103).
    const queued = page.getByRole("status").filter({ hasText: "Your report request was successfully queued up." });
    await queued.waitFor();
    await expect.poll(() => queued.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 900 });
    if (process.env.DOCS_SHOTS) await page.screenshot({ path: path.join(process.env.DOCS_SHOTS, "feedback-reports-queued-390.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${appUrl}/reports?tab=results`);
    const download = page.getByRole("link", { name: /^Download Downline Report/ }).first();
    const deadline = Date.now() + 60_000;
    while (!(await download.isVisible())) {
      if (Date.now() > deadline) throw new Error("the report did not finish within 60 s");
      await page.waitForTimeout(500);
      await page.reload();
    }
    // The popup, then the file.
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    await page.getByRole("dialog").getByText("Downloading...").waitFor();
    expect(file.suggestedFilename()).toBe("Downline_Report.xlsx");
    // It closes by itself (spec §9: 1 second).
    await page.getByRole("dialog").getByText("Downloading...").waitFor({ state: "hidden", timeout: 15_000 });
    await page.close();
  });
});

describe("accessibility (axe-core) of /reports", () => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    test(`${width}px: no violation; tables scroll inside their box`, async () => {
      // /inprog (a downline application listed): tests/e2e/every-screen.test.ts, entry 'inprog'.
      const page = await browser.newPage({ javaScriptEnabled: true });
      await page.setViewportSize({ width, height });
      await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
      const found: string[] = [];
      const pages = [
        ["/reports?tab=results", "REPORT RESULTS"],
        ["/reports?tab=request", "REQUEST a REPORT"],
        ["/reports?tab=request&report=2&finder=search&q=a", "Find a Recruiter"],
        ["/reports?tab=request&report=2&finder=hierarchy", "Find a Recruiter"],
      ] as const;
      for (const [path, heading] of pages) {
        await page.goto(`${appUrl}${path}`);
        await page.getByRole("heading", { name: heading, exact: true }).first().waitFor();
        found.push(...(await violations(page, `${width}px ${path}`)));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
      }
      expect(found).toEqual([]);
    });
  }
});
