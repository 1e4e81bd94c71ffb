import { parseWithZod } from "@conform-to/zod/v4";
import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { STATE_RULE_MESSAGES as M } from "./messages";
import { stateRuleFields, stateRuleSchema } from "./schema";

const GOOD: Record<string, string> = {
  appointmentTiming: "JUST_IN_TIME",
  appointmentDays: "15",
  terminationDays: "30",
  terminationForCauseDays: "30",
  producerCopyDays: "15",
  residentFeeAmount: "60.00",
  nonResidentFeeAmount: "60",
  renewalResidentFeeAmount: "60.00",
  renewalNonResidentFeeAmount: "60.00",
  "reasons[0].code": "AVFS",
  "reasons[0].label": "Voluntary",
  "reasons[1].code": "",
  "reasons[1].label": "",
  "reasons[2].code": "CAUSE",
  "reasons[2].label": "For cause",
  "reasons[2].forCause": "on",
};
const parse = (o: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(o)) f.append(k, v);
  return parseWithZod(f, { schema: stateRuleSchema });
};

describe("the state rule form's schema", () => {
  it("gives the writer the rule with the blank reason rows dropped", () => {
    const s = parse(GOOD);
    expect(s.status).toBe("success");
    expect(s.status === "success" && s.value).toMatchObject({
      appointmentDays: 15,
      backdateMaxDays: null,
      forCauseElectronic: false,
      reasons: [
        { code: "AVFS", label: "Voluntary", forCause: false },
        { code: "CAUSE", label: "For cause", forCause: true },
      ],
    });
  });

  it("refuses days missing or given where they do not apply, half a reason, a repeated code and no reason", () => {
    const errors = (o: Record<string, string>) => {
      const s = parse({ ...GOOD, ...o });
      return s.status === "error" ? s.error : null;
    };
    expect(errors({ appointmentTiming: "WITHIN_DAYS", appointmentDays: "" })?.appointmentDays).toEqual([M.daysRequired]);
    expect(errors({ appointmentTiming: "PRE_APPOINTMENT" })?.appointmentDays).toEqual([M.daysNotForPreAppointment]);
    expect(errors({ backdating: "on" })?.backdateMaxDays).toEqual([M.backdateDaysRequired]);
    expect(errors({ backdateMaxDays: "10" })?.backdateMaxDays).toEqual([M.backdateDaysWithoutBackdating]);
    expect(errors({ "reasons[1].code": "XFER" })?.["reasons[1].label"]).toEqual([M.reasonLabelRequired]);
    expect(errors({ "reasons[2].code": "AVFS" })?.["reasons[2].code"]).toEqual([M.reasonDuplicate]);
    expect(errors({ "reasons[0].code": "avfs" })?.["reasons[0].code"]).toEqual([M.reasonCodeInvalid]);
    expect(errors({ "reasons[0].code": "", "reasons[0].label": "", "reasons[2].code": "", "reasons[2].label": "" })?.reasons).toEqual([M.reasonsRequired]);
    expect(errors({ residentFeeAmount: "15.005" })?.residentFeeAmount).toEqual([M.feeInvalid]);
  });

  it("marks the required inputs (the days of the timing depend on it: checked on sending)", () => {
    const c = getZodConstraint(stateRuleFields);
    expect(c.terminationDays?.required).toBe(true);
    expect(c.appointmentDays?.required).toBe(false);
  });
});
