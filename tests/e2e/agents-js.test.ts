// The agents screens (spec part 3 §2) in Chromium, what needs a browser: with JavaScript, Invite
// User's empty address gets the browser's own message, times show in the viewer's zone (UTC
// without JavaScript), the tree expands in place; axe-core at 1280 and 390 px on /agents and
// /agent, and at 390 px the page itself never scrolls sideways (the tree and the tables scroll
// inside their box). Without JavaScript (the tree, search, deactivated, detail tabs, Invite User
// by email and through SMTP, refusals): tests/integration/back-office-nojs.test.ts.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { sharedApp, withDb } from "./helpers";
import { axeViolations as violations } from "../support/axe";
import { addAgentTree, agentTreeNames } from "../support/agent-tree";

const { appUrl } = sharedApp();
const browser = browserFixture();

/** The sub-hierarchy this file adds under the demo director (tests/support/agent-tree.ts). */
const names = agentTreeNames();
const { run, X, CHILD_LAST } = names;

let mdPositionId = 0;
let agentPositionId = 0;

beforeAll(async () => {
  await withDb(async (c) => {
    ({ mdPositionId, agentPositionId } = await addAgentTree(c, names));
  });
});

const tree = (page: Page) => page.getByRole("region", { name: "Agent hierarchy tree" });

describe("agents with JavaScript", () => {
  // (The name is the file's old one; its no-JavaScript tests: tests/integration/back-office-nojs.test.ts.)
  test("with JavaScript: Invite User's empty address gets the browser's 'Please fill out this field.'; times in the viewer's zone", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true, timezoneId: "America/Chicago" });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    // Kid02: an agent with no user yet.
    await page.goto(`${appUrl}/agent?h=${mdPositionId}&agentNumber=7${run}102&invite=1#invite`);
    const email = page.getByLabel("Email Address");
    await email.waitFor();
    await page.waitForLoadState("networkidle");
    await email.evaluate((el) =>
      el.addEventListener("invalid", (e) => setTimeout(() => ((window as unknown as { bubble?: boolean }).bubble = !e.defaultPrevented))),
    );
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForFunction(() => (window as unknown as { bubble?: boolean }).bubble !== undefined);
    expect(await page.evaluate(() => (window as unknown as { bubble?: boolean }).bubble)).toBe(true);
    expect(await email.evaluate((el) => (el as HTMLInputElement).validationMessage)).toBe("Please fill out this field.");

    // The demo agent's approved appointment: its times in the browser's zone, named (issue 20 item 18).
    const demoAgent = await withDb(async (c) => (await c.query(`SELECT agent_number FROM agents WHERE id = $1`, [agentPositionId])).rows[0].agent_number);
    const appointment = `${appUrl}/agent?h=${mdPositionId}&agentNumber=${demoAgent}&tab=appointment`;
    await page.goto(appointment);
    await page.locator("time", { hasText: / C[SD]T$/ }).first().waitFor();
    // The browser told the portal its zone (the tz cookie): the next page comes from the server in it
    // already, so the page reads the same before and after hydration (decision 0102).
    const html = await (await page.context().request.get(appointment)).text();
    expect(html).toMatch(/<time dateTime="[^"]+">\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M C[SD]T<\/time>/);
    expect(html).not.toMatch(/ [AP]M (UTC|E[SD]T)<\/time>/);
    // Without JavaScript the browser names no zone: the portal's TIME_ZONE (America/New_York by default).
    const nojs = await browser.newPage({ javaScriptEnabled: false, timezoneId: "America/Los_Angeles" });
    await signIn(nojs, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await nojs.goto(appointment);
    const times = await nojs.locator("time").allInnerTexts();
    expect(times.length).toBeGreaterThan(0);
    for (const t of times) expect(t).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M E[SD]T$/);
  }, 180_000);

  test("with JavaScript the tree expands in place (no page load) and '(more)' appends", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await page.goto(`${appUrl}/agents?h=${mdPositionId}`);
    await tree(page).getByRole("link", { name: new RegExp(`^Expand ${X.lastName}, ${X.firstName}`) }).waitFor();
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await tree(page).getByRole("link", { name: new RegExp(`^Expand ${X.lastName}, ${X.firstName}`) }).click();
    await tree(page).getByRole("link", { name: `${CHILD_LAST}, Kid40`, exact: true }).waitFor();
    await tree(page).getByRole("link", { name: /^\(more\)/ }).click();
    await tree(page).getByRole("link", { name: `${CHILD_LAST}, Kid45`, exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(new URL(page.url()).searchParams.get("open")).toMatch(/^\d+$/);
  });

  test.each([
    [1280, 900],
    [390, 844],
  ] as const)("axe-core finds nothing on /agents and /agent at %i px; at 390 px nothing scrolls the page sideways", async (width, height) => {
    const found: string[] = [];
    {
      // axe runs as a script in the page: JavaScript on for this one (the pages are the same).
      const page = await browser.newPage({ javaScriptEnabled: true });
      await page.setViewportSize({ width, height });
      await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
      const pages = [
        `/agents?h=${mdPositionId}&open=${await xId()}`,
        `/agents?tab=search&h=${mdPositionId}&go=1&lastName=${CHILD_LAST}`,
        `/agents?tab=deactivated&h=${mdPositionId}`,
        `/agents?tab=search&h=${mdPositionId}&go=1`,
        `/agent?h=${mdPositionId}&agentNumber=${X.agentNumber}`,
        `/agent?h=${mdPositionId}&agentNumber=${X.agentNumber}&tab=appointment&invite=1`,
      ];
      for (const path of pages) {
        await page.goto(`${appUrl}${path}`);
        await page.locator("h1").first().waitFor();
        found.push(...(await violations(page, `${width}px ${path}`)));
        if (process.env.AGENTS_SCREENSHOTS) await page.screenshot({ path: `${process.env.AGENTS_SCREENSHOTS}/${width}-${pages.indexOf(path)}.png`, fullPage: true });
        if (width === 390) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (overflow > 0) {
            const wide = await page.evaluate(() =>
              [...document.querySelectorAll("body *")]
                .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
                .slice(0, 5)
                .map((el) => `${el.tagName}.${el.className}`),
            );
            found.push(`390px ${path}: the page scrolls sideways by ${overflow}px (${wide.join(", ")})`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  }, 180_000);
});

async function xId(): Promise<number> {
  return withDb(async (c) => (await c.query(`SELECT id FROM agents WHERE agent_number = $1 AND block_number = 72`, [X.agentNumber])).rows[0].id);
}
