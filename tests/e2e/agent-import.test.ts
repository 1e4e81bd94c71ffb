// Import Agents (/admin/import, decision 0032) in Chromium, with JavaScript: the upload shows its
// progress (it goes up by XMLHttpRequest) and the run page refreshes itself, for a good file and for
// one with bad rows (its error table, no progress bar); axe-core finds nothing at 1280 and 390 px.
// Import Licenses (/admin/licences/import, decision 0072) on the same portal, with JavaScript the
// same; axe at 1280 and 390 px. Without JavaScript (the ADMIN menu, Refresh until imported: the
// counts, the bad lines, not a CSV; a director's upload stores no run):
// tests/integration/back-office-nojs.test.ts; 403 for every other role: tests/security/role-table.test.ts.
import type { Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { sharedApp, withDb } from "./helpers";
import { axeViolations as violations } from "../support/axe";

const { appUrl } = sharedApp();
const browser = browserFixture();

const run = `${Date.now() % 100000}`.padStart(5, "0");
/** A small hierarchy of its own at the top of MIAC health block 72 (removed afterwards). */
const TOP = `8${run}0`;
const JS_AGENT = `8${run}2`;
const HEADER = "agentNumber,companyNumber,blockNumber,carrierCode,mgaCode,level,firstName,middleName,lastName,companyName,uplineAgentNumber,email,phone,status,activeDate,terminatedDate";

const NPN = `77${run}`;
afterAll(async () => {
  await withDb(async (c) => {
    await c.query(`DELETE FROM producer_licences WHERE npn = ANY($1)`, [[NPN, `${NPN}9`]]);
    await c.query(`DELETE FROM agents WHERE agent_number = ANY($1) AND block_number = 72 AND parent_id IS NOT NULL`, [[JS_AGENT]]);
    await c.query(`DELETE FROM agents WHERE agent_number = $1 AND block_number = 72`, [TOP]);
  });
});

function csvFile(name: string, rows: string[]) {
  return { name, mimeType: "text/csv", buffer: Buffer.from([HEADER, ...rows].join("\n") + "\n") };
}

describe("Import Agents", () => {
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
    await page
      .getByLabel("CSV file", { exact: true })
      .setInputFiles(csvFile("js.csv", [`${TOP},MI01,72,MIAC,HM1850,1,Imogen,,Porter,,0000,,,,,`, `${JS_AGENT},MI01,72,MIAC,HM1850,2,Jay,,Script,,${TOP},,,,,`]));
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
    // A rejected run's error table too (a file with bad rows, uploaded the same way).
    await page.goto(`${appUrl}/admin/import`);
    await page
      .getByLabel("CSV file", { exact: true })
      .setInputFiles(csvFile("bad-js.csv", [`8${run}3,MI01,72,MIAC,HM1850,2,Bad,,Email,,${TOP},nope,,,,`, `8${run}4,MI01,72,MIAC,HM1850,2,Lost,,Upline,,9${run}9,,,,,`]));
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await page.locator('[data-testid="import-run"][data-status="REJECTED"]').waitFor({ timeout: 60_000 });
    await page.getByTestId("import-errors").waitFor();
    expect(await page.getByRole("progressbar", { name: "Import progress" }).count()).toBe(0);
    found.push(...(await violations(page, "390px errors")));
    expect(found).toEqual([]);
    await page.close();
  });
});

