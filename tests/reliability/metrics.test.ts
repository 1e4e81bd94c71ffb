// Issue 19 item 11: /metrics in Prometheus's text format, as an operator's
// Prometheus scrapes it: requests by route id and status (refusals too) with
// a duration histogram, jobs by task and state with the oldest waiting job's
// age, mail by status, the database pool; from loopback or with
// METRICS_TOKEN, to nobody else; with WEB_CONCURRENCY=2 the answer adds up
// both HTTP processes whichever of them answers.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startApp, type AppHandle } from "../support/app-server";
import { query } from "../support/mailbox";
import { queueJobIn } from "../support/queue-job";

const apps: AppHandle[] = [];
afterAll(async () => {
  for (const app of apps) await app.dispose().catch(() => undefined);
});

const TOKEN = "metrics-test-token-0123456789";

/** The value of one series (exact labels, in any order), or undefined. */
function series(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const m = /^([^{ ]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v) && Object.keys(have).length === Object.keys(labels).length) return Number(m[3]);
  }
  return undefined;
}

async function metrics(app: AppHandle, headers: Record<string, string> = {}) {
  const r = await fetch(`${app.url}/metrics`, { headers });
  return { status: r.status, type: r.headers.get("content-type") ?? "", text: await r.text() };
}

describe("/metrics", () => {
  test("requests, refusals, jobs, mail and the pool, to loopback or with the token only", async () => {
    // RUN_WORKER=false: a web process only (web1 and web2 of docs/compose.yaml), so a queued job waits.
    const app = await startApp({ env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: "127.0.0.1", SEED_DEMO_DATA: "false", RUN_WORKER: "false" } });
    apps.push(app);
    for (let i = 0; i < 3; i++) await fetch(`${app.url}/livez`).then((r) => r.text());
    await fetch(`${app.url}/no/such/page`).then((r) => r.text());
    // A body over the cap: refused (413) before Remix, and still counted.
    const big = await fetch(`${app.url}/profile`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: "x=" + "a".repeat(3_000_000),
    }).catch(() => undefined);
    // A job that waits (due 90 s ago, no runner here), queued the one typed way, and a failed mail.
    await queueJobIn(app.databaseUrl!, "monitor-compliance", {}, { runAt: new Date(Date.now() - 90_000) });
    await query(
      app.databaseUrl!,
      `insert into mail_messages (id, "from", "to", subject, status, attempts) values (gen_random_uuid(), 'portal@example.com', '{ops@example.com}', 'metrics', 'FAILED', 1)`,
    );

    const m = await metrics(app);
    expect(m.status).toBe(200);
    expect(m.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(series(m.text, "portal_http_requests_total", { method: "GET", route: "routes/livez", status: "200" })).toBe(3);
    expect(series(m.text, "portal_http_requests_total", { method: "GET", route: "routes/$", status: "404" })).toBe(1);
    if (big) expect(series(m.text, "portal_http_requests_total", { method: "POST", route: "routes/profile", status: String(big.status) })).toBe(1);
    expect(series(m.text, "portal_http_request_duration_seconds_count", { method: "GET", route: "routes/livez" })).toBe(3);
    expect(m.text).toMatch(/portal_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="routes\/livez"\} \d/);
    // The path itself never becomes a label.
    expect(m.text).not.toContain("/no/such/page");
    expect(series(m.text, "portal_jobs", { task: "monitor-compliance", state: "queued" })).toBe(1);
    expect(series(m.text, "portal_job_oldest_waiting_seconds", { task: "monitor-compliance" })).toBeGreaterThanOrEqual(85);
    expect(series(m.text, "portal_mail_messages", { status: "FAILED" })).toBe(1);
    expect(series(m.text, "portal_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
    expect(m.text).toContain("portal_process_resident_memory_bytes");

    // From another address (through the trusted proxy): not there, unless the token is given.
    const away = { "x-forwarded-for": "203.0.113.7" };
    expect((await metrics(app, away)).status).toBe(404);
    expect((await metrics(app, { ...away, authorization: "Bearer wrong-token-wrong-token-000" })).status).toBe(404);
    const withToken = await metrics(app, { ...away, authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.text).toContain("portal_http_requests_total");
  }, 180_000);

  describe("an idle portal, the token from METRICS_TOKEN_FILE", () => {
    const secrets = mkdtempSync(path.join(os.tmpdir(), "portal-metrics-token-"));
    const tokenFile = path.join(secrets, "metrics_token");
    let idle: AppHandle;
    beforeAll(async () => {
      writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 });
      idle = await startApp({ env: { METRICS_TOKEN_FILE: tokenFile, TRUST_PROXY: "127.0.0.1", SEED_DEMO_DATA: "false" } });
      apps.push(idle);
    }, 180_000);
    afterAll(() => rmSync(secrets, { recursive: true, force: true }));

    // The documented alert (waiting > 0 for minutes) must not fire on a portal nobody uses: the scrape's own statements are not counted.
    test("portal_db_pool_connections{state=\"waiting\"} is 0, scrape after scrape", async () => {
      for (let i = 0; i < 3; i++) {
        const m = await metrics(idle);
        expect(m.status).toBe(200);
        expect(series(m.text, "portal_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(0);
        expect(series(m.text, "portal_db_pool_connections", { state: "waiting" }), `scrape ${i + 1}`).toBe(0);
      }
    });

    test("the token read from METRICS_TOKEN_FILE opens /metrics from another address", async () => {
      const away = { "x-forwarded-for": "203.0.113.7" };
      expect((await metrics(idle, away)).status).toBe(404);
      const withToken = await metrics(idle, { ...away, authorization: `Bearer ${TOKEN}` });
      expect(withToken.status).toBe(200);
      expect(withToken.text).toContain("portal_db_pool_connections");
    });
  });

  test("WEB_CONCURRENCY=2: one answer adds up both HTTP processes", async () => {
    const app = await startApp({ env: { WEB_CONCURRENCY: "2", BENCH_ROUTES: "true", SEED_DEMO_DATA: "false" } });
    apps.push(app);
    const pids = new Set<string>();
    // At least 40 requests, more until both processes have answered (on a loaded machine the
    // primary's round robin may hand one process a long run of connections).
    let sent = 0;
    while (sent < 40 || (pids.size < 2 && sent < 400)) {
      const r = await fetch(`${app.url}/livez`, { headers: { connection: "close" } });
      await r.text();
      pids.add(r.headers.get("x-portal-pid") ?? "");
      sent++;
    }
    expect(pids.size).toBe(2); // both processes answered some
    for (let i = 0; i < 3; i++) {
      const m = await metrics(app);
      expect(m.status).toBe(200);
      expect(series(m.text, "portal_http_requests_total", { method: "GET", route: "routes/livez", status: "200" })).toBe(sent);
    }
  }, 180_000);
});
