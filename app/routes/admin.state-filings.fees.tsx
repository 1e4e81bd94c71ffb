// /admin/state-filings/fees: ADMIN > State Filings > Fee report (issue 37 item 7, decision 0117).
// Requests the state fee report for a period (month presets fill it in) and a carrier: queued as
// report 4 through the report job, downloaded under REPORT RESULTS like every report. A plain
// GET and POST, without JavaScript; refused: 400 with the message beside its field; queued: back
// here with a Notice. Needs manage:state-filings.
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { dayOf } from "~/features/licences/status";
import { requestFeeReport } from "~/features/reports/fee-report-request.server";
import { REPORT_MESSAGES } from "~/features/reports/messages";
import { filingFilterChoices } from "~/features/state-filings/board.server";
import { feeReportFields, monthPresets } from "~/features/state-filings/fee-report";
import { FeeReportForm } from "~/features/state-filings/ui/FeeReportForm";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("Fee report");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

const isDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCapability(request, "manage:state-filings");
  const url = new URL(request.url);
  const presets = monthPresets(dayOf(new Date()));
  // A preset link, or the month so far by default.
  const from = isDay(url.searchParams.get("from")) ?? presets[0].from;
  const to = isDay(url.searchParams.get("to")) ?? presets[0].to;
  const { carriers } = await filingFilterChoices();
  const outcome = url.searchParams.get("queued") ? "queued" : url.searchParams.get("busy") ? "busy" : null;
  return { defaults: { from, to, carrier: "" }, presets, carriers, outcome };
}

type ActionData = { reply: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireCapability(request, "manage:state-filings");
  const formData = await readForm(request, { schemas: [feeReportFields] });
  const r = await requestFeeReport(admin, formData);
  if (r.ok) return redirect("/admin/state-filings/fees?queued=1", 303);
  if ("busy" in r) return redirect("/admin/state-filings/fees?busy=1", 303);
  return data<ActionData>({ reply: r.reply }, { status: 400 });
}

export default function FeeReportPage() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <SignedInLayout>
      <PageHeader
        title="Fee report"
        lead="The state appointment fees charged in a period, by state and carrier, for the carrier's accounting: of which paid by card and deducted from commissions, with each state's renewal fees, and every filing charged."
        actions={
          <Link to="/admin/state-filings" className="btn btn--secondary btn--small">
            Back to the filings
          </Link>
        }
      />
      {d.outcome === "queued" && !a ? (
        <Notice key={location.key} title={REPORT_MESSAGES.queuedTitle} message={REPORT_MESSAGES.queuedText}>
          <p>
            {REPORT_MESSAGES.note} <Link to="/reports">Open REPORT RESULTS</Link>
          </p>
        </Notice>
      ) : null}
      {d.outcome === "busy" && !a ? <Notice key={location.key} variant="warning" title={REPORT_MESSAGES.oopsTitle} message={REPORT_MESSAGES.tooManyPending} /> : null}
      <FeeReportForm key={location.key} defaults={d.defaults} presets={d.presets} carriers={d.carriers} lastResult={a?.reply ?? null} busy={busy} />
      <section className="card stack" aria-labelledby="fee-report-rule">
        <h2 id="fee-report-rule">What the report counts</h2>
        <p>
          A filing's fee is charged in the period when the day it is charged falls between the first and the last day: a pre-appointment state's fee on the day the filing was filed (filed or accepted),
          any other state's on the day of the agent's first business in the state. A rejected or withdrawn filing is not charged.
        </p>
      </section>
    </SignedInLayout>
  );
}
