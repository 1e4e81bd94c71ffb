import { describe, expect, it } from "vitest";
import { addBusinessDays, businessDaysBetween, federalHolidays, isBusinessDay } from "./business-days";

describe("business days (FCRA 615 wait)", () => {
  it("knows the observed federal holidays", () => {
    const h = federalHolidays(2026);
    // 2026: July 4 is a Saturday (observed Friday July 3); Thanksgiving November 26; Christmas Friday.
    for (const d of ["2026-01-01", "2026-01-19", "2026-02-16", "2026-05-25", "2026-06-19", "2026-07-03", "2026-09-07", "2026-10-12", "2026-11-11", "2026-11-26", "2026-12-25"]) expect(h.has(d), d).toBe(true);
    expect(h.has("2026-07-04")).toBe(false);
    // 2022: New Year's Day 2022 was a Saturday, observed on Friday 2021-12-31.
    expect(federalHolidays(2021).has("2021-12-31")).toBe(true);
    expect(isBusinessDay("2021-12-31")).toBe(false);
  });
  it("skips weekends and holidays", () => {
    expect(isBusinessDay("2026-12-05")).toBe(false); // Saturday
    expect(isBusinessDay("2026-12-07")).toBe(true);
    // Friday 2026-12-18 + 5: Mon 21, Tue 22, Wed 23, Thu 24, (Fri 25 Christmas), Mon 28.
    expect(addBusinessDays("2026-12-18", 5)).toBe("2026-12-28");
    // Across Thanksgiving: Mon 2026-11-23 + 5: 24, 25, (26 holiday), 27, (weekend), 30, Dec 1.
    expect(addBusinessDays("2026-11-23", 5)).toBe("2026-12-01");
    expect(addBusinessDays("2026-12-07", 0)).toBe("2026-12-07");
  });
  it("counts business days between two days", () => {
    expect(businessDaysBetween("2026-12-18", "2026-12-28")).toBe(5);
    expect(businessDaysBetween("2026-12-18", "2026-12-24")).toBe(4);
    expect(businessDaysBetween("2026-12-18", "2026-12-18")).toBe(0);
  });
});
