// Links through sign-in, without JavaScript (spec part 1 §4, §5, §8): a new
// prospect follows an appointment link, signs up, confirms the email and
// reaches the wizard; reopening the link does not loop; an MD link makes the
// user a marketing director; the link prompt shows each failure's message;
// axe finds nothing on the ERROR and prompt states (the welcome state:
// tests/e2e/every-screen.test.ts).
import type { Page } from "playwright-core";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { LINK_CHECK_FAILED, LINK_ERROR_MESSAGE, LINK_FAILURE_MESSAGES, LINK_REQUIRED, MD_UPDATE_SUCCESS_TITLE } from "~/features/links/messages";
import { browserFixture, newAccount, signUp } from "../support/browser";
import { sharedApp } from "./helpers";
import { axeViolations as violations } from "../support/axe";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** A new link on a seeded, usable, non-enrollRep level of a seeded recruiter (random code). */
async function newLink(opts: { prefix?: string; deleted?: boolean; enabled?: boolean; recruiterAgentId?: number } = {}) {
  const code = `E2E${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
  const [base] = await query<{ recruiter_agent_id: number; schedule_level_id: number }>(
    `SELECT l.recruiter_agent_id, l.schedule_level_id FROM appointment_links l
       JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
      WHERE NOT sl.enroll_rep AND l.is_enabled AND NOT l.is_deleted AND l.link_prefix = 'APL'
      ORDER BY l.appointment_link_id LIMIT 1`,
  );
  await query(
    `INSERT INTO appointment_links (link_prefix, code, recruiter_agent_id, schedule_level_id, is_enabled, is_deleted, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())`,
    [opts.prefix ?? "APL", code, opts.recruiterAgentId ?? base!.recruiter_agent_id, base!.schedule_level_id, opts.enabled ?? true, opts.deleted ?? false],
  );
  return `${opts.prefix ?? "APL"}${code}`;
}

async function expectNoViolationsAt(page: Page, widths: number[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect(await violations(page), `at ${width}px on ${page.url()}`).toEqual([]);
  }
}

async function usePromptedLink(page: Page, link: string) {
  await page.getByLabel("Appointment Link", { exact: true }).fill(link);
  await page.getByRole("button", { name: "Use link" }).click();
}

describe("links through sign-in without JavaScript", () => {
  test("a new prospect follows an appointment link, signs up, confirms the email and reaches the wizard; the link reopens without a loop", async () => {
    const link = await newLink();
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`${appUrl}/${link}`);
    await page.getByText("If you've already signed UP, just sign IN instead").waitFor();
    await page.getByRole("link", { name: "Create an account" }).click();

    const account = newAccount({ firstName: "Lina", lastName: "Okafor" });
    await signUp(page, appUrl, account);
    expect(new URL(page.url()).pathname).toBe("/home");
    await expect(page.getByText("No Apps or Invitations Found").count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Complete Your Appointment" }).click();
    await page.waitForURL(/\/wizard\?/);
    expect(new URL(page.url()).searchParams.get("link")).toBe(link);
    await page.getByRole("heading", { name: /before you start/i }).waitFor();

    // Reopening the link while signed in: the dashboard with its entry, not the sign-in again.
    await page.goto(`${appUrl}/${link}`);
    expect(new URL(page.url()).pathname).toBe("/home");
    await page.getByRole("link", { name: "Complete Your Appointment" }).waitFor();
    await page.close();
  });

  test("the link prompt shows each failure's own message, and a good link adds a NEW entry", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signUp(page, appUrl, newAccount({ firstName: "Ravi", lastName: "Prompt" }));
    await page.goto(`${appUrl}/home`);

    await usePromptedLink(page, "");
    await page.getByText(LINK_REQUIRED).waitFor();

    const cases: [string, keyof typeof LINK_FAILURE_MESSAGES][] = [
      ["APLNOSUCHLINK0000", "APPT_LINK_INVALID"],
      [await newLink({ deleted: true }), "APPT_LINK_DELETED"],
      [await newLink({ enabled: false }), "APPT_LINK_INVALID"],
      ["MDNOSUCHLINK0000", "MD_LINK_INVALID"],
    ];
    for (const [link, code] of cases) {
      await usePromptedLink(page, link);
      await page.getByText(LINK_FAILURE_MESSAGES[code]).waitFor();
      await page.getByText(LINK_CHECK_FAILED).waitFor();
      await expect(page.getByLabel("Appointment Link", { exact: true }).inputValue()).resolves.toBe(link);
    }

    const good = await newLink();
    await usePromptedLink(page, good);
    await page.waitForURL(/\/home\?lnk=/);
    await page.getByRole("link", { name: "Complete Your Appointment" }).waitFor();
    await page.close();
  });

  test("a link that cannot be used shows the welcome ERROR state with its message on the page, the HOLD sign-in beneath", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto(`${appUrl}/${await newLink({ deleted: true })}`);
    // On the page, not in a dialog (issue 36 item 8, decision 0103).
    const notice = page.getByRole("alert").filter({ hasText: LINK_ERROR_MESSAGE });
    await notice.getByText(LINK_FAILURE_MESSAGES.APPT_LINK_DELETED).waitFor();
    await notice.getByText(LINK_CHECK_FAILED).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.getByText("Click NEXT to log in.").waitFor();
    await page.getByRole("link", { name: "NEXT", exact: true }).waitFor();
    await page.close();
  });

  test("axe finds no violation on the ERROR and link prompt states at 1280 and 390 px", async () => {
    // axe runs in the page: this one has JavaScript. The welcome state (a good link):
    // tests/e2e/every-screen.test.ts, entry '$lnk'.
    const page = await browser.newPage();
    await page.goto(`${appUrl}/${await newLink({ deleted: true })}`);
    await page.getByText(LINK_ERROR_MESSAGE).waitFor();
    await expectNoViolationsAt(page, [1280, 390]);
    await signUp(page, appUrl, newAccount({ firstName: "Axel", lastName: "Prompt" }));
    await page.goto(`${appUrl}/home`);
    await page.getByLabel("Appointment Link", { exact: true }).waitFor();
    await expectNoViolationsAt(page, [1280, 390]);
    await usePromptedLink(page, "APLNOSUCHLINK0001");
    await page.getByText(LINK_FAILURE_MESSAGES.APPT_LINK_INVALID).waitFor();
    await expectNoViolationsAt(page, [1280, 390]);
    await page.close();
  });

  test("an MD link makes the signed-in user the marketing director of its position and asks to log out and in", async () => {
    const [position] = await query<{ id: number; company_number: string }>(
      `INSERT INTO agents (agent_number, company_number, block_number, mga_code, hierarchy_level, first_name, last_name, is_active, updated_at)
       SELECT 'MDE2E' || floor(random() * 1e6)::int, company_number, block_number, mga_code, 1, 'Open', 'Position', true, now()
         FROM agents ORDER BY id LIMIT 1
       RETURNING id, company_number`,
    );
    const mdLink = await newLink({ prefix: "MD", recruiterAgentId: position!.id });
    const page = await browser.newPage({ javaScriptEnabled: false });
    const account = newAccount({ firstName: "Dana", lastName: "Director" });
    await page.goto(`${appUrl}/${mdLink}`);
    await page.getByRole("link", { name: "Create an account" }).click();
    await signUp(page, appUrl, account);
    // On the page with its LOGOUT, the only way on; nothing else of the dashboard (issue 36 item 8).
    const notice = page.getByRole("status").filter({ hasText: MD_UPDATE_SUCCESS_TITLE });
    await notice.getByRole("button", { name: "LOGOUT" }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Tools" }).count()).toBe(0);
    const [row] = await query<{ user_role_code: string; position_user: string }>(
      `SELECT u.user_role_code, a.user_id::text AS position_user FROM users u JOIN agents a ON a.id = $1 WHERE u.user_name = $2`,
      [position!.id, account.email.toLowerCase()],
    );
    expect(row?.user_role_code).toBe("USRROLE_MD");
    expect(row?.position_user).toBeTruthy();
    await page.close();
  });
});
