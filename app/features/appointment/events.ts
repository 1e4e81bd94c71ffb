// The events of an application that its people are told of (decision 0031):
// the notify-appointment job's payload names one. No imports: the job queue's
// payload schemas (features/jobs/queue.server.ts) and the notifications read it.
export const APPOINTMENT_EVENTS = ["SUBMITTED", "APPROVED", "REJECTED", "ABANDONED", "RETURNED"] as const;
export type AppointmentEvent = (typeof APPOINTMENT_EVENTS)[number];
