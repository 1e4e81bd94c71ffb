// CONFIGURE > Compliance (issue 23 item 5, decision 0073): agents by their standing (in good order,
// not, no licence records) with the reasons and the next expiry; filters by standing, 'expiring in
// the next 60 days', carrier, appointed state and credential, in the URL (a GET form: works without
// JavaScript); counts per standing; paged. An internal administrator sees every agent, anyone else
// their downline (compliance-view.server.ts). POST queues the Compliance report (report 3) with
// the same filters through the report job: the spreadsheet comes under /reports and the bell.
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { PageHeader } from "~/components/PageHeader";
import { Pager, readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { agentName } from "~/features/agents/format";
import { COMPLIANCE_MESSAGES as M, COMPLIANCE_PAGE_SIZES, complianceFilterParams, EXPIRY_WINDOW_DAYS, readComplianceFilter, type ComplianceFilter } from "~/features/licences/compliance-view";
import { carrierLabel, compliancePage, EVERY_AGENT_CAPABILITY, type CompliancePage } from "~/features/licences/compliance-view.server";
import { CREDENTIAL_LABEL, EXPIRY_LABEL, LICENCE_STATES, reasonText, STANDING_LABEL } from "~/features/licences/messages";
import { CREDENTIAL_KINDS, dayOf, expiryState, STANDINGS, type Standing } from "~/features/licences/status";
import { requestReport, TooManyPendingReportsError } from "~/features/reports/reports.server";
import { REPORT_MESSAGES } from "~/features/reports/messages";
import { COMPLIANCE_REPORT_ID, complianceReportSchema } from "~/features/reports/schema";
import { prisma } from "~/lib/db.server";
import { readForm } from "~/lib/form.server";
import { formatDate } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { capabilitiesFor, requireCapability } from "~/lib/permissions.server";
import reportStyles from "~/styles/reports.css";

export const meta = titleMeta("Compliance");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

type Values = Partial<Record<keyof ComplianceFilter, string>>;

async function scopeOf(request: Request) {
  const user = await requireCapability(request, "read:compliance");
  const { capabilities } = await capabilitiesFor(request);
  return { user, everyAgent: can(capabilities, EVERY_AGENT_CAPABILITY) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, everyAgent } = await scopeOf(request);
  const url = new URL(request.url);
  const { page, pageSize } = readPaging(url, { pageSizes: COMPLIANCE_PAGE_SIZES });
  const values: Values = {};
  for (const k of ["standing", "expiring", "carrier", "state", "credential"] as const) {
    const v = url.searchParams.get(k);
    if (v) values[k] = v.slice(0, 40);
  }
  const today = dayOf(new Date());
  const queued = url.searchParams.get("queued") === "1";
  const tooMany = url.searchParams.get("busy") === "1";
  const read = readComplianceFilter(url.searchParams);
  const empty: CompliancePage = { rows: [], counts: { IN_GOOD_ORDER: 0, NOT_IN_GOOD_ORDER: 0, UNVERIFIED: 0 }, total: 0, carriers: [] };
  if (!read.ok) {
    const carriers = (await prisma.carrier.findMany({ where: { isActive: true }, orderBy: { carrierCode: "asc" }, select: { carrierId: true, carrierCode: true, name: true } })).map(
      (c) => ({ id: c.carrierId, code: c.carrierCode, name: c.name }),
    );
    return data({ everyAgent, values, errors: read.errors, failed: false, queued, tooMany, today, page, pageSize, filterParams: {}, ...empty, carriers }, { status: 400 });
  }
  try {
    const result = await compliancePage({ userId: user.id, everyAgent }, read.filter, today, page, pageSize);
    return data({ everyAgent, values, errors: {}, failed: false, queued, tooMany, today, page, pageSize, filterParams: complianceFilterParams(read.filter), ...result });
  } catch (error) {
    console.error("[compliance] loading the view failed:", error instanceof Error ? error.message : error);
    return data({ everyAgent, values, errors: {}, failed: true, queued, tooMany, today, page, pageSize, filterParams: {}, ...empty }, { status: 503 });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { user } = await scopeOf(request);
  const form = await readForm(request);
  const raw = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  const parsed = complianceReportSchema.safeParse({ ...raw, carrierName: undefined });
  if (!parsed.success) throw data(M.badFilter, { status: 400 });
  const input = { ...parsed.data, carrierName: (await carrierLabel(parsed.data.carrier)) ?? undefined };
  const back = new URLSearchParams(complianceFilterParams(parsed.data));
  try {
    await requestReport(user, input);
  } catch (error) {
    if (error instanceof TooManyPendingReportsError) {
      back.set("busy", "1");
      throw redirect(`/compliance?${back}`);
    }
    throw error;
  }
  back.set("queued", "1");
  throw redirect(`/compliance?${back}`);
}

const dayText = (d: string) => formatDate(`${d}T00:00:00Z`);

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
  const err = d.errors as Values;
  const field = (k: keyof ComplianceFilter) => (err[k] ? { "aria-invalid": true, "aria-describedby": `${k}-error` } : {});
  return (
    <SignedInLayout>
      <PageHeader
        title="Compliance"
        lead={
          d.everyAgent
            ? "Every agent's standing: licences for the states they are appointed in and E&O coverage, and what expires next."
            : "The standing of the agents of your downline: licences for the states they are appointed in and E&O coverage, and what expires next."
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
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Agents and their standing">
            <table className="table" data-testid="compliance-table">
              <thead>
                <tr>
                  <th scope="col">Agent</th>
                  <th scope="col">Hierarchy</th>
                  <th scope="col">NPN</th>
                  <th scope="col">Standing</th>
                  <th scope="col">Next expiry</th>
                </tr>
              </thead>
              <tbody>
                {d.rows.map((r) => {
                  const name = agentName(r) || r.agentNumber;
                  return (
                    <tr key={r.agentId} data-agent-number={r.agentNumber}>
                      <td>
                        {r.via != null ? <Link to={`/agent?h=${r.via}&agentNumber=${encodeURIComponent(r.agentNumber)}`}>{name}</Link> : name}
                        <br />
                        <span className="muted">Agent {r.agentNumber}</span>
                      </td>
                      <td>
                        {r.carrierCode} / {r.blockNumber}
                      </td>
                      <td>{r.npn ? <Link to={`/licences/${encodeURIComponent(r.npn)}`} aria-label={`Licences and credentials of NPN ${r.npn}`}>{r.npn}</Link> : "—"}</td>
                      <td>
                        <strong>{STANDING_LABEL[r.standing]}</strong>
                        {r.reasons.length ? (
                          <ul className="compliance-reasons">
                            {r.reasons.map((x, i) => (
                              <li key={i}>{reasonText(x)}</li>
                            ))}
                          </ul>
                        ) : null}
                      </td>
                      <td>
                        {r.nextExpiry ? (
                          <>
                            {dayText(r.nextExpiry)}
                            <br />
                            <span className="muted">{EXPIRY_LABEL[expiryState(r.nextExpiry, d.today)]}</span>
                          </>
                        ) : (
                          "—"
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
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
