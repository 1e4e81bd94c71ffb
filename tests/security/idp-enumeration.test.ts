// Sign-up and password reset answer the same, in about the same time,
// whether or not an account exists for the email; the owner of an existing
// account hears about a sign-up attempt with their address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { createIdpAccount } from "../support/factories";
import { useTestDatabase } from "../support/db";
import { CookieJar, hiddenValue, mailTo, mailsTo, person, request, startTestIdp, type TestIdp } from "../support/idp-client";

useTestDatabase();

let idp: TestIdp;
beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(async () => {
  await idp?.stop();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The page without what differs per interaction (its uid) or per browser (the CSRF token). */
const normalise = (html: string, uid?: string) =>
  (uid ? html.split(uid).join("UID") : html).replace(/name="csrf" value="[^"]*"/g, 'name="csrf" value="X"');

describe("no account enumeration", () => {
  it("answers a sign-up with a known email exactly as with a new one, and tells the owner", async () => {
    const known = "existing.owner@example.com";
    await createIdpAccount(prisma, { email: known, passwordHash: await hashPassword("owner's own secret"), givenName: "Olive", familyName: "Owner" });
    const since = new Date();
    const knownTry = await idp.signUp(person({ email: known.toUpperCase() }));
    const newTry = await idp.signUp(person({ email: "brand.new.person@example.com" }));
    expect(knownTry.posted.status).toBe(newTry.posted.status);
    expect(knownTry.posted.headers.get("location")).toBe(newTry.posted.headers.get("location"));
    expect(normalise(knownTry.posted.body, knownTry.uid)).toBe(normalise(newTry.posted.body, newTry.uid));
    expect(knownTry.posted.body).toContain("Check your email");
    // The owner is told; their account is unchanged.
    const notice = await mailTo(known, since);
    expect(notice.subject).toMatch(/tried to sign up/i);
    expect(await prisma.idpAccount.count({ where: { email: known } })).toBe(1);
    const owner = await prisma.idpAccount.findUniqueOrThrow({ where: { email: known } });
    expect(owner.givenName).toBe("Olive");
  });

  it("takes about as long for a known as for an unknown email (sign-up and reset)", async () => {
    const known = "timing.owner@example.com";
    await createIdpAccount(prisma, { email: known, passwordHash: await hashPassword("timing owner secret"), givenName: "Tim", familyName: "Ing" });
    const signUpTimes = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 5; i++) {
      for (const kind of ["known", "unknown"] as const) {
        const a = await idp.begin();
        const data = person({ email: kind === "known" ? known : `timing-${i}-${Date.now()}@example.com` });
        const t = performance.now();
        const res = await request(a.jar, `${idp.issuer}/interaction/${a.uid}/signup`, { form: data });
        signUpTimes[kind].push(performance.now() - t);
        expect(res.status).toBe(200);
      }
    }
    expect(Math.abs(median(signUpTimes.known) - median(signUpTimes.unknown))).toBeLessThan(100);

    const jar = new CookieJar();
    const csrf = hiddenValue((await request(jar, `${idp.issuer}/password/forgot`)).body, "csrf");
    const resetTimes = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 3; i++) {
      for (const kind of ["known", "unknown"] as const) {
        const email = kind === "known" ? known : `nobody-${i}@example.com`;
        const t = performance.now();
        const res = await request(jar, `${idp.issuer}/password/forgot`, { form: { csrf, email } });
        resetTimes[kind].push(performance.now() - t);
        expect(res.status).toBe(200);
        bodies.add(normalise(res.body));
      }
    }
    expect(bodies.size).toBe(1);
    expect(Math.abs(median(resetTimes.known) - median(resetTimes.unknown))).toBeLessThan(100);
    await mailsTo(known, new Date(0));
  });
});
