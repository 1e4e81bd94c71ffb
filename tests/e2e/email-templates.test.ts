// Email templates (spec part 3 §2 /corr, §4, §5, §8) in Chromium: axe-core
// (with JavaScript: the lexical editor; the editor as served, its panels open)
// on the editor with an image, the link panel and the delete confirmation, at
// 1280 and 390 px (the list: tests/e2e/every-screen.test.ts). With JavaScript
// (issue 20): the toolbar of a new template (Manage images, Help beside the
// merge fields), links inserted, refused, edited and removed, every element
// the sanitizer allows kept through the editor, the first image inserted
// without a reload, and a template with a link sent from /invite: the email
// holds the anchor. Without JavaScript (a blank name refused, a merge field,
// an image after the first save, an invitation with it, delete with
// confirmation): the form driver, tests/integration/director-nojs.test.ts.
import { describe, expect, test } from "vitest";
import { IMAGE_UPLOAD_ANSWERS } from "~/features/templates/messages";
import { sanitizeRichHtml } from "~/lib/html.server";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { waitForMail } from "../support/mailbox";
import { usableLink } from "../support/invite-prospect";
import { sharedApp, withDb } from "./helpers";
import { axeViolations as violations } from "../support/axe";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

/** A tiny valid PNG (1x1, transparent). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** One of the demo director's usable appointment links (with a commission schedule document). */
async function directorLink(): Promise<string> {
  return (await usableLink(databaseUrl, { recruiter: DEMO.marketingDirector, document: true, enrollRep: null })).link;
}