describe("Import Licenses", () => {
  const nipr = (name: string, rows: string[]) => ({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(["NPN,State,License Number,Line of Authority,Date Issued,Expiration Date,Active,Residency", ...rows].join("\n") + "\n"),
  });

  test("an administrator imports a NIPR file with JavaScript; axe finds nothing", async () => {
    const js = await browser.newPage({ javaScriptEnabled: true });
    await signIn(js, appUrl, DEMO.admin, DEMO_PASSWORD);
    await js.goto(`${appUrl}/admin/licences/import`);
    await js.getByLabel("CSV file", { exact: true }).setInputFiles(nipr("js.csv", [`${NPN},TX,TX-${run},Life,01/01/2024,12/31/2031,Yes,Resident`]));
    await js.getByRole("button", { name: "Import", exact: true }).click();
    await js.waitForURL(/\/admin\/licences\/import\?run=\d+$/);
    await js.locator('[data-testid="import-run"][data-status="COMPLETED"]').waitFor({ timeout: 60_000 });
    expect(await js.getByTestId("import-inserted").textContent()).toBe("1");
    const found: string[] = [];
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await js.setViewportSize({ width, height });
      found.push(...(await violations(js, `${width}px license run`)));
      const overflow = await js.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${width}px: the page scrolls sideways`).toBeLessThanOrEqual(0);
    }
    expect(found).toEqual([]);
    await js.close();
  });
});

// ADMIN > API Tokens (decision 0075) on the same portal: with JavaScript create a token (shown once,
// not on the next visit; a bad form keeps what was typed), revoke it after the confirmation, axe at
// 1280 and 390 px, no sideways scroll at 390 px. Without JavaScript:
// tests/integration/back-office-nojs.test.ts.
describe("API Tokens", () => {
  const JS_NAME = `E2E js ${run}`;
  afterAll(async () => {
    await withDb((c) => c.query(`DELETE FROM api_tokens WHERE name = ANY($1)`, [[JS_NAME]]));
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

// ADMIN > Webhooks (issue 24 item 3, decision 0077) on the same portal: axe at 1280 and 390 px on
// the list and on an endpoint with a failed delivery, no sideways scroll (every-screen skips the
// endpoint's page: it needs one of its own). Without JavaScript (a refused address, the secret
// shown once, a delivery replayed, the secret rotated, the endpoint deleted):
// tests/integration/back-office-nojs.test.ts.
describe("Webhooks", () => {
  test("with JavaScript axe finds nothing on the list and on an endpoint with a failed delivery at 1280 and 390 px, and nothing scrolls sideways", async () => {
    const js = await browser.newPage({ javaScriptEnabled: true });
    await signIn(js, appUrl, DEMO.admin, DEMO_PASSWORD);
    await js.goto(`${appUrl}/admin/webhooks`);
    await js.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
    const url = `https://93.184.215.14/axe-${run}`;
    await js.getByLabel("Address (URL)").fill(url);
    await js.getByLabel("Agent created", { exact: true }).check();
    await js.getByRole("button", { name: "Add endpoint" }).click();
    await js.getByTestId("webhook-secret").waitFor();
    await js.getByRole("link", { name: "Open the new endpoint" }).click();
    await js.waitForURL(/\/admin\/webhooks\/[0-9a-f-]{36}$/);
    const endpointUrl = js.url();
    const endpointId = endpointUrl.split("/").pop()!;
    // A delivery that failed for good (written as the job would leave it).
    await withDb(async (c) => {
      const ev = (await c.query(`INSERT INTO webhook_events (type, subject_type, subject_id, data) VALUES ('agent.created', 'agent', '9${run}', '{}') RETURNING id`)).rows[0].id as string;
      const id = (
        await c.query(`INSERT INTO webhook_deliveries (endpoint_id, event_id, status, attempts, response_code, duration_ms, error) VALUES ($1, $2, 'FAILED', 2, 500, 12, 'answered 500') RETURNING id::text`, [endpointId, ev])
      ).rows[0].id as string;
      await c.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, response_code, duration_ms, error, finished_at) VALUES ($1, 1, NULL, 10000, 'no answer within 10000 ms', now()), ($1, 2, 500, 12, 'answered 500', now())`,
        [id],
      );
    });
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
    await withDb((c) => c.query(`DELETE FROM webhook_endpoints WHERE id = $1`, [endpointId]));
    await js.close();
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
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await page.getByTestId("webhook-secret").waitFor();
    const row = page.getByRole("row").filter({ hasText: url });
    await row.waitFor();
    expect(await row.textContent()).toContain("Application submitted, Agent created, Invitation sent");
    await row.getByRole("link", { name: url }).click();
    await page.waitForURL(/\/admin\/webhooks\/[0-9a-f-]{36}$/);
    // The list page has the same boxes (its add form): wait for the endpoint's own page to render.
    await page.getByRole("heading", { name: "Webhook Endpoint", level: 1 }).waitFor();
    await page.getByLabel("Agent created", { exact: true }).uncheck();
    await page.getByLabel("Application approved", { exact: true }).check();
    expect(await page.getByLabel("Agent created", { exact: true }).isChecked()).toBe(false);
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
