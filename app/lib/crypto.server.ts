// Field encryption for sensitive columns (SSN, tax ids, EIN, bank account and
// routing numbers, card number; never a CVC, decision 0087): AES-256-GCM with a random 96-bit IV per
// value. Stored as text `v1:<iv b64>:<tag b64>:<ciphertext b64>`; a separate
// *Last4 column holds the last four characters for masking, so screens never
// need to decrypt to show '*****6789'.
//
// Key: the ENCRYPTION_KEY secret (getSecret: environment, else generated once
// under DATA_DIR). A base64 value of exactly 32 bytes is used as is; any
// other value is stretched with HKDF-SHA256. Losing the key loses the data:
// back it up with the database.
//
// Key check and rotation (decision 0042): the database keeps keyCheckValue()
// of the key (never the key), compared at every start
// (encryption-key.server.ts). During a rotation ENCRYPTION_KEY_PREVIOUS is
// the old key: values are written under ENCRYPTION_KEY and read under
// whichever of the two authenticates them (AES-GCM's tag tells).
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { env } from "./env.server";
import { getSecret } from "./secrets.server";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Turns a secret into a 32-byte AES key. */
export function deriveKey(secret: string): Buffer {
  if (!secret) throw new Error("ENCRYPTION_KEY is empty");
  const trimmed = secret.trim();
  if (/^[A-Za-z0-9+/]{43}=$/.test(trimmed)) {
    const raw = Buffer.from(trimmed, "base64");
    if (raw.length === 32) return raw;
  }
  return Buffer.from(hkdfSync("sha256", trimmed, "appointment-portal", "field-encryption:v1", 32));
}

/**
 * A value that identifies a key without revealing it: HMAC-SHA256 under the
 * derived key of a fixed label, 128 bits, base64url. Stored in the database.
 */
export function keyCheckValue(secret: string): string {
  return createHmac("sha256", deriveKey(secret)).update("appointment-portal key check v1").digest().subarray(0, 16).toString("base64url");
}

export interface FieldCipher {
  encrypt(plain: string): string;
  decrypt(cipher: string): string;
}

/** A cipher bound to one secret (tests, key rotation scripts). */
export function createFieldCipher(secret: string): FieldCipher {
  const key = deriveKey(secret);
  return {
    encrypt(plain) {
      if (typeof plain !== "string") throw new TypeError("encryptField expects a string");
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString("base64"), tag.toString("base64"), body.toString("base64")].join(":");
    },
    decrypt(text) {
      const parts = typeof text === "string" ? text.split(":") : [];
      if (parts.length !== 4 || parts[0] !== VERSION) throw new Error("Not an encrypted field value");
      const iv = Buffer.from(parts[1], "base64");
      const tag = Buffer.from(parts[2], "base64");
      const body = Buffer.from(parts[3], "base64");
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error("Malformed encrypted field value");
      const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
      } catch {
        throw new Error("Encrypted field could not be decrypted (wrong key or tampered value)");
      }
    },
  };
}

/** Writes under `current`; reads under `current`, else under `previous` (a key rotation). */
export function createRotatingCipher(current: string, previous: string | undefined): FieldCipher {
  const now = createFieldCipher(current);
  const before = previous && previous !== current ? createFieldCipher(previous) : undefined;
  return {
    encrypt: (plain) => now.encrypt(plain),
    decrypt(text) {
      try {
        return now.decrypt(text);
      } catch (error) {
        if (!before) throw error;
        return before.decrypt(text);
      }
    },
  };
}

let cached: { secret: string; previous: string | undefined; cipher: FieldCipher } | undefined;

function defaultCipher(): FieldCipher {
  const secret = getSecret("ENCRYPTION_KEY");
  const previous = env().ENCRYPTION_KEY_PREVIOUS;
  if (!cached || cached.secret !== secret || cached.previous !== previous) {
    cached = { secret, previous, cipher: createRotatingCipher(secret, previous) };
  }
  return cached.cipher;
}

/** Encrypts a value for an *Encrypted column. */
export function encryptField(plain: string): string {
  return defaultCipher().encrypt(plain);
}

/** Decrypts a value of an *Encrypted column; throws on a wrong key or tampering. */
export function decryptField(cipher: string): string {
  return defaultCipher().decrypt(cipher);
}

/** True when the text looks like an encryptField value. */
export function isEncryptedField(text: string | null | undefined): boolean {
  return typeof text === "string" && /^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]*$/.test(text);
}

/** The last four letters or digits, ignoring formatting ('123-45-6789' gives '6789'). */
export function last4(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, "").slice(-4);
}

/** '*****6789' for ('6789', 9): asterisks fill the width. */
export function maskLast4(last4Value: string | null | undefined, width = 9): string {
  const tail = (last4Value ?? "").slice(-4);
  if (!tail) return "";
  return "*".repeat(Math.max(width - tail.length, 0)) + tail;
}

/**
 * The two columns of a sensitive value: ciphertext and last four, or both
 * null for an empty value. `{ ssnEncrypted, ssnLast4 } = sealField(ssn)`-style use:
 * `const s = sealField(ssn); data.ssnEncrypted = s.encrypted; data.ssnLast4 = s.last4`.
 */
export function sealField(value: string | null | undefined): { encrypted: string | null; last4: string | null } {
  if (value == null || value.trim() === "") return { encrypted: null, last4: null };
  return { encrypted: encryptField(value), last4: last4(value) };
}

/** Decrypts a nullable column value. */
export function openField(cipher: string | null | undefined): string | null {
  return cipher == null || cipher === "" ? null : decryptField(cipher);
}
