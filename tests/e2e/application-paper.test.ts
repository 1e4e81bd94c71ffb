// A marketing director fills out an application on a prospect's behalf (a
// paper appointment, spec part 2 §2 parameters email / multiPaper, §8), with
// JavaScript on: the prospect email is checked in the browser with the
// server's rules. Without JavaScript (the paper URL asks for confirmation,
// creating lands on the new application, the Personal section saves with the
// director's typed signature, a second one is refused, the administrator sees
// the signature evidence): the form driver, tests/integration/director-nojs.test.ts.
import pg from "pg";
import { describe, expect, test } from "vitest";
import { DEMO, DEMO_PASSWORD, browserFixture, signIn } from "../support/browser";
import { usableLink } from "../support/invite-prospect";
import { sharedApp } from "./helpers";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** One of the demo marketing director's usable (not enrollRep) appointment links. */
async function directorLink(): Promise<string> {
  return (await usableLink(databaseUrl, { recruiter: DEMO.marketingDirector })).link;
}

describe("paper appointment", () => {
  test("the prospect email is checked in the browser with the server's rules (JavaScript on)", async () => {
    const link = await directorLink();
    const page = await browser.newPage({ javaScriptEnabled: true });
    await signIn(page, appUrl, DEMO.marketingDirector, DEMO_PASSWORD);
    const own = DEMO.marketingDirector.toUpperCase();
    await page.goto(`${appUrl}/appoint?${new URLSearchParams({ email: own, link, apptTypeCode: "APPTTYP_IND" })}`);
    await page.getByRole("heading", { name: `Create the application for ${own}?` }).waitFor();
    await page.getByRole("button", { name: "Create the Application" }).click();
    const email = page.getByLabel("Prospect Email Address");
    await page.locator("#f-email-error", { hasText: "You Cannot Use Your Email" }).waitFor();
    await expect(email.getAttribute("aria-invalid")).resolves.toBe("true");
    await email.fill("someone@");
    await email.blur();
    await page.locator("#f-email-error", { hasText: "Email Address Format Is Invalid" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/appoint/paper");
    expect(await query(`SELECT 1 FROM appointments WHERE lower(prospect_email_address) IN ($1, 'someone@')`, [DEMO.marketingDirector])).toHaveLength(0);
  });
});
