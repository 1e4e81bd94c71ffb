// Secrets that must survive restarts but need no operator: when the setting
// is unset, a random value is generated once and kept in
// DATA_DIR/secrets.json (mode 0600). Configure them explicitly in production.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "./env.server";

type SecretName =
  | "SESSION_SECRET"
  | "ENCRYPTION_KEY"
  | "IDP_COOKIE_KEY"
  | "OIDC_CLIENT_SECRET"
  // The embedded PostgreSQL's superuser and application role (decision 0014).
  | "EMBEDDED_PG_SUPERUSER_PASSWORD"
  | "EMBEDDED_PG_APP_PASSWORD";

let fileCache: Record<string, string> | undefined;

function secretsFile() {
  return path.join(env().dataDir, "secrets.json");
}

function readFile(): Record<string, string> {
  if (fileCache) return fileCache;
  const file = secretsFile();
  fileCache = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>) : {};
  return fileCache;
}

/**
 * The secret from the environment, else from DATA_DIR/secrets.json, else a
 * new random 32-byte value (base64) written there.
 */
export function getSecret(name: SecretName): string {
  const fromEnv = (env() as unknown as Record<string, string | undefined>)[name];
  if (fromEnv) return fromEnv;
  const stored = readFile();
  if (stored[name]) return stored[name];
  const value = randomBytes(32).toString("base64");
  const next = { ...stored, [name]: value };
  const file = secretsFile();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  fileCache = next;
  return value;
}

/** For tests that change DATA_DIR. */
export function resetSecretsCache() {
  fileCache = undefined;
}
