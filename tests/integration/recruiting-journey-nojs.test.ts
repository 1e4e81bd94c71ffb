// The recruiting journey end to end as browsers without JavaScript go through it (spec part 1 §2,
// §4, §5, §8; decisions 0018, 0020, 0021), with the form driver (tests/support/form-driver.ts:
// what Chromium with JavaScript off sends, tests/e2e/form-driver.test.ts; moved off Chromium,
// issue 35 item 2, docs/testing.md), on an app of its own whose mail goes to a real SMTP server
// started here (smtp-server on loopback, parsed with mailparser):
//  1. the demo marketing director puts a base schedule's level in the cart
//     (its sibling comes along: two links), sends the cart, lands on
//     /invite?links=MLT…, fills in the prospect, confirms and sends; 'Sent!'
//     on /invites, which lists the invitation as Invited;
//  2. the invitation arrives: the prospect's name merged, the MLT link absolute
//     to the app's URL;
//  3. a new prospect follows the emailed link, signs up at the built-in
//     provider, confirms the email (that mail arrives here too), continues to
//     the portal and lands in the wizard for the multi-link, whose step 2 lists
//     the cart's two levels; starting the application marks the invitation
//     ACCEPTED (decision 0021), which the recruiter's /invites shows;
//  4. a second new prospect follows a plain appointment link (/APL…) of the
//     same recruiter, signs up and lands in the wizard for that link too.
import { describe, expect, test } from "vitest";
import { INVITATION_STATUS_LABELS, SENT } from "~/features/invitations/messages";
import { visitorSignIn } from "../support/app-sign-in";
import { DEMO, newAccount } from "../support/browser";
import { Visitor, type Page } from "../support/form-driver";
import { sendInvitation, signUpThroughLink, wizardFromFirstStep } from "../support/journey-nojs";
import { query } from "../support/mailbox";
import { portalWithSmtpForFile } from "../support/smtp-sink";

const portal = portalWithSmtpForFile();

/** The director's own MIAC health hierarchy (agent 100001, company MI01, block 72). */
const HIERARCHY = { agentNumber: "100001", companyNumber: "MI01", blockNumber: 72 };
const CART_LEVEL = 5;
const PLAIN_LEVEL = 6;

/** The invitation list's row (its cells' texts) for `email`, or undefined. */
const invitationRow = (page: Page, email: string) => page.rows().find((cells) => cells.some((c) => c.includes(email)));

/** The level names of the director's links (level number → name) of a schedule in the hierarchy. */
async function levelName(scheduleName: string, levelNo: number): Promise<string> {
  const [row] = await query<{ level_name: string }>(
    portal.app.databaseUrl!,
    `SELECT sl.level_name FROM schedule_levels sl JOIN commission_schedules s ON s.schedule_id = sl.schedule_id
      WHERE s.schedule_name = $1 AND sl.level_no = $2`,
    [scheduleName, levelNo],
  );
  expect(row, `${scheduleName} level ${levelNo}`).toBeDefined();
  return row!.level_name;
}

/** The director's plain appointment links (APL, MIAC Health Advantage at PLAIN_LEVEL) with who the welcome page names: the owner and the agency. */
function plainLinks(db: string) {
  return query<{ link: string; first_name: string; last_name: string; agency: string }>(
    db,
    `SELECT l.link_prefix || l.code AS link, a.first_name, a.last_name, COALESCE(NULLIF(a.business_name, ''), NULLIF(a.company_name, ''), c.name) AS agency
       FROM appointment_links l
       JOIN agents a ON a.id = l.recruiter_agent_id
       JOIN companies c ON c.company_number = a.company_number
       JOIN users u ON u.id = a.user_id
       JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
       JOIN commission_schedules s ON s.schedule_id = sl.schedule_id
      WHERE u.user_name = $1 AND a.agent_number = $2 AND a.company_number = $3 AND a.block_number = $4
        AND s.schedule_name = 'MIAC Health Advantage' AND sl.level_no = $5
        AND l.link_prefix = 'APL' AND l.is_enabled AND NOT l.is_deleted`,
    [DEMO.marketingDirector, HIERARCHY.agentNumber, HIERARCHY.companyNumber, HIERARCHY.blockNumber, PLAIN_LEVEL],
  );
}

