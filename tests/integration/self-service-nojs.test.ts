// The self-service pages without JavaScript, with the form driver (tests/support/form-driver.ts:
// the pages read with jsdom, the forms sent as Chromium with JavaScript off sends them; moved off
// Chromium, issue 35 item 2, docs/testing.md), on one portal of its own whose mail goes to a real
// SMTP server started here (the sign-up confirmations, the Contact Us mail to the administrators):
//  - Communications and Profile (issue 8, spec part 1 §2): good and bad input, what was typed kept
//    on a refusal, what is stored; the profile kept at the next sign-in;
//  - FAQ and Help: both guides download as PDFs, the marketing phone and email, Contact Us;
//  - Contact Us: a missing subject, a renamed non-PDF and an oversized PDF refused keeping the text;
//    a good request with its PDF sent and mailed to the internal administrators;
//  - /view/{pth} (decision 0022): 'Downloading...' with a refresh to the file inside <noscript> and a
//    link to it; an unknown document 'Document Unavailable' (404); no pth the welcome page;
//  - a paper application a recruiter fills out for a prospect, claimed once the email is verified
//    (decision 0035); link failures at the link prompt;
//  - licences and credentials (issue 23, decision 0069): the demo agent adds a licence (refused first)
//    and E&O with a certificate, the administrator changes the licence; a certificate over the upload
//    limit (issue 33 item 6, decision 0084);
//  - the dashboard's pipeline card (decision 0027) for the director; none for the prospect;
//  - the home by role (issue 36 item 9, decision 0097): the administrator's work waiting, each tile
//    a link to its screen, no link prompt or greyed agent tools; the prospect's next step.
// What needs a browser stays in Chromium: axe, the widths, the JavaScript-on variants (the same e2e
// files), the mailbox's 'Text messages' tab (tests/e2e/dev-messages.test.ts: the tab shows only on a
// portal that captures its mail, and this one sends it).
import type pg from "pg";
import { beforeAll, describe, expect, test } from "vitest";
import { LICENCE_MESSAGES } from "~/features/licences/messages";
import { PREF_MESSAGES } from "~/features/preferences/messages";
import { LICENCE_SCREEN } from "~/features/licences/screen-messages";
import { BAD_LINK_TITLE, LINK_CHECK_FAILED, LINK_FAILURE_MESSAGES, LINK_REQUIRED } from "~/features/links/messages";
import { VIEW_MESSAGES } from "~/features/documents/view-messages";
import { SVCREQ_MESSAGES } from "~/features/service-requests/service-request";
import { UPLOAD_MAX_BYTES } from "~/lib/upload-policy";
import { visitorSignIn, visitorSignUp, visitorSignUpUnconfirmed } from "../support/app-sign-in";
import { DEMO, newAccount, type NewAccount } from "../support/browser";
import { Visitor, visibleText, type Form, type Page, type Scope } from "../support/form-driver";
import { usableLink } from "../support/invite-prospect";
import { query } from "../support/mailbox";
import { portalWithSmtpForFile } from "../support/smtp-sink";

const portal = portalWithSmtpForFile();

const sql = <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => query<T>(portal.app.databaseUrl!, text, params);

/** A new person signs up (the confirmation mail arrives at our SMTP server); signed in, on the portal. */
async function signedUp(account: NewAccount = newAccount()) {
  const { visitor } = await visitorSignUp(portal.app, account, portal.smtp.verificationLink);
  return { account, visitor };
}

