// The licence and credential screens in Chromium with JavaScript DISABLED (issue 23 items 1 and 2;
// decision 0069), on this worker's shared portal: the demo agent goes from the dashboard card to
// /licences, adds a licence (first refused: the message next to the field, what was typed kept),
// adds E&O coverage with a PDF certificate and sees the records' states and the standing; the demo
// administrator changes that licence on /licences/<npn>. axe-core finds nothing on both screens
// (with a form open) at 1280 and 390 px, and at 390 px the page never scrolls sideways (the tables
// scroll inside their box). The records made here are removed at the end: the demo agent is left
// as it was found (other files read its standing). The dashboard with its card is checked too.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LICENCE_MESSAGES } from "~/features/licences/messages";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { axeViolations as violations } from "../support/axe";
import { sharedApp, withDb } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();

/** The demo agent's NPN (prisma/seed/demo.ts). */
const NPN = "18502026";
let agentId = 0;

async function cleanUp() {
  await withDb(async (c) => {
    await c.query(`DELETE FROM producer_credentials WHERE npn = $1`, [NPN]);
    await c.query(`DELETE FROM producer_licences WHERE npn = $1`, [NPN]);
    await c.query(`DELETE FROM agent_compliance WHERE agent_id = $1`, [agentId]);
  });
}

beforeAll(async () => {
  agentId = await withDb(async (c) => (await c.query(`SELECT id FROM agents WHERE npn = $1 ORDER BY id LIMIT 1`, [NPN])).rows[0].id);
  await cleanUp();
});
afterAll(cleanUp);

const PDF = Buffer.from("%PDF-1.4\n% e2e certificate\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

async function submit(page: Page, name: RegExp | string) {
  await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name }).click()]);
}