describe("recruiting journey without JavaScript", () => {
  test("cart → invitation by email → a new prospect signs up and starts the application; a plain link reaches the wizard too", async () => {
    const db = portal.app.databaseUrl!;

    // ── 1. The recruiter builds a cart and sends it as an invitation ──
    const { visitor: recruiter } = await visitorSignIn(portal.app, DEMO.marketingDirector);
    let page = await recruiter.get(`${portal.app.url}/linx`);
    expect(page.headings(1)).toContain("Appointment Links");
    // Choose the health hierarchy with the dropdown (a GET form without JavaScript).
    page = await page
      .form("Show links")
      .select("Your agent number", `${HIERARCHY.agentNumber}|${HIERARCHY.companyNumber}|${HIERARCHY.blockNumber}`)
      .submit("Show links");
    expect(page.url).toMatch(new RegExp(`blockNumber=${HIERARCHY.blockNumber}`));
    expect(page.shows("into your downline")).toBe(true);
    page = await page.within("region", "Levels of MIAC Health Advantage").click(new RegExp(`^Add to cart\\W+level ${CART_LEVEL} `));
    // The cart's confirmation: without JavaScript it stays on the page as a status line.
    expect(page.banners()).toContain("2 links added to your cart.");

    page = await page.follow(/^Begin appointment/);
    expect(page.url).toMatch(/\/cartlinks$/);
    expect(page.within("region", "Links in your cart").rows().slice(1)).toHaveLength(2);
    page = await page.form("Continue").check("Send the links to the prospect").submit("Continue");
    expect(page.url).toMatch(/\/invite\?links=MLT/);
    const multiLink = page.searchParams.get("links")!;
    expect(page.headings()).toContain("Send a Recruitment Invitation");

    const prospect = newAccount({ firstName: "Jonas", lastName: "Journey" });
    page = await sendInvitation(page, prospect);
    expect(page.url).toMatch(/\/invites\?sent=1/);
    expect(page.shows(SENT.title)).toBe(true);
    expect(page.shows(SENT.message)).toBe(true);
    // 'Sending' while its email is queued (issue 19 item 4), 'Invited' once the job has run: either, at this moment.
    const statusCell = new RegExp(`^(${INVITATION_STATUS_LABELS.SENDING}|${INVITATION_STATUS_LABELS.INVITED})$`);
    expect(invitationRow(page, prospect.email)?.some((c) => statusCell.test(c))).toBe(true);

    const [invitation] = await query<{ invitation_id: number; multi_link_id: number; status: string }>(
      db,
      `SELECT i.invitation_id, i.multi_link_id, i.status FROM invitations i JOIN multi_links m ON m.multi_link_id = i.multi_link_id
        WHERE i.prospect_email_address = $1 AND m.code = $2`,
      [prospect.email.toLowerCase(), multiLink.slice(3)],
    );
    expect(invitation?.status).toBe("INVITED");

    // ── 2. The email arrives at our SMTP server ──
    const mail = await portal.smtp.mailTo(prospect.email);
    expect(mail.to).toEqual(expect.arrayContaining([prospect.email.toLowerCase(), DEMO.marketingDirector]));
    expect(mail.parsed.html).toContain(`Dear ${prospect.firstName} ${prospect.lastName},`);
    expect(mail.parsed.text).toContain(`Dear ${prospect.firstName} ${prospect.lastName},`);
    const emailedLink = [...String(mail.parsed.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]).find((h) => h.includes("/MLT"));
    // The invited address rides along, to prefill sign-up (decision 0096).
    expect(emailedLink).toBe(`${portal.app.url}/${multiLink}?email=${encodeURIComponent(prospect.email.toLowerCase())}`);
    expect(mail.parsed.text).toContain(emailedLink);
    // Mailed: the list says so (reloaded as a person would: the job records the send just after it).
    const deadline = Date.now() + 30_000;
    for (;;) {
      page = await recruiter.get(`${portal.app.url}/invites`);
      if (invitationRow(page, prospect.email)?.includes(INVITATION_STATUS_LABELS.INVITED)) break;
      if (Date.now() > deadline) throw new Error(`/invites did not show '${INVITATION_STATUS_LABELS.INVITED}' for ${prospect.email} within 30 s`);
      await new Promise((r) => setTimeout(r, 500));
    }

    // ── 3. The new prospect follows the emailed link, signs up, confirms, lands in the wizard ──
    const levels = {
      advantage: await levelName("MIAC Health Advantage", CART_LEVEL),
      supplemental: await levelName("MIAC Health Supplemental", CART_LEVEL),
    };
    const { page: home } = await signUpThroughLink(portal, emailedLink!, prospect);
    // The link was carried through sign-up (decision 0018): the dashboard, with one entry for this invitation.
    expect(home.pathname).toBe("/home");
    const first = await home.follow("Complete Your Appointment");
    expect(first.url).toMatch(/\/wizard\?/);
    expect(first.searchParams.get("link")).toBe(multiLink);
    expect(first.headings().some((h) => /before you start/i.test(h))).toBe(true);
    // Claimed at sign-in with the verified email, not yet accepted.
    const [claimed] = await query<{ status: string; prospect_user_id: string | null }>(
      db,
      `SELECT status, prospect_user_id FROM invitations WHERE invitation_id = $1`,
      [invitation!.invitation_id],
    );
    expect(claimed).toMatchObject({ status: "INVITED" });
    expect(claimed!.prospect_user_id).not.toBeNull();

    const { id: appointmentId } = await wizardFromFirstStep(first, /^Individual —/, (step) => {
      expect(step.all(".wizard__lines li").map((li) => li.text())).toEqual([
        `MIAC Health Advantage — Level ${CART_LEVEL} ${levels.advantage}`,
        `MIAC Health Supplemental — Level ${CART_LEVEL} ${levels.supplemental}`,
      ]);
    });
    const [appt] = await query<{ multi_link_id: number | null; invitation_id: number | null; prospect_email_address: string }>(
      db,
      `SELECT multi_link_id, invitation_id, prospect_email_address FROM appointments WHERE appointment_id = $1`,
      [appointmentId],
    );
    expect(appt).toEqual({ multi_link_id: invitation!.multi_link_id, invitation_id: invitation!.invitation_id, prospect_email_address: prospect.email.toLowerCase() });

    // Starting the application accepted the invitation: the recruiter sees it.
    page = await recruiter.get(`${portal.app.url}/invites`);
    expect(invitationRow(page, prospect.email)).toContain(INVITATION_STATUS_LABELS.ACCEPTED);

    // ── 4. A second new prospect signs up through a plain appointment link of the same recruiter ──
    const [plain] = await plainLinks(db);
    expect(plain?.link).toMatch(/^APL[A-HJ-NP-Z2-9]{20}$/);
    const other = newAccount({ firstName: "Priya", lastName: "Plainlink" });
    const { page: secondHome } = await signUpThroughLink(portal, `${portal.app.url}/${plain!.link}`, other);
    expect(secondHome.pathname).toBe("/home");
    const second = await secondHome.follow("Complete Your Appointment");
    expect(second.url).toMatch(/\/wizard\?/);
    expect(second.searchParams.get("link")).toBe(plain!.link);
    expect(second.headings().some((h) => /before you start/i.test(h))).toBe(true);
    const plainLevel = await levelName("MIAC Health Advantage", PLAIN_LEVEL);
    const { id: secondId } = await wizardFromFirstStep(second, /^Individual —/, (step) => {
      // An element reading exactly 'Level 6' (getByText exact).
      expect(step.all("*").some((el) => el.text() === `Level ${PLAIN_LEVEL}`)).toBe(true);
      const position = step.all("p").find((p) => p.text().includes("Position:"));
      expect(position?.text()).toContain(`Level ${PLAIN_LEVEL} ${plainLevel}`);
    });
    const [secondAppt] = await query<{ link: string; invitation_id: number | null }>(
      db,
      `SELECT l.link_prefix || l.code AS link, a.invitation_id FROM appointments a JOIN appointment_links l ON l.appointment_link_id = a.appointment_link_id
        WHERE a.appointment_id = $1`,
      [secondId],
    );
    expect(secondAppt).toEqual({ link: plain!.link, invitation_id: null });

    // No invitation was sent to the second prospect: the recruiter's list has no row for them.
    page = await recruiter.get(`${portal.app.url}/invites`);
    expect(invitationRow(page, prospect.email)).toBeDefined();
    expect(invitationRow(page, other.email)).toBeUndefined();
  }, 240_000);

  test("an invited prospect with no middle name: the landing names the recruiter, sign-up is prefilled, the confirmation leads back to the invitation on another device and says so when reopened", async () => {
    const db = portal.app.databaseUrl!;
    // The director's plain appointment link and who the welcome page must name (the link's owner and agency).
    const [link] = await plainLinks(db);
    expect(link?.link).toMatch(/^APL/);

    // The recruiter sends the link to a prospect who has no middle name.
    const { visitor: recruiter } = await visitorSignIn(portal.app, DEMO.marketingDirector);
    const prospect = { ...newAccount({ firstName: "Noor", lastName: "Nomiddle" }), middleName: "" };
    let page = await recruiter.get(`${portal.app.url}/invite?link=${link!.link}`);
    page = await sendInvitation(page, prospect);
    expect(page.url).toMatch(/\/invites\?sent=1/);
    const mail = await portal.smtp.mailTo(prospect.email);
    const emailedLink = [...String(mail.parsed.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]).find((h) => h.includes(`/${link!.link}`))!;

    // ── The landing names who invites and offers both ways in ──
    const device = new Visitor();
    const welcome = await device.get(emailedLink);
    const hero = welcome.within("region", /^Welcome to the/);
    expect(hero.shows(`${link!.first_name} ${link!.last_name} of ${link!.agency} has invited you to apply for an appointment`), hero.text()).toBe(true);
    expect(hero.shows(`Level ${PLAIN_LEVEL}`)).toBe(true);
    expect(hero.link("I already have an account")).toMatch(/\/auth\/login\?/);

    // 'I already have an account': the provider's sign-in, the invited address in it.
    const signIn = await welcome.follow("I already have an account");
    expect(signIn.headings(1)).toContain("Sign in");
    expect(signIn.form(/^sign in$/i).value(/^email/i)).toBe(prospect.email.toLowerCase());

    // 'Create an account': the built-in provider's sign-up directly, the invited address already in Email.
    let signUp = await welcome.follow("NEXT: Create an account");
    expect(signUp.headings(1)).toContain("Create your account");
    expect(signUp.form(/create/i).value(/^email/i)).toBe(prospect.email.toLowerCase());
    // A middle name is asked for; 'I have no middle name' answers it, without inventing a letter.
    signUp = await signUp
      .form(/create/i)
      .fill(/^password/i, prospect.password)
      .fill(/confirm password/i, prospect.password)
      .fill(/first name/i, prospect.firstName)
      .fill(/last name/i, prospect.lastName)
      .fill(/phone/i, prospect.phone)
      .submit(/create/i);
    expect(signUp.status).toBe(400);
    expect(signUp.fieldError(/^middle name/i)).toBe("Enter your middle name or initial, or tick 'I have no middle name'");
    expect(signUp.form(/create/i).value(/^email/i)).toBe(prospect.email.toLowerCase());
    signUp = await signUp
      .form(/create/i)
      .fill(/^password/i, prospect.password)
      .fill(/confirm password/i, prospect.password)
      .check("I have no middle name")
      .submit(/create/i);
    expect(signUp.headings()).toContain("Check your email");

    // ── The mail is opened on another device, later: the confirmation leads back to the invitation ──
    const confirmation = await portal.smtp.verificationLink(prospect.email);
    const phone = new Visitor();
    page = await phone.get(confirmation);
    page = await page.form("Sign in and confirm").fill("Password", prospect.password).submit("Sign in and confirm");
    expect(page.form("Save and continue").value(/^middle name/i)).toBe("");
    page = await page.form("Save and continue").submit("Save and continue");
    expect(page.url.startsWith(portal.app.url), page.url).toBe(true);
    expect(page.pathname).toBe("/home");
    const entry = await page.follow("Complete Your Appointment");
    expect(entry.searchParams.get("link")).toBe(link!.link);
    const [account] = await query<{ middle_name: string | null }>(db, `SELECT middle_name FROM idp_accounts WHERE email = $1`, [prospect.email.toLowerCase()]);
    expect(account?.middle_name).toBeNull();

    // Reopened, the link says the address is confirmed and offers sign-in (not 'Link expired').
    const reopened = await new Visitor().get(confirmation);
    expect(reopened.status).toBe(200);
    expect(reopened.headings(1)).toContain("Email address already confirmed");
    expect(reopened.headings(1)).not.toContain("Link expired");
    const signInAgain = await reopened.follow("Sign in");
    expect(signInAgain.url.startsWith(portal.app.idpUrl), signInAgain.url).toBe(true);

    // The application can be started, and the portal's profile saved, with no middle name.
    const { id: appointmentId } = await wizardFromFirstStep(entry, /^Individual —/);
    expect(appointmentId).toBeGreaterThan(0);
    page = await phone.get(`${portal.app.url}/profile`);
    expect(page.status, page.text().slice(0, 500)).toBe(200);
    page = await page.form("SAVE").submit("SAVE");
    expect(page.banners().join(" "), page.text().slice(0, 400)).toContain("Successfully Updated!");
    const [user] = await query<{ middle_name: string | null }>(db, `SELECT middle_name FROM users WHERE user_name = $1`, [prospect.email.toLowerCase()]);
    expect(user?.middle_name ?? "").toBe("");
  }, 240_000);
});
