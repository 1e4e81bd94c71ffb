import { describe, expect, it } from "vitest";
import { deactivationSchema, parseReasonChoice, terminationDueDate, TERMINATION_MESSAGES as M, type TerminationState } from "./terminations";

const state = (stateCode: string, over: Partial<TerminationState> = {}): TerminationState => ({
  stateCode,
  appointed: true,
  terminationDays: 30,
  terminationForCauseDays: 15,
  producerCopyDays: 15,
  forCauseElectronic: false,
  backdateMaxDays: null,
  reasons: [
    { code: "VOL", label: "Voluntary", forCause: false },
    { code: "CAUSE", label: "For cause", forCause: true },
  ],
  ...over,
});

describe("parseReasonChoice", () => {
  it("reads one code or one per state; refuses anything else", () => {
    expect(parseReasonChoice("")).toBe(null);
    expect(parseReasonChoice(" vol ")).toEqual({ kind: "all", code: "VOL" });
    expect(parseReasonChoice("FL:AVFS;TX:VOL")).toEqual({ kind: "byState", codes: { FL: "AVFS", TX: "VOL" } });
    expect(parseReasonChoice("fl: avfs ; tx:vol;")).toEqual({ kind: "byState", codes: { FL: "AVFS", TX: "VOL" } });
    for (const bad of ["VOL COMP", "FL:AVFS;FL:D", "FLA:AVFS", "FL:", ":", "A-B"]) expect(parseReasonChoice(bad), bad).toBe("invalid");
  });
});

describe("the due date and the form's schema", () => {
  it("due after the state's days, for cause or not", () => {
    expect(terminationDueDate(state("TX"), "2026-12-04", false)).toBe("2027-01-03");
    expect(terminationDueDate(state("TX"), "2026-12-04", true)).toBe("2026-12-19");
  });

  it("puts each refusal beside its state's reason or the date", () => {
    const schema = deactivationSchema([state("FL"), state("TX", { backdateMaxDays: 3 })], "2026-12-04", ["VOL"]);
    const r = schema.safeParse({ effectiveDate: "2026-12-02", reasons: { FL: "VOL" } });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["reasons.TX", M.reasonMissingForState("TX")],
      ["effectiveDate", M.dateNoBackdating("FL")],
    ]);
    expect(schema.safeParse({ effectiveDate: "2026-12-04", reasons: { FL: "VOL", TX: "CAUSE" } }).success).toBe(true);
  });
});
