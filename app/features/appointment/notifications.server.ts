// Notifications about a prospect's application (spec part 1 §3 'Preferences';
// decision 0031):
//  - the recruiter (category CAT_APP*_RECRUIT) and the recruiter's uplines
//    (CAT_APP*_RECRUIT_DOWNLN) are told by email and by text message (SMS)
//    according to their communication preferences;
//  - the prospect is told by email of their own submit (the receipt, with
//    the reference and how long a review usually takes; decision 0099) and of
//    the decisions about it (approved, rejected, returned for correction, abandoned);
//    a returned paper application also goes to the recruiter who filled it in.
//    RETURNED has no preference category: recruiters and uplines are not told.
//
// Run by the notify-appointment job (jobs/tasks/notify-appointment.ts), which
// submit, the back-office decisions and the abandonment task queue in the same
// transaction as the status change. Emails go through the send-email task and
// texts through the send-sms task, one job per recipient (per number for
// texts), each with a job key that is also its delivery key: running the
// notification again queues nothing that was already delivered, and a job run
// twice delivers once.
//
// Events that can happen again to one application (SUBMITTED after a return,
// RETURNED a second time) carry the occurrence in their keys (the submission
// time; the return decision's id), so the second occurrence is told too.
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { formatDate } from "~/lib/format";
import { toE164 } from "~/lib/sms.server";
import { jobOptions } from "~/features/jobs/queue.server";
import { recipientsByPreference, uplineUserIds } from "~/features/preferences/recipients.server";
import type { RecruiterCategory } from "~/features/preferences/schema";
import type { AppointmentEvent } from "./events";
import { RECEIPT, SUBMIT_SUCCESS } from "./messages";
import { APPOINTMENT_TYPE_LABELS, applicationReference, isAppointmentTypeCode, SECTION_TITLES, isSectionId } from "./model";
import { notificationEmailBody } from "./notification-email.server";

export { APPOINTMENT_EVENTS, type AppointmentEvent } from "./events";

// The category codes are the preferences page's (features/preferences/schema.ts): one spelling.
// RETURNED has none (the spec's eight categories do not name it).
const CATEGORY: Record<AppointmentEvent, RecruiterCategory | null> = {
  SUBMITTED: "CAT_APPSUB_RECRUIT",
  APPROVED: "CAT_APPAPRV_RECRUIT",
  REJECTED: "CAT_APPREJ_RECRUIT",
  ABANDONED: "CAT_APPABAND_RECRUIT",
  RETURNED: null,
};

const SUBJECT_VERB: Record<AppointmentEvent, string> = {
  SUBMITTED: "submitted for approval",
  APPROVED: "approved",
  REJECTED: "rejected",
  ABANDONED: "abandoned",
  RETURNED: "returned for correction",
};

/** The events the prospect is told of by email. */
const PROSPECT_EVENTS: ReadonlySet<AppointmentEvent> = new Set(["SUBMITTED", "APPROVED", "REJECTED", "RETURNED", "ABANDONED"]);

export type NotificationRecipient = {
  /** The user told, or 'prospect' for the prospect's address (who may have no account yet). */
  userId: string;
  /** RECRUITER (the inviter, submitter or recruiting agent's user), UPLINE, or PROSPECT. */
  relation: "RECRUITER" | "UPLINE" | "PROSPECT";
  /** The preference category that chose the recipient (null for the prospect and a returned paper application). */
  categoryCode: string | null;
  emails: string[];
  smsNumbers: string[];
};

type AppointmentPeople = {
  userId: string | null;
  isPaperAppointment: boolean;
  prospectEmailAddress: string | null;
  submitterId: string | null;
  recruiterAgentId: number | null;
  recruiterAgent: { userId: string | null } | null;
  invitation: { inviterUserId: string | null } | null;
  user: { userName: string; isActive: boolean } | null;
  personal: { emailAddress: string | null } | null;
};

