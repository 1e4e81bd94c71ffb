// The webhook endpoints screens (decision 0077): the forms' zod schemas, intents and messages,
// shared by the browser (conform) and the server. Client-safe.
import { z } from "zod";
import { choicesOf } from "~/lib/choices";
import { WEBHOOK_EVENTS } from "./events";

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
/**
 * After a rotation the previous signing secret keeps signing beside the new one this long (decision
 * 0082): a day for the receiver's owner to install the new secret; no delivery fails meanwhile.
 */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;
export const WEBHOOK_SECRET_OVERLAP_MS = WEBHOOK_SECRET_OVERLAP_HOURS * 3600 * 1000;

export const WH_INTENTS = { create: "create", update: "update", enable: "enable", disable: "disable", rotate: "rotate", delete: "delete", replay: "replay" } as const;

export const WH_MESSAGES = {
  urlRequired: "Enter the address the events are posted to",
  urlInvalid: "Enter a full address starting with https://",
  urlTooLong: `The address is too long: at most ${WEBHOOK_URL_MAX} characters`,
  eventsRequired: "Choose at least one event",
  descriptionTooLong: `The description is too long: at most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  notFound: "There is no such webhook endpoint.",
  deliveryNotFound: "There is no such delivery of this endpoint.",
  replayDisabled: "The endpoint is disabled: enable it again, then replay the deliveries it missed.",
  secretOnce: "Copy the signing secret now: the portal shows it only once. The receiver verifies every delivery with it.",
  rotateConfirm: `A new signing secret signs every delivery from now on. The current secret keeps signing beside it for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours, so the receiver keeps verifying while its owner installs the new one; then it stops. A secret still signing from an earlier rotation stops at once.`,
} as const;

export const endpointSchema = z.object({
  url: z
    .string({ error: WH_MESSAGES.urlRequired })
    .trim()
    .min(1, WH_MESSAGES.urlRequired)
    .max(WEBHOOK_URL_MAX, WH_MESSAGES.urlTooLong)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), WH_MESSAGES.urlInvalid),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, WH_MESSAGES.descriptionTooLong).optional().default(""),
  events: choicesOf(WEBHOOK_EVENTS, WH_MESSAGES.eventsRequired),
});
export type EndpointInput = z.infer<typeof endpointSchema>;

export const WH_STATUS_LABELS: Record<string, string> = { PENDING: "Pending", DELIVERED: "Delivered", FAILED: "Failed" };
