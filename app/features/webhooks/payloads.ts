// The data of each webhook event (issue 24 item 3, decision 0078), defined once. Client-safe (no
// server imports): the read API's OpenAPI document lists these under `webhooks`; the event
// builders (event-data.server.ts) parse what they build with them before emitEvent writes it.
//
// Thin events: they name the record and its new state; a receiver fetches the details from the
// read API. Never a name, address, SSN, tax id, bank or card number (emitEvent refuses sensitive
// field names anyway), never a decision's free-text reason, never a link code (it opens an application).
import { z } from "zod";
import type { WebhookEventType } from "./events";

const isoTime = z.iso.datetime({ offset: true });

/** Who made the change: a portal user (the real one, not an impersonated one), the portal itself (a daily task), or an API token. */
export const webhookActor = z.discriminatedUnion("type", [
  z.object({ type: z.literal("user"), id: z.uuid() }),
  z.object({ type: z.literal("system") }),
  z.object({ type: z.literal("api"), token_id: z.uuid() }),
]);
export type WebhookActor = z.infer<typeof webhookActor>;

/** An agent position as other records name it. */
export const agentRef = z.object({ id: z.number().int(), agent_number: z.string() });

export const applicationState = z.object({
  id: z.number().int(),
  /** APWF_STATUS_INCOMPLETE (returned), _NEWCONTRACT (submitted), _APPROVED, _REJECTED, _ABANDONED */
  status: z.string(),
  /** APPTTYP_IND, APPTTYP_CORP, … */
  type: z.string(),
  paper: z.boolean(),
  /** The recruiter position the applicant goes under (company and block name the hierarchy). */
  recruiter: z.object({ id: z.number().int(), agent_number: z.string(), company_number: z.string(), block_number: z.number().int() }).nullable(),
  mga_code: z.string().nullable(),
  /** Set on approval: the agent number and every position created or joined (one per hierarchy). */
  agent_number: z.string().nullable(),
  agent_ids: z.array(z.number().int()),
  started_at: isoTime,
  submitted_at: isoTime.nullable(),
  approved_at: isoTime.nullable(),
  rejected_at: isoTime.nullable(),
  abandoned_at: isoTime.nullable(),
});

export const applicationEventData = z.object({
  application: applicationState,
  actor: webhookActor,
  /** application.returned: the sections the applicant is asked to correct. */
  sections: z.array(z.string()).optional(),
});
export type ApplicationEventData = z.infer<typeof applicationEventData>;

export const agentState = z.object({
  id: z.number().int(),
  agent_number: z.string(),
  company_number: z.string(),
  block_number: z.number().int(),
  mga_code: z.string(),
  hierarchy_level: z.number().int(),
  active: z.boolean(),
  /** The direct upline (null: the top of its hierarchy). */
  upline: agentRef.nullable(),
});

export const agentEventData = z.object({
  agent: agentState,
  actor: webhookActor,
  /** How the change came: an approved application, the hierarchy import (and the API), a move from the service request queue, the deactivation form. */
  source: z.enum(["approval", "import", "move", "screen"]),
  /** agent.created by an approval: the application. */
  application_id: z.number().int().optional(),
  /** agent.moved: the upline before (the agent's downline moved with it and keeps its own direct uplines). */
  previous_upline: agentRef.nullable().optional(),
  /** agent.moved: how many positions moved (the agent and its whole downline). */
  subtree_size: z.number().int().optional(),
  /** agent.deactivated: the termination date (YYYY-MM-DD) when one is known. */
  termination_date: z.string().nullable().optional(),
});
export type AgentEventData = z.infer<typeof agentEventData>;

export const invitationState = z.object({
  id: z.number().int(),
  /** INVITED, SEND_FAILED, … */
  status: z.string(),
  /** INVTYP_SINGLE, INVTYP_MULTI */
  invite_type: z.string(),
  /** The inviting recruiter's position. */
  inviter: z.object({ agent_number: z.string().nullable(), company_number: z.string().nullable(), block_number: z.number().int().nullable() }),
  invited_at: isoTime,
});

