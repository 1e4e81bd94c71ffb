// Reports (spec part 3 §2 'Reports', §4, §5, §8): REPORT RESULTS (the user's
// requests, refreshed every 5 seconds with JavaScript — the bell's
// pending-report count with them, as the root loader revalidates too — and a
// Refresh button without it), and REQUEST a REPORT (report 1 downline,
// report 2 recruit, with the recruiter finder). Tabs, the status dialogs and
// the finder are links and GET forms in the URL: everything works without
// JavaScript. See docs/decisions/0024-downline-applications-and-reports.md.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Dialog } from "~/components/Dialog";
import { PageHeader } from "~/components/PageHeader";
import { Pager, pageCount, readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { TextField } from "~/features/appointment/ui/fields";
import { formatDateTime } from "~/features/reports/format";
import { REPORT_MESSAGES as M } from "~/features/reports/messages";
import {
  FINDER_PAGE_SIZE,
  FINDER_QUERY_MAX,
  listReportRequests,
  recruiterChildren,
  RecruiterNotInHierarchyError,
  reportDefinitions,
  reportStatusDialog,
  requestReport,
  searchRecruiters,
  TooManyPendingReportsError,
  type RecruiterOption,
} from "~/features/reports/reports.server";
import {
  DOWNLINE_REPORT_ID,
  DOWNLINE_STATUS_FILTERS,
  INVITATION_STATUS_FILTERS,
  LEVEL_MAX_LENGTH,
  PROSPECT_NAME_MAX,
  RECRUIT_REPORT_ID,
  RECRUITER_NAME_MAX,
  type recruitReportSchema,
  reportSchemaFor,
} from "~/features/reports/schema";
import { requireUser } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import reportStyles from "~/styles/reports.css";

export const meta = titleMeta("Reports");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

/** REPORT RESULTS refreshes this often with JavaScript (spec §9). */
export const REFRESH_MS = 5000;
const RESULT_PAGE_SIZES = [10, 50];
/** The form fields carried through the finder (GET) so nothing typed is lost. */
const FORM_FIELDS = [
  "startDate",
  "endDate",
  "recruiterName",
  "appointmentStatusId",
  "levelNumber",
  "recruiterAgentNo",
  "recruiterCompanyNo",
  "recruiterBlockNo",
  "prospectName",
] as const;

type Tab = "results" | "request";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const sp = url.searchParams;
  const tab: Tab = sp.get("tab") === "request" ? "request" : "results";
  const definitions = await reportDefinitions();
  const reportId = sp.get("report") === String(RECRUIT_REPORT_ID) ? RECRUIT_REPORT_ID : DOWNLINE_REPORT_ID;
  const values: Record<string, string> = {};
  for (const f of FORM_FIELDS) {
    const v = sp.get(f);
    if (v != null) values[f] = v.slice(0, 200);
  }

  let results = null;
  let dialog = null;
  if (tab === "results") {
    const { page, pageSize } = readPaging(url, { pageSizes: RESULT_PAGE_SIZES });
    const list = await listReportRequests(user.id, page, pageSize);
    results = {
      page,
      pageSize,
      totalRecords: list.totalRecords,
      rows: list.results.map((r) => ({ ...r, requested: formatDateTime(r.requestDt) })),
    };
    const status = sp.get("status");
    if (status && /^\d{1,9}$/.test(status)) dialog = await reportStatusDialog(user.id, Number(status));
    if (sp.get("queued") === "1") dialog = { title: M.queuedTitle, message: M.queuedText, variant: "success" as const };
  }

  let finder = null;
  const finderTab = sp.get("finder");
  if (tab === "request" && reportId === RECRUIT_REPORT_ID && (finderTab === "search" || finderTab === "hierarchy")) {
    const fpage = Math.min(Math.max(0, Number(sp.get("fpage")) || 0), 100_000);
    if (finderTab === "search") {
      const q = (sp.get("q") ?? "").slice(0, FINDER_QUERY_MAX);
      const found = await searchRecruiters(user.id, q, fpage);
      finder = { tab: "search" as const, q, page: fpage, ...found, parent: null };
    } else {
      const rawParent = sp.get("parent") ?? "";
      const parentId = /^\d{1,9}$/.test(rawParent) ? Number(rawParent) : null;
      const found = await recruiterChildren(user.id, parentId, fpage);
      finder = { tab: "hierarchy" as const, q: "", page: fpage, ...found };
    }
  }
  return { tab, definitions, reportId, values, results, dialog, finder, year: new Date().getFullYear() };
}

