// Every email in the one layout (issue 36 item 5), as a phone and a desktop mail client show it:
// nothing wider than 390 px (a long confirmation link once made the mail wider than the phone),
// the band with the portal's name, one button for the action inside the screen, the footer saying
// who sent it and why; the text part says the same without the layout. DOCS_SHOTS=<dir> keeps a
// picture of each at both widths (docs/screens/email-*.png).
import path from "node:path";
import { describe, expect, test } from "vitest";
import { userInvitationEmail } from "~/features/agents/user-invitation-email.server";
import { notificationEmailBody } from "~/features/appointment/notification-email.server";
import { alreadyRegisteredEmail, resetEmail, verificationEmail } from "~/features/idp/account-emails.server";
import { monitorEmailBody } from "~/features/licences/monitor-email.server";
import { approvedAccountEmail } from "~/features/review/approved-account-email.server";
import { serviceRequestReplyEmail } from "~/features/service-requests/svcreq-email.server";
import { webhookDisabledEmail } from "~/features/webhooks/disabled-email.server";
import { INVITATION_ACTION_LABEL, withActionButton } from "~/features/invitations/merge-html.server";
import { mergeValues, placeholderName, renderMergeFields } from "~/features/invitations/merge.server";
import { emailText, htmlEmailDocument, type RenderedEmail } from "~/lib/email.server";
import { sanitizeRichHtml } from "~/lib/html.server";
import { DEFAULT_INVITATION, TEMPLATE_FIELDS } from "../../prisma/seed/reference-data";
import { browserFixture } from "../support/browser";

const browser = browserFixture();
const LONG = `https://portal.example.com/email/verify/${"Zx9-Qw_".repeat(12)}`;

// The default template merged as renderInvitation does, then the action button as the send job makes it.
const invitationLink = `https://portal.example.com/MLT${"Q7wZ".repeat(6)}?email=ada.lovelace-with-a-long-address%40example.com`;
const invitationValues = mergeValues({
  prospect: { firstName: "Ada", lastName: "Lovelace" },
  recruiter: { firstName: "Rita", lastName: "Recruiter", agentNumber: "A1001", email: "rita@example.com", phone: "5555550100", businessName: "Whitfield Marketing Group LLC", businessAddress1: "1850 Founders Way", businessCity: "Hartford", businessStateCode: "CT", businessZipCode: "06103" },
  companyName: "Heritage Mutual Life & Health",
  linkUrl: invitationLink,
  lines: [
    { carrierName: "Heritage Mutual Life & Health", productType: "Health (Advantage)", levelNo: 9, levelName: "Agent", scheduleName: "Advantage 2026", documentUrl: "https://portal.example.com/view/doc-1" },
    { carrierName: "Heritage Mutual Life & Health", productType: "Life", levelNo: 9, levelName: "Agent", scheduleName: "Life 2026", documentUrl: null },
  ],
});
const knownFields = new Set(TEMPLATE_FIELDS.map((f) => placeholderName(f.placeholder)));
const invitationBody = sanitizeRichHtml(renderMergeFields(DEFAULT_INVITATION.html, invitationValues, knownFields), { baseUrl: "https://portal.example.com" });
const invitationHtml = htmlEmailDocument(
  "Your invitation to join Whitfield Marketing Group LLC with Heritage Mutual Life & Health",
  withActionButton(invitationBody, "https://portal.example.com"),
  "Rita Recruiter invited this address to apply for an appointment; if you did not expect it, you can ignore it",
);

