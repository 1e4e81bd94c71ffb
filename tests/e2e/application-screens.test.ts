// The application screens after review (docs/decisions/0017-application-ui-review.md):
// Instructions has SAVE and SUBMIT; a multi-link's two schedules of one
// carrier can be told apart in the header; declining the invitation signs
// out of the portal and of the identity provider; on a 390px phone the form
// starts near the top, the States table fits and the PDF viewer's toolbar
// stays on one line with its own page buttons; Supporting Documents says
// what is acknowledged and what is optional.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { browserFixture, newAccount, signUp } from "../support/browser";
import { expectProviderSignIn, inviteProspect, sharedApp, throughWizard, withDb } from "./helpers";

const { appUrl, idpUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

async function newApplication(page: Page) {
  const account = newAccount({ firstName: "Lena", middleName: "M", lastName: "Ortiz" });
  await signUp(page, appUrl, account);
  await inviteProspect(databaseUrl, account);
  return { account, id: await throughWizard(page, /^Individual —/) };
}

describe("Instructions", () => {
  test("Save & Continue from Supporting Documents lands on Instructions, which has SAVE and SUBMIT (no JavaScript)", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const { id } = await newApplication(page);
    await page.goto(`${appUrl}/appoint?id=${id}&section=DOCS`);
    await page.locator("#section-DOCS").getByRole("button", { name: "Save & Continue" }).click();
    await page.getByRole("heading", { level: 2, name: "Instructions" }).waitFor();
    expect(new URL(page.url()).searchParams.get("section")).toBe("INSTRUCT");

    const panel = page.getByRole("complementary", { name: "Application status" });
    await panel.getByRole("button", { name: /^SAVE/ }).click();
    // Saved: a banner on the page, not a dialog (decision 0103).
    await page.getByRole("status").filter({ hasText: "Successfully Saved!" }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    // SUBMIT answers (an incomplete application: why it cannot be submitted yet).
    await panel.getByRole("button", { name: "SUBMIT" }).click();
    await page.getByRole("alert").filter({ hasText: "Your application is not complete" }).waitFor();
    await expect(page.getByTestId("application-status").innerText()).resolves.toBe("Incomplete");
  });
});

describe("multi-link header", () => {
  test("two schedules of one carrier at one level show their schedule names", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const account = newAccount({ firstName: "Mia", middleName: "L", lastName: "Multi" });
    await signUp(page, appUrl, account);
    // The demo multi-link: MIAC Health Advantage and MIAC Health Supplemental, both level 7.
    await withDb(async (c) => {
      const ml = (
        await c.query<{ multi_link_id: number; recruiter_agent_id: number }>(
          `SELECT i.multi_link_id, l.recruiter_agent_id
             FROM multi_link_items i JOIN appointment_links l ON l.appointment_link_id = i.appointment_link_id
            GROUP BY i.multi_link_id, l.recruiter_agent_id HAVING count(*) >= 2 ORDER BY i.multi_link_id LIMIT 1`,
        )
      ).rows[0]!;
      await c.query(
        `INSERT INTO invitations (invite_type_code, multi_link_id, inviter_agent_id, prospect_first_name, prospect_last_name,
                                  prospect_email_address, status, updated_at)
         VALUES ('INVTYP_MULTI', $1, $2, 'Mia', 'Multi', $3, 'INVITED', now())`,
        [ml.multi_link_id, ml.recruiter_agent_id, account.email.toLowerCase()],
      );
    });
    await page.goto(`${appUrl}/home`);
    await page.getByRole("link", { name: "Complete Your Appointment" }).click();
    await page.waitForURL(/\/wizard\?/);
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    const wizardLines = (await page.locator(".wizard__lines li").allInnerTexts()).map((t) => t.trim());
    expect(wizardLines.length).toBeGreaterThanOrEqual(2);
    expect(new Set(wizardLines).size).toBe(wizardLines.length);
    await page.getByLabel("Yes", { exact: true }).check();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    await page.getByRole("radio", { name: /^Individual —/ }).check();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    await page.waitForURL(/\/appoint\?id=\d+/);

    const lines = (await page.getByRole("region", { name: "Application details" }).getByRole("listitem").allInnerTexts()).map((t) => t.trim());
    expect(lines).toEqual(expect.arrayContaining(["MIAC Health Advantage — Level 7 Manager", "MIAC Health Supplemental — Level 7 Manager"]));
    expect(new Set(lines).size).toBe(lines.length);

    // The commission statements of Commissions are told apart the same way.
    const id = Number(new URL(page.url()).searchParams.get("id"));
    await page.goto(`${appUrl}/appoint?id=${id}&section=COMMS`);
    const statements = (await page.locator("#section-COMMS .download-link").allInnerTexts()).map((t) => t.trim());
    expect(statements).toEqual(
      expect.arrayContaining(["Commission Schedule — MIAC Health Advantage — Level 7 Manager (PDF)", "Commission Schedule — MIAC Health Supplemental — Level 7 Manager (PDF)"]),
    );
  });
});

