import { describe, expect, it } from "vitest";
import { htmlToText } from "~/lib/email.server";
import { sanitizeRichHtml } from "~/lib/html.server";
import { INVITATION_ACTION_LABEL, withActionButton } from "./merge-html.server";
import { mergeValues, placeholderName, renderMergeFields, renderMergeText, type MergeContext } from "./merge.server";
import { TEMPLATE_FIELDS } from "../../../prisma/seed/reference-data";

const known = new Set(TEMPLATE_FIELDS.map((f) => placeholderName(f.placeholder)));

const ctx: MergeContext = {
  prospect: { firstName: "Ada", lastName: "O'Brien <script>" },
  recruiter: {
    firstName: "Rita",
    lastName: "Recruiter",
    agentNumber: "A1001",
    email: "rita@example.com",
    phone: "5555550100",
    address1: "1 Main St",
    city: "Omaha",
    stateCode: "NE",
    zipCode: "68102",
    businessName: "Rita & Co",
    businessPhone: "5555550199",
    businessAddress1: "2 Agency Rd",
    businessCity: "Lincoln",
    businessStateCode: "NE",
    businessZipCode: "68508",
  },
  companyName: "Mutual Insurance",
  linkUrl: "https://portal.test/MLTABC123",
  lines: [
    { carrierName: "MIAC", productType: "Life", levelNo: 3, levelName: "Agent", scheduleName: "Life 2026", documentUrl: "https://portal.test/view/doc-1" },
    { carrierName: "SLAC", productType: "Health", levelNo: 5, levelName: "Writing", scheduleName: "Health 2026", documentUrl: null },
  ],
};

