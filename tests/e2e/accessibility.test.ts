// axe-core on the new-application wizard (every step) and on every section
// of the application, at a desktop width (1280px) and a phone width (390px):
// no violation of any rule axe runs by default (WCAG 2.x A/AA and best
// practices). See docs/decisions/0017-application-ui-review.md.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { browserFixture, DEMO, DEMO_PASSWORD, newAccount, signIn, signUp } from "../support/browser";
import { inviteProspect, sharedApp, throughWizard, withDb } from "./helpers";
import { axeViolations as violations } from "../support/axe";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

const SECTIONS = ["PERSONAL", "COMMS", "FEES", "AGREEMENTS", "DOCS", "INSTRUCT"] as const;

async function wizardAndSections(width: number, height: number, type: RegExp) {
  const page = await browser.newPage({ javaScriptEnabled: true });
  await page.setViewportSize({ width, height });
  const account = newAccount({ firstName: "Ada", middleName: "B", lastName: "Axe" });
  await signUp(page, appUrl, account);
  await inviteProspect(databaseUrl, account);
  await page.goto(`${appUrl}/home`);
  await page.getByRole("link", { name: "Complete Your Appointment" }).click();
  await page.waitForURL(/\/wizard\?/);

  const found: string[] = [];
  await page.getByRole("heading", { name: /before you start/i }).waitFor();
  found.push(...(await violations(page, `${width}px wizard step 1`)));
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.getByText("Does this invitation look right?").waitFor();
  found.push(...(await violations(page, `${width}px wizard step 2`)));
  // The spec's refusal when step 2 is not answered, on the page (decision 0103).
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.locator("#error-summary").getByText("Please choose Yes or No").waitFor();
  found.push(...(await violations(page, `${width}px wizard step 2 refused`)));
  await page.getByLabel("Yes", { exact: true }).check();
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.getByText("How do you want to be appointed?").waitFor();
  found.push(...(await violations(page, `${width}px wizard step 3`)));
  await page.getByRole("radio", { name: type }).check();
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.getByRole("heading", { name: /pointers for filling out/i }).waitFor();
  await page.getByRole("toolbar", { name: "PDF viewer controls" }).first().waitFor();
  found.push(...(await violations(page, `${width}px wizard step 4`)));
  await page.getByRole("button", { name: "NEXT", exact: true }).click();
  await page.waitForURL(/\/appoint\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get("id"));

  for (const section of SECTIONS) {
    await page.goto(`${appUrl}/appoint?id=${id}&section=${section}`);
    await page.locator("#section-title").waitFor();
    if (section === "AGREEMENTS" || section === "INSTRUCT") await page.getByRole("toolbar", { name: "PDF viewer controls" }).first().waitFor();
    found.push(...(await violations(page, `${width}px ${section}`)));
    if (section === "PERSONAL") {
      // With unsaved changes (the star on SAVE) and a message next to a field.
      const phone = page.locator("#f-phoneNumber");
      await phone.fill("123");
      await phone.blur();
      await page.locator("#f-phoneNumber-error").filter({ hasText: /./ }).waitFor();
      found.push(...(await violations(page, `${width}px ${section} with unsaved changes and an error`)));
      await phone.fill("");
    }
  }
  return found;
}

describe("accessibility (axe-core)", () => {
  // A corporation at the desktop width (home and business addresses), an individual on the phone.
  test("the wizard and every section at 1280px: no violation", async () => {
    expect(await wizardAndSections(1280, 900, /^Corporation —/)).toEqual([]);
  }, 180_000);

  test("the wizard and every section on a 390px phone: no violation", async () => {
    expect(await wizardAndSections(390, 844, /^Individual —/)).toEqual([]);
  }, 180_000);
});

