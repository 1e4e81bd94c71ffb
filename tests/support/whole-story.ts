// The carrier's whole journey as one story (issue 36), without JavaScript, with the form driver, on a
// portal with the demo data: the director invites, the prospect signs up from the emailed link,
// confirms, applies, checks the answers, submits and gets the receipt; the administrator confirms
// the licence and the certificate on the review screen and approves; the director finds the new agent
// in good order in the tree and in a downline report; the nightly monitoring runs; the compliance
// view lists her; a carrier's system reads her through the API and receives the approval by webhook.
// Run by tests/integration/whole-story-nojs.test.ts and, on the image we ship, by
// tests/container/image.test.ts. With JavaScript: tests/e2e/whole-story.test.ts.
import ExcelJS from "exceljs";
import { expect } from "vitest";
import { REVIEW_MESSAGES as M } from "~/features/review/messages";
import { verifyWebhook } from "~/features/webhooks/signature.server";
import { visitorSignIn } from "./app-sign-in";
import { DEMO, newAccount } from "./browser";
import type { Page, Scope, Visitor } from "./form-driver";
import { queueJobIn } from "./queue-job";
import { query } from "./mailbox";
import type { ReceivedMail } from "./smtp-sink";
import type { WebhookReceiver } from "./webhook-receiver";
import { eoCertificatePdf } from "./pdf-files";
import { fillIndividual, sendInvitation, signUpThroughLink, submitThroughCheck, throughWizard, type JourneyPortal } from "./journey-nojs";

