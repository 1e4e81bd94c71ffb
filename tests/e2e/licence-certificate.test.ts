// A certificate over the application's upload limit on the credential form (issue 33 item 6;
// decision 0084), on this worker's shared portal through the real HTTP server: with JavaScript the
// form says so before sending anything, the message next to the file field and what was typed kept;
// nothing is saved. Without JavaScript (the server's answer): tests/integration/self-service-nojs.test.ts.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { LICENCE_SCREEN } from "~/features/licences/screen-messages";
import { UPLOAD_MAX_BYTES } from "~/lib/upload-policy";
import { browserFixture, DEMO, DEMO_PASSWORD, signIn } from "../support/browser";
import { sharedApp, withDb } from "./helpers";

const { appUrl } = sharedApp();
const browser = browserFixture();
/** The demo agent's NPN (prisma/seed/demo.ts). */
const NPN = "18502026";
const BIG = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(UPLOAD_MAX_BYTES + 1_000_000, 0x20)]);

async function tryBigCertificate(page: Page) {
  await signIn(page, appUrl, DEMO.agent, DEMO_PASSWORD);
  await page.goto(`${appUrl}/licences?credential=new&kind=EO`);
  await page.getByLabel("Insurance carrier").fill("Acme Professional Liability");
  await page.getByLabel("Policy number").fill("EO-BIG-1");
  await page.getByLabel("Expiry date").fill("2030-12-31");
  await page.getByLabel("Certificate (PDF)").setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: BIG });
  await page.getByRole("button", { name: "SAVE" }).click();
  await page.locator("#f-certificate-error", { hasText: LICENCE_SCREEN.certificateTooBig }).waitFor();
  expect(await page.getByLabel("Policy number").inputValue()).toBe("EO-BIG-1");
  expect(await page.getByLabel("Insurance carrier").inputValue()).toBe("Acme Professional Liability");
  const saved = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM producer_credentials WHERE npn = $1 AND policy_number = 'EO-BIG-1'`, [NPN])).rows[0].n);
  expect(saved).toBe(0);
}

describe("a certificate over the limit", () => {
  test("with JavaScript: the same, before anything is sent", async () => {
    await tryBigCertificate(await browser.newPage());
  });
});
