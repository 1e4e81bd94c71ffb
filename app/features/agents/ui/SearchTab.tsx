// The SEARCH tab of /agents (spec part 3 §2): the GET search form over the
// downline and its paged results.
import { Form, Link, useLocation } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { CardTable } from "~/components/CardTable";
import { Pager } from "~/components/Pager";
import type { Position, SearchResult } from "../agents.server";
import { SEARCH_PAGE_SIZES } from "../constants";
import { agentName } from "../format";
import { SEARCH_MESSAGES } from "../messages";

/** One page of search results with its paging. */
export type SearchResultsPage = { results: SearchResult[]; totalRecords: number; page: number; pageSize: number };

/** What the loader returns for the SEARCH tab. */
export type SearchState = {
  fields: { lastName: string; firstName: string; agentNumber: string; companyName: string };
  asked: boolean;
  error: string | null;
  failed: boolean;
  results: SearchResultsPage | null;
};

export function SearchTab({ search: s, position }: { search: SearchState; position: Position }) {
  const location = useLocation();
  const fields = [
    ["lastName", "Last name"],
    ["firstName", "First name"],
    ["agentNumber", "Agent number"],
    ["companyName", "Company name"],
  ] as const;
  return (
    <section aria-labelledby="search-title">
      <h2 id="search-title" className="visually-hidden">
        Search the downline
      </h2>
      {s.error ? (
        <Banner variant="error" title={SEARCH_MESSAGES.emptyTitle}>
          <p>{s.error}</p>
        </Banner>
      ) : null}
      {s.failed ? (
        <Banner variant="error" title={SEARCH_MESSAGES.failureTitle}>
          <p>{SEARCH_MESSAGES.failure}</p>
        </Banner>
      ) : null}
      <Form method="get" className="card form" role="search" aria-label="Search the downline" key={location.search}>
        <input type="hidden" name="tab" value="search" />
        <input type="hidden" name="h" value={position.id} />
        <input type="hidden" name="go" value="1" />
        <div className="form-grid">
          {fields.map(([name, label]) => (
            <div className="field" key={name}>
              <label htmlFor={`search-${name}`}>{label}</label>
              <input id={`search-${name}`} name={name} type="search" maxLength={60} defaultValue={s.fields[name]} autoComplete="off" />
            </div>
          ))}
        </div>
        <div className="btn-row">
          <button type="submit" className="btn btn--primary">
            SEARCH
          </button>
          <Link to={`/agents?tab=search&h=${position.id}`} className="btn btn--secondary">
            CLEAR
          </Link>
        </div>
      </Form>
      {s.results ? <SearchResults results={s.results} position={position} /> : null}
    </section>
  );
}

export function SearchResults({ results, position }: { results: SearchResultsPage; position: Position }) {
  if (!results.totalRecords) return <p className="muted">{SEARCH_MESSAGES.noResults}</p>;
  return (
    <>
      <CardTable<SearchResultsPage["results"][number]>
        label="Search results"
        wrapClassName="agents-grid"
        caption="Agents found"
        rows={results.results}
        rowKey={(r) => r.id}
        columns={[
          {
            header: "Name",
            cell: (r) => <Link to={`/agent?h=${position.id}&agentNumber=${encodeURIComponent(r.agentNumber)}`}>{agentName({ ...r, agentType: r.lastName ? r.agentType : "C" })}</Link>,
          },
          { header: "Agent number", cell: (r) => r.agentNumber },
          { header: "Company name", cell: (r) => r.companyName ?? "" },
          { header: "Level", cell: (r) => r.hierarchyLevel },
          {
            header: "Company / block",
            cell: (r) => (
              <>
                {r.companyNumber} / {r.blockNumber}
              </>
            ),
          },
          { header: "Direct upline", cell: (r) => r.directUpline ?? "" },
          { header: "MGA code", cell: (r) => r.mgaCode },
        ]}
      />
      <Pager page={results.page} pageSize={results.pageSize} totalRecords={results.totalRecords} pageSizes={SEARCH_PAGE_SIZES} label="Search result pages" />
    </>
  );
}