type ActionData = { reply: SubmissionResult<string[]>; reportId: number };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  const schema = reportSchemaFor(formData.get("reportId"));
  if (!schema) throw new Response(M.unknownReport, { status: 400 });
  const reportId = Number(formData.get("reportId"));
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return data<ActionData>({ reply: submission.reply(), reportId }, { status: 400 });
  }
  try {
    await requestReport(user, submission.value);
  } catch (error) {
    if (error instanceof TooManyPendingReportsError) {
      return data<ActionData>({ reply: submission.reply({ formErrors: [M.tooManyPending] }), reportId }, { status: 429 });
    }
    if (error instanceof RecruiterNotInHierarchyError) {
      return data<ActionData>({ reply: submission.reply({ fieldErrors: { recruiterAgentNo: [M.recruiterNotFound] } }), reportId }, { status: 400 });
    }
    throw error;
  }
  throw redirect("/reports?tab=results&queued=1");
}

function useAutoRefresh(enabled: boolean) {
  const { revalidate, state } = useRevalidator();
  const navigation = useNavigation();
  useEffect(() => {
    if (!enabled) return;
    const t = window.setInterval(() => {
      if (document.visibilityState === "visible" && state === "idle" && navigation.state === "idle") revalidate();
    }, REFRESH_MS);
    return () => window.clearInterval(t);
  }, [enabled, revalidate, state, navigation.state]);
}

export default function ReportsRoute() {
  const d = useLoaderData<typeof loader>();
  useAutoRefresh(d.tab === "results");
  return (
    <SignedInLayout>
      <PageHeader title="Reports" lead="Request downline and recruit reports and download the results." />
      <nav aria-label="Reports tabs">
        <ul className="tabs">
          <li>
            <Link className="tabs__link" to="/reports?tab=results" aria-current={d.tab === "results" ? "page" : undefined}>
              REPORT RESULTS
            </Link>
          </li>
          <li>
            <Link className="tabs__link" to="/reports?tab=request" aria-current={d.tab === "request" ? "page" : undefined}>
              REQUEST a REPORT
            </Link>
          </li>
        </ul>
      </nav>
      {d.tab === "results" && d.results ? <Results results={d.results} /> : <RequestTab />}
      {d.dialog ? (
        <Dialog title={d.dialog.title} message={d.dialog.message} variant={d.dialog.variant} buttons={[{ label: "OK", to: "/reports?tab=results" }]} />
      ) : null}
    </SignedInLayout>
  );
}

type ResultsData = NonNullable<Awaited<ReturnType<typeof loader>>["results"]>;

function StatusCell({ row }: { row: ResultsData["rows"][number] }) {
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

function Results({ results }: { results: ResultsData }) {
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
                  <td>{r.requested}</td>
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
      {pageCount(results.totalRecords, results.pageSize) > 1 || results.totalRecords > RESULT_PAGE_SIZES[0] ? (
        <Pager page={results.page} pageSize={results.pageSize} totalRecords={results.totalRecords} pageSizes={RESULT_PAGE_SIZES} label="Report results pages" />
      ) : null}
    </section>
  );
}

function RequestTab() {
  const d = useLoaderData<typeof loader>();
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
      <ReportForm key={`${d.reportId}-${JSON.stringify(d.values)}`} />
      {d.finder ? <Finder /> : null}
    </section>
  );
}

