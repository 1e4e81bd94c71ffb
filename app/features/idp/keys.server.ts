// The provider's signing keys (RS256), generated once and kept in
// DATA_DIR/idp-jwks.json (mode 0600) so tokens stay valid across restarts.
// To rotate: add a new key at the head of the file's "keys" array and keep
// the old one until issued tokens have expired (the first key signs).
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { JWK } from "oidc-provider";

export type Jwks = { keys: JWK[] };

function newSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = privateKey.export({ format: "jwk" }) as JWK;
  return { ...jwk, kid: randomUUID(), alg: "RS256", use: "sig" };
}

/** Reads the key set from `file`, creating it (0600) on first use. */
export function loadOrCreateJwks(file: string): Jwks {
  if (existsSync(file)) {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Jwks;
    if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) {
      throw new Error(`${file} holds no signing keys`);
    }
    return parsed;
  }
  const jwks: Jwks = { keys: [newSigningKey()] };
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(jwks, null, 2), { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
  return jwks;
}
