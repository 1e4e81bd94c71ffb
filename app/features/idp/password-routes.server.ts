// The provider's pages about passwords and the email address (split from
// routes.server.ts, which dispatches to them):
//   GET  /password/forgot  POST          ask for a reset link (same answer whatever the email)
//   GET  /password/reset/:token  POST    choose a new password
//   GET  /email/verify/:token  POST      the confirmation link's page (GET changes nothing); its forms confirm
//   GET  /email/resend  POST             ask for a new verification link (same answer whatever the email)
//   GET  /account/password  POST         change the password (needs the provider's session)
import type { KoaContext } from "oidc-provider";
import { changePassword, findAccountById, signIn, type SignInLimits } from "./accounts.server";
import { confirmEmailPage, resendVerificationPage } from "./confirm-pages.server";
import { requestPasswordReset, resetPassword, resetTokenAccount } from "./password-reset.server";
import { assertCsrf, csrfToken, formValues, readForm, redirect303, requestInfo } from "./http.server";
import { changePasswordPage, forgotPasswordPage, resetPasswordPage } from "./pages.server";
import { changePasswordSchema, fieldErrors, forgotSchema, newPasswordSchema, signInSchema } from "./schema";
import { confirmationTokenAccount, confirmationTokenConfirmed, confirmEmail, resendVerification } from "./sign-up.server";

export type PasswordRoutesContext = {
  issuer: string;
  /** Path on the provider (the issuer's path prefix added). */
  url: (p: string) => string;
  html: (ctx: KoaContext, status: number, body: string) => void;
  portalHome: string;
  signInLimits: SignInLimits;
  sessionAccountId: (ctx: KoaContext) => Promise<string | undefined>;
  /** Shows the profile's sign-in form (no provider session), coming back to `returnTo`. */
  profileSignIn: (ctx: KoaContext, status: number, returnTo: string | undefined) => void;
  tooManyAttempts: (seconds: number) => string;
  /** Starts a provider session for the account in this browser (after it proved the mailbox). */
  signInHere: (ctx: KoaContext, accountId: string) => Promise<void>;
  /** The profile page right after a confirmation: the details typed at sign-up, to check, then `continueTo` (else the portal's sign-in). */
  reviewHref: (continueTo?: string) => string;
  /** The portal's sign-in (after a reopened link of a confirmed address). */
  portalSignIn: string;
  /** A return address on one of the clients' origins, else undefined. */
  safeReturnTo: (value: unknown) => string | undefined;
};

/** The confirmation page's answer to a password that is not the account's. */
export const NOT_THIS_PASSWORD = "That is not this account's password. If you did not choose it, choose a new password below.";

const UID = /^[A-Za-z0-9_-]{1,64}$/;

