// A point in time on screen (decision 0050): <time dateTime> with the UTC text
// from the server (so the page reads the same without JavaScript and hydrates
// without a mismatch), re-formatted in the viewer's own time zone once the
// page has hydrated.
import { useEffect, useState } from "react";
import { formatDateTimeIn } from "~/lib/format-time";

export function LocalTime({ value }: { value: Date | string | null | undefined }) {
  const [zone, setZone] = useState<string | undefined>("UTC");
  useEffect(() => setZone(undefined), []);
  if (!value) return null;
  const iso = typeof value === "string" ? value : value.toISOString();
  return <time dateTime={iso}>{formatDateTimeIn(iso, zone)}</time>;
}
