// /admin/state-filings/terminations: ADMIN > State Filings > Terminations (issue 37 items 3 and 5,
// decision 0118): the terminations by due date, overdue first (with how overdue), filed and
// awaiting the state's answer, rejected with the state's reason; filters by state, carrier and
// status in the address (a GET form), paged as the appointments are. A row (?termination=<id>)
// opens its actions, plain POSTs: mark filed, accepted, rejected, resubmit; for cause its case:
// the letter's day, the producer's copy, the documents (a multipart upload). Refused: 400 with the
// message beside the field, what was typed kept; done: back to the list with a Notice. Works
// without JavaScript. Needs manage:state-filings.
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { Pager, readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { MalformedUploadError, PDF_UPLOAD_RULE, receiveUpload, UploadRequestTooLargeError } from "~/features/documents/receive-upload.server";
import { FILING_PAGE_SIZES } from "~/features/state-filings/board";
import { actOnTermination, addCaseUpload } from "~/features/state-filings/termination-actions.server";
import { readTerminationFilters, TERMINATION_INTENTS, TERMINATION_SCREEN_MESSAGES as M, TERMINATION_STATUS_FILTER_LABELS, TERMINATION_STATUS_FILTERS, type TerminationIntent } from "~/features/state-filings/termination-board";
import { listTerminations, terminationCase, terminationFilterChoices } from "~/features/state-filings/termination-board.server";
import { FilingFiltersForm } from "~/features/state-filings/ui/FilingsTable";
import { StateFilingsTabs } from "~/features/state-filings/ui/StateFilingsTabs";
import { TerminationCase, type TerminationRefusal } from "~/features/state-filings/ui/TerminationCase";
import { TerminationsTable } from "~/features/state-filings/ui/TerminationsTable";
import { dayOf } from "~/lib/days";
import { FORM_MESSAGES, formRefusal, readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import { removeBlob } from "~/lib/storage.server";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("Terminations");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

const PATH = "/admin/state-filings/terminations";
const INTENTS = Object.values(TERMINATION_INTENTS) as string[];
/** The list's own address: the filters and the page, without the termination opened or the last outcome. */
function listSearch(url: URL, keep: string[] = []): URLSearchParams {
  const p = new URLSearchParams(url.search);
  for (const k of ["index", "termination", "done"]) if (!keep.includes(k)) p.delete(k);
  return p;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCapability(request, "manage:state-filings");
  const url = new URL(request.url);
  const today = dayOf(new Date());
  const filters = readTerminationFilters(url.searchParams);
  const paging = readPaging(url, { pageSizes: FILING_PAGE_SIZES });
  const id = url.searchParams.get("termination") ?? "";
  const [list, choices, termination] = await Promise.all([listTerminations(filters, today, paging.page, paging.pageSize), terminationFilterChoices(), id ? terminationCase(id) : null]);
  const done = url.searchParams.get("done") ?? "";
  return { ...list, ...choices, filters, pageSize: paging.pageSize, today, termination, listSearch: listSearch(url).toString(), done: INTENTS.includes(done) ? (done as TerminationIntent) : null };
}

type ActionData = { refusal: TerminationRefusal };

/** The case's document: one PDF, the portal's upload rule (receiveUpload: streamed, checked, capped). */
async function upload(request: Request, admin: { id: string; impersonator?: { id: string } | null }) {
  let got;
  try {
    got = await receiveUpload(request, { rule: PDF_UPLOAD_RULE, fields: { intent: 40, terminationId: 40 }, fileField: "document" });
  } catch (error) {
    if (error instanceof UploadRequestTooLargeError) throw formRefusal(413, FORM_MESSAGES.tooLarge);
    if (error instanceof MalformedUploadError) throw formRefusal(400, FORM_MESSAGES.unreadable);
    throw error;
  }
  const terminationId = got.fields.terminationId ?? "";
  if (got.fields.intent !== TERMINATION_INTENTS.document) {
    if (got.blob) await removeBlob(got.blob.storageKey).catch(() => {});
    throw formRefusal(400, FORM_MESSAGES.badName);
  }
  const problem = got.problem === "WRONG_TYPE" ? M.documentNotPdf : got.problem === "TOO_BIG" ? M.documentTooBig : !got.blob ? M.documentRequired : null;
  if (problem || !got.blob) return { terminationId, r: { ok: false as const, field: "document" as const, message: problem ?? M.documentRequired, status: got.problem === "TOO_BIG" ? (413 as const) : (400 as const) } };
  return { terminationId, r: await addCaseUpload(admin, terminationId, { blob: got.blob, fileName: got.fileName ?? "document.pdf" }, { request }) };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireCapability(request, "manage:state-filings");
  let intent: string;
  let terminationId: string;
  let values = { date: "", reason: "" };
  let r;
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    ({ terminationId, r } = await upload(request, admin));
    intent = TERMINATION_INTENTS.document;
  } else {
    const form = await readForm(request);
    intent = String(form.get("intent") ?? "");
    if (!INTENTS.includes(intent) || intent === TERMINATION_INTENTS.document) throw data("The form has a field the portal does not use.", { status: 400 });
    terminationId = String(form.get("terminationId") ?? "");
    values = { date: String(form.get("date") ?? ""), reason: String(form.get("reason") ?? "") };
    r = await actOnTermination(admin, { intent: intent as TerminationIntent, terminationId, ...values }, { request });
  }
  if (!r.ok) return data<ActionData>({ refusal: { intent: intent as TerminationIntent, terminationId, field: r.field, message: r.message, values } }, { status: r.status });
  // The case's own steps stay on the case; the status changes go back to the list.
  const url = new URL(request.url);
  const back = listSearch(url, intent === TERMINATION_INTENTS.notice || intent === TERMINATION_INTENTS.document ? ["termination"] : []);
  back.set("done", intent);
  return redirect(`${PATH}?${back}`, 303);
}

export default function TerminationsPage() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();
  const listHref = `${PATH}${d.listSearch ? `?${d.listSearch}` : ""}`;
  const actHref = (id: string) => {
    const p = new URLSearchParams(d.listSearch);
    p.set("termination", id);
    return `${PATH}?${p}#termination-actions`;
  };
  const done = d.done && !a ? M.done[d.done] : null;
  return (
    <SignedInLayout>
      <PageHeader
        title="State Filings"
        lead="The terminations to file with each state: what is due (overdue first), filed and awaiting the state's answer, rejected and why; for cause, the case."
        actions={
          <Link to="/admin/state-rules" className="btn btn--secondary btn--small">
            State rules
          </Link>
        }
      />
      <StateFilingsTabs current="Terminations" />
      {done ? <Notice key={location.key} title={done.title} message={done.message} /> : null}
      {d.termination ? <TerminationCase key={d.termination.id + (a ? "a" : "")} termination={d.termination} today={d.today} refusal={a?.refusal ?? null} backTo={listHref} /> : null}
      {!d.termination && a?.refusal ? <Notice variant="error" title={M.refusedTitle} message={a.refusal.message} /> : null}
      <section className="card stack" aria-labelledby="sf-terminations-heading">
        <h2 id="sf-terminations-heading">Terminations</h2>
        <FilingFiltersForm
          filters={d.filters}
          states={d.states}
          carriers={d.carriers}
          pageSize={d.pageSize}
          statusFilters={TERMINATION_STATUS_FILTERS}
          statusLabels={TERMINATION_STATUS_FILTER_LABELS}
          label="Filter the terminations"
        />
        <TerminationsTable rows={d.rows} today={d.today} actHref={actHref} />
        <Pager page={d.page} pageSize={d.pageSize} totalRecords={d.totalRecords} pageSizes={FILING_PAGE_SIZES} label="Termination pages" />
      </section>
    </SignedInLayout>
  );
}
