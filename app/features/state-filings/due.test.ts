import { describe, expect, it } from "vitest";
import { addDays, appointmentDueDate, filingLines } from "./due";
import { isNaicCompanyCode, naicCompanyCodeSchema, NAIC_MESSAGES } from "./naic";

describe("appointment due dates (decision 0109)", () => {
  it("pre-appointment: the contract day; within days: + N; just in time: + N after the first business, none before", () => {
    expect(appointmentDueDate({ appointmentTiming: "PRE_APPOINTMENT", appointmentDays: null }, "2026-12-04", null)).toBe("2026-12-04");
    expect(appointmentDueDate({ appointmentTiming: "WITHIN_DAYS", appointmentDays: 30 }, "2026-12-04", null)).toBe("2027-01-03");
    expect(appointmentDueDate({ appointmentTiming: "JUST_IN_TIME", appointmentDays: 15 }, "2026-12-04", null)).toBeNull();
    expect(appointmentDueDate({ appointmentTiming: "JUST_IN_TIME", appointmentDays: 15 }, "2026-12-04", "2027-02-20")).toBe("2027-03-07");
  });

  it("adds calendar days across months and leap days", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-12-04", -4)).toBe("2026-11-30");
  });
});

describe("the lines a position is appointed for", () => {
  const licence = { loaLife: true, loaAccidentHealth: false, loaVariable: true };
  it("the product's line when it names one; else the licence's lines; none without a licence", () => {
    expect(filingLines("ACCIDENT_HEALTH", licence)).toEqual(["ACCIDENT_HEALTH"]);
    expect(filingLines(null, licence)).toEqual(["LIFE", "VARIABLE"]);
    expect(filingLines(null, undefined)).toEqual([]);
  });
});

describe("the NAIC company code", () => {
  it("is five digits, or blank for none", () => {
    expect(isNaicCompanyCode("99101")).toBe(true);
    for (const bad of ["9910", "991011", "9910a", " 99101"]) expect(isNaicCompanyCode(bad)).toBe(false);
    expect(naicCompanyCodeSchema.parse(" 60054 ")).toBe("60054");
    expect(naicCompanyCodeSchema.parse("  ")).toBeNull();
    const r = naicCompanyCodeSchema.safeParse("6005");
    expect(r.success ? null : r.error.issues[0].message).toBe(NAIC_MESSAGES.invalid);
  });
});
