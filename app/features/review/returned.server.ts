// What the prospect sees of a return for correction (decision 0028): the
// reason and the deficient sections of the latest RETURN decision, while the
// application is APWF_STATUS_INCOMPLETE. The caller has already checked that
// the user may see the application (requireAppointmentAccess); this reads
// nothing else.
import type { Prisma } from "~/generated/prisma/client";
import { DATA_SECTIONS, type DataSectionId } from "~/features/appointment/model";
import { prisma } from "~/lib/db.server";
import { decisionNoteOf } from "./notes";

export type ReturnNotice = {
  decisionId: string;
  reason: string;
  sections: DataSectionId[];
  decidedAt: Date;
};

/**
 * The latest RETURN of an application that is INCOMPLETE now and has not
 * been decided otherwise since; null when there is none (never returned, or
 * resubmitted and not returned again).
 */
export async function latestReturn(appointmentId: number, db: Pick<Prisma.TransactionClient, "appointment" | "appointmentDecision"> = prisma): Promise<ReturnNotice | null> {
  const a = await db.appointment.findUnique({
    where: { appointmentId },
    select: {
      appointmentStatusCode: true,
      submittedAt: true,
      decisions: { orderBy: { decidedAt: "desc" }, take: 1, select: { id: true, decisionCode: true, reason: true, sections: true, decidedAt: true } },
    },
  });
  const d = a?.decisions[0];
  const note = a && d ? decisionNoteOf({ statusCode: a.appointmentStatusCode, submittedAt: a.submittedAt }, d) : null;
  if (!d || note?.kind !== "RETURNED") return null;
  return { decisionId: d.id, reason: note.reason, sections: note.sections, decidedAt: d.decidedAt };
}

export type DecisionHistoryEntry = {
  decisionId: string;
  decisionCode: string;
  reason: string;
  sections: DataSectionId[];
  fromStatusCode: string;
  decidedAt: Date;
  decidedBy: { id: string; userName: string; firstName: string | null; lastName: string | null } | null;
};

/**
 * Every decision on an application, newest first, with the administrator who
 * took it (for the review page; the caller has checked the viewer is an
 * internal administrator). At most `take` rows.
 */
export async function decisionHistory(appointmentId: number, take = 50): Promise<DecisionHistoryEntry[]> {
  const rows = await prisma.appointmentDecision.findMany({
    where: { appointmentId },
    orderBy: { decidedAt: "desc" },
    take: Math.min(Math.max(take, 1), 200),
  });
  const ids = [...new Set(rows.map((r) => r.decidedById))];
  const users = new Map(
    (await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, userName: true, firstName: true, lastName: true } })).map((u) => [u.id, u]),
  );
  return rows.map((r) => ({
    decisionId: r.id,
    decisionCode: r.decisionCode,
    reason: r.reason,
    sections: DATA_SECTIONS.filter((s) => r.sections.includes(s)),
    fromStatusCode: r.fromStatusCode,
    decidedAt: r.decidedAt,
    decidedBy: users.get(r.decidedById) ?? null,
  }));
}
