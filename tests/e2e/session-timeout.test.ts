// A form posted after the portal session expired shows 'Session Timeout'
// and signs the user in again, back on the page they were on; with and
// without JavaScript.
import pg from "pg";
import { describe, expect, test } from "vitest";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { sharedApp } from "./helpers";

const { appUrl, databaseUrl } = sharedApp();
const browser = browserFixture();

async function expireSessionsOf(email: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query(
      `UPDATE sessions SET last_seen_at = now() - interval '1 day'
        WHERE user_id = (SELECT id FROM users WHERE user_name = $1)`,
      [email],
    );
    expect(res.rowCount).toBeGreaterThan(0);
  } finally {
    await client.end();
  }
}

describe("session timeout", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`a form post after the session expired shows Session Timeout (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const page = await browser.newPage({ javaScriptEnabled });
      await signIn(page, appUrl, DEMO.admin, DEMO_PASSWORD);
      await page.goto(`${appUrl}/`);
      const spoof = page.getByRole("button", { name: /spoof/i });
      await spoof.waitFor({ state: "visible" });

      await expireSessionsOf(DEMO.admin);
      await page.getByLabel(/email/i).fill(DEMO.marketingDirector);
      await spoof.click();

      await page.getByText("Session Timeout", { exact: true }).first().waitFor({ state: "visible" });
      await page
        .getByText("It looks like your session on the site has timed out. Please log in again to resume...")
        .first()
        .waitFor({ state: "visible" });
      expect(new URL(page.url()).pathname).toBe("/session-expired");

      // Not impersonating anybody: the expired session did nothing.
      await page.getByRole("link", { name: /log in again/i }).click();
      // The provider still knows the user, so sign-in completes by itself and
      // comes back to the page the form was on.
      await page.waitForURL(`${appUrl}/`);
      await page.getByRole("button", { name: /spoof/i }).waitFor({ state: "visible" });
      expect(await page.getByText(/Acting as/).count()).toBe(0);
    });
  }
});
