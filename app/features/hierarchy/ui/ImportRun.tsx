// One import run on /admin/import: its progress while it runs (the page
// refreshes itself with JavaScript; a Refresh link without), then its counts
// or its line-numbered errors.
import { Form, Link } from "@remix-run/react";
import { STOPPED_MESSAGES } from "~/features/jobs/stopped-messages";
import { IMPORT_MESSAGES as M } from "../import-messages";
import type { ImportRunView } from "./types";

const n = (x: number) => x.toLocaleString("en-US");

/**
 * `page`: the import's page (default /admin/import); `counts`: what a completed run shows (default
 * the agent import's), as [label, value, test id?].
 */
export function ImportRun({ run, page = "/admin/import", counts }: { run: ImportRunView; page?: string; counts?: Array<[string, number, string?]> }) {
  return (
    <section className="card" aria-labelledby="import-run-title" data-testid="import-run" data-status={run.status}>
      <div className="refresh-row">
        <h2 id="import-run-title">
          Import {run.id}: {run.fileName}
        </h2>
        {!run.finished ? (
          <Link to={`${page}?run=${run.id}`} className="btn btn--small btn--secondary" reloadDocument>
            Refresh
          </Link>
        ) : null}
      </div>
      <p>
        <strong data-testid="import-status">{run.statusLabel}</strong> <span className="muted">(uploaded {run.created})</span>
      </p>
      {/* A rejected or failed run imported nothing: no bar (a full one read as done, issue 20 item 18). */}
      {!run.finished || run.status === "COMPLETED" ? (
        <div role="status" aria-live="polite">
          <progress max={100} value={run.percent} aria-label="Import progress" style={{ width: "100%" }} />
          <span>{run.percent}%</span>
        </div>
      ) : null}
      <dl className="import-counts">
        <dt>Rows read</dt>
        <dd>{n(run.rowsRead)}</dd>
        <dt>Rows valid</dt>
        <dd>{n(run.rowsValid)}</dd>
        <dt>Rows written</dt>
        <dd>{n(run.rowsWritten)}</dd>
        {run.status === "COMPLETED" && counts ? (
          counts.map(([label, value, testId]) => (
            <div key={label} style={{ display: "contents" }}>
              <dt>{label}</dt>
              <dd data-testid={testId}>{n(value)}</dd>
            </div>
          ))
        ) : run.status === "COMPLETED" ? (
          <>
            <dt>New agents</dt>
            <dd data-testid="import-inserted">{n(run.inserted)}</dd>
            <dt>Updated agents</dt>
            <dd data-testid="import-updated">{n(run.updated)}</dd>
            <dt>Moved to another upline</dt>
            <dd>{n(run.moved)}</dd>
            <dt>Hierarchy links rebuilt</dt>
            <dd>{n(run.closureRows)}</dd>
          </>
        ) : null}
      </dl>
      {run.message ? <p className="field__error" data-testid="import-message">{run.message}</p> : null}
      {/* A failed upload can be started again (decision 0083): a plain POST to the page, with or without JavaScript. */}
      {run.canRestart ? (
        <Form method="post" action={`${page}?run=${run.id}`}>
          <input type="hidden" name="intent" value="restart" />
          <input type="hidden" name="runId" value={run.id} />
          <button type="submit" className="btn btn--small">
            {STOPPED_MESSAGES.startAgain}
          </button>
        </Form>
      ) : null}
      {run.errorCount > 0 ? (
        <>
          <h3>
            {n(run.errorCount)} error{run.errorCount === 1 ? "" : "s"}: nothing was imported
          </h3>
          {run.errorCount > run.errors.length ? <p>{M.moreErrors(run.errors.length, run.errorCount)}</p> : null}
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Errors by line" style={{ maxHeight: "28rem", overflow: "auto" }}>
            <table className="table" data-testid="import-errors">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Column</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {run.errors.map((e, i) => (
                  <tr key={i}>
                    <td>{e.line}</td>
                    <td>{e.field ?? ""}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
