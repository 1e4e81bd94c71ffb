// Signs in to a running portal (startApp) through its built-in provider, as
// a browser without JavaScript does: the portal's /auth/login, the
// provider's sign-in form, back to /auth/callback. Returns the portal's
// Cookie header.
import { DEMO_PASSWORD } from "./factories";
import { Visitor, type Page as DriverPage } from "./form-driver";

class OriginJar {
  private byOrigin = new Map<string, Map<string, string>>();
  store(url: string, res: Response) {
    const origin = new URL(url).origin;
    const cookies = this.byOrigin.get(origin) ?? new Map<string, string>();
    this.byOrigin.set(origin, cookies);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*(max-age=0\b|expires=Thu, 01 Jan 1970)/i.test(a));
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
  }
  header(url: string): string {
    return [...(this.byOrigin.get(new URL(url).origin) ?? [])].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export type Visit = { url: string; status: number; location: string | null; body: string };

/** A browser without JavaScript: cookies per origin, GET or a form POST (with its Origin), redirects followed by `follow`. */
export function appBrowser() {
  const jar = new OriginJar();
  const go = async (url: string, form?: Record<string, string>): Promise<Visit> => {
    const headers: Record<string, string> = { cookie: jar.header(url) };
    let body: string | undefined;
    if (form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = new URL(url).origin;
      body = new URLSearchParams(form).toString();
    }
    const res = await fetch(url, { method: form ? "POST" : "GET", headers, body, redirect: "manual" });
    jar.store(url, res);
    const location = res.headers.get("location");
    return { url, status: res.status, location: location ? new URL(location, url).href : null, body: await res.text() };
  };
  const follow = async (page: Visit): Promise<Visit> => {
    for (let i = 0; i < 10 && page.location; i++) page = await go(page.location);
    return page;
  };
  return { jar, go, follow, cookie: (url: string) => jar.header(url) };
}
export type AppBrowser = ReturnType<typeof appBrowser>;

/**
 * Signs in to the portal in `browser` (a new one by default) and says where it ended: the portal's
 * Cookie header when a portal session was made, else null (the page shown is `page`).
 */
export async function signInAs(
  app: { url: string; idpUrl: string },
  email: string,
  password = DEMO_PASSWORD,
  browser = appBrowser(),
): Promise<{ cookie: string | null; page: Visit; browser: AppBrowser }> {
  let page = await browser.follow(await browser.go(`${app.url}/auth/login`));
  const uid = /\/interaction\/([^/?#]+)$/.exec(page.url)?.[1];
  if (!uid) throw new Error(`not on the provider's sign-in page: ${page.url} (${page.status})`);
  page = await browser.follow(await browser.go(`${app.idpUrl}/interaction/${uid}/login`, { email, password }));
  const cookie = browser.cookie(app.url);
  return { cookie: /portal_session=/.test(cookie) ? cookie : null, page, browser };
}

export async function signInToApp(app: { url: string; idpUrl: string }, email: string, password = DEMO_PASSWORD): Promise<string> {
  const { cookie, page } = await signInAs(app, email, password);
  if (!cookie) throw new Error(`sign-in as ${email} failed: ${page.url} (${page.status})`);
  return cookie;
}

// ───────────── the same, with the form driver (tests/support/form-driver.ts) ─────────────

/** The provider's sign-in page (on `visitor`'s way through /auth/login unless `page` is it), filled and sent; ends where the portal sends the person. */
export async function visitorSignIn(
  app: { url: string },
  email: string,
  password = DEMO_PASSWORD,
  visitor = new Visitor(),
  page?: DriverPage,
): Promise<{ visitor: Visitor; page: DriverPage }> {
  page ??= await visitor.get(`${app.url}/auth/login`);
  if (!/\/interaction\//.test(page.url)) throw new Error(`not on the provider's sign-in page: ${page.url} (${page.status})`);
  page = await page.form(/^sign in$/i).fill(/^email/i, email).fill(/^password/i, password).submit(/^sign in$/i);
  if (!page.url.startsWith(app.url) || /^\/auth\//.test(page.pathname)) {
    throw new Error(`sign-in as ${email} did not reach the portal: ${page.url} (${page.status}) ${page.text().slice(0, 300)}`);
  }
  return { visitor, page };
}

/**
 * The provider's sign-up form filled and sent (from its sign-in page, `page`, or through
 * /auth/login, 'Sign up now'); ends on 'Check your email', the address not confirmed yet.
 */
export async function visitorSignUpUnconfirmed(
  app: { url: string },
  account: { email: string; password: string; firstName: string; middleName: string; lastName: string; phone: string },
  visitor = new Visitor(),
  page?: DriverPage,
): Promise<{ visitor: Visitor; page: DriverPage }> {
  page ??= await visitor.get(`${app.url}/auth/login`);
  if (!/\/interaction\//.test(page.url)) throw new Error(`not on the provider's sign-in page: ${page.url} (${page.status})`);
  // Already on the sign-up form when the portal asked for it ('Create an account').
  if (!page.headings().includes("Create your account")) page = await page.follow(/sign up now/i);
  const form = page
    .form(/sign up|create/i)
    .fill(/^email/i, account.email)
    .fill(/^password/i, account.password)
    .fill(/confirm password/i, account.password)
    .fill(/first name/i, account.firstName)
    .fill(/last name/i, account.lastName)
    .fill(/phone/i, account.phone);
  // No middle name: the box that says so (decision 0096).
  if (account.middleName) form.fill(/^middle name/i, account.middleName);
  else form.check("I have no middle name");
  page = await form.submit(/sign up|create/i);
  if (!page.headings().includes("Check your email")) throw new Error(`sign-up of ${account.email} did not end on 'Check your email': ${page.url} ${page.text().slice(0, 300)}`);
  return { visitor, page };
}

/**
 * Signs up at the built-in provider as signUp() in tests/support/browser.ts does in Chromium: the
 * sign-up form (visitorSignUpUnconfirmed), the emailed confirmation link (`confirmationLink(email)`),
 * the password there, the profile saved as typed. Ends on the portal.
 */
export async function visitorSignUp(
  app: { url: string },
  account: { email: string; password: string; firstName: string; middleName: string; lastName: string; phone: string },
  confirmationLink: (email: string) => Promise<string>,
  visitor = new Visitor(),
  page?: DriverPage,
): Promise<{ visitor: Visitor; page: DriverPage }> {
  ({ page } = await visitorSignUpUnconfirmed(app, account, visitor, page));
  page = await visitor.get(await confirmationLink(account.email));
  page = await page.form("Sign in and confirm").fill("Password", account.password).submit("Sign in and confirm");
  page = await page.form("Save and continue").submit("Save and continue");
  if (!page.url.startsWith(app.url) || /^\/auth\//.test(page.pathname)) {
    throw new Error(`sign-up of ${account.email} did not reach the portal: ${page.url} (${page.status}) ${page.text().slice(0, 300)}`);
  }
  return { visitor, page };
}
