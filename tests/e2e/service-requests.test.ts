// The service request queue in Chromium with JavaScript DISABLED (issue 11,
// decision 0030): the demo agent sends Contact Us 'Request that an Agent be
// Moved'; the demo administrator finds it through ADMIN > Service Requests,
// replies (the email reaches the agent), previews and carries out the move,
// marks the request done; the moved agent then appears directly under the
// agent in /agents (someone else's 403: tests/security/role-table.test.ts). axe-core finds nothing on the
// queue and the request page at 1280 and 390 px.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { waitForMail } from "../support/mailbox";
import { sharedApp, withDb } from "./helpers";
import { axeViolations as violations } from "../support/axe";

const { appUrl, databaseUrl } = sharedApp();
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
    const insert = async (parentId: number, a: typeof X, level: number) => {
      const id = (
        await c.query(
          `INSERT INTO agents (agent_number, company_number, block_number, mga_code, hierarchy_level, first_name, last_name, direct_upline, parent_id, updated_at)
           SELECT $1, p.company_number, p.block_number, p.mga_code, $4, $2, $3, p.agent_number, p.id, now() FROM agents p WHERE p.id = $5 RETURNING id`,
          [a.agentNumber, a.firstName, a.lastName, level, parentId],
        )
      ).rows[0].id as number;
      await c.query(
        `INSERT INTO agent_closure (ancestor_id, descendant_id, depth)
         SELECT ancestor_id, $1::int, depth + 1 FROM agent_closure WHERE descendant_id = $2 UNION ALL SELECT $1::int, $1::int, 0`,
        [id, parentId],
      );
      addedIds.push(id);
      return id;
    };
    const x = await insert(md, X, 6);
    await insert(x, XC, 7);
  });
});

afterAll(async () => {
  // Leave the shared demo hierarchy as it was for the other files (closure rows go with the agents).
  await withDb(async (c) => {
    for (const id of [...addedIds].reverse()) await c.query(`DELETE FROM agents WHERE id = $1`, [id]);
  });
});

