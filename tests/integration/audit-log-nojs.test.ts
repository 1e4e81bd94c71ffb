// ADMIN > Audit Log without JavaScript (issue 38 item 3, decision 0119), with the form driver on a
// portal of its own (the demo data): the compliance officer signs in, finds the screen in the ADMIN
// menu, sees the director's view of the demo prospect's application with who, what, which record and
// from where; filters by person, record, kind of event and dates (a reversed range refused beside
// 'To'); exports the filtered rows as CSV and as JSON lines through the report job and downloads
// them (the download itself on record); checks the digest chain. A director and a prospect get the
// portal's 403 for the screen and the export; the officer gets 404 for the prospect's application.
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AUDIT_LOG_REPORT_ID } from "~/features/compliance-officer/filters";
import { startApp, type AppHandle } from "../support/app-server";
import { visitorSignIn } from "../support/app-sign-in";
import { DEMO } from "../support/browser";
import type { Page, Visitor } from "../support/form-driver";
import { buildIfStale } from "../support/global-app";
import { query } from "../support/mailbox";
import { createTestDatabase } from "../support/postgres";

let app: AppHandle;
let officer: Visitor;
let director: Visitor;
let prospect: Visitor;
let applicationId: number;
const today = new Date().toISOString().slice(0, 10);

const sql = <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => query<T>(app.databaseUrl!, text, params);

beforeAll(async () => {
  buildIfStale();
  const db = await createTestDatabase(undefined, { url: inject("pgUrl"), template: inject("pgTemplate") });
  // TIME_ZONE UTC: 'today' in the filters is the UTC day the rows were written on.
  app = await startApp({ databaseUrl: db.url, env: { TIME_ZONE: "UTC" } });
  [officer, director, prospect] = await Promise.all([DEMO.compliance, DEMO.marketingDirector, DEMO.prospect].map(async (e) => (await visitorSignIn(app, e)).visitor));
  const [row] = await sql<{ appointment_id: number }>(
    `SELECT a.appointment_id FROM appointments a JOIN users u ON u.id = a.user_id WHERE u.user_name = $1 ORDER BY a.appointment_id LIMIT 1`,
    [DEMO.prospect],
  );
  applicationId = row!.appointment_id;
  // The director (the prospect's recruiter) reads the application: one APPLICATION_VIEWED; the prospect's own look is not logged.
  expect((await director.get(`${app.url}/appoint?id=${applicationId}`)).status).toBe(200);
  expect((await prospect.get(`${app.url}/appoint?id=${applicationId}`)).status).toBe(200);
}, 240_000);

afterAll(async () => {
  await app?.dispose();
});

const screen = () => officer.get(`${app.url}/home`).then((home) => home.within("navigation", "Main").toggle("ADMIN").follow("Audit Log"));
const filters = (page: Page) => page.form("Apply filters");
/** The table's rows as [when, who, what, record, from where]. */
const entries = (page: Page) => page.rows().slice(1);

