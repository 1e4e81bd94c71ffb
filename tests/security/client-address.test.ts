// Addresses (issue 7 items 2 and 6): the socket address recorded by our HTTP
// server is the client's address in the e-signature evidence and the audit
// log; X-Forwarded-For counts only from TRUST_PROXY; the development mailbox
// opens without sign-in only to a loopback socket address. Also item 1's
// return-path rule (safeReturnTo) and the session-expired dialog.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { acceptEsignConsent } from "~/features/appointment/evidence.server";
import { mailboxOpenWithoutSignIn } from "~/features/users/dev-mailbox.server";
import { getCurrentUser } from "~/lib/auth.server";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { listenHost, parseTrustedProxies, resolveClientAddress, withPeerAddress } from "~/lib/net.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { clientIp, safeReturnTo } from "~/lib/security.server";
import { createSession } from "~/lib/session.server";
import { loader as sessionExpiredLoader } from "~/routes/session-expired";
import { useTestDatabase } from "../support/db";
import { createAppointment, createUser, seedReferenceData } from "../support/factories";
import { useTempDataDir } from "../support/temp-dir";

useTestDatabase();

const APP_URL = "http://localhost:3000";

useTempDataDir("sec-address");

beforeAll(async () => {
  process.env.APP_URL = APP_URL;
  resetEnvCache();
  resetSecretsCache();
  await seedReferenceData();
});

afterEach(() => {
  delete process.env.TRUST_PROXY;
  delete process.env.HOST;
  process.env.APP_URL = APP_URL;
  resetEnvCache();
});

describe("the client address", () => {
  it("is the socket address; a forged X-Forwarded-For or peer header from a client is ignored", () => {
    // x-portal-peer: the header that carried the socket address before the load context (decision 0053).
    const forged = new Request(`${APP_URL}/`, { headers: { "X-Forwarded-For": "203.0.113.66", "x-portal-peer": "203.0.113.66" } });
    expect(clientIp(forged)).toBeNull();
    expect(clientIp(withPeerAddress(forged, "::ffff:198.51.100.7"))).toBe("198.51.100.7");
  });

  it("follows X-Forwarded-For only through trusted proxies (TRUST_PROXY)", () => {
    const proxies = parseTrustedProxies("10.0.0.0/8, 127.0.0.1");
    expect(resolveClientAddress("198.51.100.7", "203.0.113.66", proxies)).toBe("198.51.100.7");
    expect(resolveClientAddress("10.1.2.3", "203.0.113.66", proxies)).toBe("203.0.113.66");
    // The client prepends a forged hop: the address our proxy saw (rightmost untrusted) wins.
    expect(resolveClientAddress("10.1.2.3", "1.2.3.4, 203.0.113.66, 10.9.9.9", proxies)).toBe("203.0.113.66");
    expect(resolveClientAddress("10.1.2.3", "not-an-ip", proxies)).toBe("10.1.2.3");
    expect(() => parseTrustedProxies("10.0.0.0/99")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustedProxies("proxy.example")).toThrow(/TRUST_PROXY/);

    process.env.TRUST_PROXY = "127.0.0.1";
    resetEnvCache();
    const viaProxy = withPeerAddress(new Request(`${APP_URL}/`, { headers: { "X-Forwarded-For": "203.0.113.66" } }), "127.0.0.1");
    expect(clientIp(viaProxy)).toBe("203.0.113.66");
  });

  it("a forged X-Forwarded-For does not land in esign_consents or the audit log; the socket address does", async () => {
    const user = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT" });
    const appointment = await createAppointment(prisma, { userId: user.id });
    const cookie = (await createSession(new Request(`${APP_URL}/`), { userId: user.id })).split(";")[0]!;
    const request = withPeerAddress(
      new Request(`${APP_URL}/appoint?id=${appointment.appointmentId}`, {
        method: "POST",
        headers: { Cookie: cookie, "X-Forwarded-For": "203.0.113.66", "X-Real-IP": "203.0.113.67" },
      }),
      "192.0.2.44",
    );
    const current = await getCurrentUser(request);
    expect(current).not.toBeNull();
    const result = await acceptEsignConsent(current!, appointment.appointmentId, request);
    expect(result.ok).toBe(true);
    const consent = await prisma.esignConsent.findFirstOrThrow({ where: { appointmentId: appointment.appointmentId } });
    expect(consent.ipAddress).toBe("192.0.2.44");
    const rows = await prisma.auditLog.findMany({ where: { action: "ESIGN_CONSENT", targetId: String(appointment.appointmentId) } });
    expect(rows.map((r) => r.ipAddress)).toEqual(["192.0.2.44"]);
  });
});

describe("the development mailbox", () => {
  it("opens without sign-in only to a loopback socket address while the portal is local", () => {
    expect(mailboxOpenWithoutSignIn({ portalLocal: true, clientAddress: "127.0.0.1" })).toBe(true);
    expect(mailboxOpenWithoutSignIn({ portalLocal: true, clientAddress: "::1" })).toBe(true);
    expect(mailboxOpenWithoutSignIn({ portalLocal: true, clientAddress: "192.0.2.2" })).toBe(false);
    expect(mailboxOpenWithoutSignIn({ portalLocal: true, clientAddress: "::ffff:10.0.0.5" })).toBe(false);
    expect(mailboxOpenWithoutSignIn({ portalLocal: true, clientAddress: null })).toBe(false);
    expect(mailboxOpenWithoutSignIn({ portalLocal: false, clientAddress: "127.0.0.1" })).toBe(false);
  });

  it("listens on 127.0.0.1 while APP_URL is loopback, unless HOST says otherwise", () => {
    expect(listenHost()).toBe("127.0.0.1");
    process.env.HOST = "0.0.0.0";
    resetEnvCache();
    expect(listenHost()).toBe("0.0.0.0");
    delete process.env.HOST;
    process.env.APP_URL = "https://portal.example.com";
    resetEnvCache();
    expect(listenHost()).toBeUndefined();
  });
});

describe("return paths", () => {
  it.each([
    ["/invites?x=1#top", "/invites?x=1#top"],
    ["/a/../invites", "/invites"],
    ["/\\evil.example", "/home"],
    ["/./\\evil.example", "/home"],
    ["/.//evil.example", "/home"],
    ["//evil.example", "/home"],
    ["https://evil.example/", "/home"],
    ["javascript:alert(1)", "/home"],
    ["%2F%2Fevil.example", "/home"],
    ["/\tevil", "/home"],
    ["/auth/login", "/home"],
    [null, "/home"],
  ])("%j → %s", (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it("the session-expired dialog signs in again to a same-origin path only", () => {
    for (const value of ["/./\\evil.example", "//evil.example", "/\\evil.example"]) {
      const { loginHref } = sessionExpiredLoader({
        request: new Request(`${APP_URL}/session-expired?returnTo=${encodeURIComponent(value)}`),
        params: {},
        context: {},
      });
      expect(loginHref).toBe("/auth/login?returnTo=%2Fhome");
    }
  });
});