// The review queue's screens (issue 11, decision 0029): the queue (with a bad
// filter's messages), the review screen (with a refused decision form's
// messages), and the prospect's dashboard and application after a return.
// At 390 px the page itself never scrolls sideways.
async function submittedFor(lastName: string): Promise<number> {
  return withDb(async (c) => {
    const link = (
      await c.query<{ appointment_link_id: number; recruiter_agent_id: number; schedule_level_id: number; carrier_id: number; level_no: number }>(
        `SELECT l.appointment_link_id, l.recruiter_agent_id, l.schedule_level_id, s.carrier_id, sl.level_no
           FROM appointment_links l JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
           JOIN commission_schedules s ON s.schedule_id = sl.schedule_id
          WHERE l.is_enabled AND NOT l.is_deleted ORDER BY l.appointment_link_id LIMIT 1`,
      )
    ).rows[0]!;
    const id = (
      await c.query<{ appointment_id: number }>(
        `INSERT INTO appointments (appointment_type_code, appointment_status_code, recruiter_agent_id, appointment_link_id, prospect_email_address, submitted_at, updated_at)
         VALUES ('APPTTYP_IND', 'APWF_STATUS_NEWCONTRACT', $1, $2, $3, now(), now()) RETURNING appointment_id`,
        [link.recruiter_agent_id, link.appointment_link_id, `${lastName.toLowerCase()}@example.com`],
      )
    ).rows[0]!.appointment_id;
    await c.query(`INSERT INTO appointment_personal (appointment_id, first_name, last_name, updated_at) VALUES ($1, 'Axel', $2, now())`, [id, lastName]);
    await c.query(
      `INSERT INTO appointment_carrier_blocks (id, appointment_id, appointment_link_id, schedule_level_id, carrier_id, level_no) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5)`,
      [id, link.appointment_link_id, link.schedule_level_id, link.carrier_id, link.level_no],
    );
    return id;
  });
}

async function noSidewaysScroll(page: Page, where: string): Promise<string[]> {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  return wide > 1 ? [`${where}: the page scrolls sideways by ${wide}px`] : [];
}

async function reviewScreens(width: number, height: number) {
  const found: string[] = [];
  const id = await submittedFor(`Axe${width}x${Date.now().toString(36)}`);
  const admin = await browser.newPage({ javaScriptEnabled: true });
  await admin.setViewportSize({ width, height });
  await signIn(admin, appUrl, DEMO.admin, DEMO_PASSWORD);
  const check = async (page: Page, where: string) => {
    found.push(...(await violations(page, `${width}px ${where}`)));
    if (width < 500) found.push(...(await noSidewaysScroll(page, `${width}px ${where}`)));
  };
  await admin.goto(`${appUrl}/admin/review`);
  await admin.getByRole("heading", { name: "Review Queue", level: 1 }).waitFor();
  await check(admin, "review queue");
  await admin.goto(`${appUrl}/admin/review?from=2026-02-30&to=2026-01-01`);
  await admin.locator("#f-from-error").waitFor();
  await check(admin, "review queue with a bad filter");
  await admin.goto(`${appUrl}/admin/review/${id}`);
  await admin.getByRole("heading", { name: "Review Application", level: 1 }).waitFor();
  await check(admin, "review screen");
  // The decision bar's choice opens its form (decision 0106).
  await admin.getByTestId("decision-bar").getByRole("link", { name: "Return for correction", exact: true }).click();
  const ret = admin.getByRole("region", { name: "Return for correction", exact: true });
  await ret.getByRole("button", { name: "Return for correction" }).click();
  await ret.locator("#return-reason-error").filter({ hasText: /./ }).waitFor();
  await check(admin, "review screen with a refused decision");

  // The prospect's side of a return.
  const prospect = await browser.newPage({ javaScriptEnabled: true });
  await prospect.setViewportSize({ width, height });
  const account = newAccount({ firstName: "Rita", middleName: "C", lastName: "Returned" });
  await signUp(prospect, appUrl, account);
  await inviteProspect(databaseUrl, account);
  const own = await throughWizard(prospect, /^Individual —/);
  await withDb(async (c) => {
    const adminId = (await c.query<{ id: string }>(`SELECT id FROM users WHERE user_name = $1`, [DEMO.admin])).rows[0]!.id;
    await c.query(
      `INSERT INTO appointment_decisions (id, appointment_id, decision_code, reason, sections, from_status_code, decided_by_id)
       VALUES (gen_random_uuid(), $1, 'RETURN', 'Please give a phone number we can reach you at.', ARRAY['PERSONAL','DOCS'], 'APWF_STATUS_NEWCONTRACT', $2)`,
      [own, adminId],
    );
  });
  await prospect.goto(`${appUrl}/home`);
  await prospect.getByTestId(`decision-note-appointment-${own}`).waitFor();
  await check(prospect, "dashboard with a returned application");
  await prospect.goto(`${appUrl}/appoint?id=${own}&section=PERSONAL`);
  await prospect.getByTestId("decision-note").waitFor();
  await check(prospect, "returned application");
  return found;
}

describe("accessibility of the review queue (axe-core)", () => {
  test("the review screens at 1280px: no violation", async () => {
    expect(await reviewScreens(1280, 900)).toEqual([]);
  }, 180_000);

  test("the review screens on a 390px phone: no violation, no sideways scrolling", async () => {
    expect(await reviewScreens(390, 844)).toEqual([]);
  }, 180_000);
});
