// Sign-up and password reset answer the same, in about the same time,
// whether or not an account exists for the email; the owner of an existing
// account hears about a sign-up attempt with their address.
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { createIdpAccount } from "../support/factories";
import { useTestDatabase } from "../support/db";
import { CookieJar, hiddenValue, mailTo, mailsTo, person, request, settled, useTestIdp } from "../support/idp-client";

useTestDatabase();

const idp = useTestIdp();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/**
 * Medians of known and unknown differ by less than 100 ms, or half the smaller median when the
 * machine is so loaded that one scrypt hash takes far longer than its usual 100 ms. Skipping the
 * hash (or the writes) on one side makes that side's median a fraction of the other's: still caught.
 */
/**
 * The median of the paired differences (each round measures both, one right
 * after the other): a load spike on a busy machine slows both of a pair, so it
 * does not decide the comparison; skipping the password hash on one side
 * (about 100 ms, more under load) does.
 */
function expectSimilar(times: { known: number[]; unknown: number[] }) {
  const [k, u] = [median(times.known), median(times.unknown)];
  const paired = median(times.known.map((t, i) => t - times.unknown[i]!));
  expect(Math.abs(paired), JSON.stringify(times)).toBeLessThan(Math.max(100, 0.5 * Math.min(k, u)));
}
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
    // Repeated attempts answer the same but notify the owner at most 3 times an hour.
    for (let i = 0; i < 4; i++) expect((await idp.signUp(person({ email: known }))).posted.body).toContain("Check your email");
    expect((await mailsTo(known, since)).filter((m) => /tried to sign up/i.test(m.subject))).toHaveLength(3);
  });

  it("takes about as long for a known as for an unknown email (sign-up and reset)", async () => {
    const known = "timing.owner@example.com";
    await createIdpAccount(prisma, { email: known, passwordHash: await hashPassword("timing owner secret"), givenName: "Tim", familyName: "Ing" });
    const signUpTimes = { known: [] as number[], unknown: [] as number[] };
    // Alternating which goes first, so a load spike hits both alike.
    const order = (i: number) => (i % 2 ? (["unknown", "known"] as const) : (["known", "unknown"] as const));
    for (let i = 0; i < 7; i++) {
      for (const kind of order(i)) {
        const a = await idp.begin();
        const data = person({ email: kind === "known" ? known : `timing-${i}-${Date.now()}@example.com` });
        const t = performance.now();
        const res = await request(a.jar, `${idp.issuer}/interaction/${a.uid}/signup`, { form: data });
        signUpTimes[kind].push(performance.now() - t);
        expect(res.status).toBe(200);
        await settled();
      }
    }
    expectSimilar(signUpTimes);

    const jar = new CookieJar();
    const csrf = hiddenValue((await request(jar, `${idp.issuer}/password/forgot`)).body, "csrf");
    const resetTimes = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 7; i++) {
      for (const kind of order(i)) {
        const email = kind === "known" ? known : `nobody-${i}@example.com`;
        const t = performance.now();
        const res = await request(jar, `${idp.issuer}/password/forgot`, { form: { csrf, email } });
        resetTimes[kind].push(performance.now() - t);
        expect(res.status).toBe(200);
        await settled();
        bodies.add(normalise(res.body));
      }
    }
    expect(bodies.size).toBe(1);
    expectSimilar(resetTimes);
    await mailsTo(known, new Date(0));
  });
});
