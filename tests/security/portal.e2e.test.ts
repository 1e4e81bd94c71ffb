// Issue 7 against the running portal (scripts/serve.mjs, the shared e2e app):
// open redirects, the listening address, one LOGOUT for both sessions and a
// browser-session cookie, cross-site POSTs refused with our page before
// Remix, static-file headers and the OAuth state cookie.
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { repoRoot, startApp } from "../support/app-server";
import { browserFixture, DEMO, DEMO_PASSWORD, fillSignIn, signIn, waitForPortal } from "../support/browser";
import { nav, sharedApp } from "../e2e/helpers";

const { appUrl, idpUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

const EVIL_RETURNS = ["/\\evil.example", "/./\\evil.example", "//evil.example", "%2F%2Fevil.example", "javascript:alert(1)", "/.//evil.example"];

/** Where a Location header sends a browser that is on the portal. */
const target = (location: string | null) => new URL(location ?? "", appUrl);

describe("open redirect (item 1)", () => {
  test.each(EVIL_RETURNS)("returnTo=%s stays on the portal (signed in: /auth/login answers its own path)", async (value) => {
    const page = await browser.newPage();
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    const cookie = (await page.context().cookies(appUrl)).map((c) => `${c.name}=${c.value}`).join("; ");
    const res = await fetch(`${appUrl}/auth/login?returnTo=${encodeURIComponent(value)}`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(res.status).toBe(302);
    const location = res.headers.get("Location");
    expect(target(location).origin, `Location: ${location}`).toBe(new URL(appUrl).origin);
    expect(location).not.toMatch(/\\|^\/\//);
    // And a browser really stays.
    await page.goto(`${appUrl}/auth/login?returnTo=${encodeURIComponent(value)}`);
    expect(new URL(page.url()).origin).toBe(new URL(appUrl).origin);
  });

  test("the session-expired dialog's 'Log in again' keeps only a same-origin path", async () => {
    for (const value of EVIL_RETURNS) {
      const html = await (await fetch(`${appUrl}/session-expired?returnTo=${encodeURIComponent(value)}`)).text();
      const href = /href="(\/auth\/login\?returnTo=[^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
      expect(href, value).toBeDefined();
      const back = new URL(href!, appUrl).searchParams.get("returnTo");
      expect(back, value).toBe("/home");
    }
  });

  test("through sign-in and the callback: a phishing returnTo ends on the portal's /home", async () => {
    const page = await browser.newPage();
    await page.goto(`${appUrl}/session-expired?returnTo=${encodeURIComponent("/./\\evil.example")}`);
    await page.getByRole("link", { name: /log in again/i }).click();
    await page.getByLabel(/^email/i).waitFor({ state: "visible" });
    await fillSignIn(page, DEMO.marketingDirector, DEMO_PASSWORD);
    await waitForPortal(page, appUrl);
    expect(new URL(page.url()).origin).toBe(new URL(appUrl).origin);
    expect(new URL(page.url()).pathname).toBe("/home");
  });
});

describe("listening address (item 2)", () => {
  const outside = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === "IPv4")?.address;

  function connects(host: string, port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = net.connect({ host, port, timeout: 5_000 });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
      socket.once("timeout", () => {
        socket.destroy();
        resolve(false);
      });
    });
  }

  test.runIf(outside)("with a loopback APP_URL the portal and the provider listen on 127.0.0.1 only", async () => {
    for (const url of [appUrl, idpUrl]) {
      const port = Number(new URL(url).port);
      expect(await connects("127.0.0.1", port), `${url} on 127.0.0.1`).toBe(true);
      expect(await connects(outside!, port), `${url} on ${outside}`).toBe(false);
    }
  });
});

