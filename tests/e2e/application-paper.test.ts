// A marketing director fills out an application on a prospect's behalf (a
// paper appointment, spec part 2 §2 parameters email / multiPaper, §8
// 'Cannot Create Appointment'), with JavaScript turned off: the paper URL
// asks for confirmation, creating lands on the new application, the
// Personal section saves with the director's typed signature; the same
// email and link a second time is refused; the demo administrator sees the
// signature evidence on that application.
import pg from "pg";
import { describe, expect, test } from "vitest";
import { DEMO, DEMO_PASSWORD, browserFixture, signIn } from "../support/browser";
import { sharedApp } from "./helpers";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** One of the demo marketing director's usable (not enrollRep) appointment links. */
async function directorLink(): Promise<string> {
  const rows = await query<{ link: string }>(
    `SELECT l.link_prefix || l.code AS link
       FROM appointment_links l
       JOIN agents a ON a.id = l.recruiter_agent_id
       JOIN users u ON u.id = a.user_id
       JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
       JOIN commission_schedules s ON s.schedule_id = sl.schedule_id
      WHERE u.user_name = $1 AND l.is_enabled AND NOT l.is_deleted AND a.is_active
        AND sl.is_active AND s.is_active AND NOT sl.enroll_rep
      ORDER BY l.appointment_link_id LIMIT 1`,
    [DEMO.marketingDirector],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.link;
}

describe("paper appointment without JavaScript", () => {
  test("the director creates an application for a prospect, saves it; a second one is refused; the administrator sees the evidence", async () => {
    const link = await directorLink();
    const email = `paper.${Date.now()}@example.com`;
    const paperUrl = `${appUrl}/appoint?${new URLSearchParams({ email, link, apptTypeCode: "APPTTYP_IND" })}`;

    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);

    // The GET only asks: nothing is created yet.
    await page.goto(paperUrl);
    expect(new URL(page.url()).pathname).toBe("/appoint/paper");
    await page.getByRole("heading", { name: `Create the application for ${email}?` }).waitFor();
    await expect(page.getByTestId("paper-type").innerText()).resolves.toBe("Individual");
    expect(await query(`SELECT 1 FROM appointments WHERE prospect_email_address = $1`, [email])).toHaveLength(0);

    await page.getByRole("button", { name: "Create the Application" }).click();
    await page.waitForURL(/\/appoint\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get("id"));
    const [row] = await query<{ is_paper_appointment: boolean; submitter: string; appointment_type_code: string }>(
      `SELECT a.is_paper_appointment, u.user_name AS submitter, a.appointment_type_code
         FROM appointments a JOIN users u ON u.id = a.submitter_id WHERE a.appointment_id = $1`,
      [id],
    );
    expect(row).toEqual({ is_paper_appointment: true, submitter: DEMO.marketingDirector, appointment_type_code: "APPTTYP_IND" });

    // The director fills in the Personal section: consent, a name and the typed signature.
    await page.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
    await page.getByRole("button", { name: "I agree" }).click();
    await page.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
    const form = page.locator("form[id^='section-']");
    await form.getByLabel("First Name", { exact: true }).fill("Paula");
    await form.getByLabel("Last Name", { exact: true }).fill("Prospect");
    await form.getByLabel(/^Signature \(your mother's maiden name\)/).fill("Delgado");
    await form.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("dialog").getByText("Successfully Saved!").waitFor();
    const [saved] = await query<{ first_name: string; last_name: string }>(
      `SELECT first_name, last_name FROM appointment_personal WHERE appointment_id = $1`,
      [id],
    );
    expect(saved).toEqual({ first_name: "Paula", last_name: "Prospect" });
    const [sig] = await query<{ signature_value: string; acting: string | null; signed_by_user_id: string | null }>(
      `SELECT s.signature_value, u.user_name AS acting, s.signed_by_user_id
         FROM appointment_signatures s LEFT JOIN users u ON u.id = s.acting_user_id
        WHERE s.appointment_id = $1 AND s.signature_type_code = 'SIGTYP_QNA'`,
      [id],
    );
    expect(sig).toEqual({ signature_value: "Delgado", acting: DEMO.marketingDirector, signed_by_user_id: null });

    // The same email and link again: 'Cannot Create Appointment'.
    await page.goto(paperUrl);
    await page.getByRole("button", { name: "Create the Application" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Cannot Create Appointment").waitFor();
    await dialog
      .getByText("An appointment app already exists for this email and hierarchy. A different prospect email address is required.")
      .waitFor();
    expect(await query(`SELECT 1 FROM appointments WHERE prospect_email_address = $1`, [email])).toHaveLength(1);
    // The director does not see the evidence panel.
    await page.goto(`${appUrl}/appoint?id=${id}`);
    await page.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
    await expect(page.getByTestId("signature-evidence").count()).resolves.toBe(0);

    // The administrator opens the application and the evidence panel.
    const admin = await browser.newPage({ javaScriptEnabled: false });
    await signIn(admin, appUrl, DEMO.admin, DEMO_PASSWORD);
    await admin.goto(`${appUrl}/appoint?id=${id}`);
    const panel = admin.getByTestId("signature-evidence");
    await panel.locator("summary", { hasText: "Signature evidence" }).click();
    const consent = panel.locator("li").filter({ hasText: "Consent text version" });
    await expect(consent.innerText()).resolves.toContain(DEMO.marketingDirector);
    const qna = panel.locator("li[data-signature-type='SIGTYP_QNA']");
    await qna.waitFor();
    const text = await qna.innerText();
    expect(text).toContain("Delgado");
    expect(text).toMatch(/Typed by \(acting user\)\s*\S.*md@portal\.localhost/);
    expect(text).toContain("mother's maiden name");
    expect(text).toMatch(/Browser\s*\S*Mozilla/);
  });

  test("the prospect email is checked in the browser with the server's rules (JavaScript on)", async () => {
    const link = await directorLink();
    const page = await browser.newPage({ javaScriptEnabled: true });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    const own = DEMO.marketingDirector.toUpperCase();
    await page.goto(`${appUrl}/appoint?${new URLSearchParams({ email: own, link, apptTypeCode: "APPTTYP_IND" })}`);
    await page.getByRole("heading", { name: `Create the application for ${own}?` }).waitFor();
    await page.getByRole("button", { name: "Create the Application" }).click();
    const email = page.getByLabel("Prospect Email Address");
    await page.locator("#f-email-error", { hasText: "You Cannot Use Your Email" }).waitFor();
    await expect(email.getAttribute("aria-invalid")).resolves.toBe("true");
    await email.fill("someone@");
    await email.blur();
    await page.locator("#f-email-error", { hasText: "Email Address Format Is Invalid" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/appoint/paper");
    expect(await query(`SELECT 1 FROM appointments WHERE lower(prospect_email_address) IN ($1, 'someone@')`, [DEMO.marketingDirector])).toHaveLength(0);
  });
});
