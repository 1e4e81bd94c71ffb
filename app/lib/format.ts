// Display formats shared by every screen (spec part 3 §9): phone (###) ###-####,
// dates MM/DD/YYYY.

/** Formats stored 10 digits as (555) 555-0100; anything else is shown as it is. */
export function formatPhone(digits: string | null | undefined): string {
  if (!digits) return "";
  const d = digits.replace(/\D/g, "");
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : digits;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * MM/DD/YYYY (09/02/2026) of a date or timestamp, read in UTC (dates are stored
 * as UTC midnight; the same day whatever the server's zone). "" for none or an
 * invalid value. Times of day with their zone: ~/lib/format-time.
 */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "";
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return "";
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}
