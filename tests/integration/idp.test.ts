// The built-in OpenID Connect provider, driven headlessly with fetch, a small
// cookie jar and form posts, against a real test database.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settleIdpWork } from "~/features/idp/emails.server";
import { startIdentityProvider } from "~/features/idp/provider.server";
import { startWorker, stopWorker } from "~/lib/jobs.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { useTestDatabase } from "../support/db";
import { authorizationRequest, CookieJar, fieldError, follow, formAction, hiddenValue, inputValue, mailTo, person as newPerson, request, type Page } from "../support/idp-client";
import { freePorts } from "../support/free-port";

useTestDatabase();

// ---------------------------------------------------------------- the provider under test

let issuer = "";
let portal = "";
let redirectUri = "";
let postLogoutUri = "";
const clientId = "portal";
// Like getSecret(): standard base64, with '+', '/' and '=' (sent raw in Basic auth by arctic).
const clientSecret = `${randomBytes(24).toString("base64")}+/a=`;
let dataDir = "";
let stop: (() => Promise<void>) | undefined;
const stops: Array<() => Promise<void>> = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "idp-test-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  resetEnvCache();
  const [idpPort, appPort] = await freePorts(2);
  issuer = `http://127.0.0.1:${idpPort}`;
  portal = `http://127.0.0.1:${appPort}`;
  redirectUri = `${portal}/auth/callback`;
  postLogoutUri = `${portal}/`;
  const idp = await startIdentityProvider({
    port: idpPort,
    host: "127.0.0.1",
    issuer,
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], post_logout_redirect_uris: [postLogoutUri] }],
  });
  // The provider's emails are sent by the send-email job (issue 19 item 3), as in the portal.
  await startWorker({ force: true });
  stop = async () => {
    await stopWorker();
    await idp.stop();
  };
});

afterAll(async () => {
  for (const s of stops) await s();
  await stop?.();
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.DATA_DIR;
  resetEnvCache();
});

// ---------------------------------------------------------------- flow helpers

type Auth = { jar: CookieJar; verifier: string; state: string; page: Page };

async function beginAuthorization(jar = new CookieJar(), extra: Record<string, string> = {}): Promise<Auth> {
  const { url, verifier, state } = authorizationRequest({ issuer, clientId, redirectUri }, extra);
  const page = await follow(jar, await request(jar, url), redirectUri);
  return { jar, verifier, state, page };
}

function interactionUid(auth: Auth): string {
  const m = auth.page.url.match(/\/interaction\/([^/?#]+)$/);
  if (!m) throw new Error(`not on an interaction page: ${auth.page.url} (${auth.page.status})`);
  return m[1];
}

async function finishToCode(auth: Auth, page: Page): Promise<string> {
  const last = await follow(auth.jar, page, redirectUri);
  expect(last.location, `expected a redirect to the portal, got ${last.status}: ${last.body.slice(0, 300)}`).toMatch(
    new RegExp(`^${redirectUri.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\?`),
  );
  const cb = new URL(last.location!);
  expect(cb.searchParams.get("state")).toBe(auth.state);
  expect(cb.searchParams.get("iss")).toBe(issuer);
  const code = cb.searchParams.get("code");
  expect(code).toBeTruthy();
  return code!;
}

async function exchange(code: string, verifier: string, encoding: "raw" | "rfc6749" = "raw") {
  // "raw" as arctic (remix-auth-oauth2) sends it; "rfc6749" form-urlencodes id and secret first.
  const enc = (v: string) => (encoding === "raw" ? v : encodeURIComponent(v).replace(/%20/g, "+"));
  const res = await fetch(`${issuer}/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${enc(clientId)}:${enc(clientSecret)}`).toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier }),
  });
  const body = (await res.json()) as Record<string, string>;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body as { access_token: string; id_token: string; token_type: string };
}

