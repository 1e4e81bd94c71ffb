// CONFIGURE > Compliance (issue 23 item 5, decision 0073): agents by their standing (in good order,
// not, no licence records) with the reasons and the next expiry; filters by standing, 'expiring in
// the next 60 days', carrier, appointed state and credential, in the URL (a GET form: works without
// JavaScript); counts per standing; paged. An internal administrator sees every agent, anyone else
// their downline (compliance-view.server.ts). POST queues the Compliance report (report 3) with
// the same filters through the report job: the spreadsheet comes under /reports and the bell.
import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { complianceScreen } from "~/features/licences/compliance-screen.server";
import { ComplianceTable } from "~/features/licences/ui/ComplianceTable";
import { requestComplianceExport } from "~/features/reports/compliance-export.server";
import { PageHeader } from "~/components/PageHeader";
import { Pager } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { COMPLIANCE_MESSAGES as M, COMPLIANCE_PAGE_SIZES, EXPIRY_WINDOW_DAYS, type ComplianceFilter, type ComplianceValues } from "~/features/licences/compliance-view";
import type { ComplianceRow } from "~/features/licences/compliance-view.server";
import { CREDENTIAL_LABEL, LICENCE_STATES, STANDING_LABEL } from "~/features/licences/messages";
import { CREDENTIAL_KINDS, dayOf, STANDINGS, type Standing } from "~/features/licences/status";
import { REPORT_MESSAGES } from "~/features/reports/messages";
import { COMPLIANCE_REPORT_ID } from "~/features/reports/schema";
import { titleMeta } from "~/lib/meta";
import { capabilitiesFor, requireCapability } from "~/lib/permissions.server";
import { can } from "~/lib/permissions";
import { countOverdueFilings } from "~/features/state-filings/board.server";
import reportStyles from "~/styles/reports.css";

export const meta = titleMeta("Compliance");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "read:compliance");
  // The appointment filings past their due date, for those who file them (ADMIN > State Filings, decision 0113).
  const { capabilities } = await capabilitiesFor(request);
  const overdueFilings = can(capabilities, "manage:state-filings") ? await countOverdueFilings(dayOf(new Date())) : null;
  return complianceScreen(request, user, { overdueFilings });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCapability(request, "read:compliance");
  return requestComplianceExport(request, user);
}

