// Paper appointments: a recruiter (or upline) starts an application on a
// prospect's behalf through one of their own links or a link of their
// downline. Spec part 2 §3 'Paper-appointment creation request', §8 'Cannot
// Create Appointment'. Split out of create.server.ts (no behaviour change).
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { isEmailAddress, normalizeEmail } from "~/lib/email-address";
import { auditAppointment } from "./access.server";
import { appointmentRefusal } from "./can-be-appointed.server";
import { REP_TYPE, lock } from "./create.server";
import { isOwnEmail, PAPER_MESSAGES } from "./paper-schema";
import { isAppointmentTypeCode } from "./model";
import { carrierBlockRows, enrollRepOf, linkIsTheirs, resolveLink } from "./resolve-link.server";

export const CANNOT_CREATE_TITLE = "Cannot Create Appointment";

export const PAPER_FAILURES = {
  BAD_APPT_LINK: "Bad appointment link",
  AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE:
    "An appointment app already exists for this email and hierarchy. A different prospect email address is required.",
  INVALID_EMAIL: "A valid prospect email address is required.",
  INVALID_APPT_TYPE: "Please choose one of the appointment types.",
  OWN_EMAIL: PAPER_MESSAGES.ownEmail,
  UNFORESEEN: "Oops! Some unforeseen system error occurred while trying to create the application...",
} as const;
export type PaperFailureCode = keyof typeof PAPER_FAILURES;

export type PaperResult =
  | { ok: true; appointmentId: number }
  | { ok: false; code: PaperFailureCode; title: string; message: string };

const failure = (code: PaperFailureCode): PaperResult => ({ ok: false, code, title: CANNOT_CREATE_TITLE, message: PAPER_FAILURES[code] });

/**
 * A recruiter (or upline) creates an application on a prospect's behalf
 * through one of their own links (or a link of their downline): status
 * INCOMPLETE, isPaperAppointment, submitterId = the recruiter, the
 * prospect's email lowercased. Refused with OWN_EMAIL for the recruiter's own
 * address and AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE by the one rule
 * (can-be-appointed.server.ts).
 */
export async function createPaperAppointment(
  recruiter: CurrentUser,
  input: { link?: string | null; multiLinkId?: number | string | null; emailAddress?: string | null; apptTypeCode?: string | null },
  request?: Request,
): Promise<PaperResult> {
  const email = normalizeEmail(input.emailAddress);
  try {
    const result = await prisma.$transaction(async (tx): Promise<PaperResult> => {
      const r = await resolveLink(tx, input);
      if (!r || !(await linkIsTheirs(tx, recruiter, r))) return failure("BAD_APPT_LINK");
      if (!isEmailAddress(email)) return failure("INVALID_EMAIL");
      if (isOwnEmail(recruiter.userName, email)) return failure("OWN_EMAIL");
      const typeCode = enrollRepOf(r) ? REP_TYPE : input.apptTypeCode;
      if (!isAppointmentTypeCode(typeCode)) return failure("INVALID_APPT_TYPE");
      await lock(tx, `appointment:paper:${email}`);
      // The one rule (decision 0047): an open application in these schedules, or a position in the recruiter's hierarchy.
      const refusal = await appointmentRefusal(tx, { email }, r.lines);
      if (refusal) return failure(refusal);
      const first = r.lines[0];
      const actor = recruiter.impersonator?.id ?? recruiter.id;
      // Claiming (decision 0022): a prospect already signed up with this email, verified, gets it at once;
      // otherwise it is claimed at their first sign-in with the verified email (upsertUserFromClaims).
      const prospect = await tx.user.findFirst({ where: { userName: email, emailVerified: true, isActive: true }, select: { id: true } });
      const row = await tx.appointment.create({
        data: {
          appointmentTypeCode: typeCode,
          appointmentStatusCode: "APWF_STATUS_INCOMPLETE",
          isPaperAppointment: true,
          submitterId: recruiter.id,
          userId: prospect?.id ?? null,
          prospectEmailAddress: email,
          recruiterAgentId: first.recruiterAgentId,
          appointmentLinkId: r.appointmentLinkId,
          multiLinkId: r.multiLinkId,
          mgaCode: first.scheduleLevel.schedule.mgaCode,
          createdById: actor,
          updatedById: actor,
          personal: { create: { emailAddress: email } },
          carrierBlocks: { create: carrierBlockRows(r) },
        },
        select: { appointmentId: true },
      });
      return { ok: true, appointmentId: row.appointmentId };
    });
    if (result.ok) {
      await auditAppointment("APPOINTMENT_CREATED", recruiter, result.appointmentId, request, { via: "paper" });
    }
    return result;
  } catch (error) {
    console.error("createPaperAppointment failed:", (error as Error).message);
    return failure("UNFORESEEN");
  }
}
