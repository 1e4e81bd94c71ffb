// Sign-in through the OpenID Connect provider (remix-auth + remix-auth-oauth2,
// authorization code with PKCE and state), the mapping of its claims onto
// the app user, and the guards every loader and action uses.
import { redirect, redirectDocument } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import type { CurrentUser } from "./current-user";
import { audit } from "./audit.server";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "./db.server";
import { env } from "./env.server";
import { noteRequestUser } from "./log.server";
import { oidcConfig, oidcEndpoints } from "./oidc.server";
import { hasPerRequest, perRequest, seedPerRequest } from "./request-scope.server";
import { getSessionWithUsers, hasSessionCookie, type SessionExtra } from "./session.server";

export type SignedIn = { userId: string; idToken: string | null; email?: string };

/** The claims we read (part 1, section 3). */
export type IdentityClaims = {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  middle_name?: string;
  phone_number?: string;
  oid?: string;
  extension_MiddleName?: string;
  extension_PhoneNumber?: string;
  extension_SSOUserId?: string;
  /** true (some providers send "true"); absent: OIDC_EMAIL_VERIFIED_DEFAULT for an external provider. */
  email_verified?: boolean | string;
};

export class SignInError extends Error {
  constructor(
    public readonly reason: "NO_EMAIL" | "INACTIVE" | "EMAIL_TAKEN" | "EMAIL_UNVERIFIED" | "PROVIDER",
    message: string,
    /** The address the provider gave (EMAIL_UNVERIFIED: the one to confirm). */
    public readonly email?: string,
  ) {
    super(message);
  }
}

/** What startSignIn may add to the authorization request (from its own request's query): see there. */
export const FORWARDED_AUTHORIZATION_PARAMS = ["login_hint", "screen", "continue_to"] as const;

/** The OAuth2 strategy, with the parameters startSignIn chose added to the authorization request. */
class PortalStrategy extends OAuth2Strategy<SignedIn> {
  protected override authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const out = new URLSearchParams(params);
    const asked = new URL(request.url).searchParams;
    for (const name of FORWARDED_AUTHORIZATION_PARAMS) {
      const value = asked.get(name);
      if (value) out.set(name, value);
    }
    return out;
  }
}

let authenticator: Promise<Authenticator<SignedIn>> | undefined;

async function createAuthenticator(): Promise<Authenticator<SignedIn>> {
  const cfg = oidcConfig();
  const endpoints = await oidcEndpoints();
  const auth = new Authenticator<SignedIn>();
  auth.use(
    new PortalStrategy(
      {
        cookie: { name: "oauth2", httpOnly: true, sameSite: "Lax", path: "/auth", ...(env().secure ? { secure: true } : {}) },
        clientId: cfg.clientId,
        clientSecret: cfg.clientSecret,
        authorizationEndpoint: endpoints.authorization_endpoint,
        tokenEndpoint: endpoints.token_endpoint,
        tokenRevocationEndpoint: endpoints.revocation_endpoint,
        redirectURI: `${env().appUrl}/auth/callback`,
        scopes: env().OIDC_SCOPES.split(/\s+/).filter(Boolean),
        codeChallengeMethod: CodeChallengeMethod.S256,
      },
      async ({ tokens }) => {
        const claims = await readClaims(tokens.accessToken(), endpoints.userinfo_endpoint);
        // No portal session, and no portal user, for an address its owner has not confirmed
        // (decision 0035): whoever signed up with someone else's address gets nothing here.
        if (!emailVerifiedClaim(claims)) {
          throw new SignInError("EMAIL_UNVERIFIED", "The provider has not verified this email address", clean(claims.email) ?? undefined);
        }
        const user = await upsertUserFromClaims(claims);
        let idToken: string | null = null;
        try {
          idToken = tokens.idToken();
        } catch {
          idToken = null;
        }
        await prisma.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
        // SIGN_IN is written by completeSignIn with the callback's own request: the strategy's copy
        // has lost the client's address.
        return { userId: user.id, idToken, email: user.userName };
      },
    ),
    "oidc",
  );
  return auth;
}

export function getAuthenticator(): Promise<Authenticator<SignedIn>> {
  authenticator ??= createAuthenticator().catch((e) => {
    authenticator = undefined;
    throw e;
  });
  return authenticator;
}

