// The sign-in round trip: where to come back to, completing the callback,
// signing out at the provider, impersonation.
import { createCookie, redirect, redirectDocument } from "@remix-run/node";
import type { CurrentUser } from "~/lib/current-user";
import { audit } from "~/lib/audit.server";
import { deny, getAuthenticator, getCurrentUser, SignInError } from "~/lib/auth.server";
import { endProviderSessionsOf } from "~/features/idp/adapter.server";
import { prisma } from "~/lib/db.server";
import { linkSchema } from "~/features/links/schema";
import { isEmailAddress, normalizeEmail } from "~/lib/email-address";
import { env } from "~/lib/env.server";
import { oidcConfig, oidcEndpoints } from "~/lib/oidc.server";
import { getSecret } from "~/lib/secrets.server";
import { safeReturnTo } from "~/lib/security.server";
import { createSession, destroySession, endSessionsOfUsers, getSession, setSessionActor } from "~/lib/session.server";

function returnCookie() {
  return createCookie("portal_return", {
    httpOnly: true,
    sameSite: "lax",
    secure: env().secure,
    path: "/auth",
    maxAge: 600,
    secrets: [getSecret("SESSION_SECRET")],
  });
}

/**
 * The authorization request's extras (decision 0096): `login_hint` (the invited address, a
 * well-formed one: it only prefills the provider's forms); with the built-in provider also
 * `screen=signup` ('Create an account' opens its sign-up) and `continue_to` (where its
 * confirmation link continues, on another device or days later: this sign-in, to `returnTo`).
 */
function authorizationExtras(url: URL, returnTo: string): string {
  const extras = new URLSearchParams();
  const hint = normalizeEmail(url.searchParams.get("login_hint"));
  if (hint && isEmailAddress(hint)) extras.set("login_hint", hint);
  if (oidcConfig().builtIn) {
    if (url.searchParams.get("signup") === "1") extras.set("screen", "signup");
    if (returnTo !== "/home") extras.set("continue_to", `${env().appUrl}/auth/login?refresh=1&returnTo=${encodeURIComponent(returnTo)}`);
  }
  const query = extras.toString();
  return query ? `?${query}` : "";
}

/** GET /auth/login: off to the provider, remembering where to come back to. */
export async function startSignIn(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const lnk = url.searchParams.get("lnk");
  const parsedLink = linkSchema.safeParse(lnk ?? "");
  const link = lnk && parsedLink.success && parsedLink.data === lnk ? lnk : null;
  const asked = url.searchParams.get("returnTo");
  let returnTo = safeReturnTo(asked);
  if (link && returnTo === "/home") returnTo = `/home?lnk=${encodeURIComponent(link)}`;
  if (!link && !asked) {
    // A sign-in started again without a destination (the provider's 'Continue
    // to the portal' after confirming the email): keep the one still pending,
    // so a link followed before signing up is not lost.
    const pending = (await returnCookie().parse(request.headers.get("Cookie"))) as { returnTo?: string } | null;
    if (pending?.returnTo) returnTo = safeReturnTo(pending.returnTo);
  }
  const forceRefresh = url.searchParams.get("refresh") === "1";
  if (!forceRefresh && (await getCurrentUser(request))) throw redirect(returnTo);

  // Drop any state/code parameters so the strategy always starts a new flow here; keep only what
  // the authorization request carries (PortalStrategy in auth.server.ts).
  const clean = new Request(`${url.origin}/auth/login${authorizationExtras(url, returnTo)}`, { headers: request.headers });
  const auth = await getAuthenticator();
  try {
    await auth.authenticate("oidc", clean);
  } catch (thrown) {
    if (thrown instanceof Response) {
      const headers = new Headers(thrown.headers);
      headers.append("Set-Cookie", await returnCookie().serialize({ returnTo }));
      headers.set("Cache-Control", "no-store");
      return new Response(null, { status: thrown.status, headers });
    }
    throw thrown;
  }
  throw new Error("The sign-in flow did not redirect to the provider");
}

