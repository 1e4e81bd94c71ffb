// The application without JavaScript, with the form driver (tests/support/form-driver.ts: the
// pages read with jsdom, the forms sent as Chromium with JavaScript off sends them; moved off
// Chromium, issue 35 item 2, docs/testing.md), on one portal of its own (its mail to a real SMTP
// server started here, for the sign-up confirmations):
//  - an invited prospect goes through the wizard, completes every section of an individual
//    (APPTTYP_IND) application, uploads an E&O certificate, sees the completion reach 100% and
//    submits: SUBMIT opens the check page (every section with its Change link, the SSN masked),
//    'Submit application' the confirmation page ('Successfully Submitted for Approval!', the
//    reference, whose turn) and the receipt email at the SMTP server (decision 0099); status
//    Awaiting Approval, the form read-only afterwards, the generated application a PDF (spec
//    part 2 §2, §4, §8);
//  - every answer that stays on the page (a refused save, Add a State, Delete, 'I agree' to the
//    consent) shows the stored SSN, tax id, bank and card numbers masked, and the next SAVE keeps
//    them; a number newly typed in that post comes back as typed, so the next SAVE stores it
//    (issue 20 item 19, decision 0051); the card's CVC is asked on the check page only and never
//    comes back (decisions 0087, 0099). A SUBMIT of an incomplete application shows the messages
//    next to the fields (issue 6).
// Without JavaScript the portal's dialogs are open <dialog>s in the answer, their OK a
// method=dialog button: read with page.within("dialog", title), closed with its OK.
import type pg from "pg";
import { describe, expect, test } from "vitest";
import { visitorSignUp } from "../support/app-sign-in";
import { newAccount } from "../support/browser";
import { accessibleName, type Form, type Page } from "../support/form-driver";
import { throughWizard } from "../support/journey-nojs";
import { answerAllNo, fieldErrors, fillPersonal, section, yesNoQuestions } from "../support/application-form";
import { inviteProspect } from "../support/invite-prospect";
import { eoCertificatePdf } from "../support/pdf-files";
import { query } from "../support/mailbox";
import { portalWithSmtpForFile } from "../support/smtp-sink";

const portal = portalWithSmtpForFile();

const sql = <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => query<T>(portal.app.databaseUrl!, text, params);

async function appointmentOf(email: string) {
  return sql<{ appointment_id: number; appointment_status_code: string; appointment_type_code: string }>(
    `SELECT a.appointment_id, a.appointment_status_code, a.appointment_type_code
       FROM appointments a JOIN users u ON u.id = a.user_id WHERE u.user_name = $1`,
    [email.toLowerCase()],
  );
}



/** The open dialog titled `title`: its text must show `message`; closed with its OK (nothing sent). */
async function dialogSays(page: Page, title: string, message?: string): Promise<Page> {
  const dialog = page.within("dialog", title);
  if (message !== undefined) expect(dialog.shows(message), dialog.text()).toBe(true);
  return dialog.click("OK");
}

/**
 * A refusal on the page, no dialog (issue 36 item 8, decision 0103): the summary at the top titled
 * `title` whose link (the message) goes to the control of `field`, and the message beside `field`.
 */
function refusedOnPage(page: Page, title: string, message: string, field: string): Page {
  expect(page.all("dialog").map((d) => d.text()), `no dialog on ${page.url}`).toEqual([]);
  const summaries = page.all("[role=alert]").filter((a) => a.text().startsWith(title));
  expect(summaries, page.banners().join(" / ")).toHaveLength(1);
  expect(summaries[0]!.shows(message), summaries[0]!.text()).toBe(true);
  // The summary's link goes to the field the message stands beside.
  const target = page.root.ownerDocument.getElementById(new URL(summaries[0]!.link(message)).hash.slice(1));
  expect(target?.closest("fieldset, .field")?.querySelector(".field__error")?.textContent).toBe(message);
  expect(page.fieldError(field)).toBe(message);
  return page;
}

/** What the header's term `term` reads (a <dt> and its <dd>). */
function term(page: Page, name: string): string {
  const dt = Array.from(page.document.querySelectorAll("dt")).filter((d) => d.textContent?.trim() === name);
  expect(dt, `the term ${name}`).toHaveLength(1);
  return dt[0]!.nextElementSibling!.textContent!.trim();
}

