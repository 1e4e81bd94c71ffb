// Issue 18 item 7: the sign-in throttle was keyed by the account alone and by
// the address alone. 20 failures from anyone at one address made md's correct
// password answer 429 there, and one guess every 30 s from anywhere kept a
// chosen account delayed for its owner everywhere. Now failures count per
// account and address together (the chosen account stays open to its owner at
// any other address) and per address with a higher ceiling that does not hold
// back an account already signed in from that address (a colleague behind the
// same proxy or NAT). The provider trusts X-Forwarded-For here (IDP_TRUST_PROXY),
// so each request says which address it comes from; default limits.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { hashPassword } from "~/lib/password.server";
import { createIdpAccount } from "../support/factories";
import { useTestDatabase } from "../support/db";
import { useTestIdp } from "../support/idp-client";

useTestDatabase();

const idp = useTestIdp({ proxy: true });
const PASSWORD = "steady copper meadow";
let hash = "";
beforeAll(async () => {
  hash = await hashPassword(PASSWORD);
});

const from = (ip: string) => ({ "x-forwarded-for": ip });

describe("sign-in throttle per account and address", () => {
  it("an attacker at one address cannot keep a chosen account out: its owner signs in from another address", async () => {
    const email = "md.target@example.com";
    await createIdpAccount(prisma, { email, passwordHash: hash, givenName: "Mia", familyName: "Director" });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await idp.signIn(email, `guess number ${i}`, from("198.51.100.7"))).posted.status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses).toContain(429); // the attacker is slowed down
    // Even the right password is not checked for the attacker inside the delay (no oracle).
    expect((await idp.signIn(email, PASSWORD, from("198.51.100.7"))).posted.status).toBe(429);
    // The owner, elsewhere, is not refused.
    const owner = await idp.signIn(email, PASSWORD, from("198.51.100.8"));
    expect(owner.posted.status).toBe(303);
  }, 120_000);

  it("a spray of guesses from a shared address is held back without keeping out those who sign in from it", async () => {
    const shared = "203.0.113.10";
    const colleague = "colleague.behind.nat@example.com";
    await createIdpAccount(prisma, { email: colleague, passwordHash: hash, givenName: "Col", familyName: "League" });
    expect((await idp.signIn(colleague, PASSWORD, from(shared))).posted.status).toBe(303);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await idp.signIn(`sprayed${i}@example.com`, "whatever password", from(shared))).posted.status);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses).toContain(429); // the address's ceiling holds the spray back
    // The colleague who signs in from that address is not refused.
    expect((await idp.signIn(colleague, PASSWORD, from(shared))).posted.status).toBe(303);
  }, 180_000);
});
