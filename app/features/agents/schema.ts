// The rules of the agents screens' forms (spec part 3 §5), one zod schema
// each, used by the server and (Invite User) by conform in the browser.
import { z } from "zod";
import { emailField } from "~/lib/email-address";
import { INVITE_USER_MESSAGES, SEARCH_MESSAGES } from "./messages";

export const SEARCH_FIELD_MAX = 60;

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

/** Invite User (spec §5): required, then the portal's email rule (~/lib/email); stored lowercased. */
export const inviteUserSchema = z.object({
  emailAddress: emailField({ messages: { required: INVITE_USER_MESSAGES.required, invalid: INVITE_USER_MESSAGES.format }, lowercase: true }),
});

export type InviteUserInput = z.output<typeof inviteUserSchema>;

/** The title shown above an Invite User field error. */
export function inviteErrorTitle(message: string | undefined): string | null {
  if (!message) return null;
  if (message === INVITE_USER_MESSAGES.required) return INVITE_USER_MESSAGES.requiredTitle;
  if (message === INVITE_USER_MESSAGES.format) return INVITE_USER_MESSAGES.formatTitle;
  return null;
}
