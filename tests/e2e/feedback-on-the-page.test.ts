// Feedback on the page, not in a dialog to dismiss (issue 36 item 8, decision 0103), in Chromium at
// 1280 and 390 px: a refused form shows its ErrorSummary at the top (links to the fields, the focus
// on it) with JavaScript too, where the browser's check refused it; an outcome is a Notice. axe-core
// on each of these states with JavaScript (the empty home, the wizard's and the add-a-state row's
// refusals among them) (every-screen shows the screens without messages). DOCS_SHOTS=<dir> keeps
// a picture of each (docs/screens/feedback-*.png). Without JavaScript: the form driver, in
// tests/integration/self-service-nojs.test.ts, director-nojs.test.ts, back-office-nojs.test.ts and
// application-nojs.test.ts.
import path from "node:path";
import type pg from "pg";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { CATEGORY_LABELS } from "~/features/preferences/schema";
import { axeViolations as violations } from "../support/axe";
import { browserFixture, DEMO, DEMO_PASSWORD, newAccount, signIn, signUp } from "../support/browser";
import { query } from "../support/mailbox";
import { inviteProspect, sharedApp, startApplication, wizardFromFirstStep } from "./helpers";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();
const sql = <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => query<T>(databaseUrl, text, params);
const WIDTHS = [1280, 390] as const;

