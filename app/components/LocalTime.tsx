// A point in time on screen (decisions 0050, 0102): <time dateTime> with the text in the viewer's
// zone as the root loader knows it (their browser's tz cookie, else TIME_ZONE), so the page reads
// the same without JavaScript and hydrates without a mismatch; re-formatted in the browser's own
// zone once hydrated, for the first page before the cookie exists.
import { useEffect, useState } from "react";
import { useRootData } from "~/components/root-data";
import { formatDateTimeIn } from "~/lib/format-time";
import { browserTimeZone } from "~/lib/time-zone";

export function LocalTime({ value, seconds }: { value: Date | string | null | undefined; seconds?: boolean }) {
  const { timeZone } = useRootData();
  const [zone, setZone] = useState<string>(timeZone);
  useEffect(() => setZone(browserTimeZone() ?? timeZone), [timeZone]);
  if (!value) return null;
  const iso = typeof value === "string" ? value : value.toISOString();
  return <time dateTime={iso}>{formatDateTimeIn(iso, zone, { seconds })}</time>;
}
