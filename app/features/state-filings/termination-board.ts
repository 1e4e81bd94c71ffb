// ADMIN > State Filings > Terminations (issue 37 items 3 and 5, decision 0118), client-safe: the
// statuses' words, the list's filters, the actions and their messages, in the appointments' style
// (board.ts, whose filters, due text and date reading it shares).
import { FILING_MESSAGES, readBoardFilters, type BoardFilters } from "./board";
import { TERMINATION_STATUSES } from "./terminations";

export type TerminationStatus = (typeof TERMINATION_STATUSES)[number];

export const TERMINATION_STATUS_LABELS: Record<TerminationStatus, string> = {
  TO_FILE: "To file",
  FILED: "Filed, awaiting the state",
  ACCEPTED: "Accepted",
  REJECTED: "Rejected",
};

/** The default view: what still needs someone (not yet accepted). */
export const TERMINATION_OPEN_WORK = ["TO_FILE", "FILED", "REJECTED"] as const satisfies readonly TerminationStatus[];

export const TERMINATION_STATUS_FILTERS = ["", "ALL", ...TERMINATION_STATUSES] as const;
export type TerminationStatusFilter = (typeof TERMINATION_STATUS_FILTERS)[number];
export const TERMINATION_STATUS_FILTER_LABELS: Record<TerminationStatusFilter, string> = {
  "": "Needing attention (to file, filed, rejected)",
  ALL: "All statuses",
  ...TERMINATION_STATUS_LABELS,
};

export type TerminationFilters = BoardFilters<TerminationStatusFilter>;
export const readTerminationFilters = (params: URLSearchParams): TerminationFilters => readBoardFilters(params, TERMINATION_STATUS_FILTERS);

export const NOTICE_METHOD_LABELS = { ELECTRONIC: "Electronic, with the filing", LETTER: "By letter to the commissioner" } as const;

export const TERMINATION_INTENTS = {
  filed: "mark-filed",
  accepted: "mark-accepted",
  rejected: "mark-rejected",
  resubmit: "resubmit",
  notice: "notice-sent",
  document: "add-document",
} as const;
export type TerminationIntent = (typeof TERMINATION_INTENTS)[keyof typeof TERMINATION_INTENTS];
export type TerminationTransition = Exclude<TerminationIntent, "notice-sent" | "add-document">;

/** What each transition may start from (its update is guarded by it). */
export const TERMINATION_ACTION_FROM: Record<TerminationTransition, readonly TerminationStatus[]> = {
  "mark-filed": ["TO_FILE"],
  "mark-accepted": ["FILED"],
  "mark-rejected": ["FILED"],
  resubmit: ["REJECTED"],
};

export const TERMINATION_SCREEN_MESSAGES = {
  emptyList: "No termination matches these filters.",
  changedMeanwhile: "This termination changed meanwhile: look at it again.",
  notFound: "There is no such termination.",
  refusedTitle: FILING_MESSAGES.refusedTitle,
  noticeNotLetter: "This termination's notice goes with the filing: there is no letter to record.",
  noticeRecorded: "The letter to the commissioner is recorded already.",
  notForCause: "Only a for-cause termination has a case.",
  documentRequired: "Choose the PDF to add to the case.",
  documentNotPdf: "The document must be a PDF (a file ending in .pdf).",
  documentTooBig: "The document is too large: at most 2MB.",
  documentNotFound: "There is no such case document.",
  done: {
    "mark-filed": { title: "Marked filed", message: "The termination is with the state, awaiting its answer." },
    "mark-accepted": { title: "Marked accepted", message: "The state accepted the termination." },
    "mark-rejected": { title: "Marked rejected", message: "The state's reason is kept with the termination; resubmit it when it is corrected." },
    resubmit: { title: "Resubmitted", message: "The termination is back among those to file." },
    "notice-sent": { title: "Notice recorded", message: "The day the letter was sent to the commissioner is recorded." },
    "add-document": { title: "Document added", message: "The document is kept with the case." },
  } satisfies Record<TerminationIntent, { title: string; message: string }>,
} as const;