/**
 * The OAuth state cookies of this browser (remix-auth-oauth2 names each
 * `oauth2:<uuid>`, one per sign-in started), expired after the callback.
 */
function clearOAuthStateCookies(request: Request): string[] {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => name === "oauth2" || name.startsWith("oauth2:"));
  return [...new Set(names)]
    .filter((name) => /^[\w:.-]{1,100}$/.test(name))
    .map((name) => `${name}=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax${env().secure ? "; Secure" : ""}`);
}

export type CallbackFailure = {
  title: string;
  message: string;
  /** The address is not confirmed (decision 0035): the built-in provider's page that sends a new link, if it is ours. */
  unconfirmed?: { resendHref: string | null };
};

/** The answer to a sign-in whose address is not confirmed: no session; a new link from the built-in provider, else confirm at yours. */
function unconfirmedFailure(email: string | undefined): CallbackFailure {
  const cfg = oidcConfig();
  if (!cfg.builtIn) {
    return {
      title: "Confirm your email first",
      message:
        "Your sign-in provider has not confirmed your email address yet. Confirm it there (follow the link it sent you, or its instructions), then sign in again.",
      unconfirmed: { resendHref: null },
    };
  }
  const resend = new URL(`${cfg.issuer.replace(/\/+$/, "")}/email/resend`);
  if (email) resend.searchParams.set("email", email);
  return {
    title: "Confirm your email first",
    message: "Please confirm your email address first: open the link we emailed you when you signed up, then sign in again.",
    unconfirmed: { resendHref: resend.href },
  };
}

