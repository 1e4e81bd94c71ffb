// The fields the State Filings actions read (decision 0113), shared by the appointment filings'
// actions (actions.server.ts) and the terminations' (termination-actions.server.ts, decision 0118):
// a day not after today, a required reason. Client-safe. A refusal names its field.
import type { Day } from "~/lib/days";
import { FILING_MESSAGES as M, readDay, REASON_MAX } from "./board";

export type ActionField = "date" | "reason" | "document";

export type ActionResult = { ok: true } | { ok: false; field: ActionField | null; message: string; status: 400 | 404 | 409 | 413 };

export const refused = (field: ActionField | null, message: string, status: 400 | 404 | 409 | 413 = 400): Extract<ActionResult, { ok: false }> => ({ ok: false, field, message, status });

export const isRefusal = (v: object): v is Extract<ActionResult, { ok: false }> => "ok" in v && v.ok === false;

/** A day from the form: required, a real date, not after today. */
export function dayField(raw: string, today: Day): { day: Day } | Extract<ActionResult, { ok: false }> {
  if (!raw.trim()) return refused("date", M.dateRequired);
  const day = readDay(raw);
  if (!day) return refused("date", M.dateInvalid);
  if (day > today) return refused("date", M.dateInFuture);
  return { day };
}

/** A reason from the form: required, at most REASON_MAX characters. */
export function reasonField(raw: string, requiredMessage: string): { reason: string } | Extract<ActionResult, { ok: false }> {
  const reason = raw.trim();
  if (!reason) return refused("reason", requiredMessage);
  if (reason.length > REASON_MAX) return refused("reason", M.reasonTooLong);
  return { reason };
}
