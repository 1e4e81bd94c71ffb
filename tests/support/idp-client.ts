// A headless client of the built-in identity provider for integration and
// security tests: a tiny cookie jar, form posts, the authorization flow with
// PKCE, and readers for our server-rendered pages. Starts a real provider
// (startIdentityProvider) on a free loopback port against the test database.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startIdentityProvider, type StartIdentityProviderOptions } from "~/features/idp/provider.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { startWorker, stopWorker, workerState } from "~/lib/jobs.server";
import { madeBeforeAll } from "./before-all";
import { freePorts } from "./free-port";

export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || attrs.some((a) => /^\s*max-age=0\b/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export type Page = { status: number; location: string | null; body: string; headers: Headers; url: string };

export async function request(
  jar: CookieJar,
  url: string,
  init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Page> {
  const headers: Record<string, string> = { ...init.headers };
  const cookie = jar.header();
  if (cookie) headers.cookie = cookie;
  let body: string | undefined;
  if (init.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(init.form).toString();
  }
  const res = await fetch(url, { method: init.method ?? (init.form ? "POST" : "GET"), headers, body, redirect: "manual" });
  jar.store(res);
  const location = res.headers.get("location");
  return { status: res.status, location: location ? new URL(location, url).href : null, body: await res.text(), headers: res.headers, url };
}

/** Follows redirects until one goes to `stopAt` (returned, not followed) or a page is shown. */
export async function follow(jar: CookieJar, page: Page, stopAt: string): Promise<Page> {
  let current = page;
  for (let i = 0; i < 10 && current.location && !current.location.startsWith(stopAt); i++) {
    current = await request(jar, current.location);
  }
  return current;
}

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_x, n: string) => String.fromCharCode(Number(n)));

/** The value of a hidden field (name before or after value). */
export function hiddenValue(html: string, name: string): string {
  const m = html.match(new RegExp(`name="${name}" value="([^"]*)"`)) ?? html.match(new RegExp(`value="([^"]*)" name="${name}"`));
  if (!m) throw new Error(`no hidden field ${name} in page`);
  return unescape(m[1]);
}

/** Where the page's first form posts to. */
export function formAction(html: string): string {
  const m = html.match(/<form[^>]*action="([^"]+)"/);
  if (!m) throw new Error("no form in page");
  return unescape(m[1]);
}

/** Posts the page's form whose hidden `intent` is `intent` (a page with several forms), with its CSRF token. */
export async function submitIntent(jar: CookieJar, page: Page, intent: string, fields: Record<string, string>): Promise<Page> {
  const forms = [...page.body.matchAll(/<form[^>]*>[\s\S]*?<\/form>/g)].map((m) => m[0]);
  const form = forms.find((f) => f.includes(`name="intent" value="${intent}"`));
  if (!form) throw new Error(`no form with intent ${intent} in page ${page.url} (${page.status})`);
  return request(jar, new URL(formAction(form), page.url).href, { form: { csrf: hiddenValue(form, "csrf"), intent, ...fields } });
}

/** The message shown next to a field, or null. */
export function fieldError(html: string, name: string): string | null {
  const m = html.match(new RegExp(`id="f-${name}-error">([^<]*)<`));
  return m ? unescape(m[1]) : null;
}

/** The value an input was rendered with, or null. */
export function inputValue(html: string, name: string): string | null {
  const m = html.match(new RegExp(`<input id="f-${name}"[^>]*?value="([^"]*)"`));
  return m ? unescape(m[1]) : null;
}

export const person = (over: Partial<Record<string, string>> = {}) => ({
  email: `agent-${randomUUID().slice(0, 8)}@example.com`,
  password: "correct horse battery",
  confirmPassword: "correct horse battery",
  givenName: "Ada",
  middleName: "Q",
  familyName: "Lovelace",
  phoneNumber: "(555) 555-0100",
  ...over,
});

/**
 * An authorization request (code flow, PKCE S256, a random state) as the
 * portal sends it; `extra` adds or overrides parameters.
 */
export function authorizationRequest(client: { issuer: string; clientId: string; redirectUri: string }, extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(12).toString("base64url");
  const url = new URL(`${client.issuer}/auth`);
  url.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: "code",
    scope: "openid profile email phone",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state,
    ...extra,
  }).toString();
  return { url: url.href, verifier, state };
}

export type TestIdp = Awaited<ReturnType<typeof startTestIdp>>;

/**
 * Starts a provider with one client (the portal at a made-up loopback
 * origin). Call `stop()` in afterAll.
 */
