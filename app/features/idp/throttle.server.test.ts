import { describe, expect, it } from "vitest";
import { decayed, DEFAULT_SIGN_IN_LIMITS, delaySeconds } from "./throttle.server";
import { checkPasswordStrength, contextWords } from "./password-strength.server";

describe("sign-in delays", () => {
  const rule = DEFAULT_SIGN_IN_LIMITS.account;
  it("waits nothing for the first 5 failures, then 1 s doubling up to 30 s", () => {
    expect([0, 4, 5, 6, 7, 8, 9, 10, 50].map((n) => delaySeconds(n, rule))).toEqual([0, 0, 1, 2, 4, 8, 16, 30, 30]);
    expect(delaySeconds(29, DEFAULT_SIGN_IN_LIMITS.address)).toBe(0);
    expect(delaySeconds(30, DEFAULT_SIGN_IN_LIMITS.address)).toBe(1);
  });
  it("halves the count every half-life, and a count just decayed below an integer still counts it", () => {
    const t = new Date("2026-01-01T00:00:00Z");
    expect(decayed(10, t, new Date(t.getTime() + 15 * 60_000), 15)).toBeCloseTo(5);
    expect(decayed(10, t, new Date(t.getTime() + 60 * 60_000), 15)).toBeCloseTo(0.625);
    expect(delaySeconds(decayed(5, t, new Date(t.getTime() + 5_000), 15), rule)).toBe(1);
  });
});

describe("password strength", () => {
  it("knows the person's words and the product's", () => {
    expect(contextWords(["Jo.Smith+x@Example.com", "Jo"])).toEqual(
      expect.arrayContaining(["jo.smith+x@example.com", "jo.smith+x", "smith", "example", "portal", "Appointment Portal"]),
    );
  });
  it("refuses common, repeated and personal passwords, accepts uncommon phrases", () => {
    expect(checkPasswordStrength("aaaaaaaaaaaa", []).ok).toBe(false);
    expect(checkPasswordStrength("password1234", []).ok).toBe(false);
    expect(checkPasswordStrength("smithjohn1990", ["john.smith@example.com", "John", "Smith"]).ok).toBe(false);
    expect(checkPasswordStrength("portal portal", []).ok).toBe(false);
    expect(checkPasswordStrength("violet canyon drift", ["john.smith@example.com"]).ok).toBe(true);
  });
});
