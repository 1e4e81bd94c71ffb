// Past invitations (spec part 1 §2, §3 'Invitation list row', §8, §9): the
// user's own invitations, paged on the server (zero-based ?page, ?pageSize
// 10 or 50), 'Hide Invites for Appointed Agents' on by default (?hide=1/0,
// a GET form that works without JavaScript), the text of a sent invitation
// (?view=<id>), and 'Sent!' on the page after a send (?sent=1, decision 0103).
// Decisions: docs/decisions/0021-invitations.md.
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useSubmit } from "@remix-run/react";
import { CardTable } from "~/components/CardTable";
import { Dialog } from "~/components/Dialog";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { Pager, readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { invitationText, listInvitations } from "~/features/invitations/invitations.server";
import { EMPTY_INVITES, HIDE_APPOINTED_LABEL, INVITATION_STATUS_LABELS, NOT_AVAILABLE, OOPS, SENT } from "~/features/invitations/messages";
import { BAD_FILTER } from "~/features/pipeline/messages";
import { formatDate } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import invitationStyles from "~/styles/invitations.css";
import { requireCapability } from "~/lib/permissions.server";

export const meta = titleMeta("Past Invitations");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: invitationStyles }];

/** ?hide: the last value wins (the form posts hide=0 and, when checked, hide=1); default on. */
export function readHide(url: URL): boolean {
  const values = url.searchParams.getAll("hide");
  return values.length === 0 ? true : values[values.length - 1] !== "0";
}

/** ?days=: only the pipeline card's window (90) is allowed; undefined when forged. */
export function readDays(url: URL): number | null | undefined {
  const v = url.searchParams.get("days");
  if (v == null || v === "") return null;
  return v === "90" ? 90 : undefined;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "send:invitation");
  const url = new URL(request.url);
  const paging = readPaging(url);
  const hideAppointed = readHide(url);
  const days = readDays(url);
  if (days === undefined) throw data(BAD_FILTER, { status: 400 });
  const since = days ? new Date(Date.now() - days * 24 * 60 * 60 * 1000) : null;
  const viewParam = url.searchParams.get("view");
  let view: { prospect: string; inviteDt: string; html: string | null; subject: string | null } | null = null;
  if (viewParam) {
    const id = /^\d{1,9}$/.test(viewParam) ? Number(viewParam) : NaN;
    const row = await invitationText(user, id);
    if (!row) throw data("This invitation was not found.", { status: 404 });
    view = {
      prospect: `${row.prospectFirstName} ${row.prospectLastName}`,
      inviteDt: row.inviteDate.toISOString(),
      html: row.isExternal || !row.inviteText ? null : row.inviteText,
      subject: row.subject,
    };
  }
  try {
    const list = await listInvitations(user, { ...paging, hideAppointed, since });
    return { ...list, pageSize: paging.pageSize, hideAppointed, days, view, sent: url.searchParams.get("sent") === "1", failed: false };
  } catch (error) {
    console.error("[invites] listing failed:", (error as Error).message);
    return { rows: [], totalRecords: 0, page: 0, pageSize: paging.pageSize, hideAppointed, days, view, sent: false, failed: true };
  }
}

export default function InvitesRoute() {
  const { rows, totalRecords, page, pageSize, hideAppointed, days, view, sent, failed } = useLoaderData<typeof loader>();
  const location = useLocation();
  const submit = useSubmit();
  const params = new URLSearchParams(location.search);
  params.delete("view");
  params.delete("sent");
  const back = `/invites${params.size ? `?${params}` : ""}`;
  const withView = (id: number) => {
    const p = new URLSearchParams(params);
    p.set("view", String(id));
    return `/invites?${p}`;
  };

  return (
    <SignedInLayout>
      <PageHeader
        title="Past Invitations"
        lead="The invitations you have sent and where they stand"
        actions={
          <Link to="/linx" className="btn btn--primary">
            New Invitation
          </Link>
        }
      />
      {sent ? <Notice title={SENT.title} message={SENT.message} /> : null}
      {/* The list that failed and a text that is gone are said on the page (decision 0103); a text to read opens a dialog. */}
      {failed ? <Notice variant="error" title={OOPS.title} message={OOPS.message} /> : null}
      {view?.html == null && view ? <Notice id="not-available" variant="info" title={NOT_AVAILABLE.title} message={NOT_AVAILABLE.message} /> : null}
      {view ? (
        view.html == null ? null : (
          <Dialog
            title={`Invitation to ${view.prospect}`}
            className="dialog--wide"
            buttons={[{ label: "Close", to: back }]}
            message={
              <>
                <p className="muted">
                  Sent {formatDate(view.inviteDt)}
                  {view.subject ? <> · Subject: {view.subject}</> : null}
                </p>
                <div className="invitation-text" dangerouslySetInnerHTML={{ __html: view.html }} />
              </>
            }
          />
        )
      ) : null}

      {days ? (
        <p role="status">
          Showing the invitations sent in the last {days} days. <Link to="/invites">Show all invitations</Link>
        </p>
      ) : null}
      <Form method="get" className="invites__filter" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
        <input type="hidden" name="pageSize" value={pageSize} />
        <input type="hidden" name="page" value="0" />
        <input type="hidden" name="hide" value="0" />
        {days ? <input type="hidden" name="days" value={days} /> : null}
        <label className="field--inline choice">
          <input type="checkbox" name="hide" value="1" defaultChecked={hideAppointed} key={String(hideAppointed)} />
          <span>{HIDE_APPOINTED_LABEL}</span>
        </label>
        <noscript>
          <button type="submit" className="btn btn--small btn--secondary">
            Apply
          </button>
        </noscript>
      </Form>

      {rows.length === 0 ? (
        <p className="empty-state">{EMPTY_INVITES}</p>
      ) : (
        <CardTable<(typeof rows)[number]>
          label="Invitations"
          rows={rows}
          rowKey={(r) => r.invitationId}
          rowProps={(r) => ({ "data-status": r.status })}
          columns={[
            { header: "Invite Date", cell: (r) => formatDate(r.inviteDt) },
            {
              header: "Prospect",
              cell: (r) => (
                <>
                  <Link to={`/invite?existing=${r.invitationId}`}>{r.prospect}</Link>
                  <br />
                  <span className="muted">{r.prospectEmail}</span>
                </>
              ),
            },
            { header: "Hierarchy", cell: (r) => r.hierarchy },
            { header: "Level", cell: (r) => r.level },
            {
              header: "Invitation",
              cell: (r) => (
                <Link to={withView(r.invitationId)} preventScrollReset aria-label={`View the invitation to ${r.prospect}`}>
                  View
                </Link>
              ),
            },
            { header: "Status", cell: (r) => <span className={`status status--${r.status.toLowerCase()}`}>{INVITATION_STATUS_LABELS[r.status] ?? r.status}</span> },
          ]}
        />
      )}
      <Pager page={page} pageSize={pageSize} totalRecords={totalRecords} label="Invitation pages" />
    </SignedInLayout>
  );
}
