// Import Agents (/admin/import, decision 0032) in Chromium: the demo internal
// administrator, with JavaScript DISABLED, finds it in the ADMIN menu,
// uploads a good CSV (redirected to the run; Refresh until the job has
// imported it: the counts) and a CSV with bad rows (nothing imported, every
// bad line listed); with JavaScript the upload shows its progress and the run
// page refreshes itself; axe-core finds nothing at 1280 and 390 px. A
// marketing director has no ADMIN menu and gets 403 for the upload (the page's
// 403 for every role: tests/security/role-table.test.ts).
// Import Licences (/admin/licences/import, decision 0072) on the same portal: a NIPR file without
// JavaScript (Refresh until imported: the counts), a bad file's lines, then with JavaScript (the
// upload goes up by XMLHttpRequest, the run page refreshes itself); axe at 1280 and 390 px.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { nav, sharedApp, withDb } from "./helpers";
import { axeViolations as violations } from "../support/axe";

const { appUrl } = sharedApp();
const browser = browserFixture();

const run = `${Date.now() % 100000}`.padStart(5, "0");
/** A small hierarchy of its own at the top of MIAC health block 72 (removed afterwards). */
const TOP = `8${run}0`;
const CHILD = `8${run}1`;
const JS_AGENT = `8${run}2`;
const HEADER = "agentNumber,companyNumber,blockNumber,carrierCode,mgaCode,level,firstName,middleName,lastName,companyName,uplineAgentNumber,email,phone,status,activeDate,terminatedDate";

const NPN = `77${run}`;
afterAll(async () => {
  await withDb(async (c) => {
    await c.query(`DELETE FROM producer_licences WHERE npn = ANY($1)`, [[NPN, `${NPN}9`]]);
    await c.query(`DELETE FROM agents WHERE agent_number = ANY($1) AND block_number = 72 AND parent_id IS NOT NULL`, [[CHILD, JS_AGENT]]);
    await c.query(`DELETE FROM agents WHERE agent_number = $1 AND block_number = 72`, [TOP]);
  });
});

function csvFile(name: string, rows: string[]) {
  return { name, mimeType: "text/csv", buffer: Buffer.from([HEADER, ...rows].join("\n") + "\n") };
}

/** Clicks Refresh (a plain link) until the run is finished; returns its status label. */
async function refreshUntilFinished(page: Page): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = (await page.getByTestId("import-run").getAttribute("data-status")) ?? "";
    if (["COMPLETED", "REJECTED", "FAILED"].includes(status)) return status;
    if (Date.now() > deadline) throw new Error(`import still ${status} after 60 s`);
    await page.waitForTimeout(500);
    await page.getByTestId("import-run").getByRole("link", { name: "Refresh" }).click();
    await page.getByTestId("import-run").waitFor();
  }
}

