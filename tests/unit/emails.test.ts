// Every email and plain page is written by React (decision 0057): what
// someone typed (a name, a request, a reason) comes out escaped in the HTML,
// and plain, with its words, in the text part html-to-text derives from it.
import { describe, expect, it } from "vitest";
import { userInvitationEmail } from "~/features/agents/user-invitation-email.server";
import { notificationEmailBody } from "~/features/appointment/notification-email.server";
import { downloadProblemHtml } from "~/features/documents/download-problem-page.server";
import { alreadyRegisteredEmail, resetEmail, verificationEmail } from "~/features/idp/account-emails.server";
import { approvedAccountEmail } from "~/features/review/approved-account-email.server";
import { serviceRequestEmail, serviceRequestReplyEmail } from "~/features/service-requests/svcreq-email.server";
import { webhookDisabledEmail } from "~/features/webhooks/disabled-email.server";
import { htmlEmailDocument, htmlEmailText, htmlToText } from "~/lib/email.server";
import { extractLinks } from "~/lib/mail.server";
import { refusalPageHtml } from "~/lib/refusal-page.server";

const EVIL = `Ann "A" O'Neil <script>alert(1)</script> & Co`;
const EVIL_HTML = "Ann &quot;A&quot; O&#x27;Neil &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co";
const LINK = `https://portal.test/EXTABC?x="1"&y=<2>`;

/** What an attacker's value must never become in HTML: markup or a broken attribute. */
function expectInert(html: string) {
  expect(html).not.toContain("<script>");
  expect(html).not.toContain(`"A"`);
  expect(html).not.toContain(`x="1"`);
}

