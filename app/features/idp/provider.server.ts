// The built-in OpenID Connect provider, used when OIDC_ISSUER is unset: an
// oidc-provider instance on its own port, storing its artefacts in Postgres
// (IdpPayload), its accounts in IdpAccount, with our own pages for sign-in,
// sign-up, password reset, profile edit and sign-out. See
// docs/decisions/0002-built-in-identity-provider.md.
import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Provider, { type Account, type Configuration, type KoaContext, type Middleware } from "oidc-provider";
import { allowedHostsFor, hostAllowed, refuseBeforeRouting, refuseMisdirected, type HostPattern } from "~/lib/allowed-hosts.server";
import { requestTargetRefusal } from "~/lib/request-target.server";
import { env } from "~/lib/env.server";
import { idpRouteLabel, requestLog } from "~/lib/log.server";
import { listenHost } from "~/lib/net.server";
import { getSecret } from "~/lib/secrets.server";
import { findAccountById, DEFAULT_SIGN_IN_LIMITS, type IdpAccountRecord, type SignInLimits } from "./accounts.server";
import { PrismaAdapter, purgeExpiredIdpPayloads } from "./adapter.server";
import { settleIdpWork } from "./emails.server";
import { purgeQuietThrottles } from "./throttle.server";
import { sendHtml } from "./http.server";
import { loadOrCreateJwks, type Jwks } from "./keys.server";
import { logoutPage, messagePage, signedOutPage } from "./pages.server";
import { idpRoutes } from "./routes.server";

export type IdpClient = {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  /** Defaults to client_secret_basic. */
  token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post";
};

export type StartIdentityProviderOptions = {
  port: number;
  /** Public URL of the provider, e.g. http://localhost:3001 (no trailing slash). */
  issuer: string;
  clients: IdpClient[];
  /** Interface to listen on; default HOST, or 127.0.0.1 while APP_URL is loopback (listenHost()). */
  host?: string;
  /**
   * Trust X-Forwarded-* headers (behind one TLS-terminating proxy; IDP_TRUST_PROXY). Default false:
   * the source address of the sign-in delays is the socket's. When true, it is the last
   * X-Forwarded-For entry (the one our proxy appended), never one the client wrote.
   */
  proxy?: boolean;
  /** Signing keys; default DATA_DIR/idp-jwks.json, created on first start. */
  jwksFile?: string;
  /** Cookie signing keys; default [getSecret("IDP_COOKIE_KEY")]. */
  cookieKeys?: string[];
  /** More Host names to answer besides the issuer's (decision 0036); default ALLOWED_HOSTS. */
  allowedHosts?: HostPattern[];
  /** Progressive sign-in delays (throttle.server.ts); default 5 free failures per account at one address and 30 per address, then 1 s doubling to 30 s. */
  signInLimits?: Partial<SignInLimits>;
};

export type IdentityProvider = { issuer: string; stop(): Promise<void> };

/** Scopes and the claims each one releases. */
export const IDP_CLAIMS = {
  openid: ["sub", "oid"],
  email: ["email", "email_verified"],
  profile: ["name", "given_name", "middle_name", "family_name", "updated_at", "extension_MiddleName"],
  phone: ["phone_number", "phone_number_verified", "extension_PhoneNumber"],
} as const;

/** The claims of an account (filtered by the granted scopes by oidc-provider). */
export function accountClaims(a: IdpAccountRecord): Record<string, unknown> {
  const digits = a.phoneNumber?.replace(/\D/g, "") ?? "";
  return {
    sub: a.id,
    oid: a.id,
    email: a.email,
    email_verified: a.emailVerified,
    name: [a.givenName, a.middleName, a.familyName].filter(Boolean).join(" "),
    given_name: a.givenName,
    middle_name: a.middleName ?? undefined,
    family_name: a.familyName,
    updated_at: Math.floor(a.updatedAt.getTime() / 1000),
    extension_MiddleName: a.middleName ?? undefined,
    phone_number: digits.length === 10 ? `+1${digits}` : a.phoneNumber ?? undefined,
    phone_number_verified: digits ? false : undefined,
    extension_PhoneNumber: a.phoneNumber ?? undefined,
  };
}

/**
 * RFC 6749 §2.3.1 wants client_id and secret form-urlencoded inside HTTP
 * Basic credentials, and oidc-provider decodes them so ('+' becomes a space).
 * Some clients (arctic, under remix-auth-oauth2) send them raw. When the raw
 * credentials are exactly one of our clients', re-encode them the RFC way, so
 * secrets with '+', '/', '=' or '%' work with both kinds of client.
 */