describe("Import Agents", () => {
  test("an administrator without JavaScript imports a good file and sees the bad lines of another", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
    await page.goto(`${appUrl}/home`);
    await nav(page).main.locator("summary", { hasText: "ADMIN" }).click();
    await nav(page).main.getByRole("link", { name: "Import Agents" }).click();
    await page.waitForURL(`${appUrl}/admin/import`);
    await page.getByRole("heading", { name: "Import Agents", level: 1 }).waitFor();

    await page.getByLabel("CSV file", { exact: true }).setInputFiles(
      csvFile("book.csv", [
        `${TOP},MI01,72,MIAC,HM1850,1,Imogen,,Porter,,0000,imogen.porter.${run}@example.com,303-555-0190,,,`,
        `${CHILD},MI01,72,MIAC,HM1850,2,Isaac,,Porter,,${TOP},,,,,`,
      ]),
    );
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.waitForURL(/\/admin\/import\?run=\d+$/);
    expect(await refreshUntilFinished(page)).toBe("COMPLETED");
    await expect.poll(() => page.getByTestId("import-status").textContent()).toBe("Imported");
    expect(await page.getByTestId("import-inserted").textContent()).toBe("2");
    const ids = await withDb(async (c) =>
      (await c.query(`SELECT agent_number, id, parent_id FROM agents WHERE agent_number = ANY($1) AND block_number = 72 ORDER BY agent_number`, [[TOP, CHILD]])).rows,
    );
    expect(ids).toHaveLength(2);
    expect(ids[1].parent_id).toBe(ids[0].id);

    // Bad rows: nothing imported, each bad line listed with its line number.
    await page.getByLabel("CSV file", { exact: true }).setInputFiles(
      csvFile("bad.csv", [
        `${JS_AGENT},MI01,72,MIAC,HM1850,2,Fine,,Row,,${TOP},,,,,`,
        `8${run}3,MI01,72,MIAC,HM1850,2,Bad,,Email,,${TOP},nope,,,,`,
        `8${run}4,MI01,72,MIAC,HM1850,2,Lost,,Upline,,9${run}9,,,,,`,
      ]),
    );
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.waitForURL(/\/admin\/import\?run=\d+$/);
    expect(await refreshUntilFinished(page)).toBe("REJECTED");
    const lines = await page.getByTestId("import-errors").locator("tbody tr td:first-child").allTextContents();
    expect(lines).toEqual(["3", "4"]);
    // Nothing was imported: no progress bar standing at 100% (issue 20 item 18).
    expect(await page.getByRole("progressbar", { name: "Import progress" }).count()).toBe(0);
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM agents WHERE agent_number = $1`, [JS_AGENT])).rows[0].n)).toBe(0);

    // Not a CSV: refused with the message next to the field.
    await page.getByLabel("CSV file", { exact: true }).setInputFiles({ name: "book.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.waitForURL(/upload=NOT_CSV/);
    await page.getByRole("alert").getByText("The file must be a CSV file (.csv).").waitFor();
    await page.close();
  });

  test("with JavaScript the upload shows progress and the run page refreshes itself; axe finds nothing", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/admin/import/upload")) posts.push(r.headers()["accept"] ?? "");
    });
    await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
    const found: string[] = [];
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${appUrl}/admin/import`);
      await page.getByRole("heading", { name: "Import Agents", level: 1 }).waitFor();
      found.push(...(await violations(page, `${width}px upload`)));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel("CSV file", { exact: true }).setInputFiles(csvFile("js.csv", [`${JS_AGENT},MI01,72,MIAC,HM1850,2,Jay,,Script,,${TOP},,,,,`]));
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.waitForURL(/\/admin\/import\?run=\d+$/);
    // The file went up by XMLHttpRequest (with upload progress), not as a page post.
    expect(posts).toEqual(["application/json"]);
    // No clicks: the page revalidates until the job is done.
    await page.locator('[data-testid="import-run"][data-status="COMPLETED"]').waitFor({ timeout: 60_000 });
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      found.push(...(await violations(page, `${width}px run`)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${width}px: the page scrolls sideways`).toBeLessThanOrEqual(0);
    }
    // The rejected run's error table too.
    const rejected = await withDb(async (c) => (await c.query(`SELECT id FROM agent_import_runs WHERE status = 'REJECTED' ORDER BY id DESC LIMIT 1`)).rows[0]?.id);
    if (rejected) {
      await page.goto(`${appUrl}/admin/import?run=${rejected}`);
      await page.getByTestId("import-errors").waitFor();
      expect(await page.getByRole("progressbar", { name: "Import progress" }).count()).toBe(0);
      found.push(...(await violations(page, "390px errors")));
    }
    expect(found).toEqual([]);
    await page.close();
  });

  test("anyone else has no ADMIN menu, and a CSV file posted to the upload is refused (403) and stores no run", async () => {
    // GET /admin/import (403, the portal's page) for every other role: tests/security/role-table.test.ts.
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/home`);
    expect(await nav(page).main.locator("summary", { hasText: "ADMIN" }).count()).toBe(0);
    const post = await page.request.post(`${appUrl}/admin/import/upload`, {
      multipart: { file: { name: "x.csv", mimeType: "text/csv", buffer: Buffer.from(`${HEADER}\n`) } },
      headers: { Origin: appUrl },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM agent_import_runs WHERE file_name = 'x.csv'`)).rows[0].n)).toBe(0);
    await page.close();
  });
});

describe("Import Licences", () => {
  const nipr = (name: string, rows: string[]) => ({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(["NPN,State,License Number,Line of Authority,Date Issued,Expiration Date,Active,Residency", ...rows].join("\n") + "\n"),
  });

  test("an administrator imports a NIPR file without JavaScript and with it; bad lines listed; axe finds nothing", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
    await page.goto(`${appUrl}/home`);
    await nav(page).main.locator("summary", { hasText: "ADMIN" }).click();
    await nav(page).main.getByRole("link", { name: "Import Licences" }).click();
    await page.waitForURL(`${appUrl}/admin/licences/import`);
    await page.getByRole("heading", { name: "Import Licences", level: 1 }).waitFor();
    await page.getByLabel("CSV file", { exact: true }).setInputFiles(
      nipr("nipr.csv", [`${NPN},TX,TX-${run},Life,01/01/2024,12/31/2030,Yes,Resident`, `${NPN},TX,TX-${run},Accident & Health or Sickness,01/01/2024,12/31/2030,Yes,Resident`]),
    );
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.waitForURL(/\/admin\/licences\/import\?run=\d+$/);
    expect(await refreshUntilFinished(page)).toBe("COMPLETED");
    expect(await page.getByTestId("licence-count").textContent()).toBe("1");
    expect(await page.getByTestId("import-inserted").textContent()).toBe("1");
    const stored = await withDb(async (c) => (await c.query(`SELECT loa_life, loa_accident_health, source FROM producer_licences WHERE npn = $1`, [NPN])).rows);
    expect(stored).toEqual([{ loa_life: true, loa_accident_health: true, source: "IMPORT" }]);

    await page.getByLabel("CSV file", { exact: true }).setInputFiles(nipr("bad.csv", [`${NPN}9,TX,1,Life,,,Yes,`, `${NPN}9,ZZ,2,Life,,,Yes,`]));
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.waitForURL(/\/admin\/licences\/import\?run=\d+$/);
    expect(await refreshUntilFinished(page)).toBe("REJECTED");
    expect(await page.getByTestId("import-errors").locator("tbody tr td:first-child").allTextContents()).toEqual(["3"]);
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM producer_licences WHERE npn = $1`, [`${NPN}9`])).rows[0].n)).toBe(0);
    await page.close();

    const js = await browser.newPage({ javaScriptEnabled: true });
    await signIn(js, appUrl, DEMO.admin, DEMO_PASSWORD);
    await js.goto(`${appUrl}/admin/licences/import`);
    await js.getByLabel("CSV file", { exact: true }).setInputFiles(nipr("js.csv", [`${NPN},TX,TX-${run},Life,01/01/2024,12/31/2031,Yes,Resident`]));
    await js.getByRole("button", { name: "Import", exact: true }).click();
    await js.waitForURL(/\/admin\/licences\/import\?run=\d+$/);
    await js.locator('[data-testid="import-run"][data-status="COMPLETED"]').waitFor({ timeout: 60_000 });
    expect(await js.getByTestId("import-updated").textContent()).toBe("1");
    const found: string[] = [];
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await js.setViewportSize({ width, height });
      found.push(...(await violations(js, `${width}px licence run`)));
      const overflow = await js.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${width}px: the page scrolls sideways`).toBeLessThanOrEqual(0);
    }
    expect(found).toEqual([]);
    await js.close();
  });
});

// ADMIN > API Tokens (decision 0075) on the same portal: without JavaScript create a token (shown
// once, not on the next visit; a bad form keeps what was typed), revoke it after the confirmation;
// with JavaScript the same, and axe at 1280 and 390 px, no sideways scroll at 390 px.
describe("API Tokens", () => {
  const NAME = `E2E import ${run}`;
  const JS_NAME = `E2E js ${run}`;
  afterAll(async () => {
    await withDb((c) => c.query(`DELETE FROM api_tokens WHERE name = ANY($1)`, [[NAME, JS_NAME]]));
  });
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const callWith = async (page: Page, token: string) =>
    (await page.request.get(`${appUrl}/api/v1/agent-imports`, { headers: { Authorization: `Bearer ${token}` } })).status();

  /** Create (no scope first: the message, the name kept), see the token once, revoke it. */
  async function journey(page: Page, name: string, atEachState: (state: string) => Promise<void>) {
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Create token" }).click();
    await page.getByText("Choose at least one thing the token may do.").waitFor();
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(name);
    await atEachState("invalid");
    await page.getByRole("checkbox", { name: /Import agents/ }).check();
    await page.getByRole("button", { name: "Create token" }).click();
    const secret = page.getByRole("textbox", { name: /^Token \(select it/ });
    await secret.waitFor();
    const token = await secret.inputValue();
    expect(token).toMatch(/^apt_[A-Za-z0-9_-]{43}$/);
    await atEachState("token shown");
    expect(await callWith(page, token)).toBe(200);
    // Shown once: the next visit lists it by its first characters only.
    await page.goto(`${appUrl}/admin/api-tokens`);
    const row = page.getByRole("row").filter({ hasText: name });
    await row.waitFor();
    expect(await page.content()).not.toContain(token);
    expect(await row.textContent()).toContain(token.slice(0, 12));
    await row.getByRole("link", { name: `Revoke ${name}` }).click();
    await page.getByRole("heading", { name: "Revoke a token" }).waitFor();
    await atEachState("revoke confirmation");
    await page.getByRole("button", { name: "Revoke token" }).click();
    await page.getByText(`The token '${name}' is revoked`).waitFor();
    expect(await callWith(page, token)).toBe(401);
  }

  test("an administrator without JavaScript creates a token, sees it once and revokes it", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
    await page.goto(`${appUrl}/home`);
    await nav(page).main.locator("summary", { hasText: "ADMIN" }).click();
    await nav(page).main.getByRole("link", { name: "API Tokens" }).click();
    await page.waitForURL(`${appUrl}/admin/api-tokens`);
    await page.getByRole("heading", { name: "API Tokens", level: 1 }).waitFor();
    await journey(page, NAME, async () => {});
    await page.close();
  });

  test("with JavaScript the same; axe finds nothing at 1280 and 390 px and nothing scrolls sideways", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
    await page.goto(`${appUrl}/admin/api-tokens`);
    await page.getByRole("heading", { name: "API Tokens", level: 1 }).waitFor();
    const found: string[] = [];
    const check = async (state: string) => {
      for (const [width, height] of [[1280, 900], [390, 844]] as const) {
        await page.setViewportSize({ width, height });
        found.push(...(await violations(page, `${width}px ${state}`)));
      }
      expect(await overflow(page), `390px ${state}: the page scrolls sideways`).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 1280, height: 900 });
    };
    await check("empty form");
    await journey(page, JS_NAME, check);
    expect(found).toEqual([]);
    await page.close();
  });
});

// ADMIN > Webhooks (issue 24 item 3, decision 0077) on the same portal (WEBHOOK_ALLOW_PRIVATE is off
// there): without JavaScript a loopback address is refused next to the field with what was typed
// kept; a public one is registered and its signing secret shown once (not on the endpoint's page);
// a delivery is listed and replayed (a new delivery, marked as the replay); the endpoint is deleted
// after the confirmation step. axe at 1280 and 390 px on the list and the endpoint, no sideways scroll.
describe("Webhooks", () => {
  test("an administrator without JavaScript registers an endpoint, sees a delivery, replays it and deletes the endpoint", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
    await page.goto(`${appUrl}/home`);
    await nav(page).main.locator("summary", { hasText: "ADMIN" }).click();
    await nav(page).main.getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL(`${appUrl}/admin/webhooks`);
    await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();

    const address = page.getByLabel("Address (URL)");
    await address.fill("https://127.0.0.1/hook");
    await page.getByLabel("Agent created", { exact: true }).check();
    await page.getByRole("button", { name: "ADD ENDPOINT" }).click();
    await page.getByText(/special-purpose range: loopback, 127.0.0.0\/8/).waitFor();
    expect(await page.getByLabel("Address (URL)").inputValue()).toBe("https://127.0.0.1/hook");
    expect(await page.getByLabel("Address (URL)").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Agent created", { exact: true }).isChecked()).toBe(true);

    const url = `https://93.184.215.14/hook-${run}`;
    await page.getByLabel("Address (URL)").fill(url);
    await page.getByLabel("Description").fill(`Commissions ${run}`);
    // Two events: the form posts `events` twice (issue 33 item 2).
    await page.getByLabel("Application approved", { exact: true }).check();
    await page.getByRole("button", { name: "ADD ENDPOINT" }).click();
    const secret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    await page.getByRole("link", { name: "Open the new endpoint" }).click();
    await page.waitForURL(/\/admin\/webhooks\/[0-9a-f-]{36}$/);
    const endpointUrl = page.url();
    const endpointId = endpointUrl.split("/").pop()!;
    expect(await page.content()).not.toContain(secret.slice(6));
    expect(await withDb(async (c) => (await c.query(`SELECT events FROM webhook_endpoints WHERE id = $1`, [endpointId])).rows[0].events)).toEqual(["application.approved", "agent.created"]);

    // A delivery that failed for good (written as the job would leave it).
    const deliveryId = await withDb(async (c) => {
      const ev = (await c.query(`INSERT INTO webhook_events (type, subject_type, subject_id, data) VALUES ('agent.created', 'agent', '9${run}', '{}') RETURNING id`)).rows[0].id as string;
      const id = (
        await c.query(`INSERT INTO webhook_deliveries (endpoint_id, event_id, status, attempts, response_code, duration_ms, error) VALUES ($1, $2, 'FAILED', 2, 500, 12, 'answered 500') RETURNING id::text`, [endpointId, ev])
      ).rows[0].id as string;
      await c.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, response_code, duration_ms, error, finished_at) VALUES ($1, 1, NULL, 10000, 'no answer within 10000 ms', now()), ($1, 2, 500, 12, 'answered 500', now())`,
        [id],
      );
      return id;
    });
    await page.goto(endpointUrl);
    const row = page.locator(`tr[data-status="FAILED"]`, { hasText: "answered 500" });
    await row.waitFor();
    // Every attempt, not only the last answer (issue 33 item 5).
    expect(await row.getByTestId("webhook-attempt").allTextContents()).toEqual([expect.stringContaining("1. no answer in 10000 ms: no answer within 10000 ms"), expect.stringContaining("2. answered 500 in 12 ms")]);
    await page.getByRole("button", { name: `Replay delivery ${deliveryId}` }).click();
    await page.waitForURL(/\?replayed=\d+$/);
    await page.getByText(`replay of ${deliveryId}`).waitFor();
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE replay_of_id = $1`, [deliveryId])).rows[0].n)).toBe(1);

    // Rotating the secret asks first, then shows the new one and until when the previous one signs.
    await page.getByRole("button", { name: "ROTATE SECRET" }).click();
    await page.getByRole("heading", { name: "Rotate the signing secret?" }).waitFor();
    expect(await withDb(async (c) => (await c.query(`SELECT previous_secret_until FROM webhook_endpoints WHERE id = $1`, [endpointId])).rows[0].previous_secret_until)).toBeNull();
    await page.getByRole("button", { name: "YES, ROTATE IT" }).click();
    const rotated = (await page.getByTestId("webhook-secret").textContent()) ?? "";
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByTestId("webhook-secret-overlap").waitFor();

    // axe and the width, with JavaScript, on the list and the endpoint.
    const js = await browser.newPage({ javaScriptEnabled: true });
    await signIn(js, appUrl, DEMO.admin, DEMO_PASSWORD);
    const found: string[] = [];
    for (const target of [`${appUrl}/admin/webhooks`, endpointUrl]) {
      for (const [width, height] of [
        [1280, 900],
        [390, 844],
      ] as const) {
        await js.setViewportSize({ width, height });
        await js.goto(target);
        await js.getByRole("heading", { level: 1 }).waitFor();
        found.push(...(await violations(js, `${width}px ${target}`)));
        const overflow = await js.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${width}px ${target}: the page scrolls sideways`).toBeLessThanOrEqual(0);
      }
    }
    expect(found).toEqual([]);
    await js.close();

    // Delete, after the confirmation step.
    await page.getByRole("button", { name: "DELETE", exact: true }).click();
    await page.getByRole("heading", { name: "Delete this endpoint?" }).waitFor();
    await page.getByRole("button", { name: "YES, DELETE IT" }).click();
    await page.waitForURL(`${appUrl}/admin/webhooks?deleted=1`);
    await page.getByText("The endpoint and its deliveries are deleted.").waitFor();
    expect(await page.getByText(url).count()).toBe(0);
    expect(await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM webhook_endpoints WHERE id = $1`, [endpointId])).rows[0].n)).toBe(0);
    await page.close();
  });
});

