// The recruiter finder of the recruit report: SEARCH by name or agent number,
// or walk the HIERARCHY. Links and a GET form keep the report form's values in
// the URL, so it works without JavaScript.
import { Form, Link, useLocation } from "@remix-run/react";
import { pageCount } from "~/components/Pager";
import { REPORT_MESSAGES as M } from "../messages";
import type { RecruiterOption } from "../reports.server";
import { RECRUITER_NAME_MAX } from "../schema";
import type { FinderLimits, RecruiterFinderView } from "./types";

export function Finder({ finder: f, limits }: { finder: RecruiterFinderView; limits: FinderLimits }) {
  const location = useLocation();
  const base = new URLSearchParams(location.search);
  const hrefWith = (changes: Record<string, string | null>) => {
    const p = new URLSearchParams(base);
    for (const [k, val] of Object.entries(changes)) {
      if (val === null) p.delete(k);
      else p.set(k, val);
    }
    return `/reports?${p}`;
  };
  const pick = (r: RecruiterOption) =>
    hrefWith({
      finder: null,
      q: null,
      fpage: null,
      parent: null,
      recruiterAgentNo: r.agentNumber,
      recruiterCompanyNo: r.companyNumber,
      recruiterBlockNo: String(r.blockNumber),
      recruiterName: r.name.slice(0, RECRUITER_NAME_MAX),
    });
  const pages = pageCount(f.totalRecords, limits.pageSize);
  const keep = [...base.entries()].filter(([k]) => !["q", "fpage", "finder", "parent"].includes(k));
  return (
    <section className="finder" aria-labelledby="finder-title">
      <h3 id="finder-title">Find a Recruiter</h3>
      <ul className="tabs">
        <li>
          <Link className="tabs__link" to={hrefWith({ finder: "search", fpage: null, parent: null })} aria-current={f.tab === "search" ? "page" : undefined}>
            SEARCH
          </Link>
        </li>
        <li>
          <Link className="tabs__link" to={hrefWith({ finder: "hierarchy", fpage: null, q: null })} aria-current={f.tab === "hierarchy" ? "page" : undefined}>
            HIERARCHY
          </Link>
        </li>
      </ul>
      {f.tab === "search" ? (
        <Form method="get" action="/reports" className="form btn-row">
          {keep.map(([k, val], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={val} />
          ))}
          <input type="hidden" name="finder" value="search" />
          <div className="field">
            <label htmlFor="finder-q">Name or agent number</label>
            <input id="finder-q" name="q" type="search" defaultValue={f.q} maxLength={limits.queryMax} />
          </div>
          <button type="submit" className="btn btn--small btn--primary">
            SEARCH
          </button>
        </Form>
      ) : f.parent ? (
        <p>
          Under <strong>{f.parent.name || f.parent.agentNumber}</strong> ({f.parent.agentNumber}){" "}
          <Link to={hrefWith({ parent: f.parent.upId != null ? String(f.parent.upId) : null, fpage: null })}>Up one level</Link>
        </p>
      ) : null}
      {f.tab === "search" && !f.q ? (
        <p className="muted">{M.finderSearchWhat}</p>
      ) : f.results.length === 0 ? (
        <p className="muted">{M.finderNoResults}</p>
      ) : (
        <ul className="finder__list">
          {f.results.map((r) => (
            <li key={r.id}>
              <Link to={pick(r)} className="btn btn--small btn--secondary" aria-label={`Choose ${r.name || r.agentNumber} (${r.agentNumber})`}>
                Choose
              </Link>{" "}
              {r.name || "(no name)"} — {r.agentNumber}, company {r.companyNumber}, block {r.blockNumber}, level {r.level}
              {f.tab === "hierarchy" && r.childCount > 0 ? (
                <>
                  {" "}
                  <Link to={hrefWith({ parent: String(r.id), fpage: null })}>Show {r.childCount} below</Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <p className="btn-row">
          {f.page > 0 ? <Link to={hrefWith({ fpage: String(f.page - 1) })}>Previous</Link> : null}
          <span>
            Page {f.page + 1} of {pages}
          </span>
          {f.page + 1 < pages ? <Link to={hrefWith({ fpage: String(f.page + 1) })}>Next</Link> : null}
        </p>
      ) : null}
      <Link to={hrefWith({ finder: null, q: null, fpage: null, parent: null })}>Close the finder</Link>
    </section>
  );
}
