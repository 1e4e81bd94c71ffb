import { describe, expect, it } from "vitest";
import { feeReportSchema, monthPresets } from "./fee-report";
import { feeChargedOn, feeChargedWhen, feePaidBy } from "./fees";

const type = (appointmentTypeCode: "APPTTYP_REP" | "APPTTYP_PRIN" | "APPTTYP_IND" | "APPTTYP_CORP", flavour: "STANDARD" | "VB" = "STANDARD") => ({ appointmentTypeCode, flavour });

describe("feePaidBy", () => {
  it("is CARD for a representative type whose card block holds a card", () => {
    expect(feePaidBy(type("APPTTYP_REP"), true)).toBe("CARD");
    expect(feePaidBy(type("APPTTYP_PRIN"), true)).toBe("CARD");
  });
  it("is COMMISSIONS for a representative without a card, and for every other type", () => {
    expect(feePaidBy(type("APPTTYP_REP"), false)).toBe("COMMISSIONS");
    expect(feePaidBy(type("APPTTYP_IND"), true)).toBe("COMMISSIONS");
    expect(feePaidBy(type("APPTTYP_CORP"), false)).toBe("COMMISSIONS");
    // A VB invitation has no fees section, so no card block.
    expect(feePaidBy(type("APPTTYP_REP", "VB"), true)).toBe("COMMISSIONS");
  });
});

describe("feeChargedWhen", () => {
  it("charges a pre-appointment state at filing, every other at the first business", () => {
    expect(feeChargedWhen("PRE_APPOINTMENT")).toBe("FILING");
    expect(feeChargedWhen("WITHIN_DAYS")).toBe("FIRST_BUSINESS");
    expect(feeChargedWhen("JUST_IN_TIME")).toBe("FIRST_BUSINESS");
  });
});

describe("feeChargedOn", () => {
  const base = { filedDate: "2026-11-10", firstBusinessDate: "2026-11-20" };
  it("a pre-appointment fee: the day filed, once with the state", () => {
    expect(feeChargedOn({ ...base, feeChargedWhen: "FILING", status: "FILED" })).toBe("2026-11-10");
    expect(feeChargedOn({ ...base, feeChargedWhen: "FILING", status: "ACCEPTED" })).toBe("2026-11-10");
    expect(feeChargedOn({ ...base, filedDate: null, feeChargedWhen: "FILING", status: "TO_FILE" })).toBeNull();
  });
  it("another state's: the first business, filed or not", () => {
    expect(feeChargedOn({ ...base, feeChargedWhen: "FIRST_BUSINESS", status: "TO_FILE" })).toBe("2026-11-20");
    expect(feeChargedOn({ ...base, feeChargedWhen: "FIRST_BUSINESS", status: "ACCEPTED" })).toBe("2026-11-20");
    expect(feeChargedOn({ ...base, firstBusinessDate: null, feeChargedWhen: "FIRST_BUSINESS", status: "ACCEPTED" })).toBeNull();
  });
  it("never for a rejected or withdrawn filing", () => {
    expect(feeChargedOn({ ...base, feeChargedWhen: "FILING", status: "REJECTED" })).toBeNull();
    expect(feeChargedOn({ ...base, feeChargedWhen: "FIRST_BUSINESS", status: "WITHDRAWN" })).toBeNull();
  });
});

describe("the fee report's request", () => {
  const parse = (v: Record<string, string>) => feeReportSchema.safeParse({ reportId: "4", ...v });
  it("takes a period of real days, the last not before the first, at most 366 days", () => {
    expect(parse({ from: "2026-11-01", to: "2026-11-30" }).success).toBe(true);
    expect(parse({ from: "2026-11-01", to: "2026-11-01" }).success).toBe(true);
    expect(parse({ from: "2026-02-30", to: "2026-03-01" }).success).toBe(false);
    expect(parse({ from: "2026-11-30", to: "2026-11-01" }).error?.issues[0].message).toBe("The last day cannot be before the first day.");
    expect(parse({ from: "2025-01-01", to: "2026-01-02" }).success).toBe(false);
    expect(parse({ from: "", to: "2026-11-30" }).error?.issues[0].path).toEqual(["from"]);
  });
  it("month presets: this month and the three before, across a year", () => {
    expect(monthPresets("2026-02-14")).toEqual([
      { label: "February 2026", from: "2026-02-01", to: "2026-02-28" },
      { label: "January 2026", from: "2026-01-01", to: "2026-01-31" },
      { label: "December 2025", from: "2025-12-01", to: "2025-12-31" },
      { label: "November 2025", from: "2025-11-01", to: "2025-11-30" },
    ]);
  });
});
