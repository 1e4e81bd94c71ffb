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
import { requireUserWith } from "~/lib/auth.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { isUnderUser, underUserSql } from "~/features/hierarchy/hierarchy.server";
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
  const role = await decideAppointmentAccess(user, appointmentId, found, opts);
  const { appointmentLink: _link, ...row } = found!;
  return { ...row, role };
}

/** An application row as decideAppointmentAccess needs it: the header's columns and the link's recruiter position. */
export type AccessibleRow = Pick<Appointment, "userId" | "submitterId" | "isDeleted" | "appointmentStatusCode" | "recruiterAgentId"> & {
  appointmentLink?: { recruiterAgentId: number | null } | null;
};

/**
 * requireAppointmentAccess's rule on a row the caller read itself, with whatever else it needed in
 * the same statement (the application screen, load.server.ts): the user's role, or the same thrown
 * 404 / 403 'read-only' Response after the same ACCESS_DENIED audit row. The caller returns nothing
 * of the row before this has answered.
 */
export async function decideAppointmentAccess(user: CurrentUser, appointmentId: number, found: AccessibleRow | null, opts: AccessOptions = {}): Promise<AppointmentRole> {
  return decideAccess(user, appointmentId, found, () => isUplineOf(user, found!, found!.appointmentLink?.recruiterAgentId ?? undefined), opts);
}

/** What the save path needs of the application row (requireUserAndAppointmentAccess). */
export type AccessRow = Pick<
  Appointment,
  | "appointmentId"
  | "userId"
  | "submitterId"
  | "recruiterAgentId"
  | "appointmentStatusCode"
  | "appointmentTypeCode"
  | "invitationFlavour"
  | "isDeleted"
  | "isPaperAppointment"
> & { role: AppointmentRole };

/**
 * The access rule (the header) on a row read by the caller: the user's role,
 * or a thrown 404 / 403 'read-only' Response after an ACCESS_DENIED audit row.
 * `under` answers the hierarchy rule; it is asked only when no other role applies.
 */
async function decideAccess(
  user: CurrentUser,
  appointmentId: number,
  found: (Pick<Appointment, "userId" | "submitterId" | "isDeleted" | "appointmentStatusCode">) | null,
  under: () => Promise<boolean> | boolean,
  opts: AccessOptions,
): Promise<AppointmentRole> {
  let role = found && !found.isDeleted ? appointmentRole(user, found) : null;
  if (found && !found.isDeleted && !role && (await under())) role = "UPLINE";
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
  return role;
}

/**
 * The application's columns and the hierarchy rule, in the session's statement
 * (requireUserAndAppointmentAccess): `s.user_id` is the effective user (the
 * person impersonated), `u` their row. The hierarchy rule (isUnderUser's,
 * underUserSql, on the recruiter position, the link's recruiter position and
 * the paper submitter's positions) is evaluated only when no other role applies.
 */
const ACCESS_WITH_SESSION = {
  columns: `ap.appointment_id AS ap_appointment_id, ap.user_id AS ap_user_id, ap.submitter_id AS ap_submitter_id,
         ap.recruiter_agent_id AS ap_recruiter_agent_id, ap.appointment_status_code AS ap_appointment_status_code,
         ap.appointment_type_code AS ap_appointment_type_code, ap.invitation_flavour AS ap_invitation_flavour,
         ap.is_deleted AS ap_is_deleted, ap.is_paper_appointment AS ap_is_paper_appointment,
         CASE WHEN ap.appointment_id IS NULL OR ap.is_deleted OR ap.user_id = s.user_id OR ap.submitter_id = s.user_id OR u.is_internal
              THEN NULL
              ELSE ${underUserSql("s.user_id", "ARRAY[ap.recruiter_agent_id, apl.recruiter_agent_id]", "ARRAY[ap.submitter_id]")}
         END AS ap_under`,
  joins: `LEFT JOIN appointments ap ON ap.appointment_id = $2::int
    LEFT JOIN appointment_links apl ON apl.appointment_link_id = ap.appointment_link_id`,
};

type AccessColumns = {
  ap_appointment_id: number | null;
  ap_user_id: string | null;
  ap_submitter_id: string | null;
  ap_recruiter_agent_id: number | null;
  ap_appointment_status_code: string;
  ap_appointment_type_code: string;
  ap_invitation_flavour: string;
  ap_is_deleted: boolean;
  ap_is_paper_appointment: boolean;
  ap_under: boolean | null;
};

/**
 * requireUser() and requireAppointmentAccess() in one statement: the session,
 * its users and the application row with the hierarchy rule (ACCESS_WITH_SESSION).
 * The same rules, refusals and audit rows; nobody signed in gets requireUser's answer.
 */
export async function requireUserAndAppointmentAccess(
  request: Request,
  appointmentId: number,
  opts: Omit<AccessOptions, "request"> = {},
): Promise<{ user: CurrentUser; access: AccessRow }> {
  const valid = Number.isSafeInteger(appointmentId) && appointmentId > 0 && appointmentId <= 2_147_483_647;
  const { user, extra } = await requireUserWith(request, { ...ACCESS_WITH_SESSION, values: [valid ? appointmentId : null] });
  const withRequest = { ...opts, request };
  // The user had been read for this request already (without the row): the row on its own.
  if (!extra) return { user, access: await requireAppointmentAccess(user, appointmentId, withRequest) };
  const r = extra as AccessColumns;
  const found =
    r.ap_appointment_id == null
      ? null
      : {
          appointmentId: r.ap_appointment_id,
          userId: r.ap_user_id,
          submitterId: r.ap_submitter_id,
          recruiterAgentId: r.ap_recruiter_agent_id,
          appointmentStatusCode: r.ap_appointment_status_code,
          appointmentTypeCode: r.ap_appointment_type_code,
          invitationFlavour: r.ap_invitation_flavour,
          isDeleted: r.ap_is_deleted,
          isPaperAppointment: r.ap_is_paper_appointment,
        };
  const role = await decideAccess(user, appointmentId, found, () => r.ap_under === true, withRequest);
  return { user, access: { ...found!, role } };
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

/** What requireAppointmentAccess or requireUserAndAppointmentAccess answered: a caller that has it need not check again. */
export type CheckedAccess = AccessRow;

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
