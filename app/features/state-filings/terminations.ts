// The rules of a termination (issue 37 item 3, decision 0111), pure and client-safe, used by the
// deactivation form, the hierarchy import and the API alike: which reason each state takes, how far
// back the effective date may go, the due dates. The database side is terminations.server.ts.
import { z } from "zod";
import { addDays, type Day } from "~/lib/days";

/** What a termination reads of one state's rule (decision 0108), and whether the position was appointed there. */
export type TerminationState = {
  stateCode: string;
  /** An appointment filing FILED or ACCEPTED: a termination is filed. Otherwise (TO_FILE, HELD) the filing is withdrawn. */
  appointed: boolean;
  terminationDays: number;
  terminationForCauseDays: number;
  producerCopyDays: number;
  forCauseElectronic: boolean;
  backdateMaxDays: number | null;
  reasons: ReadonlyArray<{ code: string; label: string; forCause: boolean }>;
};

export const TERMINATION_STATUSES = ["TO_FILE", "FILED", "ACCEPTED", "REJECTED"] as const;
export const TERMINATION_SOURCES = ["SCREEN", "IMPORT", "API"] as const;
export type TerminationSource = (typeof TERMINATION_SOURCES)[number];

/** The column of the hierarchy import and the field of the API that carry the reason. */
export const REASON_COLUMN = "terminationReason";

export const TERMINATION_MESSAGES = {
  reasonRequired: "Choose the reason for the termination.",
  reasonRequiredColumn: `A deactivation needs a ${REASON_COLUMN}: the state's reason code (one for every state, or per state as FL:AVFS;TX:VOL).`,
  reasonFormat: "Give one reason code (such as VOL) or one per state (such as FL:AVFS;TX:VOL).",
  reasonNotAccepted: (state: string, code: string, codes: readonly string[]) => `${state} does not accept the reason ${code} (accepted: ${codes.join(", ")}).`,
  reasonMissingForState: (state: string) => `Give the reason for ${state}.`,
  reasonUnknown: (code: string) => `${code} is not a termination reason of any state.`,
  stateNotAppointed: (state: string) => `The agent is not appointed in ${state}.`,
  dateRequired: "Enter the termination's effective date (YYYY-MM-DD).",
  dateInFuture: "The effective date cannot be after today.",
  dateNoBackdating: (state: string) => `${state} does not accept a backdated termination: use today's date.`,
  dateTooEarly: (state: string, days: number, earliest: Day) => `${state} accepts a termination backdated by at most ${days} days (not before ${earliest}).`,
  refusedTitle: "The agent was not deactivated",
  refusedLead: "Correct these fields and deactivate again:",
  doneTitle: "Agent deactivated",
  done: (n: number, withdrawn: number) =>
    `${n === 1 ? "1 termination is" : `${n} terminations are`} to file with the states${withdrawn ? `; ${withdrawn === 1 ? "1 appointment not yet filed is" : `${withdrawn} appointments not yet filed are`} withdrawn` : ""}.`,
  alreadyInactive: "This agent is deactivated already.",
  withdrawnReason: (code: string, label: string) => `Terminated before filing: ${code} ${label}`,
  producerCopySubject: "Notice of termination of your appointment",
} as const;

/** The reason as given: one code for every state, or a code per state ('FL:AVFS;TX:VOL'). */
export type ReasonChoice = { kind: "all"; code: string } | { kind: "byState"; codes: Record<string, string> };

const CODE = /^[A-Z0-9]{1,10}$/;

/** Reads a reason as the import and the API write it. Null: empty; 'invalid': not a code nor a list of STATE:CODE. */
export function parseReasonChoice(raw: string | null | undefined): ReasonChoice | null | "invalid" {
  const v = (raw ?? "").trim().toUpperCase();
  if (!v) return null;
  if (!v.includes(":")) return CODE.test(v) ? { kind: "all", code: v } : "invalid";
  const codes: Record<string, string> = {};
  for (const part of v.split(";").map((p) => p.trim()).filter(Boolean)) {
    const m = /^([A-Z]{2})\s*:\s*([A-Z0-9]{1,10})$/.exec(part);
    if (!m || codes[m[1]!]) return "invalid";
    codes[m[1]!] = m[2]!;
  }
  return Object.keys(codes).length ? { kind: "byState", codes } : "invalid";
}

/** A refusal; `stateCode`: the state's reason field it belongs beside (the form has one per state). */
export type TerminationIssue = { field: "reason" | "effectiveDate"; message: string; stateCode?: string };

/** The states a reason is needed for: every state with an appointment filing still standing. */
export function reasonOf(choice: ReasonChoice, stateCode: string): string | undefined {
  return choice.kind === "all" ? choice.code : choice.codes[stateCode];
}

/**
 * What is wrong with a deactivation of a position with these states, on `today`: a reason each state
 * accepts (a position with no state: a code some state accepts), and an effective date not after today
 * nor further back than every state allows (backdateMaxDays; null: not at all). Empty: good.
 */
