// The rules of the built-in identity provider's forms, with the messages the
// pages show next to each field.
import { z } from "zod";

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);

export const emailField = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
  z
    .string({ error: "Email is required" })
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .pipe(z.email({ error: "Email Address Format Is Invalid" })),
);

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

export const profileFields = {
  givenName: name("First Name"),
  middleName: name("Middle Name"),
  familyName: name("Last Name"),
  phoneNumber: phoneField,
};

export const signUpSchema = z
  .object({
    email: emailField,
    password: passwordField,
    confirmPassword: z.string({ error: "Confirm your password" }).min(1, "Confirm your password"),
    ...profileFields,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });

export const profileSchema = z.object(profileFields);

export const forgotSchema = z.object({ email: emailField });

export const resetSchema = z
  .object({
    password: passwordField,
    confirmPassword: z.string({ error: "Confirm your password" }).min(1, "Confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });

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
