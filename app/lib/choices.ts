// A group of checkboxes from a fixed set, as one form field (client-safe: the browser's conform and
// the server's action share it). A value the form does not offer (a tampered form) is reported
// beside the field with `message`, like an empty choice, not on an item of the list, where no
// field shows it.
import { z } from "zod";

export function choicesOf<const T extends readonly [string, ...string[]]>(options: T, message: string) {
  return z
    .array(z.string(), { error: message })
    .min(1, message)
    .max(options.length, message)
    .refine((list) => list.every((v) => (options as readonly string[]).includes(v)), message)
    .pipe(z.array(z.enum(options)));
}
