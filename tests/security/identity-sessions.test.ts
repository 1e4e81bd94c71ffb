// Issue 18 items 1 and 2 (decision 0035), against the real built portal and its built-in provider,
// as browsers without JavaScript:
//  - the takeover: an attacker signs up at the provider with the address an invitation went to,
//    never confirms it and signs in to the portal. No portal session: a 'Confirm your email first'
//    page with a link for a new confirmation email. The owner then takes the address back through
//    'Forgot password', signs in, starts the application: whatever the attacker's browser holds
//    opens neither the application nor saves it;
//  - a password reset ends every session of the account, in the portal and at the provider;
//  - 'Sign out of every other device' on /profile ends the others (portal and provider) and keeps
//    this one; an administrator impersonating the user may not use it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { filledIn, makeWorld, type World } from "../integration/appointment-fixtures";
import { startApp, type AppHandle } from "../support/app-server";
import { appBrowser, signInAs, signInToApp, type AppBrowser } from "../support/app-sign-in";
import { useTestDatabase } from "../support/db";
import { createIdpAccount, createInvitation } from "../support/factories";
import { buildIfStale } from "../support/global-app";
import { hiddenValue, person } from "../support/idp-client";
import { findLink, waitForMail } from "../support/mailbox";
import { hashPassword } from "~/lib/password.server";

const db = useTestDatabase();
let app: AppHandle;
let world: World;

beforeAll(async () => {
  buildIfStale();
  // The application's SSN is written here and read by the portal: one key.
  process.env.ENCRYPTION_KEY = "identity-sessions-test-key-0123456789abcdef0123";
  resetEnvCache();
  resetSecretsCache();
  app = await startApp({ databaseUrl: db.url, env: { ENCRYPTION_KEY: process.env.ENCRYPTION_KEY } });
  process.env.APP_URL = app.url;
  resetEnvCache();
  world = await makeWorld();
}, 240_000);

afterAll(async () => {
  await app?.dispose();
});

/** A page of the portal with whatever portal cookie the browser holds (none is fine). */
async function portal(browser: AppBrowser, path: string, form?: Record<string, string>) {
  return browser.go(`${app.url}${path}`, form);
}

