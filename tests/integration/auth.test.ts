// Claims → app user, database sessions (idle and absolute expiry), the
// requireUser answers for anonymous page requests and form posts, and
// impersonation, against a real PostgreSQL.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getCurrentUser, requireUser, SignInError, upsertUserFromClaims } from "~/lib/auth.server";
import { prisma } from "~/lib/db.server";
import { env, resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession, destroySession, getSession } from "~/lib/session.server";
import { impersonate } from "~/features/users/sign-in.server";
import { useTestDatabase } from "../support/db";
import { useTempDataDir } from "../support/temp-dir";

useTestDatabase();

useTempDataDir("portal-auth");

beforeAll(() => {
  process.env.APP_URL = "http://localhost:3000";
  resetEnvCache();
  resetSecretsCache();
});

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;
const req = (cookie?: string, init: RequestInit & { url?: string } = {}) =>
  new Request(init.url ?? "http://localhost:3000/invites?x=1", {
    ...init,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(init.headers as Record<string, string>) },
  });

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("expected a Response to be thrown");
}

describe("claims → user", () => {
  it("creates a user from the claims, lowercasing the email", async () => {
    const u = await upsertUserFromClaims({
      sub: "sub-1",
      email: "New.Person@Example.com",
      given_name: "New",
      family_name: "Person",
      extension_MiddleName: "Q",
      extension_PhoneNumber: "555-123-4567",
      oid: "oid-1",
    });
    expect(u).toMatchObject({
      userName: "new.person@example.com",
      externalId: "sub-1",
      firstName: "New",
      lastName: "Person",
      middleName: "Q",
      phoneNumber: "555-123-4567",
      ssoUserId: "oid-1",
      userRoleCode: "USRROLE_PROSPECT",
    });
  });

  it("links a user created before the first sign-in by a verified email, and follows later name changes", async () => {
    const pre = await prisma.user.create({ data: { userName: "invited@example.com", userRoleCode: "USRROLE_AGENT" } });
    const u = await upsertUserFromClaims({ sub: "sub-2", email: "invited@example.com", email_verified: true, given_name: "Ina" });
    expect(u.id).toBe(pre.id);
    expect(u.userRoleCode).toBe("USRROLE_AGENT");
    const again = await upsertUserFromClaims({ sub: "sub-2", email: "invited@example.com", given_name: "Ines" });
    expect(again.id).toBe(pre.id);
    expect(again.firstName).toBe("Ines");
  });

  it("refuses an email already linked to another provider account, a missing email and an inactive user", async () => {
    await expect(upsertUserFromClaims({ sub: "sub-other", email: "invited@example.com" })).rejects.toMatchObject({
      reason: "EMAIL_TAKEN",
    });
    await expect(upsertUserFromClaims({ sub: "sub-3" })).rejects.toBeInstanceOf(SignInError);
    await prisma.user.create({ data: { userName: "gone@example.com", isActive: false } });
    await expect(upsertUserFromClaims({ sub: "sub-4", email: "gone@example.com", email_verified: true })).rejects.toMatchObject({
      reason: "INACTIVE",
    });
    // Nothing half-saved: the inactive user did not get linked.
    expect((await prisma.user.findUnique({ where: { userName: "gone@example.com" } }))?.externalId).toBeNull();
  });
});