export function passwordRoutes(o: PasswordRoutesContext) {
  const { url, html } = o;

  function forgotLinks(uidParam: unknown) {
    const uid = typeof uidParam === "string" && UID.test(uidParam) ? uidParam : undefined;
    return {
      signInHref: uid ? url(`/interaction/${uid}`) : o.portalHome,
      hiddenFields: uid ? { uid } : undefined,
    };
  }

  async function forgotGet(ctx: KoaContext) {
    const links = forgotLinks(ctx.query.uid);
    html(ctx, 200, forgotPasswordPage({ action: url("/password/forgot"), csrf: csrfToken(ctx, ctx.secure), ...links }));
  }

  async function forgotPost(ctx: KoaContext) {
    const form = await readForm(ctx);
    assertCsrf(ctx, form);
    const links = forgotLinks(form.get("uid"));
    const values = formValues(form, ["email"]);
    const parsed = forgotSchema.safeParse(values);
    const base = { action: url("/password/forgot"), csrf: csrfToken(ctx, ctx.secure), ...links };
    if (!parsed.success) return html(ctx, 400, forgotPasswordPage({ ...base, values, errors: fieldErrors(parsed.error) }));
    await requestPasswordReset(parsed.data.email, o.issuer, requestInfo(ctx));
    html(ctx, 200, forgotPasswordPage({ ...base, sent: true }));
  }

  function resetBase(ctx: KoaContext, token: string) {
    return {
      action: url(`/password/reset/${encodeURIComponent(token)}`),
      csrf: csrfToken(ctx, ctx.secure),
      signInHref: o.portalHome,
      forgotHref: url("/password/forgot"),
    };
  }

  async function resetGet(ctx: KoaContext, token: string) {
    const account = await resetTokenAccount(token);
    html(ctx, account ? 200 : 410, resetPasswordPage({ ...resetBase(ctx, token), state: account ? "form" : "invalid" }));
  }

  async function resetPost(ctx: KoaContext, token: string) {
    const form = await readForm(ctx);
    assertCsrf(ctx, form);
    const base = resetBase(ctx, token);
    const account = await resetTokenAccount(token);
    if (!account) return html(ctx, 410, resetPasswordPage({ ...base, state: "invalid" }));
    const parsed = newPasswordSchema(account).safeParse(formValues(form, ["password", "confirmPassword"]));
    if (!parsed.success) return html(ctx, 400, resetPasswordPage({ ...base, state: "form", errors: fieldErrors(parsed.error) }));
    const done = await resetPassword(token, parsed.data.password, requestInfo(ctx));
    if (!done) return html(ctx, 410, resetPasswordPage({ ...base, state: "invalid" }));
    // The reset confirmed the address: the details were typed at sign-up, perhaps by a stranger (decision 0081).
    if (done.confirmedNow) await o.signInHere(ctx, done.accountId);
    html(ctx, 200, resetPasswordPage({ ...base, state: "done", reviewHref: done.confirmedNow ? o.reviewHref() : undefined }));
  }

  /** The link's `?continue=` (the portal's sign-in back to the link the person came with, decision 0096), if on a client origin. */
  function continueOf(ctx: KoaContext): string | undefined {
    return o.safeReturnTo(ctx.query.continue);
  }

  function verifyBase(ctx: KoaContext, token: string) {
    const continueTo = continueOf(ctx);
    return {
      action: url(`/email/verify/${encodeURIComponent(token)}${continueTo ? `?continue=${encodeURIComponent(continueTo)}` : ""}`),
      csrf: csrfToken(ctx, ctx.secure),
      portalHref: o.portalHome,
      forgotHref: url("/password/forgot"),
      signInHref: continueTo ?? o.portalSignIn,
    };
  }

  /** A link that cannot confirm: 'already confirmed' for a link of a confirmed address, else 'Link expired' as before. */
  async function unusable(ctx: KoaContext, token: string, base: ReturnType<typeof verifyBase>) {
    if (await confirmationTokenConfirmed(token)) return html(ctx, 200, confirmEmailPage({ ...base, state: "confirmed" }));
    html(ctx, 410, confirmEmailPage({ ...base, state: "invalid" }));
  }

  /** The link's page: nothing changes on a GET (a mail scanner fetching the link confirms nothing). */
  async function verifyGet(ctx: KoaContext, token: string) {
    const account = await confirmationTokenAccount(token);
    const base = verifyBase(ctx, token);
    if (!account) return unusable(ctx, token, base);
    html(ctx, 200, confirmEmailPage({ ...base, state: "form", email: account.email }));
  }

  /**
   * Confirms with the account's password (whoever signed up, under the sign-in's delays) or with a
   * new password (the mailbox's owner); then every session of the account has ended, this browser
   * is signed in, and the profile shows the details typed at sign-up to check.
   */
  async function verifyPost(ctx: KoaContext, token: string) {
    const form = await readForm(ctx);
    assertCsrf(ctx, form);
    const base = verifyBase(ctx, token);
    const account = await confirmationTokenAccount(token);
    if (!account) return unusable(ctx, token, base);
    const page = (status: number, errors: Record<string, string>) => html(ctx, status, confirmEmailPage({ ...base, state: "form", email: account.email, errors }));
    const intent = form.get("intent");
    let ok: boolean;
    if (intent === "sign-in") {
      const parsed = signInSchema.safeParse({ email: account.email, password: form.get("password") ?? "" });
      if (!parsed.success) return page(400, fieldErrors(parsed.error));
      const result = await signIn(account.email, parsed.data.password, requestInfo(ctx), o.signInLimits);
      if (!result.ok && result.error === "rate_limited") {
        ctx.set("Retry-After", String(result.retryAfterSeconds));
        return page(429, { _form: o.tooManyAttempts(result.retryAfterSeconds) });
      }
      if (!result.ok || result.account.id !== account.id) return page(400, { password: NOT_THIS_PASSWORD });
      ok = await confirmEmail(token, account.id, { by: "password" }, requestInfo(ctx));
    } else if (intent === "new-password") {
      const parsed = newPasswordSchema(account).safeParse({ password: form.get("newPassword") ?? "", confirmPassword: form.get("confirmPassword") ?? "" });
      if (!parsed.success) {
        const { password, ...rest } = fieldErrors(parsed.error);
        return page(400, password ? { ...rest, newPassword: password } : rest);
      }
      ok = await confirmEmail(token, account.id, { by: "new-password", password: parsed.data.password }, requestInfo(ctx));
    } else {
      return page(400, { _form: "Choose one of the two ways to confirm your address." });
    }
    if (!ok) return unusable(ctx, token, base);
    await o.signInHere(ctx, account.id);
    redirect303(ctx, o.reviewHref(continueOf(ctx)));
  }

  async function resendGet(ctx: KoaContext) {
    const email = typeof ctx.query.email === "string" && ctx.query.email.length <= 320 ? ctx.query.email : "";
    html(ctx, 200, resendVerificationPage({ action: url("/email/resend"), csrf: csrfToken(ctx, ctx.secure), portalHref: o.portalHome, values: { email } }));
  }

  async function resendPost(ctx: KoaContext) {
    const form = await readForm(ctx);
    assertCsrf(ctx, form);
    const values = formValues(form, ["email"]);
    const parsed = forgotSchema.safeParse(values);
    const base = { action: url("/email/resend"), csrf: csrfToken(ctx, ctx.secure), portalHref: o.portalHome };
    if (!parsed.success) return html(ctx, 400, resendVerificationPage({ ...base, values, errors: fieldErrors(parsed.error) }));
    await resendVerification(parsed.data.email, o.issuer, requestInfo(ctx));
    html(ctx, 200, resendVerificationPage({ ...base, sent: true }));
  }

  async function changeGet(ctx: KoaContext) {
    const accountId = await o.sessionAccountId(ctx);
    const account = accountId ? await findAccountById(accountId) : null;
    if (!account) return o.profileSignIn(ctx, 200, undefined);
    html(
      ctx,
      200,
      changePasswordPage({
        action: url("/account/password"),
        csrf: csrfToken(ctx, ctx.secure),
        email: account.email,
        profileHref: url("/account/profile"),
        done: ctx.query.done === "1",
      }),
    );
  }

  async function changePost(ctx: KoaContext) {
    const form = await readForm(ctx);
    assertCsrf(ctx, form);
    const accountId = await o.sessionAccountId(ctx);
    const account = accountId ? await findAccountById(accountId) : null;
    if (!account) return o.profileSignIn(ctx, 401, undefined);
    const page = (status: number, errors: Record<string, string>) =>
      html(
        ctx,
        status,
        changePasswordPage({ action: url("/account/password"), csrf: csrfToken(ctx, ctx.secure), email: account.email, profileHref: url("/account/profile"), errors }),
      );
    const parsed = changePasswordSchema(account).safeParse(formValues(form, ["currentPassword", "password", "confirmPassword"]));
    if (!parsed.success) return page(400, fieldErrors(parsed.error));
    const result = await changePassword(account.id, parsed.data.currentPassword, parsed.data.password, requestInfo(ctx), o.signInLimits);
    if (!result.ok) {
      if (result.error === "rate_limited") {
        ctx.set("Retry-After", String(result.retryAfterSeconds));
        return page(429, { _form: o.tooManyAttempts(result.retryAfterSeconds) });
      }
      return page(400, { currentPassword: "Your current password is incorrect" });
    }
    redirect303(ctx, url("/account/password?done=1"));
  }

  return { forgotGet, forgotPost, resetGet, resetPost, verifyGet, verifyPost, resendGet, resendPost, changeGet, changePost };
}
