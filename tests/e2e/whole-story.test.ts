// The whole story (issue 36, 'The whole story as one test') in Chromium with JavaScript on, on an app
// of its own whose mail goes to a real SMTP server started here and whose webhooks go to a receiver
// on loopback; every step asserts what the person would notice (headings, banners, statuses):
//  1. an administrator registers a webhook endpoint for approvals and makes an API token (read:agents);
//  2. the demo marketing director puts a level of her links in the cart and sends it as an invitation;
//  3. the prospect opens the emailed link (its welcome names who invited her), creates an account,
//     confirms the address from the email, goes through the wizard and every section of an individual
//     application (resident license, E&O certificate upload), checks her answers, submits, sees the
//     confirmation page and receives the receipt email;
//  4. an administrator opens the review, confirms the license and certificate records in place, approves;
//  5. the receiver gets the 'application.approved' event, signed with the endpoint's secret;
//  6. the director finds the new agent in her tree ('new'), in good order on the agent's page, queues
//     a report and downloads the xlsx;
//  7. the nightly license monitoring runs; the compliance view lists the agent in good order;
//  8. the API reads the agent with the token.
// The same story without JavaScript: tests/integration/whole-story-nojs.test.ts.
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REVIEW_MESSAGES as M } from "~/features/review/messages";
import { verifyWebhook } from "~/features/webhooks/signature.server";
import type { AppHandle } from "../support/app-server";
import { browserFixture, DEMO, DEMO_PASSWORD, newAccount, signIn, signUp } from "../support/browser";
import { fillIndividual } from "../support/individual-application";
import { eoCertificatePdf } from "../support/pdf-files";
import { query } from "../support/mailbox";
import { queueJobIn } from "../support/queue-job";
import { startAppWithSmtp, type SmtpSink } from "../support/smtp-sink";
import { wizardFromFirstStep } from "./helpers";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const browser = browserFixture();

let app: AppHandle;
let smtp: SmtpSink;
let dispose: (() => Promise<void>) | undefined;
let receiver: WebhookReceiver;
let receiverUrl: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  receiverUrl = `${receiver.url}/portal-events`;
  // The receiver is on loopback: the portal refuses private addresses unless told otherwise.
  ({ app, smtp, dispose } = await startAppWithSmtp({ env: { WEBHOOK_ALLOW_PRIVATE: "true", SCREENING_ADAPTER: "file" } }));
});

afterAll(async () => {
  await dispose?.();
  await receiver?.close();
});

const main = (page: Page) => page.locator("#main");
const card = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

/** docs/screens/story-<name>-<width>.png at 1280 and 390 px when DOCS_SHOTS is set (docs/testing.md 'Pictures for the docs'). */
async function shots(page: Page, name: string) {
  const dir = process.env.DOCS_SHOTS;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(dir, `story-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Reloads the page (as a person would) until `ready` holds, at most `ms`. */
async function reloadUntil(page: Page, what: string, ready: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what} did not show within ${ms / 1000} s`);
    await page.waitForTimeout(500);
    await page.reload();
  }
}

