// Sign-in failures slow further attempts down (per account and per source
// address) instead of locking: 10 bad passwords must not lock the owner out
// for 15 minutes, and an address's failures delay, never lock, everyone
// behind it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { createIdpAccount } from "../support/factories";
import { useTestDatabase } from "../support/db";
import { startTestIdp, type TestIdp } from "../support/idp-client";

useTestDatabase();

const PASSWORD = "steady copper meadow";
let idp: TestIdp;
let hash = "";
beforeAll(async () => {
  // Short delays so the test can wait them out (5 free failures per account, 8 per address, then 3 s),
  // yet long enough that the next request surely comes inside them on a loaded machine.
  idp = await startTestIdp({
    signInLimits: {
      account: { free: 5, baseSeconds: 3, capSeconds: 3 },
      address: { free: 8, baseSeconds: 3, capSeconds: 3 },
      halfLifeMinutes: 15,
    },
  });
  hash = await hashPassword(PASSWORD);
});
afterAll(async () => {
  await idp?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const WAIT = 3_100;
const from = (ip: string) => ({ "x-forwarded-for": ip });

describe("progressive sign-in delays", () => {
  it("slows an account down after 5 failures, and the owner still gets in after 12 (no 15-minute lock)", async () => {
    const email = "admin.owner@example.com";
    await createIdpAccount(prisma, { email, passwordHash: hash, givenName: "Ada", familyName: "Admin" });
    for (let i = 0; i < 5; i++) {
      const bad = await idp.signIn(email, `wrong guess ${i}`);
      expect(bad.posted.status).toBe(400);
    }
    // Inside the delay even the right password is refused, with the seconds to wait.
    const early = await idp.signIn(email, PASSWORD);
    expect(early.posted.status).toBe(429);
    expect(early.posted.body).toMatch(/Too many attempts\. Wait \d+ seconds?, then try again\./);
    expect(Number(early.posted.headers.get("retry-after"))).toBeGreaterThan(0);
    // The attacker goes on, waiting out each delay.
    for (let i = 5; i < 12; i++) {
      await sleep(WAIT);
      const bad = await idp.signIn(email, `wrong guess ${i}`);
      expect(bad.posted.status).toBe(400);
    }
    await sleep(WAIT);
    const owner = await idp.signIn(email, PASSWORD);
    expect(owner.posted.status).toBe(303);
  }, 90_000);

  it("counts failures from one address over many accounts as a delay, not a lock for everyone behind it", async () => {
    const provider = await startTestIdp({
      proxy: true,
      signInLimits: {
        // 3 s as above: a 1 s delay could run out before the next sign-in page is fetched on a loaded machine.
        account: { free: 100, baseSeconds: 3, capSeconds: 3 },
        address: { free: 8, baseSeconds: 3, capSeconds: 3 },
        halfLifeMinutes: 15,
      },
    });
    try {
      const email = "colleague@example.com";
      await createIdpAccount(prisma, { email, passwordHash: hash, givenName: "Col", familyName: "League" });
      for (let i = 0; i < 8; i++) {
        const bad = await provider.signIn(`nobody${i}@example.com`, "whatever password", from("198.51.100.7"));
        expect(bad.posted.status).toBe(400);
      }
      const delayed = await provider.signIn(email, PASSWORD, from("198.51.100.7"));
      expect(delayed.posted.status).toBe(429);
      // Another address is not affected.
      const elsewhere = await provider.signIn(email, PASSWORD, from("198.51.100.8"));
      expect(elsewhere.posted.status).toBe(303);
      // 42 more attempts from the shared address (most refused inside the delay); a colleague still signs in after it.
      for (let i = 8; i < 50; i++) {
        await provider.signIn(`nobody${i}@example.com`, "whatever password", from("198.51.100.7"));
      }
      await sleep(WAIT);
      const after = await provider.signIn(email, PASSWORD, from("198.51.100.7"));
      expect(after.posted.status).toBe(303);
      // A forged first X-Forwarded-For entry does not escape the address's delay (the proxy's own entry counts).
      for (let i = 0; i < 9; i++) await provider.signIn(`nobody${i}@example.com`, "whatever password", from("198.51.100.9"));
      const forged = await provider.signIn(email, PASSWORD, { "x-forwarded-for": "203.0.113.55, 198.51.100.9" });
      expect(forged.posted.status).toBe(429);
    } finally {
      await provider.stop();
    }
  }, 90_000);

  it("lets a burst of parallel guesses through no faster than one by one", async () => {
    const email = "burst.target@example.com";
    await createIdpAccount(prisma, { email, passwordHash: hash, givenName: "Bu", familyName: "Rst" });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => idp.signIn(email, `parallel guess ${i}`, from("192.0.2.44"))));
    const checked = answers.filter((a) => a.posted.status === 400).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.posted.status === 429).length).toBeGreaterThanOrEqual(7);
  });
});
