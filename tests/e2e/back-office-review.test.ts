// Issue 11's must-show, in Chromium with JavaScript ON (the steps as a person clicks them), on an app
// of its own whose mail goes to a real SMTP server started here (decision 0029); the same journey
// without JavaScript: tests/integration/back-office-nojs.test.ts (form driver, issue 35 item 2):
//  1. an invited prospect signs up, fills in every section of an individual application and submits it;
//  2. the demo internal administrator opens the Review Queue from the navigation, finds the
//     application, opens it read-only (documents, signature evidence) and returns it for correction
//     with a reason, marking Personal Information; a return without a reason is refused with the
//     message next to the field first;
//  3. the prospect sees the reason on the dashboard and on the application, Personal Information
//     flagged 'needs correction', fixes the phone number and submits again: the note is gone;
//  4. (issue 36 item 1, decision 0098) the submission made the applicant's licence and E&O certificate
//     records to confirm: the review screen lists them, Approve is disabled and says why (axe at 1280
//     and 390 px, screenshots in docs/screens/); the administrator confirms each in place (the licence
//     form opens on the review screen, SAVE comes back) and approves; a second administrator tab that
//     still shows the decision forms approves too and is refused ('Already decided', 409), the history shows one approval;
//  5. the recruiter's 'approved' email arrives at the SMTP server;
//  6. the new agent signs in again and sees the agent number on the dashboard and their hierarchy on /agents.
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { REVIEW_MESSAGES as M } from "~/features/review/messages";
import { axeViolations } from "../support/axe";
import type { AppHandle } from "../support/app-server";
import { browserFixture, DEMO, DEMO_PASSWORD, newAccount, signIn, signOut, signUp } from "../support/browser";
import { query } from "../support/mailbox";
import { fillIndividual, submit } from "../support/individual-application";
import { startAppWithSmtp, type SmtpSink } from "../support/smtp-sink";
import { inviteProspect, nav, throughWizard } from "./helpers";

const browser = browserFixture();

let app: AppHandle;
let smtp: SmtpSink;
let dispose: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ app, smtp, dispose } = await startAppWithSmtp());
});

afterAll(async () => {
  await dispose?.();
});


const main = (page: Page) => page.locator("#main");

/** docs/screens/<name>.png: the review screen from the licences panel to the decision cards (what decision 0098 changed). */
async function shot(page: Page, name: string) {
  // From the top: the sticky header stays above the clip.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = async (l: ReturnType<Page["locator"]>) => {
    const b = (await l.boundingBox())!;
    return { top: b.y + (await page.evaluate(() => window.scrollY)), bottom: b.y + b.height + (await page.evaluate(() => window.scrollY)) };
  };
  const from = await box(page.getByTestId("licence-panel"));
  const to = await box(page.getByRole("region", { name: "Decide", exact: true }));
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  if (process.env.DOCS_SHOTS) await page.screenshot({ path: path.join(process.env.DOCS_SHOTS, `${name}.png`), fullPage: true, clip: { x: 0, y: Math.max(0, from.top - 16), width, height: to.bottom - from.top + 32 } });
}

/** The decision card of a kind on the review screen (open once its choice was clicked). */
const card = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

/** Clicks a choice of the decision bar: its form opens in place, with no request (decision 0106). */
async function choose(page: Page, title: string) {
  await page.getByTestId("decision-bar").getByRole("link", { name: title, exact: true }).click();
  await card(page, title).waitFor();
}

