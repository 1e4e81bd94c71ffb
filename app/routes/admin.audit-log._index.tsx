// ADMIN > Audit Log (issue 38 item 3, decision 0119): the compliance officer reads every sign-in,
// refusal and access to someone's record, newest first, filtered by person, record, kind of event
// and dates (a GET form: works without JavaScript), paged; each row says when (the viewer's zone),
// who, what, which record and from where. POST queues the filtered rows' export (CSV or JSON lines)
// through the report job; 'Your exports' lists them. ?check=chain recomputes the daily digests.
import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { CardTable } from "~/components/CardTable";
import { PageHeader } from "~/components/PageHeader";
import { Pager } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { AUDIT_COUNT_CAP, AUDIT_MESSAGES as M, AUDIT_PAGE_SIZES, EVENT_KINDS, PERSON_MAX, RECORD_ID_MAX, RECORD_TYPES } from "~/features/compliance-officer/filters";
import { auditLogScreen } from "~/features/compliance-officer/screen.server";
import { ownAuditExports, requestAuditExport } from "~/features/reports/audit-export.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import reportStyles from "~/styles/reports.css";

export const meta = titleMeta("Audit Log");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "read:audit-log");
  return auditLogScreen(request, () => ownAuditExports(user));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCapability(request, "read:audit-log");
  return requestAuditExport(request, user);
}

type Row = { id: string; when: string; who: string; what: string; path: string | null; record: string; from: string };
const STATUS: Record<string, string> = { RPTSTATUS_PENDING: "Queued", RPTSTATUS_STARTED: "Being made", RPTSTATUS_ERROR: "Failed", RPTSTATUS_COMPLETED: "Ready" };

