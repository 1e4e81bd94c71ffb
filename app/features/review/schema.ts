// The review forms (issue 11), the one source of their rules, used by conform
// in the browser and by the action / loader on the server:
//  - decisionSchema: one decision (RETURN, REJECT, APPROVE) with its reason,
//    the deficient sections (RETURN only, at least one) and a confirmation box;
//  - queueFilterSchema: the queue's GET filters (carrier, recruiter, submitted
//    from / to, appointment type).
import { z } from "zod";
import { APPOINTMENT_TYPE_CODES, DATA_SECTIONS } from "~/features/appointment/model";
import { REVIEW_MESSAGES as M } from "./messages";

/** The reason's cap (the decision functions' contract: 1..2000 characters after trimming). */
export const REASON_MAX = 2000;
export const DECISIONS = ["RETURN", "REJECT", "APPROVE"] as const;
export type DecisionKind = (typeof DECISIONS)[number];

export const decisionSchema = z
  .object({
    decision: z.enum(DECISIONS, { error: M.unknownDecision }),
    reason: z
      .string({ error: M.reasonRequired })
      .trim()
      .min(1, M.reasonRequired)
      .max(REASON_MAX, M.reasonTooLong(REASON_MAX)),
    sections: z.array(z.enum(DATA_SECTIONS)).max(DATA_SECTIONS.length).optional(),
    confirm: z.literal("on", { error: M.confirmRequired }),
  })
  // A return names the sections to correct; checked even when other fields are wrong (all messages at once).
  .refine((v) => v.decision !== "RETURN" || (Array.isArray(v.sections) && v.sections.length > 0), {
    path: ["sections"],
    message: M.sectionsRequired,
    when: (payload) => (payload.value as { decision?: unknown } | undefined)?.decision === "RETURN",
  });

export type DecisionForm = z.infer<typeof decisionSchema>;

// ---------------------------------------------------------------- the queue's filters

export const RECRUITER_FILTER_MAX = 100;
export const CARRIER_CODE_MAX = 20;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v);

/** A calendar date as a date input posts it (yyyy-mm-dd). */
const dateField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .max(10, { error: M.dateInvalid, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.dateInvalid, abort: true })
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && d.getUTCFullYear() >= 1900;
    }, M.dateInvalid)
    .optional(),
);

export const queueFilterSchema = z
  .object({
    carrier: z.preprocess(blankToUndefined, z.string().max(CARRIER_CODE_MAX).regex(/^[A-Za-z0-9_-]+$/).optional()),
    recruiter: z.preprocess(blankToUndefined, z.string().max(RECRUITER_FILTER_MAX, M.recruiterTooLong(RECRUITER_FILTER_MAX)).optional()),
    from: dateField,
    to: dateField,
    type: z.preprocess(blankToUndefined, z.enum(APPOINTMENT_TYPE_CODES).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: "custom", path: ["to"], message: M.dateOrder });
  });

export type QueueFilter = z.infer<typeof queueFilterSchema>;