async function readClaims(accessToken: string, userinfoEndpoint?: string): Promise<IdentityClaims> {
  if (!userinfoEndpoint) throw new SignInError("PROVIDER", "The identity provider has no userinfo endpoint");
  const res = await fetch(userinfoEndpoint, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new SignInError("PROVIDER", `userinfo answered ${res.status}`);
  return (await res.json()) as IdentityClaims;
}

const clean = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

/** Whether the provider vouches for the email (claim `email_verified`; see OIDC_EMAIL_VERIFIED_DEFAULT). */
export function emailVerifiedClaim(claims: IdentityClaims): boolean {
  const v = claims.email_verified;
  if (v === true || v === "true") return true;
  if (v === false || v === "false") return false;
  // The built-in provider always sends the claim; only an external one may leave it out.
  return Boolean(env().OIDC_ISSUER) && env().OIDC_EMAIL_VERIFIED_DEFAULT;
}

/**
 * Maps the provider's claims onto the app user: found by the provider's
 * subject, else by email (users created by an invitation or the seed before
 * their first sign-in; only when the provider says the email is verified),
 * else created. Names, phone and email_verified follow the provider. Once
 * the email is verified, pending invitations sent to it are attached to the user.
 */
export async function upsertUserFromClaims(claims: IdentityClaims) {
  const email = clean(claims.email)?.toLowerCase();
  if (!email) throw new SignInError("NO_EMAIL", "The identity provider did not give an email address");
  const emailVerified = emailVerifiedClaim(claims);
  const profile = {
    emailVerified,
    firstName: clean(claims.given_name),
    lastName: clean(claims.family_name),
    middleName: clean(claims.extension_MiddleName) ?? clean(claims.middle_name),
    phoneNumber: clean(claims.extension_PhoneNumber) ?? clean(claims.phone_number),
    ssoUserId: clean(claims.extension_SSOUserId) ?? clean(claims.oid) ?? claims.sub,
  };
  const { user, claimed } = await prisma.$transaction(async (tx) => {
    let user = await tx.user.findUnique({ where: { externalId: claims.sub } });
    if (!user) {
      const byEmail = await tx.user.findUnique({ where: { userName: email } });
      if (byEmail?.externalId && byEmail.externalId !== claims.sub) {
        throw new SignInError("EMAIL_TAKEN", "This email is linked to another sign-in account");
      }
      if (byEmail && !emailVerified) {
        throw new SignInError("EMAIL_UNVERIFIED", "The email of a user waiting for their first sign-in is not verified", email);
      }
      user = byEmail
        ? await tx.user.update({ where: { id: byEmail.id }, data: { externalId: claims.sub, ...keepEdited(byEmail, profile) } })
        : await tx.user.create({
            data: { userName: email, externalId: claims.sub, userRoleCode: DEFAULT_ROLE, isActive: true, ...profile },
          });
    } else {
      user = await tx.user.update({ where: { id: user.id }, data: { userName: email, ...keepEdited(user, profile) } });
    }
    if (!user.isActive) throw new SignInError("INACTIVE", "This account has been deactivated");
    let claimed: number[] = [];
    if (user.emailVerified) {
      // Claiming: invitations sent to this (verified) email become the user's.
      await tx.invitation.updateMany({
        where: { prospectUserId: null, prospectEmailAddress: email, status: "INVITED" },
        data: { prospectUserId: user.id },
      });
      claimed = await claimPaperApplications(tx, user.id, email);
    }
    return { user, claimed };
  });
  for (const appointmentId of claimed) {
    await audit("APPLICATION_CLAIMED", { actorUserId: user.id, targetType: "Appointment", targetId: String(appointmentId), details: { via: "sign-in" } });
  }
  return user;
}

/**
 * Claiming paper applications (decision 0022): applications a recruiter
 * filled out on behalf of this (verified) email and that have no prospect
 * yet become the user's, with their uploaded documents. Returns their ids.
 */
export async function claimPaperApplications(tx: Prisma.TransactionClient, userId: string, email: string): Promise<number[]> {
  const rows = await tx.appointment.findMany({
    where: { userId: null, isPaperAppointment: true, isDeleted: false, prospectEmailAddress: email.toLowerCase() },
    select: { appointmentId: true },
  });
  const ids = rows.map((r) => r.appointmentId);
  if (ids.length === 0) return ids;
  await tx.appointment.updateMany({ where: { appointmentId: { in: ids }, userId: null }, data: { userId } });
  await tx.document.updateMany({ where: { appointmentId: { in: ids }, appUserId: null }, data: { appUserId: userId } });
  // An approved paper application's agent positions become the user's too, and the user an agent
  // (decision 0028: the approval invited them to create this account).
  const linked = await tx.agent.updateMany({ where: { userId: null, carrierBlocks: { some: { appointmentId: { in: ids } } } }, data: { userId } });
  if (linked.count > 0) await tx.user.updateMany({ where: { id: userId, userRoleCode: DEFAULT_ROLE }, data: { userRoleCode: "USRROLE_AGENT" } });
  return ids;
}

type EditableProfile = { firstName: string | null; middleName: string | null; lastName: string | null; phoneNumber: string | null };

/**
 * What the user saved on the portal's profile page is theirs: once they have
 * (profileEditedAt), the claims fill only the names and phone left empty.
 */
function keepEdited<T extends Partial<EditableProfile>>(user: EditableProfile & { profileEditedAt: Date | null }, profile: T): T {
  if (!user.profileEditedAt) return profile;
  const kept = { ...profile };
  for (const k of ["firstName", "middleName", "lastName", "phoneNumber"] as const) if (user[k]) delete kept[k];
  return kept;
}

/** Role of a user who signs up without an invitation (a prospective agent). */
export const DEFAULT_ROLE = "USRROLE_PROSPECT";

/**
 * The signed-in user, or null. Read once per request (request-scope.server.ts):
 * the root loader and the page's loader get the same object.
 */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  return perRequest(request, "currentUser", () => loadCurrentUser(request).then((r) => r.user));
}

