// Times of day (decisions 0050, 0102): MM/DD/YYYY hh:mm AM/PM and the time zone's name, never a
// bare clock, in the viewer's zone (~/lib/time-zone): on screen <LocalTime>, in loaders
// formatDateTimeIn(value, viewerTimeZone(request)), in email and PDFs the portal's TIME_ZONE.
// Client-safe (Intl only).

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string | undefined, seconds: boolean): Intl.DateTimeFormat {
  const key = `${timeZone ?? ""}|${seconds}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      ...(seconds ? { second: "2-digit" as const } : {}),
      hour12: true,
      timeZoneName: "short",
    });
    formats.set(key, f);
  }
  return f;
}

/**
 * '11/26/2026 09:50 PM UTC' for `timeZone` 'UTC' ('11/26/2026 09:50:07 PM UTC' with seconds, for
 * evidence); without a zone, the runtime's own (the browser's). '' for a missing or invalid value.
 */
export function formatDateTimeIn(
  value: Date | string | null | undefined,
  timeZone: string | undefined,
  options: { seconds?: boolean } = {},
): string {
  if (!value) return "";
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return "";
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of formatFor(timeZone, options.seconds ?? false).formatToParts(d)) part[p.type] = p.value;
  const clock = options.seconds ? `${part.hour}:${part.minute}:${part.second}` : `${part.hour}:${part.minute}`;
  return `${part.month}/${part.day}/${part.year} ${clock} ${part.dayPeriod} ${part.timeZoneName}`;
}
