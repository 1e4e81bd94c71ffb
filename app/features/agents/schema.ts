// The rules of the agents screens' forms (spec part 3 §5), one zod schema
// each, used by the server and (Invite User) by conform in the browser.
import { z } from "zod";
import { INVITE_USER_MESSAGES, SEARCH_MESSAGES } from "./messages";

export const SEARCH_FIELD_MAX = 60;
export const EMAIL_MAX = 254;

const searchText = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim().slice(0, SEARCH_FIELD_MAX));

/**
 * Downline search: at least one of the four fields non-blank after
 * trimming, else 'Search for What?' (the error is on the form: `path: []`).
 */
export const searchSchema = z
  .object({
    lastName: searchText,
    firstName: searchText,
    agentNumber: searchText,
    companyName: searchText,
  })
  .refine((v) => Boolean(v.lastName || v.firstName || v.agentNumber || v.companyName), { error: SEARCH_MESSAGES.empty, path: [] });

export type SearchCriteria = z.output<typeof searchSchema>;

/** A standard email pattern (the HTML living standard's, as browsers check type=email). */
export const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Invite User (spec §5): required, then the email pattern; stored lowercased. */
export const inviteUserSchema = z.object({
  emailAddress: z
    .string({ error: INVITE_USER_MESSAGES.required })
    .trim()
    .min(1, { error: INVITE_USER_MESSAGES.required, abort: true })
    .max(EMAIL_MAX, { error: INVITE_USER_MESSAGES.format, abort: true })
    .refine((v) => EMAIL_PATTERN.test(v), INVITE_USER_MESSAGES.format)
    .transform((v) => v.toLowerCase()),
});

export type InviteUserInput = z.output<typeof inviteUserSchema>;

/** The title shown above an Invite User field error. */
export function inviteErrorTitle(message: string | undefined): string | null {
  if (!message) return null;
  if (message === INVITE_USER_MESSAGES.required) return INVITE_USER_MESSAGES.requiredTitle;
  if (message === INVITE_USER_MESSAGES.format) return INVITE_USER_MESSAGES.formatTitle;
  return null;
}
