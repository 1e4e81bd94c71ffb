import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createFieldCipher,
  decryptField,
  deriveKey,
  encryptField,
  isEncryptedField,
  last4,
  maskLast4,
  openField,
  sealField,
} from "./crypto.server";
import { resetEnvCache } from "./env.server";

const saved = process.env.ENCRYPTION_KEY;

beforeAll(() => {
  process.env.ENCRYPTION_KEY = randomBytes(32).toString("base64");
  resetEnvCache();
});

afterAll(() => {
  if (saved === undefined) delete process.env.ENCRYPTION_KEY;
  else process.env.ENCRYPTION_KEY = saved;
  resetEnvCache();
});

describe("field encryption", () => {
  it("round-trips, including empty and non-ASCII text", () => {
    for (const plain of ["123456789", "", "Ünïcödé ✓ 12-34"]) {
      const c = encryptField(plain);
      expect(c).toMatch(/^v1:[^:]+:[^:]+:[^:]*$/);
      expect(isEncryptedField(c)).toBe(true);
      expect(c).not.toContain(plain || "never");
      expect(decryptField(c)).toBe(plain);
    }
  });

  it("uses a random IV: two encryptions of the same value differ", () => {
    const a = encryptField("123456789");
    const b = encryptField("123456789");
    expect(a).not.toBe(b);
    expect(a.split(":")[1]).not.toBe(b.split(":")[1]);
    expect(decryptField(a)).toBe(decryptField(b));
  });

  it("detects tampering with the ciphertext, the tag or the IV", () => {
    const c = encryptField("123456789");
    const [v, iv, tag, body] = c.split(":");
    const flip = (b64: string) => {
      const buf = Buffer.from(b64, "base64");
      buf[0] ^= 1;
      return buf.toString("base64");
    };
    expect(() => decryptField([v, iv, tag, flip(body)].join(":"))).toThrow(/tampered/);
    expect(() => decryptField([v, iv, flip(tag), body].join(":"))).toThrow(/tampered/);
    expect(() => decryptField([v, flip(iv), tag, body].join(":"))).toThrow(/tampered/);
    expect(() => decryptField("123456789")).toThrow(/Not an encrypted/);
    expect(() => decryptField(`v2:${iv}:${tag}:${body}`)).toThrow(/Not an encrypted/);
  });

  it("fails with the wrong key", () => {
    const one = createFieldCipher("first secret");
    const two = createFieldCipher("second secret");
    const c = one.encrypt("987654321");
    expect(one.decrypt(c)).toBe("987654321");
    expect(() => two.decrypt(c)).toThrow(/wrong key/);
  });

  it("uses a base64 32-byte key as is and stretches other secrets", () => {
    const raw = randomBytes(32);
    expect(deriveKey(raw.toString("base64")).equals(raw)).toBe(true);
    expect(deriveKey("a passphrase")).toHaveLength(32);
    expect(deriveKey("a passphrase").equals(deriveKey("a passphrase"))).toBe(true);
    expect(deriveKey("a passphrase").equals(deriveKey("another"))).toBe(false);
    expect(() => deriveKey("")).toThrow();
  });

  it("follows a change of ENCRYPTION_KEY", () => {
    const before = encryptField("x");
    process.env.ENCRYPTION_KEY = "rotated";
    resetEnvCache();
    expect(() => decryptField(before)).toThrow();
    expect(decryptField(encryptField("y"))).toBe("y");
  });
});

describe("masking", () => {
  it("takes the last four letters or digits", () => {
    expect(last4("123-45-6789")).toBe("6789");
    expect(last4("4111 1111 1111 1111")).toBe("1111");
    expect(last4("12")).toBe("12");
  });

  it("masks to a width with asterisks", () => {
    expect(maskLast4("6789")).toBe("*****6789");
    expect(maskLast4("6789", 9)).toHaveLength(9);
    expect(maskLast4("1111", 16)).toBe("************1111");
    expect(maskLast4("6789", 2)).toBe("6789");
    expect(maskLast4(null)).toBe("");
    expect(maskLast4("")).toBe("");
  });

  it("seals and opens nullable values", () => {
    expect(sealField(null)).toEqual({ encrypted: null, last4: null });
    expect(sealField("  ")).toEqual({ encrypted: null, last4: null });
    const s = sealField("123-45-6789");
    expect(s.last4).toBe("6789");
    expect(openField(s.encrypted)).toBe("123-45-6789");
    expect(openField(null)).toBeNull();
  });
});