/** GET /auth/callback: the provider sent the user back. */
export async function completeSignIn(request: Request): Promise<Response | CallbackFailure> {
  const returnData = (await returnCookie().parse(request.headers.get("Cookie"))) as { returnTo?: string } | null;
  const clearState = [await returnCookie().serialize("", { maxAge: 0 }), ...clearOAuthStateCookies(request)];
  const auth = await getAuthenticator();
  try {
    const signedIn = await auth.authenticate("oidc", request);
    const headers = new Headers();
    headers.append("Set-Cookie", await destroySession(request));
    headers.append("Set-Cookie", await createSession(request, signedIn));
    await audit("SIGN_IN", { request, actorUserId: signedIn.userId, details: { email: signedIn.email } });
    for (const c of clearState) headers.append("Set-Cookie", c);
    headers.set("Cache-Control", "no-store");
    headers.set("Location", safeReturnTo(returnData?.returnTo));
    return new Response(null, { status: 302, headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    const reason = error instanceof SignInError ? error.reason : (error as Error).name;
    await audit("SIGN_IN_FAILED", { request, details: { reason, message: (error as Error).message } });
    if (error instanceof SignInError && error.reason === "EMAIL_UNVERIFIED") return unconfirmedFailure(error.email);
    const message =
      error instanceof SignInError && error.reason === "INACTIVE"
        ? "Your account is not active. Please contact us if you believe this is a mistake."
        : error instanceof SignInError && error.reason === "EMAIL_TAKEN"
          ? "This email address is already linked to another sign-in account. Please contact us."
          : "We could not complete your sign-in. Please try again.";
    return { title: "Sign-in Failed", message };
  }
}

/** POST /auth/logout: end the portal session, then the provider's. */
export async function signOut(request: Request): Promise<Response> {
  const session = await getSession(request);
  const cookie = await destroySession(request);
  if (session) {
    await audit("SIGN_OUT", {
      request,
      actorUserId: session.userId,
      impersonatorUserId: session.impersonatorUserId,
    });
  }
  let location = "/";
  try {
    const endpoints = await oidcEndpoints();
    if (endpoints.end_session_endpoint) {
      const u = new URL(endpoints.end_session_endpoint);
      u.searchParams.set("client_id", oidcConfig().clientId);
      u.searchParams.set("post_logout_redirect_uri", `${env().appUrl}/`);
      if (session?.idToken) u.searchParams.set("id_token_hint", session.idToken);
      location = u.toString();
    }
  } catch {
    // Provider unreachable: the portal session is gone all the same.
  }
  return redirectDocument(location, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

/**
 * POST /profile 'Sign out of every other device' (ASVS 5.0 V7.4.3, decision 0035): ends every other
 * portal session of the signed-in user (this one stays) and, with the built-in provider, every
 * provider session, grant and token of their account, so no other browser gets back in without the
 * password. Not while impersonating: those sessions are the user's, not the administrator's.
 * Returns how many portal sessions ended.
 */
export async function signOutOtherDevices(request: Request, user: CurrentUser): Promise<number> {
  if (user.impersonator) await deny(request, user, "sign out the impersonated user's other devices");
  const session = await getSession(request);
  if (!session) throw redirect("/");
  const builtIn = oidcConfig().builtIn;
  const ended = await prisma.$transaction(async (tx) => {
    const count = await endSessionsOfUsers(tx, [user.id], { exceptSessionId: session.id });
    if (builtIn) {
      const row = await tx.user.findUnique({ where: { id: user.id }, select: { externalId: true } });
      if (row?.externalId) await endProviderSessionsOf(tx, row.externalId);
    }
    return count;
  });
  await audit("SIGN_OUT_OTHER_DEVICES", { request, actorUserId: user.id, details: { ended } });
  return ended;
}

/** GET /auth/profile: the provider's profile page, back to the portal with fresh claims. */
export async function profileRedirect(): Promise<Response> {
  const cfg = oidcConfig();
  if (!cfg.profileUrl) return redirect("/profile");
  const u = new URL(cfg.profileUrl);
  u.searchParams.set("return_to", `${env().appUrl}/auth/login?refresh=1&returnTo=${encodeURIComponent("/home")}`);
  return redirectDocument(u.toString());
}

/**
 * The internal administrator behind the user (the user, or the one
 * impersonating them); otherwise 403, audited. The impersonation action calls
 * it before reading the form.
 */
export async function requireImpersonator(request: Request, user: CurrentUser, email?: string): Promise<{ id: string }> {
  const adminId = user.impersonator?.id ?? user.id;
  const admin = await prisma.user.findUnique({ where: { id: adminId }, select: { id: true, isInternal: true } });
  if (!admin?.isInternal) {
    await audit("IMPERSONATION_DENIED", { request, actorUserId: user.id, details: email === undefined ? undefined : { email } });
    throw new Response("Forbidden", { status: 403 });
  }
  return { id: admin.id };
}

/**
 * POST /auth/impersonate: an internal administrator acts as the user with
 * the given email (intent=stop ends it). Audited either way.
 */
export async function impersonate(
  request: Request,
  user: CurrentUser,
  form: { intent: string; email: string },
): Promise<Response | { error: string }> {
  const session = await getSession(request);
  if (!session) throw redirect("/");
  const admin = await requireImpersonator(request, user, form.email);
  if (form.intent === "stop") {
    if (user.impersonator) {
      await setSessionActor(session.id, admin.id, null);
      await audit("IMPERSONATION_END", { request, actorUserId: admin.id, targetType: "User", targetId: user.id });
    }
    return redirect("/");
  }
  const email = form.email.trim().toLowerCase();
  const target = email
    ? await prisma.user.findUnique({ where: { userName: email }, select: { id: true, isActive: true } })
    : null;
  if (!target || !target.isActive) {
    await audit("IMPERSONATION_DENIED", { request, actorUserId: admin.id, details: { email, reason: "NO_USER" } });
    return { error: "No active portal user has that email address." };
  }
  if (target.id === admin.id) return { error: "You are already signed in as this user." };
  await setSessionActor(session.id, target.id, admin.id);
  await audit("IMPERSONATION_START", {
    request,
    actorUserId: target.id,
    impersonatorUserId: admin.id,
    targetType: "User",
    targetId: target.id,
  });
  return redirect("/home");
}
