// The profile form (spec part 1 §2 'Profile', §3 'Profile update payload',
// §5): first, middle and last name and phone, all required; the phone has 10
// digits once dashes and spaces are removed. One schema for the browser
// (conform) and the action.
import { z } from "zod";
import { PROFILE_LABELS, PROFILE_MESSAGES } from "./messages";

export const NAME_MAX = 50;
export const PHONE_MAX = 20;

/** The phone's 10 digits after removing dashes and spaces; null otherwise. */
export function profilePhoneDigits(value: string): string | null {
  const digits = value.replace(/[\s-]/g, "");
  return /^\d{10}$/.test(digits) ? digits : null;
}

const name = (label: string) =>
  z
    .string({ error: PROFILE_MESSAGES.required(label) })
    .trim()
    .min(1, PROFILE_MESSAGES.required(label))
    .max(NAME_MAX, PROFILE_MESSAGES.tooLong(label, NAME_MAX));

export const profileSchema = z.object({
  firstName: name(PROFILE_LABELS.firstName),
  middleName: name(PROFILE_LABELS.middleName),
  lastName: name(PROFILE_LABELS.lastName),
  phoneNumber: z
    .string({ error: PROFILE_MESSAGES.required(PROFILE_LABELS.phoneNumber) })
    .max(PHONE_MAX, PROFILE_MESSAGES.phoneInvalid)
    .refine((v) => v.length > PHONE_MAX || profilePhoneDigits(v) !== null, PROFILE_MESSAGES.phoneInvalid)
    .transform((v) => profilePhoneDigits(v)!),
});

export type ProfileForm = z.output<typeof profileSchema>;
