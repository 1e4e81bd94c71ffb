import { describe, expect, it } from "vitest";
import { burnVerification, hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("encodes scrypt parameters, a 16-byte salt and a 64-byte key", async () => {
    const encoded = await hashPassword("correct horse battery");
    const parts = encoded.split("$");
    expect(parts).toHaveLength(6);
    expect(parts.slice(0, 4)).toEqual(["scrypt", String(2 ** 15), "8", "1"]);
    expect(Buffer.from(parts[4], "base64url")).toHaveLength(16);
    expect(Buffer.from(parts[5], "base64url")).toHaveLength(64);
    expect(encoded).not.toContain("correct horse battery");
  });

  it("salts every hash", async () => {
    const a = await hashPassword("same password");
    const b = await hashPassword("same password");
    expect(a).not.toBe(b);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const encoded = await hashPassword("s3cret-Passw0rd");
    expect(await verifyPassword("s3cret-Passw0rd", encoded)).toBe(true);
    expect(await verifyPassword("s3cret-Passw0rd ", encoded)).toBe(false);
    expect(await verifyPassword("", encoded)).toBe(false);
  });

  it("handles unicode passwords consistently (NFKC)", async () => {
    const encoded = await hashPassword("caf\u00e9-p\u00e4ssword");
    expect(await verifyPassword("cafe\u0301-pa\u0308ssword", encoded)).toBe(true);
  });

  it("refuses malformed or hostile hashes without throwing", async () => {
    for (const bad of [
      "",
      "plain",
      "bcrypt$10$abc",
      "scrypt$32768$8$1$$",
      "scrypt$abc$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA",
      `scrypt$${2 ** 30}$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA`,
      "scrypt$1000$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA",
    ]) {
      expect(await verifyPassword("x", bad)).toBe(false);
      expect(needsRehash(bad)).toBe(true);
    }
  });

  it("tells when a hash was made with other parameters", async () => {
    const current = await hashPassword("rehash me please");
    expect(needsRehash(current)).toBe(false);
    const parts = current.split("$");
    const weaker = ["scrypt", String(2 ** 14), "8", "1", parts[4], parts[5]].join("$");
    expect(needsRehash(weaker)).toBe(true);
    expect(SCRYPT_PARAMS.N).toBe(2 ** 15);
  });

  it("verifies hashes made with older (weaker) parameters", async () => {
    const { scryptSync, randomBytes } = await import("node:crypto");
    const salt = randomBytes(16);
    const key = scryptSync("legacy password", salt, 64, { N: 2 ** 14, r: 8, p: 1 });
    const encoded = ["scrypt", 2 ** 14, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
    expect(await verifyPassword("legacy password", encoded)).toBe(true);
    expect(needsRehash(encoded)).toBe(true);
  });

  it("burns a verification for unknown accounts", async () => {
    await expect(burnVerification("anything")).resolves.toBeUndefined();
  });
});