// With JavaScript, several boxes of a group ticked on the two screens that have one (issue 33 item
// 2; the other groups are posted without JavaScript in tests/integration/checkbox-groups.test.ts):
// an endpoint registered with three events and changed to two on its page, a token with two scopes.
describe("Checkbox groups with JavaScript", () => {
  test("several webhook events and several token scopes are saved", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
    await page.goto(`${appUrl}/admin/webhooks`);
    await page.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
    const url = `https://93.184.215.14/js-events-${run}`;
    await page.getByLabel("Address (URL)").fill(url);
    for (const label of ["Application submitted", "Agent created", "Invitation sent"]) await page.getByLabel(label, { exact: true }).check();
    await page.getByRole("button", { name: "ADD ENDPOINT" }).click();
    await page.getByTestId("webhook-secret").waitFor();
    const row = page.getByRole("row").filter({ hasText: url });
    await row.waitFor();
    expect(await row.textContent()).toContain("Application submitted, Agent created, Invitation sent");
    await row.getByRole("link", { name: url }).click();
    await page.waitForURL(/\/admin\/webhooks\/[0-9a-f-]{36}$/);
    await page.getByLabel("Agent created", { exact: true }).uncheck();
    await page.getByLabel("Application approved", { exact: true }).check();
    await page.getByRole("button", { name: "SAVE", exact: true }).click();
    await page.getByText("The endpoint is saved.").waitFor();
    const id = page.url().split("/").pop()!.split("?")[0]!;
    expect(await withDb(async (c) => (await c.query(`SELECT events FROM webhook_endpoints WHERE id = $1`, [id])).rows[0].events)).toEqual(["application.submitted", "application.approved", "invitation.sent"]);

    const name = `E2E scopes ${run}`;
    await page.goto(`${appUrl}/admin/api-tokens`);
    await page.getByRole("heading", { name: "API Tokens", level: 1 }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("checkbox", { name: /Import agents/ }).check();
    await page.getByRole("checkbox", { name: /Read agents/ }).check();
    await page.getByRole("button", { name: "Create token" }).click();
    await page.getByRole("textbox", { name: /^Token \(select it/ }).waitFor();
    expect(await withDb(async (c) => (await c.query(`SELECT scopes FROM api_tokens WHERE name = $1`, [name])).rows[0].scopes)).toEqual(["read:agents", "write:agents"]);
    await withDb(async (c) => {
      await c.query(`DELETE FROM api_tokens WHERE name = $1`, [name]);
      await c.query(`DELETE FROM webhook_endpoints WHERE id = $1`, [id]);
    });
    await page.close();
  });
});
