// Back-office decisions on submitted applications (issue 11, decision 0028):
// return for correction, reject, approve. Contract shared by the review
// screens (app/routes/admin.review*) and the decision domain; each function
// runs in one transaction, writes an AppointmentDecision row and an audit
// entry, and is refused with ALREADY_DECIDED when the application is no longer
// APWF_STATUS_NEWCONTRACT (two clicks at once give one decision).
// The shared gate is run-decision.server.ts; approval's own work is approve.server.ts.
import { eraseCardData } from "~/features/appointment/submit.server";
import { DATA_SECTIONS, type DataSectionId } from "~/features/appointment/model";
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { actorOf, emitApplicationEvents } from "~/features/webhooks/event-data.server";
import { approveWork } from "./approve.server";
import { DECISION_MESSAGES } from "./decision-messages";
import { changeStatus, runDecision, type DecisionInput, type DecisionResult } from "./run-decision.server";

export type { DecisionCode, DecisionInput, DecisionRefusal, DecisionResult, DecisionSuccess } from "./run-decision.server";

/** The deficient sections as stored: known DATA_SECTIONS ids, each once, in the form's order. */
export function deficientSections(sections: readonly string[] | undefined): DataSectionId[] | null {
  const given = new Set(sections ?? []);
  for (const s of given) if (!(DATA_SECTIONS as readonly string[]).includes(s)) return null;
  return DATA_SECTIONS.filter((s) => given.has(s));
}

/**
 * Back to APWF_STATUS_INCOMPLETE with the reason and the deficient sections
 * shown to the prospect (the latest RETURN decision: latestReturn()). The
 * application becomes editable again; the prospect (or a paper application's
 * recruiter) fixes it and submits it again through the ordinary submit path.
 * Signatures, consents and documents stay as they are (decision 0028).
 */
export async function returnApplication(input: DecisionInput & { sections: DataSectionId[] }): Promise<DecisionResult> {
  const sections = deficientSections(input.sections);
  if (!sections) return { ok: false, code: "INVALID", message: DECISION_MESSAGES.unknownSection };
  return runDecision("RETURN", { ...input, sections }, async (tx, a, { adminUserId }) => {
    await changeStatus(tx, a.appointmentId, { appointmentStatusCode: "APWF_STATUS_INCOMPLETE", updatedById: adminUserId });
    await queueJob(tx, "notify-appointment", { appointmentId: a.appointmentId, event: "RETURNED" }, jobOptions.notifyAppointment("RETURNED", a.appointmentId));
    await emitApplicationEvents(tx, "application.returned", [a.appointmentId], actorOf(adminUserId), { sections });
    return { statusCode: "APWF_STATUS_INCOMPLETE", sections, details: { sections } };
  });
}

/** APWF_STATUS_REJECTED (final, read-only); card data erased; the recruiter and uplines notified. */
export async function rejectApplication(input: DecisionInput): Promise<DecisionResult> {
  return runDecision("REJECT", input, async (tx, a, { adminUserId, reason, now }) => {
    await changeStatus(tx, a.appointmentId, {
      appointmentStatusCode: "APWF_STATUS_REJECTED",
      rejectedAt: now,
      rejectedById: adminUserId,
      rejectionReason: reason,
      updatedById: adminUserId,
    });
    const cardErased = await eraseCardData(tx, a.appointmentId);
    await queueJob(tx, "notify-appointment", { appointmentId: a.appointmentId, event: "REJECTED" }, jobOptions.notifyAppointment("REJECTED", a.appointmentId));
    await emitApplicationEvents(tx, "application.rejected", [a.appointmentId], actorOf(adminUserId));
    return { statusCode: "APWF_STATUS_REJECTED", details: { cardErased } };
  });
}

/**
 * APWF_STATUS_APPROVED: the agent number, one agent position per line placed
 * in the hierarchy, the invitation APPOINTED, the fees recorded, the card
 * erased, the prospect an agent (or invited to create an account).
 */
export async function approveApplication(input: DecisionInput): Promise<DecisionResult> {
  return runDecision("APPROVE", input, async (tx, a, ctx) => {
    const done = await approveWork(tx, a.appointmentId, ctx);
    await queueJob(tx, "notify-appointment", { appointmentId: a.appointmentId, event: "APPROVED" }, jobOptions.notifyAppointment("APPROVED", a.appointmentId));
    // After approveWork's agent.created events: a receiver told of the approval finds the positions.
    await emitApplicationEvents(tx, "application.approved", [a.appointmentId], actorOf(ctx.adminUserId));
    return done;
  });
}

export { decisionHistory, latestReturn, type DecisionHistoryEntry, type ReturnNotice } from "./returned.server";
