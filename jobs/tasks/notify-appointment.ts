// Tells the recruiter and the uplines about an application event (submitted,
// approved, rejected, abandoned) by email through the send-email task.
// Queued with a job key (notify-submitted:<id> ...); safe to run twice.
import type { Task } from "graphile-worker";
import { z } from "zod";
import { APPOINTMENT_EVENTS, notifyAppointmentEvent } from "~/features/appointment/notifications.server";

export const notifyAppointmentPayload = z.object({
  appointmentId: z.number().int().positive(),
  event: z.enum(APPOINTMENT_EVENTS),
});

export type NotifyAppointmentPayload = z.infer<typeof notifyAppointmentPayload>;

export const notifyAppointment: Task = async (payload, helpers) => {
  const { appointmentId, event } = notifyAppointmentPayload.parse(payload);
  const r = await notifyAppointmentEvent(event, appointmentId, (name, p, spec) => helpers.addJob(name, p, spec));
  helpers.logger.info(
    `notify-appointment ${event} ${appointmentId}: ${r.emailsQueued} email(s) queued, ${r.smsRecorded} SMS recorded, ${r.skipped} already sent`,
  );
};