export interface StoryPortal extends JourneyPortal {
  readonly app: { url: string; idpUrl: string };
  readonly smtp: JourneyPortal["smtp"] & { mailTo(email: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail> };
  /** The portal's database, for what only a job's schedule starts (the nightly monitoring). */
  readonly databaseUrl: string;
}

/** What the term `name` of a <dl> inside `scope` reads (its <dd>). */
function term(scope: Scope, name: string): string {
  const dt = Array.from(scope.root.querySelectorAll("dt")).filter((d) => d.textContent?.trim() === name);
  expect(dt, `the term ${name} in ${scope.text().slice(0, 300)}`).toHaveLength(1);
  return dt[0]!.nextElementSibling!.textContent!.trim();
}

/** Waits, reloading as a person would, until `done(page)`; `what` names it in the failure. */
async function reloadUntil(visitor: Visitor, url: string, done: (p: Page) => boolean, what: string, timeoutMs = 90_000): Promise<Page> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const page = await visitor.get(url);
    if (done(page)) return page;
    if (Date.now() > deadline) throw new Error(`${what}: not seen within ${timeoutMs / 1000} s on ${url}: ${page.text().slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The main navigation's ADMIN menu opened (a details/summary) and its item followed. */
const adminMenu = (page: Page, item: string) => page.within("navigation", "Main").toggle("ADMIN").follow(item);

/** The director's health hierarchy in the demo data (agent 100001, company MI01, block 72). */
const HIERARCHY = "100001|MI01|72";

export async function wholeStory(portal: StoryPortal, receiver: WebhookReceiver) {
  const url = portal.app.url;
  const stamp = Date.now().toString(36);
  const npn = `7${String(Date.now()).slice(-7)}`;
  const prospect = newAccount({ firstName: "Marisol", middleName: "", lastName: `Story${stamp}` });

  // ── The administrator registers the carrier's webhook endpoint and a read token ──
  const { visitor: admin } = await visitorSignIn(portal.app, DEMO.admin);
  let page = await adminMenu(await admin.get(`${url}/home`), "Webhooks");
  page = await page.form("Add endpoint").fill("Address (URL)", `${receiver.url}/hook`).check("Application approved").submit("Add endpoint");
  const secret = /whsec_[A-Za-z0-9+/=]{40,}/.exec(page.text())?.[0];
  expect(secret, page.text().slice(0, 500)).toBeTruthy();
  page = await adminMenu(await admin.get(`${url}/home`), "API Tokens");
  page = await page.form("Create token").fill("Name", `Carrier sync ${stamp}`).check(/^Read agents/).submit("Create token");
  const token = (page.all("input[readonly]").map((i) => (i.root as HTMLInputElement).value).find((v) => v.startsWith("apt_")) ?? "") as string;
  expect(token).toMatch(/^apt_/);

  // ── 1. The director invites the prospect: a level in the cart, its sibling removed, sent ──
  const { visitor: director } = await visitorSignIn(portal.app, DEMO.marketingDirector);
  page = await director.get(`${url}/linx`);
  page = await page.form("Show links").select("Your agent number", HIERARCHY).submit("Show links");
  page = await page.within("region", "Levels of MIAC Health Advantage").click(/^Add to cart\W+level 6 /);
  page = await page.follow(/^Begin appointment/);
  const cart = () => page.within("region", "Links in your cart");
  for (const line of cart().all("button", /^Remove\W+MIAC Health Supplemental/)) {
    expect(line).toBeTruthy();
    page = await cart().click(/^Remove\W+MIAC Health Supplemental/);
  }
  expect(cart().rows().slice(1)).toHaveLength(1);
  page = await page.form("Continue").check("Send the links to the prospect").submit("Continue");
  expect(page.url).toMatch(/\/invite\?link=APL/);
  page = await sendInvitation(page, prospect);
  expect(page.url).toMatch(/\/invites\?sent=1/);

  // ── 2. The invitation arrives; the prospect follows it, signs up, confirms the address ──
  const invitation = await portal.smtp.mailTo(prospect.email);
  expect(invitation.parsed.text).toContain(prospect.firstName);
  const emailed = [...String(invitation.parsed.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&")).find((h) => /\/APL[A-Z0-9]+/.test(h));
  expect(emailed, String(invitation.parsed.html).slice(0, 800)).toBeTruthy();
  const { visitor: applicant, page: home } = await signUpThroughLink(portal, emailed!, prospect);
  expect(home.pathname).toBe("/home");

  // ── 3. The application: the wizard, every section, 'Check your answers', submitted ──
  const { page: first, id } = await throughWizard(applicant, url, /^Individual —/);
  page = await submitThroughCheck(await fillIndividual(first, { npn, w9Name: `${prospect.firstName} ${prospect.lastName}` }));
  expect(term(page.all("main")[0]!, "Your reference")).toBe(`APP-${id}`);
  const receipt = await portal.smtp.mailTo(prospect.email, /^We received your appointment application APP-\d+$/, 60_000);
  expect(receipt.parsed.subject).toBe(`We received your appointment application APP-${id}`);
  page = await applicant.get(`${url}/appoint?id=${id}`);
  expect(page.text()).toContain("With the reviewer");

  // ── 4. The administrator reviews: the licence and the certificate confirmed in place, approved ──
  page = await admin.get(`${url}/admin/review`);
  page = await page.follow(`${prospect.firstName} ${prospect.lastName}`);
  expect(page.url).toBe(`${url}/admin/review/${id}`);
  // The decision bar says Approve must wait, before any of its forms is opened (decision 0106).
  const approveBlocked = () => page.within("region", "Decide").shows(M.approveBlocked);
  expect(approveBlocked(), page.within("region", "Decide").text().slice(0, 400)).toBe(true);
  page = await page.within("region", "Licenses").follow("Confirm or correct the license for Texas");
  let confirm = page.form("SAVE");
  expect(confirm.value("License number")).toBe("TX-7766554");
  page = await confirm.check("Life").check("Accident & Health").submit("SAVE");
  expect(page.url).toBe(`${url}/admin/review/${id}`);
  page = await page.within("region", "Licenses").follow("Confirm the E&O certificate");
  confirm = page.form("SAVE");
  page = await confirm.fill("Insurance carrier", "Hartwell Mutual").fill("Policy number", `EO-${stamp}`).fill("Expiry date", "2099-06-30").submit("SAVE");
  expect(page.url).toBe(`${url}/admin/review/${id}`);
  // The background screening the submission ordered (file adapter, decision 0122) holds approval
  // until the vendor's report is recorded clear.
  expect(approveBlocked()).toBe(true);
  page = await page
    .form("Record the result")
    .check("Clear")
    .attach("Vendor's report (PDF)", { name: "screening-report.pdf", mimeType: "application/pdf", buffer: await eoCertificatePdf() })
    .fill("Vendor reference", `BG-${stamp}`)
    .submit("Record the result");
  expect(page.url).toContain(`${url}/admin/review/${id}`);
  expect(approveBlocked()).toBe(false);
  const approvedSince = new Date(Date.now() - 1000).toISOString();
  page = await page.within("region", "Decide").follow("Approve");
  page = await page.within("region", "Approve").form().fill("Reason", "License and E&O verified.").check(/I confirm: approve/).submit("Approve");
  expect(page.url).toBe(`${url}/admin/review/${id}?decided=APPROVE`);
  const agentNumber = term(page.within("region", `Application ${id}`), "Agent Number");
  expect(agentNumber).toMatch(/^\d+$/);
  const approved = await portal.smtp.mailTo(prospect.email, /^Your appointment application was approved$/, 60_000);
  expect(approved.parsed.text).toContain(agentNumber);

  // ── 5. The director finds her in the tree, new and in good order, and in a downline report ──
  page = await director.get(`${url}/agents`);
  page = await page.within("navigation", "Agents views").follow("SEARCH");
  page = await page.form("SEARCH").fill("Last name", prospect.lastName).submit();
  const found = page.rows().find((cells) => cells.some((c) => c.includes(agentNumber)));
  expect(found, page.text().slice(0, 600)).toBeTruthy();
  page = await page.follow(new RegExp(prospect.lastName));
  expect(page.text()).toContain("In good order");
  expect(page.text()).not.toContain("No E&O coverage is on record");

  page = await director.get(`${url}/reports?tab=request`);
  page = await page.form("SUBMIT").submit("SUBMIT");
  expect(page.url).toMatch(/\/reports\?tab=results&queued=1/);
  const newest = (p: Page) => p.within("region", "Requested reports").all("tbody tr")[0]!;
  page = await reloadUntil(director, `${url}/reports?tab=results`, (p) => newest(p).all("a[href]", /^Download Downline Report/).length > 0, "the downline report finished");
  const href = new URL(newest(page).all("a[href]", /^Download Downline Report/)[0]!.root.getAttribute("href")!, page.baseUrl).href;
  const file = await fetch(href, { headers: { cookie: director.cookies(href) } });
  expect(file.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await file.arrayBuffer()) as ArrayBuffer);
  const cells: string[] = [];
  workbook.worksheets[0]!.eachRow((r) => cells.push(...(r.values as unknown[]).map((v) => String(v ?? ""))));
  expect(cells).toContain(agentNumber);
  expect(cells).toContain(prospect.lastName);

  // ── 6. The nightly monitoring runs (as its schedule would start it); the compliance view lists her ──
  const job = await queueJobIn(portal.databaseUrl, "monitor-compliance", {});
  const deadline = Date.now() + 90_000;
  for (;;) {
    const [left] = await query<{ n: number; last_error: string | null }>(portal.databaseUrl, `SELECT count(*)::int AS n, max(last_error) AS last_error FROM graphile_worker._private_jobs WHERE id = $1`, [job]);
    expect(left!.last_error).toBeNull();
    if (left!.n === 0) break;
    if (Date.now() > deadline) throw new Error("the monitoring job did not finish within 90 s");
    await new Promise((r) => setTimeout(r, 500));
  }
  page = await admin.get(`${url}/compliance?state=TX&standing=IN_GOOD_ORDER`);
  for (let i = 0; i < 50 && !page.rows().some((c) => c.some((x) => x.includes(npn))); i++) page = await page.follow("Next page");
  const listed = page.rows().find((c) => c.some((x) => x.includes(npn)));
  expect(listed, "the compliance view lists her NPN").toBeTruthy();
  expect(listed!.join(" ")).toContain("In good order");

  // ── 7. The carrier's system: the API reads her, the webhook told it of the approval ──
  const api = await fetch(`${url}/api/v1/agents?updated_since=${encodeURIComponent(approvedSince)}&limit=100`, { headers: { Authorization: `Bearer ${token}` } });
  expect(api.status).toBe(200);
  const body = (await api.json()) as { data: Array<{ agent_number: string; npn: string | null; licenses?: unknown[]; licences?: unknown[] }> };
  const agent = body.data.find((a) => a.agent_number === agentNumber);
  expect(agent, JSON.stringify(body).slice(0, 600)).toBeTruthy();
  expect(agent!.npn).toBe(npn);
  expect(JSON.stringify(agent)).not.toContain("123-45-6789");

  const hookDeadline = Date.now() + 90_000;
  const approvedEvent = () =>
    receiver.received.find((r) => {
      const b = JSON.parse(r.body) as { type?: string; data?: { application?: { id?: number } } };
      return b.type === "application.approved" && b.data?.application?.id === id;
    });
  while (!approvedEvent()) {
    if (Date.now() > hookDeadline) throw new Error(`no application.approved webhook for ${id} within 90 s (received ${receiver.received.length})`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const hook = approvedEvent()!;
  const headers = { id: String(hook.headers["webhook-id"]), timestamp: String(hook.headers["webhook-timestamp"]), signature: String(hook.headers["webhook-signature"]) };
  expect(verifyWebhook(secret!, headers, hook.body)).toBe(true);
  expect((JSON.parse(hook.body) as { data: { application: { agent_number: string } } }).data.application.agent_number).toBe(agentNumber);
  return { id, agentNumber, npn };
}
