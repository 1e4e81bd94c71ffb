// Tells the prospect, the recruiter and the uplines about an application
// event (submitted, approved, rejected, returned, abandoned) by email through
// the send-email task and by text through the send-sms task
// (app/features/appointment/notifications.server.ts). Queued with a job key
// (notify-<event>:<id>); safe to run twice.
import type { Task } from "graphile-worker";
import { notifyAppointmentEvent, type AddJob } from "~/features/appointment/notifications.server";
import { notifyAppointmentPayload } from "~/features/jobs/queue.server";

export const notifyAppointment: Task = async (payload, helpers) => {
  const { appointmentId, event } = notifyAppointmentPayload.parse(payload);
  const addJob: AddJob = (name: "send-email" | "send-sms", p: object, spec: { jobKey: string; maxAttempts: number }) =>
    helpers.addJob(name, p as never, spec);
  const r = await notifyAppointmentEvent(event, appointmentId, addJob);
  helpers.logger.info(
    `notify-appointment ${event} ${appointmentId}: ${r.emailsQueued} email(s) and ${r.smsQueued} text(s) queued, ${r.skipped} already sent` +
      (r.invalidNumbers ? `, ${r.invalidNumbers} number(s) not usable` : ""),
  );
};
