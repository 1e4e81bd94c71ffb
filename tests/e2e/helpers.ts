// Shared bits of the e2e tests: the shared app's URLs and the signed-in layout.
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";

export function sharedApp() {
  return {
    appUrl: inject("appUrl"),
    idpUrl: inject("idpUrl"),
    databaseUrl: inject("appDatabaseUrl"),
  };
}

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
