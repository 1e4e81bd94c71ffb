// The events a webhook endpoint can ask for (issue 24 item 3, decision 0074). Client-safe: the
// endpoints screen draws its check boxes from it; emitEvent (emit.server.ts) takes one of these.
export const WEBHOOK_EVENTS = [
  "application.submitted",
  "application.returned",
  "application.approved",
  "application.rejected",
  "application.abandoned",
  "agent.created",
  "agent.moved",
  "agent.deactivated",
  "invitation.sent",
  "invitation.failed",
  "appointment.filed",
  "appointment.accepted",
  "appointment.rejected",
  "termination.filed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "application.submitted": "Application submitted",
  "application.returned": "Application returned to the applicant",
  "application.approved": "Application approved",
  "application.rejected": "Application rejected",
  "application.abandoned": "Application abandoned",
  "agent.created": "Agent created",
  "agent.moved": "Agent moved in the hierarchy",
  "agent.deactivated": "Agent deactivated",
  "invitation.sent": "Invitation sent",
  "invitation.failed": "Invitation could not be sent",
  "appointment.filed": "State appointment filed",
  "appointment.accepted": "State appointment accepted by the state",
  "appointment.rejected": "State appointment rejected by the state",
  "termination.filed": "State termination filed",
};

/**
 * What an event is about: its subject's kind is the part of the type before the dot ("appointment":
 * a state appointment filing, "termination": a state termination; both by their uuid).
 */
export type WebhookSubjectType = "application" | "agent" | "invitation" | "appointment" | "termination";
export const subjectTypeOf = (type: WebhookEventType) => type.slice(0, type.indexOf(".")) as WebhookSubjectType;

export const isWebhookEvent = (s: string): s is WebhookEventType => (WEBHOOK_EVENTS as readonly string[]).includes(s);
