// Communication preferences (spec part 1 §3 'Preferences', §5, §9): per
// notification category an email switch with addresses and an SMS switch
// with phone numbers. One schema for the browser (conform) and the action.
import { z } from "zod";
import { isEmailAddress } from "~/lib/email-address";
import { PREF_MESSAGES } from "./messages";

/**
 * The categories: the user's own (the recruiter's prospects; their own licences and credentials,
 * issue 23, decision 0071), then the downline's (suffix _DOWNLN), then the administrators' (the
 * state filings due and overdue: issue 37, decision 0114; own, no downline twin).
 */
export const PREFERENCE_CATEGORIES = [
  "CAT_APPSUB_RECRUIT",
  "CAT_APPAPRV_RECRUIT",
  "CAT_APPREJ_RECRUIT",
  "CAT_APPABAND_RECRUIT",
  "CAT_LICEXP_AGENT",
  "CAT_APPSUB_RECRUIT_DOWNLN",
  "CAT_APPAPRV_RECRUIT_DOWNLN",
  "CAT_APPREJ_RECRUIT_DOWNLN",
  "CAT_APPABAND_RECRUIT_DOWNLN",
  "CAT_LICEXP_AGENT_DOWNLN",
  "CAT_STATEFILING_ADMIN",
] as const;
export type PreferenceCategory = (typeof PREFERENCE_CATEGORIES)[number];
/** The administrators' categories: told as their own, without a downline twin. */
export type AdminCategory = Extract<PreferenceCategory, `${string}_ADMIN`>;
export const isAdminCategory = (c: string): c is AdminCategory => c.endsWith("_ADMIN");
/** The user's own categories; the downline's add the suffix _DOWNLN. */
export type OwnCategory = Exclude<PreferenceCategory, `${string}_DOWNLN` | AdminCategory>;
/** The recruiter's own categories (an application's events). */
export type RecruiterCategory = Exclude<OwnCategory, "CAT_LICEXP_AGENT">;

export const CATEGORY_LABELS: Record<PreferenceCategory, string> = {
  CAT_APPSUB_RECRUIT: "A prospect I recruited submits an application",
  CAT_APPAPRV_RECRUIT: "The application of a prospect I recruited is approved",
  CAT_APPREJ_RECRUIT: "The application of a prospect I recruited is rejected",
  CAT_APPABAND_RECRUIT: "The application of a prospect I recruited is abandoned",
  CAT_LICEXP_AGENT: "One of my licenses or credentials (E&O, training) is about to expire or has expired, or I am no longer in good order",
  CAT_APPSUB_RECRUIT_DOWNLN: "A prospect in my downline submits an application",
  CAT_APPAPRV_RECRUIT_DOWNLN: "The application of a prospect in my downline is approved",
  CAT_APPREJ_RECRUIT_DOWNLN: "The application of a prospect in my downline is rejected",
  CAT_APPABAND_RECRUIT_DOWNLN: "The application of a prospect in my downline is abandoned",
  CAT_LICEXP_AGENT_DOWNLN: "A license or credential of an agent in my downline is about to expire or has expired, or the agent is no longer in good order",
  CAT_STATEFILING_ADMIN: "A state appointment or termination filing is due in 5 days, due today or overdue (administrators)",
};

export const METHOD_EMAIL = "EMAIL_EVT";
export const METHOD_SMS = "SMS_EVT";

/** At most 5 addresses and 5 numbers per event (§9). */
export const MAX_VALUES = 5;
/** The longest field: 5 addresses of 254 characters, commas and some spacing. */
export const MAX_FIELD_LENGTH = 1400;

/** The entries of a field: whitespace stripped, split at commas (or semicolons), empty entries dropped. */
export function splitEntries(value: string): string[] {
  return value
    .replace(/\s+/g, "")
    .split(/[,;]/)
    .filter(Boolean);
}

/** A phone number's 10 digits, ignoring dashes, parentheses and spaces (and dots); null otherwise. */
export function phoneDigits(value: string): string | null {
  const digits = value.replace(/[\s().-]/g, "");
  return /^\d{10}$/.test(digits) ? digits : null;
}

const on = z.preprocess((v) => v === "Y" || v === "on" || v === "true" || v === true, z.boolean());

type Rule = { missing: string; tooMany: string; invalid: string; valid: (e: string) => boolean };

const EMAIL_RULE: Rule = {
  missing: PREF_MESSAGES.missingInfo,
  tooMany: PREF_MESSAGES.tooManyEmails,
  invalid: PREF_MESSAGES.invalidEmail,
  valid: isEmailAddress,
};
const PHONE_RULE: Rule = {
  missing: PREF_MESSAGES.missingInfo,
  tooMany: PREF_MESSAGES.tooManyPhones,
  invalid: PREF_MESSAGES.invalidPhone,
  valid: (e) => phoneDigits(e) !== null,
};

function checkField(enabled: boolean, value: string, rule: Rule, path: string, ctx: z.RefinementCtx) {
  if (!enabled || value.length > MAX_FIELD_LENGTH) return; // over the cap: the field's own message
  const entries = splitEntries(value);
  if (entries.length === 0) return ctx.addIssue({ code: "custom", path: [path], message: rule.missing });
  if (entries.length > MAX_VALUES) return ctx.addIssue({ code: "custom", path: [path], message: rule.tooMany });
  if (!entries.every(rule.valid)) ctx.addIssue({ code: "custom", path: [path], message: rule.invalid });
}

/** One category: the switches and their fields. Switched off, a field is saved empty. */
const categoryObject = z
  .object({
    emailOn: on,
    // The cap of each field (a longer one cannot hold 5 valid entries).
    emails: z.string().max(MAX_FIELD_LENGTH, PREF_MESSAGES.tooManyEmails).optional(),
    smsOn: on,
    phones: z.string().max(MAX_FIELD_LENGTH, PREF_MESSAGES.tooManyPhones).optional(),
  })
  .superRefine((v, ctx) => {
    checkField(v.emailOn, v.emails ?? "", EMAIL_RULE, "emails", ctx);
    checkField(v.smsOn, v.phones ?? "", PHONE_RULE, "phones", ctx);
  })
  .transform((v) => ({
    emailOn: v.emailOn,
    emails: v.emailOn ? splitEntries(v.emails ?? "").join(",") : "",
    smsOn: v.smsOn,
    phones: v.smsOn ? splitEntries(v.phones ?? "").map((p) => phoneDigits(p)!).join(",") : "",
  }));

/** A category with nothing posted (both switches off, both fields empty) is all off. */
export const categoryPreferenceSchema = z.preprocess((v) => v ?? {}, categoryObject);

export type CategoryPreference = z.output<typeof categoryPreferenceSchema>;

/** The whole page: one entry per category, keyed by its code. */
export const preferencesSchema = z.object(
  Object.fromEntries(PREFERENCE_CATEGORIES.map((c) => [c, categoryPreferenceSchema])) as Record<
    PreferenceCategory,
    typeof categoryPreferenceSchema
  >,
);

export type PreferencesForm = z.output<typeof preferencesSchema>;
