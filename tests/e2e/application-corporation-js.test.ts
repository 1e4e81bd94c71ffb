// With JavaScript: a corporation's application shows the business block,
// validates in the browser next to the field, marks unsaved changes with a
// star and asks 'Are you sure?' before leaving, and a deficiency link jumps
// to its section and focuses the field. Without JavaScript: a save the
// server refuses keeps everything typed and shows the message next to the
// field (spec part 2 §2, §4, §8).
import type { Page } from "playwright-core";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { browserFixture } from "../support/browser";
import { sharedApp, startApplication } from "./helpers";

const { databaseUrl } = sharedApp();
const browser = browserFixture();

const main = (page: Page) => page.locator("#main form[id^='section-']");

describe("application with JavaScript", () => {
  test("SAVE checks what is typed in the browser: a wrong value stays on the page unsaved, a half-filled section saves", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    const { id } = await startApplication(page, /^Individual —/);
    const form = main(page);
    const phone = form.getByLabel("Phone Number", { exact: true });
    await phone.fill("555-01");
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/appoint")) posts++;
    });
    await page.getByRole("button", { name: /^SAVE/ }).click();
    const phoneError = page.locator("#f-phoneNumber-error");
    await expect.poll(() => phoneError.innerText()).toMatch(/Phone Number/);
    expect(posts).toBe(0);

    // Empty fields do not block a save: only the typed phone number is fixed.
    await phone.fill("(512) 555-0188");
    await page.getByRole("button", { name: /^SAVE/ }).click();
    await page.getByRole("status").filter({ hasText: "Successfully Saved!" }).waitFor();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT phone_number FROM appointment_personal WHERE appointment_id = $1`, [id]);
      expect(rows[0]?.phone_number).toBe("5125550188");
    } finally {
      await client.end();
    }
  });

  test("a corporation: business block, inline errors, unsaved star, 'Are you sure?', deficiency jump", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    const { id } = await startApplication(page, /^Corporation —/);
    await expect(page.getByTestId("appointment-type").innerText()).resolves.toMatch(/Corporation/);
    const form = main(page);
    await form.getByRole("group", { name: "Business Information" }).waitFor();
    await form.getByLabel("Same as mailing address").waitFor();

    // Browser-side validation on blur, next to the field.
    const phone = form.getByLabel("Phone Number", { exact: true });
    await phone.fill("12345");
    await phone.blur();
    const phoneError = page.locator("#f-phoneNumber-error");
    await expect.poll(() => phoneError.innerText()).not.toBe("");
    await expect(phone.getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(phone.getAttribute("aria-describedby")).resolves.toContain("f-phoneNumber-error");
    await phone.fill("5125550188");
    await expect.poll(() => phoneError.innerText()).toBe("");

    // Formatting is stripped from the SSN when leaving the field.
    const ssn = form.getByLabel("SSN", { exact: true });
    await ssn.fill("123-45 6789");
    await ssn.blur();
    await expect.poll(() => ssn.inputValue()).toBe("123456789");

    // Derived data follows the typing (spec §4): W-9 name capitalised, email lowercased, EIN and W-9 business name mirrored.
    await form.getByLabel("First Name", { exact: true }).fill("jay");
    await form.getByLabel("Middle Name", { exact: true }).fill("quincy");
    await form.getByLabel("Last Name", { exact: true }).fill("tester-smith");
    await expect.poll(() => form.getByLabel("Name (on W-9)", { exact: true }).inputValue()).toBe("Jay Quincy Tester-smith");
    const email = form.getByLabel("Email Address");
    await email.fill("Jay.Tester@Example.COM");
    await email.blur();
    await expect.poll(() => email.inputValue()).toBe("jay.tester@example.com");
    await form.getByLabel("Business Tax Id", { exact: true }).fill("987654321");
    await form.getByLabel("Business Name", { exact: true }).fill("Tester Holdings");
    await expect.poll(() => form.getByLabel("Employer Identification Number (EIN)").inputValue()).toBe("987654321");
    await expect.poll(() => form.getByLabel("Business Name (on W-9)", { exact: true }).inputValue()).toBe("Tester Holdings");
    await form.getByLabel("Business Name", { exact: true }).fill("");
    await expect.poll(() => form.getByLabel("Business Name (on W-9)", { exact: true }).inputValue()).toBe("");

    // Same as mailing address copies the home address.
    await form.getByLabel("Address", { exact: true }).first().fill("77 Market St");
    await form.locator("#f-home-city").fill("Dallas");
    await form.locator("#f-home-stateCode").selectOption("TX");
    await form.locator("#f-home-zipCode").fill("75201");
    await form.getByLabel("Same as mailing address").check();
    await expect(form.locator("#f-business-address1").inputValue()).resolves.toBe("77 Market St");
    await expect(form.locator("#f-business-zipCode").inputValue()).resolves.toBe("75201");

    // Unsaved changes: a star on SAVE, and 'Are you sure?' before leaving.
    const save = page.getByRole("button", { name: /^SAVE/ });
    await expect(save.innerText()).resolves.toContain("*");
    const nav = page.getByRole("navigation", { name: "Application sections" });
    await nav.getByRole("link", { name: /^Commissions/ }).click();
    const sure = page.getByRole("dialog", { name: "Are you sure?" });
    await sure.waitFor();
    await sure.getByRole("button", { name: "NO" }).click();
    expect(new URL(page.url()).searchParams.get("section")).not.toBe("COMMS");

    // SAVE: saved but not submitted; the star goes away.
    await save.click();
    // On the page with the focus, not a dialog to dismiss (decision 0103).
    const saved = page.getByRole("status").filter({ hasText: "Successfully Saved!" });
    await saved.getByText("Your application changes have been saved but NOT submitted for approval.").waitFor();
    await expect.poll(() => saved.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => save.innerText()).not.toContain("*");

    // On a phone the section navigation sits above the form, in one column.
    await page.setViewportSize({ width: 390, height: 844 });
    const navBox = await nav.boundingBox();
    const formBox = await form.boundingBox();
    expect(navBox && formBox && navBox.y + navBox.height <= formBox.y).toBe(true);
    expect(formBox!.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Leaving without changes does not ask.
    await nav.getByRole("link", { name: /^Commissions/ }).click();
    await page.waitForURL(/section=COMMS/);
    await page.getByRole("heading", { level: 2, name: "Commissions" }).waitFor();

    // A deficiency of another section: jump there and focus the field.
    const list = page.getByRole("list", { name: "Still needed" });
    const businessName = list.getByRole("link", { name: /Business Name/ }).first();
    await expect(businessName.getAttribute("href")).resolves.toBe(`/appoint?id=${id}&section=PERSONAL#f-businessName`);
    await businessName.click();
    await page.waitForURL(/section=PERSONAL/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? ""), { timeout: 5_000 }).toBe("f-businessName");

    // With changes, leaving and answering YES goes on.
    await form.getByLabel("Business Name", { exact: true }).fill("Haddad Insurance LLC");
    await nav.getByRole("link", { name: /^Instructions/ }).click();
    await sure.waitFor();
    await sure.getByRole("button", { name: "YES" }).click();
    await page.waitForURL(/section=INSTRUCT/);
  });
});

