// The DEACTIVATED tab of /agents (spec part 3 §2): the agents of the
// hierarchy deactivated over the last 12 months, paged.
import { CardTable } from "~/components/CardTable";
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
          <CardTable<DeactivatedAgent>
            label="Deactivated agents"
            wrapClassName="agents-grid"
            caption="Agents deactivated over the last 12 months"
            rows={r.results}
            rowKey={(a) => a.id}
            columns={[
              { header: "Full name", cell: (a) => fullName(a) },
              { header: "Agent number", cell: (a) => a.agentNumber },
              { header: "Company number", cell: (a) => a.companyNumber },
              { header: "Block number", cell: (a) => a.blockNumber },
              { header: "Terminated", cell: (a) => formatDate(a.terminationDate) },
            ]}
          />
          <Pager page={r.page} pageSize={r.pageSize} totalRecords={r.totalRecords} pageSizes={DEACTIVATED_PAGE_SIZES} label="Deactivated agents pages" />
        </>
      )}
    </section>
  );
}
