// The one email rule of the portal (issue 21; decision 0056): what a valid
// address is, how long it may be, and how it is trimmed and lower-cased.
// Every form uses it — the application and its paper form, communication
// preferences, invitations, Invite User, the identity provider's pages and
// the agents import — each with its own messages (the spec's sentence for
// that screen). Pure: used by the browser (conform) and the server alike.
import { z } from "zod";

/** The longest email address accepted (RFC 5321's path limit). */
export const EMAIL_MAX = 254;

/**
 * 'A standard email pattern' (spec part 1 §5, part 3 §5): the HTML living
 * standard's (what a browser checks for `type=email`, so the browser's check
 * and ours agree), with a dot in the domain.
 */
export const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** True when `value` (already trimmed) is an address of the pattern, at most EMAIL_MAX characters. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

/** An address as compared and stored where it identifies a person: trimmed, lower-cased. */
export function normalizeEmail(value: string | null | undefined): string {
  return (value ?? "").trim().toLowerCase();
}

export type EmailMessages = {
  /** Given: the field is required (an empty value gets this message). Absent: '' is checked as an address. */
  required?: string;
  /** The address does not match the pattern (and, without `tooLong`, is too long). */
  invalid: string;
  tooLong?: string;
};

/**
 * The email field of a zod schema: trimmed, required (when a message for it
 * is given), at most EMAIL_MAX characters, the pattern; lower-cased with
 * `lowercase` (addresses that identify a person: sign-in, invitations of a
 * user, the paper form's prospect, the import). One message per problem.
 */
export function emailField(opts: { messages: EmailMessages; lowercase?: boolean }) {
  const m = opts.messages;
  let field = z.string({ error: m.required ?? m.invalid }).trim();
  if (m.required) field = field.min(1, { error: m.required, abort: true });
  field = field.max(EMAIL_MAX, { error: m.tooLong ?? m.invalid, abort: true }).regex(EMAIL_PATTERN, m.invalid);
  return opts.lowercase ? field.toLowerCase() : field;
}