/**
 * getCurrentUser() and, in the same statement, more columns computed from the
 * session's user (`s.user_id`; SQL text of our own, e.g. the shell's), with
 * more joins and their values when given as a SessionExtra (e.g. the
 * appointment access check, access.server.ts).
 * `extra` is null when the user was already read for this request without
 * them (the caller then reads them itself) or when nobody is signed in.
 */
export async function getCurrentUserWith(
  request: Request,
  extra: SessionExtra,
): Promise<{ user: CurrentUser | null; extra: Record<string, unknown> | null }> {
  if (hasPerRequest(request, "currentUser")) return { user: await getCurrentUser(request), extra: null };
  const loaded = loadCurrentUser(request, extra);
  seedPerRequest(
    request,
    "currentUser",
    loaded.then((r) => r.user),
  );
  return loaded;
}

async function loadCurrentUser(
  request: Request,
  extra?: SessionExtra,
): Promise<{ user: CurrentUser | null; extra: Record<string, unknown> | null }> {
  const none = { user: null, extra: null };
  // One statement: the session joined with its user and impersonator.
  const session = await getSessionWithUsers(request, extra);
  if (!session) return none;
  const { user, impersonator } = session;
  if (!user.isActive) return none;
  // Only an administrator's impersonation acts as a user whose address is not confirmed (decision 0035).
  if (!user.emailVerified && !session.impersonatorUserId) return none;
  if (session.impersonatorUserId && (!impersonator || !impersonator.isInternal || !impersonator.isActive)) return none;
  const { isActive: _ignored, ...rest } = user;
  noteRequestUser(user.id, session.impersonatorUserId); // the request's log line: ids, never the email
  return {
    user: {
      ...rest,
      impersonator: impersonator
        ? {
            id: impersonator.id,
            userName: impersonator.userName,
            firstName: impersonator.firstName,
            lastName: impersonator.lastName,
          }
        : null,
    },
    extra: extra ? session.extra : null,
  };
}

function pathOf(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/**
 * The signed-in user, or the way to sign in: an anonymous page request goes
 * to the provider and comes back to the same path; a form post without a
 * live session shows 'Session Timeout' and then signs the user in again.
 */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  throw await signInAgain(request);
}

/**
 * requireUser() with more of the session's statement (getCurrentUserWith): the
 * signed-in user and the extra columns (null when the user had already been
 * read for this request: the caller then reads them itself).
 */
export async function requireUserWith(
  request: Request,
  extra: SessionExtra,
): Promise<{ user: CurrentUser; extra: Record<string, unknown> | null }> {
  const got = await getCurrentUserWith(request, extra);
  if (got.user) return { user: got.user, extra: got.extra };
  throw await signInAgain(request);
}

/** What requireUser answers when nobody is signed in: the way to sign in (or 'Session Timeout' for a post). */
async function signInAgain(request: Request): Promise<Response> {
  const returnTo = pathOf(request);
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD") {
    return redirectDocument(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  }
  const referer = request.headers.get("Referer");
  let back = returnTo;
  if (referer) {
    try {
      const r = new URL(referer);
      if (r.origin === new URL(request.url).origin) back = r.pathname + r.search;
    } catch {
      /* keep the action's path */
    }
  }
  const expired = await hasSessionCookie(request);
  return redirectDocument(`/session-expired?returnTo=${encodeURIComponent(back)}${expired ? "" : "&reason=none"}`, 303);
}

/** The real person behind the session: the administrator while impersonating. */
export function realUserId(user: CurrentUser): string {
  return user.impersonator?.id ?? user.id;
}

/** Refuses (403) and audits. */
export async function deny(request: Request, user: CurrentUser | null, what: string): Promise<never> {
  await audit("ACCESS_DENIED", {
    request,
    actorUserId: user?.id,
    impersonatorUserId: user?.impersonator?.id,
    details: { what, path: new URL(request.url).pathname, method: request.method },
  });
  throw new Response("Forbidden", { status: 403 });
}

export { redirect };
