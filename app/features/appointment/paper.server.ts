// Filling out an application on a prospect's behalf from the application
// screen's parameters (spec part 2 §2 'Application screen': email, multiPaper;
// §3 'Paper-appointment creation request'; §8 'Cannot Create Appointment'):
//   /appoint/paper?email=<prospect>&link=<link>&apptTypeCode=<type>
//   /appoint/paper?multiPaper=1&multiLinkId=<id>&email=…&apptTypeCode=…
// The GET shows what will be created; creating is a POST (the confirmation
// form). The submitter is always the signed-in user (the spec's submitterId
// parameter is not read: nobody creates an application in someone else's name).
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { CANNOT_CREATE_TITLE, PAPER_FAILURES, createPaperAppointment, type PaperFailureCode } from "./paper-create.server";
import { linkIsTheirs, resolveLink } from "./resolve-link.server";
import { APPOINTMENT_TYPE_LABELS, ENROLL_REP_TYPE, WIZARD_APPOINTMENT_TYPES, type AppointmentTypeCode } from "./model";
import { paperAppointmentSchema } from "./paper-schema";

export type PaperParams = {
  link: string;
  multiLinkId: string;
  multiPaper: boolean;
  email: string;
  apptTypeCode: string;
};

/** The parameters of the paper URL (also those /appoint passes on). */
export function paperParams(q: URLSearchParams): PaperParams {
  const get = (k: string) => (q.get(k) ?? "").trim().slice(0, 300);
  return {
    link: get("link"),
    multiLinkId: get("multiLinkId"),
    multiPaper: get("multiPaper") !== "" && get("multiPaper") !== "0",
    email: get("email"),
    apptTypeCode: get("apptTypeCode"),
  };
}

/** True when the query asks for a paper appointment (/appoint passes these on). */
export function isPaperQuery(q: URLSearchParams): boolean {
  return !q.get("id") && (q.has("email") || q.has("multiPaper"));
}

export type CannotCreate = { code: PaperFailureCode; title: string; message: string };

/** The 'Cannot Create Appointment' dialog for a failure code (spec §8). */
export function cannotCreate(code: PaperFailureCode): CannotCreate {
  const message =
    code === "BAD_APPT_LINK" || code === "AGENT_CANNOT_BE_IN_SAME_SCHEDULE_TWICE" || code === "OWN_EMAIL" ? PAPER_FAILURES[code] : PAPER_FAILURES.UNFORESEEN;
  return { code, title: CANNOT_CREATE_TITLE, message };
}

export type PaperContext = {
  link: string;
  multiLinkId: number | null;
  lines: Array<{ carrier: string; productType: string; levelNo: number; levelName: string }>;
  /** The type is fixed to representative (enrollRep level). */
  enrollRep: boolean;
  types: Array<{ code: AppointmentTypeCode; label: string }>;
};

function linkInput(p: PaperParams) {
  return { link: p.link || null, multiLinkId: p.multiPaper || p.multiLinkId ? p.multiLinkId || null : null };
}

/**
 * What the confirmation shows: the link's carrier/level lines and the types
 * it allows; BAD_APPT_LINK when the link does not exist, cannot be used, or
 * is not one of the user's own (or their downline's).
 */
export async function paperContext(user: CurrentUser, p: PaperParams): Promise<{ ok: true; context: PaperContext } | ({ ok: false } & CannotCreate)> {
  const input = linkInput(p);
  const r = input.link || input.multiLinkId ? await resolveLink(prisma, input) : null;
  if (!r || !(await linkIsTheirs(prisma, user, r))) return { ok: false, ...cannotCreate("BAD_APPT_LINK") };
  const enrollRep = r.lines.some((l) => l.scheduleLevel.enrollRep);
  return {
    ok: true,
    context: {
      link: r.link,
      multiLinkId: r.multiLinkId,
      lines: r.lines.map((l) => ({
        carrier: l.scheduleLevel.schedule.carrier.name,
        productType: l.scheduleLevel.schedule.productType.name,
        levelNo: l.scheduleLevel.levelNo,
        levelName: l.scheduleLevel.levelName,
      })),
      enrollRep,
      types: enrollRep
        ? [{ code: ENROLL_REP_TYPE, label: APPOINTMENT_TYPE_LABELS[ENROLL_REP_TYPE] }]
        : WIZARD_APPOINTMENT_TYPES.STANDARD.map((t) => ({ code: t.code, label: t.label })),
    },
  };
}

export type StartPaperResult =
  | { ok: true; appointmentId: number }
  | { ok: false; reply: SubmissionResult<string[]>; dialog: CannotCreate | null };

/**
 * The confirmation posted: checks the form with the shared schema (the
 * prospect email's format, not the recruiter's own email, an allowed type),
 * then creates the application (createPaperAppointment) with the user as
 * submitter. Refusals come back as conform's reply (messages next to the
 * fields) or the 'Cannot Create Appointment' dialog.
 */
export async function startPaperAppointment(
  user: CurrentUser,
  p: PaperParams,
  formData: FormData,
  request?: Request,
): Promise<StartPaperResult> {
  const ctx = await paperContext(user, p);
  const types = ctx.ok ? ctx.context.types.map((t) => t.code) : [];
  const submission = parseWithZod(formData, { schema: paperAppointmentSchema({ ownEmail: user.userName, types }) });
  if (!ctx.ok) {
    return { ok: false, reply: submission.reply() as SubmissionResult<string[]>, dialog: { code: ctx.code, title: ctx.title, message: ctx.message } };
  }
  if (submission.status !== "success") return { ok: false, reply: submission.reply() as SubmissionResult<string[]>, dialog: null };
  const created = await createPaperAppointment(
    user,
    { ...linkInput(p), emailAddress: submission.value.email, apptTypeCode: submission.value.apptTypeCode },
    request,
  );
  if (created.ok) return { ok: true, appointmentId: created.appointmentId };
  return { ok: false, reply: submission.reply() as SubmissionResult<string[]>, dialog: cannotCreate(created.code) };
}
