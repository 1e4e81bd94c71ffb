// Password hashing with Node's built-in scrypt (no native add-on to build).
// Encoded as `scrypt$N$r$p$salt$hash` (salt and hash in base64url), so the
// cost parameters travel with each hash and can be raised later: `needsRehash`
// tells the caller to re-hash a password after a successful verification.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";

export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Upper bounds accepted when reading a stored hash (guards against a hash that would exhaust memory). */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize("NFKC"), salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** scrypt needs 128 * N * r bytes; Node's default maxmem (32 MiB) is just too small for N=2^15, r=8. */
function maxmemFor(N: number, r: number, p: number) {
  return 128 * N * r * p + 32 * 1024 * 1024;
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_BYTES, { N, r, p, maxmem: maxmemFor(N, r, p) });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

type Parsed = { N: number; r: number; p: number; salt: Buffer; hash: Buffer };

function parse(encoded: string): Parsed | null {
  const parts = encoded.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map((v) => (/^\d+$/.test(v) ? Number(v) : NaN));
  if (![N, r, p].every((v) => Number.isSafeInteger(v) && v > 0)) return null;
  if (N > MAX_N || (N & (N - 1)) !== 0 || r > MAX_R || p > MAX_P) return null;
  const salt = Buffer.from(parts[4], "base64url");
  const hash = Buffer.from(parts[5], "base64url");
  if (salt.length < 8 || hash.length < 16) return null;
  return { N, r, p, salt, hash };
}

/** Constant-time comparison of the derived key with the stored one. False for malformed hashes. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded);
  if (!parsed) return false;
  const { N, r, p, salt, hash } = parsed;
  const key = await scrypt(password, salt, hash.length, { N, r, p, maxmem: maxmemFor(N, r, p) });
  return key.length === hash.length && timingSafeEqual(key, hash);
}

/** True when the stored hash was made with other parameters than today's (or cannot be read). */
export function needsRehash(encoded: string): boolean {
  const parsed = parse(encoded);
  if (!parsed) return true;
  return (
    parsed.N !== SCRYPT_PARAMS.N ||
    parsed.r !== SCRYPT_PARAMS.r ||
    parsed.p !== SCRYPT_PARAMS.p ||
    parsed.salt.length !== SALT_BYTES ||
    parsed.hash.length !== KEY_BYTES
  );
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time of one verification without an account, so that a sign-in
 * for an unknown email takes as long as one with a wrong password.
 */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummy);
}
