// Issue 18 item 8: closing the browser without LOGOUT left a silent sign-in
// for 12 hours: the provider's session cookie (idp_session) was persistent.
// Now it ends with the browser unless 'Keep me signed in' (off by default) is
// ticked on the provider's sign-in page. Real HTTP against a started provider;
// the attributes of the Set-Cookie headers are what the browser keeps.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { createIdpAccount } from "../support/factories";
import { useTestDatabase } from "../support/db";
import { authorizationRequest, CookieJar, hiddenValue, request, useTestIdp, type Page } from "../support/idp-client";

useTestDatabase();

const idp = useTestIdp();
const PASSWORD = "steady copper meadow";
let email = "";
beforeAll(async () => {
  email = `keep.${Date.now()}@example.com`;
  await createIdpAccount(prisma, { email, passwordHash: await hashPassword(PASSWORD), givenName: "Kim", familyName: "Keeper" });
});

/** The idp_session Set-Cookie lines of a chain of answers (following redirects up to the portal's callback). */
async function sessionCookies(jar: CookieJar, first: Page): Promise<string[]> {
  const lines: string[] = [];
  let page = first;
  for (let i = 0; ; i++) {
    lines.push(...page.headers.getSetCookie().filter((l) => l.startsWith("idp_session=")));
    if (!page.location || page.location.startsWith(idp.portal) || i > 10) break;
    page = await request(jar, page.location);
  }
  return lines;
}

const persistent = (line: string) => /;\s*(expires|max-age)=/i.test(line);
function expiresIn(line: string): number {
  const m = line.match(/;\s*expires=([^;]+)/i);
  return m ? new Date(m[1]).getTime() - Date.now() : 0;
}

async function signInWith(remember: boolean) {
  const a = await idp.begin();
  expect(a.page.body).toMatch(/<input type="checkbox" id="f-remember" name="remember" value="1" aria-describedby/); // not checked
  expect(a.page.body).toContain("Keep me signed in");
  const posted = await request(a.jar, `${idp.issuer}/interaction/${a.uid}/login`, {
    form: { email, password: PASSWORD, ...(remember ? { remember: "1" } : {}) },
  });
  expect(posted.status).toBe(303);
  return { jar: a.jar, cookies: await sessionCookies(a.jar, posted) };
}

describe("'Keep me signed in' for the provider's session", () => {
  it("unticked (the default): idp_session is a browser-session cookie, also when a later sign-in reuses the session", async () => {
    const { jar, cookies } = await signInWith(false);
    expect(cookies.length).toBeGreaterThan(0);
    for (const line of cookies) expect(persistent(line), line).toBe(false);
    // The portal asks again (silent sign-in while the browser is open): the cookie stays a session one.
    const again = authorizationRequest({ issuer: idp.issuer, clientId: "portal", redirectUri: `${idp.portal}/auth/callback` });
    const silent = await sessionCookies(jar, await request(jar, again.url));
    expect(silent.length).toBeGreaterThan(0);
    for (const line of silent) expect(persistent(line), line).toBe(false);
  });

  it("ticked: idp_session lasts the session's lifetime (12 hours)", async () => {
    const { cookies } = await signInWith(true);
    expect(cookies.length).toBeGreaterThan(0);
    for (const line of cookies) {
      expect(persistent(line), line).toBe(true);
      expect(expiresIn(line)).toBeGreaterThan(11 * 60 * 60_000);
    }
  });

  it("the profile page's own sign-in follows the same box", async () => {
    for (const remember of [false, true]) {
      const jar = new CookieJar();
      const page = await request(jar, `${idp.issuer}/account/profile`);
      expect(page.body).toContain('name="remember"');
      const posted = await request(jar, `${idp.issuer}/account/profile/sign-in`, {
        form: { csrf: hiddenValue(page.body, "csrf"), email, password: PASSWORD, ...(remember ? { remember: "1" } : {}) },
      });
      expect(posted.status).toBe(303);
      const lines = posted.headers.getSetCookie().filter((l) => l.startsWith("idp_session="));
      expect(lines.length).toBe(1);
      expect(persistent(lines[0]), lines[0]).toBe(remember);
    }
  });
});
