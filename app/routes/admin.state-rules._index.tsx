// /admin/state-rules: ADMIN > State Filings > State rules (issue 37 item 1, decision 0108): every
// state's appointment timing, termination deadlines, backdating, county appointments, reasons and
// fees, each state linking to its form. Needs manage:state-filings.
import { type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CardTable } from "~/components/CardTable";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { TIMING_SHORT } from "~/features/state-filings/messages";
import { listStateRules } from "~/features/state-filings/rules.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("State rules");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCapability(request, "manage:state-filings");
  return { rules: await listStateRules() };
}

const days = (n: number) => `${n} day${n === 1 ? "" : "s"}`;

export default function StateRulesPage() {
  const { rules } = useLoaderData<typeof loader>();
  return (
    <SignedInLayout>
      <PageHeader
        title="State rules"
        lead="State Filings: when each state is appointed and notified of a termination, the reasons it accepts and its fees."
        actions={
          <Link to="/admin/state-filings" className="btn btn--secondary btn--small">
            Back to the filings
          </Link>
        }
      />
      <section className="card stack" aria-labelledby="sr-list-heading">
        <h2 id="sr-list-heading">States</h2>
        <CardTable<(typeof rules)[number]>
          label="The rules of each state"
          rows={rules}
          rowKey={(r) => r.stateCode}
          rowProps={(r) => ({ "data-state": r.stateCode })}
          columns={[
            {
              header: "State",
              rowHeader: true,
              cell: (r) => (
                <Link to={`/admin/state-rules/${r.stateCode}`} aria-label={`${r.stateName} (${r.stateCode}): change the rules`}>
                  {r.stateName} ({r.stateCode})
                </Link>
              ),
            },
            {
              header: "Appointment",
              cell: (r) => (
                <>
                  {TIMING_SHORT[r.appointmentTiming] ?? r.appointmentTiming}
                  {r.appointmentDays != null ? `, ${days(r.appointmentDays)}` : ""}
                  {r.countyAppointments ? <span className="muted"> · per county</span> : null}
                </>
              ),
            },
            { header: "Termination notice", cell: (r) => `${days(r.terminationDays)}; for cause ${days(r.terminationForCauseDays)}` },
            { header: "Backdating", cell: (r) => (r.backdateMaxDays == null ? "Not allowed" : `Up to ${days(r.backdateMaxDays)}`) },
            { header: "Reasons", cell: (r) => String(r.reasonCount) },
            { header: "Appointment fee", cell: (r) => `$${r.residentFeeAmount} / $${r.nonResidentFeeAmount}` },
            { header: "Set by", cell: (r) => (r.editedAt ? "An administrator" : <span className="muted">Default</span>) },
          ]}
        />
        <p className="muted">Appointment fee: resident / non-resident.</p>
      </section>
    </SignedInLayout>
  );
}
