import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { Notice } from "~/components/Notice";
import { LinkPrompt } from "~/features/dashboard/ui/LinkPrompt";
import { useClientLinks } from "~/components/nav-links";
import { PageHeader } from "~/components/PageHeader";
import { PipelineCard } from "~/features/dashboard/ui/PipelineCard";
import { WorkCard } from "~/features/dashboard/ui/WorkCard";
import { LicenceCard } from "~/features/licences/ui/LicenceCard";
import { SignedInLayout } from "~/components/SignedInLayout";
import { INVITATION_ACCEPTED_DIALOG, invitationOnDashboard } from "~/features/agents/user-invitations.server";
import { checkPromptedLink, dashboardLink, linkDialog } from "~/features/dashboard/home.server";
import { DecisionNoteBanner } from "~/features/review/ui/DecisionNoteBanner";
import { getDashboard, type DashboardEntry } from "~/features/dashboard/dashboard.server";
import { requireUser } from "~/lib/auth.server";
import { ROLE_COMPLIANCE_OFFICER } from "~/lib/current-user";
import { readForm } from "~/lib/form.server";
import { formatDate } from "~/lib/format";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Dashboard");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // The compliance officer has no applications or downline: their start is the audit log (decision 0119).
  if (user.userRoleCode === ROLE_COMPLIANCE_OFFICER && !user.impersonator) throw redirect("/admin/audit-log");
  const url = new URL(request.url);
  // ?lnk=EXT…: an Invite User link completes the invitation (spec part 1 §4 'Sign-in flow').
  const invitation = await invitationOnDashboard(user, url.searchParams.get("lnk"), request);
  if (invitation && "redirect" in invitation) throw redirect(invitation.redirect);
  const invitationDialog = invitation?.dialog ?? (url.searchParams.get("invitation") === "accepted" ? INVITATION_ACCEPTED_DIALOG : null);
  if (invitationDialog) {
    const dashboard = await getDashboard(user, new Date(), []);
    return { ...dashboard, nothingFound: false, linkDialog: invitationDialog };
  }
  // ?lnk=: the link the user came with, carried through sign-in (spec part 1 §4); remembered for plain /home.
  const { outcome, setCookie } = await dashboardLink(user, request);
  const dashboard = await getDashboard(user, new Date(), outcome.kind === "entry" ? [outcome.entry] : []);
  const dialog = linkDialog(outcome);
  return data(
    { ...dashboard, nothingFound: dashboard.nothingFound && !dialog, linkDialog: dialog },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

type ActionData = { reply: SubmissionResult<string[]> };

/** The link prompt: shape by the schema, then the server's check; a usable link goes to ?lnk=. */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const r = await checkPromptedLink(await readForm(request));
  if (r.ok) throw redirect(`/home?lnk=${encodeURIComponent(r.link)}`);
  return data<ActionData>({ reply: r.reply }, { status: 400 });
}

export default function DashboardRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;

  return (
    <SignedInLayout>
      <PageHeader title={`Welcome, ${d.firstName}`} />

      {/* What the link or the account came to stands on the page (decision 0103), not in a dialog. */}
      {d.linkDialog ? (
        <Notice variant={d.linkDialog.variant} title={d.linkDialog.title} message={d.linkDialog.message}>
          {d.linkDialog.logout ? <LogoutButton /> : null}
        </Notice>
      ) : null}
      {d.linkDialog?.logout ? null : (
        <>
          {d.nothingFound ? (
            <Notice variant="warning" title="No Apps or Invitations Found" message={nothingFoundMessage(d.emailUnverified)}>
              <LogoutButton />
            </Notice>
          ) : null}
          {d.nothingFound ? <LinkPrompt lastResult={actionData?.reply ?? null} /> : null}
          <Dashboard d={d} actionData={actionData} />
        </>
      )}
    </SignedInLayout>
  );
}

/** The account has nothing yet: what to do next. */
function nothingFoundMessage(emailUnverified: boolean): string {
  return `We could not find an appointment application or an invitation for your account. New users need an email invitation from their recruiting agency.${
    emailUnverified ? " Invitations are shown once your email address is confirmed: open the link we emailed you when you signed up, then sign in again." : ""
  }`;
}

/** The spec's LOGOUT of these answers (after a marketing-director update the only way on). */
function LogoutButton() {
  return (
    <Form method="post" action="/auth/logout" reloadDocument>
      <button type="submit" className="btn btn--primary">
        LOGOUT
      </button>
    </Form>
  );
}

