// The provider's own profile page (/account/profile, its sign-in when there is no session), split
// out of routes.server.ts as passwordRoutes is: the same helpers, given by idpRoutes.
import type { KoaContext } from "oidc-provider";
import { findAccountById, signIn, updateProfile, type SignInLimits } from "./accounts.server";
import { assertCsrf, csrfToken, formValues, readForm, redirect303, requestInfo } from "./http.server";
import { profilePage, signInPage } from "./pages.server";
import { fieldErrors, formatPhone, profileSchema, signInSchema } from "./schema";

export type ProfileRoutesContext = {
  url: (path: string) => string;
  html: (ctx: KoaContext, status: number, body: string) => void;
  portalHome: string;
  signInLimits: SignInLimits;
  safeReturnTo: (value: unknown) => string | undefined;
  sessionAccountId: (ctx: KoaContext) => Promise<string | undefined>;
  signInRefusal: (ctx: KoaContext, result: { error: "invalid" } | { error: "rate_limited"; retryAfterSeconds: number }) => { status: number; errors: Record<string, string> };
  signInHere: (ctx: KoaContext, accountId: string, remember?: boolean) => Promise<void>;
  keepSignedIn: (form: URLSearchParams) => boolean;
};

export function profileRoutes(o: ProfileRoutesContext) {
  const { url, html, safeReturnTo, sessionAccountId, signInRefusal, signInHere, keepSignedIn } = o;

  function profileSignIn(ctx: KoaContext, status: number, returnTo: string | undefined, values?: Record<string, string>, errors?: Record<string, string>) {
    return html(
      ctx,
      status,
      signInPage({
        action: url("/account/profile/sign-in"),
        signUpHref: o.portalHome,
        forgotHref: url("/password/forgot"),
        csrf: csrfToken(ctx, ctx.secure),
        hiddenFields: returnTo ? { return_to: returnTo } : undefined,
        intro: "Sign in to edit your profile.",
        values,
        errors,
      }),
    );
  }

  function profileHref(returnTo: string | undefined) {
    return url(`/account/profile${returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ""}`);
  }

  async function profileGet(ctx: KoaContext) {
    const returnTo = safeReturnTo(ctx.query.return_to);
    const accountId = await sessionAccountId(ctx);
    const account = accountId ? await findAccountById(accountId) : null;
    if (!account) return profileSignIn(ctx, 200, returnTo);
    html(
      ctx,
      200,
      profilePage({
        action: url("/account/profile"),
        csrf: csrfToken(ctx, ctx.secure),
        email: account.email,
        values: {
          givenName: account.givenName,
          middleName: account.middleName ?? "",
          // Stored empty: the person answered 'I have no middle name' (decision 0096).
          noMiddleName: account.middleName ? "" : "1",
          familyName: account.familyName,
          phoneNumber: formatPhone(account.phoneNumber),
        },
        returnTo,
        cancelHref: returnTo ?? o.portalHome,
        saved: ctx.query.saved === "1",
        passwordHref: url("/account/password"),
        confirmed: ctx.query.confirmed === "1",
      }),
    );
  }

  async function profilePost(ctx: KoaContext) {
    const form = await readForm(ctx);
    assertCsrf(ctx, form);
    const returnTo = safeReturnTo(form.get("return_to"));
    const accountId = await sessionAccountId(ctx);
    const account = accountId ? await findAccountById(accountId) : null;
    if (!account) return profileSignIn(ctx, 401, returnTo);
    const values = formValues(form, ["givenName", "middleName", "noMiddleName", "familyName", "phoneNumber"]);
    const parsed = profileSchema.safeParse(values);
    if (!parsed.success) {
      return html(
        ctx,
        400,
        profilePage({
          action: url("/account/profile"),
          csrf: csrfToken(ctx, ctx.secure),
          email: account.email,
          values,
          errors: fieldErrors(parsed.error),
          returnTo,
          cancelHref: returnTo ?? o.portalHome,
          confirmed: form.get("confirmed") === "1",
        }),
      );
    }
    await updateProfile(account.id, parsed.data, requestInfo(ctx));
    if (returnTo) return redirect303(ctx, returnTo);
    redirect303(ctx, url("/account/profile?saved=1"));
  }

  async function profileSignInPost(ctx: KoaContext) {
    const form = await readForm(ctx);
    assertCsrf(ctx, form);
    const returnTo = safeReturnTo(form.get("return_to"));
    const values = formValues(form, ["email", "password", "remember"]);
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) return profileSignIn(ctx, 400, returnTo, values, fieldErrors(parsed.error));
    const result = await signIn(parsed.data.email, parsed.data.password, requestInfo(ctx), o.signInLimits);
    if (!result.ok) {
      const { status, errors } = signInRefusal(ctx, result);
      return profileSignIn(ctx, status, returnTo, values, errors);
    }
    await signInHere(ctx, result.account.id, keepSignedIn(form));
    redirect303(ctx, profileHref(returnTo));
  }

  return { profileSignIn, profileGet, profilePost, profileSignInPost };
}