describe("sessions and requireUser", () => {
  afterEach(() => {
    delete process.env.SESSION_IDLE_MINUTES;
    resetEnvCache();
  });

  it("signs in with an HttpOnly SameSite=Lax cookie and stores only a hash of the token", async () => {
    const user = await prisma.user.create({ data: { userName: "s1@example.com", emailVerified: true, firstName: "Sam" } });
    const setCookie = await createSession(req(), { userId: user.id, idToken: "id-token" });
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/); // http in this test; https gets Secure and __Host-
    const token = decodeURIComponent(cookieOf(setCookie).split("=")[1]!);
    const rows = await prisma.session.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toContain(token.split(".")[0]!);
    const current = await requireUser(req(cookieOf(setCookie)));
    expect(current).toMatchObject({ id: user.id, firstName: "Sam", impersonator: null });
  });

  it("behind https names the cookie __Host-portal_session and marks it Secure", async () => {
    process.env.APP_URL = "https://portal.example.com";
    resetEnvCache();
    try {
      const user = await prisma.user.create({ data: { userName: "https@example.com", emailVerified: true } });
      const setCookie = await createSession(new Request("https://portal.example.com/"), { userId: user.id });
      expect(setCookie).toMatch(/^__Host-portal_session=/);
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/; Path=\//);
      expect(setCookie).not.toMatch(/Domain=/i);
      const cookie = cookieOf(setCookie);
      expect((await requireUser(req(cookie, { url: "https://portal.example.com/home" }))).id).toBe(user.id);
    } finally {
      process.env.APP_URL = "http://localhost:3000";
      resetEnvCache();
    }
  });

  it("sends an anonymous page request to sign-in and back to the same path", async () => {
    const res = await thrown(requireUser(req()));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/auth/login?returnTo=%2Finvites%3Fx%3D1");
  });

  it("answers a form post after the session expired with the Session Timeout page", async () => {
    const user = await prisma.user.create({ data: { userName: "s2@example.com", emailVerified: true } });
    const cookie = cookieOf(await createSession(req(), { userId: user.id }));
    await prisma.session.updateMany({ where: { userId: user.id }, data: { lastSeenAt: new Date(Date.now() - 2 * 3600_000) } });
    const res = await thrown(
      requireUser(
        req(cookie, {
          url: "http://localhost:3000/commpref",
          method: "POST",
          headers: { Referer: "http://localhost:3000/commpref" },
          body: new URLSearchParams({ a: "b" }),
        }),
      ),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/session-expired?returnTo=%2Fcommpref");
    // The expired session row is gone.
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("ends a session at sign-out", async () => {
    const user = await prisma.user.create({ data: { userName: "s3@example.com", emailVerified: true } });
    const cookie = cookieOf(await createSession(req(), { userId: user.id }));
    expect(await getSession(req(cookie))).not.toBeNull();
    const cleared = await destroySession(req(cookie));
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await getSession(req(cookie))).toBeNull();
  });

  it("writes a session's last-seen time at most once a minute, and still ends it after the idle timeout", async () => {
    const user = await prisma.user.create({ data: { userName: "s5@example.com", emailVerified: true } });
    const cookie = cookieOf(await createSession(req(), { userId: user.id }));
    const lastSeen = async () => (await prisma.session.findFirstOrThrow({ where: { userId: user.id } })).lastSeenAt.getTime();
    const setLastSeen = (msAgo: number) => prisma.session.updateMany({ where: { userId: user.id }, data: { lastSeenAt: new Date(Date.now() - msAgo) } });

    // Seen 30 s ago: read only, nothing written.
    await setLastSeen(30_000);
    const before = await lastSeen();
    expect(await getCurrentUser(req(cookie))).not.toBeNull();
    expect(await lastSeen()).toBe(before);

    // Seen 5 minutes ago: touched now (once, however many requests come together).
    await setLastSeen(5 * 60_000);
    await Promise.all([getSession(req(cookie)), getSession(req(cookie)), getSession(req(cookie))]);
    expect(Date.now() - (await lastSeen())).toBeLessThan(10_000);

    // Idle longer than SESSION_IDLE_MINUTES: ended and deleted.
    await setLastSeen((env().SESSION_IDLE_MINUTES + 1) * 60_000);
    expect(await getCurrentUser(req(cookie))).toBeNull();
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a session of a deactivated user", async () => {
    const user = await prisma.user.create({ data: { userName: "s4@example.com", emailVerified: true } });
    const cookie = cookieOf(await createSession(req(), { userId: user.id }));
    await prisma.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect(await getCurrentUser(req(cookie))).toBeNull();
  });
});

describe("impersonation", () => {
  it("lets an internal administrator act as another user, audited, and come back", async () => {
    const admin = await prisma.user.create({ data: { userName: "root@example.com", emailVerified: true, isInternal: true, firstName: "Ada" } });
    const target = await prisma.user.create({ data: { userName: "target@example.com", emailVerified: true, firstName: "Tess" } });
    const cookie = cookieOf(await createSession(req(), { userId: admin.id }));
    const me = await requireUser(req(cookie));
    const res = (await impersonate(req(cookie), me, { intent: "start", email: "TARGET@example.com" })) as Response;
    expect(res.status).toBe(302);
    const acting = await requireUser(req(cookie));
    expect(acting.id).toBe(target.id);
    expect(acting.impersonator?.firstName).toBe("Ada");
    expect(await prisma.auditLog.count({ where: { action: "IMPERSONATION_START", impersonatorUserId: admin.id } })).toBe(1);

    const notFound = await impersonate(req(cookie), acting, { intent: "start", email: "nobody@example.com" });
    expect(notFound).toEqual({ error: "No active portal user has that email address." });

    await impersonate(req(cookie), acting, { intent: "stop", email: "" });
    expect((await requireUser(req(cookie))).id).toBe(admin.id);
    expect(await prisma.auditLog.count({ where: { action: "IMPERSONATION_END" } })).toBe(1);
  });

  it("refuses impersonation to anyone but an internal administrator", async () => {
    const plain = await prisma.user.create({ data: { userName: "plain@example.com", emailVerified: true } });
    await prisma.user.create({ data: { userName: "victim@example.com", emailVerified: true } });
    const cookie = cookieOf(await createSession(req(), { userId: plain.id }));
    const me = await requireUser(req(cookie));
    const res = await thrown(impersonate(req(cookie), me, { intent: "start", email: "victim@example.com" }));
    expect(res.status).toBe(403);
    expect((await requireUser(req(cookie))).id).toBe(plain.id);
    expect(await prisma.auditLog.count({ where: { action: "IMPERSONATION_DENIED", actorUserId: plain.id } })).toBe(1);
  });
});
