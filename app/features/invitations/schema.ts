// The Send a Recruitment Invitation form (spec part 1 §2, §5): one schema
// used by conform in the browser and by the action (decision 0016).
import { z } from "zod";
import { EMAIL_MAX, emailField } from "~/lib/email-address";
import { hasVisibleContent } from "~/lib/html-content";
import { INVITE_MESSAGES as M } from "./messages";

export const NAME_MAX = 50;
/** The HTML body: at most 100 KB (UTF-8 bytes). */
export const BODY_MAX_BYTES = 100 * 1024;

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

const required = (max: number, label: string) =>
  z
    .string({ error: M.allFieldsRequired })
    .trim()
    .min(1, { error: M.allFieldsRequired, abort: true })
    .max(max, M.tooLong(label, max));

export const inviteSchema = z.object({
  firstName: required(NAME_MAX, "First Name"),
  lastName: required(NAME_MAX, "Last Name"),
  email: emailField({ messages: { required: M.allFieldsRequired, tooLong: M.tooLong("Email Address", EMAIL_MAX), invalid: M.emailInvalid } }),
  ccEmail: emailField({ messages: { tooLong: M.tooLong("CC Email Address", EMAIL_MAX), invalid: M.ccInvalid } }).optional(),
  templateId: z.coerce.number({ error: M.templateRequired }).int(M.templateRequired).positive(M.templateRequired).max(2_147_483_647, M.templateRequired),
  body: z
    .string({ error: M.bodyRequired })
    .refine((s) => utf8Length(s) <= BODY_MAX_BYTES, { error: M.bodyTooLarge, abort: true })
    // An emptied editor still posts markup (<p><br></p>), a pasted body may be a lone <script>: some
    // visible text or an image is needed. The send path checks the sanitized, merged text with the
    // same function (decision 0046).
    .refine(hasVisibleContent, M.bodyRequired),
  /** Without JavaScript the confirmation is this checkbox; with JavaScript the dialog sets it. */
  confirm: z.string().max(10).optional(),
  /** One per form load: a second POST of the same form sends nothing more. */
  formToken: z.uuid(M.allFieldsRequired),
});

export type InviteForm = z.infer<typeof inviteSchema>;

/** Sending: every rule, and the confirmation (checkbox without JavaScript, dialog with it). */
export const sendSchema = inviteSchema.superRefine((v, ctx) => {
  if (v.confirm !== "yes") ctx.addIssue({ code: "custom", path: ["confirm"], message: M.confirmRequired });
});

/** PREVIEW: the same rules, no confirmation. */
export const previewSchema = inviteSchema;

/**
 * 'Use this template' without JavaScript (the button posts intent=template):
 * the same caps, nothing required; the page comes back with the template's
 * text in the body and everything else as typed.
 */
export const templateLoadSchema = inviteSchema.partial().extend({
  templateId: inviteSchema.shape.templateId,
});

export const INTENT_FIELD = "intent";
export const INTENT_LOAD_TEMPLATE = "template";
/** PREVIEW: every rule of sending but the confirmation; nothing is stored or queued. */
export const INTENT_PREVIEW = "preview";
