// Invitations in Chromium, on an app of its own whose mail goes to a real SMTP
// server started here (smtp-server on loopback, parsed with mailparser):
//  - with JavaScript the lexical editor's bold and bullets reach the email;
//  - axe finds nothing on /invite for several links at desktop and 390 px
//    (/invites: tests/e2e/every-screen.test.ts);
//  - issue 20, JavaScript off and on: the refused form's banner names the wrong
//    fields; PREVIEW shows the merged message (a merge field in a link's
//    address is the bare URL) and stores nothing; a lone <script> is empty.
// Without JavaScript (send to a new prospect who signs up and reaches the
// wizard; the list's paging and 'hide appointed'): the form driver,
// tests/integration/director-nojs.test.ts (docs/testing.md, 'Moved off Chromium').
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AppHandle } from "../support/app-server";
import { browserFixture, DEMO, DEMO_PASSWORD, newAccount, signIn } from "../support/browser";
import { usableLinks } from "../support/invite-prospect";
import { query } from "../support/mailbox";
import { startAppWithSmtp, type SmtpSink } from "../support/smtp-sink";
import { axeViolations as violations } from "../support/axe";

const browser = browserFixture();

let app: AppHandle;
let smtp: SmtpSink;
let dispose: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ app, smtp, dispose } = await startAppWithSmtp());
});

afterAll(async () => {
  await dispose?.();
});

const mailTo = (email: string, subject?: RegExp) => smtp.mailTo(email, subject);