describe("the compliance officer's audit log, without JavaScript", () => {
  it("the officer's dashboard is the audit log", async () => {
    const home = await officer.get(`${app.url}/home`);
    expect(home.heading()).toBe("Audit Log");
  });

  it("a sign-in is on record with where it came from", async () => {
    const page = await filters(await screen()).select("Kind of event", "Signed in").submit("Apply filters");
    const signIns = entries(page).filter((cells) => cells.some((c) => c.startsWith("Signed in")));
    expect(signIns.length).toBeGreaterThanOrEqual(3);
    // The fifth cell, from where: the client's address (loopback here), not blank.
    for (const cells of signIns) expect(cells[4]).toMatch(/127\.0\.0\.1|::1/);
  });

  it("lists the director's view of the application: when, who, what, record, from where; the prospect's own view is not there", async () => {
    const page = await screen();
    expect(page.heading()).toBe("Audit Log");
    const viewed = entries(page).filter((cells) => cells.some((c) => c.startsWith("Application viewed")));
    expect(viewed).toHaveLength(1);
    const [when, who, what, record, from] = viewed[0]!;
    expect(when).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d (AM|PM) UTC$/);
    expect(who).toContain(DEMO.marketingDirector);
    expect(what).toContain("/appoint");
    expect(record).toBe(`Application ${applicationId}`);
    expect(from).toContain("form-driver (no JavaScript)");
  });

  it("filters by person, record, kind of event and dates; a reversed range is refused beside 'To'", async () => {
    let page = await filters(await screen()).fill("Person (name, email or id)", "md@portal").select("Kind of event", "Application viewed").submit("Apply filters");
    expect(page.searchParams.get("kind")).toBe("APPLICATION_VIEWED");
    expect(entries(page).map((c) => c[3])).toEqual([`Application ${applicationId}`]);

    page = await filters(page).fill("Person (name, email or id)", "").select("Kind of event", "All events").select("Record type", "Application").fill("Record id", String(applicationId)).fill("From", today).fill("To", today).submit("Apply filters");
    expect(entries(page).length).toBeGreaterThanOrEqual(1);
    expect(new Set(entries(page).map((c) => c[3]))).toEqual(new Set([`Application ${applicationId}`]));

    page = await filters(page).fill("From", "2020-01-02").fill("To", "2020-01-02").submit("Apply filters");
    expect(page.shows("No audit entries match these filters.")).toBe(true);

    page = await filters(page).fill("Person (name, email or id)", "nobody-at-all@example.com").fill("From", "").fill("To", "").submit("Apply filters");
    expect(page.shows("No audit entries match these filters.")).toBe(true);

    page = await filters(page).fill("Person (name, email or id)", "").fill("From", today).fill("To", "2020-01-01").submit("Apply filters");
    expect(page.status).toBe(400);
    expect(page.fieldError("To")).toBe("'To' must be on or after 'From'.");
  });

  it("exports the filtered rows as CSV and as JSON lines through the report job; each download is on record", async () => {
    let page = await filters(await screen()).select("Kind of event", "Application viewed").submit("Apply filters");
    page = await page.click("Export as CSV");
    expect(page.banners().join(" ")).toContain("Your export is queued.");
    page = await page.click("Export as JSON lines");
    const ready = async () => {
      for (let i = 0; i < 60; i++) {
        page = await officer.get(`${app.url}/admin/audit-log`);
        if (page.all("a[href]", /^Download (CSV|JSON lines)$/).length === 2) return page;
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error(`the exports are not ready: ${page.within("region", "Your exports").text()}`);
    };
    page = await ready();
    expect(page.shows("Event: Application viewed (CSV)")).toBe(true);

    const download = async (name: string) => {
      const url = new URL(page.link(name), app.url).href;
      const res = await fetch(url, { headers: { cookie: officer.cookies(url) } });
      expect(res.status).toBe(200);
      return { type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), text: await res.text(), id: url.split("/").pop()! };
    };
    const csv = await download("Download CSV");
    expect(csv.type).toContain("text/csv");
    expect(csv.disposition).toContain("Audit_Log.csv");
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe("id,occurred_at,action,actor_user_id,actor_email,actor_name,impersonator_user_id,impersonator_email,api_token_id,api_token_name,target_type,target_id,ip_address,user_agent,path");
    expect(lines.slice(1).every((l) => l.split(",")[2] === "APPLICATION_VIEWED")).toBe(true);
    expect(lines.some((l) => l.includes(DEMO.marketingDirector) && l.includes(`,Appointment,${applicationId},`))).toBe(true);

    const jsonl = await download("Download JSON lines");
    expect(jsonl.disposition).toContain("Audit_Log.jsonl");
    const objects = jsonl.text.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objects.every((o) => o.action === "APPLICATION_VIEWED")).toBe(true);
    expect(objects.some((o) => o.actor_email === DEMO.marketingDirector && o.target_id === String(applicationId))).toBe(true);

    const [logged] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'RECORD_EXPORTED' AND target_type = 'ReportRequest' AND target_id = $1`, [jsonl.id]);
    expect(logged!.n).toBe(1);
  }, 60_000);

  it("checks the digest chain: nothing digested yet on a portal started today", async () => {
    const page = await (await screen()).follow("Check the digest chain");
    expect(page.banners().join(" ")).toContain("No day has been digested yet");
  });
});

describe("anyone else", () => {
  it("a director and a prospect get the portal's 403 for the screen and an export; the officer gets 404 for the prospect's application", async () => {
    const [exp] = await sql<{ id: number }>(`SELECT report_request_id AS id FROM report_requests WHERE report_id = ${AUDIT_LOG_REPORT_ID} ORDER BY 1 LIMIT 1`);
    for (const v of [director, prospect]) {
      const page = await v.get(`${app.url}/admin/audit-log`);
      expect(page.status).toBe(403);
      expect(page.shows(/do not have access to this page/i)).toBe(true);
      const res = await fetch(`${app.url}/admin/audit-log/exports/${exp!.id}`, { headers: { cookie: v.cookies(app.url) }, redirect: "manual" });
      expect(res.status).toBe(403);
    }
    expect((await officer.get(`${app.url}/appoint?id=${applicationId}`)).status).toBe(404);
    expect((await officer.get(`${app.url}/admin/review`)).status).toBe(403);
  });
});
