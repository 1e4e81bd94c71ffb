// Issue 19 item 10: logs an operator can use (decision 0044). The built
// portal (NODE_ENV=production) writes one JSON line per answer with time,
// level, request id (the answer's X-Request-Id), method, route id, status,
// duration, process id and the signed-in user's id (never the email); refusals
// before Remix (403, 413, 421) are logged too; no query string ever appears; the
// built-in provider's requests (service idp) and each job's end (task, job
// id, attempt, duration, outcome) are in the same log. LOG_FORMAT=pretty
// gives a readable line instead of JSON, and an X-Request-Id from a
// TRUST_PROXY peer is kept (from anyone else it is replaced).
import http from "node:http";
import { afterAll, describe, expect, test } from "vitest";
import { startApp, type AppHandle } from "../support/app-server";
import { signInToApp } from "../support/app-sign-in";
import { query } from "../support/mailbox";
import { queueJobIn } from "../support/queue-job";
import { waitFor } from "../support/wait";

const apps: AppHandle[] = [];
afterAll(async () => {
  for (const app of apps) await app.dispose().catch(() => undefined);
});

type Line = Record<string, unknown>;

/** The app's output lines that are JSON objects. */
function jsonLines(app: AppHandle): Line[] {
  const out: Line[] = [];
  for (const line of app.logs().split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      out.push(JSON.parse(line) as Line);
    } catch {
      // not a log line
    }
  }
  return out;
}

const requestLines = (app: AppHandle) => jsonLines(app).filter((l) => typeof l.reqId === "string");

/** A request with a Host of our choosing (fetch cannot set one). */
function getWithHost(url: string, host: string): Promise<{ status: number; reqId: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { host } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, reqId: res.headers["x-request-id"] as string | undefined }));
    });
    req.on("error", reject);
  });
}

/** A POST that declares a body of `length` bytes and sends none (the portal answers before reading it). */
function postDeclaringLength(url: string, length: number, origin: string): Promise<{ status: number; reqId: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(length), origin } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, reqId: res.headers["x-request-id"] as string | undefined });
      req.destroy();
    });
    req.on("error", (e) => (req.destroyed ? undefined : reject(e)));
    req.flushHeaders();
  });
}

