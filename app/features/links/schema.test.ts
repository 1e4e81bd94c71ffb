import { describe, expect, it } from "vitest";
import { APPOINTMENT_LINK_PREFIX, LINK_INVALID, LINK_REQUIRED, isLinkShaped, linkFormSchema, linkPrefix, linkSchema, parseLink } from "./schema";

function messages(value: unknown) {
  const r = linkSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe("linkSchema", () => {
  it.each([
    ["MLT123", "MLT"],
    ["APLABCDEFGHJKLMNPQRSTUV", "APL"],
    ["apl2345", "APL"],
    ["mlt123", "MLT"],
    ["EXT-4f2a-99", "EXT"],
    ["USRabc", "USR"],
    ["MD0001", "MD"],
    ["Md-x", "MD"],
  ])("accepts %s", (value, prefix) => {
    expect(linkSchema.parse(value)).toBe(value);
    expect(linkPrefix(value)).toBe(prefix);
    expect(isLinkShaped(value)).toBe(true);
  });

  it("trims surrounding spaces", () => {
    expect(linkSchema.parse("  MLT42 ")).toBe("MLT42");
  });

  it.each([[""], ["   "], [undefined], [null]])("requires a link (%j)", (value) => {
    expect(messages(value)).toEqual([LINK_REQUIRED]);
  });

  it.each([
    ["http://example.com/MLT1"],
    ["https"],
    ["MLT1/2"],
    ["ABC123"],
    ["MLT"],
    ["MD"],
    ["MLT 12"],
    ["MLT12_3"],
    ["MLT12.pdf"],
    ["favicon.ico"],
    ["home"],
    ["M" + "LT" + "x".repeat(62)],
  ])("refuses %s with the spec's message", (value) => {
    expect(messages(value)).toEqual([LINK_INVALID]);
    expect(isLinkShaped(value)).toBe(false);
  });

  it("allows exactly 64 characters", () => {
    expect(isLinkShaped("MLT" + "x".repeat(61))).toBe(true);
  });

  it("uses the corrected wording", () => {
    expect(LINK_INVALID).toBe("Your link is invalid! Your link may start with MLT, EXT, USR, MD...");
  });

  it("works as a form schema", () => {
    expect(linkFormSchema.safeParse({ link: "EXT1" }).success).toBe(true);
    expect(linkFormSchema.safeParse({}).error?.issues[0].message).toBe(LINK_REQUIRED);
  });
});

describe("appointment link prefix", () => {
  it("is APL, not one of the prefixes the spec gives other meanings", () => {
    expect(APPOINTMENT_LINK_PREFIX).toBe("APL");
    expect(["MLT", "EXT", "USR", "MD"]).not.toContain(APPOINTMENT_LINK_PREFIX);
  });

  it("parseLink splits prefix and code with the one shared pattern", () => {
    expect(parseLink(" aplAB-12 ")).toEqual({ prefix: "APL", code: "AB-12" });
    expect(parseLink("EXT99")).toEqual({ prefix: "EXT", code: "99" });
    expect(parseLink("MDX")).toEqual({ prefix: "MD", code: "X" });
    expect(parseLink("ZZZ1")).toBeNull();
    expect(parseLink("APL")).toBeNull();
    expect(parseLink("APL" + "x".repeat(62))).toBeNull();
  });
});