function Dashboard({ d, actionData }: { d: ReturnType<typeof useLoaderData<typeof loader>>; actionData: ActionData | undefined }) {
  const { rules } = d;
  const link = useClientLinks();
  const warnings = d.entries.filter((e) => e.abandonDaysLeft != null);
  return (
    <>
      {warnings.map((e) => (
        <Banner key={`warn-${e.key}`} variant="warning" title="Your application is not finished">
          <p>
            Your appointment application{e.startDt ? ` started on ${formatDate(e.startDt)}` : ""} will be abandoned
            in {e.abandonDaysLeft} day{e.abandonDaysLeft === 1 ? "" : "s"} unless it is submitted.
          </p>
        </Banner>
      ))}

      {d.work ? <WorkCard tiles={d.work} /> : null}

      {d.entries.length > 0 ? (
        <section className="card" aria-labelledby="appointments-title">
          <h2 id="appointments-title" className="card__title">
            Your Appointments
          </h2>
          <ul className="dashboard-actions" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {d.entries.map((e) => (
              <AppointmentEntry key={e.key} entry={e} />
            ))}
          </ul>
        </section>
      ) : null}

      {!rules.isMarketingDirector && !d.nothingFound && d.prospectTools ? <LinkPrompt lastResult={actionData?.reply ?? null} /> : null}

      {d.pipeline ? <PipelineCard counts={d.pipeline.counts} weeks={d.pipeline.weeks} notInGoodOrder={d.pipeline.notInGoodOrder} /> : null}

      {d.licences ? <LicenceCard card={d.licences} /> : null}

      <div className="card-grid">
        <section className="card" aria-labelledby="tools-title">
          <h2 id="tools-title" className="card__title">
            Tools
          </h2>
          <div className="dashboard-actions">
            {rules.showHierarchyButtons && d.prospectTools ? (
              <>
                <ActionButton to="/agents" label="View Agent Hierarchy" enabled={rules.hierarchyButtonsEnabled} />
                <ActionButton to="/linx" label="View Appointment Links" enabled={rules.hierarchyButtonsEnabled} />
                {!rules.hierarchyButtonsEnabled ? (
                  <p className="muted" id="hierarchy-disabled-note">
                    These become available once your appointment is approved.
                  </p>
                ) : null}
              </>
            ) : null}
            <a {...link("/help")} className="btn btn--secondary btn--block">
              Help
            </a>
          </div>
        </section>

        {d.prospectTools ? (
          <section className="card" aria-labelledby="agent-numbers-title">
            <h2 id="agent-numbers-title" className="card__title">
              Your Agent Numbers
            </h2>
            {d.agentNumbers.length > 0 ? (
              <ul className="agent-numbers">
                {d.agentNumbers.map((a) => (
                  <li key={`${a.agentNumber}-${a.companyNumber}-${a.blockNumber}`}>
                    {a.agentNumber}{" "}
                    <span className="muted">
                      (company {a.companyNumber}, block {a.blockNumber})
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">You have no agent numbers yet.</p>
            )}
          </section>
        ) : null}
      </div>
    </>
  );
}

function AppointmentEntry({ entry }: { entry: DashboardEntry }) {
  const link = useClientLinks();
  return (
    <li className="appointment-item">
      <div className="appointment-item__text">
        <p>
          <span className="status-pill">{entry.statusText}</span>
          {entry.startDt ? <span className="muted"> Started {formatDate(entry.startDt)}</span> : null}
        </p>
        <p data-testid={`turn-${entry.key}`}>
          Whose turn: <strong>{entry.turn}</strong>
        </p>
        {entry.lines.map((l) => (
          <p key={l}>{l}</p>
        ))}
        <p className="appointment-item__next">{entry.nextStep}</p>
        {entry.note ? <DecisionNoteBanner note={entry.note} testId={`decision-note-${entry.key}`} /> : null}
      </div>
      <a {...link(entry.href)} className={`btn ${entry.kind === "complete" || entry.kind === "resume" ? "btn--primary" : "btn--secondary"}`}>
        {entry.label}
      </a>
    </li>
  );
}

function ActionButton({ to, label, enabled }: { to: string; label: string; enabled: boolean }) {
  const link = useClientLinks();
  if (enabled) {
    return (
      <a {...link(to)} className="btn btn--primary btn--block">
        {label}
      </a>
    );
  }
  return (
    <span className="btn btn--block" aria-disabled="true" role="link" aria-describedby="hierarchy-disabled-note">
      {label}
    </span>
  );
}
