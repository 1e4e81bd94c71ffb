// The service request queue (issue 11, decision 0030) in Chromium: axe-core finds nothing on the
// queue and a 'Request that an Agent be Moved' (the demo agent's, stored as Contact Us stores it)
// at 1280 and 390 px, with a move's preview and with the reply's message next to the field. The
// journey without JavaScript (Contact Us → the queue → reply, move, done → the agent sees the moved
// agent): tests/integration/back-office-nojs.test.ts; someone else's 403: tests/security/role-table.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { sharedApp, withDb } from "./helpers";
import { axeViolations as violations } from "../support/axe";
import { addAgentUnder } from "../support/agent-tree";

const { appUrl } = sharedApp();
const browser = browserFixture();

const run = `${Date.now() % 100000}`.padStart(5, "0");
/** Added under the demo director (MIAC health, block 72): X (level 6) with a child; X moves under the demo agent (level 5). */
const X = { agentNumber: `8${run}1`, firstName: "Mover", lastName: `Quillfeather${run}` };
const XC = { agentNumber: `8${run}2`, firstName: "Tag", lastName: `Along${run}` };
let requestId = 0;
let agentNumberOfDemoAgent = "";
const addedIds: number[] = [];

beforeAll(async () => {
  await withDb(async (c) => {
    const md = (await c.query(`SELECT id FROM agents WHERE agent_number = '100001' AND block_number = 72`)).rows[0].id as number;
    const x = await addAgentUnder(c, md, X, 6);
    addedIds.push(x, await addAgentUnder(c, x, XC, 7));
    // The demo agent's request, as Contact Us stores it.
    const agent = (
      await c.query(`SELECT a.agent_number, u.id AS user_id FROM agents a JOIN users u ON u.id = a.user_id WHERE u.user_name = $1 AND a.block_number = 72`, [DEMO.agent])
    ).rows[0];
    agentNumberOfDemoAgent = agent.agent_number;
    requestId = (
      await c.query(
        `INSERT INTO service_requests (requester_user_id, requester_type_code, requester_number, request_type_code, request_text, updated_at)
         VALUES ($1, 'RQTYP_AGT', $2, 'SVCREQ_LEVELCHG', $3, now()) RETURNING service_request_id`,
        [agent.user_id, agent.agent_number, `Please move agent ${X.agentNumber} (${X.lastName}) under me (${agent.agent_number}).`],
      )
    ).rows[0].service_request_id;
  });
});

afterAll(async () => {
  // Leave the shared demo hierarchy as it was for the other files (closure rows go with the agents).
  await withDb(async (c) => {
    for (const id of [...addedIds].reverse()) await c.query(`DELETE FROM agents WHERE id = $1`, [id]);
    await c.query(`DELETE FROM service_requests WHERE service_request_id = $1`, [requestId]);
  });
});

describe("service requests without JavaScript", () => {
  test.each([
    [1280, 900],
    [390, 844],
  ] as const)("axe-core finds nothing on the queue and the request page at %i px", async (width, height) => {
    const page = await browser.newPage({ javaScriptEnabled: true });
    await page.setViewportSize({ width, height });
    await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
    const found: string[] = [];
    for (const path of ["/admin/requests?status=ALL", `/admin/requests/${requestId}`]) {
      await page.goto(`${appUrl}${path}`);
      await page.locator("h1").first().waitFor();
      found.push(...(await violations(page, `${width}px ${path}`)));
      if (process.env.SR_SCREENSHOTS) await page.screenshot({ path: `${process.env.SR_SCREENSHOTS}/${width}-${path.includes("?") ? "queue" : "request"}.png`, fullPage: true });
    }
    // With a preview and with messages next to the fields.
    await page.getByLabel("Agent number to move").fill(XC.agentNumber);
    await page.getByLabel("New upline agent number").fill(agentNumberOfDemoAgent);
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByText("What moves").waitFor();
    found.push(...(await violations(page, `${width}px preview`)));
    if (process.env.SR_SCREENSHOTS) await page.screenshot({ path: `${process.env.SR_SCREENSHOTS}/${width}-preview.png`, fullPage: true });
    await page.getByRole("button", { name: "Send reply" }).click();
    await page.getByText("Write the reply before sending it").waitFor();
    found.push(...(await violations(page, `${width}px reply error`)));
    if (width === 390) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "the page scrolls sideways at 390 px").toBeLessThanOrEqual(0);
    }
    expect(found).toEqual([]);
  });
});
