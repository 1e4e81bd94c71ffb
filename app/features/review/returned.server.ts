// What the prospect sees of a return for correction (decision 0028): the
// reason and the deficient sections of the latest RETURN decision, while the
// application is APWF_STATUS_INCOMPLETE. The caller has already checked that
// the user may see the application (requireAppointmentAccess); this reads
// nothing else.
import type { Prisma } from "~/generated/prisma/client";
import { DATA_SECTIONS, type DataSectionId } from "~/features/appointment/model";
import { prisma } from "~/lib/db.server";

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
  if (!a || !d || a.appointmentStatusCode !== "APWF_STATUS_INCOMPLETE" || d.decisionCode !== "RETURN") return null;
  // Submitted again after the return (and since put back by something else): not this notice.
  if (a.submittedAt && a.submittedAt > d.decidedAt) return null;
  return {
    decisionId: d.id,
    reason: d.reason,
    sections: DATA_SECTIONS.filter((s) => d.sections.includes(s)),
    decidedAt: d.decidedAt,
  };
}
