// Email templates (spec part 3 §2 'Email templates (/corr)'): the user's own
// templates, a page of 100 at a time on the server (zero-based ?page), ADD
// TEMPLATE, 'Done!' after a save (?saved=1) and 'Deleted' after a delete
// (?deleted=1), both on the page (decision 0103). The built-in Default Invitation is not listed (decision 0025).
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CardTable } from "~/components/CardTable";
import { Notice } from "~/components/Notice";
import { LocalTime } from "~/components/LocalTime";
import { PageHeader } from "~/components/PageHeader";
import { Pager, readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { DELETED, DONE, EMPTY_TEMPLATES, SYSTEM_ERROR } from "~/features/templates/messages";
import { TEMPLATE_PAGE_SIZE } from "~/features/templates/schema";
import { listTemplates } from "~/features/templates/templates.server";
import { titleMeta } from "~/lib/meta";
import templateStyles from "~/styles/templates.css";
import { requireCapability } from "~/lib/permissions.server";

export const meta = titleMeta("Email Templates");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: templateStyles }];

const PAGE_SIZES = [TEMPLATE_PAGE_SIZE];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "manage:email-template");
  const url = new URL(request.url);
  const paging = readPaging(url, { pageSizes: PAGE_SIZES });
  const notice = url.searchParams.get("saved") === "1" ? DONE : url.searchParams.get("deleted") === "1" ? DELETED : null;
  try {
    const list = await listTemplates(user, paging);
    return { ...list, pageSize: paging.pageSize, notice, failed: false };
  } catch (error) {
    console.error("[corr] listing failed:", (error as Error).message);
    return { rows: [], totalRecords: 0, page: 0, pageSize: paging.pageSize, notice, failed: true };
  }
}

export default function TemplatesRoute() {
  const { rows, totalRecords, page, pageSize, notice, failed } = useLoaderData<typeof loader>();
  return (
    <SignedInLayout>
      <PageHeader
        title="Email Templates"
        lead="Your recruitment invitation emails"
        actions={
          <Link to="/corr/new" className="btn btn--primary">
            ADD TEMPLATE
          </Link>
        }
      />
      {notice ? <Notice title={notice.title} message={notice.message} /> : null}
      {failed ? <Notice id="notice-failed" variant="error" title={SYSTEM_ERROR.title} message={SYSTEM_ERROR.message} /> : null}
      {rows.length === 0 ? (
        <p className="empty-state templates__empty">{EMPTY_TEMPLATES}</p>
      ) : (
        <CardTable<(typeof rows)[number]>
          label="Email templates"
          className="templates__table"
          rows={rows}
          rowKey={(r) => r.corrTemplateId}
          columns={[
            { header: "Name", cell: (r) => r.name },
            { header: "Description", className: "templates__description", cell: (r) => r.description },
            { header: "Is Active", cell: (r) => (r.isActive ? "Yes" : "No") },
            { header: "Modified", cell: (r) => <LocalTime value={r.updateDt} /> },
            {
              header: "Edit",
              cell: (r) => (
                <Link to={`/corr/${r.corrTemplateId}`} aria-label={`Edit ${r.name}`}>
                  Edit
                </Link>
              ),
            },
          ]}
        />
      )}
      <Pager page={page} pageSize={pageSize} totalRecords={totalRecords} pageSizes={PAGE_SIZES} label="Template pages" />
    </SignedInLayout>
  );
}
