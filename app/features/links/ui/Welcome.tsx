// The welcome (landing and sign-in) page of spec part 1 §2 'Welcome page'.
// WAIT (a spinner in the older program) does not exist here: the server
// renders the final state directly, so without JavaScript it is a plain page.
import { Form, Link } from "@remix-run/react";
import { LINK_CHECK_FAILED, LINK_ERROR_MESSAGE } from "~/features/links/messages";
import type { WelcomeData } from "~/lib/shell.server";
import type { LinkInviter } from "~/features/links/links.server";
import { AnonymousLayout } from "~/components/AnonymousLayout";
import { Banner } from "~/components/Banner";
import { Notice } from "~/components/Notice";
import { DownloadIcon } from "~/components/Icons";
import { useRootData } from "~/components/root-data";

export const WELCOME_TITLE = "Welcome";

/**
 * `linkFailure`: the message of the link's failure code (ERROR state).
 * `agentAccess`: the link is an Invite User invitation (an existing agent is given portal access).
 */
export function Welcome({
  data,
  linkFailure = null,
  agentAccess = false,
  inviter = null,
}: {
  data: WelcomeData;
  linkFailure?: string | null;
  agentAccess?: boolean;
  /** Who the link comes from (an appointment link the check found usable). */
  inviter?: LinkInviter | null;
}) {
  const { defaultTitle } = useRootData();
  return (
    <AnonymousLayout>
      <div className="welcome">
        {data.announcementHtml ? (
          <Banner variant="info" role="note">
            {/* Operator-provided HTML (setting ANNOUNCEMENT_HTML), trusted. */}
            <div className="announcement" dangerouslySetInnerHTML={{ __html: data.announcementHtml }} />
          </Banner>
        ) : null}

        {/* The link's failure on the page (decision 0103); the sign-in of HOLD stands beneath it. */}
        {data.state === "ERROR" ? (
          <Notice variant="error" title="Error">
            <p>{LINK_ERROR_MESSAGE}</p>
            {linkFailure ? <p>{linkFailure}</p> : null}
            <p>{LINK_CHECK_FAILED}</p>
          </Notice>
        ) : null}

        <section className="card welcome__hero" aria-labelledby="welcome-title">
          {data.admin ? (
            <>
              <h1 id="welcome-title">Welcome to the {defaultTitle}</h1>
              <p>
                You are signed in as <strong>{data.admin.name}</strong>, an internal administrator.
              </p>
              <div className="btn-row">
                <Link to="/home" className="btn btn--primary">
                  Go to the dashboard
                </Link>
              </div>
            </>
          ) : data.state === "WELCOME" ? (
            <WelcomeState data={data} title={defaultTitle} agentAccess={agentAccess} inviter={inviter} />
          ) : (
            <HoldState data={data} title={defaultTitle} />
          )}
        </section>

        {data.admin ? <SpoofBox admin={data.admin} /> : null}

        <section className="card" aria-labelledby="help-title">
          <h2 id="help-title" className="card__title">
            Need help getting started?
          </h2>
          <ul className="download-list">
            <li>
              <a className="download-link" href="/documents/system/HELP_NEW_USER">
                <DownloadIcon /> Help for new users (PDF)
              </a>
            </li>
            <li>
              <a className="download-link" href="/documents/system/HELP_EXISTING_USER">
                <DownloadIcon /> Help for existing users (PDF)
              </a>
            </li>
          </ul>
        </section>
      </div>
    </AnonymousLayout>
  );
}

function WelcomeState({ data, title, agentAccess, inviter }: { data: WelcomeData; title: string; agentAccess: boolean; inviter: LinkInviter | null }) {
  return (
    <>
      <h1 id="welcome-title">Welcome to the {title}</h1>
      {inviter ? (
        <div className="welcome__inviter">
          <p>
            <strong>{inviter.recruiter}</strong>
            {inviter.agency ? (
              <>
                {" "}
                of <strong>{inviter.agency}</strong>
              </>
            ) : null}{" "}
            has invited you to apply for an appointment:
          </p>
          <ul>
            {inviter.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {agentAccess ? (
        <p>
          You have been given access to the portal as an agent. To begin, choose <strong>NEXT: Create an account</strong> and
          enter the email address this invitation was sent to and a password. Once you have signed in, you will see your
          agent record and your downline.
        </p>
      ) : (
        <p>
          {inviter ? "" : "You have been invited to apply for an appointment. "}To begin, create an account with your email
          address and a password. You will then be guided through your appointment application, which you can save and
          finish later.
        </p>
      )}
      <p className="welcome__hint">If you&apos;ve already signed UP, just sign IN instead.</p>
      {/* Both through the configured provider; with the built-in one NEXT ('Create an account') opens its sign-up (decision 0096). */}
      <div className="btn-row welcome__actions">
        {/* The spec's NEXT, saying where it goes. */}
        <a href={data.signUpHref ?? data.signInHref} className="btn btn--primary">
          NEXT: Create an account
        </a>
        <a href={data.signInHref} className="btn btn--secondary">
          I already have an account
        </a>
      </div>
    </>
  );
}

function HoldState({ data, title }: { data: WelcomeData; title: string }) {
  return (
    <>
      <h1 id="welcome-title">Welcome to the {title}</h1>
      <p>
        Click <strong>NEXT</strong> to log in.
      </p>
      <p>
        New users need an email invitation from their recruiting agency to sign up. If you are expecting one and have
        not received it, please{" "}
        <a href={`mailto:${data.marketingEmail}`}>contact us</a>.
      </p>
      <div className="btn-row welcome__actions">
        <a href={data.signInHref} className="btn btn--primary">
          NEXT
        </a>
      </div>
    </>
  );
}

function SpoofBox({ admin }: { admin: NonNullable<WelcomeData["admin"]> }) {
  const errorId = "spoof-email-error";
  return (
    <section className="card spoof-box" aria-labelledby="spoof-title">
      <h2 id="spoof-title" className="card__title">
        Act as a user
      </h2>
      <p className="muted">Enter the email address of an existing user to see the portal as that user.</p>
      <Form method="post" action="/auth/impersonate" reloadDocument>
        <div className={`field${admin.spoofError ? " field--invalid" : ""}`}>
          <label htmlFor="spoof-email">Email</label>
          <input
            id="spoof-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            defaultValue={admin.spoofEmail}
            aria-invalid={admin.spoofError ? true : undefined}
            aria-describedby={admin.spoofError ? errorId : undefined}
          />
          {admin.spoofError ? (
            <span className="field__error" id={errorId} role="alert">
              {admin.spoofError}
            </span>
          ) : null}
        </div>
        <button type="submit" className="btn btn--primary">
          SPOOF
        </button>
      </Form>
    </section>
  );
}
