// The rules of the built-in identity provider's forms, with the messages the
// pages show next to each field. Server-only (the pages are server-rendered):
// the password rule uses the zxcvbn-ts dictionaries.
import { z } from "zod";
import { emailField as portalEmailField } from "~/lib/email-address";
import { checkPasswordStrength } from "./password-strength.server";

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

/** The portal's email rule (~/lib/email), trimmed and lower-cased, with the provider pages' messages. */
export const emailField = portalEmailField({
  messages: { required: "Email is required", tooLong: "Email is too long", invalid: "Email Address Format Is Invalid" },
  lowercase: true,
});

export const passwordField = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const name = (label: string) =>
  z.preprocess(
    trimmed,
    z.string({ error: `${label} is required` }).min(1, `${label} is required`).max(100, `${label} is too long`),
  );

/** Phone: 10 digits once dashes, dots, spaces and parentheses are removed. Stored as the 10 digits. */
export const phoneField = z.preprocess(
  trimmed,
  z
    .string({ error: "Phone Number is required" })
    .min(1, "Phone Number is required")
    .transform((v) => v.replace(/[\s().-]/g, ""))
    .refine((v) => /^\d{10}$/.test(v), "Phone Number is invalid"),
);

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX),
});

/** The box a person without a middle name ticks (decision 0096): the name is then stored empty. */
export const NO_MIDDLE_NAME = "I have no middle name";
export const MIDDLE_NAME_MISSING = `Enter your middle name or initial, or tick '${NO_MIDDLE_NAME}'`;
export const MIDDLE_NAME_AND_NONE = `Leave Middle Name empty, or untick '${NO_MIDDLE_NAME}'`;

export const profileFields = {
  givenName: name("First Name"),
  middleName: z.preprocess(trimmed, z.string().max(100, "Middle Name is too long").optional()),
  noMiddleName: z.preprocess((v) => v === "1" || v === "on", z.boolean()),
  familyName: name("Last Name"),
  phoneNumber: phoneField,
};

/**
 * THE middle-name rule of the provider's forms (decision 0096): answered, by a name or initial or
 * by ticking NO_MIDDLE_NAME, never both; the spec's 'required' without inventing a letter.
 */
export function middleNameAnswered(v: { middleName?: unknown; noMiddleName?: unknown }, ctx: z.RefinementCtx) {
  const typed = typeof v.middleName === "string" && v.middleName !== "";
  if (!typed && v.noMiddleName !== true) ctx.addIssue({ code: "custom", path: ["middleName"], message: MIDDLE_NAME_MISSING });
  if (typed && v.noMiddleName === true) ctx.addIssue({ code: "custom", path: ["middleName"], message: MIDDLE_NAME_AND_NONE });
}

const confirmField = z.string({ error: "Confirm your password" }).min(1, "Confirm your password").max(PASSWORD_MAX);

/**
 * THE rule of a new password (sign-up, reset, change): 12 to 200 characters,
 * the confirmation equal, and not easy to guess (zxcvbn-ts score of at least
 * 3, counting the person's email, its local part, their names and the
 * product's name as known words). `context` gives those words from the
 * parsed form values (sign-up) or from the account (reset, change).
 */
export function withNewPassword<Shape extends z.ZodRawShape>(
  shape: Shape,
  context: (values: Record<string, unknown>) => Array<string | null | undefined>,
) {
  return z.object({ ...shape, password: passwordField, confirmPassword: confirmField }).superRefine((v, ctx) => {
    const values = v as Record<string, unknown>;
    if ("noMiddleName" in shape) middleNameAnswered(values, ctx);
    const password = values.password;
    if (typeof values.confirmPassword === "string" && values.confirmPassword && values.confirmPassword !== password) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Passwords do not match" });
    }
    // Estimated only once the length is right (zod runs this even when other fields failed).
    if (typeof password !== "string" || password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return;
    const verdict = checkPasswordStrength(password, context(values).map((w) => (typeof w === "string" ? w : null)));
    if (!verdict.ok) ctx.addIssue({ code: "custom", path: ["password"], message: verdict.message });
  });
}

export const signUpSchema = withNewPassword({ email: emailField, ...profileFields }, (v) => [
  v.email as string,
  v.givenName as string,
  v.middleName as string,
  v.familyName as string,
  v.phoneNumber as string,
]);

export const profileSchema = z.object(profileFields).superRefine(middleNameAnswered);

export const forgotSchema = z.object({ email: emailField });

/** Reset and change: the account's own words are the context. */
export const newPasswordSchema = (account: { email: string; givenName: string; middleName: string | null; familyName: string }) =>
  withNewPassword({}, () => [account.email, account.givenName, account.middleName, account.familyName]);

/** The password change on the profile page: the current password, then the new one. */
export const changePasswordSchema = (account: { email: string; givenName: string; middleName: string | null; familyName: string }) =>
  withNewPassword(
    { currentPassword: z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(PASSWORD_MAX) },
    () => [account.email, account.givenName, account.middleName, account.familyName],
  );

export type FieldErrors = Record<string, string>;

/** First message per field, keyed by the field name. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "_form");
    out[key] ??= issue.message;
  }
  return out;
}

export { formatPhone } from "~/lib/format";