describe("back-office review", () => {
  test("submit → return with a reason → fix and resubmit → approve (a second approval refused) → recruiter's email → the new agent's number and hierarchy", async () => {
    const db = app.databaseUrl!;

    // ── 1. The prospect submits ──
    const prospectPage = await browser.newPage({ javaScriptEnabled: true });
    const account = newAccount({ firstName: "Rhea", middleName: "Q", lastName: `Reviewed${Date.now().toString(36)}` });
    await signUp(prospectPage, app.url, account, smtp.verificationLink);
    const link = await inviteProspect(db, account, { newest: true });
    const id = await throughWizard(prospectPage, /^Individual —/, app.url);
    await fillIndividual(prospectPage);
    await submit(prospectPage);

    // The recruiter to be told: the user of the link's recruiter position (email by default).
    const [recruiter] = await query<{ user_name: string }>(
      db,
      `SELECT u.user_name FROM agents a JOIN users u ON u.id = a.user_id WHERE a.id = $1`,
      [link.recruiter_agent_id],
    );
    expect(recruiter?.user_name).toBeTruthy();

    // ── 2. The administrator returns it for correction ──
    const admin = await browser.newPage({ javaScriptEnabled: true });
    await signIn(admin, app.url, DEMO.admin, DEMO_PASSWORD);
    await admin.goto(`${app.url}/home`);
    await nav(admin).main.getByRole("link", { name: "REVIEW QUEUE" }).click();
    await admin.waitForURL(`${app.url}/admin/review`);
    await admin.getByLabel("Recruiter (name or agent number)").fill(link.agent_number);
    await admin.getByRole("button", { name: "Apply filters" }).click();
    await admin.waitForURL(/recruiter=/);
    await admin.getByRole("link", { name: `${account.firstName} ${account.lastName}` }).click();
    await admin.waitForURL(`${app.url}/admin/review/${id}`);
    await expect.poll(() => admin.getByTestId("application-status").innerText()).toBe("Awaiting Approval");
    await admin.getByTestId("signature-evidence").waitFor();
    await admin.getByRole("heading", { name: "Documents", exact: true }).waitFor();
    // The application as a summary in text (decision 0104): no control of its form, the typed secret masked.
    expect(await main(admin).getByLabel("First Name", { exact: true }).count()).toBe(0);
    await admin.getByRole("region", { name: "Personal Information", exact: true }).getByText(account.firstName, { exact: true }).waitFor();
    expect(await admin.content()).not.toContain("Delgado");
    // The generated application PDF is offered once the job made it.
    const appPdf = main(admin).getByRole("link", { name: "Appointment Application", exact: true });
    for (let i = 0; i < 30 && (await appPdf.count()) === 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      await admin.reload();
    }
    expect(await appPdf.count()).toBeGreaterThan(0);

    // docs/screens/review-summary-*.png: the whole review screen, the summary with the checks beside it and the decision bar after.
    const summaryA11y = [...(await axeViolations(admin, "1280px review summary"))];
    if (process.env.DOCS_SHOTS) await admin.screenshot({ path: path.join(process.env.DOCS_SHOTS, "review-summary-1280.png"), fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    summaryA11y.push(...(await axeViolations(admin, "390px review summary")));
    if (process.env.DOCS_SHOTS) await admin.screenshot({ path: path.join(process.env.DOCS_SHOTS, "review-summary-390.png"), fullPage: true });
    // On a phone 'Decide' stays at the bottom of the screen and jumps to the bar; at the end of the
    // page nothing lies under it (decision 0106).
    const strip = admin.getByRole("navigation", { name: "Decision shortcut" });
    if (process.env.DOCS_SHOTS) {
      await admin.getByRole("region", { name: "Commissions", exact: true }).scrollIntoViewIfNeeded();
      await admin.screenshot({ path: path.join(process.env.DOCS_SHOTS, "review-decide-strip-390.png") });
    }
    await strip.getByRole("link", { name: "Decide" }).click();
    const inView = () =>
      admin.evaluate(() => {
        const bar = document.getElementById("decide-title")!.getBoundingClientRect();
        const strip = document.querySelector(".decide-strip")!.getBoundingClientRect();
        return bar.top >= 0 && bar.bottom <= strip.top;
      });
    await expect.poll(inView).toBe(true);
    await admin.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const covered = await admin.evaluate(() => {
      const strip = document.querySelector(".decide-strip")!.getBoundingClientRect();
      return Array.from(document.querySelectorAll("#main > *, footer")).some((el) => el.getBoundingClientRect().bottom > strip.top + 1 && !el.contains(document.querySelector(".decide-strip")));
    });
    expect(covered).toBe(false);
    await admin.setViewportSize({ width: 1280, height: 800 });
    expect(summaryA11y).toEqual([]);

    // Without a reason: refused, the message next to the field, what was ticked kept.
    let posts = 0;
    admin.on("request", (r) => {
      if (r.method() === "POST" || r.isNavigationRequest()) posts++;
    });
    await choose(admin, "Return for correction");
    expect(posts).toBe(0);
    // The focus goes to the opened form's title (a keyboard user goes on from there).
    await expect.poll(() => admin.evaluate(() => document.activeElement?.id)).toBe("return-title");
    expect(await admin.getByTestId("decision-bar").getByRole("region").count()).toBe(1);
    const ret = card(admin, "Return for correction");
    await ret.getByLabel("Personal Information").check();
    await ret.getByLabel(/I confirm: return/).check();
    await ret.getByRole("button", { name: "Return for correction" }).click();
    await card(admin, "Return for correction").getByText(M.reasonRequired).waitFor();
    await expect.poll(() => card(admin, "Return for correction").getByLabel("Personal Information").isChecked()).toBe(true);

    const reason = "Your phone number is out of service: please give a number we can reach you at.";
    await card(admin, "Return for correction").getByLabel("Reason").fill(reason);
    await card(admin, "Return for correction").getByLabel(/I confirm: return/).check();
    await card(admin, "Return for correction").getByRole("button", { name: "Return for correction" }).click();
    await admin.waitForURL(`${app.url}/admin/review/${id}?decided=RETURN`);
    await admin.getByTestId("decision-outcome").getByText(M.returned).waitFor();
    await expect.poll(() => admin.getByTestId("application-status").innerText()).toBe("Incomplete");
    await admin.getByTestId("decision-history").getByText(reason).waitFor();

    // ── 3. The prospect sees the reason, fixes and resubmits ──
    await prospectPage.goto(`${app.url}/home`);
    const note = prospectPage.getByTestId(`decision-note-appointment-${id}`);
    await note.getByText(M.returnedTitle).waitFor();
    await note.getByText(reason).waitFor();
    await note.getByText("Personal Information").waitFor();
    await prospectPage.getByRole("link", { name: "Resume Your Appointment" }).click();
    await prospectPage.waitForURL(new RegExp(`/appoint\\?id=${id}`));
    await prospectPage.getByTestId("decision-note").getByText(reason).waitFor();
    const sections = prospectPage.getByRole("navigation", { name: "Application sections" });
    await sections.getByRole("link", { name: /Personal Information.*needs correction/ }).click();
    await prospectPage.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
    await main(prospectPage).getByLabel("Phone Number").fill("5125550199");
    await submit(prospectPage);
    await prospectPage.goto(`${app.url}/home`);
    await prospectPage.getByRole("link", { name: "View Your Pending Appointment" }).waitFor();
    expect(await prospectPage.getByTestId(`decision-note-appointment-${id}`).count()).toBe(0);

    // ── 4. The administrator confirms the applicant's records in place and approves; a second tab's approval is refused ──
    // Issue 36 item 1 (decision 0098): the submission made her Texas licence and E&O certificate
    // records to confirm. The review screen lists them, Approve is disabled and says why.
    await admin.goto(`${app.url}/admin/review/${id}`);
    const panel = admin.getByTestId("licence-panel");
    await panel.getByRole("link", { name: /All licenses and credentials of NPN 19283746/ }).waitFor();
    await admin.getByTestId("licence-problems").getByText(/^License for Texas to confirm/).waitFor();
    await admin.getByTestId("licence-problems").getByText(/^E&O certificate to confirm/).waitFor();
    await admin.getByTestId("decision-bar").getByText(M.approveBlocked).waitFor();
    await choose(admin, "Approve");
    await card(admin, "Approve").getByTestId("approve-blocked").getByText(M.approveBlocked).waitFor();
    expect(await card(admin, "Approve").getByRole("button", { name: "Approve" }).isDisabled()).toBe(true);
    // The screen with the problems and the disabled Approve: axe at 1280 and 390 px, nothing sideways at 390; screenshots for the docs.
    const a11y = [...(await axeViolations(admin, "1280px review screen, records to confirm"))];
    await shot(admin, "review-records-to-confirm-1280");
    await admin.setViewportSize({ width: 390, height: 844 });
    a11y.push(...(await axeViolations(admin, "390px review screen, records to confirm")));
    const wide = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (wide > 1) a11y.push(`390px review screen: the page scrolls sideways by ${wide}px`);
    await shot(admin, "review-records-to-confirm-390");
    await admin.setViewportSize({ width: 1280, height: 800 });

    // Each one confirmed in place: the licence form opens on the review screen with her values; SAVE comes back here.
    await panel.getByRole("link", { name: "Confirm or correct the license for Texas" }).click();
    await admin.waitForURL(new RegExp(`/admin/review/${id}\\?licence=`));
    const licenceForm = admin.getByRole("region", { name: "Change license: Texas" });
    await expect.poll(() => licenceForm.getByLabel("License number").inputValue()).toBe("TX-7766554");
    a11y.push(...(await axeViolations(admin, "1280px review screen, license form open")));
    await shot(admin, "review-confirm-licence-1280");
    await admin.setViewportSize({ width: 390, height: 844 });
    await shot(admin, "review-confirm-licence-390");
    await admin.setViewportSize({ width: 1280, height: 800 });
    expect(a11y).toEqual([]);
    await licenceForm.getByLabel("Life", { exact: true }).check();
    await licenceForm.getByLabel("Accident & Health").check();
    await licenceForm.getByRole("button", { name: "SAVE" }).click();
    await admin.waitForURL(`${app.url}/admin/review/${id}`);
    await expect.poll(() => admin.getByTestId("licence-problems").getByText(/^License for Texas to confirm/).count()).toBe(0);
    await panel.getByRole("link", { name: "Confirm the E&O certificate" }).click();
    const eoForm = admin.getByRole("region", { name: "Change credential: E&O coverage" });
    await eoForm.getByLabel("Policy number").fill("EO-558812");
    await eoForm.getByLabel("Expiry date").fill("2099-06-30");
    await eoForm.getByRole("button", { name: "SAVE" }).click();
    await admin.waitForURL(`${app.url}/admin/review/${id}`);

    const second = await browser.newPage({ javaScriptEnabled: true });
    await signIn(second, app.url, DEMO.admin, DEMO_PASSWORD);
    await second.goto(`${app.url}/admin/review/${id}`);
    await choose(second, "Approve");

    await admin.getByTestId("licence-ok").waitFor();
    await admin.getByTestId("licence-panel").getByRole("cell", { name: "Entered by an administrator" }).waitFor();
    await choose(admin, "Approve");
    const approve = card(admin, "Approve");
    await approve.getByLabel("Reason").fill("License and documents verified.");
    await approve.getByLabel(/I confirm: approve/).check();
    await approve.getByRole("button", { name: "Approve" }).click();
    await admin.waitForURL(`${app.url}/admin/review/${id}?decided=APPROVE`);
    await admin.getByTestId("decision-outcome").waitFor();
    const agentNumber = (await admin.getByTestId("agent-number").innerText()).trim();
    expect(agentNumber).toMatch(/^\S+$/);
    await admin.getByTestId("decision-outcome").getByText(M.approved(agentNumber)).waitFor();
    await expect.poll(() => admin.getByTestId("application-status").innerText()).toBe("Approved");
    expect(await card(admin, "Approve").count()).toBe(0);

    await card(second, "Approve").getByLabel("Reason").fill("Approving as well.");
    await card(second, "Approve").getByLabel(/I confirm: approve/).check();
    const [refusal] = await Promise.all([
      second.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/admin/review/${id}`)),
      card(second, "Approve").getByRole("button", { name: "Approve" }).click(),
    ]);
    expect(refusal.status()).toBe(409);
    await second.getByTestId("decision-refused").getByText(M.alreadyDecidedTitle, { exact: true }).waitFor();
    await second.getByTestId("decision-refused").getByText(/already decided on this application: it is now Approved/).waitFor();
    const decisions = await query<{ decision_code: string }>(db, `SELECT decision_code FROM appointment_decisions WHERE appointment_id = $1 ORDER BY decided_at`, [id]);
    expect(decisions.map((d) => d.decision_code)).toEqual(["RETURN", "APPROVE"]);

    // ── 5. The recruiter's email arrives ──
    const mail = await smtp.mailTo(recruiter!.user_name, /approved/i, 60_000);
    expect(`${mail.parsed.subject} ${mail.parsed.text}`).toContain(account.lastName);

    // ── 6. The new agent signs in and sees the agent number and the hierarchy ──
    await signOut(prospectPage, app.url);
    await signIn(prospectPage, app.url, account.email, account.password);
    await prospectPage.goto(`${app.url}/home`);
    await prospectPage.getByRole("region", { name: "Your Agent Numbers" }).getByText(agentNumber).waitFor();
    await prospectPage.goto(`${app.url}/agents`);
    // The tree: the new agent under the recruiter (their upline).
    const tree = main(prospectPage).locator("li", { hasText: `#${agentNumber}` }).last();
    await tree.getByRole("link", { name: `${account.lastName}, ${account.firstName}`, exact: true }).waitFor();
    await main(prospectPage).getByText(`#${link.agent_number}`).first().waitFor();
    await main(prospectPage).getByText("your upline").first().waitFor();
  }, 420_000);
});