/** Sign-up at the provider through the portal's sign-in, as the attacker does. */
async function signUp(browser: AppBrowser, email: string, password: string) {
  const start = await browser.follow(await browser.go(`${app.url}/auth/login`));
  const uid = /\/interaction\/([^/?#]+)$/.exec(start.url)![1];
  const since = new Date();
  const done = await browser.go(`${app.idpUrl}/interaction/${uid}/signup`, person({ email, password, confirmPassword: password, givenName: "Mallory" }));
  expect(done.status, done.body.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 600)).toBe(200);
  expect(done.body).toContain("Check your email");
  return since;
}

/** 'Forgot password' and the emailed link: a new password for the address. */
async function resetThroughMail(email: string, password: string) {
  const browser = appBrowser();
  const forgot = await browser.go(`${app.idpUrl}/password/forgot`);
  const since = new Date();
  await browser.go(`${app.idpUrl}/password/forgot`, { csrf: hiddenValue(forgot.body, "csrf"), email });
  const mail = await waitForMail(db.url, { to: email, since, subject: /reset/i });
  const link = findLink(mail, /\/password\/reset\//);
  const page = await browser.go(link);
  const done = await browser.go(link, { csrf: hiddenValue(page.body, "csrf"), password, confirmPassword: password });
  expect(done.status, done.body.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").slice(0, 600)).toBe(200);
  expect(done.body).toContain("Password changed");
}

/** True when the browser's next trip through the portal's sign-in stops at the provider's password form. */
async function askedForPassword(browser: AppBrowser) {
  const page = await browser.follow(await browser.go(`${app.url}/auth/login?refresh=1`));
  return /\/interaction\/[^/?#]+$/.test(page.url) && page.body.includes('name="password"');
}

describe("an address nobody has confirmed", () => {
  it("gets no portal session, so the invitee's application never opens for the one who squatted the address", async () => {
    const victim = `owner-${Date.now()}@example.com`;
    await createInvitation(prisma, {
      prospectEmailAddress: victim,
      inviterUserId: world.mdUser.id,
      inviterAgentId: world.md.id,
      appointmentLinkId: world.link.appointmentLinkId,
      status: "INVITED",
    });

    // The attacker signs up with the invited address, never confirms it, signs in to the portal.
    const attacker = appBrowser();
    await signUp(attacker, victim, "attacker picked this one");
    const tried = await signInAs(app, victim, "attacker picked this one", attacker);
    expect(tried.cookie).toBeNull();
    expect(tried.page.body).toContain("Confirm your email first");
    const resend = /href="([^"]*\/email\/resend[^"]*)"/.exec(tried.page.body)?.[1]?.replace(/&amp;/g, "&");
    expect(resend).toBeDefined();
    expect((await portal(attacker, "/home")).status).toBe(302);

    // The resend link sends a new confirmation link (to the address's mailbox, not to the attacker).
    const form = await attacker.go(resend!);
    expect(form.status).toBe(200);
    const since = new Date();
    const sent = await attacker.go(`${app.idpUrl}/email/resend`, { csrf: hiddenValue(form.body, "csrf"), email: victim });
    expect(sent.body).toContain("Check your email");
    const again = await waitForMail(db.url, { to: victim, since, subject: /confirm/i });
    expect(findLink(again, /\/email\/verify\//)).toContain(app.idpUrl);

    // The owner takes the address back through 'Forgot password', signs in, starts the application.
    await resetThroughMail(victim, "sunlit harbor lantern ninety");
    const owner = await signInToApp(app, victim, "sunlit harbor lantern ninety");
    const ownerUser = await prisma.user.findUniqueOrThrow({ where: { userName: victim } });
    expect(ownerUser.emailVerified).toBe(true);
    const { id } = await filledIn(world, "APPTTYP_IND");
    await prisma.appointment.update({ where: { appointmentId: id }, data: { userId: ownerUser.id } });
    const ownerView = await fetch(`${app.url}/appoint?id=${id}`, { headers: { cookie: owner }, redirect: "manual" });
    expect(ownerView.status).toBe(200);

    // Whatever the attacker's browser kept opens nothing and saves nothing.
    const view = await portal(attacker, `/appoint?id=${id}`);
    expect(view.status).toBe(302);
    expect(view.location).toContain("/auth/login");
    expect(view.body).not.toContain("Jordan");
    const saved = await portal(attacker, `/appoint?id=${id}`, { section: "PERSONAL", intent: "save", firstName: "Attacker", middleName: "Quinn" });
    expect(saved.status).toBe(303);
    expect(saved.location).toContain("/session-expired");
    expect((await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } })).firstName).toBe("Jordan");
    // And signing in again with the old password is refused at the provider.
    const retry = await signInAs(app, victim, "attacker picked this one");
    expect(retry.cookie).toBeNull();
    expect(retry.page.body).toContain("Email or password is incorrect");
  });
});

describe("ending sessions", () => {
  async function account(email: string, password: string) {
    await createIdpAccount(prisma, { email, passwordHash: await hashPassword(password), givenName: "Sam", familyName: "Session", emailVerified: true });
  }

  it("a password reset ends every session of the account, in the portal and at the provider", async () => {
    const email = `reset-${Date.now()}@example.com`;
    await account(email, "first long passphrase");
    const laptop = await signInAs(app, email, "first long passphrase");
    const phone = await signInAs(app, email, "first long passphrase");
    expect(laptop.cookie).not.toBeNull();
    expect((await portal(laptop.browser, "/home")).status).toBe(200);
    expect((await portal(phone.browser, "/home")).status).toBe(200);

    await resetThroughMail(email, "second long passphrase");

    for (const device of [laptop, phone]) {
      const home = await portal(device.browser, "/home");
      expect(home.status).toBe(302);
      expect(home.location).toContain("/auth/login");
      expect(await askedForPassword(device.browser)).toBe(true);
    }
    expect((await signInAs(app, email, "second long passphrase")).cookie).not.toBeNull();
  });

  it("'Sign out of every other device' on the profile ends the others, here and at the provider, and keeps this one", async () => {
    const email = `devices-${Date.now()}@example.com`;
    await account(email, "devices long passphrase");
    const here = await signInAs(app, email, "devices long passphrase");
    const other = await signInAs(app, email, "devices long passphrase");
    const profile = await portal(here.browser, "/profile");
    expect(profile.status).toBe(200);
    expect(profile.body).toContain("Sign out of every other device");

    const done = await portal(here.browser, "/profile", { intent: "sign-out-others" });
    expect(done.status).toBe(200);
    expect(done.body).toContain("Signed out of 1 other session");

    expect((await portal(here.browser, "/home")).status).toBe(200);
    const gone = await portal(other.browser, "/home");
    expect(gone.status).toBe(302);
    expect(gone.location).toContain("/auth/login");
    expect(await askedForPassword(other.browser)).toBe(true);
  });

  it("is not for an administrator acting as the user: refused, the user's sessions stay", async () => {
    const email = `acted-${Date.now()}@example.com`;
    await account(email, "acted upon passphrase");
    const user = await signInAs(app, email, "acted upon passphrase");
    const admin = await signInAs(app, "admin@portal.localhost");
    expect((await portal(admin.browser, "/auth/impersonate", { intent: "start", email })).status).toBe(302);
    const profile = await portal(admin.browser, "/profile");
    expect(profile.status).toBe(200);
    expect(profile.body).not.toContain("Sign out of every other device");
    expect((await portal(admin.browser, "/profile", { intent: "sign-out-others" })).status).toBe(403);
    expect((await portal(user.browser, "/home")).status).toBe(200);
  });
});
