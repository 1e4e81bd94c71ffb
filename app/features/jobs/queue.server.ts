// Every job the portal queues, in one place (decision 0058): the task names,
// each task's payload (a zod schema: the task parses it, queueJob checks it),
// the job keys, the attempts, and queueJob() — the one way to queue a job in
// the caller's transaction, so the row and its job commit together (or
// neither does). The tasks in jobs/tasks import their payload schemas from
// here; the app never imports from jobs/.
//
// Options are built here too (jobOptions.*): a caller names what it queues,
// never writes a key or a number of attempts by hand, and the options of one
// task cannot be given to another (a type error).
//
// Payloads name records by id; they never carry sensitive data (SSN, tax id,
// bank or card numbers): a payload with a field named like one is refused
// before anything is written (sensitivePayloadField).
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { APPOINTMENT_EVENTS, type AppointmentEvent } from "~/features/appointment/events";
import { env } from "~/lib/env.server";
import { ensureJobQueue } from "~/lib/jobs.server";
import { MAIL_MAX_ATTEMPTS } from "~/lib/mail.server";
import { SMS_TEXT_MAX } from "~/lib/sms.server";

// ───────────────────────────── payloads ─────────────────────────────

export const sendEmailPayload = z.object({
  to: z.union([z.string(), z.array(z.string()).min(1)]),
  cc: z.array(z.string()).optional(),
  bcc: z.array(z.string()).optional(),
  subject: z.string().min(1),
  html: z.string().optional(),
  text: z.string().optional(),
  relatedType: z.string().optional(),
  relatedId: z.string().optional(),
  replyTo: z.string().optional(),
  /** StoredFile ids to attach (at most 5): files travel by id, never as bytes. */
  attachmentFileIds: z.array(z.uuid()).max(5).optional(),
  /** StoredFile ids of files stored sealed (a screening report, decision 0122): opened by the task, never queued as bytes. */
  sealedAttachmentFileIds: z.array(z.uuid()).max(5).optional(),
});

export const sendInvitationPayload = z.object({ invitationId: z.number().int().positive() });

export const sendSmsPayload = z.object({
  to: z.string().min(1).max(40),
  text: z.string().min(1).max(SMS_TEXT_MAX),
  relatedType: z.string().max(100).optional(),
  relatedId: z.string().max(200).optional(),
});

export const notifyAppointmentPayload = z.object({
  appointmentId: z.number().int().positive(),
  event: z.enum(APPOINTMENT_EVENTS),
});

