// The job runner's schedules (graphile-worker crontab format, times in UTC).
// ┌ minute ┬ hour ┬ day ┬ month ┬ weekday  task  options
export const crontab = [
  // Expired portal sessions.
  "17 * * * * purge-expired ?max=1&jobKey=purge-expired",
  // Finished reports older than REPORT_RETENTION_DAYS (default 30) and their files.
  "41 3 * * * purge-reports ?max=1&jobKey=purge-reports",
  // Incomplete applications older than ABANDON_DAYS become abandoned (decision 0031). A run missed while the
  // portal was down is made up within a day; a failed or killed run is retried (it only finishes the work).
  "23 2 * * * abandon-applications ?max=5&fill=1d&jobKey=abandon-applications",
  // License monitoring (decision 0071): every agent's standing, and the expiry notices (60, 30, 7 days, on
  // expiry) by the communication preferences. A missed run is made up within a day; a failed or killed run
  // is retried and sends nothing twice (compliance_notices, job keys per agent and day).
  "37 5 * * * monitor-compliance ?max=5&fill=1d&jobKey=monitor-compliance",
  // State filings (decision 0114), after the licence monitoring: holds by the day's licences, the filing
  // files' purge, the administrators' notices (5 days before, on the day, overdue). Made up within a day;
  // a run again tells nothing twice (filing_notices, one mail key per administrator and day).
  "7 6 * * * state-filings-daily ?max=5&fill=1d&jobKey=state-filings-daily",
  // The filing run (decision 0115), after the holds of the day: appointments due within 5 days and every
  // termination to file, through FILING_ADAPTER. Made up within a day; retried for about 28 hours (max:
  // MAX_ATTEMPTS.filing); one run at a time (queue: FILING_QUEUE; the 'File now' button's job shares the key).
  "17 6 * * * file-state-filings ?max=14&fill=1d&queue=state-filings&jobKey=file-state-filings",
  // The audit log's digest (decision 0119), after the others: one row per whole UTC day with its count and
  // hash chain. A run again writes nothing twice; a killed run goes on from the last day written.
  "47 6 * * * audit-digest ?max=5&fill=1d&jobKey=audit-digest",
  // The retention schedule (decision 0120): sensitive data past RETENTION_APPLICANT_DAYS / RETENTION_AGENT_DAYS
  // erased in batches, legal holds respected. Made up within a day; a killed run is retried and erases nothing twice.
  "51 4 * * * erase-expired ?max=5&fill=1d&jobKey=erase-expired",
  // Background screening's fallback poll (decision 0122): http screenings still in flight ask the vendor
  // (a lost callback); nothing when SCREENING_ADAPTER=file. Applying a status twice changes nothing.
  "29 * * * * poll-screenings ?max=1&jobKey=poll-screenings",
].join("\n");
