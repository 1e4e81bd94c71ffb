// The confirmation page after SUBMIT (issue 36 item 3, decision 0099): /appoint/submitted?id=<appointmentId>.
// The spec's 'Successfully Submitted for Approval!' with its message, the reference, who reviews the
// application, how long that usually takes (REVIEW_USUAL_DAYS), what the prospect will receive, and
// whose turn it is now. An application not submitted goes to its check page.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { appointmentIdOf, submittedPage } from "~/features/appointment/check-page.server";
import { RECEIPT } from "~/features/appointment/messages";
import { requireUser } from "~/lib/auth.server";
import { formatDate } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("Application submitted");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return submittedPage(user, appointmentIdOf(new URL(request.url)), request);
}

export default function SubmittedRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <SignedInLayout>
      <PageHeader title="Application submitted" />
      <div className="submitted-page stack">
        <Banner variant="success" title={d.success.title}>
          <p>{d.success.message}</p>
        </Banner>
        <section className="card" aria-labelledby="submitted-facts-title">
          <h2 id="submitted-facts-title" className="card__title">
            What happens next
          </h2>
          <dl className="summary-list">
            <div className="summary-list__row">
              <dt>Your reference</dt>
              <dd>
                <strong data-testid="reference">{d.reference}</strong>
              </dd>
            </div>
            {d.submittedAt ? (
              <div className="summary-list__row">
                <dt>Submitted</dt>
                <dd>{formatDate(d.submittedAt)}</dd>
              </div>
            ) : null}
            <div className="summary-list__row">
              <dt>Status</dt>
              <dd>{d.statusText}</dd>
            </div>
            <div className="summary-list__row">
              <dt>Whose turn</dt>
              <dd data-testid="whose-turn">{d.turn}</dd>
            </div>
            <div className="summary-list__row">
              <dt>Who reviews it</dt>
              <dd>
                {RECEIPT.reviewer}
                {d.carriers.length ? ` Carrier: ${d.carriers.join(", ")}.` : ""}
              </dd>
            </div>
            <div className="summary-list__row">
              <dt>How long it usually takes</dt>
              <dd>{RECEIPT.usually(d.reviewDays)}</dd>
            </div>
            <div className="summary-list__row">
              <dt>What you will receive</dt>
              <dd>
                {d.receiptTo ? `A receipt by email now, at ${d.receiptTo}. ` : ""}
                {RECEIPT.next}
              </dd>
            </div>
          </dl>
        </section>
        <p className="submitted-page__links">
          <Link to={`/appoint/check?id=${d.appointmentId}`}>See what you submitted</Link>
          <Link to="/home" className="btn btn--primary">
            Go to your dashboard
          </Link>
        </p>
      </div>
    </SignedInLayout>
  );
}