function basicAuthCompat(clients: IdpClient[]): Middleware {
  const digest = (v: string) => createHash("sha256").update(v, "utf8").digest();
  const known = clients.map((c) => ({ id: c.client_id, secret: digest(c.client_secret), raw: c }));
  const rfc = (v: string) => encodeURIComponent(v).replace(/%20/g, "+");
  return async function basicAuthCompatMiddleware(ctx, next) {
    const header = ctx.method === "POST" ? ctx.get("authorization") : "";
    if (header && /^basic /i.test(header)) {
      const decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
      const i = decoded.indexOf(":");
      if (i > 0) {
        const id = decoded.slice(0, i);
        const secret = decoded.slice(i + 1);
        const client = known.find((k) => k.id === id);
        if (client && timingSafeEqual(digest(secret), client.secret)) {
          const encoded = Buffer.from(`${rfc(id)}:${rfc(secret)}`, "utf8").toString("base64");
          ctx.req.headers.authorization = `Basic ${encoded}`;
        }
      }
    }
    await next();
  };
}

/**
 * RP-initiated logout without a second question: when the portal (every
 * client of this provider is the portal's own) sends a valid id_token_hint
 * for the account signed in here and a registered post_logout_redirect_uri,
 * the provider session ends at once and the browser goes back to the
 * portal. One LOGOUT ends both sessions, with or without JavaScript. Any
 * other request gets the 'Sign out?' page. Returns true when it answered.
 */
async function endSessionAtOnce(ctx: KoaContext, provider: Provider, cookieOptions: Record<string, unknown>): Promise<boolean> {
  const oidc = ctx.oidc;
  const session = oidc?.session;
  const hint = oidc?.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
  const target = oidc?.params?.post_logout_redirect_uri;
  if (!oidc?.client || !session?.accountId || typeof target !== "string" || hint?.payload?.sub !== session.accountId) {
    return false;
  }
  for (const { grantId } of Object.values(session.authorizations ?? {})) {
    if (!grantId) continue;
    await Promise.all([
      provider.AccessToken.revokeByGrantId(grantId),
      provider.RefreshToken.revokeByGrantId(grantId),
      provider.AuthorizationCode.revokeByGrantId(grantId),
    ]);
    await (await provider.Grant.find(grantId))?.destroy();
  }
  await session.destroy();
  ctx.cookies.set(provider.cookieName("session"), null, { ...cookieOptions, signed: true });
  const back = new URL(target);
  if (typeof oidc.params?.state === "string") back.searchParams.set("state", oidc.params.state);
  ctx.set("Cache-Control", "no-store");
  ctx.status = 303;
  ctx.redirect(back.toString());
  ctx.status = 303;
  return true;
}

const TTL = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  Interaction: 60 * 60,
  Session: 12 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
};

