// The appointment links page and the cart with JavaScript turned off (spec
// part 1 §2 'Appointment links page', §4 'Cart flow', §5 'Cart'): the demo
// director picks a hierarchy, adds a base schedule's level (its sibling comes
// along), is refused a second level of the same schedule and a link of
// another recruiter number, sends the cart (→ /invite?links=MLT… holding the
// items), then fills out an application on a prospect's behalf (→ the
// application). A position outside the director's downline answers 404.
// axe-core finds nothing on /linx and /cartlinks at 1280 and 390 px.
import { axeViolations } from "../support/axe";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DEMO, DEMO_PASSWORD, browserFixture, signIn } from "../support/browser";
import { sharedApp, withDb } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();

async function resetCart() {
  await withDb((c) => c.query(`DELETE FROM cart_items WHERE user_id = (SELECT id FROM users WHERE user_name = $1)`, [DEMO.marketingDirector]));
}

const schedule = (page: Page, name: string) => page.getByRole("region", { name: `Levels of ${name}` });
const addButton = (page: Page, scheduleName: string, levelNo: number) =>
  schedule(page, scheduleName).getByRole("button", { name: new RegExp(`^Add to Cart\\W+level ${levelNo} `) });

describe("appointment links and cart without JavaScript", () => {
  test("add (base schedule with its sibling), refusals, send as a multi-link, fill out on the prospect's behalf", async () => {
    await resetCart();
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);

    // The director's own MIAC health hierarchy (company MI01, block 72).
    await page.goto(`${appUrl}/linx?agentNumber=100001&companyNumber=MI01&blockNumber=72`);
    await page.getByRole("heading", { name: "Appointment Links", level: 1 }).waitFor();
    await page.getByText("into your downline").waitFor();
    await expect(page.getByTestId("recruiter-agent").innerText()).resolves.toContain("100001");
    await page.getByText("adding a level also adds the same level of: MIAC Health Supplemental").waitFor();
    // Sibling schedules are listed under their base only.
    expect(await schedule(page, "MIAC Health Supplemental").count()).toBe(0);
    // Only levels below the director's own (level 1).
    expect(await addButton(page, "MIAC Health Advantage", 1).count()).toBe(0);

    await addButton(page, "MIAC Health Advantage", 5).click();
    await page.getByTestId("cart-toast").getByText("2 links added to your cart.").waitFor();
    await expect(page.getByTestId("begin-appointment").innerText()).resolves.toContain("2");

    // A second level of the same schedule: refused next to the button.
    await addButton(page, "MIAC Health Advantage", 6).click();
    await page.getByRole("alert").getByText("Schedule Already Chosen").waitFor();

    // Another recruiter number (the life hierarchy, chosen in the dropdown): refused.
    await page.getByLabel("Your agent number").selectOption("100001|SL01|501");
    await page.getByRole("button", { name: "Show Links" }).click();
    await page.waitForURL(/blockNumber=501/);
    await addButton(page, "SLAC Life Legacy", 12).click();
    await page.getByRole("alert").getByText("Schedules from Multiple Recruiters").waitFor();

    // The cart: carrier, product type, MGA code, level; no action chosen is refused.
    await page.getByTestId("begin-appointment").click();
    await page.waitForURL(/\/cartlinks$/);
    const rows = page.getByTestId("cart-items").locator("tbody tr");
    expect(await rows.count()).toBe(2);
    await expect(rows.first().innerText()).resolves.toMatch(/Health[\s\S]*5/);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Please choose what to do with the links in your cart.").waitFor();

    const cartIds = await withDb(async (c) =>
      (
        await c.query<{ id: number }>(
          `SELECT appointment_link_id AS id FROM cart_items WHERE user_id = (SELECT id FROM users WHERE user_name = $1) ORDER BY appointment_link_id`,
          [DEMO.marketingDirector],
        )
      ).rows.map((r) => r.id),
    );
    expect(cartIds).toHaveLength(2);

    await page.getByLabel("Send the links to the prospect").check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/invite\?links=MLT/);
    const code = new URL(page.url()).searchParams.get("links")!.slice(3);
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{20}$/);
    const items = await withDb(async (c) =>
      (
        await c.query<{ id: number; creator: string }>(
          `SELECT i.appointment_link_id AS id, u.user_name AS creator FROM multi_links m
             JOIN multi_link_items i ON i.multi_link_id = m.multi_link_id
             JOIN users u ON u.id = m.created_by_id
            WHERE m.code = $1 ORDER BY i.appointment_link_id`,
          [code],
        )
      ).rows,
    );
    expect(items.map((i) => i.id)).toEqual(cartIds);
    expect(items.every((i) => i.creator === DEMO.marketingDirector)).toBe(true);

    // The cart is empty now: beginning says so.
    await page.goto(`${appUrl}/cartlinks`);
    await page.getByText("No Links in your Cart").first().waitFor();

    // Apply mode (the life hierarchy was remembered).
    await page.goto(`${appUrl}/linx`);
    await page.waitForURL(/\/linx$/);
    await expect(page.getByTestId("recruiter-agent").innerText()).resolves.toContain("block 501");
    await addButton(page, "SLAC Life Legacy", 14).click();
    await page.getByTestId("cart-toast").getByText("1 link added to your cart.").waitFor();
    await page.getByTestId("begin-appointment").click();
    await page.getByLabel("Fill out the application on the prospect's behalf").check();
    await page.getByLabel("Appointment Type").selectOption("APPTTYP_IND");
    await page.getByLabel("Prospect Email Address").fill(DEMO.marketingDirector.toUpperCase());
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("You Cannot Use Your Email").waitFor();
    const email = `cart.${Date.now()}@example.com`;
    await page.getByLabel("Prospect Email Address").fill(email);
    await page.getByLabel("Fill out the application on the prospect's behalf").check();
    await page.getByLabel("Appointment Type").selectOption("APPTTYP_IND");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/appoint\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get("id"));
    const appt = await withDb(async (c) =>
      (await c.query(`SELECT prospect_email_address, is_paper_appointment, multi_link_id FROM appointments WHERE appointment_id = $1`, [id])).rows[0],
    );
    expect(appt).toMatchObject({ prospect_email_address: email, is_paper_appointment: true });
    expect(appt.multi_link_id).not.toBeNull();
    await page.close();
  });

  test("a downline agent's links are offered on his behalf; a position outside the downline answers 404", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    const downline = await withDb(async (c) =>
      (
        await c.query<{ agent_number: string; company_number: string; block_number: number }>(
          `SELECT a.agent_number, a.company_number, a.block_number FROM agents a
             JOIN agents p ON p.id = a.parent_id JOIN users u ON u.id = p.user_id
            WHERE u.user_name = $1 AND a.is_active AND a.hierarchy_level < 9 ORDER BY a.id LIMIT 1`,
          [DEMO.marketingDirector],
        )
      ).rows[0]!,
    );
    const q = (a: string, c: string, b: number) => `${appUrl}/linx?agentNumber=${a}&companyNumber=${c}&blockNumber=${b}`;
    await page.goto(q(downline.agent_number, downline.company_number, downline.block_number));
    await page.getByText("on behalf of the agent below").waitFor();
    const missing = await page.goto(q("999999", downline.company_number, downline.block_number));
    expect(missing?.status()).toBe(404);
    const bad = await page.goto(`${appUrl}/linx?agentNumber=%3Cx%3E&companyNumber=MI01&blockNumber=72`);
    expect(bad?.status()).toBe(404);
    await page.close();
  });

  test("the demo agent cannot put his upline's link in his cart, nor remove a line of another user's cart (404)", async () => {
    await resetCart();
    const director = await browser.newPage({ javaScriptEnabled: false });
    await signIn(director, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await director.goto(`${appUrl}/linx?agentNumber=100001&companyNumber=MI01&blockNumber=72`);
    await addButton(director, "MIAC Health Advantage", 9).click();
    await director.getByTestId("cart-toast").waitFor();
    const directorLinkId = await withDb(async (c) =>
      (
        await c.query<{ id: number }>(
          `SELECT appointment_link_id AS id FROM cart_items WHERE user_id = (SELECT id FROM users WHERE user_name = $1) ORDER BY 1 LIMIT 1`,
          [DEMO.marketingDirector],
        )
      ).rows[0]!.id,
    );

    const agent = await browser.newPage({ javaScriptEnabled: false });
    await signIn(agent, appUrl, DEMO.agent, DEMO_PASSWORD);
    const post = (path: string, form: Record<string, string>) =>
      agent.request.post(`${appUrl}${path}`, { form, headers: { Origin: appUrl }, maxRedirects: 0 });
    expect((await post("/linx", { intent: "add", appointmentLinkId: String(directorLinkId) })).status()).toBe(404);
    expect((await post("/cartlinks", { intent: "remove", appointmentLinkId: String(directorLinkId) })).status()).toBe(404);
    // The agent's cart is his own: empty; the director's line is still there.
    await agent.goto(`${appUrl}/cartlinks`);
    await agent.getByText("No Links in your Cart").first().waitFor();
    await director.goto(`${appUrl}/cartlinks`);
    expect(await director.getByTestId("cart-items").locator("tbody tr").count()).toBe(2);
    await agent.close();
    await director.close();
    await resetCart();
  });
});

