// The identity provider's own pages, as one Koa middleware placed before
// oidc-provider's routes:
//   GET  /assets/idp.css
//   GET  /interaction/:uid               sign-in (login prompt); consent is granted automatically
//   POST /interaction/:uid/login
//   GET  /interaction/:uid/signup        sign-up: "check your email" whether or not the email is known
//   POST /interaction/:uid/signup
//   GET  /password/forgot  POST          ask for a reset link (same answer whatever the email)
//   GET  /password/reset/:token  POST    choose a new password
//   GET  /email/verify/:token  POST      the confirmation link's page (GET changes nothing); its forms confirm
//   GET  /email/resend  POST             ask for a new verification link
//   GET  /account/password  POST         change the password (needs the provider's session)
//   GET  /account/profile?return_to=     profile edit (needs the provider's session)
//   POST /account/profile
//   POST /account/profile/sign-in        sign-in for the profile page when there is no session
import type { Interaction, KoaContext, Middleware, default as Provider } from "oidc-provider";
import { signIn, type SignInLimits } from "./accounts.server";
import { signUp } from "./sign-up.server";
import {
  assertSameOrigin,
  formValues,
  HttpError,
  readForm,
  redirect303,
  requestInfo,
  sendHtml,
} from "./http.server";
import { passwordRoutes } from "./password-routes.server";
import { profileRoutes } from "./profile-routes.server";
import { checkEmailPage, messagePage, signInPage, signUpPage, STYLESHEET, STYLESHEET_PATH } from "./pages.server";
import { fieldErrors, signInSchema, signUpSchema } from "./schema";

export const INVALID_CREDENTIALS = "Email or password is incorrect";
/** The answer inside a sign-in delay (throttle.server.ts), with the seconds to wait. */
export const tooManyAttempts = (seconds: number) =>
  `Too many attempts. Wait ${seconds} second${seconds === 1 ? "" : "s"}, then try again.`;

export type RoutesOptions = {
  provider: Provider;
  issuer: string;
  /** Origins of the clients' redirect URIs: allowed form targets and return_to origins. */
  clientOrigins: string[];
  /** Where "back to the portal" links go (the first client's origin). */
  portalHome: string;
  sessionTtlSeconds: number;
  sessionCookieOptions: Record<string, unknown>;
  signInLimits: SignInLimits;
  /** The portal's sign-in that reads fresh claims (after an address is confirmed and its details checked). */
  portalSignIn?: string;
};

