// The legal hold form (decision 0120): one zod schema for the browser and the server. Client-safe.
import { z } from "zod";
import { HOLD_MESSAGES as M } from "./messages";

export const HOLD_SUBJECT_PATTERN = "([^\\s@]+@[^\\s@]+\\.[^\\s@]+|\\d{1,20})";

export const placeHoldSchema = z.object({
  intent: z.literal("place"),
  subject: z
    .string({ error: M.subjectRequired })
    .trim()
    .min(1, M.subjectRequired)
    .max(254, M.subjectInvalid)
    .regex(new RegExp(`^${HOLD_SUBJECT_PATTERN}$`), M.subjectInvalid)
    .transform((v) => (v.includes("@") ? v.toLowerCase() : v)),
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(500, M.reasonTooLong),
});
export type PlaceHoldInput = z.infer<typeof placeHoldSchema>;

export const liftHoldSchema = z.object({ intent: z.literal("lift"), holdId: z.uuid() });
