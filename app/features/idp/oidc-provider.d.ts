// oidc-provider 9 ships no type declarations (and @types/oidc-provider is
// not installed). This declares the part of its API the built-in identity
// provider uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export type JWK = Record<string, unknown> & { kid?: string; kty?: string; alg?: string; use?: string };

  export interface AdapterPayload {
    [key: string]: unknown;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: unknown;
    accountId?: string;
    clientId?: string;
    exp?: number;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface CookiesJar {
    get(name: string, opts?: Record<string, unknown>): string | undefined;
    set(name: string, value: string | null, opts?: Record<string, unknown>): unknown;
  }

  /** The Koa context as oidc-provider's middleware sees it. */
  export interface KoaContext {
    req: IncomingMessage;
    res: ServerResponse;
    method: string;
    path: string;
    url: string;
    href: string;
    /** Koa 3: the Origin request header (not our own origin). */
    origin: string | null;
    protocol: string;
    host: string;
    ip: string;
    secure: boolean;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
    type: string;
    headers: Record<string, string | string[] | undefined>;
    cookies: CookiesJar;
    get(field: string): string;
    set(field: string, value: string | string[]): void;
    redirect(url: string): void;
    oidc?: OIDCContext;
  }

  export interface OIDCContext {
    client?: Client;
    session?: Session;
    params?: Record<string, unknown>;
    route?: string;
    result?: Record<string, any>;
    requestParamScopes?: Set<string>;
    requestParamOIDCScopes?: Set<string>;
    requestParamClaims?: Set<string>;
    provider: Provider;
    urlFor(name: string, opt?: Record<string, unknown>): string;
    entities: Record<string, any>;
  }

  export interface Client {
    clientId: string;
    clientName?: string;
    redirectUris?: string[];
  }

  export interface Session {
    accountId?: string;
    uid: string;
    jti: string;
    id: string;
    exp?: number;
    loginTs?: number;
    new?: boolean;
    state?: Record<string, unknown>;
    loginAccount(details: { accountId: string; loginTs?: number; amr?: string[]; acr?: string; transient?: boolean }): void;
    save(ttl: number): Promise<string>;
    destroy(): Promise<void>;
    grantIdFor(clientId: string): string | undefined;
    authorizations?: Record<string, { grantId?: string }>;
  }

  export interface Interaction {
    uid: string;
    jti: string;
    exp: number;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, any>;
    session?: { accountId?: string; uid?: string; cookie?: string };
    grantId?: string;
    lastSubmission?: Record<string, any>;
    result?: Record<string, any>;
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    getOIDCScope(): string;
    save(ttl?: number): Promise<string>;
    destroy(): Promise<void>;
  }

  export interface TokenConstructor {
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface GrantConstructor {
    new (props: { accountId?: string; clientId?: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface SessionConstructor {
    get(ctx: KoaContext): Promise<Session>;
    find(id: string): Promise<Session | undefined>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string, claims: Record<string, unknown>, rejected: string[]): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void> | void;

  export type Configuration = Record<string, any>;

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    proxy: boolean;
    /** Koa: how many X-Forwarded-For entries (from the right) to trust; 0 = all. */
    maxIpsCount: number;
    keys: string[];
    Grant: GrantConstructor;
    Session: SessionConstructor;
    AccessToken: TokenConstructor;
    RefreshToken: TokenConstructor;
    AuthorizationCode: TokenConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(fn: Middleware): this;
    on(event: string, listener: (...args: any[]) => void): this;
    cookieName(type: "session" | "interaction" | "resume"): string;
    createContext(req: IncomingMessage, res: ServerResponse): KoaContext;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      opts?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      opts?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    pathFor(name: string, opts?: Record<string, unknown>): string;
  }

  export const errors: Record<string, new (...args: any[]) => Error>;
  export const interactionPolicy: any;
}
