// /admin/state-filings: ADMIN > State Filings (issue 37 item 5, decision 0113): the appointment
// filings by due date, overdue first (with how overdue), filed and awaiting the state's answer,
// rejected with the state's reason, held with the licence's; filters by state, carrier, status and
// 'overdue' in the address (a GET form), paged. A row's actions (?filing=<id>) are plain POSTs:
// mark filed, accepted, rejected, resubmit, withdraw (after a confirmation), record the first
// business. Refused: 400 with the message beside the field, what was typed kept; done: back to the
// list with a Notice. Works without JavaScript. Needs manage:state-filings. The state rules are
// one link away (/admin/state-rules). 'File now' queues the filing job (decision 0115); the last
// run's outcome is shown above the list.
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { Pager, readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { dayOf } from "~/features/licences/status";
import { actOnFiling } from "~/features/state-filings/actions.server";
import { FILING_INTENTS, FILING_MESSAGES as M, FILING_PAGE_SIZES, readFilingFilters, type FilingIntent } from "~/features/state-filings/board";
import { filingFilterChoices, filingView, listFilings } from "~/features/state-filings/board.server";
import { FilingActions, type FilingConfirm, type FilingRefusal } from "~/features/state-filings/ui/FilingActions";
import { FilingFiltersForm, FilingsTable } from "~/features/state-filings/ui/FilingsTable";
import { FILE_NOW_INTENT, FILING_RUN_MESSAGES, FileNowForm, LastFilingRun } from "~/features/state-filings/ui/FilingRun";
import { lastFilingRun, queueFilingRun } from "~/features/state-filings/filing-run.server";
import { prisma } from "~/lib/db.server";
import { StateFilingsTabs } from "~/features/state-filings/ui/StateFilingsTabs";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("State Filings");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

const INTENTS = Object.values(FILING_INTENTS) as string[];
/** The list's own address: the filters and the page, without the filing opened or the last outcome. */
function listSearch(url: URL): URLSearchParams {
  const p = new URLSearchParams(url.search);
  for (const k of ["index", "filing", "done", "run"]) p.delete(k);
  return p;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCapability(request, "manage:state-filings");
  const url = new URL(request.url);
  const today = dayOf(new Date());
  const filters = readFilingFilters(url.searchParams);
  const paging = readPaging(url, { pageSizes: FILING_PAGE_SIZES });
  const filingId = url.searchParams.get("filing") ?? "";
  const [list, choices, filing, lastRun] = await Promise.all([listFilings(filters, today, paging.page, paging.pageSize), filingFilterChoices(), filingId ? filingView(filingId) : null, lastFilingRun()]);
  const done = url.searchParams.get("done") ?? "";
  return {
    ...list,
    ...choices,
    filters,
    pageSize: paging.pageSize,
    today,
    filing,
    listSearch: listSearch(url).toString(),
    done: INTENTS.includes(done) ? (done as FilingIntent) : null,
    lastRun,
    runQueued: url.searchParams.get("run") === "queued",
  };
}

type ActionData = { refusal?: FilingRefusal; confirm?: FilingConfirm };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireCapability(request, "manage:state-filings");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === FILE_NOW_INTENT) {
    await queueFilingRun(prisma, admin.id);
    const back = listSearch(new URL(request.url));
    back.set("run", "queued");
    return redirect(`/admin/state-filings?${back}`, 303);
  }
  if (!INTENTS.includes(intent)) throw data("The form has a field the portal does not use.", { status: 400 });
  const input = { intent: intent as FilingIntent, filingId: String(form.get("filingId") ?? ""), date: String(form.get("date") ?? ""), reason: String(form.get("reason") ?? "") };
  // Withdrawing asks first: the reason is checked, then the question carries it.
  const ask = input.intent === FILING_INTENTS.withdraw && form.get("confirm") !== "yes";
  const r = await actOnFiling(admin, input, { request, dryRun: ask });
  if (!r.ok) {
    const refusal: FilingRefusal = { intent: input.intent, filingId: input.filingId, field: r.field, message: r.message, values: { date: input.date, reason: input.reason } };
    return data<ActionData>({ refusal }, { status: r.status });
  }
  if (ask) return data<ActionData>({ confirm: { filingId: input.filingId, reason: input.reason.trim() } });
  const back = listSearch(new URL(request.url));
  back.set("done", input.intent);
  return redirect(`/admin/state-filings?${back}`, 303);
}

export default function StateFilingsPage() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const listHref = `/admin/state-filings${d.listSearch ? `?${d.listSearch}` : ""}`;
  const actHref = (id: string) => {
    const p = new URLSearchParams(d.listSearch);
    p.set("filing", id);
    return `/admin/state-filings?${p}#filing-actions`;
  };
  const done = d.done && !a ? M.done[d.done] : null;
  return (
    <SignedInLayout>
      <PageHeader
        title="State Filings"
        lead="The appointments to file with each state: what is due (overdue first), filed and awaiting the state's answer, rejected or held, and why."
        actions={
          <>
            <FileNowForm busy={busy} />
            <Link to="/admin/state-rules" className="btn btn--secondary btn--small">
              State rules
            </Link>
            <Link to="/admin/state-filings/fees" className="btn btn--secondary btn--small">
              Fee report
            </Link>
          </>
        }
      />
      <StateFilingsTabs current="Appointments" />
      {done ? <Notice key={location.key} title={done.title} message={done.message} /> : null}
      {d.runQueued && !a ? <Notice key={`run-${location.key}`} title={FILING_RUN_MESSAGES.queued.title} message={FILING_RUN_MESSAGES.queued.message} /> : null}
      <LastFilingRun run={d.lastRun} />
      {d.filing ? <FilingActions key={d.filing.id + (a ? "a" : "")} filing={d.filing} today={d.today} refusal={a?.refusal ?? null} confirm={a?.confirm ?? null} backTo={listHref} busy={busy} /> : null}
      {!d.filing && a?.refusal ? <Notice variant="error" title={M.refusedTitle} message={a.refusal.message} /> : null}
      <section className="card stack" aria-labelledby="sf-list-heading">
        <h2 id="sf-list-heading">Filings</h2>
        <FilingFiltersForm filters={d.filters} states={d.states} carriers={d.carriers} pageSize={d.pageSize} />
        <FilingsTable rows={d.rows} today={d.today} actHref={actHref} />
        <Pager page={d.page} pageSize={d.pageSize} totalRecords={d.totalRecords} pageSizes={FILING_PAGE_SIZES} label="Filing pages" />
      </section>
    </SignedInLayout>
  );
}
