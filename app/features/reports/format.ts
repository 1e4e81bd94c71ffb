// Display formats of spec part 3 §9: dates MM/DD/YYYY, request time
// MM/DD/YYYY hh:mm AM/PM with its zone, UTC (decision 0050: the server's own
// zone was shown unnamed). Formatted on the server so the page reads the same
// with and without JavaScript; a table cell may show <LocalTime> instead.
import { formatDateTimeIn } from "~/lib/format-time";

const two = (n: number) => String(n).padStart(2, "0");

export function formatDate(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()}`;
}

export function formatDateTime(iso: string | Date): string {
  return formatDateTimeIn(iso, "UTC");
}
