// ?status= and ?days= of /inprog (decision 0027): only the allowed values pass.
import { describe, expect, it } from "vitest";
import { inProgressArgs, readInProgressFilter } from "./inprog.server";

const now = new Date("2026-11-23T12:00:00Z");
const read = (q: string) => readInProgressFilter(new URL(`http://x/inprog${q}`), now);

describe("readInProgressFilter", () => {
  it("accepts the four statuses and the 90-day window", () => {
    for (const s of ["APWF_STATUS_INCOMPLETE", "APWF_STATUS_NEWCONTRACT", "APWF_STATUS_APPROVED", "APWF_STATUS_ABANDONED"]) {
      expect(read(`?status=${s}`)).toEqual({ status: s, days: null, since: null });
    }
    expect(read("?status=APWF_STATUS_APPROVED&days=90")).toEqual({
      status: "APWF_STATUS_APPROVED",
      days: 90,
      since: new Date("2026-08-25T12:00:00Z"),
    });
    expect(read("")).toEqual({ status: null, days: null, since: null });
    expect(read("?status=&days=")).toEqual({ status: null, days: null, since: null });
  });

  it("refuses anything else (the route answers 400)", () => {
    for (const q of ["?status=APWF_STATUS_REJECTED", "?status=apwf_status_approved", "?status=x'--", "?days=30", "?days=90.0", "?days=-90"]) {
      expect(read(q), q).toBeNull();
    }
  });

  it("without a status the grid keeps its two statuses", () => {
    expect(inProgressArgs()).toEqual([["APWF_STATUS_INCOMPLETE", "APWF_STATUS_NEWCONTRACT"], null]);
    expect(inProgressArgs({ status: "APWF_STATUS_ABANDONED", since: now })).toEqual([["APWF_STATUS_ABANDONED"], now]);
  });
});