describe("the development mailbox (item 2)", () => {
  const outside = Object.values(os.networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === "IPv4")?.address;

  test.runIf(outside)("opened to the network with HOST=0.0.0.0, it still answers only requests from this machine", async () => {
    const app = await startApp({ env: { HOST: "0.0.0.0" } });
    try {
      const local = await fetch(`http://127.0.0.1:${app.port}/dev/mail`);
      await local.text();
      expect(local.status).toBe(200);
      // Named by its network address, the Host is not APP_URL's: refused first by the Host check (issue 18 item 3).
      const remote = await fetch(`http://${outside}:${app.port}/dev/mail`);
      await remote.text();
      expect(remote.status).toBe(421);
      // From the network but naming APP_URL's host, the mailbox's own rule answers 404.
      const named = await new Promise<number>((resolve, reject) => {
        const req = http.request({ host: outside, port: app.port, path: "/dev/mail", headers: { Host: `localhost:${app.port}` } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end();
      });
      expect(named).toBe(404);
    } finally {
      await app.dispose();
    }
  });
});

describe("logout (item 4)", () => {
  test("one LOGOUT ends the portal and the provider sessions: /home asks for the password again", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await nav(page).logout.click();
    await page.waitForURL((url) => url.href.startsWith(appUrl) && new URL(url).pathname === "/", { timeout: 15_000 });
    await page.goto(`${appUrl}/home`);
    // Anonymous /home goes to sign-in: the provider's page with a password field, not the dashboard.
    await page.getByLabel(/^password/i).waitFor({ state: "visible", timeout: 15_000 });
    expect(page.url().startsWith(idpUrl)).toBe(true);
  });

  test("the session cookie has no long Max-Age (it ends with the browser)", async () => {
    const page = await browser.newPage();
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    // Cookies are not kept apart by port: the provider's idp_session is in the same jar.
    const session = (await page.context().cookies(appUrl)).find((c) => /portal_session$/.test(c.name));
    expect(session).toBeDefined();
    // -1: a browser-session cookie.
    expect(session!.expires).toBe(-1);
  });
});

function actionRoutes(): string[] {
  const dir = path.join(repoRoot, "app/routes");
  const paths: string[] = [];
  for (const file of readdirSync(dir)) {
    const source = readFileSync(path.join(dir, file), "utf8");
    if (!/export\s+(async\s+)?(function|const)\s+action\b|export\s*\{[^}]*\baction\b/.test(source)) continue;
    const segments = file
      .replace(/\.(tsx?|jsx?)$/, "")
      .split(".")
      .filter((s) => s !== "_index" && !/^\(.*\)$/.test(s))
      .map((s) => (s.startsWith("$") ? "1" : s.replace(/_$/, "")));
    paths.push(`/${segments.join("/")}`);
  }
  return paths;
}

describe("cross-site POSTs (item 7)", () => {
  const routes = actionRoutes();

  test("the routes with an action were found", () => {
    expect(routes).toEqual(expect.arrayContaining(["/auth/logout", "/appoint/upload", "/wizard"]));
  });

  test.each(routes)("a cross-site POST to %s answers 403 with the portal's page (the API: problem details)", async (route) => {
    const variants: Array<Record<string, string>> = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }, { Origin: "null" }];
    for (const headers of variants) {
      const res = await fetch(`${appUrl}${route}`, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=x",
      });
      const body = await res.text();
      expect(res.status, `${route} ${JSON.stringify(headers)}`).toBe(403);
      if (route.startsWith("/api/")) {
        expect(res.headers.get("Content-Type")).toBe("application/problem+json");
        expect(JSON.parse(body)).toMatchObject({ status: 403, title: "Request Refused" });
      } else {
        expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
        expect(body).toContain("<h1>Request Refused</h1>");
      }
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  test("a POST whose Origin is not the Host it was sent to answers 403 with the page, not Remix's empty 500", async () => {
    const { port } = new URL(appUrl);
    const res = await fetch(`http://127.0.0.1:${port}/auth/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: new URL(appUrl).origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("<h1>Request Refused</h1>");
  });

  test("a client's X-Forwarded-Host is ignored (no TRUST_PROXY): a same-origin POST still works", async () => {
    const res = await fetch(`${appUrl}/auth/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: new URL(appUrl).origin, "X-Forwarded-Host": "evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    await res.text();
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
  });

  test("a flood of cross-site POSTs from one address writes at most 5 audit rows a minute", async () => {
    // From a loopback address of its own, so that the other tests' refusals do not count.
    const source = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;
    const { port } = new URL(appUrl);
    for (let i = 0; i < 20; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: "127.0.0.1", port, path: "/auth/logout", method: "POST", localAddress: source, headers: { Origin: "https://evil.example", "Content-Length": "1" } },
          (res) => {
            res.resume();
            res.on("end", () => resolve(res.statusCode ?? 0));
          },
        );
        req.on("error", reject);
        req.end("x");
      });
      expect(status).toBe(403);
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // The audit write does not hold up the refusal: wait for the rows.
      let n = 0;
      for (let tries = 0; tries < 20; tries++) {
        const { rows } = await client.query<{ n: string }>(
          `SELECT count(*) AS n FROM audit_log WHERE action = 'ACCESS_DENIED' AND ip_address = $1 AND details->>'reason' = 'cross-site'`,
          [source],
        );
        n = Number(rows[0]!.n);
        if (n >= 5) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(n).toBe(5);
    } finally {
      await client.end();
    }
  });
});

describe("static files and the OAuth state cookie (item 9)", () => {
  test("/build files and the pdf.js worker carry nosniff and the framing headers", async () => {
    const html = await (await fetch(`${appUrl}/`)).text();
    const script = /src="(\/build\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/build\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const worker = readdirSync(path.join(repoRoot, "public")).find((f) => /pdf\.worker/.test(f));
    const paths = [script!, ...(worker ? [`/${worker}`] : [])];
    expect(paths.length).toBe(2);
    for (const p of paths) {
      const res = await fetch(`${appUrl}${p}`);
      await res.arrayBuffer();
      expect(res.status, p).toBe(200);
      expect(res.headers.get("X-Content-Type-Options"), p).toBe("nosniff");
      expect(res.headers.get("X-Frame-Options"), p).toBe("DENY");
      expect(res.headers.get("Content-Security-Policy"), p).toMatch(/frame-ancestors 'none'/);
    }
  });

  test("the oauth2:<uuid> state cookie is cleared after the callback", async () => {
    const page = await browser.newPage();
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    // A second sign-in round trip (refresh=1 starts a new flow) must not pile up state cookies.
    await page.goto(`${appUrl}/auth/login?refresh=1&returnTo=%2Fhome`);
    await waitForPortal(page, appUrl);
    const state = (await page.context().cookies(appUrl + "/auth/callback")).filter((c) => c.name.startsWith("oauth2"));
    expect(state.map((c) => c.name)).toEqual([]);
  });
});
