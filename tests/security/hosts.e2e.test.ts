// Issue 18 item 3: DNS rebinding. A page on evil.example whose name is rebound
// to 127.0.0.1 makes the operator's browser send the portal and the built-in
// provider requests with `Host: evil.example:PORT` (and its own Origin), and
// may read the answers: it asked for a reset link of admin@, read the token at
// /dev/mail and chose a new password. Both servers of `npm start` (the shared
// e2e app: scripts/serve.mjs with its provider) must refuse every such request
// with 421 before routing, and keep answering their own names.
import http from "node:http";
import { describe, expect, test } from "vitest";
import { sharedApp } from "../e2e/helpers";

const { appUrl, idpUrl } = sharedApp();
const appPort = Number(new URL(appUrl).port);
const idpPort = Number(new URL(idpUrl).port);

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** One request to 127.0.0.1:port naming `host` (undefined: no Host header at all), as a rebinding browser sends it. */
function send(port: number, path: string, host: string | undefined, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: init.method ?? "GET",
        setHost: false,
        headers: { ...(host === undefined ? {} : { Host: host }), ...init.headers, ...(init.body ? { "Content-Length": String(Buffer.byteLength(init.body)) } : {}) },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("DNS rebinding: only the portal's and the provider's own host names are answered", () => {
  test("the probe's chain (reset for admin@, the token at /dev/mail, a new password) is refused at every step", async () => {
    const evilIdp = `evil.example:${idpPort}`;
    const evilApp = `evil.example:${appPort}`;
    const origin = { Origin: `http://${evilIdp}` };
    const forgotPage = await send(idpPort, "/password/forgot", evilIdp);
    expect(forgotPage.status).toBe(421);
    expect(forgotPage.body).toContain("Wrong Address");
    expect(forgotPage.body).not.toContain("<form");
    const forgot = await send(idpPort, "/password/forgot", evilIdp, { ...form({ email: "admin@portal.localhost", csrf: "x" }), headers: { ...form({}).headers, ...origin } });
    expect(forgot.status).toBe(421);
    const mail = await send(appPort, "/dev/mail", evilApp, { headers: { Origin: `http://${evilApp}` } });
    expect(mail.status).toBe(421);
    expect(mail.body).not.toContain("portal.localhost");
    const reset = await send(idpPort, "/password/reset/some-token", evilIdp, {
      ...form({ password: "violet canyon drift", confirmPassword: "violet canyon drift" }),
      headers: { ...form({}).headers, ...origin },
    });
    expect(reset.status).toBe(421);
  });

  // No Host at all: Node's HTTP/1.1 parser answers 400 before us (requireHostHeader); either refusal is fine.
  const refused = (status: number, host: string | undefined) => (host === undefined ? [400, 421] : [421]).includes(status);
  const foreign = (port: number) => [`evil.example:${port}`, "evil.example", `127.0.0.1.nip.io:${port}`, `localhost:${port === 1 ? 2 : 1}`, `evil.example:${port}@localhost`, undefined];

  test.each([
    ["GET", "/"],
    ["GET", "/home"],
    ["GET", "/auth/login"],
    ["GET", "/favicon.ico"],
    ["GET", "/dev/mail"],
    ["POST", "/auth/logout"],
  ])("the portal refuses %s %s for a foreign Host, a static file too", async (method, path) => {
    for (const host of foreign(appPort)) {
      const answer = await send(appPort, path, host, method === "POST" ? { ...form({}), headers: { ...form({}).headers, Origin: `http://${host}` } } : {});
      expect(refused(answer.status, host), `Host: ${host}: ${answer.status}`).toBe(true);
      expect(answer.headers["set-cookie"], `Host: ${host}`).toBeUndefined();
    }
  });

  test.each([
    ["GET", "/.well-known/openid-configuration"],
    ["GET", "/auth?client_id=portal"],
    ["GET", "/interaction/abc"],
    ["GET", "/assets/idp.css"],
    ["POST", "/token"],
  ])("the provider refuses %s %s for a foreign Host", async (method, path) => {
    for (const host of foreign(idpPort)) {
      const answer = await send(idpPort, path, host, method === "POST" ? form({ grant_type: "authorization_code" }) : {});
      expect(refused(answer.status, host), `Host: ${host}: ${answer.status}`).toBe(true);
      expect(answer.body).not.toContain("issuer");
    }
  });

  test("both answer their own host and the other loopback names of the same port", async () => {
    for (const name of ["localhost", "127.0.0.1", "[::1]", "LOCALHOST"]) {
      const home = await send(appPort, "/", `${name}:${appPort}`);
      expect(home.status, `portal, Host: ${name}`).toBeLessThan(400);
      const discovery = await send(idpPort, "/.well-known/openid-configuration", `${name}:${idpPort}`);
      expect(discovery.status, `provider, Host: ${name}`).toBe(200);
      // The issuer stays IDP_URL's, whatever loopback name was used.
      expect(JSON.parse(discovery.body).issuer).toBe(idpUrl);
    }
  });

  test("/healthz answers any Host (an orchestrator probes the pod's address); it tells nothing", async () => {
    const health = await send(appPort, "/healthz", "10.1.2.3:3000");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body).status).toBe("ok");
  });
});