export const invitationEventData = z.object({
  invitation: invitationState,
  /** invitation.sent: when the mail server accepted it. */
  sent_at: isoTime.optional(),
  /** invitation.failed: NOTHING_TO_SEND (no such text, or it shows nothing) or DELIVERY_FAILED (the last attempt failed). */
  error: z.enum(["NOTHING_TO_SEND", "DELIVERY_FAILED"]).optional(),
});
export type InvitationEventData = z.infer<typeof invitationEventData>;

const day = z.iso.date();

/** A carrier as a filing names it: the states know it by its NAIC company code. */
export const carrierRef = z.object({ id: z.number().int(), code: z.string(), naic_company_code: z.string().nullable() });

/**
 * A state appointment filing (issue 37, decision 0116): the webhook events' data and each row of
 * GET /api/v1/filings. The SSN is never here (the state files alone carry it).
 */
export const appointmentFilingState = z.object({
  id: z.uuid(),
  agent: agentRef,
  npn: z.string(),
  state_code: z.string(),
  /** LIFE, ACCIDENT_HEALTH, VARIABLE */
  line_of_authority: z.string(),
  licence_number: z.string().nullable(),
  carrier: carrierRef,
  /** TO_FILE, FILED, ACCEPTED, REJECTED, WITHDRAWN, HELD */
  status: z.string(),
  /** HELD: the licence's reason code (LICENCE_MISSING, LICENCE_EXPIRED, LINE_MISSING, …). */
  held_reason: z.string().nullable(),
  /** REJECTED: the state's reason, as the state gave it. */
  rejection_reason: z.string().nullable(),
  /** The state's appointment fee, a decimal with two places. */
  fee_amount: z.string(),
  effective_date: day.nullable(),
  first_business_date: day.nullable(),
  due_date: day.nullable(),
  filed_date: day.nullable(),
  answered_at: isoTime.nullable(),
  /** The filing run (batch) that sent it. */
  batch_id: z.uuid().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});

export const appointmentFilingEventData = z.object({
  filing: appointmentFilingState,
  actor: webhookActor,
  /** How the change came: ADMIN > State Filings, the state's answer file, a file run or an http run of the filing adapter. */
  source: z.enum(["screen", "answer_file", "file_run", "http_run"]),
});
export type AppointmentFilingEventData = z.infer<typeof appointmentFilingEventData>;
export type FilingEventSource = AppointmentFilingEventData["source"];

/** A state termination (issue 37 item 3): termination.filed's data and each row of GET /api/v1/terminations. */
export const terminationState = z.object({
  id: z.uuid(),
  agent: agentRef,
  npn: z.string(),
  state_code: z.string(),
  licence_number: z.string().nullable(),
  carrier: carrierRef,
  /** The state's reason code and its meaning as used on the day. */
  reason_code: z.string(),
  reason_label: z.string(),
  for_cause: z.boolean(),
  /** For cause: ELECTRONIC (with the filing) or LETTER. */
  notice_method: z.string().nullable(),
  effective_date: day,
  due_date: day,
  /** TO_FILE, FILED, ACCEPTED, REJECTED */
  status: z.string(),
  rejection_reason: z.string().nullable(),
  filed_date: day.nullable(),
  answered_at: isoTime.nullable(),
  batch_id: z.uuid().nullable(),
  /** Where the deactivation came from: SCREEN, IMPORT, API. */
  source: z.string(),
  created_at: isoTime,
  updated_at: isoTime,
});

export const terminationEventData = z.object({ termination: terminationState, actor: webhookActor });
export type TerminationEventData = z.infer<typeof terminationEventData>;

/** The schema of each event type's data (the OpenAPI document's `webhooks`). */
export const WEBHOOK_EVENT_DATA = {
  "application.submitted": applicationEventData,
  "application.returned": applicationEventData,
  "application.approved": applicationEventData,
  "application.rejected": applicationEventData,
  "application.abandoned": applicationEventData,
  "agent.created": agentEventData,
  "agent.moved": agentEventData,
  "agent.deactivated": agentEventData,
  "invitation.sent": invitationEventData,
  "invitation.failed": invitationEventData,
  "appointment.filed": appointmentFilingEventData,
  "appointment.accepted": appointmentFilingEventData,
  "appointment.rejected": appointmentFilingEventData,
  "termination.filed": terminationEventData,
} as const satisfies Record<WebhookEventType, z.ZodType>;