describe("the log", () => {
  test("one JSON line per answer (refusals, the provider and jobs too), ids but no emails or query strings", async () => {
    const app = await startApp({ env: { LOG_FORMAT: undefined } });
    apps.push(app);

    // A page, with a query string that must not reach the log, and a client-sent request id
    // that is not believed (the client is not a TRUST_PROXY peer).
    const live = await fetch(`${app.url}/livez?email=someone%40example.com&code=secret-code-123`, { headers: { "x-request-id": "client-chosen-id-123" } });
    await live.text();
    const liveId = live.headers.get("x-request-id");
    expect(liveId).toMatch(/^[0-9a-f-]{36}$/);

    // A cross-site post refused before Remix (403) and a Host that is not the portal's (421).
    const crossSite = await fetch(`${app.url}/profile`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "x=1",
      redirect: "manual",
    });
    await crossSite.text();
    expect(crossSite.status).toBe(403);
    const misdirected = await getWithHost(`${app.url}/home`, "evil.example");
    expect(misdirected.status).toBe(421);
    // A body declared over the cap: refused (413) before a byte of it is read.
    const tooLarge = await postDeclaringLength(`${app.url}/profile`, 50_000_000, app.url);
    expect(tooLarge.status).toBe(413);

    // A signed-in page: the user's id, not the email.
    const email = "md@portal.localhost";
    const cookie = await signInToApp(app, email);
    const [{ id: userId }] = await query<{ id: string }>(app.databaseUrl!, `select id::text from users where user_name = $1`, [email]);
    const home = await fetch(`${app.url}/home`, { headers: { cookie }, redirect: "manual" });
    await home.text();
    expect(home.status).toBe(200);
    const homeId = home.headers.get("x-request-id");

    // A provider page whose path holds a secret (a reset link's token): logged by its pattern only.
    await fetch(`${app.idpUrl}/password/reset/ResetToken0123456789abcdXYZ`).then((r) => r.text());

    // A job: one line when it ends.
    const jobId = await queueJobIn(app.databaseUrl!, "send-email", { to: "ops@example.com", subject: "log test", text: "x" });
    const jobLine = await waitFor("the job's end in the log", async () => jsonLines(app).find((l) => l.jobId === jobId && typeof l.outcome === "string"), 60_000);

    const lines = requestLines(app);
    const byId = (id: string | null) => lines.find((l) => l.reqId === id);

    const liveLine = byId(liveId);
    expect(liveLine).toMatchObject({ level: "info", service: "portal", method: "GET", route: "routes/livez", status: 200, pid: expect.any(Number) });
    expect(typeof liveLine!.durationMs).toBe("number");
    expect(new Date(String(liveLine!.time)).getTime()).not.toBeNaN();
    expect(lines.some((l) => l.reqId === "client-chosen-id-123")).toBe(false);

    expect(byId(crossSite.headers.get("x-request-id"))).toMatchObject({ method: "POST", route: "routes/profile", status: 403 });
    expect(byId(tooLarge.reqId!)).toMatchObject({ method: "POST", route: "routes/profile", status: 413 });
    expect(misdirected.reqId).toBeTruthy();
    expect(byId(misdirected.reqId!)).toMatchObject({ method: "GET", status: 421 });

    expect(byId(homeId)).toMatchObject({ method: "GET", route: "routes/home", status: 200, userId });

    // The provider's requests of the sign-in, in the same log.
    // One service per line (no key twice), as a log tool reads the first or the last.
    for (const line of app.logs().split("\n").filter((l) => l.startsWith("{"))) expect(line.match(/"service":/g)).toHaveLength(1);
    const idp = lines.filter((l) => l.service === "idp");
    expect(idp.some((l) => l.method === "POST" && typeof l.route === "string" && String(l.route).startsWith("/interaction/:id") && typeof l.status === "number")).toBe(true);

    expect(idp.some((l) => l.route === "/password/reset/:id")).toBe(true);
    expect(app.logs()).not.toContain("ResetToken0123456789abcdXYZ");

    expect(jobLine).toMatchObject({ service: "jobs", task: "send-email", attempt: 1, outcome: expect.stringMatching(/^(completed|failed)$/) });
    expect(typeof jobLine.durationMs).toBe("number");

    // Nothing of the query strings, and no email on a request line.
    expect(app.logs()).not.toContain("secret-code-123");
    expect(app.logs()).not.toContain("someone%40example.com");
    for (const l of lines) expect(JSON.stringify(l)).not.toContain("@");
    // graphile-worker's own lines are still there (other tests look for them).
    expect(app.logs()).toMatch(/Completed task \d+ \(send-email|Failed task \d+ \(send-email/);
  }, 240_000);

  test("LOG_FORMAT=pretty: readable lines; an X-Request-Id from a TRUST_PROXY peer is kept", async () => {
    const app = await startApp({ env: { LOG_FORMAT: "pretty", TRUST_PROXY: "127.0.0.1", SEED_DEMO_DATA: "false" } });
    apps.push(app);
    const res = await fetch(`${app.url}/livez`, { headers: { "x-request-id": "proxy-request-0001" } });
    await res.text();
    expect(res.headers.get("x-request-id")).toBe("proxy-request-0001");
    const line = await waitFor("the request's line", async () => app.logs().split("\n").find((l) => l.includes("reqId=proxy-request-0001")), 30_000);
    expect(line.startsWith("{")).toBe(false);
    expect(line).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO +portal GET routes\/livez 200 reqId=proxy-request-0001 durationMs=[\d.]+ remoteAddress=127\.0\.0\.1$/);
    expect(requestLines(app)).toEqual([]);
  }, 180_000);
});
