// REPORT RESULTS: the user's requests, one page, each with its status (a
// download link once completed, the status dialog otherwise). With
// JavaScript, a download shows the spec's progress popup for 1 second (§9);
// without it the link just downloads.
import { Link } from "@remix-run/react";
import { CardTable } from "~/components/CardTable";
import { LocalTime } from "~/components/LocalTime";
import { useEffect, useState } from "react";
import { Dialog } from "~/components/Dialog";
import { Pager, pageCount } from "~/components/Pager";
import { VIEW_MESSAGES } from "~/features/documents/view-messages";
import { REPORT_MESSAGES as M } from "../messages";
import type { ReportResultsView } from "./types";

/** How long the download progress popup stays (spec part 3 §9). */
export const DOWNLOAD_POPUP_MS = 1000;

function StatusCell({ row, onDownload }: { row: ReportResultsView["rows"][number]; onDownload: () => void }) {
  const label = `${row.status}: ${row.report} requested ${row.requested}`;
  if (row.statusCode === "RPTSTATUS_COMPLETED") {
    return (
      <a
        className="report-status"
        href={`/reports/${row.reportRequestId}/download`}
        download
        onClick={onDownload}
        aria-label={`Download ${row.report} requested ${row.requested}`}
      >
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
  const [downloading, setDownloading] = useState(0);
  useEffect(() => {
    if (!downloading) return;
    const timer = setTimeout(() => setDownloading(0), DOWNLOAD_POPUP_MS);
    return () => clearTimeout(timer);
  }, [downloading]);
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
        <CardTable<ReportResultsView["rows"][number]>
          label="Requested reports"
          rows={results.rows}
          rowKey={(r) => r.reportRequestId}
          rowProps={(r) => ({ "data-request-id": r.reportRequestId })}
          columns={[
            { header: "Requested", cell: (r) => <LocalTime value={r.requestDt} /> },
            { header: "Report", cell: (r) => r.report },
            { header: "Filters", cell: (r) => r.filterText },
            { header: "Status", cell: (r) => <StatusCell row={r} onDownload={() => setDownloading((n) => n + 1)} /> },
          ]}
        />
      )}
      {pageCount(results.totalRecords, results.pageSize) > 1 || results.totalRecords > pageSizes[0] ? (
        <Pager page={results.page} pageSize={results.pageSize} totalRecords={results.totalRecords} pageSizes={pageSizes} label="Report results pages" />
      ) : null}
      {downloading ? (
        <Dialog key={downloading} title={VIEW_MESSAGES.downloading} message={M.downloadStarting} variant="info" onClose={() => setDownloading(0)} />
      ) : null}
    </section>
  );
}