/** The answer to a GET of `url` with `visitor`'s cookies, as a download the browser makes. */
async function download(visitor: Visitor, url: string) {
  const res = await fetch(url, { headers: { cookie: visitor.cookies(url) } });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** The texts of a row's cells. */
const cells = (row: Scope) => Array.from(row.root.querySelectorAll(":scope > td, :scope > th")).map((c) => visibleText(c));

const pdf = (size = 0) => {
  const head = Buffer.from("%PDF-1.4\n% e2e\n");
  const bytes = Buffer.alloc(Math.max(size, head.length));
  head.copy(bytes);
  return bytes;
};

// ───────────────────────────── Communications ─────────────────────────────

const LEGEND = {
  CAT_APPSUB_RECRUIT: "A prospect I recruited submits an application",
  CAT_APPAPRV_RECRUIT: "The application of a prospect I recruited is approved",
  CAT_APPREJ_RECRUIT: "The application of a prospect I recruited is rejected",
  CAT_APPSUB_RECRUIT_DOWNLN: "A prospect in my downline submits an application",
} as const;

describe("Communications without JavaScript", () => {
  test("shows today's default, refuses bad input keeping it, saves good input and clears what is switched off", async () => {
    const { account, visitor } = await signedUp();
    let page = await visitor.get(`${portal.app.url}/commpref`);
    expect(page.headings(1)).toContain("Communications");
    const { CAT_APPSUB_RECRUIT: sub, CAT_APPSUB_RECRUIT_DOWNLN: down, CAT_APPAPRV_RECRUIT: aprv, CAT_APPREJ_RECRUIT: rej } = LEGEND;

    // Today's default: the recruiter's own events go to the sign-in address.
    let f: Form = page.form("SAVE");
    expect(f.checked("Email me", sub)).toBe(true);
    expect(f.value("Email addresses", sub)).toBe(account.email.toLowerCase());
    expect(f.checked("Email me", down)).toBe(false);

    // Bad input: six addresses, a bad phone number, SMS on with nothing.
    const six = Array.from({ length: 6 }, (_, i) => `p${i}@example.com`).join(", ");
    page = await f
      .fill("Email addresses", six, sub)
      .check("Text me (SMS)", down)
      .fill("Phone numbers", "512-555-011", down)
      .fill("Email addresses", "not-an-address", aprv)
      .check("Text me (SMS)", rej)
      .submit("SAVE");
    // Each message next to its field.
    expect(page.within("group", sub).shows("Too Many Emails")).toBe(true);
    expect(page.within("group", down).shows("Invalid Phone Number")).toBe(true);
    expect(page.within("group", aprv).shows("Invalid Email Address")).toBe(true);
    expect(page.within("group", rej).shows(/(^| )Missing info\.\.\.( |$)/)).toBe(true);
    // Above the form, 'Missing info...' links to each of the four fields in page order (an ErrorSummary, issue 36 item 8).
    const summary = page.all("[role=alert]").filter((b) => b.shows(PREF_MESSAGES.fixBelow));
    expect(summary, page.banners().join(" / ")).toHaveLength(1);
    expect(summary[0]!.all("listitem").map((li) => li.text())).toEqual([
      `${sub}, Email addresses: Too Many Emails`,
      `${aprv}, Email addresses: Invalid Email Address`,
      `${rej}, Phone numbers: Missing info...`,
      `${down}, Phone numbers: Invalid Phone Number`,
    ]);
    expect(summary[0]!.link(`${down}, Phone numbers`)).toMatch(/#f-CAT_APPSUB_RECRUIT_DOWNLN-phones$/);
    f = page.form("SAVE");
    expect(f.value("Email addresses", sub)).toBe(six);
    expect(f.value("Phone numbers", down)).toBe("512-555-011");
    expect(f.checked("Text me (SMS)", down)).toBe(true);
    const userRows = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM notification_preferences p JOIN notification_subscribers s USING (subscriber_id)
         JOIN users u ON u.id = s.user_id WHERE lower(u.user_name) = lower($1)`,
      [account.email],
    );
    expect(userRows[0]!.n).toBe(0); // nothing half-saved

    // Good input; switched off, the bad address in the field is not looked at and not kept.
    page = await f
      .fill("Email addresses", " me@example.com , boss@example.com ", sub)
      .fill("Phone numbers", "(512) 555-0111", down)
      .uncheck("Text me (SMS)", rej)
      .uncheck("Email me", aprv)
      .submit("SAVE");
    expect(page.shows("Success!"), page.text().slice(0, 500)).toBe(true);
    // Opened again: stored as saved; the switched-off field is empty.
    page = await visitor.get(`${portal.app.url}/commpref`);
    f = page.form("SAVE");
    expect(f.value("Email addresses", sub)).toBe("me@example.com,boss@example.com");
    expect(f.value("Phone numbers", down)).toBe("5125550111");
    expect(f.checked("Email me", aprv)).toBe(false);
    expect(f.value("Email addresses", aprv)).toBe("");
    const rows = await sql<{ category_code: string; method_code: string; is_enabled: boolean; preference_value: string }>(
      `SELECT category_code, method_code, is_enabled, preference_value FROM notification_preferences p
         JOIN notification_subscribers s USING (subscriber_id) JOIN users u ON u.id = s.user_id
        WHERE lower(u.user_name) = lower($1) AND is_enabled ORDER BY category_code, method_code`,
      [account.email],
    );
    const signIn = account.email.toLowerCase();
    expect(rows.map((r) => [r.category_code, r.method_code, r.preference_value])).toEqual([
      ["CAT_APPABAND_RECRUIT", "EMAIL_EVT", signIn],
      ["CAT_APPREJ_RECRUIT", "EMAIL_EVT", signIn],
      ["CAT_APPSUB_RECRUIT", "EMAIL_EVT", "me@example.com,boss@example.com"],
      ["CAT_APPSUB_RECRUIT_DOWNLN", "SMS_EVT", "5125550111"],
      // The agent's own licence notices: on by default, at the sign-in address (decision 0071).
      ["CAT_LICEXP_AGENT", "EMAIL_EVT", signIn],
    ]);
  });
});

// ───────────────────────────── Profile ─────────────────────────────

describe("Profile without JavaScript", () => {
  test("refuses a bad phone number keeping what was typed, saves good input, keeps it at the next sign-in", async () => {
    const { account, visitor } = await signedUp(newAccount({ firstName: "Pia", middleName: "Q", lastName: "Profile" }));
    let page = await visitor.get(`${portal.app.url}/profile`);
    expect(page.headings(1)).toContain("Profile");
    let f = page.form("SAVE");
    expect(f.value("Email")).toBe(account.email.toLowerCase());
    expect(f.value("First Name")).toBe("Pia");

    page = await f.fill("First Name", "Petra").fill("Phone Number", "512-555-011").submit("SAVE");
    expect(page.fieldError("Phone Number")).toContain("Phone Number is invalid");
    const refused = page.all("[role=alert]").filter((b) => b.shows("Missing or Invalid"));
    expect(refused, page.banners().join(" / ")).toHaveLength(1);
    // An ErrorSummary: each wrong field links to it with its message (issue 36 item 8).
    expect(refused[0]!.all("listitem").map((li) => li.text())).toEqual([expect.stringMatching(/^Phone Number: Phone Number is invalid/)]);
    expect(refused[0]!.link("Phone Number")).toMatch(/#f-phoneNumber$/);
    f = page.form("SAVE");
    expect(f.value("First Name")).toBe("Petra");
    expect(f.value("Phone Number")).toBe("512-555-011");
    const before = await sql<{ first_name: string }>(`SELECT first_name FROM users WHERE user_name = lower($1)`, [account.email]);
    expect(before[0]!.first_name).toBe("Pia");

    page = await f.fill("Phone Number", "512 555-0111").submit("SAVE");
    expect(page.shows("Successfully Updated!")).toBe(true);
    const saved = await sql<{ first_name: string; phone_number: string }>(`SELECT first_name, phone_number FROM users WHERE user_name = lower($1)`, [account.email]);
    expect(saved[0]).toEqual({ first_name: "Petra", phone_number: "5125550111" });

    // Signing in again (another browser: fresh claims from the provider) keeps what the user saved.
    const again = await visitorSignIn(portal.app, account.email, account.password);
    page = await again.visitor.get(`${portal.app.url}/profile`);
    expect(page.form("SAVE").value("First Name")).toBe("Petra");
  });
});

// ───────────────────────────── FAQ and Help ─────────────────────────────

describe("FAQ and Help", () => {
  test("offer both guides as PDF downloads, the marketing phone and email, and Contact Us (no JavaScript)", async () => {
    const { visitor } = await signedUp();
    for (const path of ["/faq", "/help"]) {
      const page = await visitor.get(`${portal.app.url}${path}`);
      for (const name of ["How to Recruit (PDF)", "How to Complete Appointment Applications for Prospect Agents (PDF)"]) {
        const res = await download(visitor, page.link(name));
        expect(res.status, `${path} ${name}`).toBe(200);
        expect(res.headers.get("content-type")).toContain("application/pdf");
        expect(res.body.subarray(0, 5).toString()).toBe("%PDF-");
      }
      expect(page.link(/^\(\d{3}\) \d{3}-\d{4}$/)).toMatch(/^tel:\d{10}$/);
      expect(page.link(/@/)).toMatch(/^mailto:/);
      expect(page.link("Contact Us")).toBe(`${portal.app.url}/svcreq`);
    }
  });
});

// ───────────────────────────── Contact Us ─────────────────────────────

/** The message beside the field, or "" (the Chromium test read the error element's text). */
const messageBeside = (page: Page, label: string | RegExp) => page.fieldError(label) ?? "";

describe("Contact Us without JavaScript", () => {
  test("refuses a missing subject, a renamed non-PDF and an oversized PDF keeping the text; sends a good request with its PDF; 'Request Sent!' on the page", async () => {
    const { account, visitor } = await signedUp(newAccount({ firstName: "Cato", lastName: "Contact" }));

    // typ preselects the subject; the form's read-only parts.
    let page = await visitor.get(`${portal.app.url}/svcreq/SVCREQ_LEVELCHG`);
    expect(page.headings(1)).toContain("Contact Us");
    const f = page.form("Send");
    expect(f.value("Subject")).toBe("SVCREQ_LEVELCHG");
    expect((f.controlOf("Subject") as HTMLSelectElement).selectedOptions[0]!.text).toBe("Request that an Agent be Moved");
    expect(f.value("Request Date")).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M E[SD]T$/);
    expect(f.value("Requester")).toContain(account.email.toLowerCase());
    expect(f.value("Recipient")).toBe("Internal Administrators");
    expect(f.controlOf(/^Your Request/).getAttribute("rows")).toBe("6");

    // Nothing chosen or typed: the spec's message next to each field, not the browser's own check (issue 20 item 6).
    f.select("Subject", "").fill(/^Your Request/, "");
    expect(f.refusals("Send")).toEqual([]);
    page = await f.submit("Send");
    expect(messageBeside(page, "Subject")).toBe(SVCREQ_MESSAGES.subjectRequired);
    expect(messageBeside(page, /^Your Request/)).toBe(SVCREQ_MESSAGES.textRequired);
    expect(page.link("Subject")).toMatch(/#f-requestTypeCode$/);
    expect(page.link("Your Request")).toMatch(/#f-requestText$/);
    // No subject: refused with its message, the text kept.
    page = await page.form("Send").fill(/^Your Request/, "Please move agent 123 under me.").submit("Send");
    expect(messageBeside(page, "Subject")).toBe(SVCREQ_MESSAGES.subjectRequired);
    expect(messageBeside(page, /^Your Request/)).toBe("");
    expect(page.form("Send").value(/^Your Request/)).toBe("Please move agent 123 under me.");

    // A zip renamed to .pdf: refused by its content.
    page = await page
      .form("Send")
      .select("Subject", "SVCREQ_LEVELCHG")
      .attach(/^Attachment/, { name: "move.pdf", mimeType: "application/pdf", buffer: Buffer.from("PK\u0003\u0004 not a pdf") })
      .submit("Send");
    // Refused: an error summary at the top links to the field (decision 0103), no dialog.
    expect(page.all("dialog")).toHaveLength(0);
    expect(page.banners()[0]).toContain("Please check your request");
    expect(page.link(/^Attachment/)).toMatch(/#svcreq-file$/);
    expect(page.form("Send").value(/^Your Request/)).toBe("Please move agent 123 under me.");
    expect(page.form("Send").value("Subject")).toBe("SVCREQ_LEVELCHG");

    // Over 2,000,000 bytes.
    page = await page.form("Send").attach(/^Attachment/, { name: "big.pdf", mimeType: "application/pdf", buffer: pdf(2_000_001) }).submit("Send");
    expect(page.link(/^Attachment/)).toMatch(/#svcreq-file$/);
    expect(await sql(`SELECT 1 FROM service_requests r JOIN users u ON u.id = r.requester_user_id WHERE u.user_name = $1`, [account.email.toLowerCase()])).toHaveLength(0);

    // A good request with a PDF.
    page = await page.form("Send").attach(/^Attachment/, { name: "move.pdf", mimeType: "application/pdf", buffer: pdf(4000) }).submit("Send");
    expect(page.url).toMatch(/\/svcreq\?sent=1$/);
    // 'Request Sent!' on the page above a fresh form, not a dialog (decision 0103).
    expect(page.all("dialog")).toHaveLength(0);
    expect(page.banners()[0]).toContain(SVCREQ_MESSAGES.sentTitle);
    expect(page.banners()[0]).toContain(SVCREQ_MESSAGES.sentMessage);
    expect(page.form("Send").value(/^Your Request/)).toBe("");
    const [row] = await sql<{ service_request_id: number; request_type_code: string; requester_type_code: string; byte_size: number }>(
      `SELECT r.service_request_id, r.request_type_code, r.requester_type_code, f.byte_size
         FROM service_requests r JOIN users u ON u.id = r.requester_user_id JOIN stored_files f ON f.id = r.attachment_file_id
        WHERE u.user_name = $1`,
      [account.email.toLowerCase()],
    );
    expect(row).toMatchObject({ request_type_code: "SVCREQ_LEVELCHG", requester_type_code: "RQTYP_AGT", byte_size: 4000 });
    page = await page.follow("Back to Home");
    expect(page.pathname).toBe("/home");

    // The job mails it to the internal administrators with the PDF (it arrives at our SMTP server).
    const mail = await portal.smtp.mailTo(DEMO.admin, new RegExp(`#${row!.service_request_id}\\)`));
    expect(mail.parsed.attachments.map((a) => [a.filename, a.size])).toEqual([["move.pdf", 4000]]);
  }, 120_000);
});

// ───────────────────────────── /view/{pth} ─────────────────────────────

describe("/view/{pth}", () => {
  async function scheduleDocumentId(): Promise<string> {
    const [row] = await sql<{ document_id: string }>(
      `SELECT sl.document_id::text AS document_id FROM schedule_levels sl WHERE sl.document_id IS NOT NULL ORDER BY sl.schedule_level_id LIMIT 1`,
    );
    expect(row).toBeTruthy();
    return row!.document_id;
  }

  test("without JavaScript: 'Downloading...' starts the download by itself; an unknown document is 'Document Unavailable'; no pth goes to the welcome page", async () => {
    const id = await scheduleDocumentId();
    const visitor = new Visitor();
    let page = await visitor.get(`${portal.app.url}/view/${id}`);
    expect(page.headings(1)).toContain(VIEW_MESSAGES.downloading);
    // Without JavaScript the download starts by itself: a refresh to the file inside <noscript>
    // (a browser with JavaScript off follows it; the page says so), and a link offers it again.
    expect(page.shows(VIEW_MESSAGES.startsByItself)).toBe(true);
    const refresh = page.document.querySelectorAll("noscript meta[http-equiv='refresh' i]");
    expect(refresh).toHaveLength(1);
    const target = /^\s*0\s*;\s*url=(.+)$/i.exec(refresh[0]!.getAttribute("content") ?? "")?.[1];
    const href = page.link(VIEW_MESSAGES.downloadLink);
    expect(new URL(target!, page.url).href).toBe(href);
    expect(page.document.querySelector(`a[download]`)?.textContent).toBe(VIEW_MESSAGES.downloadLink);
    // What the browser saves: an attachment named …pdf, a PDF.
    const file = await download(visitor, href);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment;.*filename="?[^"]*\.pdf"?/);
    expect(file.body.subarray(0, 5).toString()).toBe("%PDF-");

    page = await visitor.get(`${portal.app.url}/view/00000000-0000-4000-8000-000000000000`);
    expect(page.status).toBe(404);
    expect(page.headings(1)).toContain(VIEW_MESSAGES.unavailableTitle);
    expect(page.shows(VIEW_MESSAGES.unavailable)).toBe(true);
    expect(page.shows(VIEW_MESSAGES.tryAgain)).toBe(true);

    page = await visitor.get(`${portal.app.url}/view/`);
    expect(page.pathname).toBe("/");
  });
});

// ───────────────────────────── claiming a paper application ─────────────────────────────

describe("claiming a paper application (no JavaScript)", () => {
  test("a recruiter fills one out for a prospect; the prospect signs up with that email and sees it only once the email is verified", async () => {
    const l = await usableLink(portal.app.databaseUrl!, { recruiter: DEMO.marketingDirector, newest: true });
    const account = newAccount({ firstName: "Petra", lastName: "Paper" });
    const { visitor: recruiter } = await visitorSignIn(portal.app, DEMO.marketingDirector);
    let created = await recruiter.get(`${portal.app.url}/appoint?${new URLSearchParams({ email: account.email, link: l.link, apptTypeCode: "APPTTYP_IND" })}`);
    created = await created.click("Create the Application");
    expect(created.url).toMatch(/\/appoint\?id=\d+/);
    const id = Number(created.searchParams.get("id"));

    // The prospect signs up but does not confirm the email yet, and signs in.
    const { visitor, page: checkMail } = await visitorSignUpUnconfirmed(portal.app, account);
    let page = checkMail;
    expect(page.headings()).toContain("Check your email");
    page = await page.follow("Back to sign in");
    page = await page.form(/^sign in$/i).fill(/^email/i, account.email).fill(/^password/i, account.password).submit(/^sign in$/i);
    // No portal session for an address nobody has confirmed (decision 0035): the page says so.
    expect(page.headings()).toContain("Confirm your email first");
    page = await visitor.get(`${portal.app.url}/appoint?id=${id}`);
    expect(page.status).not.toBe(200);
    expect(page.headings()).toContain("Confirm your email first");

    // Confirmed: at the next sign-in the application is theirs.
    page = await visitor.get(await portal.smtp.verificationLink(account.email));
    page = await page.form("Sign in and confirm").fill("Password", account.password).submit("Sign in and confirm");
    page = await page.form("Save and continue").submit("Save and continue");
    expect(page.url.startsWith(portal.app.url) && !/^\/auth\//.test(page.pathname), `${page.url} ${page.text().slice(0, 300)}`).toBe(true);
    page = await (await visitor.get(`${portal.app.url}/home`)).follow("Resume Your Appointment");
    expect(page.url).toMatch(new RegExp(`/appoint\\?id=${id}`));
  }, 180_000);
});

// ───────────────────────────── link failures at the link prompt ─────────────────────────────

describe("link failures at the link prompt (no JavaScript)", () => {
  test("SCHED_INACTIVE and AGENT_LINK_INVALID show their own message", async () => {
    const [base] = await sql<{ recruiter_agent_id: number; schedule_level_id: number; schedule_id: number }>(
      `SELECT l.recruiter_agent_id, l.schedule_level_id, sl.schedule_id FROM appointment_links l
         JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
        WHERE NOT sl.enroll_rep AND l.is_enabled AND NOT l.is_deleted AND l.link_prefix = 'APL'
        ORDER BY l.appointment_link_id LIMIT 1`,
    );
    const [level] = await sql<{ schedule_level_id: number }>(
      `INSERT INTO schedule_levels (schedule_id, level_no, level_name, is_active)
       SELECT $1, COALESCE(MAX(level_no), 0) + 1, 'Retired level', false FROM schedule_levels WHERE schedule_id = $1
       RETURNING schedule_level_id`,
      [base!.schedule_id],
    );
    const [gone] = await sql<{ id: number }>(
      `INSERT INTO agents (agent_number, company_number, block_number, mga_code, hierarchy_level, first_name, last_name, is_active, updated_at)
       SELECT 'GONE' || floor(random() * 1e6)::int, company_number, block_number, mga_code, 2, 'Former', 'Agent', false, now()
         FROM agents WHERE id = $1 RETURNING id`,
      [base!.recruiter_agent_id],
    );
    const link = async (recruiterAgentId: number, scheduleLevelId: number) => {
      const code = `E2E${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
      await sql(
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
      const { visitor } = await signedUp(newAccount({ firstName: "Lars", lastName: "Links" }));
      let page = await visitor.get(`${portal.app.url}/home`);
      // Nothing yet: said on the page with LOGOUT, the link prompt beside it, no dialog (issue 36 item 8).
      expect(page.all("dialog")).toHaveLength(0);
      expect(page.banners().filter((b) => b.startsWith("No Apps or Invitations Found"))).toHaveLength(1);
      const nothing = page.all("[role=status]", /^No Apps or Invitations Found/);
      expect(nothing).toHaveLength(1);
      expect(nothing[0]!.form("LOGOUT").request("LOGOUT").url).toMatch(/\/auth\/logout$/);
      // Empty: the spec's 'A link is required!', never the browser's 'Please fill out this field.' (issue 20 item 22).
      const empty = page.form("Use link");
      expect(empty.refusals("Use link")).toEqual([]);
      page = await empty.submit("Use link");
      expect(page.fieldError("Appointment Link")).toBe(LINK_REQUIRED);
      for (const [text, code] of cases) {
        page = await page.form("Use link").fill("Appointment Link", text).submit("Use link");
        expect(page.shows(LINK_FAILURE_MESSAGES[code]), `${code}: ${page.text().slice(0, 500)}`).toBe(true);
        expect(page.shows(LINK_CHECK_FAILED)).toBe(true);
      }
      // A link that came with the address (?lnk=) and cannot be used: its answer on the page, no dialog.
      page = await visitor.get(`${portal.app.url}/home?lnk=APLNOSUCHLINK0001`);
      expect(page.all("dialog")).toHaveLength(0);
      const bad = page.banners().filter((b) => b.startsWith(BAD_LINK_TITLE));
      expect(bad, page.banners().join(" / ")).toHaveLength(1);
      expect(bad[0]).toContain(LINK_FAILURE_MESSAGES.APPT_LINK_INVALID);
    } finally {
      // The file's tests share one portal and database: leave no retired level or former agent behind
      // (the schedule's level list and the director's links would show them to later tests).
      await sql(`DELETE FROM appointment_links WHERE schedule_level_id = $1 OR recruiter_agent_id = $2`, [level!.schedule_level_id, gone!.id]);
      await sql(`DELETE FROM agent_closure WHERE descendant_id = $1 OR ancestor_id = $1`, [gone!.id]);
      await sql(`DELETE FROM agents WHERE id = $1`, [gone!.id]);
      await sql(`DELETE FROM schedule_levels WHERE schedule_level_id = $1`, [level!.schedule_level_id]);
    }
  });
});

// ───────────────────────────── licences ─────────────────────────────

/** The demo agent's NPN (prisma/seed/demo.ts). */
const NPN = "18502026";
const CERTIFICATE = Buffer.from("%PDF-1.4\n% e2e certificate\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

describe("licenses without JavaScript", () => {
  // The demo agent without its seeded licences, credentials and standing: the card reads '0 licenses on record'.
  beforeAll(async () => {
    const [agent] = await sql<{ id: number }>(`SELECT id FROM agents WHERE npn = $1 ORDER BY id LIMIT 1`, [NPN]);
    await sql(`DELETE FROM producer_credentials WHERE npn = $1`, [NPN]);
    await sql(`DELETE FROM producer_licences WHERE npn = $1`, [NPN]);
    await sql(`DELETE FROM agent_compliance WHERE agent_id = $1`, [agent!.id]);
  });

  test("the agent adds a license (refused first) and E&O with a certificate; the administrator changes the license", async () => {
    const { visitor } = await visitorSignIn(portal.app, DEMO.agent);
    let page = await visitor.get(`${portal.app.url}/home`);
    const card = page.within("region", "Licenses and credentials");
    expect(card.shows(NPN)).toBe(true);
    expect(card.shows("0 licenses on record"), card.text()).toBe(true);
    page = await card.follow("Licenses and credentials");
    expect(page.headings(1)).toContain("Licenses and credentials");
    expect(page.pathname).toBe("/licences");
    expect(page.shows("No license is on record.")).toBe(true);

    // A licence without a line of authority: refused, the message next to the lines, the values kept.
    page = await page.follow("Add a license");
    page = await page.form("SAVE").select("State", "TX").fill("License number", "TX-778").fill("Expiry date", "2031-05-31").submit("SAVE");
    expect(page.shows("Missing or Invalid")).toBe(true);
    expect(page.within("group", "Lines of authority").shows(LICENCE_MESSAGES.lineRequired)).toBe(true);
    let f = page.form("SAVE");
    expect(f.value("License number")).toBe("TX-778");
    expect(f.value("State")).toBe("TX");
    expect(f.value("Expiry date")).toBe("2031-05-31");

    page = await f.check("Life", "Lines of authority").submit("SAVE");
    expect(page.shows(LICENCE_MESSAGES.saved)).toBe(true);
    const texas = page.within("region", "Licenses").within("row", /Texas/);
    expect(texas.text()).toContain("TX-778");
    expect(texas.text()).toContain("Entered by the agent");

    // E&O coverage with its PDF certificate.
    page = await page.follow("Add E&O coverage");
    page = await page
      .form("SAVE")
      .fill("Insurance carrier", "Acme Professional Liability")
      .fill("Policy number", "EO-2026-55")
      .fill("Limit (USD)", "1000000")
      .fill("Expiry date", "2030-12-31")
      .attach("Certificate (PDF)", { name: "eo-certificate.pdf", mimeType: "application/pdf", buffer: CERTIFICATE })
      .submit("SAVE");
    expect(page.shows(LICENCE_MESSAGES.saved)).toBe(true);
    const eo = page.within("region", "Credentials").within("row", /E&O coverage/);
    expect(eo.text()).toContain("EO-2026-55");
    expect(eo.text()).toContain("$1,000,000");
    expect(cells(eo)).toContain("Valid");
    const certificate = await download(visitor, eo.link(/Certificate/));
    expect(certificate.status).toBe(200);
    expect(certificate.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(certificate.body.subarray(0, 5).toString()).toBe("%PDF-");

    // The standing: the demo agent is appointed in OH, IN and KY, with no licence there.
    const standing = page.within("region", "Standing");
    expect(standing.shows("Not in good order")).toBe(true);
    expect(standing.shows("No license for Ohio with the Accident & Health line of authority is on record.")).toBe(true);

    // The administrator changes that licence on /licences/<npn>.
    const { visitor: admin } = await visitorSignIn(portal.app, DEMO.admin);
    let adminPage = await (await admin.get(`${portal.app.url}/licences/${NPN}`)).follow("Change the license for Texas");
    expect(adminPage.headings()).toContain("Change license: Texas");
    f = adminPage.form("SAVE");
    expect(f.value("License number")).toBe("TX-778");
    adminPage = await f.check("Accident & Health").fill("Expiry date", "2032-05-31").submit("SAVE");
    expect(adminPage.shows(LICENCE_MESSAGES.saved)).toBe(true);
    const changed = adminPage.within("region", "Licenses").within("row", /Texas/).text();
    expect(changed).toContain("05/31/2032");
    expect(changed).toContain("Accident & Health");
    expect(changed).toContain("Entered by an administrator");

    // The agent sees the change.
    page = await visitor.get(`${portal.app.url}/licences`);
    expect(page.within("region", "Licenses").within("row", /Texas/).text()).toContain("05/31/2032");

    // Delete asks first (issue 36 item 8): 'Keep it' keeps it; 'Yes, delete it' deletes it.
    const texasRow = () => page.within("region", "Licenses").all("row", /Texas/);
    page = await page.within("region", "Licenses").within("row", /Texas/).form("Delete the license for Texas").submit("Delete the license for Texas");
    const ask = page.within("region", LICENCE_SCREEN.deleteRegion);
    expect(ask.headings()).toEqual([LICENCE_SCREEN.deleteLicence("Texas", "TX-778")]);
    expect(texasRow()).toHaveLength(1);
    page = await ask.follow(LICENCE_SCREEN.deleteNo);
    expect(page.all("region", LICENCE_SCREEN.deleteRegion)).toHaveLength(0);
    expect(texasRow()).toHaveLength(1);
    page = await page.within("region", "Licenses").within("row", /Texas/).form("Delete the license for Texas").submit("Delete the license for Texas");
    page = await page.within("region", LICENCE_SCREEN.deleteRegion).form(LICENCE_SCREEN.deleteYes).submit(LICENCE_SCREEN.deleteYes);
    expect(page.shows(LICENCE_MESSAGES.deleted)).toBe(true);
    expect(page.shows(LICENCE_SCREEN.licencesNone) || texasRow().length === 0).toBe(true);
  }, 120_000);

  test("the card calls a license past its expiry 'Expired', not 'Next expiry' (issue 36 item 11)", async () => {
    await sql(`INSERT INTO producer_licences (id, npn, state_code, licence_number, loa_life, expiry_date, status, source, updated_at)
               VALUES (gen_random_uuid(), $1, 'CA', 'CA-1', true, '2020-01-31', 'ACTIVE', 'AGENT', now())`, [NPN]);
    const { visitor } = await visitorSignIn(portal.app, DEMO.agent);
    const card = (await visitor.get(`${portal.app.url}/home`)).within("region", "Licenses and credentials");
    expect(card.text()).not.toContain(LICENCE_SCREEN.cardNextExpiry);
    expect(card.text()).toContain(`${LICENCE_SCREEN.cardExpired} California license: 01/31/2020`);
  });
});

// ───────────────────────────── a certificate over the limit ─────────────────────────────

describe("a certificate over the limit", () => {
  test("without JavaScript: the message next to the file field, the values kept", async () => {
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(UPLOAD_MAX_BYTES + 1_000_000, 0x20)]);
    const { visitor } = await visitorSignIn(portal.app, DEMO.agent);
    let page = await visitor.get(`${portal.app.url}/licences?credential=new&kind=EO`);
    page = await page
      .form("SAVE")
      .fill("Insurance carrier", "Acme Professional Liability")
      .fill("Policy number", "EO-BIG-1")
      .fill("Expiry date", "2030-12-31")
      .attach("Certificate (PDF)", { name: "big.pdf", mimeType: "application/pdf", buffer: big })
      .submit("SAVE");
    expect(page.fieldError("Certificate (PDF)")).toContain(LICENCE_SCREEN.certificateTooBig);
    const f = page.form("SAVE");
    expect(f.value("Policy number")).toBe("EO-BIG-1");
    expect(f.value("Insurance carrier")).toBe("Acme Professional Liability");
    const [saved] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM producer_credentials WHERE npn = $1 AND policy_number = 'EO-BIG-1'`, [NPN]);
    expect(saved!.n).toBe(0);
  });
});

// ───────────────────────────── the dashboard's pipeline card ─────────────────────────────

/** A submitted application recruited by the demo agent (the director's downline), started today. */
async function awaitingApplication(lastName: string): Promise<number> {
  const [agent] = await sql<{ id: number }>(`SELECT a.id FROM agents a JOIN users u ON u.id = a.user_id WHERE u.user_name = $1 ORDER BY a.id LIMIT 1`, [DEMO.agent]);
  const [row] = await sql<{ appointment_id: number }>(
    `INSERT INTO appointments (appointment_type_code, appointment_status_code, recruiter_agent_id, prospect_email_address, submitted_at, updated_at)
     VALUES ('APPTTYP_IND', 'APWF_STATUS_NEWCONTRACT', $1, $2, now(), now()) RETURNING appointment_id`,
    [agent!.id, `${lastName.toLowerCase()}@example.com`],
  );
  await sql(`INSERT INTO appointment_personal (appointment_id, first_name, last_name, updated_at) VALUES ($1, 'Piper', $2, now())`, [row!.appointment_id, lastName]);
  return row!.appointment_id;
}

describe("the dashboard's pipeline card", () => {
  test("without JavaScript: the director sees the card and a count opens its filtered list", async () => {
    const lastName = `Pipeline${Date.now().toString(36)}`;
    const id = await awaitingApplication(lastName);
    const { visitor } = await visitorSignIn(portal.app, DEMO.marketingDirector);
    let page = await visitor.get(`${portal.app.url}/home`);
    const card = page.within("region", "Your Downline's Pipeline");
    expect(card.all("[role=img]", /^Your downline's pipeline, last 90 days/)).toHaveLength(1);
    expect(card.all("[role=img]", /^Applications submitted per week, last 12 weeks/)).toHaveLength(1);
    const desc = page.document.getElementById("pipeline-chart-desc")?.textContent ?? "";
    expect(desc).toMatch(/^Invited: \d+; Incomplete: \d+; Awaiting Approval: (\d+); Approved: \d+; Abandoned: \d+\.$/);
    const awaiting = Number(/Awaiting Approval: (\d+)/.exec(desc)![1]);
    expect(awaiting).toBeGreaterThanOrEqual(1);
    const link = card.all("a[href]", `Awaiting Approval: ${awaiting}, show the list`);
    expect(link).toHaveLength(1);
    expect(link[0]!.root.textContent).toBe(String(awaiting));
    page = await card.follow(`Awaiting Approval: ${awaiting}, show the list`);
    expect(page.url).toBe(`${portal.app.url}/inprog?status=APWF_STATUS_NEWCONTRACT&days=90`);
    expect(page.shows("Submitted for Approval applications started in the last 90 days")).toBe(true);
    const row = page.within("row", lastName);
    expect(row.link(`Piper ${lastName}`)).toBeTruthy();
    expect(cells(row)[3]).toBe("Submitted for Approval");
    // Every row of the filtered list has that status; the number of rows matches the count (one page of 10 at most).
    const statuses = Array.from(page.document.querySelectorAll("tbody tr td:nth-child(4)")).map((td) => td.textContent);
    expect(new Set(statuses)).toEqual(new Set(["Submitted for Approval"]));
    if (awaiting <= 10) expect(statuses).toHaveLength(awaiting);
    expect(id).toBeGreaterThan(0);
    // A forged status: a 400 page, not a list.
    const forged = await visitor.get(`${portal.app.url}/inprog?status=APWF_STATUS_REJECTED`);
    expect(forged.status).toBe(400);
    expect(forged.shows("This list cannot be filtered that way.")).toBe(true);
    // The invited count opens the invitations of the last 90 days.
    page = await visitor.get(`${portal.app.url}/home`);
    const invited = Number(/Invited: (\d+)/.exec(desc)![1]);
    page = await page.within("region", "Your Downline's Pipeline").follow(`Invited: ${invited}, show the list`);
    expect(page.url).toBe(`${portal.app.url}/invites?days=90`);
    expect(page.shows("Showing the invitations sent in the last 90 days.")).toBe(true);
  });

  test("the prospect sees no card", async () => {
    const { visitor } = await visitorSignIn(portal.app, DEMO.prospect);
    const page = await visitor.get(`${portal.app.url}/home`);
    expect(page.headings(1).length).toBeGreaterThan(0);
    expect(page.headings()).not.toContain("Your Downline's Pipeline");
  });
});

describe("the home by role (decision 0097)", () => {
  test("without JavaScript: the administrator's work waiting, each a link to its screen; no link prompt or greyed agent tools", async () => {
    const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM appointments WHERE appointment_status_code = 'APWF_STATUS_NEWCONTRACT' AND NOT is_deleted`);
    const { visitor } = await visitorSignIn(portal.app, DEMO.admin);
    let page = await visitor.get(`${portal.app.url}/home`);
    const work = page.within("region", "Work waiting");
    expect(work.text()).toContain("Applications awaiting review");
    page = await work.follow(new RegExp(`^${n} Applications awaiting review`));
    expect(page.url).toBe(`${portal.app.url}/admin/review`);
    expect(page.heading()).toBe("Review Queue");
    page = await visitor.get(`${portal.app.url}/home`);
    page = await page.within("region", "Work waiting").follow(/Agents not in good order/);
    expect(page.url).toBe(`${portal.app.url}/compliance?standing=NOT_IN_GOOD_ORDER`);
    page = await visitor.get(`${portal.app.url}/home`);
    expect(page.headings()).not.toContain("Have an appointment link?");
    expect(page.headings()).not.toContain("Your Agent Numbers");
    expect(page.text()).not.toContain("View Agent Hierarchy");
  });

  test("without JavaScript: the prospect's application says its status and the next step; no work waiting", async () => {
    const { visitor } = await visitorSignIn(portal.app, DEMO.prospect);
    const page = await visitor.get(`${portal.app.url}/home`);
    const appointments = page.within("region", "Your Appointments");
    expect(appointments.text()).toContain("Incomplete");
    expect(appointments.text()).toContain("Next step: continue your application and submit it.");
    expect(page.headings()).not.toContain("Work waiting");
  });
});
