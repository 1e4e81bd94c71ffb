// What the decisions on an application look like to the people who see them
// (issue 11): the full history for the reviewer, and for the prospect the
// latest RETURN of an incomplete application (reason and deficient sections)
// or the REJECT of a rejected one. Callers have already checked that the
// user may see the application (requireReviewer / requireAppointmentAccess).
import { prisma } from "~/lib/db.server";
import { displayName } from "~/lib/current-user";
import { DATA_SECTIONS, type DataSectionId } from "~/features/appointment/model";
import { decisionHistory as historyRows } from "./returned.server";

export type DecisionHistoryItem = {
  id: string;
  decisionCode: string;
  reason: string;
  sections: DataSectionId[];
  decidedAt: string;
  decidedBy: string;
};

const asSections = (v: readonly string[]): DataSectionId[] => v.filter((s): s is DataSectionId => (DATA_SECTIONS as readonly string[]).includes(s));

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

/** What the prospect is told about the last decision: a RETURN while incomplete, a REJECT once rejected. */
export type DecisionNote =
  | { kind: "RETURNED"; reason: string; sections: DataSectionId[]; decidedAt: string }
  | { kind: "REJECTED"; reason: string; decidedAt: string | null };

const NOTE_STATUSES: Record<string, string> = { APWF_STATUS_INCOMPLETE: "RETURN", APWF_STATUS_REJECTED: "REJECT" };

/**
 * The notes of several applications (the dashboard), by id: only an
 * incomplete application whose latest decision is a RETURN (once submitted
 * again it is awaiting approval and the note is gone), and a rejected one.
 */
export async function decisionNotes(
  apps: ReadonlyArray<{ appointmentId: number; statusCode: string; submittedAt?: Date | null; rejectionReason?: string | null }>,
): Promise<Map<number, DecisionNote>> {
  const wanted = apps.filter((a) => NOTE_STATUSES[a.statusCode]);
  const out = new Map<number, DecisionNote>();
  if (wanted.length === 0) return out;
  const rows = await prisma.appointmentDecision.findMany({
    where: { appointmentId: { in: wanted.map((a) => a.appointmentId) } },
    orderBy: [{ appointmentId: "asc" }, { decidedAt: "desc" }],
    distinct: ["appointmentId"],
    select: { appointmentId: true, decisionCode: true, reason: true, sections: true, decidedAt: true, fromStatusCode: true },
  });
  const latest = new Map(rows.map((r) => [r.appointmentId, r]));
  for (const a of wanted) {
    const note = decisionNoteOf(a, latest.get(a.appointmentId));
    if (note) out.set(a.appointmentId, note);
  }
  return out;
}

/** The latest decision on an application, as decisionNoteOf needs it. */
export type LatestDecision = { decisionCode: string; reason: string; sections: readonly string[]; decidedAt: Date };

/**
 * The note of an application given its latest decision `d` (the dashboard reads both in its
 * own statement): a RETURN while incomplete and not submitted since, a REJECT once rejected.
 */
export function decisionNoteOf(
  a: { statusCode: string; submittedAt?: Date | null; rejectionReason?: string | null },
  d: LatestDecision | null | undefined,
): DecisionNote | null {
  if (a.statusCode === "APWF_STATUS_INCOMPLETE") {
    // Submitted again after the return (and put back some other way since): not this note (as latestReturn).
    if (d?.decisionCode === "RETURN" && !(a.submittedAt && a.submittedAt > d.decidedAt)) {
      return { kind: "RETURNED", reason: d.reason, sections: asSections(d.sections), decidedAt: d.decidedAt.toISOString() };
    }
  } else if (a.statusCode === "APWF_STATUS_REJECTED") {
    const reason = d?.decisionCode === "REJECT" ? d.reason : (a.rejectionReason ?? "");
    return { kind: "REJECTED", reason, decidedAt: d?.decisionCode === "REJECT" ? d.decidedAt.toISOString() : null };
  }
  return null;
}

/** The note of one application (the application screen). */
export async function decisionNote(appointmentId: number, statusCode: string): Promise<DecisionNote | null> {
  if (!NOTE_STATUSES[statusCode]) return null;
  const a = await prisma.appointment.findUnique({ where: { appointmentId }, select: { rejectionReason: true, submittedAt: true } });
  return (await decisionNotes([{ appointmentId, statusCode, submittedAt: a?.submittedAt, rejectionReason: a?.rejectionReason }])).get(appointmentId) ?? null;
}