export default function ComplianceRoute() {
  const d = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  const all = d.counts.IN_GOOD_ORDER + d.counts.NOT_IN_GOOD_ORDER + d.counts.UNVERIFIED;
  const withStanding = (s: Standing | null) => {
    const p = new URLSearchParams(d.filterParams as Record<string, string>);
    if (s) p.set("standing", s);
    else p.delete("standing");
    const q = p.toString();
    return q ? `/compliance?${q}` : "/compliance";
  };
  const err = d.errors as ComplianceValues;
  const field = (k: keyof ComplianceFilter) => (err[k] ? { "aria-invalid": true, "aria-describedby": `${k}-error` } : {});
  return (
    <SignedInLayout>
      <PageHeader
        title="Compliance"
        lead={
          d.everyAgent
            ? "Every agent's standing: licenses for the states they are appointed in and E&O coverage, and what expires next."
            : "The standing of the agents of your downline: licenses for the states they are appointed in and E&O coverage, and what expires next."
        }
      />
      {d.queued ? (
        <Banner variant="success" title={REPORT_MESSAGES.queuedTitle}>
          <p role="status">
            {M.exportQueued} <Link to="/reports?tab=results">Go to REPORT RESULTS</Link>
          </p>
        </Banner>
      ) : null}
      {d.tooMany ? (
        <Banner variant="error" title={REPORT_MESSAGES.oopsTitle}>
          <p>{REPORT_MESSAGES.tooManyPending}</p>
        </Banner>
      ) : null}
      {d.overdueFilings != null ? (
        <p className="card" data-testid="overdue-filings">
          <Link to="/admin/state-filings?due=overdue">
            State filings overdue: {d.overdueFilings}
          </Link>
        </p>
      ) : null}
      <nav aria-label="Standing" className="card">
        <ul className="tabs" data-testid="compliance-counts">
          <li>
            <Link className="tabs__link" to={withStanding(null)} aria-current={!d.values.standing ? "page" : undefined}>
              All ({all})
            </Link>
          </li>
          {STANDINGS.map((s) => (
            <li key={s}>
              <Link className="tabs__link" to={withStanding(s)} aria-current={d.values.standing === s ? "page" : undefined} data-standing={s}>
                {STANDING_LABEL[s]} ({d.counts[s]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="card stack" aria-labelledby="compliance-filters">
        <h2 id="compliance-filters">Filters</h2>
        <Form method="get" className="form" action="/compliance">
          {d.values.standing && !err.standing ? <input type="hidden" name="standing" value={d.values.standing} /> : null}
          <div className="report-form">
            {err.standing ? (
              <div className="field field--invalid">
                <label htmlFor="standing">Standing</label>
                <select id="standing" name="standing" defaultValue="" {...field("standing")}>
                  <option value="">All</option>
                  {STANDINGS.map((s) => (
                    <option key={s} value={s}>
                      {STANDING_LABEL[s]}
                    </option>
                  ))}
                </select>
                <p className="field__error" id="standing-error">
                  {err.standing}
                </p>
              </div>
            ) : null}
            <div className={`field${err.carrier ? " field--invalid" : ""}`}>
              <label htmlFor="carrier">Carrier</label>
              <select id="carrier" name="carrier" defaultValue={err.carrier ? "" : (d.values.carrier ?? "")} {...field("carrier")}>
                <option value="">All carriers</option>
                {d.carriers.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name} ({c.code})
                  </option>
                ))}
              </select>
              {err.carrier ? (
                <p className="field__error" id="carrier-error">
                  {err.carrier}
                </p>
              ) : null}
            </div>
            <div className={`field${err.state ? " field--invalid" : ""}`}>
              <label htmlFor="state">Appointed in state</label>
              <select id="state" name="state" defaultValue={err.state ? "" : (d.values.state ?? "")} {...field("state")}>
                <option value="">All states</option>
                {LICENCE_STATES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
              {err.state ? (
                <p className="field__error" id="state-error">
                  {err.state}
                </p>
              ) : null}
            </div>
            <div className={`field${err.credential ? " field--invalid" : ""}`}>
              <label htmlFor="credential">Credential expiring or expired</label>
              <select id="credential" name="credential" defaultValue={err.credential ? "" : (d.values.credential ?? "")} {...field("credential")}>
                <option value="">Any</option>
                {CREDENTIAL_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {CREDENTIAL_LABEL[k]}
                    {k === "EO" ? " (or missing)" : ""}
                  </option>
                ))}
              </select>
              {err.credential ? (
                <p className="field__error" id="credential-error">
                  {err.credential}
                </p>
              ) : null}
            </div>
            <div className={`field field--inline${err.expiring ? " field--invalid" : ""}`}>
              <input
                type="checkbox"
                id="expiring"
                name="expiring"
                value={String(EXPIRY_WINDOW_DAYS)}
                defaultChecked={!err.expiring && d.values.expiring === String(EXPIRY_WINDOW_DAYS)}
                {...field("expiring")}
              />
              <label htmlFor="expiring">Something expires in the next {EXPIRY_WINDOW_DAYS} days</label>
              {err.expiring ? (
                <p className="field__error" id="expiring-error">
                  {err.expiring}
                </p>
              ) : null}
            </div>
          </div>
          <input type="hidden" name="pageSize" value={String(d.pageSize)} />
          <div className="form-actions">
            <button type="submit" className="btn btn--primary">
              Apply filters
            </button>{" "}
            <Link to="/compliance" className="btn btn--secondary">
              Clear filters
            </Link>
          </div>
        </Form>
      </section>
      <section className="card" aria-labelledby="compliance-title">
        <h2 id="compliance-title">Agents</h2>
        {d.failed ? (
          <Banner variant="error" title="Oops!">
            <p>{M.failure}</p>
          </Banner>
        ) : Object.keys(err).length ? (
          <Banner variant="error" title="Filters">
            <p>{M.badFilter}</p>
          </Banner>
        ) : d.rows.length === 0 ? (
          <p className="muted" role="status">
            {M.empty}
          </p>
        ) : (
          <ComplianceTable rows={d.rows as ComplianceRow[]} today={d.today} />
        )}
        <Pager page={d.page} pageSize={d.pageSize} totalRecords={d.total} pageSizes={COMPLIANCE_PAGE_SIZES} label="Agents pages" />
      </section>
      {!Object.keys(err).length ? (
        <section className="card stack" aria-labelledby="compliance-export">
          <h2 id="compliance-export">Export</h2>
          <p>{M.exportNote}</p>
          <Form method="post" action={`/compliance?${new URLSearchParams(d.filterParams as Record<string, string>)}`}>
            <input type="hidden" name="reportId" value={String(COMPLIANCE_REPORT_ID)} />
            {Object.entries(d.filterParams as Record<string, string>).map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
            <button type="submit" className="btn btn--secondary" disabled={busy}>
              Export to a spreadsheet (xlsx)
            </button>
          </Form>
        </section>
      ) : null}
    </SignedInLayout>
  );
}
