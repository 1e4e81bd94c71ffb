// The job runner's schedules (graphile-worker crontab format, times in UTC).
// ┌ minute ┬ hour ┬ day ┬ month ┬ weekday  task  options
export const crontab = [
  // Expired portal sessions.
  "17 * * * * purge-expired ?max=1&jobKey=purge-expired",
].join("\n");
