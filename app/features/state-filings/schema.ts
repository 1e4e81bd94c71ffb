// The state rule form (decision 0108): one zod schema for the browser (conform) and the server's
// truth. Client-safe. The database's own checks (an unknown state) stay in rules.server.ts.
import { z } from "zod";
import { STATE_RULE_MESSAGES as M } from "./messages";

export const APPOINTMENT_TIMINGS = ["PRE_APPOINTMENT", "WITHIN_DAYS", "JUST_IN_TIME"] as const;
export type AppointmentTiming = (typeof APPOINTMENT_TIMINGS)[number];

/** The most reasons a state keeps, and the blank rows the form offers for new ones. */
export const MAX_REASONS = 30;
export const BLANK_REASON_ROWS = 3;
export const REASON_CODE_PATTERN = "[A-Z0-9]{1,10}";
export const MONEY_PATTERN = "\\d{1,6}(\\.\\d{1,2})?";

const days = z.number({ error: M.daysRange }).int(M.daysRange).min(1, M.daysRange).max(365, M.daysRange);
const money = z.string({ error: M.feeInvalid }).trim().regex(new RegExp(`^${MONEY_PATTERN}$`), M.feeInvalid);
const flag = z.boolean().optional().default(false);

const reasonRow = z.object({
  code: z.string().trim().regex(new RegExp(`^${REASON_CODE_PATTERN}$`), M.reasonCodeInvalid).optional(),
  label: z.string().trim().max(100, M.reasonLabelTooLong).optional(),
  forCause: flag,
});

/** The fields alone: what getZodConstraint reads (it cannot read through the transform below). */
export const stateRuleFields = z.object({
  appointmentTiming: z.enum(APPOINTMENT_TIMINGS, { error: M.timingRequired }),
  appointmentDays: days.optional(),
  terminationDays: days,
  terminationForCauseDays: days,
  producerCopyDays: days,
  forCauseElectronic: flag,
  backdating: flag,
  backdateMaxDays: days.optional(),
  countyAppointments: flag,
  residentFeeAmount: money,
  nonResidentFeeAmount: money,
  renewalResidentFeeAmount: money,
  renewalNonResidentFeeAmount: money,
  reasons: z.array(reasonRow).max(MAX_REASONS + BLANK_REASON_ROWS, M.tooManyReasons).optional().default([]),
});

/** The form's truth: the fields, the rules between them, then the value the writer stores (blank reason rows dropped). */
export const stateRuleSchema = stateRuleFields
  .superRefine((v, ctx) => {
    const issue = (path: Array<string | number>, message: string) => ctx.addIssue({ code: "custom", path, message });
    if (v.appointmentTiming !== "PRE_APPOINTMENT" && v.appointmentDays == null) issue(["appointmentDays"], M.daysRequired);
    if (v.appointmentTiming === "PRE_APPOINTMENT" && v.appointmentDays != null) issue(["appointmentDays"], M.daysNotForPreAppointment);
    if (v.backdating && v.backdateMaxDays == null) issue(["backdateMaxDays"], M.backdateDaysRequired);
    if (!v.backdating && v.backdateMaxDays != null) issue(["backdateMaxDays"], M.backdateDaysWithoutBackdating);
    const seen = new Set<string>();
    let given = 0;
    v.reasons.forEach((r, i) => {
      if (!r.code && !r.label) return; // a blank row: nothing to add
      given += 1;
      if (!r.code) issue(["reasons", i, "code"], M.reasonCodeRequired);
      if (!r.label) issue(["reasons", i, "label"], M.reasonLabelRequired);
      if (r.code && seen.has(r.code)) issue(["reasons", i, "code"], M.reasonDuplicate);
      if (r.code) seen.add(r.code);
    });
    if (given === 0) issue(["reasons"], M.reasonsRequired);
    if (given > MAX_REASONS) issue(["reasons"], M.tooManyReasons);
  })
  .transform(({ backdating, backdateMaxDays, reasons, ...v }) => ({
    ...v,
  backdateMaxDays: backdating ? (backdateMaxDays ?? null) : null,
  appointmentDays: v.appointmentDays ?? null,
    reasons: reasons.flatMap((r) => (r.code && r.label ? [{ code: r.code, label: r.label, forCause: r.forCause }] : [])),
  }));

export type StateRuleInput = z.output<typeof stateRuleSchema>;
