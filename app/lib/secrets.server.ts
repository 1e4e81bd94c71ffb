// Secrets: each from its environment variable, or from a file (NAME_FILE,
// read by env()), else from DATA_DIR/secrets.json (mode 0600), else a random
// value generated once and kept there.
//
// Generating is refused (decision 0042, issue 19 item 6) in production
// (NODE_ENV=production or a non-loopback APP_URL) on an existing database: a
// process that does not have the secret the data were made with must not
// start with a new one (cookies of other processes rejected, encrypted data
// unreadable). server/boot.ts says when the database is an existing one
// (refuseSecretGeneration).
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "./env.server";
import { portalIsLocal } from "./net.server";

export type SecretName =
  | "SESSION_SECRET"
  | "ENCRYPTION_KEY"
  | "IDP_COOKIE_KEY"
  | "OIDC_CLIENT_SECRET"
  // The embedded PostgreSQL's superuser and application role (decision 0014).
  | "EMBEDDED_PG_SUPERUSER_PASSWORD"
  | "EMBEDDED_PG_APP_PASSWORD";

/** A secret that may not be generated here: the message names it and says how to give it. */
export class MissingSecretError extends Error {
  override name = "MissingSecretError";
}

let fileCache: Record<string, string> | undefined;
let refusal: string | undefined;

function secretsFile() {
  return path.join(env().dataDir, "secrets.json");
}

function readFile(): Record<string, string> {
  if (fileCache) return fileCache;
  const file = secretsFile();
  fileCache = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>) : {};
  return fileCache;
}

/** NODE_ENV=production, or an APP_URL other machines reach: secrets must be given, not made up. */
export function isProductionStart(): boolean {
  return env().NODE_ENV === "production" || !portalIsLocal();
}

/**
 * From now on a missing secret stops the start instead of being generated
 * (`why`: what makes the database an existing one). undefined allows it again (tests).
 */
export function refuseSecretGeneration(why: string | undefined) {
  refusal = why;
}

/** Where a secret came from, or undefined when it is not there yet (nothing is generated). */
export function findSecret(name: SecretName): string | undefined {
  const fromEnv = (env() as unknown as Record<string, string | undefined>)[name];
  if (fromEnv) return fromEnv;
  return readFile()[name] || undefined;
}

/**
 * The secret from the environment (or NAME_FILE), else from
 * DATA_DIR/secrets.json, else a new random 32-byte value (base64) written
 * there, unless refuseSecretGeneration() was called: then MissingSecretError.
 */
export function getSecret(name: SecretName): string {
  const found = findSecret(name);
  if (found) return found;
  assertSecretMayBeMade(name);
  const stored = readFile();
  const value = randomBytes(32).toString("base64");
  const next = { ...stored, [name]: value };
  const file = secretsFile();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  fileCache = next;
  return value;
}

/**
 * MissingSecretError when the secret is not there and may not be generated: the start's check
 * before it writes anything (decision 0086); getSecret() generates it later when it may.
 */
export function assertSecretMayBeMade(name: SecretName): void {
  if (findSecret(name) || refusal === undefined) return;
  throw new MissingSecretError(
    `${name} is missing: it is not set (nor ${name}_FILE) and not in ${secretsFile()}, and ${refusal}. ` +
      `A production start does not make up a new one for existing data: set ${name} (or ${name}_FILE=/run/secrets/…) to the value the other processes or the earlier start used.`,
  );
}

/** For tests that change DATA_DIR. */
export function resetSecretsCache() {
  fileCache = undefined;
  refusal = undefined;
}
