// The routing table of part 3: every path that requires sign-in sends an
// anonymous visitor to sign-in and back to the path asked for; the
// anonymous paths answer without sign-in. HTTP level, against the shared app.
import { describe, expect, test } from "vitest";
import { sharedApp } from "./helpers";

const { appUrl } = sharedApp();

const PROTECTED = [
  "/home",
  "/profile",
  "/faq",
  "/commpref",
  "/help",
  "/invite",
  "/invites",
  "/agents",
  "/agent",
  "/corr",
  "/reports",
  "/appoint?id=1",
  "/inprog",
  "/linx",
  "/cartlinks",
  "/wizard",
  "/svcreq",
  "/svcreq/SVCREQ_LEVELCHG",
];

describe("routing table", () => {
  test.each(PROTECTED)("%s redirects an anonymous visitor to sign-in and back", async (path) => {
    const res = await fetch(`${appUrl}${path}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!, appUrl);
    expect(location.pathname).toBe("/auth/login");
    expect(location.searchParams.get("returnTo")).toBe(path);

    // /auth/login sends the browser on to the provider with PKCE and state.
    const login = await fetch(location, { redirect: "manual" });
    expect(login.status).toBe(302);
    const authorize = new URL(login.headers.get("location")!);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("state")).toBeTruthy();
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${appUrl}/auth/callback`);
  });

  test.each(["/", "/MLT12345", "/EXTabc-123"])("%s is the anonymous welcome page", async (path) => {
    const res = await fetch(`${appUrl}${path}`, { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Welcome : Appointment Portal");
  });

  test("the help guides of the welcome page download without sign-in; other documents need it", async () => {
    const guide = await fetch(`${appUrl}/documents/system/HELP_NEW_USER`, { redirect: "manual" });
    expect(guide.status).toBe(200);
    expect(guide.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await guide.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    const agreement = await fetch(`${appUrl}/documents/system/ALLCO_AGREE`, { redirect: "manual" });
    expect(agreement.status).toBe(302);
    expect(agreement.headers.get("location")).toContain("/auth/login");
  });

  test("a sign-in return path to another site is ignored", async () => {
    const res = await fetch(`${appUrl}/auth/login?returnTo=${encodeURIComponent("//evil.example/x")}`, {
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("portal_return="));
    expect(cookie).toBeTruthy();
    // Remix cookie value: base64(JSON) "." signature
    const value = decodeURIComponent(cookie!.split(";")[0]!.slice("portal_return=".length));
    const json = JSON.parse(decodeURIComponent(escape(atob(value.slice(0, value.lastIndexOf("."))))));
    expect(json).toEqual({ returnTo: "/home" });
  });

  test("/healthz reports the database and the job runner", async () => {
    const res = await fetch(`${appUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "up", worker: "running" });
  });
});
