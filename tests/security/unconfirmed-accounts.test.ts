// Issue 18 items 1 and 6 (decision 0035), in the portal's own code against a real PostgreSQL:
//  - a portal session of a user whose address is not confirmed (one made before this rule, or
//    any other way) opens nothing; only an administrator's impersonation acts as such a user;
//  - the first-administrator link (decision 0014) needs a confirmed address: an unconfirmed
//    account neither claims it through the page nor through the rule itself, and the link stays
//    valid for the one who may.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCurrentUser } from "~/lib/auth.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { announceFirstAdministratorSetup, claimFirstAdministrator, setupLinkValid } from "~/lib/first-admin.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { action as setupAction } from "~/routes/setup.$token";
import { useTestDatabase } from "../support/db";
import { createUser } from "../support/factories";

useTestDatabase();

const APP_URL = "http://localhost:3000";

beforeAll(() => {
  process.env.APP_URL = APP_URL;
  resetEnvCache();
  resetSecretsCache();
});
afterAll(() => resetEnvCache());

const cookieOf = async (userId: string, impersonatorUserId?: string) =>
  (await createSession(new Request(`${APP_URL}/`), { userId, impersonatorUserId })).split(";")[0]!;

/** What the page's action answers (a thrown Response counts), as the server runs it. */
async function postSetup(token: string, cookie: string) {
  const request = new Request(`${APP_URL}/setup/${token}`, { method: "POST", headers: { Cookie: cookie, Origin: APP_URL } });
  try {
    const r = (await setupAction({ request, params: { token }, context: {} })) as unknown;
    if (r instanceof Response) return { status: r.status, location: r.headers.get("Location") };
    return { status: (r as { init?: { status?: number } }).init?.status ?? 200, location: null };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, location: e.headers.get("Location") };
    throw e;
  }
}

describe("a user whose address is not confirmed", () => {
  it("has no portal session, unless an administrator acts as them", async () => {
    const unconfirmed = await createUser(prisma, { emailVerified: false, userRoleCode: "USRROLE_PROSPECT" });
    const cookie = await cookieOf(unconfirmed.id);
    expect(await getCurrentUser(new Request(`${APP_URL}/home`, { headers: { Cookie: cookie } }))).toBeNull();

    const admin = await createUser(prisma, { isInternal: true });
    const acting = await cookieOf(unconfirmed.id, admin.id);
    const asThem = await getCurrentUser(new Request(`${APP_URL}/home`, { headers: { Cookie: acting } }));
    expect(asThem?.id).toBe(unconfirmed.id);
    expect(asThem?.impersonator?.id).toBe(admin.id);
    await prisma.user.update({ where: { id: admin.id }, data: { isInternal: false } });
  });
});

describe("the first-administrator link", () => {
  it("is not for an account whose address is not confirmed; it stays valid for a confirmed one", async () => {
    expect(await prisma.user.count({ where: { isInternal: true } })).toBe(0);
    const link = await announceFirstAdministratorSetup();
    const token = link!.split("/setup/")[1]!;
    const squatter = await createUser(prisma, { emailVerified: false });

    // Through the page: no administrator made.
    const page = await postSetup(token, await cookieOf(squatter.id));
    expect(page.location ?? "").not.toBe("/home");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: squatter.id } })).isInternal).toBe(false);
    // Through the rule itself (a session that got through some other way): refused, audited.
    expect(await claimFirstAdministrator(token, squatter.id, new Request(`${APP_URL}/setup/x`, { method: "POST" }))).toBe(false);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: squatter.id } })).isInternal).toBe(false);
    expect(await prisma.auditLog.count({ where: { action: "FIRST_ADMINISTRATOR_REFUSED", actorUserId: squatter.id } })).toBeGreaterThan(0);

    // The link still works for a user whose address is confirmed.
    expect(await setupLinkValid(token)).toBe(true);
    const owner = await createUser(prisma, { emailVerified: true });
    expect(await postSetup(token, await cookieOf(owner.id))).toMatchObject({ status: 303, location: "/home" });
    expect((await prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).isInternal).toBe(true);
  });
});