describe("email templates accessibility (axe-core)", () => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    test(`the editor (with an image) at ${width}px: no violation`, async () => {
      const page = await browser.newPage({ javaScriptEnabled: true });
      await page.setViewportSize({ width, height });
      await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
      const found: string[] = [];
      // The list, with JavaScript and without: tests/e2e/every-screen.test.ts, entry 'corr._index'.
      await page.goto(`${appUrl}/corr/new`);
      await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      found.push(...(await violations(page, `${width}px new template`)));
      await page.getByLabel("Name").fill(`Axe ${width}`);
      await page.getByLabel("Description").fill("Accessibility check");
      await page.getByRole("button", { name: "SAVE" }).click();
      await page.waitForURL(/\/corr\?saved=1/);
      // 'Done!' on the page, no dialog (decision 0103).
      await page.getByRole("status").filter({ hasText: "Done!" }).waitFor();
      expect(await page.getByRole("dialog").count()).toBe(0);
      await page.getByRole("link", { name: `Edit Axe ${width}` }).first().click();
      await page.waitForURL(/\/corr\/\d+$/);
      await page.getByLabel("Image Name").fill("Logo");
      await page.getByLabel(/^Image \(PNG, JPG or GIF/).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
      await page.getByRole("button", { name: "Upload" }).click();
      await page.waitForURL(/result=SUCCESS/);
      await page.getByRole("status").filter({ hasText: "Success" }).waitFor();
      await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
      const editorUrl = page.url().split(/[?#]/)[0]!;
      // As served (the app's scripts blocked: what a browser without JavaScript shows, less <noscript>).
      await page.route("**/build/**/*.js", (route) => route.abort());
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
      // A file the browser refuses: the message beside the file field and a summary above the form, no dialog (issue 36 item 8).
      await page.getByLabel("Image Name").fill("Notes");
      await page.getByLabel(/^Image \(PNG, JPG or GIF/).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
      await page.getByRole("button", { name: "UPLOAD" }).click();
      await page.locator("#image-upload-summary").getByRole("link", { name: IMAGE_UPLOAD_ANSWERS.INVALID.message }).waitFor();
      await expect(page.locator("#image-upload-summary").innerText()).resolves.toContain(IMAGE_UPLOAD_ANSWERS.INVALID.title);
      await expect(page.locator("#image-file-error").innerText()).resolves.toBe(IMAGE_UPLOAD_ANSWERS.INVALID.message);
      expect(await page.getByRole("dialog").count()).toBe(0);
      found.push(...(await violations(page, `${width}px image refused in the browser`)));
      await page.getByLabel("Image Name").fill("Second");
      await page.getByLabel(/^Image \(PNG, JPG or GIF/).setInputFiles({ name: "second.png", mimeType: "image/png", buffer: PNG });
      await page.getByRole("button", { name: "Upload" }).click();
      await page.getByRole("status").getByText("Success", { exact: true }).waitFor();
      await page.getByText("Second (PNG)").waitFor();
      expect(await page.locator("#template-body[contenteditable]").innerText()).toContain("Unsaved words.");
      // The toolbar's image insertion and merge fields.
      await page.getByRole("button", { name: "Insert image" }).click();
      await page.getByRole("group", { name: "Insert image" }).getByRole("button", { name: "Insert" }).click();
      await page.getByRole("combobox", { name: "Insert merge field" }).selectOption("[[RecruiterName]]");
      // The Link panel, open with a refused address (one axe run for the editor with both).
      await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Link", exact: true }).click();
      const linkPanel = page.getByRole("group", { name: "Insert link" });
      await linkPanel.getByLabel("Link address").fill("javascript:alert(1)");
      await linkPanel.getByRole("button", { name: "Add link" }).click();
      await linkPanel.getByRole("alert").waitFor();
      found.push(...(await violations(page, `${width}px editor with an image and the link panel`)));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `horizontal overflow at ${width}px`).toBeLessThanOrEqual(width);
      await linkPanel.getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("link", { name: "DELETE" }).click();
      await page.getByRole("dialog").getByText("Deleting is Not Reversible!").waitFor();
      found.push(...(await violations(page, `${width}px delete confirmation`)));
      await page.getByRole("dialog").getByRole("button", { name: "DELETE" }).click();
      await page.waitForURL(/\/corr\?deleted=1/);
      expect(found).toEqual([]);
    }, 180_000);
  }
});

/**
 * Every element the sanitizer keeps (app/lib/html.server.ts), as stored: the
 * editor must give each back. `[[AppointmentLink]]` as an address is a merge
 * field (filled in when the invitation is sent).
 */
const ALL_ALLOWED = sanitizeRichHtml(
  [
    '<h1>Heading one</h1><h2>Heading two</h2><h3>Heading three</h3><h4>Heading four</h4>',
    '<p style="margin:16px 0">Spaced paragraph</p><p style="text-align:center">Centred paragraph</p>',
    '<p>Line one<br>Line two</p>',
    '<p><b>bold b</b> <strong>bold strong</strong> <i>italic i</i> <em>italic em</em> <u>underlined</u> <s>struck s</s> <strike>struck strike</strike> <del>struck del</del> H<sub>2</sub>O x<sup>2</sup></p>',
    '<p>Visit <a href="https://example.com/agency" title="Agency">our agency site</a>, write to <a href="mailto:agency@example.com">the agency</a> or <a href="[[AppointmentLink]]">apply here</a>.</p>',
    '<blockquote>A quotation</blockquote>',
    '<ul><li>First bullet</li><li>Second bullet</li></ul><ol start="3"><li>Third item</li></ol>',
    '<hr>',
    '<table><tbody><tr><th>Header cell</th><th>Other header</th></tr><tr><td>Body cell</td><td>Second cell</td></tr></tbody></table>',
    '<div>Text in a div</div>',
  ].join(""),
);

/** What must be in the HTML after the editor wrote it back (a regular expression each). */
const MUST_KEEP: Array<[string, RegExp]> = [
  ["h1", /<h1[^>]*>(<[^>]+>)*Heading one/],
  ["h2", /<h2[^>]*>(<[^>]+>)*Heading two/],
  ["h3", /<h3[^>]*>(<[^>]+>)*Heading three/],
  ["h4", /<h4[^>]*>(<[^>]+>)*Heading four/],
  ["paragraph margin", /<p style="margin:\s*16px 0(px)?;?[^"]*">(<[^>]+>)*Spaced paragraph/],
  ["text-align", /<p style="text-align:\s*center;?">(<[^>]+>)*Centred paragraph/],
  ["br", /Line one(<\/[^>]+>)*<br \/?>|Line one(<\/[^>]+>)*<br>/],
  ["b", /<(b|strong)[^>]*>(<[^>]+>)*bold b/],
  ["strong", /<(b|strong)[^>]*>(<[^>]+>)*bold strong/],
  ["i", /<(i|em)[^>]*>(<[^>]+>)*italic i/],
  ["em", /<(i|em)[^>]*>(<[^>]+>)*italic em/],
  ["u", /<u[^>]*>(<[^>]+>)*underlined/],
  ["s", /<(s|strike|del)[^>]*>(<[^>]+>)*struck s</],
  ["strike", /<(s|strike|del)[^>]*>(<[^>]+>)*struck strike</],
  ["del", /<(s|strike|del)[^>]*>(<[^>]+>)*struck del</],
  ["sub", /<sub[^>]*>(<[^>]+>)*2</],
  ["sup", /<sup[^>]*>(<[^>]+>)*2</],
  ["a https with title", /<a href="https:\/\/example\.com\/agency"[^>]*title="Agency"[^>]*>(<[^>]+>)*our agency site|<a [^>]*title="Agency"[^>]*href="https:\/\/example\.com\/agency"[^>]*>(<[^>]+>)*our agency site/],
  ["a mailto", /<a href="mailto:agency@example\.com"[^>]*>(<[^>]+>)*the agency/],
  ["a merge field", /<a href="\[\[AppointmentLink\]\]"[^>]*>(<[^>]+>)*apply here/],
  ["blockquote", /<blockquote[^>]*>(<[^>]+>)*A quotation/],
  ["ul", /<ul[^>]*>(<[^>]+>)*First bullet/],
  ["ol start", /<ol start="3"[^>]*>(<[^>]+>)*Third item/],
  ["hr", /<hr ?\/?>/],
  ["table th", /<table[^>]*>[\s\S]*<th[^>]*>(<[^>]+>)*Header cell[\s\S]*<td[^>]*>(<[^>]+>)*Body cell[\s\S]*<\/table>/],
  ["div (as a paragraph)", /<(div|p)[^>]*>(<[^>]+>)*Text in a div/],
];

async function storedHtml(name: string): Promise<{ id: number; html: string }> {
  return withDb(async (c) => {
    const r = await c.query<{ id: number; html: string }>(`SELECT corr_template_id AS id, html FROM email_templates WHERE name = $1`, [name]);
    expect(r.rowCount).toBe(1);
    return r.rows[0]!;
  });
}

describe("email templates with JavaScript", () => {
  test("toolbar of a new template; links inserted, refused, edited, removed; every allowed element kept; the first image inserted without a reload; the link reaches the invitation's email", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    const name = `JS ${Date.now().toString(36)}`;

    // A new template, reached from the list: the toolbar has Manage images and Help, Help on the merge fields' row.
    await page.goto(`${appUrl}/corr`);
    await page.getByRole("link", { name: "ADD TEMPLATE" }).click();
    await page.waitForURL(`${appUrl}/corr/new`);
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    await toolbar.waitFor();
    await toolbar.getByRole("link", { name: "Manage images" }).waitFor();
    const help = toolbar.getByRole("link", { name: "Help" });
    const mergeFields = toolbar.getByRole("combobox", { name: "Insert merge field" });
    const [helpBox, selectBox, boldBox] = await Promise.all([help.boundingBox(), mergeFields.boundingBox(), toolbar.getByRole("button", { name: "Bold" }).boundingBox()]);
    expect(Math.abs(helpBox!.y + helpBox!.height / 2 - (selectBox!.y + selectBox!.height / 2)), "Help on the merge fields' row").toBeLessThan(selectBox!.height / 2);
    expect(Math.abs(selectBox!.y + selectBox!.height / 2 - (boldBox!.y + boldBox!.height / 2)), "one toolbar row at 1280 px").toBeLessThan(selectBox!.height / 2);

    // A link on selected text: a javascript: address is refused with the message, https is taken.
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Description").fill("Links with JavaScript");
    const editor = page.locator("#template-body[contenteditable]");
    await editor.click();
    await page.keyboard.press("Control+a");
    await page.keyboard.type("Hello [[ProspectFirstName]], visit our agency site today.");
    await page.keyboard.press("Control+End");
    for (let i = 0; i < " today.".length; i++) await page.keyboard.press("ArrowLeft");
    for (let i = 0; i < "our agency site".length; i++) await page.keyboard.press("Shift+ArrowLeft");
    await toolbar.getByRole("button", { name: "Link", exact: true }).click();
    const insert = page.getByRole("group", { name: "Insert link" });
    await insert.getByLabel("Link address").fill("javascript:alert(1)");
    await insert.getByRole("button", { name: "Add link" }).click();
    await insert.getByText("Enter an address that starts with https://, http:// or mailto:").waitFor();
    await insert.getByLabel("Link address").fill("https://example.com/wrong");
    await insert.getByRole("button", { name: "Add link" }).click();
    await editor.getByRole("link", { name: "our agency site" }).waitFor();
    // Edit the address, then a second link made and removed (its text stays).
    await editor.getByRole("link", { name: "our agency site" }).click();
    await toolbar.getByRole("button", { name: "Link", exact: true }).click();
    const edit = page.getByRole("group", { name: "Edit link" });
    expect(await edit.getByLabel("Link address").inputValue()).toBe("https://example.com/wrong");
    await edit.getByLabel("Link address").fill("https://example.com/agency");
    await edit.getByRole("button", { name: "Update link" }).click();
    await page.keyboard.press("Control+Home");
    for (let i = 0; i < "Hello".length; i++) await page.keyboard.press("Shift+ArrowRight");
    await toolbar.getByRole("button", { name: "Link", exact: true }).click();
    await page.getByRole("group", { name: "Insert link" }).getByLabel("Link address").fill("mailto:hello@example.com");
    await page.getByRole("group", { name: "Insert link" }).getByRole("button", { name: "Add link" }).click();
    await editor.getByRole("link", { name: "Hello" }).click();
    await toolbar.getByRole("button", { name: "Link", exact: true }).click();
    await page.getByRole("group", { name: "Edit link" }).getByRole("button", { name: "Remove link" }).click();
    expect(await editor.getByRole("link").count()).toBe(1);
    await page.getByRole("button", { name: "SAVE" }).click();
    await page.waitForURL(`${appUrl}/corr?saved=1`);
    const saved = await storedHtml(name);
    expect(saved.html).toMatch(/<a href="https:\/\/example\.com\/agency"[^>]*>(<[^>]+>)*our agency site/);
    expect(saved.html).toContain("Hello");
    expect(saved.html).not.toContain("mailto:hello@example.com");

    // Every element the sanitizer keeps goes through the editor unchanged in meaning (opened, saved untouched).
    await withDb((c) => c.query(`UPDATE email_templates SET html = $1 WHERE corr_template_id = $2`, [ALL_ALLOWED, saved.id]));
    const editorUrl = `${appUrl}/corr/${saved.id}`;
    await page.goto(editorUrl);
    await toolbar.waitFor();
    await editor.getByText("Heading four").waitFor();
    // The template has no image: the first one uploaded is offered by Insert image at once (no reload).
    await page.getByLabel("Image Name").fill("First logo");
    await page.getByLabel(/^Image \(PNG, JPG or GIF/).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Upload" }).click();
    await page.getByRole("status").getByText("Success", { exact: true }).waitFor();
    await page.getByText("First logo (PNG)").waitFor();
    await editor.getByText("Text in a div").click();
    await page.keyboard.press("End");
    await toolbar.getByRole("button", { name: "Insert image" }).click();
    await page.getByRole("group", { name: "Insert image" }).getByRole("button", { name: "Insert" }).click();
    await editor.getByRole("img", { name: "First logo" }).waitFor();
    await page.getByRole("button", { name: "SAVE" }).click();
    await page.waitForURL(`${appUrl}/corr?saved=1`);
    const roundTrip = (await storedHtml(name)).html;
    const lost = MUST_KEEP.filter(([, re]) => !re.test(roundTrip)).map(([what]) => what);
    expect(lost, `lost by the editor; stored: ${roundTrip}`).toEqual([]);
    expect(roundTrip).toMatch(/<img src="\/timg\/[0-9a-f]{32}\.png" alt="First logo" class="img-medium"/);

    // The template chosen on /invite (JavaScript: it loads on change), sent: the email holds the anchors.
    const link = await directorLink();
    await page.goto(`${appUrl}/invite?link=${link}`);
    await page.getByLabel("Email Template").selectOption({ label: name });
    await page.locator("#invite-body[contenteditable]").getByRole("link", { name: "our agency site" }).waitFor();
    const prospect = `yara.${Date.now().toString(36)}@example.com`;
    await page.getByLabel("Prospect First Name").fill("Yara");
    await page.getByLabel("Prospect Last Name").fill("Tester");
    await page.getByLabel("Prospect Email Address").fill(prospect);
    const since = new Date(Date.now() - 1000);
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/\/invites\?sent=1/);
    const mail = await waitForMail(databaseUrl, { to: prospect, since }, 30_000);
    expect(mail.html).toMatch(/<a href="https:\/\/example\.com\/agency"[^>]*>(<[^>]+>)*our agency site/);
    expect(mail.html).toMatch(/<a href="mailto:agency@example\.com"[^>]*>(<[^>]+>)*the agency/);
  }, 180_000);
});
