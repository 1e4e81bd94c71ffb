// An invited prospect, with JavaScript turned off, goes through the wizard,
// completes every section of an individual (APPTTYP_IND) application,
// uploads an E&O certificate, sees the completion reach 100% and submits:
// 'Successfully Submitted for Approval!', status Awaiting Approval, and the
// form is read-only afterwards (spec part 2 §2, §4, §8).
import type { Page } from "playwright-core";
import { PDFDocument, StandardFonts } from "pdf-lib";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { browserFixture, newAccount, signUp } from "../support/browser";
import { inviteProspect, sharedApp } from "./helpers";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

async function appointmentOf(email: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ appointment_id: number; appointment_status_code: string; appointment_type_code: string }>(
      `SELECT a.appointment_id, a.appointment_status_code, a.appointment_type_code
         FROM appointments a JOIN users u ON u.id = a.user_id WHERE u.user_name = $1`,
      [email.toLowerCase()],
    );
    return r.rows;
  } finally {
    await client.end();
  }
}

async function smallPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("E&O Certificate", { x: 30, y: 100, size: 18, font });
  return Buffer.from(await doc.save());
}

const main = (page: Page) => page.locator("#main");
const sectionForm = (page: Page) => page.locator("form[id^='section-']");

async function saveAndContinue(page: Page, nextHeading: string) {
  await sectionForm(page).getByRole("button", { name: "Save & Continue" }).click();
  await page.getByRole("heading", { level: 2, name: nextHeading }).waitFor();
}

