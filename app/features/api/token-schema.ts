// The tokens screen's create form (issue 24 item 1, decision 0075): one schema used by conform in the
// browser and by the action. Client-safe.
import { z } from "zod";
import { choicesOf } from "~/lib/choices";
import { API_SCOPES } from "./scopes";

export const TOKEN_NAME_MAX = 80;

export const TOKEN_MESSAGES = {
  nameRequired: "Enter a name that says who uses the token (e.g. 'Commissions system').",
  nameTooLong: `The name can be at most ${TOKEN_NAME_MAX} characters.`,
  nameTaken: "A live token already has this name: choose another, or revoke that one first.",
  scopesRequired: "Choose at least one thing the token may do.",
  stale: "This form was already sent. Its token was shown once and is listed below; create another if you lost it.",
  created: "Copy this token now: it is shown only this once and cannot be shown again. Store it in the integration's secret store.",
  revoked: (name: string) => `The token '${name}' is revoked: calls with it are refused from now on.`,
  revokeConfirm: (name: string) => `Revoke the token '${name}'? Every call with it is refused at once; this cannot be undone.`,
  notFound: "That token does not exist or is already revoked.",
} as const;

export const INTENT_FIELD = "intent";
export const INTENT_CREATE = "create";
export const INTENT_REVOKE = "revoke";

export const createTokenSchema = z.object({
  name: z
    .string({ error: TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: TOKEN_MESSAGES.nameRequired, abort: true })
    .max(TOKEN_NAME_MAX, TOKEN_MESSAGES.nameTooLong)
    // No control characters (a name is shown in lists and written to the audit log).
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), TOKEN_MESSAGES.nameRequired),
  scopes: choicesOf(API_SCOPES, TOKEN_MESSAGES.scopesRequired),
  /** One per form load: a second POST of the same form creates nothing more. */
  formToken: z.uuid(TOKEN_MESSAGES.stale),
});
export type CreateTokenForm = z.infer<typeof createTokenSchema>;

export const revokeTokenSchema = z.object({ tokenId: z.uuid(TOKEN_MESSAGES.notFound) });
