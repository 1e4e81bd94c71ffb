// The profile form (spec part 1 §2 'Profile', §3 'Profile update payload',
// §5): first, middle and last name and phone, all required (the middle name answered by
// 'I have no middle name' when there is none, decision 0096); the phone has 10
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
  // Required as an answer (decision 0096): a name or initial, or 'I have no middle name' ticked.
  middleName: z.string().trim().max(NAME_MAX, PROFILE_MESSAGES.tooLong(PROFILE_LABELS.middleName, NAME_MAX)).optional(),
  noMiddleName: z.boolean().optional(),
  lastName: name(PROFILE_LABELS.lastName),
  phoneNumber: z
    .string({ error: PROFILE_MESSAGES.required(PROFILE_LABELS.phoneNumber) })
    .max(PHONE_MAX, PROFILE_MESSAGES.phoneInvalid)
    .refine((v) => v.length > PHONE_MAX || profilePhoneDigits(v) !== null, PROFILE_MESSAGES.phoneInvalid)
    .transform((v) => profilePhoneDigits(v)!),
})
  // Checked even when another field is missing (`when`): every message at once, as for the others.
  .refine((v) => Boolean(v.middleName) || v.noMiddleName === true, { path: ["middleName"], message: PROFILE_MESSAGES.middleNameMissing, when: () => true })
  .refine((v) => !(v.middleName && v.noMiddleName === true), { path: ["middleName"], message: PROFILE_MESSAGES.middleNameAndNone, when: () => true });

export type ProfileForm = z.output<typeof profileSchema>;