describe("licences without JavaScript", () => {
  test("the agent adds a licence (refused first) and E&O with a certificate; the administrator changes the licence", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.agent, DEMO_PASSWORD);
    await page.goto(`${appUrl}/home`);
    const card = page.getByRole("region", { name: "Licences and credentials", exact: true });
    await card.getByText(NPN).waitFor();
    await card.getByText("0 licences on record").waitFor();
    await card.getByRole("link", { name: "Licences and credentials" }).click();
    await page.getByRole("heading", { name: "Licences and credentials", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/licences");
    await page.getByText("No licence is on record.").waitFor();

    // A licence without a line of authority: refused, the message next to the lines, the values kept.
    await page.getByRole("link", { name: "Add a licence" }).click();
    await page.getByLabel("State", { exact: true }).selectOption("TX");
    await page.getByLabel("Licence number").fill("TX-778");
    await page.getByLabel("Expiry date").fill("2031-05-31");
    await submit(page, "SAVE");
    await page.getByText("Missing or Invalid").waitFor();
    const lines = page.getByRole("group", { name: "Lines of authority" });
    await lines.getByText(LICENCE_MESSAGES.lineRequired).waitFor();
    expect(await page.getByLabel("Licence number").inputValue()).toBe("TX-778");
    expect(await page.getByLabel("State", { exact: true }).inputValue()).toBe("TX");
    expect(await page.getByLabel("Expiry date").inputValue()).toBe("2031-05-31");

    await lines.getByLabel("Life", { exact: true }).check();
    await submit(page, "SAVE");
    await page.getByText(LICENCE_MESSAGES.saved).waitFor();
    const licences = page.getByRole("region", { name: "Licences", exact: true });
    const texas = licences.getByRole("row", { name: /Texas/ });
    await texas.waitFor();
    expect(await texas.innerText()).toContain("TX-778");
    expect(await texas.innerText()).toContain("Entered by the agent");

    // E&O coverage with its PDF certificate.
    await page.getByRole("link", { name: "Add E&O coverage" }).click();
    await page.getByLabel("Insurance carrier").fill("Acme Professional Liability");
    await page.getByLabel("Policy number").fill("EO-2026-55");
    await page.getByLabel("Limit (USD)").fill("1000000");
    await page.getByLabel("Expiry date").fill("2030-12-31");
    await page.getByLabel("Certificate (PDF)").setInputFiles({ name: "eo-certificate.pdf", mimeType: "application/pdf", buffer: PDF });
    await submit(page, "SAVE");
    await page.getByText(LICENCE_MESSAGES.saved).waitFor();
    const credentials = page.getByRole("region", { name: "Credentials", exact: true });
    const eo = credentials.getByRole("row", { name: /E&O coverage/ });
    await eo.waitFor();
    expect(await eo.innerText()).toContain("EO-2026-55");
    expect(await eo.innerText()).toContain("$1,000,000");
    await eo.getByText("Valid", { exact: true }).waitFor();
    const href = await eo.getByRole("link", { name: /Certificate/ }).getAttribute("href");
    const download = await page.request.get(`${appUrl}${href}`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toMatch(/^attachment/);
    expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // The standing: the demo agent is appointed in OH, IN and KY, with no licence there.
    const standing = page.getByRole("region", { name: "Standing", exact: true });
    await standing.getByText("Not in good order").waitFor();
    await standing.getByText("No licence for Ohio with the Accident & Health line of authority is on record.").waitFor();

    // The administrator changes that licence on /licences/<npn>.
    const admin = await browser.newPage({ javaScriptEnabled: false });
    await signIn(admin, appUrl, DEMO.admin, DEMO_PASSWORD);
    await admin.goto(`${appUrl}/licences/${NPN}`);
    await admin.getByRole("link", { name: "Change the licence for Texas" }).click();
    await admin.getByRole("heading", { name: "Change licence: Texas" }).waitFor();
    expect(await admin.getByLabel("Licence number").inputValue()).toBe("TX-778");
    await admin.getByLabel("Accident & Health").check();
    await admin.getByLabel("Expiry date").fill("2032-05-31");
    await submit(admin, "SAVE");
    await admin.getByText(LICENCE_MESSAGES.saved).waitFor();
    const changed = admin.getByRole("region", { name: "Licences", exact: true }).getByRole("row", { name: /Texas/ });
    expect(await changed.innerText()).toContain("2032-05-31");
    expect(await changed.innerText()).toContain("Accident & Health");
    expect(await changed.innerText()).toContain("Entered by an administrator");
    await admin.close();

    // The agent sees the change.
    await page.goto(`${appUrl}/licences`);
    expect(await page.getByRole("region", { name: "Licences", exact: true }).getByRole("row", { name: /Texas/ }).innerText()).toContain("2032-05-31");
    await page.close();
  }, 240_000);

  test.each([
    [1280, 900],
    [390, 844],
  ] as const)("axe-core finds nothing on /licences and /licences/:npn at %i px; at 390 px nothing scrolls the page sideways", async (width, height) => {
    const found: string[] = [];
    // axe runs as a script in the page: JavaScript on for this one (the pages are the same).
    // Each address with the heading it must show (not an error page).
    for (const [who, paths] of [
      [DEMO.agent, [["/licences?licence=new", "Add a licence"], ["/licences?credential=new&kind=AML", "Add AML training"], ["/home", "Licences and credentials"]]],
      [DEMO.admin, [[`/licences/${NPN}?credential=new&kind=EO`, "Add E&O coverage"], [`/licences/${NPN}`, "Credentials"]]],
    ] as const) {
      const page = await browser.newPage({ javaScriptEnabled: true });
      await page.setViewportSize({ width, height });
      await signIn(page, appUrl, who, DEMO_PASSWORD);
      for (const [path, heading] of paths) {
        await page.goto(`${appUrl}${path}`);
        if (path !== "/home") await page.getByRole("heading", { name: "Licences and credentials", level: 1 }).waitFor();
        await page.getByRole("heading", { name: heading, level: 2, exact: true }).waitFor();
        found.push(...(await violations(page, `${width}px ${path}`)));
        if (width === 390) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (overflow > 0) found.push(`390px ${path}: the page scrolls sideways by ${overflow}px`);
        }
      }
      await page.close();
    }
    expect(found).toEqual([]);
  }, 240_000);
});
