// Display formats of spec part 3 §9: dates MM/DD/YYYY, request time
// MM/DD/YYYY hh:mm AM/PM with its zone, the viewer's (decisions 0050, 0102).
// Formatted on the server so the page reads the same with and without
// JavaScript; a table cell may show <LocalTime> instead.
import { formatDateTimeIn } from "~/lib/format-time";

/** MM/DD/YYYY in UTC: the portal's one date format (~/lib/format); the server's own zone was used here. */
export { formatDate } from "~/lib/format";

/** `timeZone`: viewerTimeZone(request) (~/lib/time-zone.server). */
export function formatDateTime(iso: string | Date, timeZone: string): string {
  return formatDateTimeIn(iso, timeZone);
}
