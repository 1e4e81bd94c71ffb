// The 'latest files' list of an import screen (agents: /admin/import; licences: /admin/licences/import,
// decision 0072): one row per upload linking to its run, with its file, time, status and counts, paged.
import { Link } from "@remix-run/react";
import { Pager } from "~/components/Pager";

export type ImportRunsRow = { id: number; fileName: string; created: string; statusLabel: string; rowsRead: number; errorCount: number; purpose?: string };

export function ImportRunsTable(props: {
  title: string;
  empty: string;
  label: string;
  pagerLabel: string;
  /** The screen's path: a row links to `${page}?run=<id>`. */
  page: string;
  runs: ImportRunsRow[];
  /** Show the Purpose column (the licence import: import or kept for the lookup). */
  purpose?: boolean;
  paging: { page: number; pageSize: number; total: number; pageSizes: number[] };
}) {
  const { runs, paging } = props;
  return (
    <section className="card" aria-labelledby="runs-title">
      <h2 id="runs-title">{props.title}</h2>
      {runs.length === 0 ? (
        <p className="muted">{props.empty}</p>
      ) : (
        <>
          <div className="table-wrap" tabIndex={0} role="region" aria-label={props.label}>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Import</th>
                  {props.purpose ? <th scope="col">Purpose</th> : null}
                  <th scope="col">File</th>
                  <th scope="col">Uploaded</th>
                  <th scope="col">Status</th>
                  <th scope="col">Rows</th>
                  <th scope="col">Errors</th>
                </tr>
              </thead>
              <tbody>
                {runs.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link to={`${props.page}?run=${r.id}`}>Import {r.id}</Link>
                    </td>
                    {props.purpose ? <td>{r.purpose}</td> : null}
                    <td>{r.fileName}</td>
                    <td>{r.created}</td>
                    <td>{r.statusLabel}</td>
                    <td>{r.rowsRead.toLocaleString("en-US")}</td>
                    <td>{r.errorCount.toLocaleString("en-US")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={paging.page} pageSize={paging.pageSize} totalRecords={paging.total} pageSizes={paging.pageSizes} label={props.pagerLabel} />
        </>
      )}
    </section>
  );
}