/** The side panel's 'Status: …'. */
const status = (page: Page) => /Status: (.+?)(?: Agent Number:|$)/.exec(page.within("aside", "Application status").all("div").find((d) => /^Status:/.test(d.text()))?.text() ?? "")?.[1];

/** The completion the pie's caption reads, 'NN% complete'. */
const completion = (page: Page) => /\b(\d+)% complete\b/.exec(page.text())?.[0];

/** The page's main region. */
const main = (page: Page) => page.all("main")[0]!;


/** A new prospect signs up (the confirmation mail arrives at our SMTP server) and is invited on the database side. */
async function invitedProspect(name: { firstName: string; middleName?: string; lastName: string }, opts: { newest?: boolean } = {}) {
  const account = newAccount(name);
  const { visitor } = await visitorSignUp(portal.app, account, portal.smtp.verificationLink);
  const link = await inviteProspect(portal.app.databaseUrl!, account, opts);
  return { account, visitor, link };
}

describe("application without JavaScript", () => {
  test("an individual completes the wizard and every section, uploads the E&O certificate and submits", async () => {
    const { account, visitor, link } = await invitedProspect({ firstName: "Nora", middleName: "J", lastName: "Castillo" });

    // Dashboard → wizard.
    let page = await (await visitor.get(`${portal.app.url}/home`)).follow("Complete Your Appointment");
    expect(page.url).toMatch(/\/wizard\?/);

    // Step 1: instructions.
    expect(page.headings().some((h) => /before you start/i.test(h))).toBe(true);
    page = await page.click("NEXT");

    // Step 2: NEXT without an answer is refused.
    expect(page.shows("Does this invitation look right?")).toBe(true);
    page = await page.click("NEXT");
    refusedOnPage(page, "Invitation Look Good?", "Please choose Yes or No", "Does this invitation look right?");
    page = await page.form("NEXT").check("Yes").submit("NEXT");

    // Step 3: a type is required.
    expect(page.shows("How do you want to be appointed?")).toBe(true);
    page = await page.click("NEXT");
    refusedOnPage(page, "Appointment Type?", "Please choose one of the appointment types before continuing.", "How do you want to be appointed?");
    page = await page.form("NEXT").check(/^Individual —/).submit("NEXT");

    // Step 4: pointers, then the application.
    expect(page.headings().some((h) => /pointers for filling out/i.test(h))).toBe(true);
    page = await page.click("NEXT");
    expect(page.url).toMatch(/\/appoint\?id=\d+/);
    const [created] = await appointmentOf(account.email);
    expect(created?.appointment_type_code).toBe("APPTTYP_IND");
    expect(created?.appointment_status_code).toBe("APWF_STATUS_INCOMPLETE");
    const id = created!.appointment_id;

    // Header and side panel.
    expect(term(page, "Inviter Agent #")).toBe(link.agent_number);
    expect(status(page)).toBe("Incomplete");
    expect(term(page, "Appointment Type")).toMatch(/Individual/);
    const startPercent = Number(completion(page)?.replace(/\D/g, ""));
    expect(startPercent).toBeLessThan(100);
    // An individual (standard invitation) has States & Fees in the navigation.
    const nav = () => page.within("navigation", "Application sections");
    for (const s of ["Personal Information", "Commissions", "States & Fees", "Policies & Agreements", "Supporting Documents", "Instructions"]) {
      expect(() => nav().link(new RegExp(`^${s}`)), s).not.toThrow();
    }

    // ── Personal Information ──
    expect(page.headings(2)).toContain("Personal Information");
    // The profile pre-fills the name.
    expect(section(page).value("First Name")).toBe("Nora");
    // Signature fields wait for the consent to sign electronically.
    expect(section(page).controlOf(/^Signature \(your mother's maiden name\)/).hasAttribute("readonly")).toBe(true);
    page = await page.click("I agree");
    expect(page.headings(2)).toContain("Personal Information");
    expect(page.all("button", "I agree")).toHaveLength(0);

    expect(yesNoQuestions(page)).toHaveLength(15);
    let f = answerAllNo(page, fillPersonal(section(page)))
      .fill(/^Signature \(your mother's maiden name\)/, "Delgado")
      .fill("Name (on W-9)", "Nora J Castillo")
      .check("Individual or Sole-Proprietorship")
      .fill(/^W-9 Signature/, "Delgado");
    page = await f.submit("Save & Continue");
    expect(page.headings(2), fieldErrors(page).join("; ")).toContain("Commissions");
    expect(() => nav().link(/Personal Information \(complete\)/)).not.toThrow();

    // The saved SSN comes back only as a mask.
    page = await visitor.get(`${portal.app.url}/appoint?id=${id}&section=PERSONAL`);
    expect(section(page).value("SSN")).toBe("*****6789");
    expect(section(page).controlOf("SSN").getAttribute("autocomplete")).toBe("off");
    page = await visitor.get(`${portal.app.url}/appoint?id=${id}&section=COMMS`);

    // ── Commissions ──
    expect(page.shows(/Direct deposits are made twice a month/)).toBe(true);
    expect(page.shows(/no check is issued for less than \$100/)).toBe(true);
    f = section(page).fill("Date", "2026-01-15");
    expect(f.value("Agent Name")).toMatch(/Nora J\.? Castillo/i);
    page = await f.fill(/^Signature \(your mother's maiden name\)/, "Delgado").check("Paper Check").submit("Save & Continue");
    expect(page.headings(2), fieldErrors(page).join("; ")).toContain("States & Fees");

    // ── States & Fees ──
    expect(page.shows("Appointment Fees, if any, will be deducted from Commissions.")).toBe(true);
    // Adding without a choice is refused.
    page = await section(page).submit("Add a State");
    page = await section(page).submit("Add the selected state");
    refusedOnPage(page, "Add What State", "Please make a selection from the State dropdown before clicking the check-mark.", "State to add");
    page = await section(page).select("State to add", "TX").submit("Add the selected state");
    expect(page.rows().some((cells) => cells.some((c) => /Texas \(TX\)/.test(c)))).toBe(true);
    // Adding the same state again is refused.
    page = await section(page).submit("Add a State");
    page = await section(page).select("State to add", "TX").submit("Add the selected state");
    refusedOnPage(page, "Already Configured", "Your selected state has already been added to the list.", "State to add");
    // Saving while the add row is still open asks to confirm or cancel it first.
    page = await section(page).submit("Save & Continue");
    page = await dialogSays(page, "Add the State?");
    expect(page.headings(2)).toContain("States & Fees");
    page = await section(page).submit("Cancel adding a state");
    const total = page.rows().find((cells) => cells[0] === "Total");
    expect(total?.[1]).toMatch(/^\$\d+\.\d{2}$/);
    page = await section(page).check("No").fill(/^Signature \(your mother's maiden name\)/, "Delgado").submit("Save & Continue");
    expect(page.headings(2), fieldErrors(page).join("; ")).toContain("Policies & Agreements");

    // ── Policies & Agreements ──
    f = section(page)
      .check("I have read and agree to the Agent Agreement.")
      .check("I have read and agree to the Representative Agreement.")
      .check("I have read and acknowledge the Company Policy.")
      .check("I have read and acknowledge the Anti-Money-Laundering Guide.");
    expect(f.value("Your Name")).not.toBe("");
    page = await f.fill("Mother's Maiden Name", "Delgado").submit("Save & Continue");
    expect(page.headings(2), fieldErrors(page).join("; ")).toContain("Supporting Documents");

    // ── Supporting Documents: everything else is complete, the E&O certificate is missing ──
    expect(page.shows(/or fax them to [-()+. \d]*\d with your name on every page/), page.text().slice(0, 2000)).toBe(true);
    expect(page.within("list", "Still needed").text()).toMatch(/Missing E&O Certificate/);
    page.toggle("Upload a Document");
    page = await page
      .form("Upload")
      .select("Document type", "DOCTYP_EO_CERT")
      .attach("Choose one PDF file", { name: "eo-certificate.pdf", mimeType: "application/pdf", buffer: await eoCertificatePdf() })
      .submit("Upload");
    // The result stands on the page as a Notice, no dialog to dismiss (issue 36 item 8).
    expect(page.banners().filter((b) => b.includes("We have successfully received your upload.")), page.banners().join(" / ")).toHaveLength(1);
    expect(page.all("dialog").filter((d) => d.shows("We have successfully received your upload."))).toHaveLength(0);

    expect(completion(page)).toBe("100% complete");
    expect(fieldErrors(page)).toEqual([]);

    expect(page.within("aside", "Application status").shows("Whose turn: With you")).toBe(true);

    // ── SUBMIT opens the check page (decision 0099): every section, each with its Change link ──
    page = await page.click("SUBMIT");
    expect(page.url).toMatch(new RegExp(`/appoint/check\\?id=${id}$`));
    expect(page.heading()).toBe("Check your answers before submitting");
    const sections = ["Personal Information", "Commissions", "States & Fees", "Policies & Agreements", "Supporting Documents"];
    expect(page.headings(2).filter((h) => sections.includes(h))).toEqual(sections);
    for (const s of sections) expect(page.link(`Change ${s}`)).toBe(`${portal.app.url}/appoint?id=${id}&section=${s === "Personal Information" ? "PERSONAL" : s === "Commissions" ? "COMMS" : s === "States & Fees" ? "FEES" : s === "Policies & Agreements" ? "AGREEMENTS" : "DOCS"}`);
    // The answers as typed, the SSN masked as on its section (the typed number nowhere on the page).
    expect(term(page, "First Name")).toBe("Nora");
    expect(term(page, "SSN")).toBe("*****6789");
    expect(page.text()).not.toMatch(/123-?45-?6789/);
    expect(term(page, "Texas (TX)")).toMatch(/^\$\d+\.\d{2}$/);
    expect(term(page, "How do you want to be paid?")).toBe("Paper Check");
    expect(term(page, "Agent Agreement")).toBe("Yes");
    expect(page.all("list", "Still needed")).toHaveLength(0);
    // Change goes to the section; nothing was submitted on the way.
    page = await page.follow("Change Personal Information");
    expect(page.headings(2)).toContain("Personal Information");
    expect((await appointmentOf(account.email))[0]?.appointment_status_code).toBe("APWF_STATUS_INCOMPLETE");
    page = await visitor.get(`${portal.app.url}/appoint/check?id=${id}`);

    // ── Submit application: the confirmation page, the receipt by email ──
    page = await page.click("Submit application");
    expect(page.url).toMatch(new RegExp(`/appoint/submitted\\?id=${id}$`));
    expect(page.banners().some((b) => b.includes("Successfully Submitted for Approval!") && b.includes("Your application has been received and submitted for approval."))).toBe(true);
    expect(term(page, "Your reference")).toBe(`APP-${id}`);
    expect(term(page, "Whose turn")).toBe("With the reviewer");
    expect(term(page, "How long it usually takes")).toBe("Usually 3 working days.");
    expect(term(page, "Who reviews it")).toMatch(/administrators/);
    expect(term(page, "What you will receive")).toContain(`A receipt by email now, at ${account.email.toLowerCase()}.`);
    const [after] = await appointmentOf(account.email);
    expect(after?.appointment_status_code).toBe("APWF_STATUS_NEWCONTRACT");
    const receipt = await portal.smtp.mailTo(account.email, /^We received your appointment application APP-\d+$/, 30_000);
    expect(receipt.parsed.subject).toBe(`We received your appointment application APP-${id}`);
    expect(receipt.parsed.text).toContain("Your application has been received and submitted for approval.");
    expect(receipt.parsed.text).toContain("Usually 3 working days.");
    expect(receipt.parsed.text).not.toMatch(/123-?45-?6789|6789/);
    // The dashboard and the application say whose turn it is.
    page = await visitor.get(`${portal.app.url}/home`);
    expect(page.shows("Whose turn: With the reviewer")).toBe(true);

    // Read-only afterwards: no SAVE / SUBMIT, inputs disabled, no add-a-state.
    page = await visitor.get(`${portal.app.url}/appoint?id=${id}&section=PERSONAL`);
    expect(page.all("button", /^SAVE/)).toHaveLength(0);
    expect(page.all("button", "SUBMIT")).toHaveLength(0);
    expect(page.all("button", "Save & Continue")).toHaveLength(0);
    expect(section(page).controlOf("First Name").matches(":disabled")).toBe(true);
    page = await visitor.get(`${portal.app.url}/appoint?id=${id}&section=FEES`);
    expect(page.all("button", "Add a State")).toHaveLength(0);
    expect(page.all("button", /^Delete /)).toHaveLength(0);

    // The job runner generates the combined application from the submitted data; it is then
    // offered in Supporting Documents and downloads as a PDF.
    const appLink = (p: Page) => main(p).all("a[href]", "Appointment Application");
    for (let i = 0; i < 30 && appLink(page).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      page = await visitor.get(`${portal.app.url}/appoint?id=${id}&section=DOCS`);
    }
    const href = main(page).link("Appointment Application");
    const pdf = await fetch(href, { headers: { cookie: visitor.cookies(href) } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
  }, 240_000);
});

/** Signs up an invited prospect (the newest link) and goes through the wizard choosing the type; the application. */
async function startApplication(type: RegExp, name: { firstName: string; middleName?: string; lastName: string }) {
  const { account, visitor } = await invitedProspect(name, { newest: true });
  return { account, visitor, ...(await throughWizard(visitor, portal.app.url, type)) };
}

/** The last four digits the portal keeps beside the SSN and card ciphertexts. */
async function last4s(id: number) {
  const [row] = await sql<{ ssn: string | null; card: string | null }>(
    `SELECT p.ssn_last4 AS ssn, c.card_last4 AS card FROM appointments a
       LEFT JOIN appointment_personal p ON p.appointment_id = a.appointment_id
       LEFT JOIN appointment_card_info c ON c.appointment_id = a.appointment_id
      WHERE a.appointment_id = $1`,
    [id],
  );
  return row!;
}

/** The stored ciphertexts of the application's sensitive values. */
async function ciphertexts(id: number) {
  const [row] = await sql<Record<string, string | null>>(
    `SELECT p.ssn_encrypted, p.business_tax_id_encrypted, b.account_number_encrypted, b.routing_number_encrypted, c.card_number_encrypted
       FROM appointments a
       LEFT JOIN appointment_personal p ON p.appointment_id = a.appointment_id
       LEFT JOIN appointment_bank_info b ON b.appointment_id = a.appointment_id
       LEFT JOIN appointment_card_info c ON c.appointment_id = a.appointment_id
      WHERE a.appointment_id = $1`,
    [id],
  );
  return row!;
}

/**
 * SAVE (the section form as filled in `form`, or as on the page): its answer on the page, no dialog
 * (decision 0103): 'Successfully Saved!' as a banner, or 'The Save Failed' as an error summary whose
 * links go to the refused fields.
 */
async function save(page: Page, expected: "Successfully Saved!" | "The Save Failed", form: Form = section(page)): Promise<Page> {
  page = await form.submit(/^SAVE/);
  expect(page.all("dialog").map((d) => d.text()), `no dialog on ${page.url}`).toEqual([]);
  const [banner] = page.all(expected === "Successfully Saved!" ? '[role="status"]' : '[role="alert"]', new RegExp(`^${expected}`));
  expect(banner, `a banner '${expected}' on ${page.url}: ${page.banners().join(" / ")}`).toBeDefined();
  if (expected === "The Save Failed") {
    const links = Array.from(banner!.root.querySelectorAll("a[href^='#f-']"));
    expect(links.length, banner!.text()).toBeGreaterThan(0);
    for (const a of links) expect(page.document.getElementById(a.getAttribute("href")!.slice(1)), a.getAttribute("href")!).not.toBeNull();
  }
  return page;
}

/** How many times a person reads `text` on the page. */
const times = (page: Page, text: string) => page.text().split(text).length - 1;

const TEXAS = (page: Page) => page.rows().some((cells) => cells.some((c) => /Texas \(TX\)/.test(c)));

describe("stored sensitive values without JavaScript", () => {
  test("survive a refused save, Add a State, Delete and the consent, each followed by SAVE; derived data appears on save", async () => {
    const started = await startApplication(/^Corporation —/, { firstName: "jay", middleName: "quincy", lastName: "tester-smith" });
    const { visitor, id } = started;
    let page = started.page;
    // 'Still needed' is neutral before any save was tried (decision 0103).
    expect(page.shows("Still needed")).toBe(true);
    expect(page.document.querySelector(".deficiencies--refused")).toBeNull();

    // ── Personal: SSN and business tax id stored (no signature yet, so no consent needed) ──
    page = await save(
      page,
      "Successfully Saved!",
      section(page).fill("SSN", "123-45-6789").fill("Business Tax Id", "98-7654321").fill("Business Name", "Tester Holdings").fill("Email Address", "Jay.Tester@Example.COM"),
    );
    const f = section(page);
    expect(f.value("SSN")).toBe("*****6789");
    expect(f.value("Business Tax Id")).toBe("*****4321");
    // Derived on save: W-9 name capitalised, EIN and W-9 business name mirrored, email lowercased.
    expect(f.value("Name (on W-9)")).toBe("Jay Quincy Tester-smith");
    expect(f.value("Business Name (on W-9)")).toBe("Tester Holdings");
    expect(f.value("Employer Identification Number (EIN)")).toBe("*****4321");
    expect(f.value("Email Address")).toBe("jay.tester@example.com");
    const personal = await ciphertexts(id);
    expect(personal.ssn_encrypted).toBeTruthy();
    expect(personal.business_tax_id_encrypted).toBeTruthy();

    // A refused save (wrong phone) shows the masks, not blanks; the next SAVE keeps the stored numbers.
    page = await save(page, "The Save Failed", section(page).fill("Phone Number", "555"));
    expect(page.document.querySelector(".deficiencies--refused")).not.toBeNull();
    expect(page.fieldError("Phone Number")).toMatch(/Phone Number/);
    expect(section(page).value("SSN")).toBe("*****6789");
    expect(section(page).value("Business Tax Id")).toBe("*****4321");
    page = await save(page, "Successfully Saved!", section(page).fill("Phone Number", "5125550101"));
    expect(await ciphertexts(id)).toMatchObject({ ssn_encrypted: personal.ssn_encrypted, business_tax_id_encrypted: personal.business_tax_id_encrypted });

    // A new SSN with a refused save (birth date out of range): the answer gives the new number back as
    // typed, not the old mask; nothing is stored. The corrected SAVE stores the new number.
    page = await save(page, "The Save Failed", section(page).fill("SSN", "234-56-7890").fill("Birth Date", "2099-01-01"));
    expect(page.fieldError("Birth Date")).toBe("Birth Date is out of range");
    expect(section(page).value("SSN")).toBe("234-56-7890");
    expect(section(page).value("Business Tax Id")).toBe("*****4321");
    expect((await ciphertexts(id)).ssn_encrypted).toBe(personal.ssn_encrypted);
    expect((await last4s(id)).ssn).toBe("6789");
    page = await save(page, "Successfully Saved!", section(page).fill("Birth Date", "1980-05-17"));
    expect(section(page).value("SSN")).toBe("*****7890");
    expect((await last4s(id)).ssn).toBe("7890");
    const renewed = await ciphertexts(id);
    expect(renewed.ssn_encrypted).not.toBe(personal.ssn_encrypted);
    expect(renewed.business_tax_id_encrypted).toBe(personal.business_tax_id_encrypted);

    // ── Commissions: bank numbers stored, then a refused save and SAVE ──
    page = await visitor.get(`${portal.app.url}/appoint?id=${id}&section=COMMS`);
    page = await save(page, "Successfully Saved!", section(page).check("Direct Deposit"));
    page = await save(page, "Successfully Saved!", section(page).fill("Bank Name", "First Texas Bank").fill("Routing Number", "011000015").fill("Account Number", "12345678"));
    const bank = await ciphertexts(id);
    expect(bank.account_number_encrypted).toBeTruthy();
    page = await save(page, "The Save Failed", section(page).fill("Bank Name", "X"));
    expect(section(page).value("Account Number")).toBe("*****5678");
    expect(section(page).value("Routing Number")).toBe("*****0015");
    page = await save(page, "Successfully Saved!", section(page).fill("Bank Name", "First Texas Bank"));
    expect(await ciphertexts(id)).toMatchObject({ account_number_encrypted: bank.account_number_encrypted, routing_number_encrypted: bank.routing_number_encrypted });

    // ── States & Fees with a card (a representative's application) ──
    await sql(`UPDATE appointments SET appointment_type_code = 'APPTTYP_REP' WHERE appointment_id = $1`, [id]);
    page = await visitor.get(`${portal.app.url}/appoint?id=${id}&section=FEES`);
    // The card section asks no CVC: it is asked with the submit, on the check page (decisions 0087, 0099).
    expect(() => section(page).controlOf("CVC")).toThrow();
    expect(times(page, "type it when you submit, on the page where you check your answers")).toBe(1);
    page = await save(page, "Successfully Saved!", section(page).fill("Card Number", "4111 1111 1111 1111"));
    const card = await ciphertexts(id);
    expect(card.card_number_encrypted).toBeTruthy();
    expect(section(page).value("Card Number")).toBe("*****1111");

    // Add a State: the answer shows the mask; SAVE keeps the card.
    page = await section(page).submit("Add a State");
    page = await section(page).select("State to add", "TX").submit("Add the selected state");
    expect(TEXAS(page)).toBe(true);
    expect(section(page).value("Card Number")).toBe("*****1111");
    page = await save(page, "Successfully Saved!");
    expect((await ciphertexts(id)).card_number_encrypted).toBe(card.card_number_encrypted);

    // Delete, with a new card number typed first: the answer gives the number back as typed; SAVE stores it.
    page = await section(page).fill("Card Number", "5555 5555 5555 4444").submit(/^Delete Texas/);
    expect(TEXAS(page)).toBe(false);
    expect(section(page).value("Card Number")).toBe("5555 5555 5555 4444");
    expect((await ciphertexts(id)).card_number_encrypted).toBe(card.card_number_encrypted);
    page = await save(page, "Successfully Saved!");
    expect(section(page).value("Card Number")).toBe("*****4444");
    expect((await last4s(id)).card).toBe("4444");
    const card2 = await ciphertexts(id);

    // The consent to sign electronically: the same.
    page = await section(page).fill("Card Number", "4000056655665556").submit("I agree");
    expect(page.all("button", "I agree")).toHaveLength(0);
    expect(section(page).value("Card Number")).toBe("4000056655665556");
    expect((await ciphertexts(id)).card_number_encrypted).toBe(card2.card_number_encrypted);
    page = await save(page, "Successfully Saved!");
    expect(section(page).value("Card Number")).toBe("*****5556");
    expect((await last4s(id)).card).toBe("5556");
    const card3 = await ciphertexts(id);

    // Nothing stored was lost on the way (the tax id is kept although a representative does not show it).
    expect(await ciphertexts(id)).toEqual({
      ssn_encrypted: renewed.ssn_encrypted,
      business_tax_id_encrypted: personal.business_tax_id_encrypted,
      account_number_encrypted: bank.account_number_encrypted,
      routing_number_encrypted: bank.routing_number_encrypted,
      card_number_encrypted: card3.card_number_encrypted,
    });

    // The check page asks for the CVC beside 'Submit application' (decisions 0087, 0099): a refused
    // submit says why and nothing is submitted; the CVC's message beside it, the input empty again.
    page = await visitor.get(`${portal.app.url}/appoint/check?id=${id}`);
    expect(times(page, "Asked when you submit, checked, never kept")).toBe(1);
    expect(term(page, "Card Number")).toBe("*****5556");
    expect(term(page, "Account Number")).toBe("*****5678");
    expect(term(page, "SSN")).toBe("*****7890");
    page = await page.form("Submit application").fill("CVC", "12").submit("Submit application");
    expect(page.url).toMatch(/\/appoint\/check\?id=/);
    expect(page.banners().some((b) => b.includes("Your application is not complete") && b.includes("Nothing was submitted."))).toBe(true);
    expect(page.fieldError("CVC")).toBe("CVC must be 3 or 4 digits");
    expect(page.form("Submit application").value("CVC")).toBe("");
    expect(page.within("list", "Still needed").text()).toMatch(/Missing E&O Certificate/);
    expect((await sql<{ s: string }>(`SELECT appointment_status_code AS s FROM appointments WHERE appointment_id = $1`, [id]))[0]?.s).toBe("APWF_STATUS_INCOMPLETE");
  }, 240_000);

  test("SUBMIT of an incomplete application shows the messages next to the fields", async () => {
    let { page } = await startApplication(/^Individual —/, { firstName: "Ida", lastName: "Incomplete" });

    page = await page.click("SUBMIT");
    // An error summary on the page, not a dialog (decision 0103): its links go to the fields.
    expect(page.all("dialog")).toHaveLength(0);
    const [summary] = page.all('[role="alert"]', /^Your application is not complete/);
    expect(summary!.link("SSN is required")).toMatch(/#f-ssn$/);
    expect(page.fieldError("SSN")).toBe("SSN is required");
    expect(page.fieldError("Birth Date")).toBe("Birth Date is required");
    const questions = page.within("group", "Questions and Answers").all("fieldset").filter((q) => q.all("input[type=radio]").length === 2);
    expect(questions).toHaveLength(15);
    expect(questions.filter((q) => page.fieldError(accessibleName(q.root))?.includes("Answers Required"))).toHaveLength(15);
    // What was typed before the submit is kept.
    expect(section(page).value("First Name")).toBe("Ida");
  }, 120_000);
});
