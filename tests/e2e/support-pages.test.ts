// Contact Us, /view, claiming paper applications and the link failures the
// other e2e files do not cover (issue 8, spec part 1; decision 0022), mostly
// with JavaScript disabled; axe-core at 1280 and 390 px on /svcreq with its
// messages, /view and the link prompt, each usable at 390 px (no sideways
// scrolling; the screens as they open: tests/e2e/every-screen.test.ts).
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { LINK_CHECK_FAILED, LINK_FAILURE_MESSAGES, LINK_REQUIRED } from "~/features/links/messages";
import { VIEW_MESSAGES } from "~/features/documents/view-messages";
import { SVCREQ_MESSAGES } from "~/features/service-requests/service-request";
import { DEMO, DEMO_PASSWORD, browserFixture, confirmAddress, fillSignIn, gotoSignIn, newAccount, signIn, signUp, waitForPortal } from "../support/browser";
import { findLink, waitForMail } from "../support/mailbox";
import { sharedApp, withDb } from "./helpers";
import { axeViolations as violations } from "../support/axe";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

async function query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  return withDb(async (c) => (await c.query(sql, params)).rows as T[]);
}

const pdf = (size = 0) => {
  const head = Buffer.from("%PDF-1.4\n% e2e\n");
  const bytes = Buffer.alloc(Math.max(size, head.length));
  head.copy(bytes);
  return bytes;
};

