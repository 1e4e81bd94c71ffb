// The dashboard's pipeline card in Chromium (decision 0027):
//  - without JavaScript the demo marketing director's /home shows the card
//    (two SVG charts with role="img" and the counts as links); the 'Awaiting
//    approval' count opens /inprog filtered to that status, which lists the
//    downline application counted; a forged status answers a 400 page; the
//    'Invited' count opens /invites?days=90;
//  - the demo prospect (no position) sees no card;
//  - axe-core finds no violation on /home with the card (and on the filtered
//    lists) at 1280 and 390 px,
//    and at 390 px nothing scrolls the page sideways (the card reflows).
import { describe, expect, test } from "vitest";
import { DEMO, DEMO_PASSWORD, browserFixture, signIn } from "../support/browser";
import { sharedApp, withDb } from "./helpers";
import { axeViolations as violations } from "../support/axe";

const { appUrl } = sharedApp();
const browser = browserFixture();

/** A submitted application recruited by the demo agent (the director's downline), started today. */
async function awaitingApplication(lastName: string): Promise<number> {
  return withDb(async (c) => {
    const agent = (
      await c.query<{ id: number }>(`SELECT a.id FROM agents a JOIN users u ON u.id = a.user_id WHERE u.user_name = $1 ORDER BY a.id LIMIT 1`, [DEMO.agent])
    ).rows[0]!;
    const id = (
      await c.query<{ appointment_id: number }>(
        `INSERT INTO appointments (appointment_type_code, appointment_status_code, recruiter_agent_id, prospect_email_address, submitted_at, updated_at)
         VALUES ('APPTTYP_IND', 'APWF_STATUS_NEWCONTRACT', $1, $2, now(), now()) RETURNING appointment_id`,
        [agent.id, `${lastName.toLowerCase()}@example.com`],
      )
    ).rows[0]!.appointment_id;
    await c.query(`INSERT INTO appointment_personal (appointment_id, first_name, last_name, updated_at) VALUES ($1, 'Piper', $2, now())`, [id, lastName]);
    return id;
  });
}

describe("the dashboard's pipeline card", () => {
  test("without JavaScript: the director sees the card and a count opens its filtered list", async () => {
    const lastName = `Pipeline${Date.now().toString(36)}`;
    const id = await awaitingApplication(lastName);
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/home`);
    const card = page.getByRole("region", { name: "Your Downline's Pipeline" });
    await card.waitFor();
    await card.getByRole("img", { name: /Your downline's pipeline, last 90 days/ }).waitFor();
    await card.getByRole("img", { name: /Applications submitted per week, last 12 weeks/ }).waitFor();
    const desc = await card.locator("#pipeline-chart-desc").textContent();
    expect(desc).toMatch(/^Invited: \d+; In progress: \d+; Awaiting approval: (\d+); Approved: \d+; Abandoned: \d+\.$/);
    const awaiting = Number(/Awaiting approval: (\d+)/.exec(desc!)![1]);
    expect(awaiting).toBeGreaterThanOrEqual(1);
    const link = card.getByRole("link", { name: `Awaiting approval: ${awaiting}, show the list` });
    expect(await link.textContent()).toBe(String(awaiting));
    await link.click();
    await page.waitForURL(`${appUrl}/inprog?status=APWF_STATUS_NEWCONTRACT&days=90`);
    await page.getByText("Submitted for Approval applications started in the last 90 days").waitFor();
    const row = page.getByRole("row", { name: new RegExp(lastName) });
    await row.getByRole("link", { name: `Piper ${lastName}`, exact: true }).waitFor();
    expect(await row.getByRole("cell").nth(3).textContent()).toBe("Submitted for Approval");
    // Every row of the filtered list has that status; the number of rows matches the count (one page of 10 at most).
    const statuses = await page.locator("tbody tr td:nth-child(4)").allTextContents();
    expect(new Set(statuses)).toEqual(new Set(["Submitted for Approval"]));
    if (awaiting <= 10) expect(statuses).toHaveLength(awaiting);
    expect(id).toBeGreaterThan(0);
    // A forged status: a 400 page, not a list.
    const forged = await page.goto(`${appUrl}/inprog?status=APWF_STATUS_REJECTED`);
    expect(forged?.status()).toBe(400);
    await page.getByText("This list cannot be filtered that way.").waitFor();
    // The invited count opens the invitations of the last 90 days.
    await page.goto(`${appUrl}/home`);
    const invited = Number(/Invited: (\d+)/.exec(desc!)![1]);
    await card.getByRole("link", { name: `Invited: ${invited}, show the list` }).click();
    await page.waitForURL(`${appUrl}/invites?days=90`);
    await page.getByText("Showing the invitations sent in the last 90 days.").waitFor();
  });

  test("with JavaScript: a count and the dashboard's buttons navigate in the page; a modified click is the browser's", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/home`);
    const card = page.getByRole("region", { name: "Your Downline's Pipeline" });
    await card.waitFor();
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
    // A mark on the window survives an in-page navigation, not a page load.
    await page.evaluate(() => ((window as unknown as { mark: string }).mark = "same page"));
    await card.getByRole("link", { name: /^Awaiting approval: \d+, show the list$/ }).click();
    await page.waitForURL(`${appUrl}/inprog?status=APWF_STATUS_NEWCONTRACT&days=90`);
    await page.getByText("Submitted for Approval applications started in the last 90 days").waitFor();
    expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe("same page");
    await page.goBack();
    await page.getByRole("link", { name: "View Agent Hierarchy" }).click();
    await page.waitForURL(`${appUrl}/agents`);
    await page.locator("h1").first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe("same page");
    await page.goBack();
    // Ctrl+click: the browser's own behaviour (a new tab), this page stays where it is.
    const opened = page.context().waitForEvent("page");
    await page.getByRole("link", { name: "Help", exact: true }).click({ modifiers: ["Control"] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe("/help");
    expect(new URL(page.url()).pathname).toBe("/home");
  });

  test("the prospect sees no card", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.prospect, DEMO_PASSWORD);
    await page.goto(`${appUrl}/home`);
    await page.locator("h1").first().waitFor();
    expect(await page.getByRole("heading", { name: "Your Downline's Pipeline" }).count()).toBe(0);
  });

  test.each([
    [1280, 900],
    [390, 844],
  ] as const)("axe-core finds nothing on /home with the card at %i px; nothing scrolls sideways", async (width, height) => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await page.setViewportSize({ width, height });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/home`);
    await page.getByRole("heading", { name: "Your Downline's Pipeline" }).waitFor();
    const found = await violations(page, `${width}px /home`);
    // The filtered lists the counts open.
    for (const path of ["/inprog?status=APWF_STATUS_APPROVED&days=90", "/invites?days=90"]) {
      await page.goto(`${appUrl}${path}`);
      await page.locator("h1").first().waitFor();
      found.push(...(await violations(page, `${width}px ${path}`)));
    }
    await page.goto(`${appUrl}/home`);
    await page.getByRole("heading", { name: "Your Downline's Pipeline" }).waitFor();
    if (width === 390) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) found.push(`390px /home: the page scrolls sideways by ${overflow}px`);
      const box = await page.locator(".pipeline__chart").boundingBox();
      expect(box!.width).toBeLessThanOrEqual(390);
    }
    if (process.env.PIPELINE_SCREENSHOTS) await page.screenshot({ path: `${process.env.PIPELINE_SCREENSHOTS}/home-${width}.png`, fullPage: true });
    expect(found).toEqual([]);
  });
});
