// Pre-account takeover through the confirmation link (issue 33 item 1, decision 0081), against a
// real built-in provider and the portal's own sign-in code:
//  - an attacker signs up with the address an invitation went to, choosing the password and the
//    names; a plain GET of the emailed link (a mail scanner) confirms nothing; the owner opens it,
//    chooses a new password there, and the attacker's password, provider session and access token
//    all stop working; the owner sees the typed names to correct, then holds the invitation;
//  - the one who did sign up confirms by signing in with the password on that page;
//  - a second sign-up on a pending address kills the first one's link and answers as any sign-up.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCurrentUser, upsertUserFromClaims, type IdentityClaims } from "~/lib/auth.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { makeWorld, type World } from "../integration/appointment-fixtures";
import { createInvitation, createUser } from "../support/factories";
import { useTestDatabase } from "../support/db";
import { CookieJar, fieldError, formAction, hiddenValue, inputValue, linkIn, mailTo, mailsTo, person, request, startTestIdp, submitIntent, type TestIdp } from "../support/idp-client";

useTestDatabase();

let idp: TestIdp;
let world: World;
beforeAll(async () => {
  idp = await startTestIdp();
  process.env.APP_URL = "http://localhost:3000";
  resetEnvCache();
  resetSecretsCache();
  world = await makeWorld();
});
afterAll(async () => {
  await idp?.stop();
});

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const account = (email: string) => prisma.idpAccount.findUniqueOrThrow({ where: { email } });

