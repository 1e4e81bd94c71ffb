// ADMIN > State Filings' filing run (decision 0115): the 'File now' button (a plain POST: the filing
// job queued with its key, so two clicks queue one run) and the last run's outcome, a failure in
// words (a refused token says so here, not only in the job's log). Client-safe.
import { Form } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { FILING_LEAD_DAYS } from "../due";

export type LastRunView = { ok: true; at: string; filed: number; terminations: number; skipped: number } | { ok: false; at: string; message: string };

export const FILE_NOW_INTENT = "file-now";

export const FILING_RUN_MESSAGES = {
  fileNow: "File now",
  queued: { title: "Filing run queued", message: `The filing job files what is due within ${FILING_LEAD_DAYS} days and every termination to file; its outcome shows here once it has run.` },
  never: "Last filing run: none yet. The filing job runs every day at 06:17 UTC.",
  when: (at: string) => `${at.slice(0, 16).replace("T", " ")} UTC`,
  ok: (r: { at: string; filed: number; terminations: number; skipped: number }) =>
    `Last filing run: ${FILING_RUN_MESSAGES.when(r.at)}: filed ${r.filed} appointment filing(s) and ${r.terminations} termination(s); skipped for a missing NAIC code: ${r.skipped}.`,
  failedTitle: (at: string) => `The last filing run failed (${FILING_RUN_MESSAGES.when(at)})`,
  failedRetry: "The filing job tries again by itself; File now tries at once.",
} as const;

export function FileNowForm({ busy }: { busy: boolean }) {
  return (
    <Form method="post" aria-label={FILING_RUN_MESSAGES.fileNow}>
      <input type="hidden" name="intent" value={FILE_NOW_INTENT} />
      <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
        {FILING_RUN_MESSAGES.fileNow}
      </button>
    </Form>
  );
}

export function LastFilingRun({ run }: { run: LastRunView | null }) {
  const M = FILING_RUN_MESSAGES;
  if (run && !run.ok) {
    return (
      // Shown on every visit until a run succeeds: not focused (a Notice is the answer to a POST).
      <Banner variant="error" title={M.failedTitle(run.at)} id="last-filing-run">
        <p>{run.message}</p>
        <p>{M.failedRetry}</p>
      </Banner>
    );
  }
  return (
    <p id="last-filing-run" className="muted">
      {run ? M.ok(run) : M.never}
    </p>
  );
}
