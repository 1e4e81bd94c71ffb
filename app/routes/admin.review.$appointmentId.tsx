// One submitted application under review (issue 11): /admin/review/<appointmentId>
// The application as a read-only summary (the check page's, secrets masked: decision 0104) with
// the signature evidence; beside it the licences, every document list (the generated application
// PDF too) and the decision history; after it, while it awaits approval, one decision bar whose
// three choices each open their decision's form (reason required, Return also marks the sections
// to correct, a confirmation box; decision 0106). A decision another administrator took first
// is refused (409) with a message on the page, never a 500. Internal
// administrators only (not while impersonating): anyone else gets 404.
// See docs/decisions/0029-review-queue.md. While the licences panel lists problems Approve is
// disabled and says why; each problem opens the licence screens' form here (?licence=, ?credential=),
// which posts here to the licence screens' own action and comes back (decision 0098).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { AppHeader } from "~/features/appointment/ui/Chrome";
import { SummarySections } from "~/features/appointment/ui/CheckAnswers";
import { DocumentLists } from "~/features/appointment/ui/DocsSection";
import { EvidencePanel } from "~/features/appointment/ui/EvidencePanel";
import { requireAppointmentAccess } from "~/features/appointment/access.server";
import { DECISION_HISTORY_LABELS, REVIEW_MESSAGES as M } from "~/features/review/messages";
import { decide, reviewRecordsAction, reviewScreen } from "~/features/review/review.server";
import { decisionSchema, DECISIONS, type DecisionKind } from "~/features/review/schema";
import { DecisionBar } from "~/features/review/ui/DecisionBar";
import { LocalTime } from "~/components/LocalTime";
import { DecisionHistory } from "~/features/review/ui/DecisionHistory";
import { LicencePanel } from "~/features/review/ui/LicencePanel";
import { reasonText } from "~/features/licences/messages";
import { withReturn } from "~/features/licences/return-path";
import { openFormOf, type LicencesActionData, type NpnRecordsData } from "~/features/licences/ui/NpnRecords";
import { CredentialForm, LicenceForm } from "~/features/licences/ui/RecordForms";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import applicationStyles from "~/styles/application.css";
import reviewStyles from "~/styles/review.css";
import { capabilitiesFor, requireCapability } from "~/lib/permissions.server";
import { can } from "~/lib/permissions";
import { LICENCE_IMPORT_MESSAGES } from "~/features/licences/import-messages";
import { licenceLookup } from "~/features/licences/lookup.server";
import { reviewScreeningHold, screeningAction, screeningPanel } from "~/features/screening/screen.server";
import { ScreeningPanel } from "~/features/screening/ui/ScreeningPanel";

export const meta = titleMeta("Review Application");
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: applicationStyles },
  { rel: "stylesheet", href: reviewStyles },
];

function appointmentIdOf(raw: string | undefined): number {
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response(null, { status: 404 });
  return id;
}

const isDecision = (v: unknown): v is DecisionKind => typeof v === "string" && (DECISIONS as readonly string[]).includes(v);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "review:application", { targetType: "Appointment", targetId: params.appointmentId });
  const id = appointmentIdOf(params.appointmentId);
  const url = new URL(request.url);
  const screen = await reviewScreen(user, id, url.searchParams.get("section"), request);
  // The licence lookup (decision 0072), offered beside the problems when one is configured and the administrator may use it.
  const lookup = Boolean(screen.records) && can((await capabilitiesFor(request)).capabilities, "manage:licences") && licenceLookup() !== null;
  // After a decision (POST → redirect): the outcome, if the latest decision is the one just taken.
  const decided = url.searchParams.get("decided");
  const latest = screen.history[0];
  const outcome = isDecision(decided) && latest?.decisionCode === decided ? decided : null;
  // Screening results only with read:screening (decision 0122); the hold's reason from its one rule.
  const screening = can((await capabilitiesFor(request)).capabilities, "read:screening") ? await screeningPanel(id) : null;
  return { ...screen, outcome, lookup, screening, screeningHold: await reviewScreeningHold(id) };
}