async function userinfo(accessToken: string) {
  const res = await fetch(`${issuer}/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** A sign-up form's fields, with a mixed-case email domain (accounts are matched by the lower-cased email). */
const person = (over: Partial<Record<string, string>> = {}) => newPerson({ email: `agent-${randomUUID().slice(0, 8)}@Example.com`, ...over });

async function signUp(data = person()) {
  const auth = await beginAuthorization();
  const uid = interactionUid(auth);
  const form = await request(auth.jar, `${issuer}/interaction/${uid}/signup`);
  expect(form.status).toBe(200);
  const posted = await request(auth.jar, `${issuer}/interaction/${uid}/signup`, { form: data });
  await settleIdpWork(); // the account is written after the answer
  return { auth, posted, data };
}

/** Signs up (answer: 'Check your email'), then signs in with the new account: `posted` is the sign-in's answer. */
async function signUpAndSignIn(data = person()) {
  const { auth, posted: signedUp } = await signUp(data);
  expect(signedUp.status).toBe(200);
  expect(signedUp.body).toContain("Check your email");
  const uid = interactionUid(auth);
  const posted = await request(auth.jar, `${issuer}/interaction/${uid}/login`, { form: { email: data.email, password: data.password } });
  return { auth, posted, data };
}

/** Signs in through the authorization flow and returns tokens. */
async function signInFlow(email: string, password: string, jar = new CookieJar()) {
  const auth = await beginAuthorization(jar);
  const uid = interactionUid(auth);
  const posted = await request(auth.jar, `${issuer}/interaction/${uid}/login`, { form: { email, password } });
  return { auth, posted, uid };
}

// ---------------------------------------------------------------- tests

describe("built-in identity provider", () => {
  it("publishes discovery with PKCE S256, the scopes and the custom claims", async () => {
    const res = await fetch(`${issuer}/.well-known/openid-configuration`);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(issuer);
    expect(doc.code_challenge_methods_supported).toEqual(["S256"]);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(["openid", "profile", "email", "phone", "offline_access"]));
    expect(doc.claims_supported).toEqual(expect.arrayContaining(["oid", "extension_MiddleName", "extension_PhoneNumber", "given_name"]));
    expect(doc.end_session_endpoint).toBe(`${issuer}/session/end`);
    const jwks = statSync(path.join(dataDir, "idp-jwks.json"));
    expect(jwks.mode & 0o777).toBe(0o600);
  });

  it("refuses an authorization request without PKCE", async () => {
    const url = `${issuer}/auth?${new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: "code", scope: "openid", state: "s" })}`;
    const res = await fetch(url, { redirect: "manual" });
    expect(res.status).toBe(303);
    const loc = new URL(res.headers.get("location")!);
    expect(loc.searchParams.get("error")).toBe("invalid_request");
  });

  it("shows our own sign-in page with a strict CSP and links to sign up and reset", async () => {
    const auth = await beginAuthorization();
    const { page } = auth;
    expect(page.status).toBe(200);
    expect(page.body).toContain("<title>Appointment Portal — Sign in</title>");
    expect(page.body).toContain("Sign up now");
    expect(page.body).toContain("Forgot your password?");
    expect(page.body).not.toMatch(/<script|fonts\.googleapis|style="/);
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`form-action 'self' ${portal}`);
    const css = await fetch(`${issuer}/assets/idp.css`);
    expect(css.headers.get("content-type")).toContain("text/css");
  });

  it("signs up a new account, completes code + PKCE and serves the claims from userinfo", async () => {
    const { auth, posted, data } = await signUpAndSignIn();
    expect(posted.status).toBe(303);
    const code = await finishToCode(auth, posted);
    const tokens = await exchange(code, auth.verifier);
    expect(tokens.token_type).toBe("Bearer");
    const claims = await userinfo(tokens.access_token);
    const account = await prisma.idpAccount.findUniqueOrThrow({ where: { email: data.email.toLowerCase() } });
    expect(claims).toMatchObject({
      sub: account.id,
      oid: account.id,
      email: data.email.toLowerCase(),
      email_verified: false,
      given_name: "Ada",
      middle_name: "Q",
      family_name: "Lovelace",
      extension_MiddleName: "Q",
      extension_PhoneNumber: "5555550100",
      phone_number: "+15555550100",
    });
    expect(account.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    // The ID token carries the profile too.
    const idPayload = JSON.parse(Buffer.from(tokens.id_token.split(".")[1], "base64url").toString()) as Record<string, unknown>;
    expect(idPayload).toMatchObject({ sub: account.id, given_name: "Ada", extension_PhoneNumber: "5555550100" });
    // Single sign-on: a second authorization goes straight back with a code (consent is implied),
    // and a client that form-urlencodes its Basic credentials (RFC 6749) is accepted too.
    const again = await beginAuthorization(auth.jar);
    expect(again.page.location ?? "").toContain(`${redirectUri}?code=`);
    const code2 = new URL(again.page.location!).searchParams.get("code")!;
    const tokens2 = await exchange(code2, again.verifier, "rfc6749");
    expect((await userinfo(tokens2.access_token)).sub).toBe(account.id);
    // A wrong secret is refused.
    const bad = await fetch(`${issuer}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}x`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "authorization_code", code: "x", redirect_uri: redirectUri, code_verifier: "y".repeat(43) }),
    });
    expect(bad.status).toBe(401);
  });

  it("validates the sign-up form and keeps what was typed", async () => {
    const { posted } = await signUp(
      person({ email: "not-an-email", password: "short", confirmPassword: "different", phoneNumber: "555-0100", givenName: "Grace" }),
    );
    expect(posted.status).toBe(400);
    expect(fieldError(posted.body, "email")).toBe("Email Address Format Is Invalid");
    expect(fieldError(posted.body, "password")).toBe("Password must be at least 12 characters");
    expect(fieldError(posted.body, "confirmPassword")).toBe("Passwords do not match");
    expect(fieldError(posted.body, "phoneNumber")).toBe("Phone Number is invalid");
    expect(inputValue(posted.body, "givenName")).toBe("Grace");
    expect(inputValue(posted.body, "password")).toBeNull();
  });

  it("answers a bad password and an unknown email the same way, keeping the email", async () => {
    const { data } = await signUp();
    const bad = await signInFlow(data.email, "wrong password!");
    expect(bad.posted.status).toBe(400);
    expect(fieldError(bad.posted.body, "password")).toBe("Email or password is incorrect");
    expect(inputValue(bad.posted.body, "email")).toBe(data.email);
    expect(bad.posted.body).not.toContain("wrong password!");
    const unknown = await signInFlow("nobody-here@example.com", "wrong password!");
    expect(unknown.posted.status).toBe(400);
    expect(fieldError(unknown.posted.body, "password")).toBe("Email or password is incorrect");
    expect(inputValue(unknown.posted.body, "email")).toBe("nobody-here@example.com");
    // The right password still works.
    const good = await signInFlow(data.email, data.password);
    await finishToCode(good.auth, good.posted);
  });

  it("resets a forgotten password through the emailed link, once", async () => {
    const { data } = await signUp();
    const email = data.email.toLowerCase();
    const jar = new CookieJar();
    const forgot = await request(jar, `${issuer}/password/forgot`);
    expect(forgot.status).toBe(200);
    const csrf = hiddenValue(forgot.body, "csrf");
    // Unknown email: same answer, no mail.
    const unknown = await request(jar, `${issuer}/password/forgot`, { form: { csrf, email: "nobody-here@example.com" } });
    expect(unknown.body).toContain("If an account exists for that address, we have sent a link");
    const since = new Date();
    const sent = await request(jar, `${issuer}/password/forgot`, { form: { csrf, email: data.email } });
    expect(sent.status).toBe(200);
    expect(sent.body).toContain("If an account exists for that address, we have sent a link");

    const mail = await mailTo(email, since, 10_000, "IdpPasswordReset");
    expect(mail.status).toBe("CAPTURED");
    expect(mail.relatedType).toBe("IdpPasswordReset");
    const link = mail.html!.match(/href="([^"]+)"/)![1];
    expect(link).toMatch(new RegExp(`^${issuer}/password/reset/[A-Za-z0-9_-]{40,}$`));
    expect(mail.text).toContain(link);
    const token = link.split("/").pop()!;
    const stored = await prisma.idpPasswordReset.findFirstOrThrow({ where: { id: mail.relatedId! } });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);

    const resetPage = await request(jar, link);
    expect(resetPage.status).toBe(200);
    expect(resetPage.headers.get("referrer-policy")).toBe("same-origin");
    const resetCsrf = hiddenValue(resetPage.body, "csrf");
    const mismatch = await request(jar, link, { form: { csrf: resetCsrf, password: "a brand new secret", confirmPassword: "another one!!" } });
    expect(mismatch.status).toBe(400);
    expect(fieldError(mismatch.body, "confirmPassword")).toBe("Passwords do not match");
    const tooShort = await request(jar, link, { form: { csrf: resetCsrf, password: "short", confirmPassword: "short" } });
    expect(fieldError(tooShort.body, "password")).toBe("Password must be at least 12 characters");
    const done = await request(jar, link, { form: { csrf: resetCsrf, password: "a brand new secret", confirmPassword: "a brand new secret" } });
    expect(done.status).toBe(200);
    expect(done.body).toContain("Your password has been changed");
    expect(done.body).toContain("Back to sign in");

    const old = await signInFlow(data.email, data.password);
    expect(fieldError(old.posted.body, "password")).toBe("Email or password is incorrect");
    const fresh = await signInFlow(data.email, "a brand new secret");
    await finishToCode(fresh.auth, fresh.posted);
    expect((await prisma.idpAccount.findUniqueOrThrow({ where: { email } })).emailVerified).toBe(true);

    // The token cannot be reused.
    const reused = await request(jar, link);
    expect(reused.status).toBe(410);
    expect(reused.body).toContain("invalid, has expired or was already used");
    const reusedPost = await request(jar, link, { form: { csrf: resetCsrf, password: "yet another secret", confirmPassword: "yet another secret" } });
    expect(reusedPost.status).toBe(410);

    // An expired token is refused.
    const since2 = new Date();
    await request(jar, `${issuer}/password/forgot`, { form: { csrf, email } });
    const second = await mailTo(email, since2, 10_000, "IdpPasswordReset");
    expect(second.id).not.toBe(mail.id);
    await prisma.idpPasswordReset.update({ where: { id: second.relatedId! }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expiredLink = second.html!.match(/href="([^"]+)"/)![1];
    const expired = await request(jar, expiredLink);
    expect(expired.status).toBe(410);
    const expiredPost = await request(jar, expiredLink, { form: { csrf, password: "yet another secret", confirmPassword: "yet another secret" } });
    expect(expiredPost.status).toBe(410);
  });

  it("refuses the standalone forms without the CSRF token or from another origin", async () => {
    const jar = new CookieJar();
    const forgot = await request(jar, `${issuer}/password/forgot`);
    const csrf = hiddenValue(forgot.body, "csrf");
    const missing = await request(jar, `${issuer}/password/forgot`, { form: { email: "a@example.com" } });
    expect(missing.status).toBe(403);
    const otherJar = new CookieJar();
    const noCookie = await request(otherJar, `${issuer}/password/forgot`, { form: { csrf, email: "a@example.com" } });
    expect(noCookie.status).toBe(403);
    const crossSite = await request(jar, `${issuer}/password/forgot`, {
      form: { csrf, email: "a@example.com" },
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const crossSiteFetch = await request(jar, `${issuer}/password/forgot`, {
      form: { csrf, email: "a@example.com" },
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSiteFetch.status).toBe(403);
    // A browser posting our own form sends our origin: accepted.
    const sameOrigin = await request(jar, `${issuer}/password/forgot`, {
      form: { csrf, email: "a@example.com" },
      headers: { origin: issuer, "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(200);
  });

  it("refuses a cross-site post of the sign-in form", async () => {
    const auth = await beginAuthorization();
    const uid = interactionUid(auth);
    const res = await request(auth.jar, `${issuer}/interaction/${uid}/login`, {
      form: { email: "a@example.com", password: "whatever password" },
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    // Without the interaction cookie the form is refused too.
    const other = await request(new CookieJar(), `${issuer}/interaction/${uid}/login`, {
      form: { email: "a@example.com", password: "whatever password" },
    });
    expect(other.status).toBe(400);
    expect(other.body).toContain("Your sign-in request has expired");
  });

  it("edits the profile, changing the claims served by userinfo, and returns only to the portal", async () => {
    const { auth, posted, data } = await signUpAndSignIn();
    const code = await finishToCode(auth, posted);
    const tokens = await exchange(code, auth.verifier);
    const jar = auth.jar;

    const returnTo = `${portal}/profile?updated=1`;
    const page = await request(jar, `${issuer}/account/profile?return_to=${encodeURIComponent(returnTo)}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("<title>Appointment Portal — Your Profile</title>");
    expect(page.body).toMatch(/id="f-email"[^>]*readonly/);
    expect(inputValue(page.body, "givenName")).toBe("Ada");
    expect(inputValue(page.body, "phoneNumber")).toBe("(555) 555-0100");
    const csrf = hiddenValue(page.body, "csrf");
    expect(hiddenValue(page.body, "return_to")).toBe(returnTo);

    const invalid = await request(jar, `${issuer}/account/profile`, {
      form: { csrf, return_to: returnTo, givenName: "", middleName: "B", familyName: "Byron", phoneNumber: "12345" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain("Missing or Invalid");
    expect(fieldError(invalid.body, "phoneNumber")).toBe("Phone Number is invalid");

    const saved = await request(jar, `${issuer}/account/profile`, {
      form: { csrf, return_to: returnTo, givenName: "Augusta", middleName: "Ada", familyName: "King", phoneNumber: "555.555.0199" },
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(returnTo);
    const claims = await userinfo(tokens.access_token);
    expect(claims).toMatchObject({
      email: data.email.toLowerCase(),
      given_name: "Augusta",
      family_name: "King",
      extension_MiddleName: "Ada",
      extension_PhoneNumber: "5555550199",
    });

    // Open redirects are refused: the page drops a foreign return_to and stays on the provider.
    for (const evil of ["https://evil.example/", `${portal}.evil.example/`, "//evil.example/", "javascript:alert(1)"]) {
      const res = await request(jar, `${issuer}/account/profile`, {
        form: { csrf, return_to: evil, givenName: "Augusta", middleName: "Ada", familyName: "King", phoneNumber: "5555550199" },
      });
      expect(res.status).toBe(303);
      expect(res.location).toBe(`${issuer}/account/profile?saved=1`);
    }
    const evilGet = await request(jar, `${issuer}/account/profile?return_to=${encodeURIComponent("https://evil.example/")}`);
    expect(evilGet.body).not.toContain("evil.example");
    const savedPage = await request(jar, `${issuer}/account/profile?saved=1`);
    expect(savedPage.body).toContain("Successfully Updated!");

    // Without a CSRF token nothing changes.
    const forged = await request(jar, `${issuer}/account/profile`, {
      form: { givenName: "Mallory", middleName: "M", familyName: "M", phoneNumber: "5555550100" },
    });
    expect(forged.status).toBe(403);
    expect((await userinfo(tokens.access_token)).given_name).toBe("Augusta");
  });

  it("asks for sign-in on the profile page without a session, then shows the profile", async () => {
    const { posted, data } = await signUp();
    expect(posted.status).toBe(200);
    const jar = new CookieJar();
    const returnTo = `${portal}/home`;
    const page = await request(jar, `${issuer}/account/profile?return_to=${encodeURIComponent(returnTo)}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Sign in to edit your profile.");
    const csrf = hiddenValue(page.body, "csrf");
    const action = formAction(page.body);
    const wrong = await request(jar, `${issuer}${action}`, { form: { csrf, return_to: returnTo, email: data.email, password: "not the password" } });
    expect(fieldError(wrong.body, "password")).toBe("Email or password is incorrect");
    const ok = await request(jar, `${issuer}${action}`, { form: { csrf, return_to: returnTo, email: data.email, password: data.password } });
    expect(ok.status).toBe(303);
    const profile = await request(jar, ok.location!);
    expect(profile.body).toContain("Your Profile");
    expect(inputValue(profile.body, "email")).toBe(data.email.toLowerCase());
    expect(hiddenValue(profile.body, "return_to")).toBe(returnTo);
  });

  it("ends the session at once for the portal's own logout (id_token_hint of the signed-in account): no second question", async () => {
    const { auth, posted } = await signUpAndSignIn();
    const code = await finishToCode(auth, posted);
    const tokens = await exchange(code, auth.verifier);
    const url = `${issuer}/session/end?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: postLogoutUri, state: "bye" })}`;
    const done = await request(auth.jar, url);
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${postLogoutUri}?state=bye`);
    const profile = await request(auth.jar, `${issuer}/account/profile`);
    expect(profile.body).toContain("Sign in to edit your profile.");
    const next = await beginAuthorization(auth.jar);
    expect(next.page.body).toContain("Sign in");
  });

  it("shows our sign-out confirmation without an id_token_hint and ends the session", async () => {
    const { auth, posted } = await signUpAndSignIn();
    await finishToCode(auth, posted);
    const url = `${issuer}/session/end?${new URLSearchParams({ client_id: clientId, post_logout_redirect_uri: postLogoutUri, state: "bye" })}`;
    const page = await request(auth.jar, url);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Sign out of the Appointment Portal?");
    expect(page.body).not.toMatch(/<script/);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const xsrf = hiddenValue(page.body, "xsrf");
    const done = await request(auth.jar, formAction(page.body), { form: { xsrf, logout: "yes" } });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${postLogoutUri}?state=bye`);
    // The provider session is gone: the profile page asks for sign-in again.
    const profile = await request(auth.jar, `${issuer}/account/profile`);
    expect(profile.body).toContain("Sign in to edit your profile.");
    // And a new authorization shows the sign-in page.
    const next = await beginAuthorization(auth.jar);
    expect(next.page.body).toContain("Sign in");
  });

  it("audits sign-ins and failures without passwords", async () => {
    const { data } = await signUp();
    const email = data.email.toLowerCase();
    const ok = await signInFlow(data.email, data.password);
    await finishToCode(ok.auth, ok.posted);
    for (let i = 0; i < 3; i++) {
      const bad = await signInFlow(data.email, `wrong password ${i}`);
      expect(fieldError(bad.posted.body, "password")).toBe("Email or password is incorrect");
    }
    const rows = await prisma.auditLog.findMany({ where: { details: { path: ["email"], equals: email } }, orderBy: { id: "asc" } });
    const actions = rows.map((r) => r.action);
    expect(actions.filter((a) => a === "IDP_SIGN_UP")).toHaveLength(1);
    expect(actions.filter((a) => a === "IDP_SIGN_IN")).toHaveLength(1);
    expect(actions.filter((a) => a === "IDP_SIGN_IN_FAILED")).toHaveLength(3);
    const serialized = JSON.stringify(rows, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v));
    expect(serialized).not.toContain("wrong password");
    expect(serialized).not.toContain(data.password);
    expect(rows.every((r) => r.ipAddress)).toBe(true);
    // Nothing in the audit trail holds a password hash or a reset token.
    expect(serialized).not.toContain("scrypt$");
  });

  // ---------------------------------------------------------------- issue 36 item 4 (decision 0096)

  it("asks for a middle name at sign-up, and 'I have no middle name' answers it without inventing a letter", async () => {
    const missing = await signUp(person({ middleName: "" }));
    expect(missing.posted.status).toBe(400);
    expect(fieldError(missing.posted.body, "middleName")).toBe("Enter your middle name or initial, or tick 'I have no middle name'");
    const both = await signUp(person({ middleName: "Q", noMiddleName: "1" }));
    expect(both.posted.status).toBe(400);
    expect(fieldError(both.posted.body, "middleName")).toBe("Leave Middle Name empty, or untick 'I have no middle name'");
    const { auth, posted, data } = await signUpAndSignIn(person({ middleName: "", noMiddleName: "1" }));
    const account = await prisma.idpAccount.findUniqueOrThrow({ where: { email: data.email.toLowerCase() } });
    expect(account.middleName).toBeNull();
    // The provider's profile: the box ticked, saved as it is.
    await finishToCode(auth, posted);
    const page = await request(auth.jar, `${issuer}/account/profile`);
    expect(page.body).toMatch(/id="f-noMiddleName"[^>]*checked/);
    const saved = await request(auth.jar, `${issuer}/account/profile`, {
      form: { csrf: hiddenValue(page.body, "csrf"), givenName: "Ada", middleName: "", noMiddleName: "1", familyName: "Lovelace", phoneNumber: "5555550100" },
    });
    expect(saved.status).toBe(303);
  });

  it("opens the sign-up form directly for screen=signup, the login_hint (the invited address) in Email", async () => {
    const hint = `invited-${randomUUID().slice(0, 8)}@example.com`;
    const { url } = authorizationRequest({ issuer, clientId, redirectUri }, { screen: "signup", login_hint: hint });
    const jar = new CookieJar();
    const page = await follow(jar, await request(jar, url), redirectUri);
    expect(page.url).toMatch(/\/interaction\/[^/]+\/signup$/);
    expect(page.body).toContain("Create your account");
    expect(inputValue(page.body, "email")).toBe(hint);
    // Its 'Sign in' link: the sign-in form (not the sign-up again), the address there too.
    const signInHref = /<p class="switch">Already have an account\? <a href="([^"]+)"/.exec(page.body)![1]!;
    const signInPage = await request(jar, new URL(signInHref.replace(/&amp;/g, "&"), issuer).href);
    expect(signInPage.status).toBe(200);
    expect(signInPage.body).toContain('action="/interaction/');
    expect(inputValue(signInPage.body, "email")).toBe(hint);
  });

  it("leads the confirmation back to the portal's continue_to (a client origin only), from any browser", async () => {
    const continueTo = `${portal}/auth/login?refresh=1&returnTo=${encodeURIComponent("/home?lnk=APLABCDEFGHJKMNPQRSTU")}`;
    for (const [asked, expected] of [
      [continueTo, continueTo],
      ["https://evil.example/auth/login", null],
    ] as const) {
      const data = person();
      const since = new Date();
      const auth = await beginAuthorization(new CookieJar(), { continue_to: asked });
      const uid = interactionUid(auth);
      const posted = await request(auth.jar, `${issuer}/interaction/${uid}/signup`, { form: data });
      expect(posted.status).toBe(200);
      await settleIdpWork();
      const link = /href="([^"]*\/email\/verify\/[^"]+)"/.exec((await mailTo(data.email.toLowerCase(), since)).html ?? "")![1]!.replace(/&amp;/g, "&");
      expect(new URL(link).searchParams.get("continue")).toBe(expected);
      // Another browser (the mail opened on a phone): the page, then the account's password.
      const jar = new CookieJar();
      const page = await request(jar, link);
      expect(page.status).toBe(200);
      const confirmed = await request(jar, new URL(formAction(page.body), issuer).href, { form: { csrf: hiddenValue(page.body, "csrf"), intent: "sign-in", password: data.password } });
      expect(confirmed.status).toBe(303);
      const review = new URL(confirmed.location!, issuer);
      expect(review.pathname).toBe("/account/profile");
      expect(review.searchParams.get("return_to")).toBe(expected ?? `${portal}/auth/login?refresh=1`);
    }
  });
});
