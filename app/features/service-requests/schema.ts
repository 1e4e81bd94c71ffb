// The administrators' service request queue (issue 11, decision 0030): the
// statuses, the forms' zod schemas and the one message catalogue, shared by
// the browser (conform) and the server. Client-safe.
import { z } from "zod";

export const SR_STATUSES = ["OPEN", "IN_PROGRESS", "DONE"] as const;
export type SrStatus = (typeof SR_STATUSES)[number];
export const SR_STATUS_LABELS: Record<SrStatus, string> = { OPEN: "Open", IN_PROGRESS: "In progress", DONE: "Done" };

/** The queue's status filter: the ones not done yet (default), one status, or all. */
export const SR_STATUS_FILTERS = ["ACTIVE", ...SR_STATUSES, "ALL"] as const;
export type SrStatusFilter = (typeof SR_STATUS_FILTERS)[number];
export const SR_STATUS_FILTER_LABELS: Record<SrStatusFilter, string> = {
  ACTIVE: "Open and in progress",
  OPEN: "Open",
  IN_PROGRESS: "In progress",
  DONE: "Done",
  ALL: "All",
};

/** A reply's email as the history shows it (mail_messages.status, QUEUED before the first attempt). */
export const REPLY_DELIVERY_LABELS: Record<string, string> = { QUEUED: "queued", SENT: "sent", CAPTURED: "captured (no mail server)", FAILED: "not sent yet (retrying)" };

export const SR_PAGE_SIZES = [10, 50];
/** The longest reply (characters), as long as a request. */
export const REPLY_TEXT_MAX = 4000;
/** Agent numbers are short codes; the cap keeps a forged value small. */
export const AGENT_NUMBER_MAX = 20;

export const SR_MESSAGES = {
  statusRequired: "Choose a status",
  assigneeUnknown: "Choose one of the internal administrators",
  statusSavedTitle: "Saved",
  statusSaved: "The status of the request is saved.",
  replyRequired: "Write the reply before sending it",
  replyTooLong: `The reply is too long: at most ${REPLY_TEXT_MAX.toLocaleString("en-US")} characters`,
  replySentTitle: "Reply Sent",
  replySent: "The reply is on its way to the requester by email.",
  hierarchyRequired: "Choose the hierarchy (carrier, company and block)",
  agentNumberRequired: "Enter the agent number of the agent to move",
  uplineNumberRequired: "Enter the agent number of the new upline",
  agentNumberFormat: `An agent number has 1 to ${AGENT_NUMBER_MAX} letters or digits`,
  notFoundTitle: "Request Not Found",
  notFound: "This service request was not found.",
  emptyQueue: "No service requests match these filters.",
  failedTitle: "System Error",
  failed: "This could not be saved at this time. Nothing was changed. Please try again later.",
  invalidTitle: "Please check the form",
} as const;

export const SR_INTENTS = { status: "status", reply: "reply", preview: "preview", move: "move" } as const;

export const statusSchema = z.object({
  intent: z.literal(SR_INTENTS.status),
  status: z.enum(SR_STATUSES, { error: SR_MESSAGES.statusRequired }),
  /** An internal administrator's user id, or empty for nobody. */
  assigneeUserId: z.union([z.uuid({ error: SR_MESSAGES.assigneeUnknown }), z.literal("")]).optional(),
});

export const replySchema = z.object({
  intent: z.literal(SR_INTENTS.reply),
  /** The form's one-time token: the same form posted twice sends one reply. */
  formToken: z.uuid(),
  replyText: z
    .string({ error: SR_MESSAGES.replyRequired })
    .trim()
    .min(1, SR_MESSAGES.replyRequired)
    .max(REPLY_TEXT_MAX, SR_MESSAGES.replyTooLong),
});

const agentNumber = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(AGENT_NUMBER_MAX, SR_MESSAGES.agentNumberFormat)
    .regex(/^[A-Za-z0-9]+$/, SR_MESSAGES.agentNumberFormat);

/** A hierarchy as the form posts it: "<companyNumber>:<blockNumber>". */
export const HIERARCHY_PATTERN = /^[A-Za-z0-9]{1,20}:\d{1,9}$/;

export const moveSchema = z.object({
  intent: z.enum([SR_INTENTS.preview, SR_INTENTS.move]),
  hierarchy: z.string({ error: SR_MESSAGES.hierarchyRequired }).regex(HIERARCHY_PATTERN, SR_MESSAGES.hierarchyRequired),
  agentNumber: agentNumber(SR_MESSAGES.agentNumberRequired),
  uplineAgentNumber: agentNumber(SR_MESSAGES.uplineNumberRequired),
  /** The previewed number of agents that move (carried by the confirmation). */
  expectedSize: z.coerce.number().int().min(1).max(10_000_000).optional(),
});

export type MoveForm = z.output<typeof moveSchema>;

export function parseHierarchy(value: string): { companyNumber: string; blockNumber: number } {
  const [companyNumber = "", block = "0"] = value.split(":");
  return { companyNumber, blockNumber: Number(block) };
}

/** ?status= and ?type= of the queue; anything else falls back to the defaults. */
export function readQueueFilters(url: URL): { status: SrStatusFilter; type: string } {
  const s = url.searchParams.get("status") ?? "";
  const status = (SR_STATUS_FILTERS as readonly string[]).includes(s) ? (s as SrStatusFilter) : "ACTIVE";
  const t = url.searchParams.get("type") ?? "";
  const type = /^[A-Z0-9_]{1,40}$/.test(t) ? t : "";
  return { status, type };
}