export const generateApplicationPdfPayload = z.object({ appointmentId: z.coerce.number().int().positive() });
export const generateReportPayload = z.object({ reportRequestId: z.coerce.number().int().positive() });
export const importAgentsPayload = z.object({ runId: z.coerce.number().int().positive() });
export const importLicencesPayload = z.object({ runId: z.coerce.number().int().positive() });
/** The notices of one agent position on one day (the daily licence monitoring, decision 0071). */
export const complianceNoticePayload = z.object({
  agentId: z.number().int().positive(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
/** One webhook delivery (a webhook_deliveries row: the endpoint and the event; decision 0074). */
export const deliverWebhookPayload = z.object({ deliveryId: z.string().regex(/^\d{1,19}$/) });
/** A filing run (decision 0115): the crontab's takes nothing; ADMIN > State Filings' 'File now' names who asked. */
export const fileStateFilingsPayload = z.object({ requestedById: z.uuid().optional() });
/** A background screening to send to the http vendor (decision 0122): the application's id only, never the identity. */
export const orderScreeningPayload = z.object({ appointmentId: z.number().int().positive() });
/** The scheduled tasks (jobs/crontab.ts) take nothing. */
const noPayload = z.object({});

/** Every task of the job runner and its payload (jobs/index.ts has one task per name). */
export const JOB_PAYLOADS = {
  "send-email": sendEmailPayload,
  "send-invitation": sendInvitationPayload,
  "purge-expired": noPayload,
  "notify-appointment": notifyAppointmentPayload,
  "generate-application-pdf": generateApplicationPdfPayload,
  "generate-report": generateReportPayload,
  "purge-reports": noPayload,
  "send-sms": sendSmsPayload,
  "abandon-applications": noPayload,
  "import-agents": importAgentsPayload,
  "import-licences": importLicencesPayload,
  "monitor-compliance": noPayload,
  "state-filings-daily": noPayload,
  "file-state-filings": fileStateFilingsPayload,
  "audit-digest": noPayload,
  "compliance-notice": complianceNoticePayload,
  "deliver-webhook": deliverWebhookPayload,
  "erase-expired": noPayload,
  "order-screening": orderScreeningPayload,
  "poll-screenings": noPayload,
} as const;

export type TaskName = keyof typeof JOB_PAYLOADS;
export type JobPayload<T extends TaskName> = z.infer<(typeof JOB_PAYLOADS)[T]>;

export type SendEmailPayload = JobPayload<"send-email">;
export type SendInvitationPayload = JobPayload<"send-invitation">;
export type SendSmsPayload = JobPayload<"send-sms">;
export type NotifyAppointmentPayload = JobPayload<"notify-appointment">;
export type GenerateApplicationPdfPayload = JobPayload<"generate-application-pdf">;
export type GenerateReportPayload = JobPayload<"generate-report">;
export type ImportAgentsPayload = JobPayload<"import-agents">;
export type ImportLicencesPayload = JobPayload<"import-licences">;
export type ComplianceNoticePayload = JobPayload<"compliance-notice">;
export type DeliverWebhookPayload = JobPayload<"deliver-webhook">;
export type FileStateFilingsPayload = JobPayload<"file-state-filings">;

// graphile-worker's own addJob (lib/jobs.server.ts, the tasks' helpers.addJob) is typed by this table too.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace GraphileWorker {
    interface Tasks {
      "send-email": SendEmailPayload;
      "send-invitation": SendInvitationPayload;
      "purge-expired": Record<string, never>;
      "notify-appointment": NotifyAppointmentPayload;
      "generate-application-pdf": GenerateApplicationPdfPayload;
      "generate-report": GenerateReportPayload;
      "purge-reports": Record<string, never>;
      "send-sms": SendSmsPayload;
      "abandon-applications": Record<string, never>;
      "import-agents": ImportAgentsPayload;
      "import-licences": ImportLicencesPayload;
      "monitor-compliance": Record<string, never>;
      "state-filings-daily": Record<string, never>;
      "file-state-filings": FileStateFilingsPayload;
      "audit-digest": Record<string, never>;
      "compliance-notice": ComplianceNoticePayload;
      "deliver-webhook": DeliverWebhookPayload;
      "erase-expired": Record<string, never>;
      "order-screening": JobPayload<"order-screening">;
      "poll-screenings": Record<string, never>;
    }
  }
}

// ───────────────────────────── attempts ─────────────────────────────

/** How often each kind of job is tried before graphile-worker gives it up (graphile-worker waits exp(min(attempt, 10)) s between attempts). */
export const MAX_ATTEMPTS = {
  /** Every mail that outlasts an SMTP outage of a night (MAIL_MAX_ATTEMPTS, over 15 hours; decision 0041): invitations, notifications, the provider's mails. */
  mail: MAIL_MAX_ATTEMPTS,
  /**
   * The Contact Us email and its replies, the Invite User email, the paper
   * prospect's account invitation and the notify-appointment jobs of the
   * back-office decisions and of abandonment: 10 (about 3.5 hours for a mail),
   * as they were queued before decision 0041 raised mail to 12. Kept as it was
   * by the refactor that made this table (issue 21: no behaviour change).
   */
  standard: 10,
  /** A text message (send-sms). */
  sms: 5,
  /** A report request; the last failed attempt marks it RPTSTATUS_ERROR. */
  report: 3,
  /** A hierarchy import (a crash or a lost database: the rerun starts the file again). */
  import: 3,
  /**
   * A webhook delivery: 14 attempts, the last about 28 hours after the first (graphile-worker's
   * back-off: 9 attempts in 3.6 hours, then one every 6.1 hours): an endpoint down for a day still
   * gets every event (issue 24 item 3: retried for at least 24 hours).
   */
  webhook: 14,
  /**
   * A filing run (decision 0115): as long as a webhook (about 28 hours), so that a filing service or
   * database down for a day is outlasted before the next day's run; every attempt files each
   * request once (the batch records), so retrying is safe. jobs/crontab.ts says the same number.
   */
  filing: 14,
  /** graphile-worker's own default: what submit queued its PDF and notification with (no max_attempts given). */
  runnerDefault: 25,
} as const;

// ───────────────────────────── job keys ─────────────────────────────

/**
 * The job keys (graphile-worker replaces, never duplicates, a job queued
 * again with its key). The mail and text keys are also the delivery keys
 * that deliverMail/deliverSms remember, so a job run twice sends once.
 */
export const jobKeys = {
  importRun: (runId: number) => `import-agents:${runId}`,
  licenceImportRun: (runId: number) => `import-licences:${runId}`,
  userInvitation: (invitationId: string) => `user-invitation:${invitationId}`,
  serviceRequest: (serviceRequestId: number) => `svcreq:${serviceRequestId}`,
  serviceRequestReply: (replyId: number) => `svcreq-reply:${replyId}`,
  report: (reportRequestId: number) => `report:${reportRequestId}`,
  /** One send of an invitation: a double submit (same form token) queues one job. */
  invitation: (invitationId: number, formToken: string) => `invitation:${invitationId}:${formToken}`,
  applicationPdf: (appointmentId: number) => `app-pdf:${appointmentId}`,
  /** The notification job of an application's event (submit's is notify-submitted:<id>). */
  notifyAppointment: (event: AppointmentEvent, appointmentId: number) => `notify-${event.toLowerCase()}:${appointmentId}`,
  /** One notification email (occ: the occurrence of an event that can happen again, '' otherwise). */
  notificationMail: (event: AppointmentEvent, appointmentId: number, occ: string, recipient: string) =>
    `appointment-mail:${event.toLowerCase()}:${appointmentId}${occ}:${recipient}`,
  /** One notification text: one per number. */
  notificationSms: (event: AppointmentEvent, appointmentId: number, occ: string, recipient: string, e164: string) =>
    `appointment-sms:${event.toLowerCase()}:${appointmentId}${occ}:${recipient}:${e164.replace(/\D/g, "")}`,
  /** The licence notices of one agent position on one day (decision 0071): a run of the day again queues the same key. */
  complianceNotice: (agentId: number, day: string) => `compliance-notice:${agentId}:${day}`,
  /** One licence notice email: one per agent position, day and recipient. */
  complianceMail: (agentId: number, day: string, recipient: string) => `compliance-mail:${agentId}:${day}:${recipient}`,
  /** The copy of a for-cause termination notice to the producer: one per termination (decision 0111). */
  terminationCopyMail: (terminationId: string) => `termination-copy:${terminationId}`,
  /** The state filings' notices of one day to one administrator (decision 0114): a run of the day again queues the same key. */
  filingNoticeMail: (day: string, recipient: string) => `filing-notice:${day}:${recipient}`,
  /** The filing run (decision 0115): the crontab's and the 'File now' button's, one job however often asked. */
  fileStateFilings: () => "file-state-filings",
  /** One licence notice text: one per number. */
  complianceSms: (agentId: number, day: string, recipient: string, e164: string) => `compliance-sms:${agentId}:${day}:${recipient}:${e164.replace(/\D/g, "")}`,
  /** One webhook delivery (a delivery row; a replay is a new row, so a new key). */
  webhookDelivery: (deliveryId: string) => `webhook-delivery:${deliveryId}`,
  /** The administrators' mail of one endpoint disabled after days of failures (decision 0077): one per disabling. */
  webhookDisabledMail: (endpointId: string, disabledAt: Date) => `webhook-disabled:${endpointId}:${disabledAt.getTime()}`,
  /** The retention run (the crontab's key too): queued again while one waits, it stays one run (decision 0120). */
  eraseExpired: () => "erase-expired",
  orderScreening: (appointmentId: number) => `order-screening:${appointmentId}`,
  screeningNoticeMail: (stepId: string) => `screening-notice:${stepId}`,
  /** One of the provider's emails (a fresh key each: a re-run after a crash sends nothing twice). */
  providerMail: () => `idp-mail:${randomUUID()}`,
};

// ───────────────────────────── options ─────────────────────────────

/**
 * What queueJob needs besides the payload: built only by jobOptions, for one task. `queueName`:
 * graphile-worker runs the jobs of one named queue one after another (reports: reportQueue).
 */
export type JobOptions<T extends TaskName> = { readonly task: T; readonly jobKey: string; readonly maxAttempts: number; readonly queueName?: string; readonly runAt?: Date };

/** The same job, to run not before `runAt` (a delivery that waits for an earlier one: decision 0077). */
export const runningAt = <T extends TaskName>(opts: JobOptions<T>, runAt: Date): JobOptions<T> => ({ ...opts, runAt });

const options = <T extends TaskName>(task: T, jobKey: string, maxAttempts: number, queueName?: string): JobOptions<T> => ({ task, jobKey, maxAttempts, queueName });

/**
 * The named queue of a report (decision 0067): REPORT_CONCURRENCY queues, the request spread over them
 * by its id, so that at most REPORT_CONCURRENCY reports run at once whatever WORKER_CONCURRENCY says.
 * A report is CPU work (the query, the spreadsheet): more of them at once than there are cores to
 * spare finishes no sooner, and takes the cores from the pages.
 */
export const reportQueue = (reportRequestId: number) => `reports-${reportRequestId % env().REPORT_CONCURRENCY}`;

/** The named queue of the filing runs (jobs/crontab.ts gives its run the same). */
export const FILING_QUEUE = "state-filings";

/** The options of every job the portal queues: task, key and attempts together. */
export const jobOptions = {
  /** An erase-expired run out of schedule (an operator's, a test's): 5 attempts as the crontab's ?max=5. */
  eraseExpired: () => options("erase-expired", jobKeys.eraseExpired(), 5),
  importRun: (runId: number) => options("import-agents", jobKeys.importRun(runId), MAX_ATTEMPTS.import),
  licenceImportRun: (runId: number) => options("import-licences", jobKeys.licenceImportRun(runId), MAX_ATTEMPTS.import),
  userInvitationMail: (invitationId: string) => options("send-email", jobKeys.userInvitation(invitationId), MAX_ATTEMPTS.standard),
  serviceRequestMail: (serviceRequestId: number) => options("send-email", jobKeys.serviceRequest(serviceRequestId), MAX_ATTEMPTS.standard),
  serviceRequestReplyMail: (replyId: number) => options("send-email", jobKeys.serviceRequestReply(replyId), MAX_ATTEMPTS.standard),
  report: (reportRequestId: number) => options("generate-report", jobKeys.report(reportRequestId), MAX_ATTEMPTS.report, reportQueue(reportRequestId)),
  invitationMail: (invitationId: number, formToken: string) => options("send-invitation", jobKeys.invitation(invitationId, formToken), MAX_ATTEMPTS.mail),
  applicationPdf: (appointmentId: number) => options("generate-application-pdf", jobKeys.applicationPdf(appointmentId), MAX_ATTEMPTS.runnerDefault),
  /** SUBMITTED (queued by submit) keeps graphile-worker's default; the decisions and abandonment 10. */
  notifyAppointment: (event: AppointmentEvent, appointmentId: number) =>
    options("notify-appointment", jobKeys.notifyAppointment(event, appointmentId), event === "SUBMITTED" ? MAX_ATTEMPTS.runnerDefault : MAX_ATTEMPTS.standard),
  notificationMail: (event: AppointmentEvent, appointmentId: number, occ: string, recipient: string) =>
    options("send-email", jobKeys.notificationMail(event, appointmentId, occ, recipient), MAX_ATTEMPTS.mail),
  notificationSms: (event: AppointmentEvent, appointmentId: number, occ: string, recipient: string, e164: string) =>
    options("send-sms", jobKeys.notificationSms(event, appointmentId, occ, recipient, e164), MAX_ATTEMPTS.sms),
  providerMail: () => options("send-email", jobKeys.providerMail(), MAX_ATTEMPTS.mail),
  /** Queues the day's notices of an agent position: tried as long as a mail (it outlasts an outage of a night). */
  complianceNotice: (agentId: number, day: string) => options("compliance-notice", jobKeys.complianceNotice(agentId, day), MAX_ATTEMPTS.mail),
  complianceMail: (agentId: number, day: string, recipient: string) => options("send-email", jobKeys.complianceMail(agentId, day, recipient), MAX_ATTEMPTS.mail),
  filingNoticeMail: (day: string, recipient: string) => options("send-email", jobKeys.filingNoticeMail(day, recipient), MAX_ATTEMPTS.mail),
  terminationCopyMail: (terminationId: string) => options("send-email", jobKeys.terminationCopyMail(terminationId), MAX_ATTEMPTS.mail),
  complianceSms: (agentId: number, day: string, recipient: string, e164: string) =>
    options("send-sms", jobKeys.complianceSms(agentId, day, recipient, e164), MAX_ATTEMPTS.sms),
  /** In the named queue of the filing runs: one run at a time (an http batch is never sent by two runs at once). */
  fileStateFilings: () => options("file-state-filings", jobKeys.fileStateFilings(), MAX_ATTEMPTS.filing, FILING_QUEUE),
  /** Retried as long as the filing run (about 28 hours): a vendor down is waited for, the order kept. */
  orderScreening: (appointmentId: number) => options("order-screening", jobKeys.orderScreening(appointmentId), MAX_ATTEMPTS.filing),
  screeningNoticeMail: (stepId: string) => options("send-email", jobKeys.screeningNoticeMail(stepId), MAX_ATTEMPTS.mail),
  webhookDelivery: (deliveryId: string) => options("deliver-webhook", jobKeys.webhookDelivery(deliveryId), MAX_ATTEMPTS.webhook),
  webhookDisabledMail: (endpointId: string, disabledAt: Date) => options("send-email", jobKeys.webhookDisabledMail(endpointId, disabledAt), MAX_ATTEMPTS.mail),
};

// ───────────────────────────── queuing ─────────────────────────────

/** A Prisma interactive transaction (or the client itself, for a job that belongs to no other write). */
export type JobDb = Pick<Prisma.TransactionClient, "$queryRaw">;

/** Field names that would carry sensitive data (compared without case, '_', '-' or spaces); a background screening's result and its adverse-action steps too (decision 0122). */
const SENSITIVE_FIELD = /ssn|socialsecurity|taxid|taxpayer|^tin$|^ein$|bank|routing|accountnumber|accountno|cardnumber|cardno|creditcard|cvv|cvc|cvn|securitycode|screening|adverseaction|backgroundcheck/;

/** The path of the first field of the payload whose name says it holds sensitive data, or null. */
export function sensitivePayloadField(payload: unknown, path = ""): string | null {
  if (Array.isArray(payload)) {
    for (const [i, v] of payload.entries()) {
      const found = sensitivePayloadField(v, `${path}[${i}]`);
      if (found) return found;
    }
  } else if (payload && typeof payload === "object") {
    for (const [k, v] of Object.entries(payload)) {
      const here = path ? `${path}.${k}` : k;
      if (SENSITIVE_FIELD.test(k.replace(/[\s_-]/g, "").toLowerCase())) return here;
      const found = sensitivePayloadField(v, here);
      if (found) return found;
    }
  }
  return null;
}

/** A payload queueJob refuses: a sensitive field, a payload its task would not accept, options of another task. */
export class JobPayloadError extends Error {
  override name = "JobPayloadError";
}

/** Set once graphile-worker's schema is known to be there (for this process's database). */
let queueReady = false;

/**
 * graphile-worker's schema is installed at start-up (startWorker: the runner,
 * or ensureJobQueue in a process that runs no jobs). Checked once per process
 * through the caller's transaction (one catalogue lookup); when it is missing
 * (a tool or test that never started), it is installed on its own connection.
 */
async function jobQueueReady(tx: JobDb): Promise<void> {
  if (queueReady) return;
  const [row] = await tx.$queryRaw<Array<{ ok: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                    WHERE n.nspname = 'graphile_worker' AND p.proname = 'add_job') AS ok`;
  if (!row?.ok) await ensureJobQueue();
  queueReady = true;
}

/** The payload as JSON, after the checks (the payload as given: the task parses it again). */
function checkedJson<T extends TaskName>(task: T, payload: JobPayload<T>, opts: JobOptions<T>): string {
  if (opts.task !== task) throw new JobPayloadError(`job options of ${opts.task} given for ${task}`);
  const schema = JOB_PAYLOADS[task] as z.ZodType | undefined;
  if (!schema) throw new JobPayloadError(`no such task: ${task}`);
  const sensitive = sensitivePayloadField(payload);
  // The field's name only, never its value.
  if (sensitive) throw new JobPayloadError(`${task}: a job payload never carries sensitive data (field ${sensitive})`);
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new JobPayloadError(`${task}: payload not accepted by the task (${parsed.error.issues.map((i) => i.path.join(".") || "payload").join(", ")})`);
  return JSON.stringify(payload);
}

/**
 * Queues one job in the caller's transaction: graphile_worker.add_job with
 * the key and attempts of `opts` (job_key_mode 'replace': a job queued again
 * with its key replaces the waiting one). Makes sure graphile-worker's schema
 * exists first (jobQueueReady: once per process).
 */
export async function queueJob<T extends TaskName>(tx: JobDb, task: T, payload: JobPayload<NoInfer<T>>, opts: JobOptions<NoInfer<T>>): Promise<string> {
  const json = checkedJson(task, payload, opts);
  await jobQueueReady(tx);
  const [job] = await tx.$queryRaw<Array<{ id: string }>>`SELECT (graphile_worker.add_job(${task}::text, ${json}::json, queue_name => ${opts.queueName ?? null}::text, run_at => ${opts.runAt ?? null}::timestamptz, job_key => ${opts.jobKey}::text, max_attempts => ${opts.maxAttempts}::int)).id::text AS id`;
  return job!.id;
}

/**
 * Queues many jobs of one task in one statement (a batch of abandoned applications, the licence
 * monitoring's notice jobs), each with its own key: one call of graphile_worker.add_jobs, the function
 * add_job itself calls with one job (job_key_mode 'replace': the same behaviour as queueJob per job,
 * without a function call, a task and queue upsert and a NOTIFY per job). A key given twice keeps the
 * last job given with it (as queueJob called twice would).
 */
export async function queueJobs<T extends TaskName>(
  tx: JobDb,
  task: T,
  jobs: ReadonlyArray<{ payload: JobPayload<NoInfer<T>>; opts: JobOptions<NoInfer<T>> }>,
): Promise<void> {
  if (jobs.length === 0) return;
  const byKey = new Map<string, { json: string; opts: JobOptions<T> }>();
  for (const j of jobs) {
    byKey.delete(j.opts.jobKey);
    byKey.set(j.opts.jobKey, { json: checkedJson(task, j.payload, j.opts), opts: j.opts });
  }
  const list = [...byKey.values()];
  const payloads = list.map((j) => j.json);
  const keys = list.map((j) => j.opts.jobKey);
  const attempts = list.map((j) => j.opts.maxAttempts);
  const queues = list.map((j) => j.opts.queueName ?? null);
  await jobQueueReady(tx);
  await tx.$queryRaw`
    SELECT count(*)::int AS n FROM graphile_worker.add_jobs(ARRAY(
      SELECT ROW(${task}::text, x.payload::json, x.queue, NULL::timestamptz, x.attempts::smallint, x.key, NULL::smallint, NULL::text[])::graphile_worker.job_spec
        FROM unnest(${payloads}::text[], ${queues}::text[], ${keys}::text[], ${attempts}::int[]) WITH ORDINALITY AS x(payload, queue, key, attempts, i)
       ORDER BY x.i))`;
}
