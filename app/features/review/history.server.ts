// What the decisions on an application look like to the people who see them
// (issue 11): the full history for the reviewer, and for the prospect the
// latest RETURN of an incomplete application (reason and deficient sections)
// or the REJECT of a rejected one. Callers have already checked that the
// user may see the application (requireReviewer / requireAppointmentAccess).
import { prisma } from "~/lib/db.server";
import { displayName } from "~/lib/current-user";
import type { DataSectionId } from "~/features/appointment/model";
import { decisionNoteOf, hasDecisionNote, latestDecision, type DecisionNote } from "./notes";
import { decisionHistory as historyRows } from "./returned.server";

export type DecisionHistoryItem = {
  id: string;
  decisionCode: string;
  reason: string;
  sections: DataSectionId[];
  decidedAt: string;
  decidedBy: string;
};

/** Every decision on the application, newest first, with who took it, as the review screen shows it (decision 0028's decisionHistory). */
export async function decisionHistory(appointmentId: number): Promise<DecisionHistoryItem[]> {
  const rows = await historyRows(appointmentId, 100);
  return rows.map((r) => ({
    id: r.decisionId,
    decisionCode: r.decisionCode,
    reason: r.reason,
    sections: r.sections,
    decidedAt: r.decidedAt.toISOString(),
    decidedBy: r.decidedBy ? displayName(r.decidedBy) : "an administrator",
  }));
}

export type { DecisionNote } from "./notes";

/** The note of one application: one statement, only for the statuses that have one. */
export async function decisionNote(appointmentId: number, statusCode: string): Promise<DecisionNote | null> {
  if (!hasDecisionNote(statusCode)) return null;
  const a = await prisma.appointment.findUnique({
    where: { appointmentId },
    select: {
      rejectionReason: true,
      submittedAt: true,
      decisions: latestDecision,
    },
  });
  return a ? decisionNoteOf({ statusCode, submittedAt: a.submittedAt, rejectionReason: a.rejectionReason }, a.decisions[0]) : null;
}
