// Signing up, in and out through the built-in identity provider, in Chromium.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { axeViolations } from "../support/axe";
import { DEMO, DEMO_PASSWORD, fillSignIn, newAccount, signIn, signOut, signUp, browserFixture } from "../support/browser";
import { findLink, waitForMail } from "../support/mailbox";
import { expectDashboard, expectProviderSignIn, nav, sharedApp } from "./helpers";

const { appUrl, idpUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

describe("authentication", () => {
  test("sign up, sign out (portal and provider), sign in again", async () => {
    const page = await browser.newPage();
    const account = newAccount();

    // The welcome page's NEXT goes to sign-in.
    await page.goto(`${appUrl}/`);
    await page.getByRole("link", { name: /^next$/i }).or(page.getByRole("button", { name: /^next$/i })).first().click();
    await expectProviderSignIn(page, idpUrl);

    await signUp(page, appUrl, account);
    await expectDashboard(page, appUrl);
    // A brand-new user without appointments gets no CONFIGURE menu...
    expect(await nav(page).configure.count()).toBe(0);
    // ... and is told so (spec part 1, section 8).
    await page.getByRole("status").filter({ hasText: "No Apps or Invitations Found" }).waitFor({ state: "visible" });

    await signOut(page, appUrl);
    // Both sessions are over: a protected page goes to the provider's sign-in form.
    await page.goto(`${appUrl}/home`);
    await expectProviderSignIn(page, idpUrl);

    await fillSignIn(page, account.email, account.password);
    await page.waitForURL(`${appUrl}/home`);
    await expectDashboard(page, appUrl);
  });

  test("a marketing director sees the CONFIGURE menu", async () => {
    const page = await browser.newPage();
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await expectDashboard(page, appUrl);
    const { configure, main } = nav(page);
    await configure.click();
    for (const item of ["Email Templates", "Invitations", "Agents", "Applications", "Reports"]) {
      await main.getByRole("link", { name: item, exact: true }).waitFor({ state: "visible" });
    }
    expect(await nav(page).dashboard.getAttribute("aria-current")).toBe("page");
    // With JavaScript the navigation's links navigate within the page (no new
    // document: what the window holds survives), the menu closes and the
    // current page's link is marked (app/components/nav-links.ts).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await main.getByRole("link", { name: "Invitations", exact: true }).click();
    await page.waitForURL(`${appUrl}/invites`);
    await page.getByRole("heading", { level: 1 }).waitFor({ state: "visible" });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The URL changes before React has rendered the new page: the menu closes and the mark moves with that render.
    await main.locator("details[open]").waitFor({ state: "detached", timeout: 5_000 });
    await expect.poll(() => nav(page).dashboard.getAttribute("aria-current"), { timeout: 5_000 }).toBeNull();
    await configure.click();
    expect(await main.getByRole("link", { name: "Invitations", exact: true }).getAttribute("aria-current")).toBe("page");
    // ... and back to the dashboard the same way.
    await nav(page).dashboard.click();
    await page.waitForURL(`${appUrl}/home`);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("an anonymous visit to a protected path comes back to exactly that path after sign-in", async () => {
    const page = await browser.newPage();
    await page.goto(`${appUrl}/invites?x=1`);
    await expectProviderSignIn(page, idpUrl);
    await fillSignIn(page, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.waitForURL((url) => url.href.startsWith(appUrl) && !url.pathname.startsWith("/auth/"));
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe("/invites?x=1");
  });

  test("the provider's pages look like the portal: its band and mark; axe clean at 1280 and 390 px, nothing sideways", async () => {
    // The portal's own mark (public/favicon.svg), not a monogram of another brand (issue 36 item 5).
    const mark = /<path d="([^"]+)" fill="#13a89e"/.exec(readFileSync(path.resolve(__dirname, "../../public/favicon.svg"), "utf8"))![1]!;
    for (const width of [1280, 390]) {
      // bypassCSP: the provider's CSP (default-src 'none') would refuse axe-core's script.
      const context = await browser.browser().newContext({ bypassCSP: true, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${appUrl}/auth/login`);
      await expectProviderSignIn(page, idpUrl);
      const pages: Array<[string, () => Promise<unknown>]> = [
        ["sign-in", async () => undefined],
        ["sign-up", () => page.getByRole("link", { name: "Sign up now" }).click()],
      ];
      for (const [name, open] of pages) {
        await open();
        await page.locator("header.band").waitFor();
        expect(await page.locator("header.band svg path").first().getAttribute("d")).toBe(mark);
        expect(await page.locator("header.band").innerText()).toBe("Appointment Portal");
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
        expect(await axeViolations(page, `provider ${name} at ${width} px`)).toEqual([]);
        if (process.env.DOCS_SHOTS) await page.screenshot({ path: path.join(process.env.DOCS_SHOTS, `idp-${name}-${width}.png`), fullPage: true });
      }
      await context.close();
    }
  });

  test("a wrong password shows the provider's error and stays on the sign-in page", async () => {
    const page = await browser.newPage();
    await page.goto(`${appUrl}/auth/login`);
    await expectProviderSignIn(page, idpUrl);
    await fillSignIn(page, DEMO.marketingDirector, "not-the-password-1");
    await page.getByText(/invalid email or password|incorrect|wrong/i).first().waitFor({ state: "visible" });
    await expectProviderSignIn(page, idpUrl);
    // ... and signing in still works afterwards.
    await fillSignIn(page, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.waitForURL(`${appUrl}/home`);
    await expectDashboard(page, appUrl);
  });

  test("forgot password: the emailed link sets a new password", async () => {
    const page = await browser.newPage();
    const account = newAccount();
    await signUp(page, appUrl, account);
    await signOut(page, appUrl);

    const since = new Date(Date.now() - 1_000);
    await page.goto(`${appUrl}/auth/login`);
    await expectProviderSignIn(page, idpUrl);
    await page.getByRole("link", { name: /forgot your password/i }).click();
    await page.getByLabel(/^email/i).fill(account.email);
    await page.getByRole("button", { name: /send|reset|continue/i }).first().click();
    await page.getByText(/check your (e-?mail|inbox)|sent|on its way/i).first().waitFor({ state: "visible" });

    const mail = await waitForMail(databaseUrl, { to: account.email, since });
    const link = findLink(mail, /\/password\/reset\/[^/?#\s]+/);
    expect(link.startsWith(`${idpUrl}/password/reset/`)).toBe(true);

    const newPassword = `${account.password}-2`;
    await page.goto(link);
    await page.getByLabel(/^(new )?password/i).first().fill(newPassword);
    await page.getByLabel(/confirm/i).fill(newPassword);
    await page.getByRole("button", { name: /reset|save|set|change/i }).first().click();
    await page.getByText(/password (has been|was) (changed|reset|updated)|sign in/i).first().waitFor({ state: "visible" });

    await signIn(page, appUrl, account.email, newPassword);
    await expectDashboard(page, appUrl);
  });
});
