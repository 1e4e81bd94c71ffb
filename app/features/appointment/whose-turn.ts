// Whose turn an application is (issue 36 item 3, decision 0099): the prospect's, the reviewer's, or
// decided. One rule from the status and the latest decision's note (review/notes.ts), read by the
// application screen, the check and confirmation pages and the dashboard (its next step in words).
// Pure (browser and server).
import type { DecisionNote } from "~/features/review/notes";
import { SECTION_TITLES } from "./model";

export type TurnKind = "WITH_YOU" | "WITH_REVIEWER" | "APPROVED" | "RETURNED" | "REJECTED" | "ABANDONED";
export type Turn = { kind: TurnKind; label: string };

export const TURN_LABELS = {
  WITH_YOU: "With you",
  /** The same turn read by someone else (an upline, an administrator). */
  WITH_APPLICANT: "With the applicant",
  WITH_REVIEWER: "With the reviewer",
  APPROVED: "Approved",
  RETURNED: "Returned",
  REJECTED: "Rejected",
  ABANDONED: "Abandoned",
} as const satisfies Record<TurnKind | "WITH_APPLICANT", string>;

/** Who reads the turn, by their relation to the application (access.server.ts AppointmentRole). */
export function turnReader(role: string): "applicant" | "other" {
  // The prospect, and the recruiter who fills in a paper application, hold the pen.
  return role === "PROSPECT" || role === "SUBMITTER" ? "applicant" : "other";
}

/** 'Returned: <the reason> (to correct: <sections>)'. */
function returnedLabel(note: Extract<DecisionNote, { kind: "RETURNED" }>): string {
  const reason = note.reason.trim().replace(/\s+/g, " ");
  const sections = note.sections.map((s) => SECTION_TITLES[s]).join(", ");
  return `${TURN_LABELS.RETURNED}: ${reason || "see the note"}${sections ? ` (to correct: ${sections})` : ""}`;
}

/**
 * Whose turn it is. An editable application (invited, incomplete, or a pending invitation) is with
 * the prospect, a returned one with what to fix; a submitted one with the reviewer; an unknown
 * status (none is shown by the spec) is with the reviewer, who is the only one who can move it.
 * `reader`: who reads it; an upline or an administrator reads 'With the applicant' for 'With you'.
 */
export function whoseTurn(statusCode: string, note: DecisionNote | null = null, reader: "applicant" | "other" = "applicant"): Turn {
  switch (statusCode) {
    case "APWF_STATUS_NEWCONTRACT":
      return { kind: "WITH_REVIEWER", label: TURN_LABELS.WITH_REVIEWER };
    case "APWF_STATUS_APPROVED":
      return { kind: "APPROVED", label: TURN_LABELS.APPROVED };
    case "APWF_STATUS_REJECTED":
      return { kind: "REJECTED", label: TURN_LABELS.REJECTED };
    case "APWF_STATUS_ABANDONED":
      return { kind: "ABANDONED", label: TURN_LABELS.ABANDONED };
    case "APWF_STATUS_INCOMPLETE":
    case "APWF_STATUS_INVITED":
    case "NEW":
      if (note?.kind === "RETURNED") return { kind: "RETURNED", label: returnedLabel(note) };
      return { kind: "WITH_YOU", label: reader === "applicant" ? TURN_LABELS.WITH_YOU : TURN_LABELS.WITH_APPLICANT };
    default:
      return { kind: "WITH_REVIEWER", label: TURN_LABELS.WITH_REVIEWER };
  }
}
