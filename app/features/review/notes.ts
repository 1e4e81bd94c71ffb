// What the prospect is told about the last decision on an application: a
// RETURN while it is incomplete and not submitted since, a REJECT once
// rejected. One rule for the dashboard (which reads the latest decision in its
// own statement), the application screen and latestReturn().
import type { Prisma } from "~/generated/prisma/client";
import { DATA_SECTIONS, type DataSectionId } from "~/features/appointment/model";

export type DecisionNote =
  | { kind: "RETURNED"; reason: string; sections: DataSectionId[]; decidedAt: string }
  | { kind: "REJECTED"; reason: string; decidedAt: string | null };

/** The latest decision on an application, as decisionNoteOf needs it. */
export type LatestDecision = { decisionCode: string; reason: string; sections: readonly string[]; decidedAt: Date };

/** The latest decision as decisionNoteOf reads it (a relation selection of an appointment; the application screen reads it with the application). */
export const latestDecision = {
  orderBy: { decidedAt: "desc" },
  take: 1,
  select: { decisionCode: true, reason: true, sections: true, decidedAt: true },
} as const satisfies Prisma.Appointment$decisionsArgs;

/** Only these statuses can have a note. */
export const hasDecisionNote = (statusCode: string) => statusCode === "APWF_STATUS_INCOMPLETE" || statusCode === "APWF_STATUS_REJECTED";

/** The note of an application given its latest decision `d`. */
export function decisionNoteOf(
  a: { statusCode: string; submittedAt?: Date | null; rejectionReason?: string | null },
  d: LatestDecision | null | undefined,
): DecisionNote | null {
  if (a.statusCode === "APWF_STATUS_INCOMPLETE") {
    // Submitted again after the return (and put back some other way since): not this note.
    if (d?.decisionCode === "RETURN" && !(a.submittedAt && a.submittedAt > d.decidedAt)) {
      return { kind: "RETURNED", reason: d.reason, sections: DATA_SECTIONS.filter((s) => d.sections.includes(s)), decidedAt: d.decidedAt.toISOString() };
    }
  } else if (a.statusCode === "APWF_STATUS_REJECTED") {
    const reason = d?.decisionCode === "REJECT" ? d.reason : (a.rejectionReason ?? "");
    return { kind: "REJECTED", reason, decidedAt: d?.decisionCode === "REJECT" ? d.decidedAt.toISOString() : null };
  }
  return null;
}
