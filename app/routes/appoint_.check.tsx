// Check your answers before submitting (issue 36 item 3, decision 0099): /appoint/check?id=<appointmentId>.
// GET: every section of the application summarised, each with its 'Change' link; what still stops
// the submit; 'Submit application' (with the card's CVC for a type that pays by card, decision 0087).
// POST: submits in one transaction (submitApplication), then the confirmation page; a refusal keeps
// the page with its message and nothing submitted. Works without JavaScript.
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ErrorSummary } from "~/components/ErrorSummary";
import { fieldDomId } from "~/components/form/fields";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { requireUserAndAppointmentAccess } from "~/features/appointment/access.server";
import { submitApplication } from "~/features/appointment/appointment.server";
import { appointmentIdOf, checkPage } from "~/features/appointment/check-page.server";
import { StillNeeded, SubmitCvcField, SummarySections } from "~/features/appointment/ui/CheckAnswers";
import { INPROG_MESSAGES } from "~/features/reports/messages";
import { requireUser } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("Check your answers");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return checkPage(user, appointmentIdOf(new URL(request.url)), request);
}

type ActionData = { refused: { title: string; message: string }; cvcError?: string; at: number };

export async function action({ request }: ActionFunctionArgs) {
  let id: number;
  try {
    id = appointmentIdOf(new URL(request.url));
  } catch (notFound) {
    await requireUser(request);
    throw notFound;
  }
  // Who is asking and whether they may write, before a byte of the body is read (404 / 403 read-only).
  const { user } = await requireUserAndAppointmentAccess(request, id, { write: true });
  const form = await readForm(request, { maxFields: 4, maxBytes: 4096 });
  const cvc = form.get("ccInfo.cvcNumber");
  const submitted = await submitApplication(user, id, request, { cvc: typeof cvc === "string" ? cvc : undefined });
  if (submitted.ok) throw redirect(`/appoint/submitted?id=${id}`);
  return data<ActionData>({ refused: submitted.dialog, ...(submitted.cvcError ? { cvcError: submitted.cvcError } : {}), at: Date.now() }, { status: 400 });
}

export default function CheckAnswersRoute() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const blocked = d.deficiencies.length > 0;
  return (
    <SignedInLayout>
      <PageHeader title="Check your answers before submitting" lead={`Application ${d.reference} · ${d.typeLabel}`} />
      <div className="check-page stack">
        {/* On the page until the next action (decision 0103); a refused CVC links to its field. */}
        {a?.refused ? (
          <ErrorSummary
            key={a.at}
            title={a.refused.title}
            lead={a.refused.message}
            errors={a.cvcError ? [{ id: fieldDomId("ccInfo.cvcNumber"), label: "CVC", message: a.cvcError }] : []}
          >
            <p>Nothing was submitted.</p>
          </ErrorSummary>
        ) : null}
        <p>
          Status: <strong>{d.statusText}</strong> · Whose turn: <strong data-testid="whose-turn">{d.turn}</strong>
        </p>
        {d.isUpline ? (
          <p className="note" role="status">
            {INPROG_MESSAGES.uplineReadOnly}
          </p>
        ) : d.readOnly ? (
          <p className="note" role="status">
            This application is {d.statusText.toLowerCase()} and can no longer be changed. <Link to={`/appoint/submitted?id=${d.appointmentId}`}>What happens next</Link>
          </p>
        ) : (
          <p>Check every section. Use its Change link to correct it; then submit your application.</p>
        )}
        {d.readOnly ? null : <StillNeeded appointmentId={d.appointmentId} deficiencies={d.deficiencies} />}
        <SummarySections appointmentId={d.appointmentId} sections={d.summary} readOnly={d.readOnly} />
        {d.readOnly ? null : (
          <section className="card check-submit" aria-labelledby="check-submit-title">
            <h2 id="check-submit-title" className="card__title">
              Now send your application
            </h2>
            <p>By submitting you confirm that the answers are correct and complete. You cannot change them while the application is reviewed.</p>
            <Form method="post" action={`/appoint/check?id=${d.appointmentId}`}>
              {d.cvcAtSubmit ? <SubmitCvcField key={a?.at} error={a?.cvcError} /> : null}
              <div className="check-submit__buttons">
                <button type="submit" className="btn btn--primary" disabled={busy} aria-describedby={blocked ? "still-needed-title" : undefined}>
                  Submit application
                </button>
                <Link to={`/appoint?id=${d.appointmentId}`} className="btn btn--secondary">
                  Back to the application
                </Link>
              </div>
            </Form>
          </section>
        )}
      </div>
    </SignedInLayout>
  );
}
