import { env } from "./env.server";
import { timeZoneFromCookies } from "./time-zone";

/** The zone the asking viewer's times are shown in: their browser's (the `tz` cookie), else TIME_ZONE. */
export function viewerTimeZone(request: Request): string {
  return timeZoneFromCookies(request.headers.get("Cookie")) ?? env().TIME_ZONE;
}
