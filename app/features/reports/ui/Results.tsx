// REPORT RESULTS: the user's requests, one page, each with its status (a
// download link once completed, the status dialog otherwise).
import { Link } from "@remix-run/react";
import { LocalTime } from "~/components/LocalTime";
import { Pager, pageCount } from "~/components/Pager";
import { REPORT_MESSAGES as M } from "../messages";
import type { ReportResultsView } from "./types";

function StatusCell({ row }: { row: ReportResultsView["rows"][number] }) {
  const label = `${row.status}: ${row.report} requested ${row.requested}`;
  if (row.statusCode === "RPTSTATUS_COMPLETED") {
    return (
      <a className="report-status" href={`/reports/${row.reportRequestId}/download`} download aria-label={`Download ${row.report} requested ${row.requested}`}>
        <span aria-hidden="true">⬇</span> Download
      </a>
    );
  }
  const icon = row.statusCode === "RPTSTATUS_ERROR" ? "⚠" : row.statusCode === "RPTSTATUS_STARTED" ? "⟳" : "⏳";
  return (
    <Link className="report-status" to={`/reports?tab=results&status=${row.reportRequestId}`} aria-label={label} preventScrollReset>
      <span aria-hidden="true">{icon}</span> {row.status}
    </Link>
  );
}

export function Results({ results, pageSizes }: { results: ReportResultsView; pageSizes: number[] }) {
  return (
    <section className="card" aria-labelledby="results-title">
      <div className="refresh-row">
        <h2 id="results-title">REPORT RESULTS</h2>
        <Link to="/reports?tab=results" className="btn btn--small btn--secondary" reloadDocument>
          Refresh
        </Link>
      </div>
      {results.rows.length === 0 ? (
        <p className="muted">{M.noReports}</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Requested reports">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col">Report</th>
                <th scope="col">Filters</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {results.rows.map((r) => (
                <tr key={r.reportRequestId} data-request-id={r.reportRequestId}>
                  <td>
                    <LocalTime value={r.requestDt} />
                  </td>
                  <td>{r.report}</td>
                  <td>{r.filterText}</td>
                  <td>
                    <StatusCell row={r} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pageCount(results.totalRecords, results.pageSize) > 1 || results.totalRecords > pageSizes[0] ? (
        <Pager page={results.page} pageSize={results.pageSize} totalRecords={results.totalRecords} pageSizes={pageSizes} label="Report results pages" />
      ) : null}
    </section>
  );
}