describe("accessibility of /linx and /cartlinks (axe-core)", () => {
  test.each([
    [1280, 900],
    [390, 844],
  ])("no violation at %ipx, and nothing wider than the screen", async (width, height) => {
    await resetCart();
    const page = await browser.newPage({ javaScriptEnabled: true });
    await page.setViewportSize({ width, height });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/linx?agentNumber=100001&companyNumber=MI01&blockNumber=72`);
    await page.getByRole("heading", { name: "Appointment Links", level: 1 }).waitFor();
    const found: string[] = [];
    const check = async (where: string) => {
      found.push(...(await axeViolations(page, `${width}px ${where}`)));
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) {
        const wide = await page.evaluate(() =>
          [...document.querySelectorAll("main *")]
            .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth)
            .slice(0, 4)
            .map((e) => `${e.tagName}.${e.className}`),
        );
        found.push(`${width}px ${where}: the page scrolls sideways by ${overflow}px (${wide.join(", ")})`);
      }
    };
    await check("/linx");
    await addButton(page, "MIAC Health Advantage", 7).click();
    await page.getByTestId("begin-appointment").getByText("2").waitFor();
    await addButton(page, "MIAC Health Advantage", 8).click();
    await page.getByRole("alert").getByText("Schedule Already Chosen").waitFor();
    await check("/linx with a refusal");
    await page.goto(`${appUrl}/cartlinks`);
    await page.getByTestId("cart-items").waitFor();
    await check("/cartlinks");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Please choose what to do with the links in your cart.").first().waitFor();
    await check("/cartlinks with an error");
    await page.close();
    await resetCart();
    expect(found).toEqual([]);
  });
});
