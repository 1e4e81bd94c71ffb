// The form driver (tests/support/form-driver.ts) against Chromium with JavaScript disabled, on real
// forms of this worker's portal (issue 35 item 1): the same person fills the same values in both;
// Chromium's request is caught (and aborted, so nothing is stored) and compared with the one the
// driver builds: method, URL (the path for the provider's per-visit address), content type, Origin,
// Referer, Sec-Fetch-Site, and the body byte for byte (urlencoded) or part by part (multipart: names,
// filenames, content types, bodies, order; only the boundary differs).
import type { Page, Request } from "playwright-core";
import { describe, expect, test } from "vitest";
import { visitorSignIn } from "../support/app-sign-in";
import { browserFixture, DEMO, DEMO_PASSWORD, gotoSignIn, signIn } from "../support/browser";
import { encodeBody, Visitor, type BuiltRequest } from "../support/form-driver";
import { sharedApp, startApplication } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();

interface Sent {
  method: string;
  url: string;
  contentType: string;
  origin?: string;
  referer?: string;
  site?: string;
  body: Buffer;
}

/** Runs `act` in Chromium and returns the next navigation request it sends (aborted: it never reaches the portal). */
async function chromiumSends(page: Page, act: () => Promise<void>): Promise<Sent> {
  let caught: Request | undefined;
  let headers: Record<string, string> = {};
  await page.route("**/*", async (route) => {
    const req = route.request();
    if (!caught && req.isNavigationRequest()) {
      caught = req;
      headers = await req.allHeaders();
      await route.abort();
      return;
    }
    await route.continue();
  });
  await act().catch(() => undefined);
  for (let i = 0; i < 200 && !caught; i++) await new Promise((r) => setTimeout(r, 50));
  await page.unrouteAll({ behavior: "ignoreErrors" });
  if (!caught) throw new Error("Chromium sent no request");
  return {
    method: caught.method(),
    url: caught.url(),
    contentType: headers["content-type"] ?? "",
    origin: headers.origin,
    referer: headers.referer,
    site: headers["sec-fetch-site"],
    body: caught.postDataBuffer() ?? Buffer.alloc(0),
  };
}

function driverSends(visitor: Visitor, built: BuiltRequest, from: string): Sent {
  const encoded = built.method === "POST" ? encodeBody(built) : undefined;
  const headers = visitor.headersFor(built.method, built.url, from, encoded?.contentType);
  return {
    method: built.method,
    url: built.url,
    contentType: headers["content-type"] ?? "",
    origin: headers.origin,
    referer: headers.referer,
    site: headers["sec-fetch-site"],
    body: encoded?.body ?? Buffer.alloc(0),
  };
}

/** The parts of a multipart body, in order: their headers (boundary removed) and bodies. */
function parts(sent: Sent): Array<{ headers: string; body: string }> {
  const boundary = /boundary=(.+)$/.exec(sent.contentType)?.[1];
  if (!boundary) throw new Error(`not multipart: ${sent.contentType}`);
  const text = sent.body.toString("latin1");
  expect(text.endsWith(`--${boundary}--\r\n`), "the closing boundary").toBe(true);
  return text
    .slice(0, -`--${boundary}--\r\n`.length)
    .split(`--${boundary}\r\n`)
    .slice(1)
    .map((p) => {
      const split = p.indexOf("\r\n\r\n");
      expect(p.endsWith("\r\n")).toBe(true);
      return { headers: p.slice(0, split), body: p.slice(split + 4, -2) };
    });
}

