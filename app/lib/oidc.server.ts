// Where the OpenID Connect provider is: configured (OIDC_ISSUER) or the
// built-in one started by server/boot.ts. Endpoints come from discovery.
export type OidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Page where the user edits their profile at the provider, if any. */
  profileUrl?: string;
  builtIn: boolean;
};

export type OidcEndpoints = {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
  revocation_endpoint?: string;
};

let config: OidcConfig | undefined;
let discovery: Promise<OidcEndpoints> | undefined;

export function configureOidc(c: OidcConfig) {
  config = c;
  discovery = undefined;
}

export function oidcConfig(): OidcConfig {
  if (!config) throw new Error("The OpenID Connect provider is not configured yet");
  return config;
}

/** The provider's metadata, fetched once (retried on the next call after a failure). */
export function oidcEndpoints(): Promise<OidcEndpoints> {
  if (!discovery) {
    const { issuer } = oidcConfig();
    const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
    discovery = fetch(url, { signal: AbortSignal.timeout(10_000) })
      .then(async (res) => {
        if (!res.ok) throw new Error(`OpenID discovery failed: ${res.status} at ${url}`);
        return (await res.json()) as OidcEndpoints;
      })
      .catch((error) => {
        discovery = undefined;
        throw error;
      });
  }
  return discovery;
}
