// Shared bits of the e2e tests: this worker's portal's URLs and the signed-in layout.
import type { Page } from "playwright-core";
import pg from "pg";
import { expect } from "vitest";
import { newAccount, signUp } from "../support/browser";
import { inviteProspect } from "../support/invite-prospect";
import { sharedApp } from "../support/shared-app";

/** This worker's portal: { appUrl, idpUrl, databaseUrl, dataDir } (tests/support/shared-app.ts). */
export { sharedApp };

export const TITLE_SUFFIX = " : Appointment Portal";

/** The top navigation of the signed-in layout. */
export function nav(page: Page) {
  const main = page.getByRole("navigation", { name: "Main" });
  return {
    main,
    dashboard: main.getByRole("link", { name: /^dashboard$/i }),
    logout: main.getByRole("button", { name: /^logout$/i }),
    /** The CONFIGURE drop-down (a details/summary disclosure). */
    configure: main.locator("summary", { hasText: /configure/i }),
  };
}

/** Asserts the page is the signed-in dashboard. */
export async function expectDashboard(page: Page, appUrl: string) {
  expect(new URL(page.url()).pathname).toBe("/home");
  expect(page.url().startsWith(appUrl)).toBe(true);
  const { dashboard, logout } = nav(page);
  await dashboard.waitFor({ state: "visible" });
  await logout.waitFor({ state: "visible" });
  expect(await page.title()).toBe(`Dashboard${TITLE_SUFFIX}`);
}

/** Asserts the page is the identity provider's sign-in page. */
export async function expectProviderSignIn(page: Page, idpUrl: string) {
  expect(page.url().startsWith(`${idpUrl}/`), `expected the provider's sign-in page, got ${page.url()}`).toBe(true);
  await page.getByLabel(/^password/i).waitFor({ state: "visible" });
  await page.getByRole("button", { name: /^sign in$/i }).waitFor({ state: "visible" });
}

/** Invites a prospect on the database side (tests/support/invite-prospect.ts). */
export { inviteProspect };

/** Signs up an invited prospect and goes through the wizard choosing the type (a radio label); ends on the application. */
export async function startApplication(page: Page, type: RegExp, name: { firstName: string; middleName?: string; lastName: string } = { firstName: "Omar", middleName: "K", lastName: "Haddad" }) {
  const { appUrl, databaseUrl } = sharedApp();
  const account = newAccount(name);
  await signUp(page, appUrl, account);
  await inviteProspect(databaseUrl, account, { newest: true });
  return { account, id: await throughWizard(page, type) };
}

/** From the dashboard of an invited prospect through the wizard choosing the type (a radio label); ends on the application, whose id it returns. */
export async function throughWizard(page: Page, type: RegExp, appUrl: string = sharedApp().appUrl) {
  await page.goto(`${appUrl}/home`);
  await page.getByRole("link", { name: "Complete Your Appointment" }).click();
  await page.waitForURL(/\/wizard\?/);
  return wizardFromFirstStep(page, type);
}

/**
 * From the wizard's first step through to the application, choosing the type
 * (a radio label); `atInvitation` runs on step 2 ('Your invitation') before
 * 'Yes'. Returns the new application's id.
 */
export async function wizardFromFirstStep(page: Page, type: RegExp, atInvitation?: (page: Page) => Promise<void>) {
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.getByRole("heading", { name: "Your invitation", exact: true }).waitFor();
  if (atInvitation) await atInvitation(page);
  await page.getByLabel("Yes", { exact: true }).check();
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.getByRole("radio", { name: type }).check();
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.getByRole("heading", { name: /pointers for filling out/i }).waitFor();
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.waitForURL(/\/appoint\?id=\d+/);
  return Number(new URL(page.url()).searchParams.get("id"));
}

/** Runs `fn` with a client of the shared app's database, closed afterwards. */
export async function withDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: sharedApp().databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Opens /invites and reloads it (as a user would) until the prospect's row
 * shows `status`. The test's SMTP server has the email a moment before the
 * job records it as sent (markSent after the send), so a page loaded just after
 * the email arrived may still say 'Sending'; it must change on a reload.
 */
export async function invitesRowShows(page: Page, appUrl: string, email: string, status: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  await page.goto(`${appUrl}/invites`);
  for (;;) {
    const cell = page.getByRole("row").filter({ hasText: email }).getByRole("cell", { name: status, exact: true });
    if ((await cell.count()) > 0) return;
    if (Date.now() > deadline) throw new Error(`/invites did not show '${status}' for ${email} within ${timeoutMs / 1000} s`);
    await page.waitForTimeout(500);
    await page.reload();
  }
}