/** No axe violation and no sideways scrolling at each width. */
async function expectAccessibleAt(page: Page, where: string, widths = [1280, 390]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect(await violations(page, `${where} at ${width}px`)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${where} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The browser's own message for a control ('Please fill out this field.'); empty when the spec's message is the only one (decision 0051). */
const browserMessage = (page: Page, label: string | RegExp) => page.getByLabel(label, { exact: typeof label === "string" }).evaluate((e) => (e as HTMLInputElement).validationMessage);

async function fillRequest(page: Page, opts: { subject?: string; text?: string; file?: { name: string; buffer: Buffer } }) {
  if (opts.subject !== undefined) await page.getByLabel("Subject").selectOption(opts.subject);
  if (opts.text !== undefined) await page.getByLabel(/^Your Request/).fill(opts.text);
  if (opts.file) await page.getByLabel(/^Attachment/).setInputFiles({ name: opts.file.name, mimeType: "application/pdf", buffer: opts.file.buffer });
}

describe("Contact Us without JavaScript", () => {
  test("refuses a missing subject, a renamed non-PDF and an oversized PDF keeping the text; sends a good request with its PDF; OK goes home", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const account = newAccount({ firstName: "Cato", lastName: "Contact" });
    await signUp(page, appUrl, account);

    // typ preselects the subject; the form's read-only parts.
    await page.goto(`${appUrl}/svcreq/SVCREQ_LEVELCHG`);
    await page.getByRole("heading", { name: "Contact Us", level: 1 }).waitFor();
    expect(await page.getByLabel("Subject").inputValue()).toBe("SVCREQ_LEVELCHG");
    expect(await page.getByLabel("Subject").locator("option:checked").innerText()).toBe("Request that an Agent be Moved");
    expect(await page.getByLabel("Request Date").inputValue()).toMatch(/^\d\d\/\d\d\/\d{4}, \d{1,2}:\d\d [AP]M/);
    expect(await page.getByLabel("Requester", { exact: true }).inputValue()).toContain(account.email.toLowerCase());
    expect(await page.getByLabel("Recipient").inputValue()).toBe("Internal Administrators");
    expect(await page.getByLabel(/^Your Request/).getAttribute("rows")).toBe("6");

    // Nothing chosen or typed: the spec's message next to each field, not the browser's own check (issue 20 item 6).
    await fillRequest(page, { subject: "", text: "" });
    await page.getByRole("button", { name: "SEND" }).click();
    await page.locator("#f-requestTypeCode-error").getByText(SVCREQ_MESSAGES.subjectRequired).waitFor();
    await page.locator("#f-requestText-error").getByText(SVCREQ_MESSAGES.textRequired).waitFor();
    expect(await browserMessage(page, "Subject")).toBe("");
    // No subject: refused with its message, the text kept.
    await fillRequest(page, { text: "Please move agent 123 under me." });
    await page.getByRole("button", { name: "SEND" }).click();
    await page.locator("#f-requestTypeCode-error").getByText(SVCREQ_MESSAGES.subjectRequired).waitFor();
    expect(await page.locator("#f-requestText-error").innerText()).toBe("");
    expect(await page.getByLabel(/^Your Request/).inputValue()).toBe("Please move agent 123 under me.");

    // A zip renamed to .pdf: refused by its content.
    await fillRequest(page, { subject: "SVCREQ_LEVELCHG", file: { name: "move.pdf", buffer: Buffer.from("PK\u0003\u0004 not a pdf") } });
    await page.getByRole("button", { name: "SEND" }).click();
    await page.getByRole("dialog").getByText(SVCREQ_MESSAGES.invalidFileTitle, { exact: true }).waitFor();
    expect(await page.getByLabel(/^Your Request/).inputValue()).toBe("Please move agent 123 under me.");
    expect(await page.getByLabel("Subject").inputValue()).toBe("SVCREQ_LEVELCHG");

    // Over 2,000,000 bytes.
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await fillRequest(page, { file: { name: "big.pdf", buffer: pdf(2_000_001) } });
    await page.getByRole("button", { name: "SEND" }).click();
    await page.getByRole("dialog").getByText(SVCREQ_MESSAGES.invalidFileTitle, { exact: true }).waitFor();
    expect(await query(`SELECT 1 FROM service_requests r JOIN users u ON u.id = r.requester_user_id WHERE u.user_name = $1`, [account.email.toLowerCase()])).toHaveLength(0);

    // A good request with a PDF.
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await fillRequest(page, { file: { name: "move.pdf", buffer: pdf(4000) } });
    await page.getByRole("button", { name: "SEND" }).click();
    await page.waitForURL(/\/svcreq\?sent=1$/);
    await page.getByRole("dialog").getByText(SVCREQ_MESSAGES.sentTitle).waitFor();
    const [row] = await query<{ service_request_id: number; request_type_code: string; requester_type_code: string; byte_size: number }>(
      `SELECT r.service_request_id, r.request_type_code, r.requester_type_code, f.byte_size
         FROM service_requests r JOIN users u ON u.id = r.requester_user_id JOIN stored_files f ON f.id = r.attachment_file_id
        WHERE u.user_name = $1`,
      [account.email.toLowerCase()],
    );
    expect(row).toMatchObject({ request_type_code: "SVCREQ_LEVELCHG", requester_type_code: "RQTYP_AGT", byte_size: 4000 });
    await page.getByRole("dialog").getByRole("link", { name: "OK" }).click();
    await page.waitForURL(/\/home$/);

    // The job mails it to the internal administrators with the PDF.
    const mail = await waitForMail(databaseUrl, { subject: new RegExp(`#${row!.service_request_id}\\)`) });
    expect(mail.to).toContain(DEMO.admin);
    const [att] = await query<{ attachments: Array<{ fileName: string; byteSize: number }> }>(`SELECT attachments FROM mail_messages WHERE id = $1`, [mail.id]);
    expect(att?.attachments).toEqual([expect.objectContaining({ fileName: "move.pdf", byteSize: 4000 })]);
  });
});

describe("Contact Us with JavaScript", () => {
  test("checks the subject in the browser, refuses a renamed non-PDF, sends with progress and goes home", async () => {
    const page = await browser.newPage();
    await signUp(page, appUrl, newAccount({ firstName: "Jess", lastName: "Script" }));
    // The subject preselected, then cleared; the text clicked into and left empty; SEND: each field's own
    // message (issue 20 item 6: a message shown on leaving the text moved SEND away from the click).
    await page.goto(`${appUrl}/svcreq/SVCREQ_LEVELCHG`);
    await page.getByText("drop one PDF here", { exact: false }).waitFor();
    await fillRequest(page, { subject: "" });
    await page.getByLabel(/^Your Request/).click();
    await page.getByRole("button", { name: "SEND" }).click();
    await page.locator("#f-requestTypeCode-error").getByText(SVCREQ_MESSAGES.subjectRequired).waitFor();
    await page.locator("#f-requestText-error").getByText(SVCREQ_MESSAGES.textRequired).waitFor();
    expect(await browserMessage(page, "Subject")).toBe("");

    await page.goto(`${appUrl}/svcreq`);
    await page.getByText("drop one PDF here", { exact: false }).waitFor();
    await fillRequest(page, { text: "Where is my commission statement?" });
    await page.getByRole("button", { name: "SEND" }).click();
    await page.getByText(SVCREQ_MESSAGES.subjectRequired).waitFor();

    await fillRequest(page, { subject: "SVCREQ_COMMISSION", file: { name: "statement.pdf", buffer: Buffer.from("GIF89a renamed") } });
    await page.getByRole("button", { name: "SEND" }).click();
    await page.getByRole("dialog").getByText(SVCREQ_MESSAGES.invalidFileTitle, { exact: true }).waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    expect(await page.getByLabel(/^Your Request/).inputValue()).toBe("Where is my commission statement?");

    await fillRequest(page, { file: { name: "statement.pdf", buffer: pdf(50_000) } });
    await page.getByRole("button", { name: "SEND" }).click();
    await page.getByRole("dialog").getByText(SVCREQ_MESSAGES.sentTitle).waitFor();
    await page.getByRole("dialog").getByRole("link", { name: "OK" }).click();
    await page.waitForURL(/\/home$/);
  });
});

describe("/view/{pth}", () => {
  async function scheduleDocumentId(): Promise<string> {
    const [row] = await query<{ document_id: string }>(
      `SELECT sl.document_id::text AS document_id FROM schedule_levels sl WHERE sl.document_id IS NOT NULL ORDER BY sl.schedule_level_id LIMIT 1`,
    );
    expect(row).toBeTruthy();
    return row!.document_id;
  }

  test("without JavaScript: 'Downloading...' starts the download by itself; an unknown document is 'Document Unavailable'; no pth goes to the welcome page", async () => {
    const id = await scheduleDocumentId();
    const page = await browser.newPage({ javaScriptEnabled: false });
    const download = page.waitForEvent("download");
    await page.goto(`${appUrl}/view/${id}`);
    await page.getByRole("heading", { name: VIEW_MESSAGES.downloading }).waitFor();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    await page.getByRole("link", { name: VIEW_MESSAGES.downloadLink }).waitFor();

    const res = await page.goto(`${appUrl}/view/00000000-0000-4000-8000-000000000000`);
    expect(res?.status()).toBe(404);
    await page.getByRole("heading", { name: VIEW_MESSAGES.unavailableTitle }).waitFor();
    await page.getByText(VIEW_MESSAGES.unavailable).waitFor();
    await page.getByText(VIEW_MESSAGES.tryAgain).waitFor();

    await page.goto(`${appUrl}/view/`);
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test("with JavaScript: 'Download is complete!' after the file is saved; axe finds nothing at 1280 and 390 px", async () => {
    const id = await scheduleDocumentId();
    const page = await browser.newPage();
    const download = page.waitForEvent("download");
    await page.goto(`${appUrl}/view/${id}`);
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await page.getByRole("heading", { name: VIEW_MESSAGES.complete }).waitFor();
    await expectAccessibleAt(page, "/view complete");
    await page.goto(`${appUrl}/view/not-a-document`);
    await page.getByRole("heading", { name: VIEW_MESSAGES.unavailableTitle }).waitFor();
    await expectAccessibleAt(page, "/view unavailable");
  });
});

describe("claiming a paper application (no JavaScript)", () => {
  test("a recruiter fills one out for a prospect; the prospect signs up with that email and sees it only once the email is verified", async () => {
    const [l] = await query<{ link: string }>(
      `SELECT l.link_prefix || l.code AS link
         FROM appointment_links l JOIN agents a ON a.id = l.recruiter_agent_id JOIN users u ON u.id = a.user_id
         JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id JOIN commission_schedules s ON s.schedule_id = sl.schedule_id
        WHERE u.user_name = $1 AND l.link_prefix = 'APL' AND l.is_enabled AND NOT l.is_deleted AND a.is_active AND sl.is_active AND s.is_active AND NOT sl.enroll_rep
        ORDER BY l.appointment_link_id DESC LIMIT 1`,
      [DEMO.marketingDirector],
    );
    const account = newAccount({ firstName: "Petra", lastName: "Paper" });
    const recruiter = await browser.newPage({ javaScriptEnabled: false });
    await signIn(recruiter, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await recruiter.goto(`${appUrl}/appoint?${new URLSearchParams({ email: account.email, link: l!.link, apptTypeCode: "APPTTYP_IND" })}`);
    await recruiter.getByRole("button", { name: "Create the Application" }).click();
    await recruiter.waitForURL(/\/appoint\?id=\d+/);
    const id = Number(new URL(recruiter.url()).searchParams.get("id"));

    // The prospect signs up but does not confirm the email yet, and signs in.
    const page = await browser.newPage({ javaScriptEnabled: false });
    const since = new Date(Date.now() - 1_000);
    await gotoSignIn(page, appUrl);
    await page.getByRole("link", { name: /sign up now/i }).click();
    await page.getByLabel(/^email/i).fill(account.email);
    await page.getByLabel(/^password/i).fill(account.password);
    await page.getByLabel(/confirm password/i).fill(account.password);
    await page.getByLabel(/first name/i).fill(account.firstName);
    await page.getByLabel(/middle name/i).fill(account.middleName);
    await page.getByLabel(/last name/i).fill(account.lastName);
    await page.getByLabel(/phone/i).fill(account.phone);
    await page.getByRole("button", { name: /sign up|create/i }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByRole("link", { name: "Back to sign in" }).click();
    await page.getByLabel(/^email/i).waitFor();
    await fillSignIn(page, account.email, account.password);
    // No portal session for an address nobody has confirmed (decision 0035): the page says so.
    await page.getByRole("heading", { name: "Confirm your email first" }).waitFor();
    const before = await page.goto(`${appUrl}/appoint?id=${id}`);
    expect(before?.status()).not.toBe(200);
    await page.getByRole("heading", { name: "Confirm your email first" }).waitFor();

    // Confirmed: at the next sign-in the application is theirs.
    const mail = await waitForMail(databaseUrl, { to: account.email, subject: /confirm your/i, since });
    await confirmAddress(page, findLink(mail, /\/email\/verify\//), account.password);
    await waitForPortal(page, appUrl);
    await page.goto(`${appUrl}/home`);
    await page.getByRole("link", { name: "Resume Your Appointment" }).click();
    await page.waitForURL(new RegExp(`/appoint\\?id=${id}`));
  }, 180_000); // two browsers, a sign-up, an extra sign-in after the confirmation (decision 0035): slow on a loaded machine
});

describe("link failures at the link prompt (no JavaScript)", () => {
  test("SCHED_INACTIVE and AGENT_LINK_INVALID show their own message", async () => {
    const [base] = await query<{ recruiter_agent_id: number; schedule_level_id: number; schedule_id: number }>(
      `SELECT l.recruiter_agent_id, l.schedule_level_id, sl.schedule_id FROM appointment_links l
         JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
        WHERE NOT sl.enroll_rep AND l.is_enabled AND NOT l.is_deleted AND l.link_prefix = 'APL'
        ORDER BY l.appointment_link_id LIMIT 1`,
    );
    const [level] = await query<{ schedule_level_id: number }>(
      `INSERT INTO schedule_levels (schedule_id, level_no, level_name, is_active)
       SELECT $1, COALESCE(MAX(level_no), 0) + 1, 'Retired level', false FROM schedule_levels WHERE schedule_id = $1
       RETURNING schedule_level_id`,
      [base!.schedule_id],
    );
    const [gone] = await query<{ id: number }>(
      `INSERT INTO agents (agent_number, company_number, block_number, mga_code, hierarchy_level, first_name, last_name, is_active, updated_at)
       SELECT 'GONE' || floor(random() * 1e6)::int, company_number, block_number, mga_code, 2, 'Former', 'Agent', false, now()
         FROM agents WHERE id = $1 RETURNING id`,
      [base!.recruiter_agent_id],
    );
    const link = async (recruiterAgentId: number, scheduleLevelId: number) => {
      const code = `E2E${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
      await query(
        `INSERT INTO appointment_links (link_prefix, code, recruiter_agent_id, schedule_level_id, is_enabled, is_deleted, updated_at)
         VALUES ('APL', $1, $2, $3, true, false, now())`,
        [code, recruiterAgentId, scheduleLevelId],
      );
      return `APL${code}`;
    };
    const cases: Array<[string, keyof typeof LINK_FAILURE_MESSAGES]> = [
      [await link(base!.recruiter_agent_id, level!.schedule_level_id), "SCHED_INACTIVE"],
      [await link(gone!.id, base!.schedule_level_id), "AGENT_LINK_INVALID"],
    ];
    try {
      const page = await browser.newPage({ javaScriptEnabled: false });
      await signUp(page, appUrl, newAccount({ firstName: "Lars", lastName: "Links" }));
      await page.goto(`${appUrl}/home`);
      // Empty: the spec's 'A link is required!', never the browser's 'Please fill out this field.' (issue 20 item 22).
      await page.getByRole("button", { name: "USE LINK" }).click();
      await page.locator("#link-prompt-link-error").getByText(LINK_REQUIRED, { exact: true }).waitFor();
      expect(await browserMessage(page, "Appointment Link")).toBe("");
      for (const [text, code] of cases) {
        await page.getByLabel("Appointment Link", { exact: true }).fill(text);
        await page.getByRole("button", { name: "USE LINK" }).click();
        await page.getByText(LINK_FAILURE_MESSAGES[code]).waitFor();
        await page.getByText(LINK_CHECK_FAILED).waitFor();
      }
    } finally {
      // The e2e files share one portal and database: leave no retired level or former agent behind
      // (the schedule's level list and the director's links would show them to later tests).
      await query(`DELETE FROM appointment_links WHERE schedule_level_id = $1 OR recruiter_agent_id = $2`, [level!.schedule_level_id, gone!.id]);
      await query(`DELETE FROM agent_closure WHERE descendant_id = $1 OR ancestor_id = $1`, [gone!.id]);
      await query(`DELETE FROM agents WHERE id = $1`, [gone!.id]);
      await query(`DELETE FROM schedule_levels WHERE schedule_level_id = $1`, [level!.schedule_level_id]);
    }
  });
});

describe("accessibility and 390 px", () => {
  test("Contact Us with messages and the link prompt: no axe violation, no sideways scrolling", async () => {
    // Contact Us as it opens, Profile, Communications, FAQ and Help: tests/e2e/every-screen.test.ts
    // (entries 'svcreq.($typ)', 'profile', 'commpref', 'faq', 'help').
    const page = await browser.newPage();
    await signUp(page, appUrl, newAccount({ firstName: "Ada", lastName: "Axe" }));
    await page.goto(`${appUrl}/svcreq`);
    await page.getByRole("heading", { name: "Contact Us", level: 1 }).waitFor();
    await page.getByRole("button", { name: "SEND" }).click();
    await page.getByText(SVCREQ_MESSAGES.subjectRequired).waitFor();
    await page.getByText(SVCREQ_MESSAGES.textRequired).waitFor();
    await expectAccessibleAt(page, "/svcreq with messages");
    await page.goto(`${appUrl}/home`);
    await page.getByLabel("Appointment Link", { exact: true }).waitFor();
    await expectAccessibleAt(page, "link prompt");
    // With JavaScript, the same message only (issue 20 item 22).
    await page.getByLabel("Appointment Link", { exact: true }).click();
    await page.getByRole("button", { name: "USE LINK" }).click();
    await page.locator("#link-prompt-link-error").getByText(LINK_REQUIRED, { exact: true }).waitFor();
    expect(await browserMessage(page, "Appointment Link")).toBe("");
    await expectAccessibleAt(page, "link prompt with its message");

    // 'Your Profile' opens the portal's profile page (from a page without the dashboard's modal dialog).
    await page.goto(`${appUrl}/faq`);
    await page.locator("summary[aria-label^='User menu']").click();
    await page.getByRole("link", { name: "Your Profile" }).click();
    await page.waitForURL(/\/profile$/);
  }, 600_000); // axe at two widths on three states, after a sign-up: minutes on a loaded machine
});
