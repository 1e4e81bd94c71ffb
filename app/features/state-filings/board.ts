// ADMIN > State Filings (issue 37 item 5, decision 0113), client-safe: the statuses' words, the
// list's filters as the address gives them, the actions and their messages (one catalogue for the
// server and the screen).
import { FILING_STATUSES, type FilingStatus } from "./due";

export const FILING_STATUS_LABELS: Record<FilingStatus, string> = {
  TO_FILE: "To file",
  FILED: "Filed, awaiting the state",
  ACCEPTED: "Accepted",
  REJECTED: "Rejected",
  WITHDRAWN: "Withdrawn",
  HELD: "Held",
};

/** The default view: what still needs someone (not accepted, not withdrawn). */
export const OPEN_WORK = ["TO_FILE", "HELD", "FILED", "REJECTED"] as const satisfies readonly FilingStatus[];
/** Overdue: not yet with the state, and its due date has passed. */
export const NOT_YET_FILED = ["TO_FILE", "HELD"] as const satisfies readonly FilingStatus[];

export const STATUS_FILTERS = ["", "ALL", ...FILING_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  "": "Needing attention (to file, held, filed, rejected)",
  ALL: "All statuses",
  ...FILING_STATUS_LABELS,
};

export const FILING_PAGE_SIZES = [25, 100];

export type BoardFilters<S extends string = StatusFilter> = { state: string; carrier: number | null; status: S; overdue: boolean };
export type FilingFilters = BoardFilters<StatusFilter>;

/**
 * The filters of the address, for the appointments' list and the terminations' (decision 0118)
 * alike; a value the list does not know is read as 'all' (nothing to refuse in a GET).
 */
export function readBoardFilters<S extends string>(params: URLSearchParams, statuses: readonly S[]): BoardFilters<S | ""> {
  const state = (params.get("state") ?? "").trim().toUpperCase();
  const carrier = Number(params.get("carrier") ?? "");
  const status = (params.get("status") ?? "").trim().toUpperCase();
  return {
    state: /^[A-Z]{2}$/.test(state) ? state : "",
    carrier: Number.isInteger(carrier) && carrier > 0 && carrier < 2 ** 31 ? carrier : null,
    status: (statuses as readonly string[]).includes(status) ? (status as S) : "",
    overdue: params.get("due") === "overdue",
  };
}

export const readFilingFilters = (params: URLSearchParams): FilingFilters => readBoardFilters(params, STATUS_FILTERS);

export const FILING_INTENTS = {
  filed: "mark-filed",
  accepted: "mark-accepted",
  rejected: "mark-rejected",
  resubmit: "resubmit",
  withdraw: "withdraw",
  firstBusiness: "first-business",
} as const;
export type FilingIntent = (typeof FILING_INTENTS)[keyof typeof FILING_INTENTS];

/** What each action may start from (the update is guarded by it: a filing changed meanwhile is refused). */
export const ACTION_FROM: Record<Exclude<FilingIntent, "first-business">, readonly FilingStatus[]> = {
  "mark-filed": ["TO_FILE"],
  "mark-accepted": ["FILED"],
  "mark-rejected": ["FILED"],
  resubmit: ["REJECTED"],
  withdraw: ["TO_FILE", "HELD", "FILED", "REJECTED"],
};

export const REASON_MAX = 500;

export const FILING_MESSAGES = {
  emptyList: "No filing matches these filters.",
  dateRequired: "Enter the date, such as 12/04/2026.",
  dateInvalid: "Enter a real date, such as 12/04/2026.",
  dateInFuture: "The date cannot be after today.",
  rejectionReasonRequired: "Enter the state's reason for the rejection.",
  withdrawalReasonRequired: "Enter why the filing is withdrawn.",
  reasonTooLong: `At most ${REASON_MAX} characters.`,
  nothingToRecord: "The first business in this state is recorded already.",
  changedMeanwhile: "This filing changed meanwhile: look at it again.",
  notFound: "There is no such filing.",
  refusedTitle: "Nothing was changed",
  withdrawHeading: "Withdraw this filing?",
  withdrawText: "The state is not asked to appoint the agent for this line. A new request needs the agent to be added to the state again.",
  done: {
    "mark-filed": { title: "Marked filed", message: "The filing is with the state, awaiting its answer." },
    "mark-accepted": { title: "Marked accepted", message: "The state accepted the appointment." },
    "mark-rejected": { title: "Marked rejected", message: "The state's reason is kept with the filing; resubmit it when it is corrected." },
    resubmit: { title: "Resubmitted", message: "The filing is back among those to file." },
    withdraw: { title: "Withdrawn", message: "The filing is withdrawn." },
    "first-business": { title: "First business recorded", message: "The state's filings of this agent are dated from the first business." },
  } satisfies Record<FilingIntent, { title: string; message: string }>,
} as const;

/** 'Overdue by 3 days', 'Due today', 'Due in 4 days' (null: no due date, or no longer due). */
export function dueText(due: string | null, today: string, status: string): { text: string; overdue: boolean } | null {
  if (!due || !(NOT_YET_FILED as readonly string[]).includes(status)) return null;
  const days = Math.round((Date.parse(`${due}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  const n = (k: number) => `${k} day${k === 1 ? "" : "s"}`;
  if (days < 0) return { text: `Overdue by ${n(-days)}`, overdue: true };
  if (days === 0) return { text: "Due today", overdue: false };
  return { text: `Due in ${n(days)}`, overdue: false };
}

/** MM/DD/YYYY or YYYY-MM-DD (what a date field sends) as a day; null when it is not one. */
export function readDay(raw: string): string | null {
  const v = raw.trim();
  let y: string, m: string, d: string;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (us) [, m, d, y] = us;
  else if (iso) [, y, m, d] = iso;
  else return null;
  const day = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day ? null : day;
}