async function expectNoFieldErrors(page: Page) {
  const errors = (await page.locator(".field__error").allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  expect(errors).toEqual([]);
}

describe("application without JavaScript", () => {
  test("an individual completes the wizard and every section, uploads the E&O certificate and submits", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const account = newAccount({ firstName: "Nora", middleName: "J", lastName: "Castillo" });
    await signUp(page, appUrl, account);
    const link = await inviteProspect(databaseUrl, account);

    // Dashboard → wizard.
    await page.goto(`${appUrl}/home`);
    await page.getByRole("link", { name: "Complete Your Appointment" }).click();
    await page.waitForURL(/\/wizard\?/);

    // Step 1: instructions.
    await page.getByRole("heading", { name: /before you start/i }).waitFor();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();

    // Step 2: NEXT without an answer is refused.
    await page.getByText("Does this invitation look right?").waitFor();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    await page.getByRole("dialog").getByText("Invitation Look Good?").waitFor();
    await page.getByRole("dialog").getByText("Please choose Yes or No").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await page.getByLabel("Yes", { exact: true }).check();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();

    // Step 3: a type is required.
    await page.getByText("How do you want to be appointed?").waitFor();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    await page.getByRole("dialog").getByText("Please choose one of the appointment types before continuing.").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await page.getByRole("radio", { name: /^Individual —/ }).check();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();

    // Step 4: pointers, then the application.
    await page.getByRole("heading", { name: /pointers for filling out/i }).waitFor();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    await page.waitForURL(/\/appoint\?id=\d+/);
    const [created] = await appointmentOf(account.email);
    expect(created?.appointment_type_code).toBe("APPTTYP_IND");
    expect(created?.appointment_status_code).toBe("APWF_STATUS_INCOMPLETE");
    const id = created!.appointment_id;

    // Header and side panel.
    await expect(page.getByTestId("inviter-agent-number").innerText()).resolves.toBe(link.agent_number);
    await expect(page.getByTestId("application-status").innerText()).resolves.toBe("Incomplete");
    await expect(page.getByTestId("appointment-type").innerText()).resolves.toMatch(/Individual/);
    const startPercent = Number((await page.getByTestId("completion-percent").innerText()).replace(/\D/g, ""));
    expect(startPercent).toBeLessThan(100);
    // An individual (standard invitation) has States & Fees in the navigation.
    const nav = page.getByRole("navigation", { name: "Application sections" });
    for (const s of ["Personal Information", "Commissions", "States & Fees", "Policies & Agreements", "Supporting Documents", "Instructions"]) {
      await nav.getByRole("link", { name: new RegExp(`^${s}`) }).waitFor();
    }

    // ── Personal Information ──
    await page.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
    // The profile pre-fills the name.
    await expect(page.getByLabel("First Name", { exact: true }).inputValue()).resolves.toBe("Nora");
    // Signature fields wait for the consent to sign electronically.
    await expect(page.getByLabel(/^Signature \(your mother's maiden name\)/).getAttribute("readonly")).resolves.not.toBeNull();
    await page.getByRole("button", { name: "I agree" }).click();
    await page.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
    await expect(page.getByRole("button", { name: "I agree" }).count()).resolves.toBe(0);

    const f = main(page);
    await f.getByLabel("SSN", { exact: true }).fill("123-45-6789");
    await f.getByLabel("Birth Date").fill("1988-04-12");
    await f.getByLabel("National Producer Number (NPN)").fill("19283746");
    await f.getByLabel("Resident State Insurance License Number").fill("TX-7766554");
    await f.getByLabel("Resident State", { exact: true }).selectOption("TX");
    await f.getByLabel("Phone Number").fill("5125550177");
    await f.getByLabel("Address", { exact: true }).fill("410 Congress Ave");
    await f.getByLabel("City", { exact: true }).fill("Austin");
    await f.getByLabel("State", { exact: true }).selectOption("TX");
    await f.getByLabel("Zip Code").fill("78701");
    await f.getByRole("radio", { name: "Residence" }).check();
    const noAnswers = f.locator('input[type="radio"][name^="answers["][value="N"]');
    const questionCount = await noAnswers.count();
    expect(questionCount).toBe(15);
    for (let i = 0; i < questionCount; i++) await noAnswers.nth(i).check();
    await f.getByLabel(/^Signature \(your mother's maiden name\)/).fill("Delgado");
    await f.getByLabel("Name (on W-9)", { exact: true }).fill("Nora J Castillo");
    await f.getByRole("radio", { name: "Individual or Sole-Proprietorship" }).check();
    await f.getByLabel(/^W-9 Signature/).fill("Delgado");
    await saveAndContinue(page, "Commissions");
    await expect(nav.getByRole("link", { name: /Personal Information \(complete\)/ }).count()).resolves.toBe(1);

    // The saved SSN comes back only as a mask.
    await page.goto(`${appUrl}/appoint?id=${id}&section=PERSONAL`);
    await expect(main(page).getByLabel("SSN", { exact: true }).inputValue()).resolves.toBe("*****6789");
    await expect(main(page).getByLabel("SSN", { exact: true }).getAttribute("autocomplete")).resolves.toBe("off");
    await page.goto(`${appUrl}/appoint?id=${id}&section=COMMS`);

    // ── Commissions ──
    await page.getByText(/Direct deposits are made twice a month/).waitFor();
    await page.getByText(/no check is issued for less than \$100/).waitFor();
    await main(page).getByLabel("Date", { exact: true }).fill("2026-01-15");
    await expect(main(page).getByLabel("Agent Name").inputValue()).resolves.toMatch(/Nora J\.? Castillo/i);
    await main(page).getByLabel(/^Signature \(your mother's maiden name\)/).fill("Delgado");
    await main(page).getByRole("radio", { name: "Paper Check" }).check();
    await saveAndContinue(page, "States & Fees");

    // ── States & Fees ──
    await page.getByText("Appointment Fees, if any, will be deducted from Commissions.").waitFor();
    // Adding without a choice is refused.
    await main(page).getByRole("button", { name: "Add a State" }).click();
    await main(page).getByRole("button", { name: "Add the selected state" }).click();
    await page.getByRole("dialog").getByText("Add What State").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await main(page).getByLabel("State to add").selectOption("TX");
    await main(page).getByRole("button", { name: "Add the selected state" }).click();
    await main(page).getByRole("cell", { name: /Texas \(TX\)/ }).waitFor();
    // Adding the same state again is refused.
    await main(page).getByRole("button", { name: "Add a State" }).click();
    await main(page).getByLabel("State to add").selectOption("TX");
    await main(page).getByRole("button", { name: "Add the selected state" }).click();
    await page.getByRole("dialog").getByText("Your selected state has already been added to the list.").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    // Saving while the add row is still open asks to confirm or cancel it first.
    await sectionForm(page).getByRole("button", { name: "Save & Continue" }).click();
    await page.getByRole("dialog").getByText("Add the State?").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await page.getByRole("heading", { level: 2, name: "States & Fees" }).waitFor();
    await main(page).getByRole("button", { name: "Cancel adding a state" }).click();
    await expect(page.getByTestId("fees-total").innerText()).resolves.toMatch(/^\$\d+\.\d{2}$/);
    await main(page).getByRole("radio", { name: "No" }).check();
    await main(page).getByLabel(/^Signature \(your mother's maiden name\)/).fill("Delgado");
    await saveAndContinue(page, "Policies & Agreements");

    // ── Policies & Agreements ──
    await main(page).getByLabel("I have read and agree to the Agent Agreement.").check();
    await main(page).getByLabel("I have read and agree to the Representative Agreement.").check();
    await main(page).getByLabel("I have read and acknowledge the Company Policy.").check();
    await main(page).getByLabel("I have read and acknowledge the Anti-Money-Laundering Guide.").check();
    await expect(main(page).getByLabel("Your Name").inputValue()).resolves.not.toBe("");
    await main(page).getByLabel("Mother's Maiden Name").fill("Delgado");
    await saveAndContinue(page, "Supporting Documents");

    // ── Supporting Documents: everything else is complete, the E&O certificate is missing ──
    await page.getByTestId("document-fax-number").waitFor();
    const deficiencies = page.getByRole("list", { name: "Still needed" });
    await expect(deficiencies.innerText()).resolves.toMatch(/Missing E&O Certificate/);
    await page.locator("summary", { hasText: "Upload a Document" }).click();
    await page.getByLabel("Document type").selectOption("DOCTYP_EO_CERT");
    await page.getByLabel("Choose one PDF file").setInputFiles({ name: "eo-certificate.pdf", mimeType: "application/pdf", buffer: await smallPdf() });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByRole("dialog").getByText("We have successfully received your upload.").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();

    await expect(page.getByTestId("completion-percent").innerText()).resolves.toBe("100% complete");
    await expectNoFieldErrors(page);

    // ── Submit ──
    await page.getByRole("button", { name: "SUBMIT" }).click();
    await page.getByRole("dialog").getByText("Successfully Submitted for Approval!").waitFor();
    await page.getByRole("dialog").getByText("Your application has been received and submitted for approval.").waitFor();
    await expect(page.getByTestId("application-status").innerText()).resolves.toBe("Awaiting Approval");
    const [after] = await appointmentOf(account.email);
    expect(after?.appointment_status_code).toBe("APWF_STATUS_NEWCONTRACT");

    // Read-only afterwards: no SAVE / SUBMIT, inputs disabled, no add-a-state.
    await page.goto(`${appUrl}/appoint?id=${id}&section=PERSONAL`);
    await expect(page.getByRole("button", { name: /^SAVE/ }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "SUBMIT" }).count()).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Save & Continue" }).count()).resolves.toBe(0);
    await expect(main(page).getByLabel("First Name", { exact: true }).isDisabled()).resolves.toBe(true);
    await page.goto(`${appUrl}/appoint?id=${id}&section=FEES`);
    await expect(main(page).getByRole("button", { name: "Add a State" }).count()).resolves.toBe(0);
    await expect(main(page).getByRole("button", { name: /^Delete / }).count()).resolves.toBe(0);

    // The job runner generates the combined application from the submitted data; it is then
    // offered in Supporting Documents and downloads as a PDF.
    const appLink = main(page).getByRole("link", { name: "Appointment Application", exact: true });
    for (let i = 0; i < 30 && (await appLink.count()) === 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      await page.goto(`${appUrl}/appoint?id=${id}&section=DOCS`);
    }
    const href = await appLink.first().getAttribute("href");
    expect(href).toBeTruthy();
    const pdf = await page.request.get(new URL(href!, appUrl).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
