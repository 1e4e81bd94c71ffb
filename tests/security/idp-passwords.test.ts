// The built-in provider's password rule (ASVS 5.0 V6.2): at least 12
// characters, and not easy to guess (zxcvbn-ts), counting the person's email,
// its local part, their names and the product's name. The same rule on the
// sign-up, reset and password-change pages, with the message next to the
// field and everything else typed kept (never the password).
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { createIdpAccount } from "../support/factories";
import { useTestDatabase } from "../support/db";
import { CookieJar, fieldError, hiddenValue, inputValue, mailTo, person, request, useTestIdp } from "../support/idp-client";

useTestDatabase();

const idp = useTestIdp();

describe("new passwords", () => {
  it("refuses short, common and personal passwords at sign-up, keeping everything else typed", async () => {
    const email = "jordan.whitfield@example.com";
    const cases: Array<[string, RegExp]> = [
      ["elevenchars", /at least 12 characters/],
      ["aaaaaaaaaaaa", /too easy to guess/],
      ["password1234", /too easy to guess/],
      ["jordan.whitfield", /too easy to guess/],
      ["JordanWhitfield1", /too easy to guess/],
      ["Appointment Portal", /too easy to guess/],
      ["appointmentportal1", /too easy to guess/],
      // Issue 18 item 7: a season, a year and two marks scored 3 (10^8 guesses) and was accepted.
      ["Summer2026!!", /too easy to guess/],
      ["Winter2025!!", /too easy to guess/],
      ["Monday2026!!", /too easy to guess/],
    ];
    for (const [password, message] of cases) {
      const data = person({ email, password, confirmPassword: password, givenName: "Jordan", familyName: "Whitfield" });
      const { posted } = await idp.signUp(data);
      expect(posted.status, password).toBe(400);
      expect(fieldError(posted.body, "password"), password).toMatch(message);
      expect(inputValue(posted.body, "email")).toBe(email);
      expect(inputValue(posted.body, "givenName")).toBe("Jordan");
      expect(inputValue(posted.body, "phoneNumber")).toBe("(555) 555-0100");
      expect(inputValue(posted.body, "password")).toBeNull();
      expect(posted.body).not.toContain(`value="${password}"`);
    }
    expect(await prisma.idpAccount.count({ where: { email } })).toBe(0);
    // A passphrase of uncommon words is fine.
    const ok = await idp.signUp(person({ email, password: "violet canyon drift", confirmPassword: "violet canyon drift" }));
    expect(ok.posted.status).toBe(200);
    expect(await prisma.idpAccount.count({ where: { email } })).toBe(1);
  });

  it("applies the same rule to a password reset, with the account's own words", async () => {
    const email = "casey.morgan@example.com";
    await createIdpAccount(prisma, { email, passwordHash: await hashPassword("old secret phrase here"), givenName: "Casey", familyName: "Morgan" });
    const jar = new CookieJar();
    const forgot = await request(jar, `${idp.issuer}/password/forgot`);
    const since = new Date();
    await request(jar, `${idp.issuer}/password/forgot`, { form: { csrf: hiddenValue(forgot.body, "csrf"), email } });
    const mail = await mailTo(email, since);
    const link = mail.html!.match(/href="([^"]+)"/)![1];
    const page = await request(jar, link);
    const csrf = hiddenValue(page.body, "csrf");
    for (const password of ["caseymorgan2024", "aaaaaaaaaaaa", "Appointment Portal"]) {
      const res = await request(jar, link, { form: { csrf, password, confirmPassword: password } });
      expect(res.status, password).toBe(400);
      expect(fieldError(res.body, "password"), password).toMatch(/too easy to guess/);
    }
    const short = await request(jar, link, { form: { csrf, password: "short", confirmPassword: "short" } });
    expect(fieldError(short.body, "password")).toBe("Password must be at least 12 characters");
    const done = await request(jar, link, { form: { csrf, password: "marble otter lantern", confirmPassword: "marble otter lantern" } });
    expect(done.status).toBe(200);
  });

  it("applies the same rule when a signed-in account changes its password", async () => {
    const email = "riley.chen@example.com";
    await createIdpAccount(prisma, { email, passwordHash: await hashPassword("first long secret"), givenName: "Riley", familyName: "Chen" });
    const a = await idp.signIn(email, "first long secret");
    expect(a.posted.status).toBe(303);
    await idp.claimsAfter(a, a.posted); // completes the sign-in: the provider session exists
    const page = await request(a.jar, `${idp.issuer}/account/password`);
    expect(page.status).toBe(200);
    const csrf = hiddenValue(page.body, "csrf");
    const weak = await request(a.jar, `${idp.issuer}/account/password`, {
      form: { csrf, currentPassword: "first long secret", password: "rileychen1234", confirmPassword: "rileychen1234" },
    });
    expect(weak.status).toBe(400);
    expect(fieldError(weak.body, "password")).toMatch(/too easy to guess/);
    const wrong = await request(a.jar, `${idp.issuer}/account/password`, {
      form: { csrf, currentPassword: "not my password", password: "quiet harbor falcon", confirmPassword: "quiet harbor falcon" },
    });
    expect(fieldError(wrong.body, "currentPassword")).toBe("Your current password is incorrect");
    const ok = await request(a.jar, `${idp.issuer}/account/password`, {
      form: { csrf, currentPassword: "first long secret", password: "quiet harbor falcon", confirmPassword: "quiet harbor falcon" },
    });
    expect(ok.status).toBe(303);
    const again = await idp.signIn(email, "quiet harbor falcon");
    expect(again.posted.status).toBe(303);
  });
});