async function loadPeople(appointmentId: number): Promise<AppointmentPeople | null> {
  return prisma.appointment.findUnique({
    where: { appointmentId },
    select: {
      userId: true,
      isPaperAppointment: true,
      prospectEmailAddress: true,
      submitterId: true,
      recruiterAgentId: true,
      recruiterAgent: { select: { userId: true } },
      invitation: { select: { inviterUserId: true } },
      user: { select: { userName: true, isActive: true } },
      personal: { select: { emailAddress: true } },
    },
  });
}

/** The prospect's address: their account's sign-in address, else the address the application was made for. */
function prospectAddress(a: AppointmentPeople): string | null {
  if (a.user) return a.user.isActive ? a.user.userName : null;
  return a.prospectEmailAddress || a.personal?.emailAddress || null;
}

/** Where the prospect's emails go (the receipt after SUBMIT among them), or null when nowhere. */
export async function prospectEmailOf(appointmentId: number): Promise<string | null> {
  const a = await loadPeople(appointmentId);
  return a ? prospectAddress(a) : null;
}

/**
 * Who is told about the event and how. The recruiter's users without any
 * saved preference for the category get the email at their sign-in address
 * (the recruiter asked for the application to be made); uplines are told
 * only when they opted in for downline notifications. The prospect comes
 * first (relation PROSPECT) for the events in PROSPECT_EVENTS.
 */
export async function notificationRecipients(event: AppointmentEvent, appointmentId: number): Promise<NotificationRecipient[]> {
  const a = await loadPeople(appointmentId);
  if (!a) return [];
  const out: NotificationRecipient[] = [];
  if (PROSPECT_EVENTS.has(event)) {
    // A paper application's prospect without an account cannot correct it: its recruiter does.
    const address = event === "RETURNED" && a.isPaperAppointment && !a.userId ? null : prospectAddress(a);
    if (address) out.push({ userId: "prospect", relation: "PROSPECT", categoryCode: null, emails: [address], smsNumbers: [] });
  }
  const recruiterCategory = CATEGORY[event];
  if (!recruiterCategory) {
    if (event === "RETURNED" && a.isPaperAppointment && a.submitterId) {
      const submitter = await prisma.user.findFirst({ where: { id: a.submitterId, isActive: true }, select: { id: true, userName: true } });
      if (submitter) out.push({ userId: submitter.id, relation: "RECRUITER", categoryCode: null, emails: [submitter.userName], smsNumbers: [] });
    }
    return out;
  }
  const recruiterIds = new Set(
    [a.invitation?.inviterUserId, a.submitterId, a.recruiterAgent?.userId].filter((v): v is string => !!v),
  );
  const uplineIds = a.recruiterAgentId != null ? await uplineUserIds([a.recruiterAgentId], recruiterIds) : [];
  for (const r of await recipientsByPreference([...recruiterIds], uplineIds, recruiterCategory)) {
    out.push({ ...r, relation: r.relation === "OWN" ? "RECRUITER" : "UPLINE" });
  }
  return out;
}