/** A multi-link of two of the demo marketing director's usable links (levels with a document). */
async function newMultiLink(): Promise<string> {
  const db = app.databaseUrl!;
  const links = await usableLinks(db, { recruiter: DEMO.marketingDirector, document: true, limit: 2 });
  expect(links).toHaveLength(2);
  const code = `E2E${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
  const [ml] = await query<{ multi_link_id: number }>(db, `INSERT INTO multi_links (code) VALUES ($1) RETURNING multi_link_id`, [code]);
  for (const [i, l] of links.entries()) {
    await query(db, `INSERT INTO multi_link_items (multi_link_id, appointment_link_id, sort_order) VALUES ($1, $2, $3)`, [ml!.multi_link_id, l.appointment_link_id, i]);
  }
  return `MLT${code}`;
}

async function expectNoViolations(page: Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await violations(page), `at ${width}px on ${page.url()}`).toEqual([]);
  }
  // At 390 px nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `overflow at 390px on ${page.url()}`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function invitationsTo(email: string): Promise<number> {
  const [row] = await query<{ n: string }>(app.databaseUrl!, `SELECT count(*) AS n FROM invitations WHERE prospect_email_address = $1`, [email.toLowerCase()]);
  return Number(row!.n);
}

describe("invitations", () => {
  test("axe finds nothing on /invite for several links, with JavaScript and as served (scripts blocked), at 1280 and 390 px", async () => {
    // /invites: tests/e2e/every-screen.test.ts, entry 'invites' (JavaScript on and off, 1280 and 390 px).
    const link = await newMultiLink();
    for (const scripts of [true, false]) {
      const page = await browser.newPage({ javaScriptEnabled: true });
      await signIn(page, app.url, DEMO.marketingDirector, DEMO_PASSWORD);
      // Blocking the app's scripts leaves the page as the server sent it (what a browser without JavaScript shows, less <noscript>).
      if (!scripts) await page.route("**/build/**/*.js", (route) => route.abort());
      await page.goto(`${app.url}/invite?links=${link}`);
      await page.getByRole("heading", { name: "Send a Recruitment Invitation" }).waitFor();
      if (scripts) await page.locator("#invite-body[contenteditable]").waitFor();
      else await page.getByLabel("Invitation (HTML)").waitFor();
      await expectNoViolations(page);
      // The error state: every field marked.
      if (!scripts) {
        await page.getByLabel("Prospect Email Address").fill("x@y.zz");
        await page.evaluate(() => document.querySelectorAll("[required]").forEach((e) => e.removeAttribute("required")));
        await page.getByRole("button", { name: "Send" }).click();
        await page.getByText("All fields except for CC Email Address need to be filled in").first().waitFor();
        await expectNoViolations(page);
      }
    }
  });

  test("with JavaScript the rich-text editor's bold and bullets reach the email", async () => {
    const link = await newMultiLink();
    const page = await browser.newPage({ javaScriptEnabled: true });
    await signIn(page, app.url, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${app.url}/invite?links=${link}`);
    const editor = page.locator("#invite-body[contenteditable]");
    await editor.waitFor();
    const email = newAccount().email;
    await page.getByLabel("Prospect First Name").fill("Bea");
    await page.getByLabel("Prospect Last Name").fill("Bold");
    await page.getByLabel("Prospect Email Address").fill(email);
    // Choosing a template replaces the editor's text at once (the web-based one, type 2070).
    await page.getByLabel("Email Template").selectOption({ label: "Web-Based Invitation" });
    await editor.getByText(/join our web-based program/).waitFor();
    // Caret at the very start of the first paragraph (a click in the middle of the editor
    // lands wherever the text happens to be), then a new empty first paragraph.
    await editor.locator("p").first().click({ position: { x: 2, y: 4 } });
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowUp");
    const bold = page.getByRole("button", { name: "Bold" });
    await bold.click();
    // The toolbar shows the pending format before anything is typed (slow machines).
    await page.locator('button[title="Bold"][aria-pressed="true"]').waitFor();
    await page.keyboard.type("Strong opening");
    await page.keyboard.press("Enter");
    await bold.click();
    await page.locator('button[title="Bold"][aria-pressed="false"]').waitFor();
    await page.getByRole("button", { name: "Bulleted list" }).click();
    await page.keyboard.type("First point");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Second point");
    await page.getByRole("button", { name: "Send" }).click();
    const dialog = page.getByRole("dialog", { name: "Send this invitation?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/\/invites\?sent=1/);
    // 'Sent!' on the page with the focus, no dialog to dismiss (decision 0103).
    const sent = page.getByRole("status").filter({ hasText: "Sent!" });
    await sent.getByText("Your invitation is on its way.", { exact: false }).waitFor();
    await expect.poll(() => sent.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByRole("dialog").count()).toBe(0);
    const mail = await mailTo(email);
    expect(mail.parsed.html).toMatch(/<b>(<strong[^>]*>)?Strong opening/);
    expect(mail.parsed.html).toMatch(/<ul>\s*<li[^>]*>(<span[^>]*>)?First point/);
    expect(mail.parsed.html).toContain("Second point");
    expect(mail.parsed.html).toContain("join our web-based program");
    const [row] = await query<{ template_type_id: number }>(
      app.databaseUrl!,
      `SELECT t.template_type_id FROM invitations i JOIN email_templates t ON t.corr_template_id = i.corr_template_id WHERE i.prospect_email_address = $1`,
      [email.toLowerCase()],
    );
    expect(row?.template_type_id).toBe(2070);
  });

  test("issue 20, JavaScript off and on: the banner names the wrong fields; PREVIEW shows the merged message and stores nothing; a lone <script> is empty", async () => {
    const link = await newMultiLink();
    const url = `${app.url}/${link}`;
    for (const js of [false, true]) {
      // Without JavaScript: the app's scripts blocked (axe needs the browser's JavaScript; the page is as served).
      const page = await browser.newPage({ javaScriptEnabled: true });
      await signIn(page, app.url, DEMO.marketingDirector, DEMO_PASSWORD);
      if (!js) await page.route("**/build/**/*.js", (route) => route.abort());
      await page.goto(`${app.url}/invite?links=${link}`);
      await page.getByRole("heading", { name: "Send a Recruitment Invitation" }).waitFor();
      if (js) await page.locator("#invite-body[contenteditable]").waitFor();
      const email = newAccount().email;
      await page.getByLabel("Prospect First Name").fill("Pia");
      await page.getByLabel("Prospect Last Name").fill("Preview");
      await page.getByLabel("Prospect Email Address").fill("user@localhost");
      await page.getByLabel("CC Email Address").fill("boss");
      if (!js) await page.getByLabel(/I have reviewed this invitation/).check();
      await page.getByRole("button", { name: "Send", exact: true }).click();
      // Every field filled: the banner names the two wrong ones (not 'All fields ... need to be filled in').
      const banner = page.getByRole("alert").filter({ hasText: "Please correct the fields below" });
      await banner.waitFor();
      expect(await banner.getByRole("link").allInnerTexts()).toEqual(["Prospect Email Address", "CC Email Address"]);
      expect(await banner.innerText()).toContain("Email Address Format Is Invalid");
      expect(await banner.innerText()).not.toContain("need to be filled in");
      await page.locator("#f-email-error").getByText("Email Address Format Is Invalid").waitFor();
      await page.locator("#f-ccEmail-error").getByText("CC Email Address Format Is Invalid").waitFor();
      expect(await page.getByLabel("Prospect First Name").inputValue()).toBe("Pia");
      await expectNoViolations(page);

      await page.getByLabel("Prospect Email Address").fill(email);
      await page.getByLabel("CC Email Address").fill("");
      if (!js) {
        // Without JavaScript the editor is the HTML textarea: a link whose address is a merge field.
        await page.getByLabel("Invitation (HTML)").fill('<p>Hi [[ProspectFirstName]], <a href="[[AppointmentLink]]">Click here to start</a></p>');
      }
      await page.getByRole("button", { name: "Preview" }).click();
      const preview = page.getByRole("region", { name: "Preview" });
      await preview.waitFor();
      expect(await preview.innerText()).toContain(email.toLowerCase());
      expect(await preview.innerText()).toMatch(/Subject: Your invitation to join/);
      // The link carries the invited address, for the sign-up to fill in (decision 0096).
      const invited = `${url}?email=${encodeURIComponent(email.toLowerCase())}`;
      if (js) {
        // The default template as typed in the editor, merged.
        await preview.getByText("Dear Pia Preview,").waitFor();
        // Its [[AppointmentLink]] stands alone: the email's button, the address beneath (issue 36 item 5, decision 0105).
        expect(await preview.getByRole("link", { name: "Start your application", exact: true }).getAttribute("href")).toBe(invited);
        expect(await preview.getByRole("link", { name: url }).getAttribute("href")).toBe(invited);
      } else {
        await preview.getByText("Hi Pia,").waitFor();
        expect(await preview.getByRole("link", { name: "Click here to start" }).getAttribute("href")).toBe(invited);
      }
      // What was typed is kept; nothing was stored or sent.
      expect(await page.getByLabel("Prospect Email Address").inputValue()).toBe(email);
      if (js) expect(await page.locator("#invite-body[contenteditable]").innerText()).toContain("[[ProspectFirstName]]");
      else expect(await page.getByLabel("Invitation (HTML)").inputValue()).toContain("Click here to start");
      expect(await invitationsTo(email)).toBe(0);
      await expectNoViolations(page);

      if (!js) {
        // A body of only a script shows nothing once sanitized: refused next to the body, nothing stored.
        await page.getByLabel("Invitation (HTML)").fill("<script>alert(1)</script>");
        await page.getByLabel(/I have reviewed this invitation/).check();
        await page.getByRole("button", { name: "Send", exact: true }).click();
        await page.locator("#invite-body-error").getByText("The invitation text is empty").waitFor();
        await page.getByRole("alert").getByRole("link", { name: "Invitation" }).waitFor();
        expect(await invitationsTo(email)).toBe(0);
      } else {
        // After a preview SEND still sends what is in the form.
        await page.getByRole("button", { name: "Send", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "Send this invitation?" });
        await dialog.getByRole("button", { name: "Send" }).click();
        await page.waitForURL(/\/invites\?sent=1/);
        const mail = await mailTo(email);
        expect(mail.parsed.text).toContain("Dear Pia Preview,");
      }
      await page.close();
    }
  }, 360_000);
});
