// Business days for the FCRA 615 wait (decision 0122): weekends and US federal holidays (5 U.S.C.
// 6103) excluded, each holiday on its observed day (Saturday -> Friday, Sunday -> Monday).
import { addDays, type Day } from "./days";

const weekday = (day: Day) => new Date(`${day}T00:00:00Z`).getUTCDay();
const iso = (y: number, m: number, d: number): Day => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;

/** The n-th (1-based; -1 the last) `dow` (0 Sunday) of month `m` in year `y`. */
function nthWeekday(y: number, m: number, dow: number, n: number): Day {
  if (n > 0) {
    const first = weekday(iso(y, m, 1));
    return iso(y, m, 1 + ((dow - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDate = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const last = weekday(iso(y, m, lastDate));
  return iso(y, m, lastDate - ((last - dow + 7) % 7));
}

function observed(day: Day): Day {
  const w = weekday(day);
  return w === 6 ? addDays(day, -1) : w === 0 ? addDays(day, 1) : day;
}

/** The observed US federal holidays of year `y`. */
export function federalHolidays(y: number): Set<Day> {
  const days = [
    observed(iso(y, 1, 1)), // New Year's Day
    nthWeekday(y, 1, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(y, 2, 1, 3), // Washington's Birthday
    nthWeekday(y, 5, 1, -1), // Memorial Day
    observed(iso(y, 6, 19)), // Juneteenth
    observed(iso(y, 7, 4)), // Independence Day
    nthWeekday(y, 9, 1, 1), // Labor Day
    nthWeekday(y, 10, 1, 2), // Columbus Day
    observed(iso(y, 11, 11)), // Veterans Day
    nthWeekday(y, 11, 4, 4), // Thanksgiving Day
    observed(iso(y, 12, 25)), // Christmas Day
  ];
  // Next year's New Year's Day observed on this year's December 31.
  days.push(observed(iso(y + 1, 1, 1)));
  return new Set(days);
}

/** A weekday that is not an observed federal holiday. */
export function isBusinessDay(day: Day): boolean {
  const w = weekday(day);
  return w !== 0 && w !== 6 && !federalHolidays(Number(day.slice(0, 4))).has(day);
}

/** The day `n` (>= 0) business days after `day` (the day itself not counted). */
export function addBusinessDays(day: Day, n: number): Day {
  let d = day;
  for (let left = n; left > 0; ) {
    d = addDays(d, 1);
    if (isBusinessDay(d)) left--;
  }
  return d;
}

/** Business days after `from` up to and including `to` (0 when `to` is not after `from`). */
export function businessDaysBetween(from: Day, to: Day): number {
  let n = 0;
  for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) if (isBusinessDay(d)) n++;
  return n;
}