const EMAILS: Array<[name: string, mail: RenderedEmail, button: string | null]> = [
  ["confirmation", verificationEmail(LONG, 24), "Confirm my email address"],
  ["reset", resetEmail("Ada", LONG, 30), "Choose a new password"],
  ["already-registered", alreadyRegisteredEmail("Ada", LONG), "Choose a new password"],
  ["invite-user", userInvitationEmail({ link: LONG, agentName: "Lovelace, Ada", agentNumber: "100071", inviterName: "Rita Recruiter" }), "Open the Appointment Portal"],
  ["approved-account", approvedAccountEmail({ name: "Ada Lovelace", agentNumber: "100071", link: LONG }), "Create your portal account"],
  [
    "approved",
    notificationEmailBody({
      subject: "Your appointment application was approved",
      intro: "Your appointment application was approved. Welcome aboard!",
      facts: [["Agent", "Ada Lovelace"], ["Appointment type", "Individual"], ["Appointment", "MIAC Health — Level 9 Agent"], ["Started", "12/01/2026"], ["Submitted", "12/02/2026"], ["Agent number", "100071"]],
      url: "https://portal.example.com/home",
      linkLabel: "Open the portal",
      next: ["Sign in to the portal with this email address: your home page now shows your agent tools.", "Keep your licenses, E&O coverage and AML training up to date."],
      preferencesNote: false,
    }),
    "Open the portal",
  ],
  ["licence-monitor", monitorEmailBody({ subject: "A license expires soon", intro: ["The licenses and credentials below expire soon or have expired."], facts: [["Texas resident license", "Expires on 12/31/2026 (in 30 days or less)"]], url: "https://portal.example.com/licences/1234567" }), "Open the portal"],
  ["service-request-reply", serviceRequestReplyEmail({ subject: "Re: Contact Us (#7)", greeting: "Hello Ada,", replyText: "Your level change is done.", about: "About your request #7 of 11/27/2026 (Level change).", contactUrl: "https://portal.example.com/svcreq" }), null],
  ["webhook-disabled", webhookDisabledEmail({ url: LONG, description: "Commissions system", reason: "Every delivery failed for 3 days", screen: "https://portal.example.com/admin/webhooks/e1" }), "Open the endpoint"],
  ["invitation", { subject: "Your invitation", html: invitationHtml, text: emailText(invitationHtml) }, INVITATION_ACTION_LABEL],
];

describe("emails in the one layout", () => {
  for (const width of [390, 1280]) {
    test(`${width} px: nothing wider than the screen; the band, one button in view, the footer`, async () => {
      const page = await browser.newPage({ javaScriptEnabled: false });
      await page.setViewportSize({ width, height: 900 });
      for (const [name, mail, button] of EMAILS) {
        await page.setContent(mail.html);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide, `${name} at ${width} px`).toBeLessThanOrEqual(width);
        await expect.poll(() => page.locator("td.email-brand").innerText()).toContain("Appointment Portal");
        expect(await page.locator(".email-footer").innerText(), name).toMatch(/^Sent by the Appointment Portal \(.+\) because .+\.$/);
        if (button) {
          const a = page.getByRole("link", { name: button, exact: true });
          expect(await a.count(), `${name}: one '${button}'`).toBe(1);
          const box = (await a.boundingBox())!;
          expect(box.x + box.width, `${name}: the button inside ${width} px`).toBeLessThanOrEqual(width);
          expect(box.height, `${name}: a button a thumb can press`).toBeGreaterThanOrEqual(40);
          expect(mail.text, name).toContain(`${button} (`);
          // Only the address beneath breaks anywhere: no word of the sentence before it is cut ('int o').
          const cut = await page.locator(".email-fallback").evaluate((p) => {
            const words: string[] = [];
            const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              if (n.parentElement?.closest("a")) continue;
              for (const m of n.textContent!.matchAll(/\S+/g)) {
                const r = document.createRange();
                r.setStart(n, m.index!);
                r.setEnd(n, m.index! + m[0].length);
                if (new Set(Array.from(r.getClientRects()).map((b) => Math.round(b.top))).size > 1) words.push(m[0]);
              }
            }
            return words;
          });
          expect(cut, `${name} at ${width} px: words cut across lines`).toEqual([]);
        }
        expect(mail.text, name).not.toMatch(/✓|If the button does not work/);
        expect(mail.text, name).toMatch(/Sent by the Appointment Portal \(.+\) because .+\.$/);
        const shots = process.env.DOCS_SHOTS;
        if (shots) await page.screenshot({ path: path.join(shots, `email-${name}-${width}.png`), fullPage: true });
      }
    });
  }

  test("the invitation: [[AppointmentLink]] standing alone is the button, the address beneath; 'label (address)' in the text part", () => {
    expect(invitationHtml).toContain(`>${INVITATION_ACTION_LABEL}</a>`);
    expect(invitationHtml).toContain(`If the button does not work, copy this address into your browser: <a href="${invitationLink.replace(/&/g, "&amp;")}"`);
    const text = emailText(invitationHtml);
    expect(text).toContain(`${INVITATION_ACTION_LABEL} (${invitationLink})`);
    expect(text.split(invitationLink)).toHaveLength(2);
  });
});
