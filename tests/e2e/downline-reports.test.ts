// Applications in progress and reports in Chromium (spec part 3 §2, §4, §5;
// decision 0024):
//  - without JavaScript: the director opens a downline application from
//    /inprog and reads it read-only; requests a downline report, refreshes
//    REPORT RESULTS until it is finished (the app runs the job runner
//    in-process), downloads Downline_Report.xlsx and opens it with exceljs;
//    a bad date keeps what was typed and says 'Start Date is invalid'; the
//    recruiter finder returns the chosen recruiter into the recruit form;
//  - axe-core finds no violation on /reports (its tabs and the recruiter
//    finder) at 1280 px and 390 px, and the tables scroll inside their own
//    box on the phone (/inprog with data: tests/e2e/every-screen.test.ts).
import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { describe, expect, test } from "vitest";
import { DEMO, DEMO_PASSWORD, browserFixture, signIn } from "../support/browser";
import { sharedApp, withDb } from "./helpers";
import { axeViolations as violations } from "../support/axe";

const { appUrl } = sharedApp();
const browser = browserFixture();

/** An incomplete application recruited by the demo agent (the director's downline). */
async function downlineApplication(lastName: string): Promise<number> {
  return withDb(async (c) => {
    const agent = (
      await c.query<{ id: number }>(
        `SELECT a.id FROM agents a JOIN users u ON u.id = a.user_id WHERE u.user_name = $1 ORDER BY a.id LIMIT 1`,
        [DEMO.agent],
      )
    ).rows[0]!;
    const id = (
      await c.query<{ appointment_id: number }>(
        `INSERT INTO appointments (appointment_type_code, appointment_status_code, recruiter_agent_id, prospect_email_address, updated_at)
         VALUES ('APPTTYP_IND', 'APWF_STATUS_INCOMPLETE', $1, $2, now()) RETURNING appointment_id`,
        [agent.id, `${lastName.toLowerCase()}@example.com`],
      )
    ).rows[0]!.appointment_id;
    await c.query(`INSERT INTO appointment_personal (appointment_id, first_name, last_name, updated_at) VALUES ($1, 'Rowan', $2, now())`, [id, lastName]);
    return id;
  });
}

