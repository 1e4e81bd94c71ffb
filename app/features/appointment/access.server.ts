// Who may see and change an appointment application. Every function of the
// appointment feature reads the row through requireAppointmentAccess: there
// is no other path to an application.
//
// Rights (docs/decisions/0009-application-save-submit-evidence.md):
//  - the prospect (appointment.userId);
//  - the recruiter who created a paper appointment (appointment.submitterId);
//  - an internal administrator (the effective user's isInternal flag);
//  - READ ONLY: the recruiter and every upline: the application's recruiter
//    position (appointment.recruiterAgentId, else its appointment link's
//    recruiterAgentId) or a position of its paper submitter is one of the
//    viewer's positions or under one of them (isUnderUser, one closure-table
//    query; docs/decisions/0024-downline-applications-and-reports.md).
//    Any write (save, submit, upload, consent) answers 403 'read-only'.
// Impersonation acts as the user: an administrator acting for someone sees
// exactly what that person sees (the effective user's rights, not the
// administrator's). Anyone else gets 404, as if the record did not exist.
import type { Appointment } from "~/generated/prisma/client";
import { audit } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { isUnderUser } from "~/features/hierarchy/hierarchy.server";
import { isEditableStatus } from "./model";

/** True when an application in this status is read-only (model's isEditableStatus, spec part 2 §4). */
export function isReadOnlyStatus(statusCode: string): boolean {
  return !isEditableStatus(statusCode);
}

export type AppointmentRole = "PROSPECT" | "SUBMITTER" | "ADMIN" | "UPLINE";

/** How the user relates to the appointment, or null when they may not see it. */
export function appointmentRole(
  user: Pick<CurrentUser, "id" | "isInternal">,
  appointment: Pick<Appointment, "userId" | "submitterId">,
): AppointmentRole | null {
  if (appointment.userId && appointment.userId === user.id) return "PROSPECT";
  if (appointment.submitterId && appointment.submitterId === user.id) return "SUBMITTER";
  if (user.isInternal) return "ADMIN";
  return null;
}

export type AccessOptions = {
  /** Also refuse (403 'read-only') unless the status allows changes. */
  write?: boolean;
  /** For the audit log's address and browser. */
  request?: Request;
};

export const READ_ONLY_MESSAGE = "read-only";

/**
 * The appointment row when the user may see it (and, with write, change it);
 * otherwise throws a 404 Response (403 'read-only' for a write to a
 * submitted, approved, rejected or abandoned application). Refusals are
 * audited as ACCESS_DENIED.
 */
export async function requireAppointmentAccess(
  user: CurrentUser,
  appointmentId: number,
  opts: AccessOptions = {},
): Promise<Appointment & { role: AppointmentRole }> {
  const found =
    Number.isSafeInteger(appointmentId) && appointmentId > 0
      ? await prisma.appointment.findUnique({
          where: { appointmentId },
          include: { appointmentLink: { select: { recruiterAgentId: true } } },
        })
      : null;
  let role = found && !found.isDeleted ? appointmentRole(user, found) : null;
  if (found && !found.isDeleted && !role && (await isUplineOf(user, found, found.appointmentLink?.recruiterAgentId))) role = "UPLINE";
  if (!found || !role) {
    await refuse(user, appointmentId, opts, found ? "not yours" : "not found");
    throw new Response(null, { status: 404 });
  }
  if (opts.write && role === "UPLINE") {
    await refuse(user, appointmentId, opts, "read-only (upline)");
    throw new Response(READ_ONLY_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  if (opts.write && isReadOnlyStatus(found.appointmentStatusCode)) {
    await refuse(user, appointmentId, opts, `read-only (${found.appointmentStatusCode})`);
    throw new Response(READ_ONLY_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { appointmentLink: _link, ...row } = found;
  return { ...row, role };
}

/** The hierarchy rule: the application's recruiter (or paper submitter) is the user or in the user's downline. */
function isUplineOf(user: CurrentUser, a: Pick<Appointment, "recruiterAgentId" | "submitterId">, linkRecruiterAgentId: number | undefined) {
  return isUnderUser(prisma, user.id, {
    agentIds: [a.recruiterAgentId, linkRecruiterAgentId],
    userIds: [a.submitterId],
  });
}

async function refuse(user: CurrentUser, appointmentId: number, opts: AccessOptions, reason: string) {
  await auditAppointment("ACCESS_DENIED", user, appointmentId, opts.request, { what: opts.write ? "appointment write" : "appointment read", reason });
}

/** What requireAppointmentAccess answered: a caller that has it need not check again. */
export type CheckedAccess = Awaited<ReturnType<typeof requireAppointmentAccess>>;

/** The audit fields about an application, naming the user and any impersonating administrator. */
export function appointmentAuditTarget(user: CurrentUser, appointmentId: number, request?: Request, details?: Record<string, unknown>) {
  return {
    request,
    actorUserId: user.id,
    impersonatorUserId: user.impersonator?.id ?? null,
    targetType: "Appointment",
    targetId: String(appointmentId),
    details,
  };
}

/** Writes an audit row about an application, naming the user and any impersonating administrator. */
export function auditAppointment(
  action: string,
  user: CurrentUser,
  appointmentId: number,
  request?: Request,
  details?: Record<string, unknown>,
) {
  return audit(action, appointmentAuditTarget(user, appointmentId, request, details));
}