export async function startIdentityProvider(opts: StartIdentityProviderOptions): Promise<IdentityProvider> {
  const issuer = opts.issuer.replace(/\/+$/, "");
  const clientOrigins = [
    ...new Set(opts.clients.flatMap((c) => [...c.redirect_uris, ...c.post_logout_redirect_uris]).map((u) => new URL(u).origin)),
  ];
  const portalHome = clientOrigins[0] ? `${clientOrigins[0]}/` : `${issuer}/`;
  const jwks: Jwks = loadOrCreateJwks(opts.jwksFile ?? path.join(env().dataDir, "idp-jwks.json"));
  const cookieKeys = opts.cookieKeys ?? [getSecret("IDP_COOKIE_KEY")];
  const cookieOptions = { httpOnly: true, sameSite: "lax", path: "/" };
  const signInLimits = { ...DEFAULT_SIGN_IN_LIMITS, ...opts.signInLimits };
  const html = (ctx: KoaContext, status: number, body: string) => sendHtml(ctx, status, body, clientOrigins);

  const configuration: Configuration = {
    adapter: PrismaAdapter,
    clients: opts.clients.map((c) => ({
      client_id: c.client_id,
      client_secret: c.client_secret,
      redirect_uris: c.redirect_uris,
      post_logout_redirect_uris: c.post_logout_redirect_uris,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: c.token_endpoint_auth_method ?? "client_secret_basic",
      id_token_signed_response_alg: "RS256",
    })),
    jwks,
    cookies: {
      keys: cookieKeys,
      names: { session: "idp_session", interaction: "idp_interaction", resume: "idp_resume" },
      long: { ...cookieOptions, signed: true },
      short: { ...cookieOptions, signed: true },
    },
    claims: IDP_CLAIMS,
    // The ID token carries the profile too (the portal reads userinfo all the same).
    conformIdTokenClaims: false,
    scopes: ["openid", "offline_access", "profile", "email", "phone"],
    pkce: { required: () => true },
    // The portal's extras (decision 0096): 'screen=signup' opens the sign-up form, 'continue_to'
    // is where the confirmation link continues (a client origin only, checked where it is used).
    extraParams: ["screen", "continue_to"],
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContext, form: string) {
          if (await endSessionAtOnce(ctx, provider, cookieOptions)) return;
          html(ctx, 200, logoutPage(form));
        },
        async postLogoutSuccessSource(ctx: KoaContext) {
          html(ctx, 200, signedOutPage(portalHome));
        },
      },
    },
    async findAccount(_ctx: KoaContext, sub: string): Promise<Account | undefined> {
      const account = await findAccountById(sub);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => accountClaims(account) };
    },
    // First-party clients only: consent is implied. The grant is created (or
    // extended) with whatever OpenID scopes and claims the request asks for.
    async loadExistingGrant(ctx: KoaContext) {
      const oidc = ctx.oidc!;
      const client = oidc.client!;
      const session = oidc.session!;
      const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const found = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      const accountId = session.accountId;
      if (!accountId) return found;
      const grant =
        found && found.accountId === accountId ? found : new oidc.provider.Grant({ accountId, clientId: client.clientId });
      const scope = [...(oidc.requestParamOIDCScopes ?? [])].join(" ");
      if (scope) grant.addOIDCScope(scope);
      const claims = [...(oidc.requestParamClaims ?? [])];
      if (claims.length) grant.addOIDCClaims(claims);
      await grant.save();
      return grant;
    },
    interactions: {
      url: (_ctx: KoaContext, interaction: { uid: string }) => `${new URL(issuer).pathname.replace(/\/+$/, "")}/interaction/${interaction.uid}`,
    },
    async renderError(ctx: KoaContext, out: Record<string, string>, _error: Error) {
      const status = ctx.status && ctx.status >= 400 ? ctx.status : 400;
      const message = out.error_description || out.error || "The request could not be processed.";
      html(ctx, status, messagePage("Something went wrong", message, { href: portalHome, label: "Return to the Appointment Portal" }));
    },
    ttl: TTL,
    clockTolerance: 15,
    // Resource indicators etc. are not used: access tokens are opaque and
    // only good at the userinfo endpoint.
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = opts.proxy ?? false;
  // Koa: with proxy on, ctx.ip is the LAST forwarded address (what our one proxy saw), not the client's first entry.
  provider.maxIpsCount = 1;
  provider.use(basicAuthCompat(opts.clients));
  provider.use(
    idpRoutes({
      provider,
      issuer,
      clientOrigins,
      portalHome,
      sessionTtlSeconds: TTL.Session,
      sessionCookieOptions: { ...cookieOptions, signed: true },
      signInLimits,
      portalSignIn: clientOrigins[0] ? `${clientOrigins[0]}/auth/login?refresh=1` : undefined,
    }),
  );
  provider.on("server_error", (_ctx: unknown, err: Error) => {
    console.error("[idp] server error:", err?.message ?? err);
  });

  // A Host that is not the issuer's (DNS rebinding: a page on evil.example rebound to this
  // address) is refused before oidc-provider, our pages or the body see the request (decision 0036).
  const allowedHosts = allowedHostsFor(issuer, opts.allowedHosts ?? env().ALLOWED_HOSTS);
  const callback = provider.callback();
  // One log line per answer (service idp, log.server.ts), refusals included.
  const logRequest = requestLog("idp", idpRouteLabel);
  const server = http.createServer((req, res) =>
    logRequest(req, res, () => {
      // The target and Host first (absolute-form, two Host headers: 400), as the portal's server (decision 0085).
      const refusal = requestTargetRefusal(req, allowedHosts);
      if (refusal) return refuseBeforeRouting(req, res, 400, refusal);
      if (hostAllowed(req.headers.host, allowedHosts)) return void callback(req, res);
      refuseMisdirected(req, res);
    }),
  );
  server.headersTimeout = 20_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    const onListening = () => {
      server.off("error", reject);
      resolve();
    };
    const host = opts.host ?? listenHost();
    if (host) server.listen(opts.port, host, onListening);
    else server.listen(opts.port, onListening);
  });

  const purge = setInterval(() => {
    Promise.all([purgeExpiredIdpPayloads(), purgeQuietThrottles()]).catch((err: unknown) => {
      console.error("[idp] purge of expired artefacts failed:", err instanceof Error ? err.message : err);
    });
  }, 10 * 60_000);
  purge.unref();

  return {
    issuer,
    /** The port actually bound (useful with port 0). */
    get port() {
      return (server.address() as AddressInfo).port;
    },
    async stop() {
      clearInterval(purge);
      await settleIdpWork();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  } as IdentityProvider & { port: number };
}
