// REQUEST a REPORT: the choice of report, its description and form, and the
// recruiter finder when open.
import { Link } from "@remix-run/react";
import { REPORT_MESSAGES as M } from "../messages";
import { Finder } from "./Finder";
import { ReportForm } from "./ReportForm";
import type { FinderLimits, RequestTabView } from "./types";

export function RequestTab(d: RequestTabView & { finderLimits: FinderLimits }) {
  return (
    <section className="card stack" aria-labelledby="request-title">
      <h2 id="request-title">REQUEST a REPORT</h2>
      <nav aria-label="Choose a report">
        <ul className="tabs">
          {d.definitions.map((r) => (
            <li key={r.reportId}>
              <Link className="tabs__link" to={`/reports?tab=request&report=${r.reportId}`} aria-current={d.reportId === r.reportId ? "page" : undefined}>
                {r.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>{d.definitions.find((r) => r.reportId === d.reportId)?.info}</p>
      <p className="note">{M.note}</p>
      <ReportForm key={`${d.reportId}-${JSON.stringify(d.values)}`} reportId={d.reportId} values={d.values} />
      {d.finder ? <Finder finder={d.finder} limits={d.finderLimits} /> : null}
    </section>
  );
}