export async function startTestIdp(options: Partial<StartIdentityProviderOptions> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "idp-sec-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  resetEnvCache();
  const [idpPort, appPort] = await freePorts(2);
  const issuer = `http://127.0.0.1:${idpPort}`;
  const portal = `http://127.0.0.1:${appPort}`;
  const redirectUri = `${portal}/auth/callback`;
  const clientId = "portal";
  const clientSecret = randomBytes(24).toString("base64url");
  const idp = await startIdentityProvider({
    port: idpPort,
    host: "127.0.0.1",
    issuer,
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], post_logout_redirect_uris: [`${portal}/`] }],
    ...options,
  });
  // The provider's emails are sent by the send-email job (issue 19 item 3): run the job runner as the portal does.
  await startWorker({ force: true });

  /** Starts an authorization (code + PKCE) and lands on our sign-in page; `uid` is the interaction. */
  async function begin(jar = new CookieJar()) {
    const { url, verifier } = authorizationRequest({ issuer, clientId, redirectUri });
    const page = await follow(jar, await request(jar, url), redirectUri);
    const m = page.url.match(/\/interaction\/([^/?#]+)$/);
    if (!m) throw new Error(`not on an interaction page: ${page.url} (${page.status})`);
    return { jar, verifier, uid: m[1], page };
  }

  async function signUp(data: Record<string, string>, headers?: Record<string, string>) {
    const a = await begin();
    const posted = await request(a.jar, `${issuer}/interaction/${a.uid}/signup`, { form: data, headers });
    await settled(); // the account is written after the answer
    return { ...a, posted };
  }

  async function signIn(email: string, password: string, headers?: Record<string, string>) {
    const a = await begin();
    const posted = await request(a.jar, `${issuer}/interaction/${a.uid}/login`, { form: { email, password }, headers });
    return { ...a, posted };
  }

  /** Follows a signed-in interaction to the portal's callback and trades the code for the userinfo claims. */
  async function claimsAfter(a: { jar: CookieJar; verifier: string }, posted: Page): Promise<Record<string, unknown>> {
    return (await tokensAfter(a, posted)).claims;
  }

  /** claimsAfter, with the access token the portal was given (to try it again later). */
  async function tokensAfter(a: { jar: CookieJar; verifier: string }, posted: Page): Promise<{ accessToken: string; claims: Record<string, unknown> }> {
    const last = await follow(a.jar, posted, redirectUri);
    if (!last.location?.startsWith(redirectUri)) throw new Error(`no redirect to the portal: ${last.status} ${last.body.slice(0, 200)}`);
    const code = new URL(last.location).searchParams.get("code")!;
    const token = await fetch(`${issuer}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: a.verifier }),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const me = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${access_token}` } });
    return { accessToken: access_token, claims: (await me.json()) as Record<string, unknown> };
  }

  return {
    issuer,
    portal,
    begin,
    signUp,
    signIn,
    claimsAfter,
    tokensAfter,
    async stop() {
      await stopWorker();
      await idp.stop();
      rmSync(dataDir, { recursive: true, force: true });
      delete process.env.DATA_DIR;
      resetEnvCache();
    },
  };
}

/** A provider for the file's tests: started in beforeAll, stopped in afterAll; use it inside the tests. */
export function useTestIdp(options: Partial<StartIdentityProviderOptions> = {}): TestIdp {
  return madeBeforeAll(
    "the test identity provider",
    () => startTestIdp(options),
    (idp) => idp.stop(),
  );
}

/** The provider's emails are sent by the send-email job: a file that starts its own provider gets the job runner here. */
async function ensureMailWorker() {
  if (workerState() !== "running" && workerState() !== "starting") await startWorker({ force: true });
}

/** Waits for the newest captured email to `to` created at or after `since` (the provider sends after answering). */
/**
 * The newest email to `to` created since `since`; `relatedType` (e.g. 'IdpPasswordReset') keeps
 * another email to the same address out: a sign-up's confirmation, queued a moment late on a busy
 * machine, could be newer than a reset asked for after it.
 */
export async function mailTo(to: string, since: Date, timeoutMs = 10_000, relatedType?: string) {
  await ensureMailWorker();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await prisma.mailMessage.findFirst({
      where: { to: { has: to.toLowerCase() }, createdAt: { gte: since }, ...(relatedType ? { relatedType } : {}) },
      orderBy: { createdAt: "desc" },
    });
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no email${relatedType ? ` (${relatedType})` : ""} to ${to}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits for what the provider does after answering (writes, emails queued), then for the queued emails' first attempts. */
export async function settled() {
  const { settleIdpWork } = await import("~/features/idp/emails.server").catch(() => ({ settleIdpWork: async () => {} }));
  await settleIdpWork();
  await ensureMailWorker();
  for (;;) {
    const [row] = await prisma.$queryRaw<Array<{ n: number }>>`
      SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'send-email' AND (attempts = 0 OR locked_by IS NOT NULL)`;
    if (!row || row.n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The captured emails to `to` since `since`, once the provider's pending work has settled. */
export async function mailsTo(to: string, since: Date) {
  await settled();
  return prisma.mailMessage.findMany({ where: { to: { has: to.toLowerCase() }, createdAt: { gte: since } }, orderBy: { createdAt: "asc" } });
}

export function linkIn(html: string | null, pattern: RegExp): string {
  const found = [...(html ?? "").matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&")).find((h) => pattern.test(h));
  if (!found) throw new Error(`no link matching ${pattern}`);
  return found;
}