export default function AuditLogRoute() {
  const d = useLoaderData<typeof loader>();
  const err = d.errors as Record<string, string>;
  const v = d.values as Record<string, string>;
  const invalid = (k: string) => (err[k] ? { "aria-invalid": true, "aria-describedby": `${k}-error` } : {});
  const fieldError = (k: string) =>
    err[k] ? (
      <p className="field__error" id={`${k}-error`}>
        {err[k]}
      </p>
    ) : null;
  const filterQuery = new URLSearchParams(d.filterParams as Record<string, string>).toString();
  return (
    <SignedInLayout>
      <PageHeader title={M.title} lead={M.lead} />
      {d.queued ? (
        <Banner variant="success" title="Export queued">
          <p role="status">{M.exportQueued}</p>
        </Banner>
      ) : null}
      {d.tooMany ? (
        <Banner variant="error" title="Oops!">
          <p>{M.tooManyPending}</p>
        </Banner>
      ) : null}
      {d.chain ? (
        <Banner variant={d.chain.ok ? "success" : "error"} title="Digest chain">
          <p role="status">{d.chain.ok ? (d.chain.days ? M.chainOk(d.chain.days) : M.chainNone) : M.chainBroken(d.chain.day, d.chain.reason)}</p>
        </Banner>
      ) : null}
      <section className="card stack" aria-labelledby="audit-filters">
        <h2 id="audit-filters">Filters</h2>
        <Form method="get" className="form" action="/admin/audit-log">
          <div className="report-form">
            <div className={`field${err.person ? " field--invalid" : ""}`}>
              <label htmlFor="person">Person (name, email or id)</label>
              <input id="person" name="person" type="search" maxLength={PERSON_MAX} defaultValue={v.person ?? ""} {...invalid("person")} />
              {fieldError("person")}
            </div>
            <div className={`field${err.recordType ? " field--invalid" : ""}`}>
              <label htmlFor="recordType">Record type</label>
              <select id="recordType" name="recordType" defaultValue={err.recordType ? "" : (v.recordType ?? "")} {...invalid("recordType")}>
                <option value="">Any record</option>
                {RECORD_TYPES.map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </select>
              {fieldError("recordType")}
            </div>
            <div className={`field${err.recordId ? " field--invalid" : ""}`}>
              <label htmlFor="recordId">Record id</label>
              <input id="recordId" name="recordId" maxLength={RECORD_ID_MAX} defaultValue={v.recordId ?? ""} {...invalid("recordId")} />
              {fieldError("recordId")}
            </div>
            <div className={`field${err.kind ? " field--invalid" : ""}`}>
              <label htmlFor="kind">Kind of event</label>
              <select id="kind" name="kind" defaultValue={err.kind ? "" : (v.kind ?? "")} {...invalid("kind")}>
                <option value="">All events</option>
                {EVENT_KINDS.map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </select>
              {fieldError("kind")}
            </div>
            <div className={`field${err.from ? " field--invalid" : ""}`}>
              <label htmlFor="from">From</label>
              <input id="from" name="from" type="date" defaultValue={v.from ?? ""} {...invalid("from")} />
              {fieldError("from")}
            </div>
            <div className={`field${err.to ? " field--invalid" : ""}`}>
              <label htmlFor="to">To</label>
              <input id="to" name="to" type="date" defaultValue={v.to ?? ""} {...invalid("to")} />
              {fieldError("to")}
            </div>
          </div>
          <input type="hidden" name="pageSize" value={String(d.pageSize)} />
          <div className="form-actions">
            <button type="submit" className="btn btn--primary">
              Apply filters
            </button>{" "}
            <Link to="/admin/audit-log" className="btn btn--secondary">
              Clear filters
            </Link>
          </div>
        </Form>
      </section>
      <section className="card" aria-labelledby="audit-title">
        <h2 id="audit-title">Entries</h2>
        {Object.keys(err).length ? (
          <Banner variant="error" title="Filters">
            <p>{M.badFilter}</p>
          </Banner>
        ) : d.rows.length === 0 ? (
          <p className="muted" role="status">
            {M.empty}
          </p>
        ) : (
          <CardTable<Row>
            label="Audit entries"
            testId="audit-table"
            rows={d.rows as Row[]}
            rowKey={(r) => r.id}
            columns={[
              { header: "When", cell: (r) => r.when, rowHeader: true },
              { header: "Who", cell: (r) => r.who },
              {
                header: "What",
                cell: (r) => (
                  <>
                    {r.what}
                    {r.path ? (
                      <>
                        <br />
                        <span className="muted">{r.path}</span>
                      </>
                    ) : null}
                  </>
                ),
              },
              { header: "Record", cell: (r) => r.record || "—" },
              { header: "From where", cell: (r) => r.from || "—" },
            ]}
          />
        )}
        {d.capped ? <p className="muted">{M.capped(AUDIT_COUNT_CAP)}</p> : null}
        <Pager page={d.page} pageSize={d.pageSize} totalRecords={d.total} pageSizes={AUDIT_PAGE_SIZES} label="Audit entries pages" />
      </section>
      {!Object.keys(err).length ? (
        <section className="card stack" aria-labelledby="audit-export">
          <h2 id="audit-export">Export</h2>
          <p>{M.exportNote}</p>
          <Form method="post" action={`/admin/audit-log${filterQuery ? `?${filterQuery}` : ""}`} className="form-actions">
            {Object.entries(d.filterParams as Record<string, string>).map(([k, val]) => (
              <input key={k} type="hidden" name={k} value={val} />
            ))}
            <button type="submit" name="format" value="csv" className="btn btn--secondary">
              Export as CSV
            </button>{" "}
            <button type="submit" name="format" value="jsonl" className="btn btn--secondary">
              Export as JSON lines
            </button>
          </Form>
        </section>
      ) : null}
      <section className="card stack" aria-labelledby="audit-exports">
        <h2 id="audit-exports">Your exports</h2>
        {d.exports.length === 0 ? (
          <p className="muted">None yet.</p>
        ) : (
          <ul>
            {d.exports.map((e) => (
              <li key={e.id}>
                {e.requestedAt} · {e.filterText} · {STATUS[e.statusCode] ?? e.statusCode}
                {e.statusCode === "RPTSTATUS_COMPLETED" ? (
                  <>
                    {" "}
                    · <a href={`/admin/audit-log/exports/${e.id}`}>Download {e.format === "jsonl" ? "JSON lines" : "CSV"}</a>
                  </>
                ) : e.errorMessage ? (
                  ` · ${e.errorMessage}`
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card stack" aria-labelledby="audit-chain">
        <h2 id="audit-chain">Digest chain</h2>
        <p>Each night the log&apos;s previous day is digested: its row count and a hash chained to the day before. Recomputing the chain shows whether a row has been removed or changed since.</p>
        <p>
          <Link to={`/admin/audit-log?${filterQuery ? `${filterQuery}&` : ""}check=chain`}>Check the digest chain</Link>
        </p>
      </section>
    </SignedInLayout>
  );
}