function ReportForm() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  // Submit is disabled while the form is invalid (spec §5) only with JavaScript, which re-enables it as the
  // user corrects; without it the server's answer must stay submittable.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The recruit schema has every field of both forms: typed as it, used as the chosen report's.
  const schema = reportSchemaFor(String(d.reportId)) as ReturnType<typeof recruitReportSchema>;
  const isRecruit = d.reportId === RECRUIT_REPORT_ID;
  const statuses = isRecruit ? INVITATION_STATUS_FILTERS : DOWNLINE_STATUS_FILTERS;
  const [form, fields] = useForm({
    id: `report-${d.reportId}`,
    lastResult: actionData?.reportId === d.reportId ? actionData.reply : null,
    defaultValue: { reportId: String(d.reportId), appointmentStatusId: "0", ...d.values },
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const status = fields.appointmentStatusId;
  const statusError = status.errors?.[0];
  const recruiterError = isRecruit ? fields.recruiterAgentNo.errors?.[0] : undefined;
  const v = d.values;
  return (
    <Form method="post" action={`/reports?tab=request&report=${d.reportId}`} {...getFormProps(form)} className="form">
      {form.errors?.length ? (
        <p className="form-errors" id={form.errorId} role="alert">
          {form.errors[0]}
        </p>
      ) : null}
      <input type="hidden" name="reportId" value={String(d.reportId)} />
      <input type="hidden" name="tab" value="request" />
      <input type="hidden" name="report" value={String(d.reportId)} />
      <div className="report-form">
        <TextField meta={fields.startDate} label="Start Date" type="date" />
        <TextField meta={fields.endDate} label="End Date" type="date" />
        {isRecruit ? (
          <div className={`field field--wide${recruiterError ? " field--invalid" : ""}`}>
            <span className="field__label" id="recruiter-label">
              Recruiter
            </span>
            <input type="hidden" name="recruiterAgentNo" value={v.recruiterAgentNo ?? ""} />
            <input type="hidden" name="recruiterCompanyNo" value={v.recruiterCompanyNo ?? ""} />
            <input type="hidden" name="recruiterBlockNo" value={v.recruiterBlockNo ?? ""} />
            <input type="hidden" name="recruiterName" value={v.recruiterName ?? ""} />
            <p aria-labelledby="recruiter-label" data-testid="picked-recruiter">
              {v.recruiterAgentNo ? `${v.recruiterName ?? ""} (${v.recruiterAgentNo})` : "Every recruiter in your hierarchy"}
            </p>
            <div className="btn-row">
              <button type="submit" formMethod="get" formAction="/reports" formNoValidate name="finder" value="search" className="btn btn--small btn--secondary">
                Find a Recruiter
              </button>
              {v.recruiterAgentNo ? (
                <Link className="btn btn--small btn--secondary" to={`/reports?${clearRecruiter(v)}`}>
                  Clear Recruiter
                </Link>
              ) : null}
            </div>
            {recruiterError ? (
              <p className="field__error" id={fields.recruiterAgentNo.errorId} role="alert">
                {recruiterError}
              </p>
            ) : null}
          </div>
        ) : (
          <TextField meta={fields.recruiterName} label="Recruiter Name" maxLength={RECRUITER_NAME_MAX} />
        )}
        {isRecruit ? <TextField meta={fields.prospectName} label="Prospect Name" maxLength={PROSPECT_NAME_MAX} /> : null}
        <TextField meta={fields.levelNumber} label="Level" hint={M.levelHint} numeric maxLength={LEVEL_MAX_LENGTH} />
        <div className={`field${statusError ? " field--invalid" : ""}`}>
          <label htmlFor={status.id}>Status</label>
          <select
            id={status.id}
            name={status.name}
            defaultValue={(status.initialValue as string | undefined) ?? "0"}
            aria-invalid={statusError ? true : undefined}
            aria-describedby={statusError ? status.errorId : undefined}
          >
            {statuses.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
          {statusError ? (
            <p className="field__error" id={status.errorId} role="alert">
              {statusError}
            </p>
          ) : null}
        </div>
      </div>
      <div className="btn-row">
        <button type="submit" className="btn btn--primary" disabled={busy || (hydrated && !form.valid)}>
          SUBMIT
        </button>
      </div>
    </Form>
  );
}

function clearRecruiter(v: Record<string, string>) {
  const p = new URLSearchParams({ tab: "request", report: String(RECRUIT_REPORT_ID) });
  for (const [k, val] of Object.entries(v)) if (!k.startsWith("recruiter")) p.set(k, val);
  return p.toString();
}

function Finder() {
  const d = useLoaderData<typeof loader>();
  const location = useLocation();
  const f = d.finder!;
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
  const pages = pageCount(f.totalRecords, FINDER_PAGE_SIZE);
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
            <input id="finder-q" name="q" type="search" defaultValue={f.q} maxLength={FINDER_QUERY_MAX} />
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
