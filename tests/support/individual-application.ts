// Every section of an individual application in Chromium with JavaScript, and its submission through
// the check page: shared by the back-office review and the whole story (tests/e2e). The same without
// JavaScript: tests/support/application-form.ts.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { FCRA_AUTH_LABEL, FCRA_DISCLOSURE_ACK } from "~/features/appointment/fcra";
import { eoCertificatePdf } from "./pdf-files";

const main = (page: Page) => page.locator("#main");

async function saveAndContinue(page: Page, nextHeading: string) {
  await page.locator("form[id^='section-']").getByRole("button", { name: "Save & Continue" }).click();
  await page.getByRole("heading", { level: 2, name: nextHeading }).waitFor();
}

/** Every section of an individual application, from Personal Information to the uploaded E&O certificate. */
export async function fillIndividual(page: Page) {
  await page.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
  await page.getByRole("button", { name: "I agree" }).click();
  await page.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
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
  for (let i = 0, n = await noAnswers.count(); i < n; i++) await noAnswers.nth(i).check();
  await f.getByLabel(/^Signature \(your mother's maiden name\)/).fill("Delgado");
  await f.getByLabel(FCRA_DISCLOSURE_ACK).check();
  await f.getByLabel(FCRA_AUTH_LABEL).fill("Rhea Q Reviewed");
  await f.getByLabel("Name (on W-9)", { exact: true }).fill("Rhea Q Reviewed");
  await f.getByRole("radio", { name: "Individual or Sole-Proprietorship" }).check();
  await f.getByLabel(/^W-9 Signature/).fill("Delgado");
  await saveAndContinue(page, "Commissions");

  await main(page).getByLabel("Date", { exact: true }).fill("2026-01-15");
  await main(page).getByLabel(/^Signature \(your mother's maiden name\)/).fill("Delgado");
  await main(page).getByRole("radio", { name: "Paper Check" }).check();
  await saveAndContinue(page, "States & Fees");

  await main(page).getByRole("button", { name: "Add a State" }).click();
  await main(page).getByLabel("State to add").selectOption("TX");
  await main(page).getByRole("button", { name: "Add the selected state" }).click();
  await main(page).getByRole("cell", { name: /Texas \(TX\)/ }).waitFor();
  await main(page).getByRole("radio", { name: "No" }).check();
  await main(page).getByLabel(/^Signature \(your mother's maiden name\)/).fill("Delgado");
  await saveAndContinue(page, "Policies & Agreements");

  await main(page).getByLabel("I have read and agree to the Agent Agreement.").check();
  await main(page).getByLabel("I have read and agree to the Representative Agreement.").check();
  await main(page).getByLabel("I have read and acknowledge the Company Policy.").check();
  await main(page).getByLabel("I have read and acknowledge the Anti-Money-Laundering Guide.").check();
  await main(page).getByLabel("Mother's Maiden Name").fill("Delgado");
  await saveAndContinue(page, "Supporting Documents");

  // With JavaScript 'Upload a Document' opens a dialog; the file goes up by XMLHttpRequest.
  await page.getByRole("button", { name: "Upload a Document" }).click();
  const upload = page.getByRole("dialog", { name: "Upload a Document" });
  await upload.getByLabel("Document type").selectOption("DOCTYP_EO_CERT");
  await upload.getByLabel("Drop one PDF here, or choose a file").setInputFiles({ name: "eo-certificate.pdf", mimeType: "application/pdf", buffer: await eoCertificatePdf() });
  await upload.getByRole("button", { name: "Upload", exact: true }).click();
  // The result stands on the page as a Notice with the focus, no dialog to dismiss (issue 36 item 8).
  const received = page.getByRole("status").filter({ hasText: "We have successfully received your upload." });
  await received.waitFor();
  expect(await received.evaluate((el) => el === document.activeElement)).toBe(true);
  // The upload dialog is gone: nothing in front of the page (it stayed modal, the page inert, issue 35).
  expect(await page.evaluate(() => document.querySelectorAll("dialog:modal").length)).toBe(0);
  // The page's data revalidates after the upload: the pie reaches 100%.
  await expect.poll(() => page.getByTestId("completion-percent").innerText()).toBe("100% complete");
}

export async function submit(page: Page) {
  // SUBMIT opens the check page; 'Submit application' there submits (decision 0099).
  await page.getByRole("button", { name: "SUBMIT" }).click();
  await page.waitForURL(/\/appoint\/check\?id=\d+$/);
  await page.getByRole("button", { name: "Submit application" }).click();
  await page.getByText("Successfully Submitted for Approval!").waitFor();
  await page.goto(page.url().replace("/appoint/submitted?", "/appoint?"));
  await expect.poll(() => page.getByTestId("application-status").innerText()).toBe("Awaiting Approval");
}

