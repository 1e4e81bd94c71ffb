// Headless Chromium for the e2e tests (playwright-core + Debian's chromium).
//
//   const browser = browserFixture();                 // in a test file: launches once, closes after
//   const page = await browser.newPage();         // a fresh context (no cookies) per call
//   const page = await browser.newPage({ javaScriptEnabled: false });
//   await signUp(page, appUrl, newAccount());
//   await signIn(page, appUrl, email, password);
//   await signOut(page, appUrl);
//
// When a test fails, every page it opened is saved as a screenshot under
// test-results/ (git-ignored) before its context is closed.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { ensureChromium } from "../../scripts/ensure-chromium.mjs";
import { repoRoot } from "./app-server";
import { visitorSignUp } from "./app-sign-in";
import type { Visitor } from "./form-driver";
import { findLink, waitForMail } from "./mailbox";
import { sharedApp } from "./shared-app";
import { TIME_ZONE_COOKIE } from "~/lib/time-zone";

/** The flags that work on these machines (closed network, root, no GPU). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: ensureChromium(),
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  });
}

export interface NewPageOptions {
  javaScriptEnabled?: boolean;
  /** Resolves relative page.goto() URLs. */
  baseURL?: string;
  /** The browser's time zone (e.g. 'America/New_York'); the machine's when not given. */
  timezoneId?: string;
}

export interface BrowserFixture {
  browser(): Browser;
  newPage(options?: NewPageOptions): Promise<Page>;
}

const resultsDir = path.join(repoRoot, "test-results");

function fileSafe(text: string) {
  return text.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 120);
}

/**
 * One Chromium per test worker: the e2e files of a worker share its module graph (vitest.config.ts,
 * isolate: false), so the browser outlives a file and the next file of the worker uses it (a launch
 * per file was 31 launches). Each test still gets fresh contexts (no cookie or storage shared). A
 * browser that crashed or was closed is launched again; Playwright closes it when the worker exits.
 */
let workerBrowser: Promise<Browser> | undefined;

async function browserOfThisWorker(): Promise<Browser> {
  const current = workerBrowser ? await workerBrowser.catch(() => undefined) : undefined;
  if (current?.isConnected()) return current;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/**
 * Registers beforeAll/afterEach/afterAll hooks in the calling test file:
 * the worker's browser, one context per newPage(), contexts closed after each
 * test, screenshots of a failed test's pages.
 */
export function browserFixture(): BrowserFixture {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await browserOfThisWorker();
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === "fail";
    const open = contexts;
    contexts = [];
    if (failed) {
      mkdirSync(resultsDir, { recursive: true });
      const file = fileSafe(path.basename(context.task.file?.name ?? "test", ".test.ts"));
      let n = 0;
      for (const ctx of open) {
        for (const page of ctx.pages()) {
          n += 1;
          const shot = path.join(resultsDir, `${file}--${fileSafe(context.task.name)}--${n}.png`);
          try {
            await page.screenshot({ path: shot, fullPage: true, timeout: 10_000 });
            console.error(`[e2e] screenshot of ${page.url()} saved to ${path.relative(repoRoot, shot)}`);
          } catch (error) {
            console.error(`[e2e] could not save a screenshot of ${page.url()}: ${(error as Error).message}`);
          }
        }
      }
    }
    await Promise.all(open.map((ctx) => ctx.close().catch(() => undefined)));
  });

  afterAll(async () => {
    // The browser stays for the worker's next file; only this file's contexts go.
    const open = contexts;
    contexts = [];
    await Promise.all(open.map((ctx) => ctx.close().catch(() => undefined)));
    browser = undefined;
  });

  return {
    browser() {
      if (!browser) throw new Error("the browser is not launched yet (call inside a test)");
      return browser;
    },
    async newPage(options: NewPageOptions = {}) {
      if (!browser) throw new Error("the browser is not launched yet (call inside a test)");
      const ctx = await browser.newContext({
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        baseURL: options.baseURL,
        timezoneId: options.timezoneId,
      });
      // Generous (e2e files run in parallel workers on a shared machine): only a failure waits this long.
      ctx.setDefaultTimeout(30_000);
      ctx.setDefaultNavigationTimeout(60_000);
      contexts.push(ctx);
      return ctx.newPage();
    },
  };
}

// ───────────────────────────── accounts and signing in ─────────────────────────────

