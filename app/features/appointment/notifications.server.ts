// Notifications about a prospect's application (spec part 1 §3 'Preferences'):
// the recruiter (category CAT_APP*_RECRUIT) and the recruiter's uplines
// (CAT_APP*_RECRUIT_DOWNLN) are told, by email, according to their
// communication preferences. SMS: no gateway exists, so an SMS preference is
// recorded in the audit log (SMS_NOT_SENT) instead of being sent.
//
// Run by the notify-appointment job (jobs/tasks/notify-appointment.ts), which
// submitApplication queues in the same transaction as the status change.
// Idempotent: a recipient who already has the email (mail_messages with
// relatedType APPOINTMENT_<EVENT> and relatedId '<appointmentId>:<userId>')
// is skipped, and every email is queued with a job key.
import { createHash } from "node:crypto";
import { audit } from "~/lib/audit.server";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import type { PreferenceCategory, RecruiterCategory } from "~/features/preferences/schema";
import { RETURNED_EMAIL } from "~/features/review/decision-messages";
import { APPOINTMENT_TYPE_LABELS, SECTION_TITLES, isAppointmentTypeCode } from "./model";

export const APPOINTMENT_EVENTS = ["SUBMITTED", "APPROVED", "REJECTED", "ABANDONED", "RETURNED"] as const;
export type AppointmentEvent = (typeof APPOINTMENT_EVENTS)[number];
/** Events told to the recruiter and uplines by preference (RETURNED is told to the prospect: notifyReturned). */
type RecruiterEvent = Exclude<AppointmentEvent, "RETURNED">;

// The category codes are the preferences page's (features/preferences/schema.ts): one spelling.
const CATEGORY: Record<RecruiterEvent, RecruiterCategory> = {
  SUBMITTED: "CAT_APPSUB_RECRUIT",
  APPROVED: "CAT_APPAPRV_RECRUIT",
  REJECTED: "CAT_APPREJ_RECRUIT",
  ABANDONED: "CAT_APPABAND_RECRUIT",
};

const SUBJECT_VERB: Record<AppointmentEvent, string> = {
  SUBMITTED: "submitted for approval",
  APPROVED: "approved",
  REJECTED: "rejected",
  ABANDONED: "abandoned",
  RETURNED: "returned for correction",
};

/** The job key of the notification job for an event (submit uses notify-submitted:<id>). */
export function notifyJobKey(event: AppointmentEvent, appointmentId: number): string {
  return `notify-${event.toLowerCase()}:${appointmentId}`;
}

export type NotificationRecipient = {
  userId: string;
  /** RECRUITER (the inviter, submitter or recruiting agent's user) or UPLINE. */
  relation: "RECRUITER" | "UPLINE";
  categoryCode: string;
  emails: string[];
  smsNumbers: string[];
};

const splitValues = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 5);

/**
 * Who is told about the event and how. The recruiter's users without any
 * saved preference for the category get the email at their sign-in address
 * (the recruiter asked for the application to be made); uplines are told
 * only when they opted in for downline notifications.
 */