describe("emails: typed values escaped in the HTML, plain in the text part", () => {
  it("the provider's emails (verification, already registered, reset)", () => {
    for (const mail of [alreadyRegisteredEmail(EVIL, LINK), resetEmail(EVIL, LINK, 30)]) {
      expect(mail.html).toContain(`<p>Hello ${EVIL_HTML},</p>`);
      expectInert(mail.html);
      expect(mail.html).toContain(`<a href="https://portal.test/EXTABC?x=&quot;1&quot;&amp;y=&lt;2&gt;" style=`);
      expect(mail.text).toContain(`Hello ${EVIL},`);
      expect(mail.text).toContain(LINK);
      expect(mail.text.split(LINK)).toHaveLength(2); // the address once, not "link (link)"
    }
    expect(verificationEmail(LINK, 24).html).toContain(`<a href="https://portal.test/EXTABC?x=&quot;1&quot;&amp;y=&lt;2&gt;" style=`);
    // The confirmation greets nobody by name: whoever signed up typed it (decision 0081).
    const v = verificationEmail("https://portal.test/email/verify/t0k", 24);
    expect(v.subject).toBe("Confirm your Appointment Portal email address");
    expect(v.text).toBe(
      "Hello,\n\n" +
        "Someone signed up for an Appointment Portal account with this email address. If it was you, open this link within 24 hours and confirm there that the address is yours.\n\n" +
        "Confirm my email address (https://portal.test/email/verify/t0k)\n\n" +
        "Until the address is confirmed, the portal does not show the invitations and applications sent to it. If this was not you, you can ignore this email: the account opens nothing in the portal until the address is confirmed. If you want the account yourself, open the link and choose your own password there.\n\n" +
        "Sent by the Appointment Portal (http://localhost:3000) because someone signed up with this email address.",
    );
    // One layout (issue 36 item 5): the brand band, one button, the address beneath it, the footer.
    expect(v.html).toContain('<td class="email-brand"');
    expect(v.html.match(/display:inline-block;background:#0b6e67/g)).toHaveLength(1);
    expect(v.html).toContain('<p class="email-fallback"');
    expect(v.html).toContain("max-width:600px");
    expect(resetEmail("Ada", LINK, 30).text).toContain("open this link within 30 minutes.\n\nChoose a new password (");
  });

  it("the administrators' 'webhook endpoint disabled' email: the description an administrator typed, escaped", () => {
    const mail = webhookDisabledEmail({ url: LINK, description: EVIL, reason: "Every delivery failed for 3 days", screen: "https://portal.test/admin/webhooks/e1" });
    expect(mail.subject).toBe("Webhook endpoint disabled after 3 days of failures");
    expect(mail.html).toContain(EVIL_HTML);
    expectInert(mail.html);
    expect(mail.html).toContain(`<a href="https://portal.test/admin/webhooks/e1" style=`);
    expect(mail.text).toContain(EVIL);
    expect(mail.text).toContain(LINK);
    expect(mail.text).toContain("https://portal.test/admin/webhooks/e1");
  });

  it("the Invite User email", () => {
    const mail = userInvitationEmail({ link: LINK, agentName: EVIL, agentNumber: "A<1>", inviterName: "Rita & Co" });
    expect(mail.subject).toBe("You are invited to the Appointment Portal");
    expect(mail.html).toContain(`invited you to the Appointment Portal as agent ${EVIL_HTML} (agent number A&lt;1&gt;)`);
    expect(mail.html).toContain("<p>Rita &amp; Co invited you");
    expectInert(mail.html);
    expect(mail.text).toContain(`Rita & Co invited you to the Appointment Portal as agent ${EVIL} (agent number A<1>).`);
    expect(mail.text).toContain(`\nOpen the Appointment Portal (${LINK})\n`);
  });

  it("the approved prospect's account email: a name with $ patterns stays the name", () => {
    const mail = approvedAccountEmail({ name: `Pat $' $& <b>Lee</b>`, agentNumber: "A12345", link: LINK });
    expect(mail.subject).toBe("Your appointment was approved: create your portal account");
    expect(mail.text).toContain("Congratulations Pat $' $& <b>Lee</b>: your appointment application was approved. Your agent number is A12345.");
    expect(mail.html).toContain("Congratulations Pat $&#x27; $&amp; &lt;b&gt;Lee&lt;/b&gt;: your appointment");
    expectInert(mail.html);
  });

  it("Contact Us: the request and the reply keep the typed line breaks", () => {
    const typed = `Line <one> & "two"\r\nLine three\n\nLine five`;
    const request = serviceRequestEmail({ subject: "Contact Us: Other (#7)", facts: ["Service request #7", `Requester: ${EVIL} <a@b.test>`], requestText: typed });
    expect(request.html).toContain("Service request #7<br/>Requester: Ann &quot;A&quot;");
    expect(request.html).toContain("&lt;a@b.test&gt;");
    expect(request.html).toContain("Line &lt;one&gt; &amp; &quot;two&quot;<br/>Line three<br/><br/>Line five");
    expectInert(request.html);
    expect(request.text).toBe(
      `Service request #7\nRequester: ${EVIL} <a@b.test>\n\nLine <one> & "two"\nLine three\n\nLine five\n\n` +
        "Sent by the Appointment Portal (http://localhost:3000) because this address receives the portal's service requests.",
    );

    const reply = serviceRequestReplyEmail({
      subject: "Re: Contact Us: Other (#7)",
      greeting: `Hello ${EVIL},`,
      replyText: typed,
      about: "About your request #7 of 11/27/2026 (Other).",
      contactUrl: "https://portal.test/svcreq",
    });
    expect(reply.html).toContain(`<p>Hello ${EVIL_HTML},</p>`);
    expectInert(reply.html);
    expect(reply.text).toBe(
      `Hello ${EVIL},\n\nLine <one> & "two"\nLine three\n\nLine five\n\n` +
        "About your request #7 of 11/27/2026 (Other).\nTo write to us again, use Contact Us (https://portal.test/svcreq).\n\n" +
        "Sent by the Appointment Portal (http://localhost:3000) because you wrote to us through Contact Us.",
    );
  });

  it("an appointment notification: the facts as a table, the reason escaped", () => {
    const mail = notificationEmailBody({
      subject: "Application returned: Pat",
      intro: `The appointment application of ${EVIL}, whom you recruited, was returned.`,
      facts: [
        ["Prospect", EVIL],
        ["Reason", `Upload the E&O "certificate" <now>`],
      ],
      url: "https://portal.test/appoint?id=5&x=1",
      linkLabel: "Open the application",
      preferencesNote: true,
    });
    expect(mail.html).toContain(`<td><strong>Prospect</strong></td><td>${EVIL_HTML}</td>`);
    expect(mail.html).toContain("Upload the E&amp;O &quot;certificate&quot; &lt;now&gt;");
    expect(mail.html).toMatch(/<a href="https:\/\/portal.test\/appoint\?id=5&amp;x=1" style="display:inline-block;background:#0b6e67[^"]*">Open the application<\/a>/);
    expectInert(mail.html);
    expect(mail.text).toContain(`Prospect   ${EVIL}`);
    expect(mail.text).toContain(`Reason     Upload the E&O "certificate" <now>`);
    expect(mail.text).toContain("Open the application (https://portal.test/appoint?id=5&x=1)");
    expect(mail.text).toContain("change them under Communication Preferences in the portal.");
  });

  it("the invitation's stored HTML goes into the layout as it is, its subject escaped", () => {
    const html = htmlEmailDocument(`Hi <b>${EVIL}`, "<p><strong>Join</strong> &amp; go</p>", "Rita invited this address");
    expect(html).toMatch(/^<!doctype html><html lang="en"><head><meta charSet="utf-8"\/><meta name="viewport"[^>]*\/><title>Hi &lt;b&gt;Ann/);
    expect(html).toContain('<td class="email-content" style="padding:24px;overflow-wrap:anywhere;word-break:break-word"><p><strong>Join</strong> &amp; go</p></td>');
    expectInert(html);
    expect(htmlEmailText("<p><strong>Join</strong> &amp; go</p>", "Rita invited this address")).toBe(
      "Join & go\n\nSent by the Appointment Portal (http://localhost:3000) because Rita invited this address.",
    );
  });
});

describe("html → text (html-to-text)", () => {
  it("keeps headings, line breaks, lists, link targets and no markup or script", () => {
    expect(htmlToText("<h1>Welcome</h1><p>Line one<br>Line two &amp; more</p><ul><li>First</li><li>Second</li></ul><script>x()</script>")).toBe(
      "Welcome\n\nLine one\nLine two & more\n\n- First\n- Second",
    );
    expect(htmlToText('<p>Write to <a href="mailto:help@portal.test">help@portal.test</a> or <a href="https://x.test/a?b=1&amp;c=2">here</a></p>')).toBe(
      "Write to help@portal.test or here (https://x.test/a?b=1&c=2)",
    );
    expect(htmlToText("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe("<script>alert(1)</script>");
  });

  it("lists a message's links decoded, for the dev mailbox", () => {
    expect(extractLinks('<a href="https://x.test/a?b=1&amp;c=2">x</a><a href=\'mailto:a@b.test\'>m</a><a href="javascript:x()">j</a>', "also https://y.test/z")).toEqual([
      "https://x.test/a?b=1&c=2",
      "mailto:a@b.test",
      "https://y.test/z",
    ]);
  });
});

describe("plain pages (refusal, download problem)", () => {
  it("escape their words and lead back", () => {
    const refusal = refusalPageHtml({ title: "Access Denied", message: "No <b>entry</b> & more", status: 403, appTitle: `Portal "X"` });
    expect(refusal).toContain("<title>Access Denied : Portal &quot;X&quot;</title>");
    expect(refusal).toContain("<h1>Access Denied</h1><p>No &lt;b&gt;entry&lt;/b&gt; &amp; more</p>");
    expect(refusal).toContain('<a href="/home">Back to the portal</a>');
    expect(refusal).toContain("Error 403");

    const page = downloadProblemHtml({ title: "Download Error", lead: null, message: `File "x" <empty> & gone`, back: { href: "/appoint?id=1&section=DOCS", label: "Back to the application" } });
    expect(page).toContain("<h1>Download Error</h1><p>File &quot;x&quot; &lt;empty&gt; &amp; gone</p>");
    expect(page).toContain('<a href="/appoint?id=1&amp;section=DOCS">Back to the application</a>');
    expect(page).not.toContain("<empty>");
  });
});