describe("declining the invitation", () => {
  test("signs out of the portal and of the identity provider: the next visit asks to sign in", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const account = newAccount({ firstName: "Dee", middleName: "C", lastName: "Line" });
    await signUp(page, appUrl, account);
    await inviteProspect(databaseUrl, account);
    await page.goto(`${appUrl}/home`);
    await page.getByRole("link", { name: "Complete Your Appointment" }).click();
    await page.waitForURL(/\/wizard\?/);
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    await page.getByLabel("No", { exact: true }).check();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "YES" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/wizard"), { timeout: 15_000 });
    await page.waitForLoadState("load");
    // Nothing more is clicked: declining alone signed the user out of both.
    await page.goto(`${appUrl}/home`);
    await expectProviderSignIn(page, idpUrl);
  });
});

describe("on a 390px phone", () => {
  test("the form starts near the top; States fits; the PDF toolbar is one line with its own page buttons", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await page.setViewportSize({ width: 390, height: 844 });
    const { id } = await newApplication(page);

    const firstFieldTop = () =>
      page.evaluate(() => {
        // The first thing to fill in, press or open: a field, or the document shown before the fields (Commissions).
        const f = document.querySelector<HTMLElement>(
          ["input:not([type=hidden])", "select", "textarea", "button", "a[href]", ".pdf-viewer-frame"].map((s) => `form[id^='section-'] ${s}`).join(", "),
        );
        return f ? f.getBoundingClientRect().top + window.scrollY : Infinity;
      });
    for (const section of ["PERSONAL", "COMMS", "FEES", "DOCS"]) {
      await page.goto(`${appUrl}/appoint?id=${id}&section=${section}`);
      await page.getByRole("heading", { level: 2 }).first().waitFor();
      expect(await firstFieldTop(), section).toBeLessThan(600);
    }
    // The section switcher sits above the form, the status panel after it.
    await page.goto(`${appUrl}/appoint?id=${id}&section=FEES`);
    const nav = await page.getByRole("navigation", { name: "Application sections" }).boundingBox();
    const form = await page.locator("#section-FEES").boundingBox();
    const side = await page.getByRole("complementary", { name: "Application status" }).boundingBox();
    expect(nav!.y + nav!.height).toBeLessThanOrEqual(form!.y);
    expect(side!.y).toBeGreaterThanOrEqual(form!.y + form!.height);
    // Where the applicant stands stays in view at the bottom while the form scrolls (issue 36 item 6).
    const strip = page.getByRole("navigation", { name: "Where you stand" });
    expect(await strip.innerText()).toMatch(/Incomplete · \d+ % complete · Still needed: \d+/);
    for (const y of [0, 1500]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const s = (await strip.boundingBox())!;
      expect(s.y + s.height, `the strip in view at scroll ${y}`).toBeLessThanOrEqual(844 + 1);
      expect(s.y).toBeGreaterThan(700);
    }

    // States: the table (with its Delete column) is not cut off.
    await page.getByRole("button", { name: "Add a State" }).click();
    await page.locator("#addStateCode").selectOption("CA");
    await page.getByRole("button", { name: "Add the selected state" }).click();
    const table = page.locator(".states-table");
    await table.getByRole("button", { name: /delete/i }).first().waitFor();
    const clipped = await table.evaluate((t) => {
      const wrap = t.parentElement!;
      const r = t.getBoundingClientRect();
      return { overflow: wrap.scrollWidth - wrap.clientWidth, right: r.right, width: document.documentElement.clientWidth };
    });
    expect(clipped.overflow).toBeLessThanOrEqual(0);
    expect(clipped.right).toBeLessThanOrEqual(clipped.width);

    // The PDF viewer (Instructions): one line, 'Previous page' / 'Next page', nothing named like the wizard's buttons.
    await page.goto(`${appUrl}/appoint?id=${id}&section=INSTRUCT`);
    const toolbar = page.getByRole("toolbar", { name: "PDF viewer controls" });
    await toolbar.waitFor();
    await toolbar.getByRole("button", { name: "Previous page" }).waitFor();
    await toolbar.getByRole("button", { name: "Next page" }).waitFor();
    expect(await toolbar.getByRole("button", { name: /^(previous|next)$/i }).count()).toBe(0);
    const tops = await toolbar.evaluate((t) =>
      [...t.querySelectorAll<HTMLElement>("button, a, .pdf-viewer__page")].filter((e) => e.offsetParent !== null).map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2)),
    );
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(4);
    const box = await toolbar.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // The last section leads on to checking the answers and submitting.
    await page.goto(`${appUrl}/appoint?id=${id}&section=DOCS`);
    await page.getByRole("link", { name: "Check your answers and submit" }).click();
    await page.waitForURL(/\/appoint\/check\?id=/);
  });
});

