// /admin/requests: the internal administrators' service request queue
// (issue 11, decision 0030). Not-done requests first, oldest first; filters
// by status (default: open and in progress) and by subject, paged on the
// server. GET forms and links: works without JavaScript. Anyone but an
// internal administrator (not impersonating) gets 403.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CardTable } from "~/components/CardTable";
import { PageHeader } from "~/components/PageHeader";
import { Pager, readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { listRequests } from "~/features/service-requests/queue.server";
import { readQueueFilters, SR_MESSAGES, SR_PAGE_SIZES, SR_STATUS_FILTER_LABELS, SR_STATUS_FILTERS, SR_STATUS_LABELS } from "~/features/service-requests/schema";
import { titleMeta } from "~/lib/meta";
import invitationStyles from "~/styles/invitations.css";
import { requireCapability } from "~/lib/permissions.server";
import { viewerTimeZone } from "~/lib/time-zone.server";

export const meta = titleMeta("Service Requests");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: invitationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCapability(request, "manage:service-request");
  const url = new URL(request.url);
  const paging = readPaging(url, { pageSizes: SR_PAGE_SIZES });
  const filters = readQueueFilters(url);
  const list = await listRequests({ ...filters, ...paging, timeZone: viewerTimeZone(request) });
  return { ...list, pageSize: paging.pageSize, filters };
}

export default function ServiceRequestQueue() {
  const { rows, totalRecords, page, pageSize, filters, types } = useLoaderData<typeof loader>();
  return (
    <SignedInLayout>
      <PageHeader title="Service Requests" lead="Contact Us requests to the internal administrators, oldest open first" />
      <Form method="get" className="inline-form stack" aria-label="Filter the requests">
        <input type="hidden" name="pageSize" value={pageSize} />
        <div className="field">
          <label htmlFor="sr-status">Status</label>
          <select id="sr-status" name="status" defaultValue={filters.status}>
            {SR_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {SR_STATUS_FILTER_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="sr-type">Subject</label>
          <select id="sr-type" name="type" defaultValue={filters.type}>
            <option value="">All subjects</option>
            {types.map((t) => (
              <option key={t.code} value={t.code}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--secondary btn--small">
          Filter
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="empty-state">{SR_MESSAGES.emptyQueue}</p>
      ) : (
        <CardTable<(typeof rows)[number]>
          label="Service requests"
          rows={rows}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ "data-status": r.status })}
          columns={[
            {
              header: "#",
              cell: (r) => (
                <Link to={`/admin/requests/${r.id}`} aria-label={`Request ${r.id}: ${r.type} from ${r.requester}`}>
                  {r.id}
                </Link>
              ),
            },
            { header: "Request Date", cell: (r) => r.requestDt },
            {
              header: "Requester",
              cell: (r) => (
                <>
                  {r.requester}
                  <br />
                  <span className="muted">
                    {r.requesterEmail}
                    {r.requesterNumber ? ` · #${r.requesterNumber}` : ""}
                  </span>
                </>
              ),
            },
            {
              header: "Subject",
              cell: (r) => (
                <>
                  {r.type}
                  {r.hasAttachment ? <span className="muted"> (PDF)</span> : null}
                </>
              ),
            },
            { header: "Status", cell: (r) => <span className={`status status--${r.status.toLowerCase()}`}>{SR_STATUS_LABELS[r.status]}</span> },
            { header: "Assignee", cell: (r) => r.assignee ?? <span className="muted">Nobody</span> },
            { header: "Replies", cell: (r) => r.replies },
          ]}
        />
      )}
      <Pager page={page} pageSize={pageSize} totalRecords={totalRecords} pageSizes={SR_PAGE_SIZES} label="Service request pages" />
    </SignedInLayout>
  );
}