type ActionData = {
  decision: DecisionKind | null;
  reply: SubmissionResult<string[]> | null;
  refused: { title: string; message: string } | null;
  /** An approval the applicant's licences do not cover: the message and its reasons, next to Approve (decision 0070). */
  unlicensed?: { message: string; reasons: string[] };
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireCapability(request, "review:application", { targetType: "Appointment", targetId: params.appointmentId });
  const id = appointmentIdOf(params.appointmentId);
  // The application exists (and the reviewer may see it) before the form is read: 404, whatever was posted.
  await requireAppointmentAccess(user, id, { request });
  const search = new URL(request.url).searchParams;
  if (search.has("licence") || search.has("credential")) return reviewRecordsAction(request, user, id);
  // The screening block's forms (decision 0122): read:screening, then its own action.
  if (search.has("screening")) {
    if (!can((await capabilitiesFor(request)).capabilities, "read:screening")) throw new Response(null, { status: 404 });
    const r = await screeningAction(request, user, id);
    return data({ screening: r }, { status: r.ok ? 200 : 409 });
  }
  const formData = await readForm(request, { schemas: [decisionSchema], maxFields: 20 });
  const raw = formData.get("decision");
  const decision = isDecision(raw) ? raw : null;
  const submission = parseWithZod(formData, { schema: decisionSchema });
  if (submission.status !== "success") {
    return data<ActionData>({ decision, reply: submission.reply(), refused: null }, { status: 400 });
  }
  const result = await decide(user, id, submission.value, request);
  if (result.ok) throw redirect(`/admin/review/${id}?decided=${result.decision}`);
  switch (result.code) {
    case "ALREADY_DECIDED":
      return data<ActionData>({ decision, reply: null, refused: { title: M.alreadyDecidedTitle, message: result.message || M.alreadyDecided } }, { status: 409 });
    case "BUSY":
      return data<ActionData>({ decision, reply: submission.reply(), refused: { title: M.busyTitle, message: result.message } }, { status: 409 });
    case "INVALID":
      return data<ActionData>({ decision, reply: submission.reply({ formErrors: [result.message] }), refused: null }, { status: 400 });
    case "UNLICENSED":
    case "SCREENING_HOLD":
      return data<ActionData>({ decision, reply: submission.reply(), refused: null, unlicensed: { message: result.message, reasons: result.reasons ?? [] } }, { status: 409 });
    default:
      // NOT_FOUND / NOT_ADMIN: as if the application did not exist.
      throw new Response(null, { status: 404 });
  }
}

const OUTCOME: Record<DecisionKind, (agentNumber: string | null) => string> = {
  RETURN: () => M.returned,
  REJECT: () => M.rejected,
  APPROVE: (agentNumber) => M.approved(agentNumber ?? undefined),
};