export async function notificationRecipients(event: AppointmentEvent, appointmentId: number): Promise<NotificationRecipient[]> {
  if (event === "RETURNED") return [];
  const a = await prisma.appointment.findUnique({
    where: { appointmentId },
    select: {
      submitterId: true,
      recruiterAgentId: true,
      recruiterAgent: { select: { userId: true } },
      invitation: { select: { inviterUserId: true } },
    },
  });
  if (!a) return [];
  const recruiterIds = new Set(
    [a.invitation?.inviterUserId, a.submitterId, a.recruiterAgent?.userId].filter((v): v is string => !!v),
  );
  const uplineIds = new Set<string>();
  if (a.recruiterAgentId != null) {
    const ups = await prisma.agentClosure.findMany({
      where: { descendantId: a.recruiterAgentId, depth: { gt: 0 }, ancestor: { userId: { not: null }, isActive: true } },
      select: { ancestor: { select: { userId: true } } },
    });
    for (const u of ups) if (u.ancestor.userId && !recruiterIds.has(u.ancestor.userId)) uplineIds.add(u.ancestor.userId);
  }
  const ids = [...recruiterIds, ...uplineIds];
  if (ids.length === 0) return [];
  const recruiterCategory = CATEGORY[event];
  const downlineCategory: PreferenceCategory = `${recruiterCategory}_DOWNLN`;
  const users = await prisma.user.findMany({
    where: { id: { in: ids }, isActive: true },
    select: {
      id: true,
      userName: true,
      notificationSubscriber: {
        select: { preferences: { where: { categoryCode: { in: [recruiterCategory, downlineCategory] } } } },
      },
    },
  });
  const out: NotificationRecipient[] = [];
  for (const u of users) {
    const relation = recruiterIds.has(u.id) ? "RECRUITER" : "UPLINE";
    const categoryCode = relation === "RECRUITER" ? recruiterCategory : downlineCategory;
    const prefs = (u.notificationSubscriber?.preferences ?? []).filter((p) => p.categoryCode === categoryCode);
    const email = prefs.find((p) => p.methodCode === "EMAIL_EVT");
    const sms = prefs.find((p) => p.methodCode === "SMS_EVT");
    let emails: string[] = [];
    if (email) emails = email.isEnabled ? splitValues(email.preferenceValue) : [];
    else if (relation === "RECRUITER") emails = [u.userName];
    if (email?.isEnabled && emails.length === 0) emails = [u.userName];
    const smsNumbers = sms?.isEnabled ? splitValues(sms.preferenceValue) : [];
    if (emails.length || smsNumbers.length) out.push({ userId: u.id, relation, categoryCode, emails, smsNumbers });
  }
  return out;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Subject and body of the email (no sensitive values: name, type, levels, date). */
export async function notificationEmail(event: AppointmentEvent, appointmentId: number, relation: NotificationRecipient["relation"]) {
  const a = await prisma.appointment.findUniqueOrThrow({
    where: { appointmentId },
    select: {
      appointmentTypeCode: true,
      prospectEmailAddress: true,
      submittedAt: true,
      agentNumber: true,
      rejectionReason: true,
      personal: { select: { firstName: true, lastName: true, emailAddress: true } },
      recruiterAgent: { select: { agentNumber: true, firstName: true, lastName: true, companyName: true, agentType: true } },
      carrierBlocks: {
        select: {
          levelNo: true,
          scheduleLevel: { select: { levelName: true, schedule: { select: { carrier: { select: { carrierCode: true } }, productType: { select: { name: true } } } } } },
        },
      },
    },
  });
  const prospect =
    [a.personal?.firstName, a.personal?.lastName].filter(Boolean).join(" ") ||
    a.personal?.emailAddress ||
    a.prospectEmailAddress ||
    `Application ${appointmentId}`;
  const type = isAppointmentTypeCode(a.appointmentTypeCode) ? APPOINTMENT_TYPE_LABELS[a.appointmentTypeCode] : a.appointmentTypeCode;
  const lines = a.carrierBlocks.map((b) =>
    b.scheduleLevel
      ? `${b.scheduleLevel.schedule.carrier.carrierCode} ${b.scheduleLevel.schedule.productType.name} — Level ${b.levelNo ?? ""} ${b.scheduleLevel.levelName}`.trim()
      : `Level ${b.levelNo ?? ""}`,
  );
  const r = a.recruiterAgent;
  const recruiter = r ? `${r.agentType === "C" && r.companyName ? r.companyName : [r.firstName, r.lastName].filter(Boolean).join(" ")} (${r.agentNumber})` : "";
  const subject = `Application ${SUBJECT_VERB[event]}: ${prospect}`;
  const intro =
    relation === "RECRUITER"
      ? `The appointment application of ${prospect}, whom you recruited, was ${SUBJECT_VERB[event]}.`
      : `The appointment application of ${prospect}, recruited in your downline${recruiter ? ` by ${recruiter}` : ""}, was ${SUBJECT_VERB[event]}.`;
  const facts: Array<[string, string]> = [
    ["Prospect", prospect],
    ["Appointment type", type],
    ...lines.map((l): [string, string] => ["Appointment", l]),
    ...(a.submittedAt ? [["Submitted", a.submittedAt.toISOString().slice(0, 10)] as [string, string]] : []),
    ...(event === "APPROVED" && a.agentNumber ? [["Agent number", a.agentNumber] as [string, string]] : []),
    ...(event === "REJECTED" && a.rejectionReason ? [["Reason", a.rejectionReason] as [string, string]] : []),
  ];
  const url = `${env().appUrl}/home`;
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<table>${facts.map(([k, v]) => `<tr><td><strong>${escapeHtml(k)}</strong></td><td>${escapeHtml(v)}</td></tr>`).join("")}</table>`,
    `<p><a href="${escapeHtml(url)}">Open the portal</a></p>`,
    `<p>You receive this email because of your communication preferences; change them under Communication Preferences in the portal.</p>`,
  ].join("\n");
  return { subject, html };
}

type AddJob = (
  identifier: "send-email",
  payload: { to: string[]; subject: string; html: string; relatedType: string; relatedId: string },
  spec: { jobKey: string },
) => Promise<unknown>;

export type NotifyResult = { emailsQueued: number; smsRecorded: number; skipped: number };

/**
 * Queues the emails of an event through the send-email task (one job per
 * recipient, job key 'appointment-mail:<event>:<id>:<userId>') and records
 * SMS preferences that cannot be honoured. Recipients already emailed are
 * skipped, so running it twice sends nothing twice.
 */
export async function notifyAppointmentEvent(event: AppointmentEvent, appointmentId: number, addJob: AddJob): Promise<NotifyResult> {
  if (event === "RETURNED") return notifyReturned(appointmentId, addJob);
  const recipients = await notificationRecipients(event, appointmentId);
  const relatedType = `APPOINTMENT_${event}`;
  const result: NotifyResult = { emailsQueued: 0, smsRecorded: 0, skipped: 0 };
  for (const r of recipients) {
    const relatedId = `${appointmentId}:${r.userId}`;
    if (r.emails.length) {
      const already = await prisma.mailMessage.findFirst({
        where: { relatedType, relatedId, status: { in: ["CAPTURED", "SENT"] } },
        select: { id: true },
      });
      if (already) {
        result.skipped++;
      } else {
        const { subject, html } = await notificationEmail(event, appointmentId, r.relation);
        await addJob(
          "send-email",
          { to: r.emails, subject, html, relatedType, relatedId },
          { jobKey: `appointment-mail:${event.toLowerCase()}:${appointmentId}:${r.userId}` },
        );
        result.emailsQueued++;
      }
    }
    if (r.smsNumbers.length) {
      const key = createHash("sha256").update(`${relatedType}:${relatedId}`).digest("hex").slice(0, 16);
      const recorded = await prisma.auditLog.findFirst({
        where: { action: "SMS_NOT_SENT", targetType: "Appointment", targetId: String(appointmentId), details: { path: ["key"], equals: key } },
        select: { id: true },
      });
      if (!recorded) {
        await audit("SMS_NOT_SENT", {
          actorUserId: null,
          targetType: "Appointment",
          targetId: String(appointmentId),
          details: { key, event, userId: r.userId, numbers: r.smsNumbers.length, reason: "no SMS gateway is configured" },
        });
        result.smsRecorded++;
      }
    }
  }
  return result;
}

// ───────────────────────────── returned for correction ─────────────────────────────
// Minimal handling (issue 11, decision 0028): the prospect (and, for a paper
// application, the recruiter who fills it in) is told by email, with the
// reason and the sections to correct. Recruiter preference categories have no
// RETURNED code. One email per RETURN decision (an application may be returned
// more than once): relatedId '<appointmentId>:<decisionId>'.

/** Emails the latest RETURN decision of an application that is still INCOMPLETE; nothing when already sent. */
export async function notifyReturned(appointmentId: number, addJob: AddJob): Promise<NotifyResult> {
  const result: NotifyResult = { emailsQueued: 0, smsRecorded: 0, skipped: 0 };
  const a = await prisma.appointment.findUnique({
    where: { appointmentId },
    select: {
      appointmentStatusCode: true,
      prospectEmailAddress: true,
      user: { select: { userName: true, isActive: true } },
      submitter: { select: { userName: true, isActive: true } },
      personal: { select: { emailAddress: true } },
      decisions: { orderBy: { decidedAt: "desc" }, take: 1, select: { id: true, decisionCode: true, reason: true, sections: true } },
    },
  });
  const d = a?.decisions[0];
  if (!a || !d || d.decisionCode !== "RETURN" || a.appointmentStatusCode !== "APWF_STATUS_INCOMPLETE") return result;
  const prospect = a.user ? (a.user.isActive ? a.user.userName : null) : (a.prospectEmailAddress ?? a.personal?.emailAddress ?? null);
  const to = [...new Set([prospect, a.submitter?.isActive ? a.submitter.userName : null].filter((v): v is string => !!v))];
  if (to.length === 0) return result;
  const relatedType = "APPOINTMENT_RETURNED";
  const relatedId = `${appointmentId}:${d.id}`;
  const already = await prisma.mailMessage.findFirst({ where: { relatedType, relatedId, status: { in: ["CAPTURED", "SENT"] } }, select: { id: true } });
  if (already) return { ...result, skipped: 1 };
  const sections = d.sections.map((s) => (SECTION_TITLES as Record<string, string>)[s] ?? s);
  const url = `${env().appUrl}/appoint?id=${appointmentId}`;
  const html = [
    `<p>${escapeHtml(RETURNED_EMAIL.intro)}</p>`,
    `<p><strong>${escapeHtml(RETURNED_EMAIL.reasonLabel)}:</strong> ${escapeHtml(d.reason)}</p>`,
    ...(sections.length ? [`<p><strong>${escapeHtml(RETURNED_EMAIL.sectionsLabel)}:</strong> ${escapeHtml(sections.join(", "))}</p>`] : []),
    `<p>${escapeHtml(RETURNED_EMAIL.action)} <a href="${escapeHtml(url)}">${escapeHtml(RETURNED_EMAIL.link)}</a></p>`,
  ].join("\n");
  await addJob("send-email", { to, subject: RETURNED_EMAIL.subject, html, relatedType, relatedId }, { jobKey: `appointment-mail:returned:${d.id}` });
  return { ...result, emailsQueued: 1 };
}