/** The summary (or notice) has the focus, no dialog is open, axe finds nothing, nothing scrolls sideways; the picture. */
async function expectOnThePage(page: Page, where: string, focused: string, name: string) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? "")).toBe(focused);
  expect(await page.locator("dialog[open]").count(), `${where}: no dialog`).toBe(0);
  expect(await violations(page, where)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${where} sideways`).toBeLessThanOrEqual(0);
  // From the top: sticky bars would otherwise stand where the focus scrolled to.
  const width = await page.evaluate(() => (window.scrollTo(0, 0), window.innerWidth));
  if (process.env.DOCS_SHOTS) await page.screenshot({ path: path.join(process.env.DOCS_SHOTS, `feedback-${name}-${width}.png`), fullPage: true });
}

const summaryLinks = (page: Page) => page.locator("#error-summary").getByRole("link").allInnerTexts();

describe("feedback on the page", () => {
  for (const width of WIDTHS) {
    test(`${width} px: the template form, the profile and the communications refused in the browser: an error summary linking to the fields`, async () => {
      const page = await browser.newPage({ javaScriptEnabled: true });
      await page.setViewportSize({ width, height: 900 });

      await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
      await page.goto(`${appUrl}/corr/new`);
      await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      await page.getByLabel("Name").fill("   ");
      await page.getByRole("button", { name: "SAVE" }).click();
      await expect.poll(() => summaryLinks(page)).toEqual(["Name", "Description"]);
      await expect(page.locator("#error-summary").innerText()).resolves.toContain("The template was not saved");
      await expectOnThePage(page, `${width}px template refused`, "error-summary", "template-refused");
      // A link takes the focus into its field.
      await page.locator("#error-summary").getByRole("link", { name: "Description" }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("description");

      const prospect = await browser.newPage({ javaScriptEnabled: true });
      await prospect.setViewportSize({ width, height: 900 });
      await signIn(prospect, appUrl, DEMO.prospect, DEMO_PASSWORD);
      await prospect.goto(`${appUrl}/profile`);
      await prospect.getByRole("heading", { name: "Profile", level: 1 }).waitFor();
      await prospect.getByLabel("Phone Number").fill("123");
      await prospect.getByRole("button", { name: "SAVE" }).click();
      await expect.poll(() => summaryLinks(prospect)).toEqual(["Phone Number"]);
      await expectOnThePage(prospect, `${width}px profile refused`, "error-summary", "profile-refused");

      await prospect.goto(`${appUrl}/commpref`);
      await prospect.getByRole("heading", { name: "Communications", level: 1 }).waitFor();
      const group = prospect.getByRole("group", { name: CATEGORY_LABELS.CAT_APPSUB_RECRUIT });
      await group.getByLabel("Email addresses").fill("not-an-address");
      await prospect.getByRole("button", { name: "SAVE" }).click();
      await expect.poll(() => summaryLinks(prospect)).toEqual([`${CATEGORY_LABELS.CAT_APPSUB_RECRUIT}, Email addresses`]);
      await expectOnThePage(prospect, `${width}px communications refused`, "error-summary", "commpref-refused");
    }, 120_000);
  }

  test("the upload's answer is a Notice that stays; the check page's refusal links to the CVC (1280 and 390 px)", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    const { id } = await startApplication(page, /^Individual —/, { firstName: "Nell", lastName: "Notice" });
    await sql(`UPDATE appointments SET appointment_type_code = 'APPTTYP_REP' WHERE appointment_id = $1`, [id]);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      // After a no-JavaScript upload the portal comes back with ?upload=<result> (the upload itself with JavaScript: back-office-review).
      await page.goto(`${appUrl}/appoint?id=${id}&section=DOCS&upload=SUCCESS`);
      await page.locator("#upload-result").getByText("We have successfully received your upload.").waitFor();
      await expectOnThePage(page, `${width}px upload received`, "upload-result", "upload-received");

      await page.goto(`${appUrl}/appoint/check?id=${id}`);
      await page.getByLabel("CVC").fill("12a");
      await page.getByRole("button", { name: "Submit application" }).click();
      await expect.poll(() => summaryLinks(page)).toEqual(["CVC"]);
      await expect(page.locator("#error-summary").innerText()).resolves.toContain("Nothing was submitted.");
      await expectOnThePage(page, `${width}px check page refused`, "error-summary", "check-refused");
    }
  }, 180_000);

  test("the last dialogs, now on the page: an empty home, the wizard's and the add-a-state row's refusals (1280 and 390 px)", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    const account = newAccount({ firstName: "Wanda", lastName: "Wizard" });
    await signUp(page, appUrl, account);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${appUrl}/home`);
      await page.locator("#notice").getByText("No Apps or Invitations Found").waitFor();
      // The link prompt and LOGOUT on the page itself, not behind a dialog.
      await page.getByLabel("Appointment Link", { exact: true }).waitFor();
      await page.locator("#notice").getByRole("button", { name: "LOGOUT" }).waitFor();
      await expectOnThePage(page, `${width}px nothing found`, "notice", "home-nothing-found");
    }

    await inviteProspect(databaseUrl, account, { newest: true });
    await page.goto(`${appUrl}/home`);
    await page.getByRole("link", { name: "Complete Your Appointment" }).click();
    await page.waitForURL(/\/wizard\?/);
    const id = await wizardFromFirstStep(page, /^Individual —/, async () => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole("button", { name: "NEXT", exact: true }).click();
        // 'Invitation Look Good?': the summary links to the question, the message stands beside it.
        await expect.poll(() => summaryLinks(page)).toEqual(["Please choose Yes or No"]);
        await expect(page.locator("#error-summary").innerText()).resolves.toContain("Invitation Look Good?");
        await expect(page.locator("#wizard-good-error").innerText()).resolves.toBe("Please choose Yes or No");
        await expectOnThePage(page, `${width}px wizard refused`, "error-summary", "wizard-refused");
      }
      await page.locator("#error-summary").getByRole("link").click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("wizard-good");
    });

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${appUrl}/appoint?id=${id}&section=FEES`);
      await page.getByRole("button", { name: "Add a State" }).click();
      await page.getByRole("button", { name: "Add the selected state" }).click();
      // 'Add What State', checked in the browser: beside the select, and the summary above the row.
      const summary = page.locator("#add-state-summary");
      await summary.getByRole("link", { name: "Please make a selection from the State dropdown before clicking the check-mark." }).waitFor();
      await expect(summary.innerText()).resolves.toContain("Add What State");
      await expect(page.locator("#addStateCode-error").innerText()).resolves.toBe("Please make a selection from the State dropdown before clicking the check-mark.");
      await expectOnThePage(page, `${width}px add a state refused`, "add-state-summary", "add-state-refused");
    }
  }, 240_000);

  test("a service request's reply refused without JavaScript: the summary links to the reply (1280 and 390 px)", async () => {
    const [row] = await sql<{ id: number }>(
      `INSERT INTO service_requests (requester_user_id, requester_type_code, requester_number, request_type_code, request_text, updated_at)
       SELECT a.user_id, 'RQTYP_AGT', a.agent_number, 'SVCREQ_LEVELCHG', 'Please change my level (feedback-on-the-page).', now()
         FROM agents a JOIN users u ON u.id = a.user_id WHERE lower(u.user_name) = $1 LIMIT 1
       RETURNING service_request_id AS id`,
      [DEMO.agent],
    );
    expect(row, "a request of the demo agent").toBeDefined();
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${appUrl}/admin/requests/${row!.id}`);
      await page.getByRole("button", { name: "SEND REPLY" }).click();
      await expect.poll(() => summaryLinks(page)).toEqual(["Reply"]);
      expect(await page.locator("dialog[open]").count()).toBe(0);
      // axe-core needs scripts in the page; the same ErrorSummary passed it with JavaScript above.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      if (process.env.DOCS_SHOTS) await page.screenshot({ path: path.join(process.env.DOCS_SHOTS, `feedback-request-refused-${width}.png`), fullPage: true });
    }
  }, 120_000);
});
