// Email templates (spec part 3 §2 /corr, §4, §5, §8) in Chromium WITHOUT
// JavaScript: the refusal of a blank name, a template with a merge field
// saved ('Done!'), an image uploaded after the first save ('Success') and
// pasted into the HTML, the template used for an invitation whose email
// (captured by the shared app) holds the merged value and the image at
// APP_URL, which answers 200; delete through the confirmation ('Deleting is
// Not Reversible!', 'Deleted'), after which the image answers 404.
// axe-core (with JavaScript: the lexical editor) on the list and the editor
// at 1280 and 390 px.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { waitForMail } from "../support/mailbox";
import { sharedApp, withDb } from "./helpers";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

async function violations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? v.help}`),
  );
}

/** A tiny valid PNG (1x1, transparent). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** One of the demo director's usable appointment links (with a commission schedule document). */
async function directorLink(): Promise<string> {
  return withDb(async (c) => {
    const r = await c.query<{ link: string }>(
      `SELECT l.link_prefix || l.code AS link
         FROM appointment_links l
         JOIN agents a ON a.id = l.recruiter_agent_id
         JOIN users u ON u.id = a.user_id
         JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
         JOIN commission_schedules s ON s.schedule_id = sl.schedule_id
        WHERE lower(u.user_name) = $1 AND l.link_prefix = 'APL' AND l.is_enabled AND NOT l.is_deleted AND a.is_active
          AND sl.is_active AND s.is_active AND sl.document_id IS NOT NULL
        ORDER BY l.appointment_link_id LIMIT 1`,
      [DEMO.marketingDirector],
    );
    expect(r.rowCount).toBe(1);
    return r.rows[0]!.link;
  });
}

describe("email templates without JavaScript", () => {
  test("create with a merge field, add an image after the first save, send an invitation with it, delete with confirmation", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    const name = `E2E ${Date.now().toString(36)}`;

    await page.goto(`${appUrl}/corr`);
    await page.getByRole("heading", { name: "Email Templates", level: 1 }).waitFor();
    await page.getByRole("link", { name: "ADD TEMPLATE" }).click();
    await page.waitForURL(`${appUrl}/corr/new`);
    await page.getByText("Recruitment Invitation Email").waitFor();
    await page.getByText("Images can be added after the template has been saved once.").waitFor();

    // A blank name (spaces pass the browser's required check) and no description: refused, typed text kept.
    await page.getByLabel("Name").fill("   ");
    await page.getByLabel("Description").fill("");
    const body = page.getByLabel("Template (HTML)");
    await body.fill("<p>Hello [[ProspectFirstName]], welcome to the team.</p><p>[[AppointmentLink]]</p>");
    await page.getByRole("button", { name: "SAVE" }).click();
    await page.getByText("Missing Template Name").waitFor();
    await page.getByText("Missing Description").waitFor();
    expect(await body.inputValue()).toContain("Hello [[ProspectFirstName]]");

    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Description").fill("Made by the e2e test");
    await page.getByRole("button", { name: "SAVE" }).click();
    await page.waitForURL(`${appUrl}/corr?saved=1`);
    await page.getByRole("dialog").getByText("Done!").waitFor();
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByText("Yes").waitFor();
    await row.getByRole("link", { name: `Edit ${name}` }).click();
    await page.waitForURL(/\/corr\/\d+$/);
    const editorUrl = page.url();

    // Upload What? (no file), then the image.
    await page.getByLabel("Image Name").fill("Team logo");
    await page.getByRole("button", { name: "UPLOAD" }).click();
    await page.getByRole("dialog").getByText("Upload What?").waitFor();
    await page.goto(editorUrl);
    await page.getByLabel("Image Name").fill("Team logo");
    await page.getByLabel(/^Image \(PNG, JPG or GIF/).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "UPLOAD" }).click();
    await page.waitForURL(/result=SUCCESS/);
    await page.getByRole("dialog").getByText("Success", { exact: true }).waitFor();
    await page.getByText("HTML to paste into the template").click();
    const snippet = (await page.locator(".templates__snippets li").filter({ hasText: "Medium" }).locator("code").textContent())!;
    expect(snippet).toMatch(/^<img src="\/timg\/[0-9a-f]{32}\.png" alt="Team logo" class="img-medium">$/);
    const imagePath = /src="([^"]+)"/.exec(snippet)![1]!;
    const editorBody = page.getByLabel("Template (HTML)");
    await editorBody.fill(`${await editorBody.inputValue()}<p>${snippet}</p>`);
    await page.getByRole("button", { name: "SAVE" }).click();
    await page.waitForURL(`${appUrl}/corr?saved=1`);

    // The image answers at its public address, without a session.
    const img = await fetch(`${appUrl}${imagePath}`);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");

    // An invitation with the template (no JavaScript: 'Use this template' loads it).
    const link = await directorLink();
    await page.goto(`${appUrl}/invite?link=${link}`);
    await page.getByLabel("Email Template").selectOption({ label: name });
    await page.getByRole("button", { name: "Use this template" }).click();
    await page.waitForLoadState("load");
    expect(await page.getByLabel("Invitation (HTML)").inputValue()).toContain(imagePath);
    const prospect = `zelda.${Date.now().toString(36)}@example.com`;
    await page.getByLabel("Prospect First Name").fill("Zelda");
    await page.getByLabel("Prospect Last Name").fill("Tester");
    await page.getByLabel("Prospect Email Address").fill(prospect);
    await page.getByLabel("I have reviewed this invitation and want to send it now").check();
    const since = new Date(Date.now() - 1000);
    await page.getByRole("button", { name: "SEND" }).click();
    await page.waitForURL(/\/invites\?sent=1/);
    const mail = await waitForMail(databaseUrl, { to: prospect, since }, 30_000);
    expect(mail.html).toContain("Hello Zelda, welcome to the team.");
    const absolute = `${new URL(appUrl).origin}${imagePath}`;
    expect(mail.html).toContain(`src="${absolute}"`);
    expect((await fetch(absolute)).status).toBe(200);

    // Delete: the confirmation step, then 'Deleted'; the image is gone.
    await page.goto(editorUrl);
    await page.getByRole("link", { name: "DELETE" }).click();
    await page.waitForURL(/confirm=delete/);
    const confirm = page.getByRole("dialog");
    await confirm.getByText("Deleting is Not Reversible!").waitFor();
    await confirm.getByRole("button", { name: "DELETE" }).click();
    await page.waitForURL(`${appUrl}/corr?deleted=1`);
    await page.getByRole("dialog").getByText("Deleted", { exact: true }).waitFor();
    expect(await page.getByRole("row").filter({ hasText: name }).count()).toBe(0);
    expect((await fetch(absolute)).status).toBe(404);
  }, 180_000);
});

describe("email templates accessibility (axe-core)", () => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    test(`the list and the editor (with an image) at ${width}px: no violation`, async () => {
      const page = await browser.newPage({ javaScriptEnabled: true });
      await page.setViewportSize({ width, height });
      await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
      const found: string[] = [];
      await page.goto(`${appUrl}/corr`);
      await page.getByRole("heading", { name: "Email Templates", level: 1 }).waitFor();
      found.push(...(await violations(page, `${width}px list`)));
      await page.goto(`${appUrl}/corr/new`);
      await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      found.push(...(await violations(page, `${width}px new template`)));
      await page.getByLabel("Name").fill(`Axe ${width}`);
      await page.getByLabel("Description").fill("Accessibility check");
      await page.getByRole("button", { name: "SAVE" }).click();
      await page.waitForURL(/\/corr\?saved=1/);
      await page.getByRole("dialog").getByRole("link", { name: "OK" }).click();
      await page.getByRole("link", { name: `Edit Axe ${width}` }).first().click();
      await page.waitForURL(/\/corr\/\d+$/);
      await page.getByLabel("Image Name").fill("Logo");
      await page.getByLabel(/^Image \(PNG, JPG or GIF/).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
      await page.getByRole("button", { name: "UPLOAD" }).click();
      await page.waitForURL(/result=SUCCESS/);
      await page.getByRole("dialog").getByRole("link", { name: "OK" }).click();
      await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      const editorUrl = page.url().split(/[?#]/)[0]!;
      // As served (the app's scripts blocked: what a browser without JavaScript shows, less <noscript>).
      await page.route("**/build/**/*.js", (route) => route.abort());
      await page.goto(`${appUrl}/corr`);
      await page.getByRole("heading", { name: "Email Templates", level: 1 }).waitFor();
      found.push(...(await violations(page, `${width}px list as served`)));
      await page.goto(editorUrl);
      await page.getByRole("heading", { name: "Edit Email Template", level: 1 }).waitFor();
      await page.getByText("HTML to paste into the template").click();
      await page.getByText("Merge fields", { exact: true }).click();
      await page.getByText("Help with templates").click();
      found.push(...(await violations(page, `${width}px editor as served`)));
      await page.unroute("**/build/**/*.js");
      await page.goto(editorUrl);
      await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      // With JavaScript an upload keeps what was typed but not saved (the editor stays mounted).
      await page.locator("#template-body[contenteditable]").click();
      await page.keyboard.press("Control+Home");
      await page.keyboard.type("Unsaved words. ");
      await page.getByLabel("Image Name").fill("Second");
      await page.getByLabel(/^Image \(PNG, JPG or GIF/).setInputFiles({ name: "second.png", mimeType: "image/png", buffer: PNG });
      await page.getByRole("button", { name: "UPLOAD" }).click();
      await page.getByRole("dialog").getByText("Success", { exact: true }).waitFor();
      await page.getByRole("dialog").getByRole("link", { name: "OK" }).click();
      await page.getByText("Second (PNG)").waitFor();
      expect(await page.locator("#template-body[contenteditable]").innerText()).toContain("Unsaved words.");
      // The toolbar's image insertion and merge fields.
      await page.getByRole("button", { name: "Insert image" }).click();
      await page.getByRole("group", { name: "Insert image" }).getByRole("button", { name: "Insert" }).click();
      await page.getByRole("combobox", { name: "Insert merge field" }).selectOption("[[RecruiterName]]");
      found.push(...(await violations(page, `${width}px editor with an image`)));
      await page.getByRole("link", { name: "DELETE" }).click();
      await page.getByRole("dialog").getByText("Deleting is Not Reversible!").waitFor();
      found.push(...(await violations(page, `${width}px delete confirmation`)));
      await page.getByRole("dialog").getByRole("button", { name: "DELETE" }).click();
      await page.waitForURL(/\/corr\?deleted=1/);
      expect(found).toEqual([]);
    }, 120_000);
  }
});