describe("application without JavaScript: a refused save", () => {
  test("keeps everything typed and shows the message next to the field", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await startApplication(page, /^Individual —/);
    const form = main(page);
    // 'Still needed' is not in the error colour before a save was tried (decision 0103).
    const stillNeeded = page.getByRole("list", { name: "Still needed" }).getByRole("link").first();
    const colour = () => stillNeeded.evaluate((el) => getComputedStyle(el).color);
    const before = await colour();
    await form.getByLabel("National Producer Number (NPN)").fill("55512345");
    await form.locator("#f-home-address1").fill("12 Elm Street");
    await form.locator("#f-home-city").fill("Springfield");
    await form.getByRole("radio", { name: "Residence" }).check();
    await form.locator('input[name="answers[0].answer"][value="Y"]').check();
    // The limits reach the inputs (the schema's maxLength).
    await expect(form.locator("#f-qnaComment").getAttribute("maxlength")).resolves.toBe("1000");
    await expect(form.getByLabel("First Name", { exact: true }).getAttribute("maxlength")).resolves.toBe("50");
    await form.locator("#f-qnaComment").fill("A comment");
    // A wrong value: the server refuses the whole save.
    await form.getByLabel("Phone Number").fill("555");
    await form.getByRole("button", { name: "Save", exact: true }).click();

    // The error summary at the top (an alert; conform puts the focus in the first wrong field),
    // its link goes to the field (decision 0103).
    const summary = page.getByRole("alert").filter({ hasText: "The Save Failed" });
    await summary.waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.locator("#f-home-city").focus();
    await summary.getByRole("link", { name: /Phone Number/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("f-phoneNumber");
    await expect(page.locator("#f-phoneNumber-error").innerText()).resolves.not.toBe("");
    const errorColour = await page.locator("#f-phoneNumber-error").evaluate((el) => getComputedStyle(el).color);
    expect(before).not.toBe(errorColour);
    expect(await colour()).toBe(errorColour);
    await expect(page.locator("#f-phoneNumber").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(form.getByLabel("National Producer Number (NPN)").inputValue()).resolves.toBe("55512345");
    await expect(form.locator("#f-home-address1").inputValue()).resolves.toBe("12 Elm Street");
    await expect(form.locator("#f-home-city").inputValue()).resolves.toBe("Springfield");
    await expect(form.getByRole("radio", { name: "Residence" }).isChecked()).resolves.toBe(true);
    await expect(form.locator('input[name="answers[0].answer"][value="Y"]').isChecked()).resolves.toBe(true);
    await expect(form.locator("#f-qnaComment").inputValue()).resolves.toBe("A comment");

    // Nothing was stored.
    await page.goto(page.url().split("#")[0]!);
    await expect(form.getByLabel("National Producer Number (NPN)").inputValue()).resolves.toBe("");
  });
});
