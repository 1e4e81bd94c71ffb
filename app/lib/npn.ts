// The one rule for a National Producer Number (client-safe): NIPR issues 1 to 10 digits. The
// application's NPN field, the license screens' address (/licences/<npn>), the licence import and
// lookup, and the licence checks all ask here.

export const NPN_MAX_DIGITS = 10;
const NPN = /^[0-9]{1,10}$/;

/** In the words of the application's generic rules ('<label> is required', '<label> must be ...'). */
export const NPN_MESSAGES = {
  required: "NPN is required",
  invalid: `NPN must be 1 to ${NPN_MAX_DIGITS} digits`,
} as const;

export const isNpn = (v: string): boolean => NPN.test(v);

/** The NPN as records key it (trimmed), or null when it is not 1 to 10 digits. */
export function npnKey(raw: string | null | undefined): string | null {
  const v = (raw ?? "").trim();
  return isNpn(v) ? v : null;
}

/** What is wrong with a typed NPN, or null (blank is `required`). */
export function npnProblem(raw: string | null | undefined): string | null {
  const v = (raw ?? "").trim();
  if (v === "") return NPN_MESSAGES.required;
  return isNpn(v) ? null : NPN_MESSAGES.invalid;
}
