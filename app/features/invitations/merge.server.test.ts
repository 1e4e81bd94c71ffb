import { describe, expect, it } from "vitest";
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
    expect(html).toContain('<li><a href="https://portal.test/view/doc-1">Life 2026, level 3 Agent</a></li>');
    expect(html).not.toContain("Health 2026, level");
  });

  it("removes unknown placeholders and tolerates spaces inside brackets", () => {
    expect(renderMergeFields("<p>[[Nope]]x[[ ProspectFirstName ]]</p>", values, known)).toBe("<p>xAda</p>");
  });

  it("merges the subject as plain text", () => {
    expect(renderMergeText("Join [[AgencyName]] with [[CompanyName]] [[AppointmentLink]]", values, known)).toBe(
      "Join Rita & Co with Mutual Insurance https://portal.test/MLTABC123",
    );
  });
});