export function idpRoutes(o: RoutesOptions): Middleware {
  const { provider } = o;
  const issuer = o.issuer.replace(/\/+$/, "");
  const issuerPath = new URL(issuer).pathname.replace(/\/+$/, "");
  const url = (p: string) => `${issuerPath}${p}`;
  const html = (ctx: KoaContext, status: number, body: string) => sendHtml(ctx, status, body, o.clientOrigins);

  /** A return_to is followed only when its origin is one of the clients' redirect URI origins. */
  function safeReturnTo(value: unknown): string | undefined {
    if (typeof value !== "string" || !value || value.length > 2000) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      return undefined;
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
    if (parsed.username || parsed.password) return undefined;
    return o.clientOrigins.includes(parsed.origin) ? parsed.href : undefined;
  }

  async function interactionFor(ctx: KoaContext, uid: string): Promise<Interaction | null> {
    try {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      return details.uid === uid ? details : null;
    } catch {
      return null;
    }
  }

  function expired(ctx: KoaContext) {
    html(
      ctx,
      400,
      messagePage("Sign-in expired", "Your sign-in request has expired or was already completed. Return to the portal and sign in again.", {
        href: o.portalHome,
        label: "Return to the Appointment Portal",
      }),
    );
  }

  /** Consent for our own first-party clients: grant what was asked, without a screen. */
  async function autoConsent(ctx: KoaContext, details: Interaction) {
    const accountId = details.session?.accountId;
    if (!accountId) return expired(ctx);
    const clientId = String(details.params.client_id);
    let grant = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
    grant ??= new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    const scope = (missing.missingOIDCScope ?? String(details.params.scope ?? "").split(" ")).filter(Boolean);
    if (scope.length) grant.addOIDCScope(scope.join(" "));
    if (missing.missingOIDCClaims?.length) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    redirect303(ctx, returnTo);
  }

  /** The portal's login_hint (the invited address): only ever a prefilled value. */
  function loginHint(details: Interaction): string {
    const hint = details.params.login_hint;
    return typeof hint === "string" && hint.length <= 320 ? hint : "";
  }

  function signInLinks(uid: string) {
    return {
      action: url(`/interaction/${uid}/login`),
      signUpHref: url(`/interaction/${uid}/signup`),
      forgotHref: url(`/password/forgot?uid=${encodeURIComponent(uid)}`),
    };
  }

  /** A refused sign-in: 429 with Retry-After inside a delay, else 'Email or password is incorrect'. */
  function signInRefusal(ctx: KoaContext, result: { error: "invalid" } | { error: "rate_limited"; retryAfterSeconds: number }) {
    if (result.error === "rate_limited") {
      ctx.set("Retry-After", String(result.retryAfterSeconds));
      return { status: 429, errors: { _form: tooManyAttempts(result.retryAfterSeconds) } as Record<string, string> };
    }
    return { status: 400, errors: { password: INVALID_CREDENTIALS } as Record<string, string> };
  }

  /**
 * 'Keep me signed in' (off by default): ticked, the provider's session cookie
 * lasts the session's lifetime; unticked, it is a browser-session cookie (no
 * Expires, no Max-Age: oidc-provider's 'transient' session), so closing the
 * browser without LOGOUT leaves no silent sign-in behind.
 */
const keepSignedIn = (form: URLSearchParams) => form.get("remember") === "1";

// ------------------------------------------------------------ handlers

  async function interactionPage(ctx: KoaContext, uid: string) {
    const details = await interactionFor(ctx, uid);
    if (!details) return expired(ctx);
    if (details.prompt.name === "consent") return autoConsent(ctx, details);
    // 'Create an account' on the portal: the sign-up form first (its 'Sign in' link comes back here with signin=1).
    if (details.params.screen === "signup" && ctx.query.signin !== "1") return redirect303(ctx, url(`/interaction/${uid}/signup`));
    html(ctx, 200, signInPage({ ...signInLinks(uid), values: { email: loginHint(details) } }));
  }

  async function interactionLogin(ctx: KoaContext, uid: string) {
    assertSameOrigin(ctx);
    const form = await readForm(ctx);
    const details = await interactionFor(ctx, uid);
    if (!details) return expired(ctx);
    const values = formValues(form, ["email", "password", "remember"]);
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) {
      return html(ctx, 400, signInPage({ ...signInLinks(uid), values, errors: fieldErrors(parsed.error) }));
    }
    const result = await signIn(parsed.data.email, parsed.data.password, requestInfo(ctx), o.signInLimits);
    if (!result.ok) {
      const { status, errors } = signInRefusal(ctx, result);
      return html(ctx, status, signInPage({ ...signInLinks(uid), values, errors }));
    }
    const returnTo = await provider.interactionResult(
      ctx.req,
      ctx.res,
      // 'Keep me signed in' unticked (the default): the provider's session cookie ends with the browser (issue 18 item 8).
      { login: { accountId: result.account.id, amr: ["pwd"], remember: keepSignedIn(form) } },
      { mergeWithLastSubmission: false },
    );
    redirect303(ctx, returnTo);
  }

  async function signUpGet(ctx: KoaContext, uid: string) {
    const details = await interactionFor(ctx, uid);
    if (!details) return expired(ctx);
    html(ctx, 200, signUpPage({ action: url(`/interaction/${uid}/signup`), signInHref: url(`/interaction/${uid}?signin=1`), values: { email: loginHint(details) } }));
  }

  async function signUpPost(ctx: KoaContext, uid: string) {
    assertSameOrigin(ctx);
    const form = await readForm(ctx);
    const details = await interactionFor(ctx, uid);
    if (!details) return expired(ctx);
    const values = formValues(form, [
      "email",
      "password",
      "confirmPassword",
      "givenName",
      "middleName",
      "noMiddleName",
      "familyName",
      "phoneNumber",
    ]);
    const page = (status: number, errors: Record<string, string>) =>
      html(
        ctx,
        status,
        signUpPage({ action: url(`/interaction/${uid}/signup`), signInHref: url(`/interaction/${uid}?signin=1`), values, errors }),
      );
    const parsed = signUpSchema.safeParse(values);
    if (!parsed.success) return page(400, fieldErrors(parsed.error));
    const { confirmPassword: _confirm, ...input } = parsed.data;
    // Where the confirmation link continues: the portal's sign-in back to the link the person came with (decision 0096).
    await signUp(input, issuer, requestInfo(ctx), safeReturnTo(details.params.continue_to));
    html(ctx, 200, checkEmailPage({ signInHref: url(`/interaction/${uid}?signin=1`) }));
  }

  async function sessionAccountId(ctx: KoaContext): Promise<string | undefined> {
    const session = await provider.Session.get(ctx);
    return session.accountId;
  }

  /** A provider session in this browser, as the authorization flow would have made it (a new id: no fixation). */
  async function signInHere(ctx: KoaContext, accountId: string, remember = false) {
    const session = await provider.Session.get(ctx);
    if (!session.new) (session as unknown as { resetIdentifier(): void }).resetIdentifier();
    session.loginAccount({ accountId, amr: ["pwd"], transient: !remember });
    await session.save(o.sessionTtlSeconds);
    ctx.cookies.set(provider.cookieName("session"), session.id, {
      ...o.sessionCookieOptions,
      secure: ctx.secure,
      ...(remember ? { maxAge: o.sessionTtlSeconds * 1000 } : {}),
      overwrite: true,
    });
  }

  const profiles = profileRoutes({
    url,
    html,
    portalHome: o.portalHome,
    signInLimits: o.signInLimits,
    safeReturnTo,
    sessionAccountId,
    signInRefusal,
    signInHere,
    keepSignedIn,
  });
  const profileSignIn = profiles.profileSignIn;

  const passwords = passwordRoutes({
    issuer,
    url,
    html,
    portalHome: o.portalHome,
    signInLimits: o.signInLimits,
    signInHere: (ctx, accountId) => signInHere(ctx, accountId),
    reviewHref: (continueTo) => url(`/account/profile?confirmed=1&return_to=${encodeURIComponent(continueTo ?? o.portalSignIn ?? o.portalHome)}`),
    portalSignIn: o.portalSignIn ?? o.portalHome,
    safeReturnTo,
    sessionAccountId,
    profileSignIn: (ctx, status, returnTo) => profileSignIn(ctx, status, returnTo),
    tooManyAttempts,
  });

  // ------------------------------------------------------------ router

  return async function idpRouter(ctx, next) {
    const path = issuerPath && ctx.path.startsWith(issuerPath) ? ctx.path.slice(issuerPath.length) : ctx.path;
    const method = ctx.method;
    let m: RegExpMatchArray | null;
    try {
      if (path === STYLESHEET_PATH && (method === "GET" || method === "HEAD")) {
        ctx.set("Cache-Control", "public, max-age=3600");
        ctx.set("X-Content-Type-Options", "nosniff");
        ctx.type = "text/css; charset=utf-8";
        ctx.body = STYLESHEET;
        return;
      }
      if (path === "/favicon.ico") {
        ctx.set("Cache-Control", "public, max-age=86400");
        ctx.status = 204;
        return;
      }
      if ((m = path.match(/^\/interaction\/([A-Za-z0-9_-]{1,64})(\/login|\/signup)?$/))) {
        const [, uid, sub] = m;
        if (!sub && method === "GET") return await interactionPage(ctx, uid);
        if (sub === "/login" && method === "POST") return await interactionLogin(ctx, uid);
        if (sub === "/signup" && method === "GET") return await signUpGet(ctx, uid);
        if (sub === "/signup" && method === "POST") return await signUpPost(ctx, uid);
        throw new HttpError(405, "Method not allowed");
      }
      if (path === "/password/forgot") {
        if (method === "GET") return await passwords.forgotGet(ctx);
        if (method === "POST") return await passwords.forgotPost(ctx);
        throw new HttpError(405, "Method not allowed");
      }
      if ((m = path.match(/^\/password\/reset\/([A-Za-z0-9_-]{1,200})$/))) {
        if (method === "GET") return await passwords.resetGet(ctx, m[1]);
        if (method === "POST") return await passwords.resetPost(ctx, m[1]);
        throw new HttpError(405, "Method not allowed");
      }
      if ((m = path.match(/^\/email\/verify\/([A-Za-z0-9_-]{1,200})$/))) {
        if (method === "GET") return await passwords.verifyGet(ctx, m[1]);
        if (method === "POST") return await passwords.verifyPost(ctx, m[1]);
        throw new HttpError(405, "Method not allowed");
      }
      if (path === "/email/resend") {
        if (method === "GET") return await passwords.resendGet(ctx);
        if (method === "POST") return await passwords.resendPost(ctx);
        throw new HttpError(405, "Method not allowed");
      }
      if (path === "/account/password") {
        if (method === "GET") return await passwords.changeGet(ctx);
        if (method === "POST") return await passwords.changePost(ctx);
        throw new HttpError(405, "Method not allowed");
      }
      if (path === "/account/profile") {
        if (method === "GET") return await profiles.profileGet(ctx);
        if (method === "POST") return await profiles.profilePost(ctx);
        throw new HttpError(405, "Method not allowed");
      }
      if (path === "/account/profile/sign-in" && method === "POST") return await profiles.profileSignInPost(ctx);
    } catch (err) {
      if (err instanceof HttpError) {
        return html(ctx, err.status, messagePage("Request refused", err.message, { href: o.portalHome, label: "Return to the Appointment Portal" }));
      }
      throw err;
    }
    await next();
  };
}
