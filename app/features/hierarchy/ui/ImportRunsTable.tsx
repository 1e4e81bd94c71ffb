// The 'latest files' list of an import screen (agents: /admin/import; licences: /admin/licences/import,
// decision 0072): one row per upload linking to its run, with its file, time, status and counts, paged.
import { Link } from "@remix-run/react";
import { CardTable, LongText } from "~/components/CardTable";
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
          <CardTable<ImportRunsRow>
            label={props.label}
            rows={runs}
            rowKey={(r) => r.id}
            columns={[
              { header: "Import", cell: (r) => <Link to={`${props.page}?run=${r.id}`}>Import {r.id}</Link> },
              props.purpose && { header: "Purpose", cell: (r) => r.purpose },
              { header: "File", cell: (r) => <LongText text={r.fileName} /> },
              { header: "Uploaded", cell: (r) => r.created },
              { header: "Status", cell: (r) => r.statusLabel },
              { header: "Rows", cell: (r) => r.rowsRead.toLocaleString("en-US") },
              { header: "Errors", cell: (r) => r.errorCount.toLocaleString("en-US") },
            ]}
          />
          <Pager page={paging.page} pageSize={paging.pageSize} totalRecords={paging.total} pageSizes={paging.pageSizes} label={props.pagerLabel} />
        </>
      )}
    </section>
  );
}