async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe("the whole story with JavaScript", () => {
  test("invitation → sign-up and confirmation → application, check answers, submit, receipt → review, approval → tree, report, monitoring, compliance, API, webhook", async () => {
    const db = app.databaseUrl!;

    // ── 1. The administrator registers a webhook endpoint and makes an API token ──
    const admin = await browser.newPage({ javaScriptEnabled: true });
    await signIn(admin, app.url, DEMO.admin, DEMO_PASSWORD);
    await admin.goto(`${app.url}/admin/webhooks`);
    await admin.getByRole("heading", { name: "Webhooks", level: 1 }).waitFor();
    await admin.getByLabel("Address (URL)").fill(receiverUrl);
    await admin.getByLabel("Application approved", { exact: true }).check();
    await admin.getByRole("button", { name: "Add endpoint" }).click();
    // The signing secret, shown once: the receiver checks each delivery with it.
    const webhookSecret = (await admin.getByTestId("webhook-secret").innerText()).trim();
    await admin.getByRole("row").filter({ hasText: receiverUrl }).waitFor();

    await admin.goto(`${app.url}/admin/api-tokens`);
    await admin.getByRole("heading", { name: "API Tokens", level: 1 }).waitFor();
    await admin.getByLabel("Name", { exact: true }).fill(`Whole story ${Date.now().toString(36)}`);
    await admin.getByRole("checkbox", { name: /Read agents/ }).check();
    await admin.getByRole("button", { name: "Create token" }).click();
    const secret = admin.getByRole("textbox", { name: /^Token \(select it/ });
    await secret.waitFor();
    const token = await secret.inputValue();
    expect(token).toMatch(/^apt_/);

    // ── 2. The director sends an invitation from the portal ──
    const director = await browser.newPage({ javaScriptEnabled: true });
    await signIn(director, app.url, DEMO.marketingDirector, DEMO_PASSWORD);
    // Her links (her own MIAC health position), a level in the cart (its sibling schedule comes along), sent as an invitation.
    await director.goto(`${app.url}/linx?agentNumber=100001&companyNumber=MI01&blockNumber=72`);
    await director.getByRole("heading", { name: "Appointment Links", level: 1 }).waitFor();
    await director
      .getByRole("region", { name: "Levels of MIAC Health Advantage" })
      .getByRole("button", { name: /^Add to cart\W+level 5 / })
      .click();
    await director.getByTestId("begin-appointment").getByText("2").waitFor();
    await director.getByTestId("begin-appointment").click();
    await director.waitForURL(/\/cartlinks$/);
    await director.getByTestId("cart-items").waitFor();
    await director.getByLabel("Send the links to the prospect").check();
    await director.getByRole("button", { name: "Continue" }).click();
    await director.waitForURL(/\/invite\?links=MLT/);
    const link = new URL(director.url()).searchParams.get("links")!;
    await director.getByRole("heading", { name: "Send a Recruitment Invitation" }).waitFor();
    await director.locator("#invite-body[contenteditable]").waitFor();
    const account = newAccount({ firstName: "Stella", middleName: "J", lastName: `Story${Date.now().toString(36)}` });
    await director.getByLabel("Prospect First Name").fill(account.firstName);
    await director.getByLabel("Prospect Last Name").fill(account.lastName);
    await director.getByLabel("Prospect Email Address").fill(account.email);
    await shots(director, "invite");
    await director.getByRole("button", { name: "Send" }).click();
    const confirmSend = director.getByRole("dialog", { name: "Send this invitation?" });
    await confirmSend.getByRole("button", { name: "Send" }).click();
    await director.waitForURL(/\/invites\?sent=1/);
    await director.getByRole("status").filter({ hasText: "Sent!" }).waitFor();

    // ── 3. The prospect: the emailed link, an account, the confirmation, the application ──
    const invitation = await smtp.mailTo(account.email);
    expect(invitation.parsed.text).toContain(`Dear ${account.firstName} ${account.lastName},`);
    const emailedLink = [...String(invitation.parsed.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&")).find((h) => h.includes(`/${link}`));
    expect(emailedLink, "the invitation's link").toBeDefined();

    const prospect = await browser.newPage({ javaScriptEnabled: true });
    await prospect.goto(emailedLink!);
    await prospect.getByText(/has invited you to apply for an appointment/).waitFor();
    await prospect.getByRole("link", { name: "I already have an account" }).waitFor();
    await shots(prospect, "welcome");
    await prospect.getByRole("link", { name: "NEXT: Create an account" }).click();
    // The invited address is already in the sign-up form (decision 0096).
    await prospect.getByRole("heading", { name: "Create your account" }).waitFor();
    await expect.poll(() => prospect.getByLabel(/^email/i).inputValue()).toBe(account.email.toLowerCase());
    // The account, then the confirmation link from the email (smtp.verificationLink), back on the portal.
    await signUp(prospect, app.url, account, smtp.verificationLink);
    expect(new URL(prospect.url()).pathname).toBe("/home");
    await prospect.getByRole("link", { name: "Complete Your Appointment" }).click();
    await prospect.waitForURL(/\/wizard\?/);
    expect(new URL(prospect.url()).searchParams.get("link")).toBe(link);
    const id = await wizardFromFirstStep(prospect, /^Individual —/);
    await expect.poll(() => prospect.getByTestId("application-status").innerText()).toBe("Incomplete");
    await fillIndividual(prospect);

    // Check your answers: every section summarised with a Change link, then 'Submit application'.
    await prospect.getByRole("button", { name: "SUBMIT" }).click();
    await prospect.waitForURL(/\/appoint\/check\?id=\d+$/);
    await prospect.getByRole("heading", { level: 1, name: "Check your answers before submitting" }).waitFor();
    for (const section of ["Personal Information", "Commissions", "States & Fees", "Policies & Agreements", "Supporting Documents"]) {
      await main(prospect).getByRole("link", { name: `Change ${section}` }).first().waitFor();
    }
    await prospect.getByRole("button", { name: "Submit application" }).click();
    await prospect.getByRole("heading", { level: 1, name: "Application submitted" }).waitFor();
    await prospect.getByText("Successfully Submitted for Approval!").waitFor();
    const reference = (await prospect.getByTestId("reference").innerText()).trim();
    expect(reference).toBe(`APP-${id}`);
    await expect.poll(() => prospect.getByTestId("whose-turn").innerText()).toBe("With the reviewer");
    const receipt = await smtp.mailTo(account.email, /We received your appointment application/, 60_000);
    expect(receipt.parsed.subject).toContain(reference);

    // The director's home: the pipeline counts it as Awaiting Approval (the catalogue's word), linked to the list.
    await director.goto(`${app.url}/home`);
    const pipeline = director.getByRole("region", { name: "Your Downline's Pipeline" });
    const awaiting = pipeline.getByRole("link", { name: /^Awaiting Approval: [1-9]\d*, show the list$/ });
    await awaiting.waitFor();
    await shots(director, "home-director");
    await awaiting.click();
    await director.waitForURL(/\/inprog\?status=APWF_STATUS_NEWCONTRACT/);
    await main(director).getByRole("row").filter({ hasText: account.lastName }).getByText("Submitted for Approval").waitFor();

    // ── 4. The administrator reviews, confirms the records in place and approves ──
    await admin.goto(`${app.url}/admin/review`);
    await admin.getByRole("link", { name: `${account.firstName} ${account.lastName}` }).click();
    await admin.waitForURL(`${app.url}/admin/review/${id}`);
    await expect.poll(() => admin.getByTestId("application-status").innerText()).toBe("Awaiting Approval");
    const panel = admin.getByTestId("licence-panel");
    await admin.getByTestId("licence-problems").getByText(/^License for Texas to confirm/).waitFor();
    await admin.getByTestId("licence-problems").getByText(/^E&O certificate to confirm/).waitFor();
    // The decision bar: a choice opens its form in place (decision 0106).
    await admin.getByTestId("decision-bar").getByRole("link", { name: "Approve", exact: true }).click();
    await card(admin, "Approve").getByTestId("approve-blocked").getByText(M.approveBlocked).waitFor();
    expect(await card(admin, "Approve").getByRole("button", { name: "Approve" }).isDisabled()).toBe(true);

    await panel.getByRole("link", { name: "Confirm or correct the license for Texas" }).click();
    const licenceForm = admin.getByRole("region", { name: "Change license: Texas" });
    await expect.poll(() => licenceForm.getByLabel("License number").inputValue()).toBe("TX-7766554");
    await licenceForm.getByLabel("Life", { exact: true }).check();
    await licenceForm.getByLabel("Accident & Health").check();
    await licenceForm.getByRole("button", { name: "SAVE" }).click();
    await admin.waitForURL(`${app.url}/admin/review/${id}`);
    await expect.poll(() => admin.getByTestId("licence-problems").getByText(/^License for Texas to confirm/).count()).toBe(0);
    await panel.getByRole("link", { name: "Confirm the E&O certificate" }).click();
    const eoForm = admin.getByRole("region", { name: "Change credential: E&O coverage" });
    await eoForm.getByLabel("Policy number").fill("EO-778812");
    await eoForm.getByLabel("Expiry date").fill("2099-06-30");
    await eoForm.getByRole("button", { name: "SAVE" }).click();
    await admin.waitForURL(`${app.url}/admin/review/${id}`);
    await admin.getByTestId("licence-ok").waitFor();
    // The background screening the submission ordered (file adapter, decision 0122): the vendor's report, clear.
    const screening = admin.getByTestId("screening-panel");
    await screening.getByLabel("Clear", { exact: true }).check();
    await screening.getByLabel("Vendor's report (PDF)").setInputFiles({ name: "screening-report.pdf", mimeType: "application/pdf", buffer: await eoCertificatePdf() });
    await screening.getByRole("button", { name: "Record the result" }).click();
    await admin.waitForURL(new RegExp(`/admin/review/${id}`));
    await expect.poll(() => admin.getByTestId("screening-panel").getByRole("button", { name: "Record the result" }).count()).toBe(0);

    await admin.getByTestId("decision-bar").getByRole("link", { name: "Approve", exact: true }).click();
    const approve = card(admin, "Approve");
    await approve.getByLabel("Reason").fill("License and E&O certificate confirmed.");
    await approve.getByLabel(/I confirm: approve/).check();
    await approve.getByRole("button", { name: "Approve" }).click();
    await admin.waitForURL(`${app.url}/admin/review/${id}?decided=APPROVE`);
    const agentNumber = (await admin.getByTestId("agent-number").innerText()).trim();
    await admin.getByTestId("decision-outcome").getByText(M.approved(agentNumber)).waitFor();
    await expect.poll(() => admin.getByTestId("application-status").innerText()).toBe("Approved");
    const approved = await smtp.mailTo(account.email, /Your appointment application was approved/, 60_000);
    expect(approved.parsed.text).toContain(agentNumber);

    // ── 5. The approval reaches the webhook receiver ──
    const delivered = await waitFor("the approval event at the receiver", async () => receiver.received.find((r) => r.path === "/portal-events" && JSON.parse(r.body).type === "application.approved"));
    const signed = { id: String(delivered.headers["webhook-id"]), timestamp: String(delivered.headers["webhook-timestamp"]), signature: String(delivered.headers["webhook-signature"]) };
    expect(verifyWebhook(webhookSecret, signed, delivered.body)).toBe(true);
    expect(JSON.parse(delivered.body).data.application).toMatchObject({ id, status: "APWF_STATUS_APPROVED", agent_number: agentNumber });

    // ── 6. The director: the new agent in her tree, in good order; a report downloaded ──
    await director.goto(`${app.url}/agents`);
    await main(director).getByLabel("Name filter").fill(account.lastName);
    await main(director).getByRole("button", { name: "Filter" }).click();
    await director.waitForURL(/filter=/);
    const node = main(director).locator("li", { hasText: `#${agentNumber}` }).last();
    await node.getByText("new", { exact: true }).waitFor();
    await shots(director, "agents-tree");
    await node.getByRole("link", { name: `${account.lastName}, ${account.firstName}`, exact: true }).click();
    await director.waitForURL(/\/agent\?/);
    await main(director).getByText("In good order", { exact: true }).first().waitFor();
    expect(await main(director).getByText("Not in good order").count()).toBe(0);

    await director.goto(`${app.url}/reports?tab=request`);
    await director.getByText("may take up to 20 minutes").waitFor();
    await director.getByRole("button", { name: "SUBMIT" }).click();
    await director.waitForURL(/\/reports\?tab=results&queued=1/);
    await director.getByRole("status").filter({ hasText: "Your report request was successfully queued up." }).waitFor();
    await director.goto(`${app.url}/reports?tab=results`);
    const download = director.getByRole("link", { name: /^Download Downline Report/ }).first();
    await reloadUntil(director, "the finished report", () => download.isVisible());
    const [file] = await Promise.all([director.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toBe("Downline_Report.xlsx");

    // ── 7. The nightly license monitoring runs; the compliance view lists the agent in good order ──
    const jobId = await queueJobIn(db, "monitor-compliance", {});
    await waitFor("the monitoring job to finish", async () => {
      const [row] = await query<{ n: string }>(db, `SELECT count(*) AS n FROM graphile_worker._private_jobs WHERE id = $1`, [jobId]);
      return Number(row!.n) === 0;
    }, 120_000);
    await director.goto(`${app.url}/compliance?standing=IN_GOOD_ORDER&state=TX`);
    await director.getByRole("heading", { level: 1, name: "Compliance" }).waitFor();
    const row = main(director).getByRole("row").filter({ hasText: `Agent ${agentNumber}` });
    await row.first().waitFor();
    expect(await row.first().innerText()).toContain("In good order");

    // ── 8. The API reads the agent with the token ──
    const [position] = await query<{ id: number }>(db, `SELECT id FROM agents WHERE agent_number = $1`, [agentNumber]);
    const answer = await admin.request.get(`${app.url}/api/v1/agents/${position!.id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({
      agent_number: agentNumber,
      first_name: account.firstName,
      last_name: account.lastName,
      status: "active",
      npn: "19283746",
      upline: { agent_number: "100001" },
      compliance: { standing: "IN_GOOD_ORDER" },
      licences: [expect.objectContaining({ state_code: "TX", licence_number: "TX-7766554", resident: true })],
      errors_and_omissions: [expect.objectContaining({ policy_number: "EO-778812", expiry_date: "2099-06-30" })],
    });
  }, 600_000);
});