export default function ReviewApplicationRoute() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionData | LicencesActionData | undefined;
  const actionData = answer && "decision" in answer ? (answer as ActionData) : undefined;
  const recordAnswer = answer && "form" in answer ? answer : undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const id = d.view.appointmentId;
  const review = `/admin/review/${id}`;
  const [search] = useSearchParams();
  const blocked = [...(d.licences?.problems.map(reasonText) ?? []), ...(d.screeningHold ? [d.screeningHold] : [])];
  const screeningAnswer = answer && "screening" in answer ? (answer as { screening: { ok: boolean; message: string } }).screening : undefined;
  return (
    <SignedInLayout>
      <PageHeader
        title="Review Application"
        lead={`${d.summary.prospect} — ${d.statusText}`}
        actions={
          <Link to="/admin/review" className="btn btn--secondary">
            Back to the queue
          </Link>
        }
      />
      {d.outcome ? (
        <div data-testid="decision-outcome">
          <Banner variant="success" title={DECISION_HISTORY_LABELS[d.outcome]}>
            <p>{OUTCOME[d.outcome](d.agentNumber)}</p>
          </Banner>
        </div>
      ) : null}
      {actionData?.refused ? (
        <div data-testid="decision-refused">
          <Banner variant="error" title={actionData.refused.title}>
            <p>{actionData.refused.message}</p>
          </Banner>
        </div>
      ) : null}

      <div className="review-layout">
        <div className="review-layout__main stack">
          <section className="card review-summary" aria-labelledby="review-summary-title">
            <h2 id="review-summary-title" className="card__title">
              Application {id}
            </h2>
            <dl>
              <dt>Prospect</dt>
              <dd>
                {d.summary.prospect}
                {d.summary.email && d.summary.email !== d.summary.prospect ? ` <${d.summary.email}>` : ""}
              </dd>
              <dt>Status</dt>
              <dd data-testid="application-status">{d.statusText}</dd>
              {d.agentNumber ? (
                <>
                  <dt>Agent Number</dt>
                  <dd data-testid="agent-number">{d.agentNumber}</dd>
                </>
              ) : null}
              <dt>Submitted</dt>
              <dd>{d.submittedAt ? <LocalTime value={d.submittedAt} /> : "—"}</dd>
              <dt>Recruiter</dt>
              <dd>{d.summary.recruiter ?? "—"}</dd>
              {d.summary.consent1033 ? (
                <>
                  <dt>1033 Consent</dt>
                  <dd>{d.summary.consent1033}</dd>
                </>
              ) : null}
              {d.summary.isPaper ? (
                <>
                  <dt>Paper application</dt>
                  <dd>Yes</dd>
                </>
              ) : null}
            </dl>
          </section>
          <AppHeader header={d.header} />
          {/* The application as text, the check page's summary (decision 0104): no form controls, the secrets masked. */}
          <div className="review-answers stack" data-testid="review-answers">
            <SummarySections appointmentId={id} sections={d.answers ?? []} readOnly />
          </div>
          {d.evidence ? (
            <section className="card" aria-label="Signature evidence">
              <EvidencePanel evidence={d.evidence} />
            </section>
          ) : null}
        </div>

        <div className="review-layout__side stack">
          {d.screening ? <ScreeningPanel data={d.screening} action={`${review}?screening`} answer={screeningAnswer} /> : null}
          {d.licences ? <LicencePanel check={d.licences} today={d.today} review={d.awaiting ? review : null} /> : null}
          {d.records && d.lookup ? (
            <form method="post" action={withReturn(`/licences/${encodeURIComponent(d.records.npn)}/lookup`, review)} className="licence-lookup">
              <button type="submit" className="btn btn--secondary">
                {LICENCE_IMPORT_MESSAGES.lookupButton}
              </button>
            </form>
          ) : null}
          {d.records ? <ConfirmForm data={d.records as NpnRecordsData} search={search} review={review} actionData={recordAnswer} /> : null}
          {d.documents ? (
            <section className="card" aria-labelledby="review-documents-title">
              <h2 id="review-documents-title" className="card__title">
                Documents
              </h2>
              <DocumentLists lists={d.documents} data={d.documentsData} />
            </section>
          ) : null}
          <DecisionHistory items={d.history} />
        </div>
      </div>

      {/* The one decision bar, after the summary and the checks (decision 0106). */}
      {d.awaiting ? (
        <DecisionBar review={review} sections={d.sections} answered={actionData} busy={busy} blocked={blocked} statusText={d.statusText} />
      ) : (
        <p className="note" role="status">
          {M.notAwaiting}
        </p>
      )}
    </SignedInLayout>
  );
}

/** The licence or credential form a problem of the licences panel opened (?licence=, ?credential=): it posts here (the action's first branch). */
function ConfirmForm({ data, search, review, actionData }: { data: NpnRecordsData; search: URLSearchParams; review: string; actionData?: LicencesActionData }) {
  const open = openFormOf(search);
  const npnPath = `/licences/${encodeURIComponent(data.npn)}`;
  const target = { cancelTo: review };
  if (open.licence) {
    const state = search.get("state");
    const defaultState = state && /^[A-Z]{2}$/.test(state) ? state : undefined;
    return <LicenceForm key={`licence-${open.licence}`} data={data} id={open.licence} base={npnPath} target={target} defaultState={defaultState} actionData={actionData} />;
  }
  if (open.credential && open.credential !== "new") {
    return <CredentialForm key={`credential-${open.credential}`} data={data} id={open.credential} kind={null} base={npnPath} target={target} actionData={actionData} />;
  }
  return null;
}
