// The wizard's other ways (spec part 2 §2 'Wizard', §8), without JavaScript:
// CANCEL goes home, PREVIOUS goes back, a missing link is a System Error, an
// unknown link is 'Fetching Agency information failed', and answering No
// then confirming declines the invitation and signs the user out.
import { describe, expect, test } from "vitest";
import { browserFixture, newAccount, signUp } from "../support/browser";
import { expectDashboard, sharedApp, withDb } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();

async function invite(email: string) {
  return withDb(async (c) => {
    const l = (
      await c.query<{ appointment_link_id: number; recruiter_agent_id: number }>(
        `SELECT l.appointment_link_id, l.recruiter_agent_id FROM appointment_links l
           JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
          WHERE NOT sl.enroll_rep AND l.is_enabled AND NOT l.is_deleted ORDER BY l.appointment_link_id LIMIT 1 OFFSET 1`,
      )
    ).rows[0]!;
    const r = await c.query<{ invitation_id: number }>(
      `INSERT INTO invitations (invite_type_code, appointment_link_id, inviter_agent_id, prospect_first_name,
                                prospect_last_name, prospect_email_address, status, updated_at)
       VALUES ('INVTYP_SINGLE', $1, $2, 'Wiz', 'Ard', $3, 'INVITED', now()) RETURNING invitation_id`,
      [l.appointment_link_id, l.recruiter_agent_id, email.toLowerCase()],
    );
    return r.rows[0]!.invitation_id;
  });
}

describe("wizard without JavaScript", () => {
  test("CANCEL, PREVIOUS, bad links, and declining the invitation", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const account = newAccount();
    await signUp(page, appUrl, account);
    const invitationId = await invite(account.email);

    // No link at all: said on the page with the way home, no dialog (decision 0103).
    await page.goto(`${appUrl}/wizard`);
    const notice = page.locator("#notice");
    await notice.getByText("System Error").waitFor();
    await notice.getByText("Oops. Pardon our mistakes. Please start over from the home page...").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    // An unknown link.
    await page.goto(`${appUrl}/wizard?link=APLNOSUCHLINK`);
    await notice.getByText("Fetching Agency information failed").waitFor();
    await notice.getByRole("link", { name: "Go to the home page" }).click();
    await expectDashboard(page, appUrl);

    // CANCEL on step 1 goes home.
    await page.getByRole("link", { name: "Complete Your Appointment" }).click();
    await page.waitForURL(/\/wizard\?/);
    const wizardUrl = page.url();
    await page.getByRole("button", { name: "CANCEL" }).click();
    await expectDashboard(page, appUrl);

    // PREVIOUS from step 2 goes back to step 1; a hand-made URL cannot skip step 2.
    await page.goto(wizardUrl);
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    await page.getByText("Does this invitation look right?").waitFor();
    await page.getByRole("button", { name: "PREVIOUS" }).click();
    await page.getByRole("heading", { name: /before you start/i }).waitFor();
    await page.goto(`${wizardUrl}&step=4&type=APPTTYP_IND`);
    await page.getByText("Does this invitation look right?").waitFor();

    // No, then NO in the confirmation keeps the invitation; No, then YES declines it and signs out.
    await page.getByLabel("No", { exact: true }).check();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    const confirm = page.getByRole("dialog");
    await confirm.getByText("Decline the Invitation?").waitFor();
    await confirm.getByRole("link", { name: "NO" }).click();
    await page.getByText("Does this invitation look right?").waitFor();
    await page.getByLabel("No", { exact: true }).check();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    await confirm.getByRole("button", { name: "YES" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/wizard"), { timeout: 15_000 });
    if (await page.getByRole("button", { name: /^sign out$/i }).isVisible().catch(() => false)) {
      await page.getByRole("button", { name: /^sign out$/i }).click();
    }
    const status = await withDb(async (c) => (await c.query<{ status: string }>(`SELECT status FROM invitations WHERE invitation_id = $1`, [invitationId])).rows[0]?.status);
    expect(status).toBe("DECLINED");
    await page.goto(`${appUrl}/home`);
    await expect(page.getByRole("button", { name: /^logout$/i }).count()).resolves.toBe(0);
  });
});
