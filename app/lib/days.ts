// Calendar days as 'YYYY-MM-DD' (UTC), the one arithmetic the licence, filing and termination
// rules share (a kernel module may import lib only, so it lives here).
export type Day = string;

/** The calendar day (UTC) of a moment. */
export function dayOf(d: Date): Day {
  return d.toISOString().slice(0, 10);
}

/** The day `n` days after `day`. */
export function addDays(day: Day, n: number): Day {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The day as the Date a DATE column takes (midnight UTC). */
export function dateOf(day: Day): Date {
  return new Date(`${day}T00:00:00Z`);
}
