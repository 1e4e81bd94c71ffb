// The recruiting and application journey's steps as a browser without JavaScript takes them, with the
// form driver (tests/support/form-driver.ts): a director's invitation, sign-up through a link, the
// wizard, every section of an individual application, 'Check your answers' and the submission. Shared
// by the no-JS journey files (tests/integration/recruiting-journey-nojs, application-nojs,
// back-office-nojs, whole-story-nojs) and the image's whole story (tests/container/image.test.ts).
import { expect } from "vitest";
import { visitorSignUp } from "./app-sign-in";
import { Visitor, type Page } from "./form-driver";
import { answerAllNo, fieldErrors, fillPersonal, section } from "./application-form";
import { eoCertificatePdf } from "./pdf-files";

/** The portal a journey runs against: its address and the provider's, and the mailbox its mail reaches. */
export interface JourneyPortal {
  readonly app: { url: string; idpUrl: string };
  readonly smtp: { verificationLink(email: string): Promise<string> };
}

/** From the welcome page of a link: 'NEXT: Create an account', sign up at the provider (the confirmation arrives by mail), back on the portal. */
export async function signUpThroughLink(portal: JourneyPortal, url: string, account: Parameters<typeof visitorSignUp>[1]) {
  const visitor = new Visitor();
  const welcome = await visitor.get(url);
  expect(welcome.shows("If you've already signed UP, just sign IN instead")).toBe(true);
  const provider = await welcome.follow("NEXT: Create an account");
  expect(provider.url.startsWith(portal.app.idpUrl) && /\/interaction\//.test(provider.pathname), provider.url).toBe(true);
  return visitorSignUp(portal.app, account, portal.smtp.verificationLink, visitor, provider);
}

/**
 * The wizard from its first step (as wizardFromFirstStep in tests/e2e/helpers.ts does in Chromium):
 * NEXT, 'Your invitation' (`atInvitation` runs there), Yes, the type (a radio label), the pointers,
 * NEXT; the application's page and id.
 */
export async function wizardFromFirstStep(page: Page, type: RegExp, atInvitation?: (page: Page) => void) {
  page = await page.click("NEXT");
  expect(page.headings(2)).toContain("Your invitation");
  atInvitation?.(page);
  page = await page.form("NEXT").check("Yes").submit("NEXT");
  page = await page.form("NEXT").check(type).submit("NEXT");
  expect(page.headings().some((h) => /pointers for filling out/i.test(h)), page.text().slice(0, 300)).toBe(true);
  page = await page.click("NEXT");
  expect(page.url, page.text().slice(0, 300)).toMatch(/\/appoint\?id=\d+/);
  return { page, id: Number(page.searchParams.get("id")) };
}

/** From the dashboard ('Complete Your Appointment') through the wizard choosing the type; the application's page and id. */
export async function throughWizard(visitor: Visitor, portalUrl: string, type: RegExp) {
  const page = await (await visitor.get(`${portalUrl}/home`)).follow("Complete Your Appointment");
  expect(page.url).toMatch(/\/wizard\?/);
  expect(page.headings().some((h) => /before you start/i.test(h))).toBe(true);
  return wizardFromFirstStep(page, type);
}

/** The invitation form (/invite) filled for `prospect`, the reviewed box ticked, and sent. */
export function sendInvitation(page: Page, prospect: { firstName: string; lastName: string; email: string }) {
  return page
    .form("Send")
    .fill("Prospect First Name", prospect.firstName)
    .fill("Prospect Last Name", prospect.lastName)
    .fill("Prospect Email Address", prospect.email)
    .check(/I have reviewed this invitation/)
    .submit("Send");
}

/**
 * Every section of an individual application (Austin, TX; resident licence TX-7766554 of `npn`; Texas
 * asked for; paper check), from Personal Information to the uploaded E&O certificate: 100% complete.
 */
export async function fillIndividual(page: Page, opts: { npn?: string; w9Name?: string } = {}): Promise<Page> {
  expect(page.headings(2)).toContain("Personal Information");
  page = await page.click("I agree");
  expect(page.headings(2)).toContain("Personal Information");
  const f = answerAllNo(page, fillPersonal(section(page)))
    .fill(/^Signature \(your mother's maiden name\)/, "Delgado")
    .fill("Name (on W-9)", opts.w9Name ?? "Rhea Q Reviewed")
    .check("Individual or Sole-Proprietorship")
    .fill(/^W-9 Signature/, "Delgado");
  if (opts.npn) f.fill("National Producer Number (NPN)", opts.npn);
  page = await f.submit("Save & Continue");
  expect(page.headings(2), fieldErrors(page).join("; ")).toContain("Commissions");

  page = await section(page).fill("Date", "2026-01-15").fill(/^Signature \(your mother's maiden name\)/, "Delgado").check("Paper Check").submit("Save & Continue");
  expect(page.headings(2), fieldErrors(page).join("; ")).toContain("States & Fees");

  page = await section(page).submit("Add a State");
  page = await section(page).select("State to add", "TX").submit("Add the selected state");
  expect(page.rows().some((cells) => cells.some((c) => /Texas \(TX\)/.test(c)))).toBe(true);
  page = await section(page).check("No").fill(/^Signature \(your mother's maiden name\)/, "Delgado").submit("Save & Continue");
  expect(page.headings(2), fieldErrors(page).join("; ")).toContain("Policies & Agreements");

  page = await section(page)
    .check("I have read and agree to the Agent Agreement.")
    .check("I have read and agree to the Representative Agreement.")
    .check("I have read and acknowledge the Company Policy.")
    .check("I have read and acknowledge the Anti-Money-Laundering Guide.")
    .fill("Mother's Maiden Name", "Delgado")
    .submit("Save & Continue");
  expect(page.headings(2), fieldErrors(page).join("; ")).toContain("Supporting Documents");

  page.toggle("Upload a Document");
  page = await page
    .form("Upload")
    .select("Document type", "DOCTYP_EO_CERT")
    .attach("Choose one PDF file", { name: "eo-certificate.pdf", mimeType: "application/pdf", buffer: await eoCertificatePdf() })
    .submit("Upload");
  page = uploadAcknowledged(page);
  expect(/\b(\d+)% complete\b/.exec(page.text())?.[0]).toBe("100% complete");
  return page;
}

/** The upload's acknowledgement stands on the page as a Notice, no dialog to dismiss (issue 36 item 8). */
function uploadAcknowledged(page: Page): Page {
  const message = "We have successfully received your upload.";
  expect(page.banners().filter((b) => b.includes(message)), page.banners().join(" / ")).toHaveLength(1);
  expect(page.all("dialog").filter((d) => d.shows(message))).toHaveLength(0);
  return page;
}

/** SUBMIT opens 'Check your answers' (decision 0099); 'Submit application' there submits: the confirmation page. */
export async function submitThroughCheck(page: Page): Promise<Page> {
  page = await page.click("SUBMIT");
  expect(page.url).toMatch(/\/appoint\/check\?id=\d+$/);
  page = await page.click("Submit application");
  expect(page.url).toMatch(/\/appoint\/submitted\?id=\d+$/);
  expect(page.banners().some((b) => b.includes("Successfully Submitted for Approval!"))).toBe(true);
  return page;
}
