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
import { emailText, htmlEmailDocument, type RenderedEmail } from "~/lib/email.server";
import { browserFixture } from "../support/browser";

const browser = browserFixture();
const LONG = `https://portal.example.com/email/verify/${"Zx9-Qw_".repeat(12)}`;

const invitationHtml = htmlEmailDocument(
  "Your invitation to join MIAC",
  `<p>Hello Ada,</p><p>Rita Recruiter invites you to be appointed with MIAC Health. Start your application here:</p><p><a href="${LONG}">${LONG}</a></p><p>Kind regards,<br>Rita</p>`,
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
  ["invitation", { subject: "Your invitation to join MIAC", html: invitationHtml, text: emailText(invitationHtml) }, null],
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
        }
        expect(mail.text, name).not.toMatch(/✓|If the button does not work/);
        expect(mail.text, name).toMatch(/Sent by the Appointment Portal \(.+\) because .+\.$/);
        const shots = process.env.DOCS_SHOTS;
        if (shots) await page.screenshot({ path: path.join(shots, `email-${name}-${width}.png`), fullPage: true });
      }
    });
  }
});
