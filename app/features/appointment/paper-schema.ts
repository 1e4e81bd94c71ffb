// The form a recruiter confirms to fill out an application on a prospect's
// behalf (a "paper" appointment; spec part 1 §5 'Apply mode', part 2 §2
// 'Application screen' parameters email / multiPaper). Shared by the
// browser (conform) and the server (the action refuses what it refuses).
import { z } from "zod";
import { emailField, normalizeEmail } from "~/lib/email-address";

export const PAPER_MESSAGES = {
  emailRequired: "Email Address Is Required",
  emailFormat: "Email Address Format Is Invalid",
  ownEmail: "You Cannot Use Your Email",
  typeRequired: "Please choose one of the appointment types.",
} as const;

export type PaperForm = { email: string; apptTypeCode: string };

/**
 * True when `email` is the user's own login address, ignoring case and
 * surrounding whitespace ('You Cannot Use Your Email'): apply mode, the paper
 * application and the invitation form (decision 0047).
 */
export function isOwnEmail(ownEmail: string, email: unknown): boolean {
  const e = typeof email === "string" ? normalizeEmail(email) : "";
  return e !== "" && e === normalizeEmail(ownEmail);
}

/**
 * The prospect's email (required, a standard email address, not the
 * recruiter's own login email, compared ignoring case) and the appointment
 * type (one of `types`, the ones the link allows).
 */
export function paperAppointmentSchema(opts: { ownEmail: string; types: readonly string[] }) {
  return z.object({
    email: emailField({ messages: { required: PAPER_MESSAGES.emailRequired, invalid: PAPER_MESSAGES.emailFormat }, lowercase: true }).refine(
      (v) => !isOwnEmail(opts.ownEmail, v),
      PAPER_MESSAGES.ownEmail,
    ),
    apptTypeCode: z
      .string({ error: PAPER_MESSAGES.typeRequired })
      .refine((v) => opts.types.includes(v), PAPER_MESSAGES.typeRequired),
  });
}
