// Without JavaScript, every answer that stays on the page (a refused save,
// Add a State, Delete, 'I agree' to the consent) shows the stored SSN, tax id,
// bank and card numbers masked, and the next SAVE keeps them; a number newly
// typed in that post comes back as typed, so the next SAVE stores it instead
// of silently keeping the old one (issue 20 item 19, decision 0051); the card's
// CVC never comes back (decision 0087). A SUBMIT of an incomplete application
// shows the messages next to the fields (issue 6).
import type { Page } from "playwright-core";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { browserFixture } from "../support/browser";
import { sharedApp, startApplication } from "./helpers";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

const form = (page: Page) => page.locator("#main form[id^='section-']");

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
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

async function save(page: Page, expected: "Successfully Saved!" | "The Save Failed") {
  await page.getByRole("button", { name: /^SAVE/ }).click();
  await page.getByRole("dialog").getByText(expected, { exact: true }).waitFor();
  await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
}

describe("stored sensitive values without JavaScript", () => {
  test("survive a refused save, Add a State, Delete and the consent, each followed by SAVE; derived data appears on save", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const { id } = await startApplication(page, /^Corporation —/, { firstName: "jay", middleName: "quincy", lastName: "tester-smith" });
    const f = form(page);

    // ── Personal: SSN and business tax id stored (no signature yet, so no consent needed) ──
    await f.getByLabel("SSN", { exact: true }).fill("123-45-6789");
    await f.getByLabel("Business Tax Id", { exact: true }).fill("98-7654321");
    await f.getByLabel("Business Name", { exact: true }).fill("Tester Holdings");
    await f.getByLabel("Email Address").fill("Jay.Tester@Example.COM");
    await save(page, "Successfully Saved!");
    await expect(f.getByLabel("SSN", { exact: true }).inputValue()).resolves.toBe("*****6789");
    await expect(f.getByLabel("Business Tax Id", { exact: true }).inputValue()).resolves.toBe("*****4321");
    // Derived on save: W-9 name capitalised, EIN and W-9 business name mirrored, email lowercased.
    await expect(f.getByLabel("Name (on W-9)", { exact: true }).inputValue()).resolves.toBe("Jay Quincy Tester-smith");
    await expect(f.getByLabel("Business Name (on W-9)", { exact: true }).inputValue()).resolves.toBe("Tester Holdings");
    await expect(f.getByLabel("Employer Identification Number (EIN)").inputValue()).resolves.toBe("*****4321");
    await expect(f.getByLabel("Email Address").inputValue()).resolves.toBe("jay.tester@example.com");
    const personal = await ciphertexts(id);
    expect(personal.ssn_encrypted).toBeTruthy();
    expect(personal.business_tax_id_encrypted).toBeTruthy();

    // A refused save (wrong phone) shows the masks, not blanks; the next SAVE keeps the stored numbers.
    await f.getByLabel("Phone Number").fill("555");
    await save(page, "The Save Failed");
    await expect(page.locator("#f-phoneNumber-error").innerText()).resolves.toMatch(/Phone Number/);
    await expect(f.getByLabel("SSN", { exact: true }).inputValue()).resolves.toBe("*****6789");
    await expect(f.getByLabel("Business Tax Id", { exact: true }).inputValue()).resolves.toBe("*****4321");
    await f.getByLabel("Phone Number").fill("5125550101");
    await save(page, "Successfully Saved!");
    expect(await ciphertexts(id)).toMatchObject({ ssn_encrypted: personal.ssn_encrypted, business_tax_id_encrypted: personal.business_tax_id_encrypted });

    // A new SSN with a refused save (birth date out of range): the answer gives the new number back as
    // typed, not the old mask; nothing is stored. The corrected SAVE stores the new number.
    await f.getByLabel("SSN", { exact: true }).fill("234-56-7890");
    await f.getByLabel("Birth Date").fill("2099-01-01");
    await save(page, "The Save Failed");
    await expect(page.locator("#f-birthDate-error").innerText()).resolves.toBe("Birth Date is out of range");
    await expect(f.getByLabel("SSN", { exact: true }).inputValue()).resolves.toBe("234-56-7890");
    await expect(f.getByLabel("Business Tax Id", { exact: true }).inputValue()).resolves.toBe("*****4321");
    expect((await ciphertexts(id)).ssn_encrypted).toBe(personal.ssn_encrypted);
    expect((await last4s(id)).ssn).toBe("6789");
    await f.getByLabel("Birth Date").fill("1980-05-17");
    await save(page, "Successfully Saved!");
    await expect(f.getByLabel("SSN", { exact: true }).inputValue()).resolves.toBe("*****7890");
    expect((await last4s(id)).ssn).toBe("7890");
    const renewed = await ciphertexts(id);
    expect(renewed.ssn_encrypted).not.toBe(personal.ssn_encrypted);
    expect(renewed.business_tax_id_encrypted).toBe(personal.business_tax_id_encrypted);

    // ── Commissions: bank numbers stored, then a refused save and SAVE ──
    await page.goto(`${appUrl}/appoint?id=${id}&section=COMMS`);
    await f.getByRole("radio", { name: "Direct Deposit" }).check();
    await save(page, "Successfully Saved!");
    await f.getByLabel("Bank Name").fill("First Texas Bank");
    await f.getByLabel("Routing Number").fill("011000015");
    await f.getByLabel("Account Number").fill("12345678");
    await save(page, "Successfully Saved!");
    const bank = await ciphertexts(id);
    expect(bank.account_number_encrypted).toBeTruthy();
    await f.getByLabel("Bank Name").fill("X");
    await save(page, "The Save Failed");
    await expect(f.getByLabel("Account Number").inputValue()).resolves.toBe("*****5678");
    await expect(f.getByLabel("Routing Number").inputValue()).resolves.toBe("*****0015");
    await f.getByLabel("Bank Name").fill("First Texas Bank");
    await save(page, "Successfully Saved!");
    expect(await ciphertexts(id)).toMatchObject({ account_number_encrypted: bank.account_number_encrypted, routing_number_encrypted: bank.routing_number_encrypted });

    // ── States & Fees with a card (a representative's application) ──
    await sql(`UPDATE appointments SET appointment_type_code = 'APPTTYP_REP' WHERE appointment_id = $1`, [id]);
    await page.goto(`${appUrl}/appoint?id=${id}&section=FEES`);
    await f.getByLabel("Card Number").fill("4111 1111 1111 1111");
    await f.getByLabel("CVC").fill("123");
    await save(page, "Successfully Saved!");
    const card = await ciphertexts(id);
    expect(card.card_number_encrypted).toBeTruthy();
    await expect(f.getByLabel("Card Number").inputValue()).resolves.toBe("*****1111");
    // The CVC is checked and never kept (decision 0087): the input comes back empty, saying so.
    await expect(f.getByLabel("CVC").inputValue()).resolves.toBe("");
    await expect(f.getByText("Asked with SUBMIT, checked, never kept").count()).resolves.toBe(1);

    // Add a State: the answer shows the mask; SAVE keeps the card.
    await f.getByRole("button", { name: "Add a State" }).click();
    await f.getByLabel("State to add").selectOption("TX");
    await f.getByRole("button", { name: "Add the selected state" }).click();
    await f.getByRole("cell", { name: /Texas \(TX\)/ }).waitFor();
    await expect(f.getByLabel("Card Number").inputValue()).resolves.toBe("*****1111");
    await expect(f.getByLabel("CVC").inputValue()).resolves.toBe("");
    await save(page, "Successfully Saved!");
    expect((await ciphertexts(id)).card_number_encrypted).toBe(card.card_number_encrypted);

    // Delete, with a new card number (and a CVC) typed first: the answer gives the number back as typed, never the CVC; SAVE stores the number.
    await f.getByLabel("Card Number").fill("5555 5555 5555 4444");
    await f.getByLabel("CVC").fill("456");
    await f.getByRole("button", { name: /^Delete Texas/ }).click();
    await expect(f.getByRole("cell", { name: /Texas \(TX\)/ }).count()).resolves.toBe(0);
    await expect(f.getByLabel("Card Number").inputValue()).resolves.toBe("5555 5555 5555 4444");
    await expect(f.getByLabel("CVC").inputValue()).resolves.toBe("");
    expect((await ciphertexts(id)).card_number_encrypted).toBe(card.card_number_encrypted);
    await save(page, "Successfully Saved!");
    await expect(f.getByLabel("Card Number").inputValue()).resolves.toBe("*****4444");
    expect((await last4s(id)).card).toBe("4444");
    const card2 = await ciphertexts(id);

    // The consent to sign electronically: the same.
    await f.getByLabel("Card Number").fill("4000056655665556");
    await f.getByRole("button", { name: "I agree" }).click();
    await expect(f.getByRole("button", { name: "I agree" }).count()).resolves.toBe(0);
    await expect(f.getByLabel("Card Number").inputValue()).resolves.toBe("4000056655665556");
    expect((await ciphertexts(id)).card_number_encrypted).toBe(card2.card_number_encrypted);
    await save(page, "Successfully Saved!");
    await expect(f.getByLabel("Card Number").inputValue()).resolves.toBe("*****5556");
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

    // SUBMIT from another section asks for the CVC beside the button (the side panel's input, part of the
    // section's form without JavaScript): its message there, the input empty again (decision 0087).
    await page.goto(`${appUrl}/appoint?id=${id}&section=AGREEMENTS`);
    await expect(page.getByText("Asked with SUBMIT, checked, never kept").count()).resolves.toBe(1);
    await page.getByLabel("CVC").fill("12");
    await page.getByRole("button", { name: "SUBMIT" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await expect(page.locator("#f-ccInfo-cvcNumber-error").textContent()).resolves.toBe("CVC must be 3 or 4 digits");
    await expect(page.getByLabel("CVC").inputValue()).resolves.toBe("");
  }, 400_000); // one long no-JS journey through three sections (about 30 round trips): slow on a loaded machine

  test("SUBMIT of an incomplete application shows the messages next to the fields", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await startApplication(page, /^Individual —/, { firstName: "Ida", lastName: "Incomplete" });

    await page.getByRole("button", { name: "SUBMIT" }).click();
    await page.getByRole("dialog").getByText("Your application is not complete").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await expect(page.locator("#f-ssn-error").innerText()).resolves.toBe("SSN is required");
    await expect(page.locator("#f-birthDate-error").innerText()).resolves.toBe("Birth Date is required");
    const answers = await page.locator("[id^='f-answers-'][id$='-answer-error']").allInnerTexts();
    expect(answers.filter((t) => t.includes("Answers Required")).length).toBe(15);
    // What was typed before the submit is kept.
    await expect(form(page).getByLabel("First Name", { exact: true }).inputValue()).resolves.toBe("Ida");
  }, 180_000);

  test("with JavaScript too, SUBMIT sends the side panel's CVC and shows its message there, the input emptied", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    const { id } = await startApplication(page, /^Individual —/, { firstName: "Cal", lastName: "Card" });
    await sql(`UPDATE appointments SET appointment_type_code = 'APPTTYP_REP' WHERE appointment_id = $1`, [id]);
    // Instructions: no section rules of its own run in the browser first, so the post reaches the server.
    await page.goto(`${appUrl}/appoint?id=${id}&section=INSTRUCT`);
    await page.getByLabel("CVC").fill("12a");
    await page.getByRole("button", { name: "SUBMIT" }).click();
    await page.getByRole("dialog").getByText("Your application is not complete").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    await expect(page.locator("#f-ccInfo-cvcNumber-error").textContent()).resolves.toBe("CVC must be 3 or 4 digits");
    await expect(page.getByLabel("CVC").inputValue()).resolves.toBe("");
  }, 180_000);
});
