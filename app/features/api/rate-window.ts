// The API's rate window is the calendar minute (decision 0074/0075).

/** Whole seconds until the next minute's window, 1 to 60: rounded up, so a call at :59.7 is told 1, never 0. */
export function secondsToNextMinute(secondOfMinute: number): number {
  return Math.min(60, Math.max(1, Math.ceil(60 - secondOfMinute)));
}
