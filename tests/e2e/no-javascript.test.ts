// The portal's and the provider's forms work with JavaScript turned off.
import { describe, test } from "vitest";
import { fillSignIn, newAccount, signIn, signOut, signUp, browserFixture } from "../support/browser";
import { expectDashboard, expectProviderSignIn, sharedApp } from "./helpers";

const { appUrl, idpUrl } = sharedApp();
const browser = browserFixture();

describe("without JavaScript", () => {
  test("sign up, sign out and sign in again", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    const account = newAccount();

    await signUp(page, appUrl, account, undefined, { inBrowser: true });
    await expectDashboard(page, appUrl);

    await signOut(page, appUrl);
    await page.goto(`${appUrl}/home`);
    await expectProviderSignIn(page, idpUrl);

    await fillSignIn(page, account.email, account.password);
    await page.waitForURL(`${appUrl}/home`);
    await expectDashboard(page, appUrl);

    await signOut(page, appUrl);
    await signIn(page, appUrl, account.email, account.password);
    await expectDashboard(page, appUrl);
  });
});
