// An external OpenID Connect provider, as an operator's would be: a second
// oidc-provider instance (not the portal's built-in one, nothing of app/) on
// its own loopback port and issuer, with one confidential client and its own
// accounts. The portal reaches it only through OIDC_ISSUER, OIDC_CLIENT_ID and
// OIDC_CLIENT_SECRET (discovery, authorization code with PKCE, the token
// endpoint with client_secret_basic, userinfo).
//
//   const idp = await startExternalIdp({ accounts: [ ... ] });
//   idp.issuer                 // OIDC_ISSUER for the portal
//   idp.register({ client_id, client_secret, redirect_uris: [`${app.url}/auth/callback`] });
//   await idp.stop();
//
// register() comes after the listen because the portal's address (its redirect URI) is known only
// once it started, and it needs the issuer to start; until then the provider answers 503.
//
// Its sign-in page is GET /interaction/<uid>, the form posts email and password to
// /interaction/<uid>/login (as the built-in provider's: signInAs() of app-sign-in.ts works with it).
import { generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Account, type Adapter, type AdapterPayload, type Configuration, type KoaContext } from "oidc-provider";

export type ExternalAccount = {
  sub: string;
  email: string;
  password: string;
  given_name: string;
  family_name: string;
  /** Sent as the email_verified claim; omitted when undefined. */
  email_verified?: boolean;
};

export type ExternalClient = {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
};

export type ExternalIdp = {
  /** http://127.0.0.1:<port>: the issuer (OIDC_ISSUER). */
  issuer: string;
  port: number;
  /** Registers the portal's client (once): from then on the provider answers. */
  register(client: ExternalClient): void;
  stop(): Promise<void>;
};

/** Its artefacts in memory, one store per provider (oidc-provider's own would warn at every start). */
function memoryAdapter() {
  const store = new Map<string, { payload: AdapterPayload; expires: number }>();
  const live = (key: string) => {
    const hit = store.get(key);
    if (hit && hit.expires < Date.now()) store.delete(key);
    return hit && hit.expires >= Date.now() ? hit.payload : undefined;
  };
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
      store.set(this.key(id), { payload, expires: Date.now() + expiresIn * 1000 });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      for (const [key, { payload }] of store) if (key.startsWith(`${this.model}:`) && payload.uid === uid) return live(key);
      return undefined;
    }
    async findByUserCode(userCode: string) {
      for (const [key, { payload }] of store) if (key.startsWith(`${this.model}:`) && payload.userCode === userCode) return live(key);
      return undefined;
    }
    async consume(id: string) {
      const hit = store.get(this.key(id));
      if (hit) hit.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, { payload }] of store) if (payload.grantId === grantId) store.delete(key);
    }
  };
}

const TTL = { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 3600, Session: 3600, Grant: 3600 };

const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startExternalIdp(opts: { accounts: ExternalAccount[] }): Promise<ExternalIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });

  const configuration = (client: ExternalClient): Configuration => ({
    adapter: memoryAdapter(),
    ttl: TTL,
    clients: [
      {
        client_id: client.client_id,
        client_secret: client.client_secret,
        redirect_uris: client.redirect_uris,
        post_logout_redirect_uris: client.post_logout_redirect_uris ?? [],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [{ ...signingKey, use: "sig", alg: "RS256", kid: "external-1" }] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name"],
      phone: ["phone_number"],
    },
    scopes: ["openid", "profile", "email", "phone"],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, userinfo: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    findAccount(_ctx: KoaContext, sub: string): Account | undefined {
      const a = opts.accounts.find((x) => x.sub === sub);
      if (!a) return undefined;
      return {
        accountId: a.sub,
        claims: () => ({
          sub: a.sub,
          email: a.email,
          ...(a.email_verified === undefined ? {} : { email_verified: a.email_verified }),
          name: `${a.given_name} ${a.family_name}`,
          given_name: a.given_name,
          family_name: a.family_name,
        }),
      };
    },
    // A company's own application: consent is implied (as an operator sets it up for its portal).
    async loadExistingGrant(ctx: KoaContext) {
      const oidc = ctx.oidc!;
      const accountId = oidc.session?.accountId;
      if (!accountId) return undefined;
      const grant = new oidc.provider.Grant({ accountId, clientId: oidc.client!.clientId });
      grant.addOIDCScope([...(oidc.requestParamOIDCScopes ?? [])].join(" "));
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx: KoaContext, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  });
  let provider: Provider | undefined;
  let callback: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined;

  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const oidc = provider;
    if (!oidc || !callback) {
      res.statusCode = 503;
      return void res.end("no client registered yet");
    }
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? "");
    if (!match) return void callback(req, res);
    void (async () => {
      try {
        const interaction = await oidc.interactionDetails(req, res);
        if (req.method === "POST" && match[2]) {
          const form = await readForm(req);
          const account = opts.accounts.find((a) => a.email === form.get("email") && a.password === form.get("password"));
          if (account) return await oidc.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
          res.statusCode = 401;
        }
        res.setHeader("Content-Type", "text/html; charset=utf-8");
        res.end(
          `<!doctype html><title>Example IdP</title><form method="post" action="/interaction/${escapeHtml(interaction.uid)}/login">` +
            `<input name="email"><input name="password" type="password"><button>Sign in</button></form>`,
        );
      } catch (error) {
        res.statusCode = 400;
        res.end(String((error as Error).message));
      }
    })();
  });

  return {
    issuer,
    port,
    register(client) {
      if (provider) throw new Error("a client is registered already");
      provider = new Provider(issuer, configuration(client));
      callback = provider.callback();
    },
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