describe("merge fields", () => {
  const values = mergeValues(ctx);

  it("has a value for every seeded merge field", () => {
    for (const name of known) expect(values, name).toHaveProperty(name);
  });

  it("fills prospect, recruiter, agency and link fields, escaping values", () => {
    const html = renderMergeFields(
      "<p>Dear [[ProspectFirstName]] [[ProspectLastName]], from [[RecruiterName]] ([[RecruiterAgentNumber]]), [[RecruiterPhone]]; [[AgencyName]], [[AgencyCity]] [[AgencyState]] [[AgencyZip]]; [[CompanyName]]</p>",
      values,
      known,
    );
    expect(html).toBe(
      "<p>Dear Ada O&#39;Brien &lt;script&gt;, from Rita Recruiter (A1001), (555) 555-0100; Rita &amp; Co, Lincoln NE 68508; Mutual Insurance</p>",
    );
  });

  it("renders the link, the link rows and the document links", () => {
    const html = renderMergeFields("[[AppointmentLink]] [[AppointmentLinkRows]] [[DocumentLinks]]", values, known);
    expect(html).toContain('<a href="https://portal.test/MLTABC123">https://portal.test/MLTABC123</a>');
    expect(html).toMatch(/<tr><td[^>]*>MIAC<\/td><td[^>]*>Life<\/td><td[^>]*>3<\/td><td[^>]*>Agent<\/td><\/tr>/);
    expect(html).toContain("SLAC");
    // Words kept whole in the cells, through the sanitizer ('Leve l' at 1280 px before).
    expect(sanitizeRichHtml(html)).toMatch(/<th style="[^"]*overflow-wrap:normal;word-break:normal">Level<\/th>/);
    expect(html).toContain('<li><a href="https://portal.test/view/doc-1">Life 2026, level 3 Agent</a></li>');
    expect(html).not.toContain("Health 2026, level");
  });

  it("escapes the names in the link rows and the document links (written by React, decision 0057)", () => {
    const hostile = mergeValues({
      ...ctx,
      lines: [{ carrierName: "<b>M&A</b>", productType: `Life "x"`, levelNo: 1, levelName: "<i>Top</i>", scheduleName: "<script>s</script>", documentUrl: "https://portal.test/view/d?a=1&b=2" }],
    });
    const html = renderMergeFields("[[AppointmentLinkRows]] [[DocumentLinks]]", hostile, known);
    expect(html).toContain("&lt;b&gt;M&amp;A&lt;/b&gt;");
    expect(html).toContain("&lt;i&gt;Top&lt;/i&gt;");
    expect(html).toContain('<a href="https://portal.test/view/d?a=1&amp;b=2">&lt;script&gt;s&lt;/script&gt;, level 1 &lt;i&gt;Top&lt;/i&gt;</a>');
    expect(html).not.toMatch(/<(b|i|script)>/);
    expect(hostile.AppointmentLinkRows!.text).toBe(`<b>M&A</b> Life "x" level 1 <i>Top</i>`);
  });

  it("a field in a link's address gives the bare URL; in its text, no link inside the link (issue 20)", () => {
    expect(renderMergeFields('<p><a href="[[AppointmentLink]]">Click here to start</a></p>', values, known)).toBe(
      '<p><a href="https://portal.test/MLTABC123">Click here to start</a></p>',
    );
    expect(renderMergeFields('<p><a href=" [[ AppointmentLink ]] " target="_blank">Go</a></p>', values, known)).toBe(
      '<p><a href="https://portal.test/MLTABC123" target="_blank" rel="noopener noreferrer">Go</a></p>',
    );
    expect(renderMergeFields('<p><a href="https://x.test/">[[AppointmentLink]] [[DocumentLinks]]</a></p>', values, known)).toBe(
      '<p><a href="https://x.test/">https://portal.test/MLTABC123 Life 2026, level 3 Agent</a></p>',
    );
    // Other fields inside an address are data (percent-encoded), so they cannot change its scheme.
    expect(renderMergeFields('<a href="mailto:[[RecruiterEmail]]">Mail</a><a href="https://r.test/?to=[[AppointmentLink]]&n=[[ProspectLastName]]">R</a>', values, known)).toBe(
      '<a href="mailto:rita%40example.com">Mail</a><a href="https://r.test/?to=https%3A%2F%2Fportal.test%2FMLTABC123&amp;n=O\'Brien%20%3Cscript%3E">R</a>',
    );
    const hostile = mergeValues({ ...ctx, prospect: { firstName: "javascript:alert(1)", lastName: "x" }, linkUrl: "javascript:alert(2)" });
    const out = renderMergeFields('<a href="[[ProspectFirstName]]">a</a><a href="[[AppointmentLink]]">b</a><p>[[AppointmentLink]]</p><a href="https://x.test/" title="[[ProspectFirstName]]">c</a>', hostile, known);
    expect(out).toBe('<a href="javascript%3Aalert(1)">a</a><a>b</a><p></p><a href="https://x.test/" title="javascript:alert(1)">c</a>');
    // Attributes other than addresses get the plain text (escaped on output).
    expect(renderMergeFields('<p><img src="https://x.test/a.png" alt="[[ProspectLastName]]" /></p>', values, known)).toContain('alt="O\'Brien &lt;script&gt;"');
  });

  it("removes unknown placeholders and tolerates spaces inside brackets", () => {
    expect(renderMergeFields("<p>[[Nope]]x[[ ProspectFirstName ]]</p>", values, known)).toBe("<p>xAda</p>");
  });

  it("merges the subject as plain text", () => {
    expect(renderMergeText("Join [[AgencyName]] with [[CompanyName]] [[AppointmentLink]]", values, known)).toBe(
      "Join Rita & Co with Mutual Insurance https://portal.test/MLTABC123",
    );
  });

  describe("[[AppointmentLink]] alone in a paragraph is the email's action button (issue 36 item 5)", () => {
    const URL = "https://portal.test/MLTABC123";
    // As renderInvitation and the send job do: merge, sanitize again for the email, then the button.
    const mail = (template: string) => withActionButton(sanitizeRichHtml(renderMergeFields(template, values, known), { baseUrl: "https://portal.test" }), "https://portal.test");
    const button = `<a href="${URL}" style="display:inline-block;`;

    it("becomes the button with the address beneath, also inside bold (the default template); the text part says 'label (address)'", () => {
      for (const template of ["<p>[[AppointmentLink]]</p>", '<p style="margin:16px 0"><strong>[[AppointmentLink]]</strong></p>', "<p> <span><b>[[AppointmentLink]]</b></span> </p>"]) {
        const html = mail(`<p>Hello Ada,</p>${template}<p>Kind regards</p>`);
        expect(html, template).toContain(`${button}`);
        expect(html, template).toContain(`>${INVITATION_ACTION_LABEL}</a>`);
        expect(html, template).toContain(`<p class="email-fallback"`);
        expect(html, template).not.toContain("<strong>");
        expect(html.startsWith("<p>Hello Ada,</p>") && html.endsWith("<p>Kind regards</p>"), template).toBe(true);
      }
      const text = htmlToText(mail("<p>[[AppointmentLink]]</p>"));
      expect(text).toBe(`${INVITATION_ACTION_LABEL} (${URL})`);
    });

    it("stays a plain link inside a sentence, behind other words, outside the portal; only the first alone is the button", () => {
      expect(mail("<p>Start here: [[AppointmentLink]]</p>")).toBe(`<p>Start here: <a href="${URL}">${URL}</a></p>`);
      expect(mail('<p><a href="[[AppointmentLink]]">Click here to start</a></p>')).toBe(`<p><a href="${URL}">Click here to start</a></p>`);
      expect(mail('<p><a href="https://other.test/x">https://other.test/x</a></p>')).toBe('<p><a href="https://other.test/x">https://other.test/x</a></p>');
      const twice = mail("<p>[[AppointmentLink]]</p><p>[[AppointmentLink]]</p>");
      expect(twice.split(INVITATION_ACTION_LABEL)).toHaveLength(2);
      expect(twice.endsWith(`<p><a href="${URL}">${URL}</a></p>`)).toBe(true);
      // No address, no button: the link field refused a javascript: address (above).
      const hostile = mergeValues({ ...ctx, linkUrl: "javascript:alert(2)" });
      expect(withActionButton(renderMergeFields("<p>[[AppointmentLink]]</p>", hostile, known), "https://portal.test")).toBe("<p></p>");
    });
  });
});