export const DEMO_PASSWORD = "Portal-Demo-2026!";
export const DEMO = {
  marketingDirector: "md@portal.localhost",
  agent: "agent@portal.localhost",
  prospect: "prospect@portal.localhost",
  admin: "admin@portal.localhost",
  compliance: "compliance@portal.localhost",
} as const;

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  middleName: string;
  lastName: string;
  phone: string;
}

let accountCounter = 0;
/** A new, unique account (not yet signed up). */
export function newAccount(overrides: Partial<NewAccount> = {}): NewAccount {
  accountCounter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${accountCounter}`;
  return {
    email: `e2e-${id}@example.com`,
    // Strong for zxcvbn, and free of the email's and the names' words (decision 0013).
    password: `Violet-Canyon-${randomBytes(5).toString("hex")}!`,
    firstName: "Erin",
    middleName: "Q",
    lastName: `Tester${accountCounter}`,
    phone: "555-010-0142",
    ...overrides,
  };
}

function isOn(page: Page, base: string) {
  return page.url().startsWith(base);
}

/**
 * Waits until the browser is back on the portal (any path but /auth/*).
 * Fails at once, with the page's message, when the portal shows its
 * 'Sign-in Failed' page instead.
 */
export async function waitForPortal(page: Page, appUrl: string, timeout = 30_000) {
  const failed = page.getByRole("heading", { name: "Sign-in Failed" });
  const outcome = await Promise.race([
    page
      .waitForURL((url) => url.href.startsWith(appUrl) && !url.pathname.startsWith("/auth/"), {
        timeout,
        waitUntil: "load",
      })
      .then(() => "portal" as const),
    failed.waitFor({ state: "visible", timeout: timeout + 1_000 }).then(
      () => "failed" as const,
      () => "portal" as const,
    ),
  ]);
  if (outcome === "failed") {
    const text = (await page.locator("body").innerText().catch(() => "")).replace(/\s+/g, " ").trim();
    throw new Error(`The portal showed 'Sign-in Failed' at ${page.url()}: ${text.slice(0, 300)}`);
  }
}

/** Goes to the provider's sign-in page (through /auth/login) unless already there. */
export async function gotoSignIn(page: Page, appUrl: string) {
  if (!/\/interaction\//.test(page.url())) {
    await page.goto(`${appUrl}/auth/login`);
  }
  await page.getByLabel(/^email/i).waitFor({ state: "visible" });
}

/**
 * Where signUp() finds the confirmation link: the app's captured mail (its
 * database URL), or a function that returns the link (e.g. the
 * SMTP sink's `verificationLink`, tests/support/smtp-sink.ts).
 */
export type ConfirmationMail = string | ((email: string) => Promise<string>);

/**
 * Signs up through the built-in provider's pages (starting from the provider's
 * sign-in page when already there), confirms the email with the emailed link
 * (read from `mail`, default: this e2e worker's portal's captured mail), signs in;
 * ends on the portal (normally /home).
 */
export async function signUp(page: Page, appUrl: string, account: NewAccount, mail?: ConfirmationMail, opts: { inBrowser?: boolean } = {}) {
  mail ??= sharedApp().databaseUrl;
  const since = new Date(Date.now() - 1_000);
  const read = mail;
  const confirmationLink = async (email: string) =>
    typeof read === "string" ? findLink(await waitForMail(read, { to: email, subject: /confirm your/i, since }), /\/email\/verify\//) : read(email);
  // From a blank page the same forms go through the form driver and its cookies into this context:
  // the provider's pages in Chromium cost seconds per account, and only the sign-up tests
  // (inBrowser, or a page already on the way) are about them.
  if (!opts.inBrowser && page.url() === "about:blank") {
    const { visitor, page: landed } = await visitorSignUp({ url: appUrl }, account, confirmationLink);
    await page.context().addCookies(playwrightCookies(visitor));
    await page.goto(landed.url);
    await waitForPortal(page, appUrl);
    return;
  }
  await gotoSignIn(page, appUrl);
  // Already on the sign-up form when the portal asked for it ('Create an account').
  if (!/\/signup$/.test(new URL(page.url()).pathname)) await page.getByRole("link", { name: /sign up now/i }).click();
  await page.getByLabel(/confirm password/i).waitFor({ state: "visible" });
  await page.getByLabel(/^email/i).fill(account.email);
  await page.getByLabel(/^password/i).fill(account.password);
  await page.getByLabel(/confirm password/i).fill(account.password);
  await page.getByLabel(/first name/i).fill(account.firstName);
  await page.getByLabel(/^middle name/i).fill(account.middleName);
  await page.getByLabel(/last name/i).fill(account.lastName);
  await page.getByLabel(/phone/i).fill(account.phone);
  await page.getByRole("button", { name: /sign up|create/i }).click();
  await page.getByRole("heading", { name: "Check your email" }).waitFor({ state: "visible" });
  await confirmAddress(page, await confirmationLink(account.email), account.password);
  await waitForPortal(page, appUrl);
}

/** A form-driver visitor's cookies (tough-cookie's jar) as Playwright takes them. */
function playwrightCookies(visitor: Visitor): Parameters<BrowserContext["addCookies"]>[0] {
  const same = { strict: "Strict", lax: "Lax", none: "None" } as const;
  return (visitor.jar.serializeSync()?.cookies ?? []).map((c) => ({
    name: String(c.key),
    value: String(c.value ?? ""),
    domain: String(c.domain),
    path: String(c.path ?? "/"),
    httpOnly: Boolean(c.httpOnly),
    secure: Boolean(c.secure),
    sameSite: same[String(c.sameSite ?? "lax").toLowerCase() as keyof typeof same] ?? "Lax",
    expires: c.expires && c.expires !== "Infinity" ? Math.floor(Date.parse(String(c.expires)) / 1000) : -1,
  }));
}

/**
 * Follows a confirmation link as the one who signed up (decision 0081): the link's page, the
 * account's password there, then the profile with the details typed at sign-up, saved as they are.
 * Ends on the way to the portal, signed in at the provider.
 */
export async function confirmAddress(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in and confirm" }).click();
  await page.getByRole("button", { name: "Save and continue" }).click();
}

/**
 * The cookies of the last real sign-in of each account on each portal, in this worker (its files share
 * the module graph): the next signIn() of the account in a fresh browser context starts from them
 * instead of the provider's form (about 100 sign-ins in the e2e stage, each a password hash and
 * four pages). A session the portal no longer knows (signed out, revoked) falls back to the form.
 */
const signedIn = new Map<string, Awaited<ReturnType<BrowserContext["cookies"]>>>();
/** The cookies of a sign-in: not the browser's own preferences (its tz cookie, decision 0102), which belong to its context. */
const signInCookies = async (page: Page) => (await page.context().cookies()).filter((c) => c.name !== TIME_ZONE_COOKIE);

/** Signs in at the provider's page (going there through /auth/login if needed); ends on the portal. */
export async function signIn(page: Page, appUrl: string, email: string, password: string) {
  const key = `${appUrl} ${email.toLowerCase()}`;
  const saved = signedIn.get(key);
  // Only in a context with no cookie yet (a test that is mid-way through a sign-in keeps its way).
  if (saved && !/\/interaction\//.test(page.url()) && (await page.context().cookies()).length === 0) {
    await page.context().addCookies(saved);
    await page.goto(`${appUrl}/home`);
    if (isOn(page, appUrl) && !/^\/(auth|session-expired)/.test(new URL(page.url()).pathname)) {
      signedIn.set(key, await signInCookies(page));
      return;
    }
    // Gone (signed out, revoked): the form, from a clean start (the provider's page this ended on
    // belongs to the cookies just cleared).
    signedIn.delete(key);
    await page.context().clearCookies();
    await page.goto("about:blank");
  }
  await gotoSignIn(page, appUrl);
  await fillSignIn(page, email, password);
  await waitForPortal(page, appUrl);
  signedIn.set(key, await signInCookies(page));
}

/** Fills and submits the provider's sign-in form (no waiting for the portal). */
export async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole("button", { name: /^sign in$/i }).click();
}

/**
 * Signs out: the portal's LOGOUT button (the one in an open dialog, when
 * there is one; else the top navigation's; 'No Apps or Invitations Found' is
 * a notice on the page since decision 0110), then the provider's
 * confirmation ('Sign out'), back on the portal.
 */
export async function signOut(page: Page, appUrl: string) {
  const before = page.url();
  const inDialog = page.getByRole("dialog").getByRole("button", { name: /^logout$/i });
  const inNav = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: /^logout$/i });
  if (await inDialog.first().isVisible()) await inDialog.first().click();
  else await inNav.click();
  await page.waitForURL((url) => url.href !== before, { timeout: 15_000 });
  if (!isOn(page, appUrl)) {
    await page.getByRole("button", { name: /^sign out$/i }).click();
  }
  await waitForPortal(page, appUrl);
}