describe("the PDF viewer", () => {
  // Issue 36 item 12: the wizard's step 4 showed 'Page 0 of 0' and 'Loading…' while pdf.js and the
  // documents arrived (seconds on a busy machine). The PDFs are held here until the test lets them go.
  test("while the documents load, step 4 says so and links them; then it shows their pages", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    const account = newAccount({ firstName: "Pia", middleName: "D", lastName: "Fenn" });
    await signUp(page, appUrl, account);
    await inviteProspect(databaseUrl, account);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/documents\/system\//, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${appUrl}/home`);
    await page.getByRole("link", { name: "Complete Your Appointment" }).click();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    await page.getByLabel("Yes", { exact: true }).check();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    await page.getByRole("radio", { name: /^Individual —/ }).check();
    await page.getByRole("button", { name: "NEXT", exact: true }).click();
    await page.getByRole("heading", { name: /pointers for filling out/i }).waitFor();

    const viewers = page.getByRole("group", { name: /\(PDF viewer\)$/ });
    await viewers.first().getByText(/^Loading “/).waitFor();
    const toolbars = page.getByRole("toolbar", { name: "PDF viewer controls" });
    expect(await toolbars.count()).toBe(2);
    for (const toolbar of await toolbars.all()) {
      await expect(toolbar.locator(".pdf-viewer__page").innerText()).resolves.toBe("Loading…");
      expect(await toolbar.getByRole("button", { name: "Zoom in" }).isDisabled()).toBe(true);
    }
    // The document can be read now, in the browser's own viewer.
    const now = viewers.first().getByRole("link", { name: "open it now" });
    expect(await now.getAttribute("href")).toMatch(/\/documents\/system\//);

    release();
    for (const toolbar of await toolbars.all()) {
      await toolbar.getByText(/^Page 1 of \d+$/).waitFor();
    }
    await expect(viewers.first().locator("canvas").count()).resolves.toBeGreaterThan(0);
  });
});

describe("Supporting Documents", () => {
  test("nothing signed or uploaded: agreements are to acknowledge, the driver's license is optional", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const { id } = await newApplication(page);
    await page.goto(`${appUrl}/appoint?id=${id}&section=DOCS`);
    await expect(page.getByTestId("document-status-ALLCO_AGREE").innerText()).resolves.toBe("To acknowledge in Policies & Agreements");
    await expect(page.getByTestId("document-status-DOCTYP_DRV_LIC").innerText()).resolves.toBe("Optional: not uploaded");
    const text = await page.locator("#main").innerText();
    expect(text).not.toMatch(/Agent Agreement\s+Received/);
    expect(text).not.toMatch(/Driver's License\s+Available/);
  });
});