/** What the messages of an event say (no sensitive values: name, type, levels, dates, decision). */
async function eventFacts(event: AppointmentEvent, appointmentId: number) {
  const a = await prisma.appointment.findUniqueOrThrow({
    where: { appointmentId },
    select: {
      appointmentTypeCode: true,
      prospectEmailAddress: true,
      startDt: true,
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
      decisions: {
        where: { decisionCode: event === "RETURNED" ? "RETURN" : event === "REJECTED" ? "REJECT" : "none" },
        orderBy: { decidedAt: "desc" },
        take: 1,
        select: { reason: true, sections: true },
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
  const decision = a.decisions[0];
  const reason = decision?.reason ?? (event === "REJECTED" ? a.rejectionReason : null) ?? null;
  const sections = (decision?.sections ?? []).filter(isSectionId).map((s) => SECTION_TITLES[s]);
  return { a, prospect, type, lines, recruiter, reason, sections };
}

/** Subject and body of the email for one recipient. */
export async function notificationEmail(event: AppointmentEvent, appointmentId: number, relation: NotificationRecipient["relation"]) {
  const { a, prospect, type, lines, recruiter, reason, sections } = await eventFacts(event, appointmentId);
  const verb = SUBJECT_VERB[event];
  const receipt = relation === "PROSPECT" && event === "SUBMITTED";
  const subject = receipt
    ? `We received your appointment application ${applicationReference(appointmentId)}`
    : relation === "PROSPECT"
      ? `Your appointment application was ${verb}`
      : `Application ${verb}: ${prospect}`;
  const intro =
    relation === "PROSPECT"
      ? PROSPECT_INTRO[event]
      : relation === "RECRUITER"
        ? `The appointment application of ${prospect}, whom you recruited, was ${verb}.`
        : `The appointment application of ${prospect}, recruited in your downline${recruiter ? ` by ${recruiter}` : ""}, was ${verb}.`;
  const facts: Array<[string, string]> = [
    ...(receipt ? RECEIPT_FACTS(appointmentId) : []),
    // To the person themselves they are not 'Prospect' (issue 36 item 5): an agent once approved.
    [relation !== "PROSPECT" ? "Prospect" : event === "APPROVED" ? "Agent" : "Applicant", prospect],
    ["Appointment type", type],
    // Two carrier blocks at one level read the same: each line once.
    ...[...new Set(lines)].map((l): [string, string] => ["Appointment", l]),
    ["Started", formatDate(a.startDt)],
    ...(a.submittedAt ? [["Submitted", formatDate(a.submittedAt)] as [string, string]] : []),
    ...(event === "APPROVED" && a.agentNumber ? [["Agent number", a.agentNumber] as [string, string]] : []),
    ...((event === "REJECTED" || event === "RETURNED") && reason ? [["Reason", reason] as [string, string]] : []),
    ...(event === "RETURNED" && sections.length ? [["Sections to correct", sections.join(", ")] as [string, string]] : []),
  ];
  const url = event === "RETURNED" ? `${env().appUrl}/appoint?id=${appointmentId}` : `${env().appUrl}/home`;
  const { html } = notificationEmailBody({
    subject,
    intro,
    facts,
    url,
    linkLabel: event === "RETURNED" ? "Open the application" : "Open the portal",
    next: relation === "PROSPECT" && event === "APPROVED" ? APPROVED_NEXT : undefined,
    preferencesNote: !(relation === "PROSPECT" || relation === "RECRUITER" && event === "RETURNED"),
  });
  return { subject, html };
}

/** The receipt's own facts: the reference, who reviews it, how long that usually takes, what comes next. */
const RECEIPT_FACTS = (appointmentId: number): Array<[string, string]> => [
  ["Reference", applicationReference(appointmentId)],
  ["Who reviews it", RECEIPT.reviewer],
  ["How long it usually takes", RECEIPT.usually(env().REVIEW_USUAL_DAYS)],
  ["What you will receive", RECEIPT.next],
];

/** What a just-approved agent does next (issue 36 item 5: the approval said nothing of it). */
const APPROVED_NEXT = [
  "Sign in to the portal with this email address: your home page now shows your agent tools.",
  "Keep your licenses, E&O coverage and AML training up to date under Licenses and credentials; an expired one stops new business.",
  "Your recruiter will be in touch about your first business and any carrier training.",
];

const PROSPECT_INTRO: Record<AppointmentEvent, string> = {
  SUBMITTED: `${SUBMIT_SUCCESS.message} This is your receipt.`,
  APPROVED: "Your appointment application was approved. Welcome aboard!",
  REJECTED: "Your appointment application was rejected for the reason below.",
  RETURNED: "Your appointment application was returned for correction. Please correct it as described below and submit it again.",
  ABANDONED:
    "Your appointment application was not submitted within the allowed period and was abandoned. If you still wish to be appointed, please contact your recruiter.",
};

/** The text message of an event (one segment where the name allows: no sensitive values). */
export async function notificationSms(event: AppointmentEvent, appointmentId: number, relation: NotificationRecipient["relation"]) {
  const { prospect } = await eventFacts(event, appointmentId);
  const who = relation === "UPLINE" ? `${prospect} (your downline)` : prospect;
  return `${env().DEFAULT_TITLE}: the application of ${who} was ${SUBJECT_VERB[event]}. ${env().appUrl}/home`;
}

/**
 * The occurrence of an event that can happen more than once to one
 * application ('' for the final ones): the submission time for SUBMITTED,
 * the latest return decision for RETURNED.
 */
async function occurrence(event: AppointmentEvent, appointmentId: number): Promise<string> {
  if (event === "SUBMITTED") {
    const a = await prisma.appointment.findUnique({ where: { appointmentId }, select: { submittedAt: true } });
    return a?.submittedAt ? `@${a.submittedAt.getTime()}` : "";
  }
  if (event === "RETURNED") {
    const d = await prisma.appointmentDecision.findFirst({
      where: { appointmentId, decisionCode: "RETURN" },
      orderBy: { decidedAt: "desc" },
      select: { id: true },
    });
    return d ? `@${d.id}` : "";
  }
  return "";
}

export type EmailJobPayload = { to: string[]; subject: string; html: string; relatedType: string; relatedId: string };
export type SmsJobPayload = { to: string; text: string; relatedType: string; relatedId: string };
type JobSpec = { jobKey: string; maxAttempts: number };

/** Queues a job (the notify-appointment task passes graphile-worker's helpers.addJob). */
export type AddJob = {
  (identifier: "send-email", payload: EmailJobPayload, spec: JobSpec): Promise<unknown>;
  (identifier: "send-sms", payload: SmsJobPayload, spec: JobSpec): Promise<unknown>;
};

export type NotifyResult = { emailsQueued: number; smsQueued: number; skipped: number; invalidNumbers: number };

/**
 * Queues the emails and texts of an event: one send-email job per recipient
 * and one send-sms job per number, keyed as above. What was already delivered
 * under its key is not queued again, so running it twice sends nothing twice.
 */
export async function notifyAppointmentEvent(event: AppointmentEvent, appointmentId: number, addJob: AddJob): Promise<NotifyResult> {
  const recipients = await notificationRecipients(event, appointmentId);
  const occ = await occurrence(event, appointmentId);
  const relatedType = `APPOINTMENT_${event}`;
  const result: NotifyResult = { emailsQueued: 0, smsQueued: 0, skipped: 0, invalidNumbers: 0 };
  const delivered = async (table: "mail" | "sms", deliveryKey: string) => {
    const where = { deliveryKey, status: { in: ["CAPTURED", "SENT"] } };
    const row = table === "mail"
      ? await prisma.mailMessage.findFirst({ where, select: { id: true } })
      : await prisma.smsMessage.findFirst({ where, select: { id: true } });
    return row != null;
  };
  // The same words for every recipient of one relation: built once.
  const emails = new Map<NotificationRecipient["relation"], { subject: string; html: string }>();
  const texts = new Map<NotificationRecipient["relation"], string>();
  for (const r of recipients) {
    const relatedId = `${appointmentId}${occ}:${r.userId}`;
    if (r.emails.length) {
      const { jobKey, maxAttempts } = jobOptions.notificationMail(event, appointmentId, occ, r.userId);
      if (await delivered("mail", jobKey)) {
        result.skipped++;
      } else {
        const mail = emails.get(r.relation) ?? (await notificationEmail(event, appointmentId, r.relation));
        emails.set(r.relation, mail);
        const { subject, html } = mail;
        await addJob("send-email", { to: r.emails, subject, html, relatedType, relatedId }, { jobKey, maxAttempts });
        result.emailsQueued++;
      }
    }
    for (const raw of r.smsNumbers) {
      const to = toE164(raw);
      if (!to) {
        result.invalidNumbers++;
        continue;
      }
      const { jobKey, maxAttempts } = jobOptions.notificationSms(event, appointmentId, occ, r.userId, to);
      if (await delivered("sms", jobKey)) {
        result.skipped++;
        continue;
      }
      const text = texts.get(r.relation) ?? (await notificationSms(event, appointmentId, r.relation));
      texts.set(r.relation, text);
      await addJob("send-sms", { to, text, relatedType, relatedId }, { jobKey, maxAttempts });
      result.smsQueued++;
    }
  }
  return result;
}
