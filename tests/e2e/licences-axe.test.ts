// The licence and credential screens (issue 23 items 1 and 2; decision 0069), on this worker's
// shared portal: axe-core finds nothing on both screens (with a form open) at 1280 and 390 px, and
// at 390 px the page never scrolls sideways (the tables, with the demo agent's seeded licences and
// credentials in them, are cards there: decision 0100). The dashboard with its card is checked too. The
// journey without JavaScript (the demo agent adds a licence, refused first, and E&O with a
// certificate; the administrator changes the licence): tests/integration/self-service-nojs.test.ts.
import { describe, expect, test } from "vitest";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { axeViolations as violations } from "../support/axe";
import { hiddenInScrollingBoxes } from "../support/layout";
import { sharedApp, withDb } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();

/** The demo agent's NPN (prisma/seed/demo.ts). */
const NPN = "18502026";

describe("license screens (axe-core, 1280 and 390 px)", () => {
  test.each([
    [1280, 900],
    [390, 844],
  ] as const)("axe-core finds nothing on /licences and /licences/:npn at %i px; at 390 px nothing scrolls the page sideways", async (width, height) => {
    const found: string[] = [];
    // axe runs as a script in the page: JavaScript on for this one (the pages are the same).
    // Each address with the heading it must show (not an error page).
    for (const [who, paths] of [
      [DEMO.agent, [["/licences?licence=new", "Add a license"], ["/licences?credential=new&kind=AML", "Add AML training"], ["/home", "Licenses and credentials"]]],
      [DEMO.admin, [[`/licences/${NPN}?credential=new&kind=EO`, "Add E&O coverage"], [`/licences/${NPN}`, "Credentials"]]],
    ] as const) {
      const page = await browser.newPage({ javaScriptEnabled: true });
      await page.setViewportSize({ width, height });
      await signIn(page, appUrl, who, DEMO_PASSWORD);
      for (const [path, heading] of paths) {
        await page.goto(`${appUrl}${path}`);
        if (path !== "/home") await page.getByRole("heading", { name: "Licenses and credentials", level: 1 }).waitFor();
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

describe("deleting a record asks first (issue 36 item 8)", () => {
  test("with JavaScript at 390 px: Delete shows the question where the reader is, focused, with nothing for axe; 'Keep it' keeps the record", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
    await page.goto(`${appUrl}/licences/${NPN}`);
    const rows = page.getByRole("region", { name: "Licenses on record" }).getByRole("row");
    const before = await rows.count();
    const remove = page.getByRole("button", { name: /^Delete the license for / }).first();
    const label = (await remove.getAttribute("aria-label"))!;
    await remove.click();
    const ask = page.getByRole("region", { name: "Confirm the deletion" });
    const heading = ask.getByRole("heading", { level: 2 });
    await heading.waitFor();
    expect(await heading.innerText()).toMatch(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(await heading.evaluate((h) => h === document.activeElement)).toBe(true);
    const box = (await heading.boundingBox())!;
    expect(box.y >= 0 && box.y + box.height <= 844, `the question in view (at ${box.y}px)`).toBe(true);
    expect(await violations(page, "390px delete question")).toEqual([]);
    await ask.getByRole("link", { name: "Keep it" }).click();
    await ask.waitFor({ state: "detached" });
    expect(await rows.count()).toBe(before);
  });
});

describe("the credentials table at 1280 px (issue 36 item 7)", () => {
  test("long unbroken providers, policy numbers and course names: every column and its Change/Delete stay in sight", async () => {
    // A producer of its own (no agent): the administrator keeps anyone's records.
    const npn = `7${String(Date.now()).slice(-7)}`;
    const rows: Array<[string, string, string | null, string | null]> = [
      ["EO", "WesternNationalMutualProfessionalLiabilityInsuranceCompany", "EOPOLICY2026000000000123456789", null],
      ["EO", "Lloyd's of London Professional Indemnity Underwriters Syndicate 2623/623", "EO-2026-77", null],
      ["AML", "LIMRA LOMA Anti-Money-Laundering Training Institute International", null, "Anti-Money Laundering for Insurance Producers (2026 edition, 4 hours)"],
      ["PRODUCT_TRAINING", "SLAC University", null, "SLACFinalExpenseWholeLifeProductCertification2026"],
    ];
    await withDb(async (c) => {
      for (const [kind, provider, policy, course] of rows) {
        await c.query(
          `INSERT INTO producer_credentials (id, npn, kind, provider, policy_number, coverage_limit, course_name, effective_date, expiry_date, source, updated_at)
           VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, '2026-01-01', '2099-06-30', 'ADMIN', now())`,
          [npn, kind, provider, policy, kind === "EO" ? "2000000" : null, course],
        );
      }
    });
    const page = await browser.newPage({ javaScriptEnabled: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
    await page.goto(`${appUrl}/licences/${npn}`);
    const table = page.getByRole("region", { name: "Credentials on record" });
    await table.getByRole("button", { name: /^Delete the / }).first().waitFor();
    expect(await table.getByRole("button", { name: /^Delete the / }).count()).toBe(rows.length);
    // Dates as on every screen (issue 36 item 11): MM/DD/YYYY, in the cells and the buttons' names.
    const text = await table.innerText();
    expect(text).toContain("01/01/2026");
    expect(text).toContain("06/30/2099");
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await table.getByRole("button", { name: /^Delete the .* expiring 06\/30\/2099$/ }).count()).toBe(rows.length);
    expect(await hiddenInScrollingBoxes(page)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(width, "the page scrolls sideways").toBeLessThanOrEqual(0);
    await page.close();
  });
});
