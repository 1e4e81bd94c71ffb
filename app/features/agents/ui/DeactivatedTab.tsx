// The DEACTIVATED tab of /agents (spec part 3 §2): the agents of the
// hierarchy deactivated over the last 12 months, paged.
import { Pager } from "~/components/Pager";
import type { DeactivatedAgent } from "../agents.server";
import { DEACTIVATED_PAGE_SIZES } from "../constants";
import { formatDate, fullName } from "../format";

/** One page of deactivated agents with its paging. */
export type DeactivatedPage = { results: DeactivatedAgent[]; totalRecords: number; page: number; pageSize: number };

export function DeactivatedTab({ deactivated: r }: { deactivated: DeactivatedPage }) {
  return (
    <section aria-labelledby="deactivated-title">
      <h2 id="deactivated-title">Deactivated over the last 12 months</h2>
      {r.totalRecords === 0 ? (
        <p className="muted">No agents of this hierarchy were deactivated over the last 12 months.</p>
      ) : (
        <>
          <div className="table-wrap agents-grid" tabIndex={0} role="region" aria-label="Deactivated agents">
            <table className="table">
              <caption className="visually-hidden">Agents deactivated over the last 12 months</caption>
              <thead>
                <tr>
                  <th scope="col">Full name</th>
                  <th scope="col">Agent number</th>
                  <th scope="col">Company number</th>
                  <th scope="col">Block number</th>
                  <th scope="col">Terminated</th>
                </tr>
              </thead>
              <tbody>
                {r.results.map((a) => (
                  <tr key={a.id}>
                    <td>{fullName(a)}</td>
                    <td>{a.agentNumber}</td>
                    <td>{a.companyNumber}</td>
                    <td>{a.blockNumber}</td>
                    <td>{formatDate(a.terminationDate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={r.page} pageSize={r.pageSize} totalRecords={r.totalRecords} pageSizes={DEACTIVATED_PAGE_SIZES} label="Deactivated agents pages" />
        </>
      )}
    </section>
  );
}
