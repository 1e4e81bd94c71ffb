// The viewer's time zone (decision 0102): the browser reports its IANA zone in the `tz` cookie
// once JavaScript runs, so later pages are rendered in it on the server (the same text without
// JavaScript and at hydration); until then, and for email and PDFs, the portal's TIME_ZONE.
// Client-safe (Intl only).

export const TIME_ZONE_COOKIE = "tz";

const known = new Map<string, boolean>();

/** Whether `name` is an IANA time zone this runtime knows ('America/Chicago', 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  let ok = known.get(name);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: name });
      ok = true;
    } catch {
      ok = false;
    }
    if (known.size < 1000) known.set(name, ok);
  }
  return ok;
}

/** The zone a Cookie header's `tz` names, when it is a known zone (else null). */
export function timeZoneFromCookies(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== TIME_ZONE_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    return isTimeZone(value) ? value : null;
  }
  return null;
}

/** The browser's own zone (undefined on the server or where Intl does not say). */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** Remembers the browser's zone for the pages the server renders next (a year; not sensitive). */
export function rememberBrowserTimeZone(current: string): void {
  const zone = browserTimeZone();
  if (!zone || zone === current) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
