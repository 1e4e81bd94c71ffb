// The compliance view's filters (decision 0073): what the URL may say, what it means, its line.
import { describe, expect, it } from "vitest";
import { complianceFilterParams, complianceFilterText, readComplianceFilter, windowEnd } from "./compliance-view";

const read = (q: string) => readComplianceFilter(new URLSearchParams(q));

describe("readComplianceFilter", () => {
  it("reads every filter, blanks as absent", () => {
    expect(read("standing=NOT_IN_GOOD_ORDER&expiring=60&carrier=12&state=TX&credential=EO")).toEqual({
      ok: true,
      filter: { standing: "NOT_IN_GOOD_ORDER", expiring: "60", carrier: 12, state: "TX", credential: "EO" },
    });
    expect(read("standing=&carrier=&state=")).toEqual({ ok: true, filter: {} });
  });

  it("refuses values outside the lists, by field", () => {
    const r = read("standing=ALL&carrier=1%3B--&state=tx&credential=NONE&expiring=90");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(["carrier", "credential", "expiring", "standing", "state"]);
  });

  it("round-trips through the query and names itself", () => {
    const r = read("credential=EO&carrier=3");
    expect(r.ok && complianceFilterParams(r.filter)).toEqual({ carrier: "3", credential: "EO" });
    expect(r.ok && complianceFilterText(r.filter, "Sample Life (SLAC)")).toBe("Carrier: Sample Life (SLAC); Credential: E&O coverage expiring or expired (or missing)");
    expect(complianceFilterText({})).toBe("None");
  });

  it("the window ends 60 days after today, across a month and a leap day", () => {
    expect(windowEnd("2028-01-15")).toBe("2028-03-15");
    expect(windowEnd("2026-12-31")).toBe("2027-03-01");
  });
});