describe("downline applications and reports without JavaScript", () => {
  test("the director opens a downline application from /inprog, read-only", async () => {
    const lastName = `Downline${Date.now().toString(36)}`;
    const id = await downlineApplication(lastName);
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/inprog`);
    await page.getByRole("heading", { name: "Applications in Progress" }).waitFor();
    const row = page.getByRole("row", { name: new RegExp(lastName) });
    await expect(row.getByRole("cell").nth(3).textContent()).resolves.toBe("Incomplete");
    await row.getByRole("link", { name: `Rowan ${lastName}`, exact: true }).click();
    await page.waitForURL(`${appUrl}/appoint?id=${id}`);
    await page.getByText("you can read it, but only the prospect can change it").waitFor();
    expect(await page.locator("#f-lastName").inputValue()).toBe(lastName);
    expect(await page.locator("#f-lastName").isEditable()).toBe(false);
    expect(await page.getByRole("button", { name: /^SAVE/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: /^SUBMIT/ }).count()).toBe(0);
  });

  test("a requested downline report finishes and its xlsx downloads and opens", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/reports?tab=request`);
    await page.getByText("may take up to 20 minutes").waitFor();

    // A bad date: the message next to the field, everything typed kept, nothing queued.
    await page.getByLabel("Start Date").fill("2999-01-01");
    await page.getByLabel("Level").fill("5");
    await page.getByRole("button", { name: "SUBMIT" }).click();
    await page.getByText("Start Date is invalid").waitFor();
    expect(await page.getByLabel("Level").inputValue()).toBe("5");
    expect(await page.getByLabel("Start Date").inputValue()).toBe("2999-01-01");

    // A reversed range: refused next to End Date, both dates kept (issue 20 item 13).
    await page.getByLabel("Start Date").fill("2026-02-01");
    await page.getByLabel("End Date").fill("2026-01-01");
    await page.getByRole("button", { name: "SUBMIT" }).click();
    await page.locator(".field", { has: page.getByLabel("End Date") }).getByText("End Date cannot be before Start Date").waitFor();
    expect(await page.getByLabel("Start Date").inputValue()).toBe("2026-02-01");
    expect(await page.getByLabel("End Date").inputValue()).toBe("2026-01-01");

    await page.getByLabel("Start Date").fill("");
    await page.getByLabel("End Date").fill("");
    await page.getByLabel("Level").fill("");
    await page.getByRole("button", { name: "SUBMIT" }).click();
    await page.waitForURL(/\/reports\?tab=results&queued=1/);
    await page.getByRole("dialog").getByText("Your report request was successfully queued up.").waitFor();

    const newest = page.locator("tbody tr").first();
    const download = newest.getByRole("link", { name: /^Download Downline Report/ });
    const deadline = Date.now() + 60_000;
    while (!(await download.isVisible())) {
      if (Date.now() > deadline) throw new Error(`the report did not finish: ${await newest.textContent()}`);
      await page.waitForTimeout(500);
      await page.getByRole("link", { name: "Refresh" }).click();
      await page.getByRole("heading", { name: "REPORT RESULTS" }).waitFor();
    }
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toBe("Downline_Report.xlsx");
    // Without JavaScript the link just downloads: no progress popup.
    expect(await page.getByText("Downloading...").count()).toBe(0);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? "" : String(v)))));
    expect(rows[0]).toEqual(["Agent Number", "Company", "Block", "Level", "Last Name", "First Name", "Company Name", "Recruiter", "Status", "Date"]);
    const lastNames = rows.slice(1).map((r) => r[4]);
    expect(lastNames).toContain("Okafor");
    // The director is not in her own downline.
    expect(lastNames).not.toContain("Whitfield");

    // Clicking a finished request's status downloads; a pending one's says so (spec §4).
    await page.goto(`${appUrl}/reports?tab=results`);
    expect(await page.getByRole("link", { name: /^Download Downline Report/ }).count()).toBeGreaterThan(0);
  });

  test("the recruiter finder returns the chosen recruiter into the recruit form", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/reports?tab=request&report=2`);
    await page.getByLabel("Prospect Name").fill("Lee");
    await page.getByRole("button", { name: "Find a Recruiter" }).click();
    await page.getByRole("heading", { name: "Find a Recruiter" }).waitFor();
    await page.getByLabel("Name or agent number").fill("okafor");
    await page.getByRole("button", { name: "SEARCH", exact: true }).click();
    await page.getByRole("link", { name: /^Choose Daniel/ }).first().click();
    await page.getByTestId("picked-recruiter").filter({ hasText: "Daniel" }).waitFor();
    expect(await page.getByLabel("Prospect Name").inputValue()).toBe("Lee");

    // The HIERARCHY tab starts at the director's own positions.
    await page.getByRole("button", { name: "Find a Recruiter" }).click();
    await page.getByRole("link", { name: "HIERARCHY" }).click();
    await page.getByRole("link", { name: /^Choose / }).first().waitFor();

    await page.goto(`${appUrl}/reports?tab=request&report=2`);
    await page.getByRole("button", { name: "SUBMIT" }).click();
    await page.waitForURL(/\/reports\?tab=results&queued=1/);
  });
});

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
    // Clicking the failed request's status: 'No Results'.
    await page.locator(`tr[data-request-id="${id}"]`).getByRole("link").click();
    await page.getByRole("dialog").getByRole("heading", { name: "No Results" }).waitFor();
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

    // A finished report (the no-JavaScript test above made one): the popup, then the file.
    await page.goto(`${appUrl}/reports?tab=results`);
    const download = page.getByRole("link", { name: /^Download Downline Report/ }).first();
    await download.waitFor();
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
