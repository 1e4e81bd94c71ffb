import { describe, expect, it } from "vitest";
import { LINK_CODE_BITS, newLinkCode } from "./codes";
import { linkSchema } from "./schema";

describe("newLinkCode", () => {
  it("carries at least 96 random bits, makes well-formed links and does not repeat", () => {
    expect(LINK_CODE_BITS).toBeGreaterThanOrEqual(96);
    const codes = Array.from({ length: 2000 }, newLinkCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes.slice(0, 50)) {
      expect(c).toMatch(/^[A-HJ-NP-Z2-9]{20}$/);
      expect(linkSchema.safeParse(`MLT${c}`).success).toBe(true);
    }
  });
});