function expectSame(driver: Sent, chromium: Sent, opts: { samePath?: boolean } = {}) {
  // The provider's addresses hold a per-visit id.
  const mask = (u?: string) => (u && opts.samePath ? u.replace(/\/interaction\/[^/?#]+/, "/interaction/UID") : u);
  const shape = (s: Sent) => ({ ...s, url: mask(s.url), referer: mask(s.referer), contentType: s.contentType.replace(/boundary=.*/, "boundary="), body: undefined });
  expect(shape(driver)).toEqual(shape(chromium));
  if (chromium.contentType.startsWith("multipart/")) expect(parts(driver)).toEqual(parts(chromium));
  else expect(driver.body.toString("latin1")).toBe(chromium.body.toString("latin1"));
}

const PDF = Buffer.from("%PDF-1.4\n% form driver \u00e9\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n", "latin1");

describe("the form driver sends what Chromium without JavaScript sends", () => {
  test("the profile (text fields with & + % ~ quotes and accents) and the provider's sign-in form (another origin)", async () => {
    // The provider's form: the portal sends the person there; the address has a per-visit id.
    const page = await browser.newPage({ javaScriptEnabled: false });
    await gotoSignIn(page, appUrl);
    const fromChromium = await chromiumSends(page, async () => {
      await page.getByLabel(/^email/i).fill(DEMO.agent);
      await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: /^sign in$/i }).click();
    });
    const visitor = new Visitor();
    const signInPage = await visitor.get(`${appUrl}/auth/login`);
    const form = signInPage.form(/^sign in$/i).fill(/^email/i, DEMO.agent).fill(/^password/i, DEMO_PASSWORD);
    expectSame(driverSends(visitor, form.request(/^sign in$/i), signInPage.url), fromChromium, { samePath: true });

    // The profile, as the demo agent.
    const chromium = await browser.newPage({ javaScriptEnabled: false });
    await signIn(chromium, appUrl, DEMO.agent, DEMO_PASSWORD);
    await chromium.goto(`${appUrl}/profile`);
    const values = { first: `Zoë & "Ann" + 100% ~*`, middle: "J.", last: "O'Kafor–Smith", phone: "(614) 555-0102" };
    const profileChromium = await chromiumSends(chromium, async () => {
      await chromium.getByLabel("First Name").fill(values.first);
      await chromium.getByLabel("Middle Name or Initial").fill(values.middle);
      await chromium.getByLabel("Last Name").fill(values.last);
      await chromium.getByLabel("Phone Number").fill(values.phone);
      await chromium.getByRole("button", { name: "SAVE", exact: true }).click();
    });
    const { page: home } = await visitorSignIn({ url: appUrl }, DEMO.agent, DEMO_PASSWORD, visitor, signInPage);
    expect(home.pathname).toBe("/home");
    const profile = await visitor.get(`${appUrl}/profile`);
    const filled = profile
      .form("SAVE")
      .fill("First Name", values.first)
      .fill("Middle Name or Initial", values.middle)
      .fill("Last Name", values.last)
      .fill("Phone Number", values.phone);
    expectSame(driverSends(visitor, filled.request("SAVE"), profile.url), profileChromium);
  });

  test("a license with several lines of authority ticked, and E&O coverage with its PDF certificate (multipart)", async () => {
    const chromium = await browser.newPage({ javaScriptEnabled: false });
    await signIn(chromium, appUrl, DEMO.agent, DEMO_PASSWORD);
    const { visitor } = await visitorSignIn({ url: appUrl }, DEMO.agent);

    await chromium.goto(`${appUrl}/licences?licence=new`);
    const licenceChromium = await chromiumSends(chromium, async () => {
      await chromium.getByLabel("State", { exact: true }).selectOption("TX");
      await chromium.getByLabel("License number").fill("TX-778");
      await chromium.getByLabel("Expiry date").fill("2031-05-31");
      const lines = chromium.getByRole("group", { name: "Lines of authority" });
      await lines.getByLabel("Life", { exact: true }).check();
      await lines.getByLabel("Accident & Health", { exact: true }).check();
      await chromium.getByRole("button", { name: "SAVE", exact: true }).click();
    });
    const licencePage = await visitor.get(`${appUrl}/licences?licence=new`);
    const licence = licencePage
      .form("SAVE")
      .select("State", "Texas")
      .fill("License number", "TX-778")
      .fill("Expiry date", "2031-05-31")
      .check("Life")
      .check("Accident & Health");
    expectSame(driverSends(visitor, licence.request("SAVE"), licencePage.url), licenceChromium);

    await chromium.goto(`${appUrl}/licences?credential=new&kind=EO`);
    const eoChromium = await chromiumSends(chromium, async () => {
      await chromium.getByLabel("Insurance carrier").fill("Acme Professional Liability");
      await chromium.getByLabel("Policy number").fill("EO-2026-55");
      await chromium.getByLabel("Limit (USD)").fill("1000000");
      await chromium.getByLabel("Expiry date").fill("2030-12-31");
      await chromium.getByLabel("Certificate (PDF)").setInputFiles({ name: "eo certificate \"1\".pdf", mimeType: "application/pdf", buffer: PDF });
      await chromium.getByRole("button", { name: "SAVE", exact: true }).click();
    });
    expect(eoChromium.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const eoPage = await visitor.get(`${appUrl}/licences?credential=new&kind=EO`);
    const eo = eoPage
      .form("SAVE")
      .fill("Insurance carrier", "Acme Professional Liability")
      .fill("Policy number", "EO-2026-55")
      .fill("Limit (USD)", "1000000")
      .fill("Expiry date", "2030-12-31")
      .attach("Certificate (PDF)", { name: 'eo certificate "1".pdf', mimeType: "application/pdf", buffer: PDF });
    expectSame(driverSends(visitor, eo.request("SAVE"), eoPage.url), eoChromium);
  });

  test("a GET form (the links page's hierarchy chooser) builds the same query string", async () => {
    const chromium = await browser.newPage({ javaScriptEnabled: false });
    await signIn(chromium, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    await chromium.goto(`${appUrl}/linx`);
    const value = "100001|MI01|72";
    const getChromium = await chromiumSends(chromium, async () => {
      await chromium.getByLabel("Your agent number").selectOption(value);
      await chromium.getByRole("button", { name: "Show links" }).click();
    });
    expect(getChromium.method).toBe("GET");
    const { visitor } = await visitorSignIn({ url: appUrl }, DEMO.marketingDirector);
    const linx = await visitor.get(`${appUrl}/linx`);
    const form = linx.form("Show links").select("Your agent number", value);
    expectSame(driverSends(visitor, form.request("Show links"), linx.url), getChromium);
  });

  test("Contact Us: a textarea with line breaks, a select, and a file input left empty (multipart)", async () => {
    const { visitor } = await visitorSignIn({ url: appUrl }, DEMO.agent);
    const contact = await visitor.get(`${appUrl}/svcreq`);
    const form = contact.form("Send");
    // The first subject offered (its value, the same in both).
    const subject = contact.document.querySelector<HTMLSelectElement>("select[name=requestTypeCode]")!;
    const value = Array.from(subject.options).find((o) => o.value)!.value;
    const text = "Line one\nLine two\r\nthird & 'quoted' = 100%";
    form.select("Subject", value).fill(/^Your Request/, text);

    const chromium = await browser.newPage({ javaScriptEnabled: false });
    await signIn(chromium, appUrl, DEMO.agent, DEMO_PASSWORD);
    await chromium.goto(`${appUrl}/svcreq`);
    const fromChromium = await chromiumSends(chromium, async () => {
      await chromium.getByLabel("Subject").selectOption(value);
      await chromium.getByLabel(/^Your Request/).fill(text);
      await chromium.getByRole("button", { name: "Send", exact: true }).click();
    });
    expect(fromChromium.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expectSame(driverSends(visitor, form.request("Send"), contact.url), fromChromium);
  });

  test("an application section (Personal Information): selects, radios, text, and the side panel's SAVE (outside the form, form=, its name and value)", async () => {
    const chromium = await browser.newPage({ javaScriptEnabled: false });
    const { account, id } = await startApplication(chromium, /^Individual —/);
    const address = `${appUrl}/appoint?id=${id}&section=PERSONAL`;
    // The consent to sign electronically first (it is stored): then both open the same section.
    await chromium.goto(address);
    await chromium.getByRole("button", { name: "I agree" }).click();
    await chromium.getByRole("heading", { level: 2, name: "Personal Information" }).waitFor();
    await chromium.goto(address);
    const values = {
      ssn: "123-45-6789",
      birth: "1988-04-12",
      npn: "19283746",
      licence: "TX-7766554",
      phone: "5125550177",
      address: "410 Congress Ave",
      city: "Austin",
      zip: "78701",
      signature: "Delgado",
    };
    const fromChromium = await chromiumSends(chromium, async () => {
      const f = chromium.locator("#main");
      await f.getByLabel("SSN", { exact: true }).fill(values.ssn);
      await f.getByLabel("Birth Date").fill(values.birth);
      await f.getByLabel("National Producer Number (NPN)").fill(values.npn);
      await f.getByLabel("Resident State Insurance License Number").fill(values.licence);
      await f.getByLabel("Resident State", { exact: true }).selectOption("TX");
      await f.getByLabel("Phone Number").fill(values.phone);
      await f.getByLabel("Address", { exact: true }).fill(values.address);
      await f.getByLabel("City", { exact: true }).fill(values.city);
      await f.getByLabel("State", { exact: true }).selectOption("TX");
      await f.getByLabel("Zip Code").fill(values.zip);
      await f.getByRole("radio", { name: "Residence" }).check();
      await f.getByLabel(/^Signature \(your mother's maiden name\)/).fill(values.signature);
      await chromium.getByRole("button", { name: "SAVE", exact: true }).click();
    });

    const { visitor } = await visitorSignIn({ url: appUrl }, account.email, account.password);
    const section = await visitor.get(address);
    const form = section
      .form("SAVE")
      .fill("SSN", values.ssn)
      .fill("Birth Date", values.birth)
      .fill("National Producer Number (NPN)", values.npn)
      .fill("Resident State Insurance License Number", values.licence)
      .select("Resident State", "TX")
      .fill("Phone Number", values.phone)
      .fill("Address", values.address)
      .fill("City", values.city)
      .select("State", "TX")
      .fill("Zip Code", values.zip)
      .check("Residence")
      .fill(/^Signature \(your mother's maiden name\)/, values.signature);
    const sent = driverSends(visitor, form.request("SAVE"), section.url);
    expect(sent.body.toString()).toContain("intent=save");
    expectSame(sent, fromChromium);
  });
});
