import { describe, expect, it } from "vitest";
import { isNpn, npnKey, NPN_MESSAGES } from "./npn";

describe("the NPN rule", () => {
  it("takes 1 to 10 digits, trimmed", () => {
    expect(npnKey(" 12345 ")).toBe("12345");
    expect(npnKey("1")).toBe("1");
    expect(npnKey("1234567890")).toBe("1234567890");
    expect(isNpn("20261850")).toBe(true);
  });
  it("refuses letters, signs, spaces inside, more than 10 digits and non-ASCII digits", () => {
    for (const bad of ["12AB34", "ABC-123", "12 34", "12345678901", "", "  ", "-1", "1.5", "١٢٣", "１２３"]) expect(npnKey(bad), bad).toBeNull();
    expect(npnKey(null)).toBeNull();
    expect(NPN_MESSAGES.invalid).toBe("NPN must be 1 to 10 digits");
  });
});