/** The confirmation link of the newest confirmation email to `email` since `since`. */
async function confirmationLink(email: string, since: Date) {
  const mail = await mailTo(email, since, 10_000, "IdpAccount");
  expect(mail.subject).toMatch(/confirm/i);
  return { mail, link: linkIn(mail.html, /\/email\/verify\//) };
}

/** Whether this browser still gets a code from the provider without typing a password. */
async function silentSignIn(jar: CookieJar) {
  const again = await idp.begin(jar).catch(() => null);
  return again === null; // begin() throws when the flow went straight back to the portal with a code
}

async function userinfoStatus(accessToken: string) {
  return (await fetch(`${idp.issuer}/me`, { headers: { authorization: `Bearer ${accessToken}` } })).status;
}

describe("the confirmation link hands the account to whoever holds the mailbox", () => {
  it("replays the takeover: a scanner's GET confirms nothing, the owner sets a password, the attacker is out, the owner holds the invitation", async () => {
    const victim = "invited.owner@example.com";
    await createInvitation(prisma, { prospectEmailAddress: victim, inviterUserId: world.mdUser.id, inviterAgentId: world.md.id, appointmentLinkId: world.link.appointmentLinkId, status: "INVITED" });

    // The attacker signs up with the invited address, their password and their names.
    const since = new Date();
    const typed = person({ email: victim, password: "violet crane sextant ninety", confirmPassword: "violet crane sextant ninety", givenName: "Mallory", middleName: "M", familyName: "Attacker", phoneNumber: "(555) 555-0199" });
    expect((await idp.signUp(typed)).posted.body).toContain("Check your email");
    // Signed in at the provider (unconfirmed): a provider session, a grant and an access token.
    const attacker = await idp.signIn(victim, typed.password);
    const { accessToken, claims } = await idp.tokensAfter(attacker, attacker.posted);
    expect(claims.email_verified).toBe(false);
    expect(await silentSignIn(attacker.jar)).toBe(true);
    // A portal session of that account's user, as one made before unconfirmed addresses got none.
    const squatter = await createUser(prisma, { userName: victim, externalId: (await account(victim)).id, emailVerified: false });
    await createSession(new Request("http://localhost:3000/"), { userId: squatter.id });
    expect(await prisma.session.count({ where: { userId: squatter.id } })).toBe(1);

    // The mail does not greet the owner by the attacker's name, and says what to do if it was not them.
    const { mail, link } = await confirmationLink(victim, since);
    expect(mail.text).not.toContain("Mallory");
    expect(mail.text).toMatch(/someone signed up/i);
    expect(mail.text).toMatch(/if this was not you/i);

    // A mail scanner fetches the link: nothing is confirmed, the link stays good.
    const scanned = await request(new CookieJar(), link);
    expect(scanned.status).toBe(200);
    expect(scanned.body).toMatch(/<form method="post"/);
    expect((await account(victim)).emailVerified).toBe(false);
    expect(await prisma.idpEmailVerification.count({ where: { account: { email: victim }, usedAt: null } })).toBe(1);
    expect(await userinfoStatus(accessToken)).toBe(200);

    // The owner opens it: without the form's token nothing happens; with it, a new password.
    const owner = new CookieJar();
    const page = await request(owner, link);
    expect(text(page.body)).toContain(victim);
    const forged = await request(new CookieJar(), link, { form: { intent: "new-password", newPassword: "sunlit harbour lantern ninety", confirmPassword: "sunlit harbour lantern ninety" } });
    expect(forged.status).toBe(403);
    expect((await account(victim)).emailVerified).toBe(false);
    const mismatch = await submitIntent(owner, page, "new-password", { newPassword: "sunlit harbour lantern ninety", confirmPassword: "something else entirely" });
    expect(mismatch.status).toBe(400);
    expect(fieldError(mismatch.body, "confirmPassword")).toBe("Passwords do not match");
    expect((await account(victim)).emailVerified).toBe(false);
    const confirmed = await submitIntent(owner, mismatch, "new-password", { newPassword: "sunlit harbour lantern ninety", confirmPassword: "sunlit harbour lantern ninety" });
    expect(confirmed.status, text(confirmed.body).slice(0, 400)).toBe(303);
    expect((await account(victim)).emailVerified).toBe(true);

    // Everything the attacker held has ended; their password no longer works.
    expect(await userinfoStatus(accessToken)).toBe(401);
    expect(await silentSignIn(attacker.jar)).toBe(false);
    expect(await prisma.session.count({ where: { userId: squatter.id } })).toBe(0);
    const retry = await idp.signIn(victim, typed.password);
    expect(fieldError(retry.posted.body, "password")).toBe("Email or password is incorrect");
    // Reopened, the used link confirms nothing more: it says the address is confirmed, with no form (decision 0096).
    const reopened = await request(new CookieJar(), link);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toContain("Email address already confirmed");
    expect(reopened.body).not.toContain("<form");

    // The owner is shown the names and phone typed at sign-up, to correct, before going on.
    const review = await request(owner, confirmed.location!);
    expect(review.status).toBe(200);
    expect(text(review.body)).toMatch(/typed when the account was created/i);
    expect(inputValue(review.body, "givenName")).toBe("Mallory");
    expect(inputValue(review.body, "familyName")).toBe("Attacker");
    expect(inputValue(review.body, "phoneNumber")).toBe("(555) 555-0199");
    const saved = await request(owner, new URL(formAction(review.body), review.url).href, {
      form: { csrf: hiddenValue(review.body, "csrf"), return_to: hiddenValue(review.body, "return_to"), givenName: "Olivia", middleName: "R", familyName: "Owner", phoneNumber: "(555) 555-0142" },
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toContain(idp.portal);

    // The owner signs in to the portal with the new password, under their own names, and holds the invitation.
    const back = await idp.signIn(victim, "sunlit harbour lantern ninety");
    const ownerClaims = (await idp.claimsAfter(back, back.posted)) as IdentityClaims;
    expect(ownerClaims).toMatchObject({ email_verified: true, given_name: "Olivia", family_name: "Owner", extension_PhoneNumber: "5555550142" });
    const user = await upsertUserFromClaims(ownerClaims);
    expect(user.firstName).toBe("Olivia");
    const cookie = (await createSession(new Request("http://localhost:3000/"), { userId: user.id })).split(";")[0];
    expect((await getCurrentUser(new Request("http://localhost:3000/home", { headers: { Cookie: cookie } })))?.id).toBe(user.id);
    expect((await prisma.invitation.findFirstOrThrow({ where: { prospectEmailAddress: victim } })).prospectUserId).toBe(user.id);
  });

  it("lets the one who signed up confirm by signing in with their password there; a wrong password confirms nothing", async () => {
    const since = new Date();
    const data = person({ givenName: "Grace", familyName: "Hopper" });
    const email = data.email.toLowerCase();
    await idp.signUp(data);
    const elsewhere = await idp.signIn(email, data.password);
    const { accessToken } = await idp.tokensAfter(elsewhere, elsewhere.posted);
    const { link } = await confirmationLink(email, since);

    const jar = new CookieJar();
    const page = await request(jar, link);
    const wrong = await submitIntent(jar, page, "sign-in", { password: "not the password at all" });
    expect(wrong.status).toBe(400);
    expect(fieldError(wrong.body, "password")).toMatch(/not this account's password/i);
    expect((await account(email)).emailVerified).toBe(false);

    const done = await submitIntent(jar, wrong, "sign-in", { password: data.password });
    expect(done.status, text(done.body).slice(0, 400)).toBe(303);
    expect((await account(email)).emailVerified).toBe(true);
    // Every session and token of the account ended, the other browser's too; the password stays theirs.
    expect(await userinfoStatus(accessToken)).toBe(401);
    expect(await silentSignIn(elsewhere.jar)).toBe(false);
    const review = await request(jar, done.location!);
    expect(text(review.body)).toMatch(/typed when the account was created/i);
    expect(inputValue(review.body, "givenName")).toBe("Grace");
    const again = await idp.signIn(email, data.password);
    expect((await idp.claimsAfter(again, again.posted)).email_verified).toBe(true);
  });

  it("a second sign-up on a pending address kills the first one's link, and answers as a new address would", async () => {
    const email = `pending-${Date.now()}@example.com`;
    const since = new Date();
    const first = person({ email, password: "amber quarry walrus tempo", confirmPassword: "amber quarry walrus tempo", givenName: "First" });
    await idp.signUp(first);
    const firstBrowser = await idp.signIn(email, first.password);
    await idp.tokensAfter(firstBrowser, firstBrowser.posted);
    const { link: firstLink } = await confirmationLink(email, since);

    const between = new Date();
    const second = person({ email, password: "cobalt meadow falcon drum", confirmPassword: "cobalt meadow falcon drum", givenName: "Second" });
    const secondTry = await idp.signUp(second);
    const fresh = await idp.signUp(person());
    const normalise = (html: string, uid: string) => html.split(uid).join("UID");
    expect(secondTry.posted.status).toBe(fresh.posted.status);
    expect(normalise(secondTry.posted.body, secondTry.uid)).toBe(normalise(fresh.posted.body, fresh.uid));

    // The first link is dead, a scanner or not; the mailbox got a new one, and nothing else.
    expect((await request(new CookieJar(), firstLink)).status).toBe(410);
    const { mail, link: secondLink } = await confirmationLink(email, between);
    expect(secondLink).not.toBe(firstLink);
    expect(mail.text).not.toMatch(/First|Second/);
    expect((await mailsTo(email, since)).map((m) => m.relatedType)).toEqual(["IdpAccount", "IdpAccount"]);
    expect(await prisma.idpAccount.count({ where: { email } })).toBe(1);
    // Whatever the first sign-up held has ended; the second person sees what any new sign-up sees.
    expect(await silentSignIn(firstBrowser.jar)).toBe(false);
    expect(fieldError((await idp.signIn(email, first.password)).posted.body, "password")).toBe("Email or password is incorrect");
    const secondIn = await idp.signIn(email, second.password);
    expect(secondIn.posted.status).toBe(303);
    expect((await idp.claimsAfter(secondIn, secondIn.posted)).email_verified).toBe(false);
    // The new link works as the first would have.
    const page = await request(new CookieJar(), secondLink);
    expect(page.status).toBe(200);
    expect((await account(email)).emailVerified).toBe(false);
  });

  it("a reset that confirms the address shows the details typed at sign-up, to correct", async () => {
    const email = `reset-owner-${Date.now()}@example.com`;
    await idp.signUp(person({ email, password: "violet crane sextant ninety", confirmPassword: "violet crane sextant ninety", givenName: "Mallory", familyName: "Attacker" }));
    const jar = new CookieJar();
    const forgot = await request(jar, `${idp.issuer}/password/forgot`);
    const since = new Date();
    await request(jar, `${idp.issuer}/password/forgot`, { form: { csrf: hiddenValue(forgot.body, "csrf"), email } });
    const link = linkIn((await mailTo(email, since, 10_000, "IdpPasswordReset")).html, /\/password\/reset\//);
    const page = await request(jar, link);
    const done = await request(jar, link, { form: { csrf: hiddenValue(page.body, "csrf"), password: "sunlit harbour lantern ninety", confirmPassword: "sunlit harbour lantern ninety" } });
    expect(done.status).toBe(200);
    expect(text(done.body)).toContain("Your password has been changed and your email address is confirmed");
    const review = await request(jar, new URL(linkIn(done.body, /\/account\/profile\?confirmed=1/), done.url).href);
    expect(review.status).toBe(200);
    expect(text(review.body)).toMatch(/typed when the account was created/i);
    expect(inputValue(review.body, "givenName")).toBe("Mallory");
    expect(inputValue(review.body, "familyName")).toBe("Attacker");
  });

  it("keeps the sign-in's delays on the page: a burst of guesses is slowed and confirms nothing", async () => {
    const since = new Date();
    const data = person();
    const email = data.email.toLowerCase();
    await idp.signUp(data);
    const { link } = await confirmationLink(email, since);
    const jar = new CookieJar();
    const page = await request(jar, link);
    let refused: Awaited<ReturnType<typeof submitIntent>> | undefined;
    for (let i = 0; i < 8 && !refused; i++) {
      const guess = await submitIntent(jar, page, "sign-in", { password: `guess number ${i} wrong` });
      if (guess.status === 429) refused = guess;
    }
    expect(refused?.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(text(refused!.body)).toContain("Too many attempts");
    // Inside the delay even the right password is refused without being looked at.
    expect((await submitIntent(jar, page, "sign-in", { password: data.password })).status).toBe(429);
    expect((await account(email)).emailVerified).toBe(false);
  });
});
