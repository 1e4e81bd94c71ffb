// Times of day on screen (issue 20 item 18, decision 0050): MM/DD/YYYY hh:mm AM/PM
// and the time zone's name, never a bare clock. The server renders UTC (it does not
// know the viewer's zone); once JavaScript runs, <LocalTime> re-renders in the
// viewer's own zone ('EST', 'GMT+2'...). Client-safe (Intl only).

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? "";
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hour12: true,
      timeZoneName: "short",
    });
    formats.set(key, f);
  }
  return f;
}

/**
 * '11/26/2026 09:50 PM UTC' for `timeZone` 'UTC'; without a zone, the runtime's own
 * (the browser's). '' for a missing or invalid value.
 */
export function formatDateTimeIn(value: Date | string | null | undefined, timeZone: string | undefined): string {
  if (!value) return "";
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return "";
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of formatFor(timeZone).formatToParts(d)) part[p.type] = p.value;
  return `${part.month}/${part.day}/${part.year} ${part.hour}:${part.minute} ${part.dayPeriod} ${part.timeZoneName}`;
}