describe("service requests without JavaScript", () => {
  test("Contact Us 'Request that an Agent be Moved' → the queue → reply, move, done → the agent sees the moved agent", async () => {
    const started = new Date();
    // 1. The agent asks.
    const agent = await browser.newPage({ javaScriptEnabled: false });
    await signIn(agent, appUrl, DEMO.agent, DEMO_PASSWORD);
    const agentPosition = await withDb(async (c) =>
      (await c.query(`SELECT a.agent_number FROM agents a JOIN users u ON u.id = a.user_id WHERE u.user_name = $1 AND a.block_number = 72`, [DEMO.agent])).rows[0]
        .agent_number as string,
    );
    agentNumberOfDemoAgent = agentPosition;
    await agent.goto(`${appUrl}/svcreq/SVCREQ_LEVELCHG`);
    expect(await agent.getByLabel("Subject").inputValue()).toBe("SVCREQ_LEVELCHG");
    const text = `Please move agent ${X.agentNumber} (${X.lastName}) under me (${agentPosition}).`;
    await agent.getByLabel(/^Your Request/).fill(text);
    await agent.getByRole("button", { name: "SEND" }).click();
    await agent.waitForURL(/\/svcreq\?sent=1/);
    await agent.getByText("Request Sent!").first().waitFor();
    requestId = await withDb(async (c) => (await c.query(`SELECT service_request_id FROM service_requests WHERE request_text = $1`, [text])).rows[0].service_request_id as number);

    // Not for the agent (403): tests/security/role-table.test.ts (admin.requests._index, admin.requests.$id).

    // 2. The administrator finds it in the queue.
    const admin = await browser.newPage({ javaScriptEnabled: false });
    await signIn(admin, appUrl, DEMO.admin, DEMO_PASSWORD);
    const main = admin.getByRole("navigation", { name: "Main" });
    await main.locator("summary", { hasText: "ADMIN" }).click();
    await main.getByRole("link", { name: "Service Requests" }).click();
    await admin.waitForURL(/\/admin\/requests$/);
    await admin.getByLabel("Subject").selectOption("SVCREQ_LEVELCHG");
    await admin.getByRole("button", { name: "Filter" }).click();
    await admin.waitForURL(/type=SVCREQ_LEVELCHG/);
    const queue = admin.getByRole("region", { name: "Service requests" });
    // Oldest open first: the new request is on the last page; go there.
    const last = admin.getByRole("link", { name: "Last page" });
    if (await last.count()) await last.click();
    await queue.getByRole("link", { name: new RegExp(`^Request ${requestId}:`) }).click();
    await admin.waitForURL(new RegExp(`/admin/requests/${requestId}$`));
    await admin.getByTestId("request-text").getByText(text).waitFor();

    // 3. Reply: refused when empty (the message next to the field), then sent.
    await admin.getByRole("button", { name: "SEND REPLY" }).click();
    await admin.getByText("Write the reply before sending it").waitFor();
    const reply = `Hello, we are moving agent ${X.agentNumber} under you now. (${run})`;
    await admin.getByLabel(/^Reply \(at most/).fill(reply);
    await admin.getByRole("button", { name: "SEND REPLY" }).click();
    await admin.getByText("The reply is on its way to the requester by email.").waitFor();
    await admin.getByTestId("reply-history").getByText(reply).waitFor();
    const mail = await waitForMail(databaseUrl, { to: DEMO.agent, subject: new RegExp(`\\(#${requestId}\\)$`), since: started });
    expect(mail.text).toContain(reply);

    // 4. Move: a refusal first (under its own downline), then the preview and the move.
    await admin.getByLabel("Agent number to move").fill(X.agentNumber);
    await admin.getByLabel("New upline agent number").fill(XC.agentNumber);
    await admin.getByRole("button", { name: "PREVIEW" }).click();
    await admin.getByText("an agent cannot be moved under its own downline").waitFor();
    await admin.getByLabel("New upline agent number").fill(agentPosition);
    await admin.getByRole("button", { name: "PREVIEW" }).click();
    expect(await admin.getByTestId("move-size").textContent()).toBe("2");
    await admin.getByRole("button", { name: "CARRY OUT THE MOVE" }).click();
    await admin.getByText(`Agent ${X.agentNumber} and the 1 agent of its downline are now under agent ${agentPosition}.`).waitFor();
    expect(await admin.getByTestId("moves-done").textContent()).toContain(`agent ${X.agentNumber} from 100001 to ${agentPosition} (2 agents)`);

    // 5. Done.
    await admin.getByRole("form", { name: "Status" }).getByRole("combobox", { name: /^Status/ }).selectOption("DONE");
    await admin.getByRole("button", { name: "SAVE STATUS" }).click();
    await admin.getByText("The status of the request is saved.").waitFor();
    expect(await withDb(async (c) => (await c.query(`SELECT status FROM service_requests WHERE service_request_id = $1`, [requestId])).rows[0].status)).toBe("DONE");

    // 6. The agent sees the moved agent directly under his position, with its downline.
    await agent.goto(`${appUrl}/agents`);
    const tree = agent.getByRole("region", { name: "Agent hierarchy tree" });
    await tree.getByRole("link", { name: new RegExp(`^Expand ${X.lastName}, ${X.firstName}`) }).click();
    await tree.getByRole("link", { name: `${XC.lastName}, ${XC.firstName}`, exact: true }).waitFor();
  });

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
    await page.getByRole("button", { name: "PREVIEW" }).click();
    await page.getByText("What moves").waitFor();
    found.push(...(await violations(page, `${width}px preview`)));
    if (process.env.SR_SCREENSHOTS) await page.screenshot({ path: `${process.env.SR_SCREENSHOTS}/${width}-preview.png`, fullPage: true });
    await page.getByRole("button", { name: "SEND REPLY" }).click();
    await page.getByText("Write the reply before sending it").waitFor();
    found.push(...(await violations(page, `${width}px reply error`)));
    if (width === 390) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "the page scrolls sideways at 390 px").toBeLessThanOrEqual(0);
    }
    expect(found).toEqual([]);
  });
});
