// Display formats shared by every screen (spec part 3 §9): phone (###) ###-####.

/** Formats stored 10 digits as (555) 555-0100; anything else is shown as it is. */
export function formatPhone(digits: string | null | undefined): string {
  if (!digits) return "";
  const d = digits.replace(/\D/g, "");
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : digits;
}