export function terminationIssues(
  states: readonly TerminationState[],
  choice: ReasonChoice | null | "invalid",
  effectiveDate: Day | null,
  today: Day,
  ctx: { anyStateCodes: readonly string[]; missingReason?: string },
): TerminationIssue[] {
  const out: TerminationIssue[] = [];
  if (choice === null) out.push({ field: "reason", message: ctx.missingReason ?? TERMINATION_MESSAGES.reasonRequired });
  else if (choice === "invalid") out.push({ field: "reason", message: TERMINATION_MESSAGES.reasonFormat });
  else {
    if (choice.kind === "byState") {
      for (const s of Object.keys(choice.codes)) {
        if (!states.some((x) => x.stateCode === s)) out.push({ field: "reason", message: TERMINATION_MESSAGES.stateNotAppointed(s) });
      }
    }
    // Appointed nowhere: a code some state takes (no state rules at all: any well-formed code).
    if (states.length === 0 && choice.kind === "all" && ctx.anyStateCodes.length > 0 && !ctx.anyStateCodes.includes(choice.code)) {
      out.push({ field: "reason", message: TERMINATION_MESSAGES.reasonUnknown(choice.code) });
    }
    for (const s of states) {
      const code = reasonOf(choice, s.stateCode);
      if (!code) out.push({ field: "reason", stateCode: s.stateCode, message: TERMINATION_MESSAGES.reasonMissingForState(s.stateCode) });
      else if (!s.reasons.some((r) => r.code === code)) {
        out.push({ field: "reason", stateCode: s.stateCode, message: TERMINATION_MESSAGES.reasonNotAccepted(s.stateCode, code, s.reasons.map((r) => r.code)) });
      }
    }
  }
  if (!effectiveDate || !isCalendarDay(effectiveDate)) out.push({ field: "effectiveDate", message: TERMINATION_MESSAGES.dateRequired });
  else if (effectiveDate > today) out.push({ field: "effectiveDate", message: TERMINATION_MESSAGES.dateInFuture });
  else if (effectiveDate < today) {
    for (const s of states) {
      if (s.backdateMaxDays == null) out.push({ field: "effectiveDate", message: TERMINATION_MESSAGES.dateNoBackdating(s.stateCode) });
      else if (effectiveDate < addDays(today, -s.backdateMaxDays)) {
        out.push({ field: "effectiveDate", message: TERMINATION_MESSAGES.dateTooEarly(s.stateCode, s.backdateMaxDays, addDays(today, -s.backdateMaxDays)) });
      }
    }
  }
  return out;
}

export function isCalendarDay(v: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) && addDays(v, 0) === v;
}

/** When the state must have the termination: the effective date + the state's days (for cause or not). */
export function terminationDueDate(s: Pick<TerminationState, "terminationDays" | "terminationForCauseDays">, effectiveDate: Day, forCause: boolean): Day {
  return addDays(effectiveDate, forCause ? s.terminationForCauseDays : s.terminationDays);
}

/** The key of the one reason field of a position appointed nowhere (else one field per state). */
export const ALL_STATES = "ALL";

/** The deactivation form's fields: the effective date and a reason per state (reasons.FL, reasons.TX; reasons.ALL). */
export const deactivationFields = z.object({
  effectiveDate: z.string({ error: TERMINATION_MESSAGES.dateRequired }).trim().max(10).regex(/^\d{4}-\d{2}-\d{2}$/, TERMINATION_MESSAGES.dateRequired),
  reasons: z.record(z.string().regex(/^([A-Z]{2}|ALL)$/), z.string().trim().max(10)).optional(),
});

/** The form's reasons as a choice: one per state, or the one of a position appointed nowhere. */
export function choiceOfForm(reasons: Record<string, string> | undefined): ReasonChoice | null {
  const given = Object.entries(reasons ?? {}).filter(([, v]) => v);
  if (given.length === 0) return null;
  const all = reasons?.[ALL_STATES];
  return all ? { kind: "all", code: all } : { kind: "byState", codes: Object.fromEntries(given) };
}

/**
 * The form's schema on the server, with the position's states (read first): each refusal lands
 * beside its field (the state's reason, or the date).
 */
export function deactivationSchema(states: readonly TerminationState[], today: Day, anyStateCodes: readonly string[]) {
  return deactivationFields.superRefine((v, ctx) => {
    const choice = choiceOfForm(v.reasons);
    for (const i of terminationIssues(states, choice, v.effectiveDate, today, { anyStateCodes })) {
      const path = i.field === "effectiveDate" ? ["effectiveDate"] : ["reasons", i.stateCode ?? (states[0]?.stateCode ?? ALL_STATES)];
      ctx.addIssue({ code: "custom", path, message: i.message });
    }
  });
}
