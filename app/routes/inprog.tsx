// Applications in progress (spec part 3 §2): the user's downline's incomplete
// and submitted applications, paged on the server; each row opens the
// application (/appoint?id=), read-only for an upline. Plain links and GET
// forms: works without JavaScript; the table scrolls inside its own box on a phone.
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { CardTable } from "~/components/CardTable";
import { PageHeader } from "~/components/PageHeader";
import { Pager, readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { INPROG_PAGE_SIZES, inProgressPage, inProgressStatusText, readInProgressFilter } from "~/features/inprog/inprog.server";
import { formatDate } from "~/features/reports/format";
import { INPROG_MESSAGES } from "~/features/reports/messages";
import { BAD_FILTER } from "~/features/pipeline/messages";
import { titleMeta } from "~/lib/meta";
import reportStyles from "~/styles/reports.css";
import { requireCapability } from "~/lib/permissions.server";

export const meta = titleMeta("Applications in Progress");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "read:downline");
  const url = new URL(request.url);
  const { page, pageSize } = readPaging(url, { pageSizes: INPROG_PAGE_SIZES });
  // ?status= and ?days= (the dashboard's pipeline card, decision 0027): anything else is refused.
  const filter = readInProgressFilter(url);
  if (!filter) throw data(BAD_FILTER, { status: 400 });
  const filterText = filter.status || filter.days ? filterLabel(filter.status, filter.days) : null;
  try {
    const { results, totalRecords } = await inProgressPage(user.id, page, pageSize, filter);
    return data({
      failed: false,
      filterText,
      page,
      pageSize,
      totalRecords,
      rows: results.map((r) => ({ ...r, initiated: formatDate(r.initiatedDt) })),
    });
  } catch (error) {
    // The spec's in-progress failure message, never a 500 page.
    console.error("[inprog] loading the applications in progress failed:", error instanceof Error ? error.message : error);
    return data({ failed: true, filterText, page, pageSize, totalRecords: 0, rows: [] as InProgressView[] }, { status: 503 });
  }
}

function filterLabel(status: string | null, days: number | null): string {
  const what = status ? `${inProgressStatusText(status)} applications` : "Applications in progress";
  return days ? `${what} started in the last ${days} days` : what;
}

type InProgressView = Awaited<ReturnType<typeof inProgressPage>>["results"][number] & { initiated: string };

export default function InProgressRoute() {
  const d = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  return (
    <SignedInLayout>
      <PageHeader title="Applications in Progress" lead="Applications of your prospects and your downline's prospects that are not finished yet." />
      {d.filterText ? (
        <p role="status" className="inprog-filter">
          Showing: <strong>{d.filterText}</strong>.{" "}
          <Link to="/inprog">Show all applications in progress</Link>
        </p>
      ) : null}
      <section className="card" aria-labelledby="inprog-title">
        <h2 id="inprog-title" className="visually-hidden">
          Applications
        </h2>
        {d.failed ? (
          <Banner variant="error" title="Oops!">
            <p>{INPROG_MESSAGES.failure}</p>
          </Banner>
        ) : d.rows.length === 0 ? (
          <p className="muted" role="status">
            {INPROG_MESSAGES.empty}
          </p>
        ) : (
          <CardTable<(typeof d.rows)[number]>
            label="Applications in progress"
            className="table--clickable"
            rows={d.rows}
            rowKey={(r) => r.appointmentId}
            rowProps={(r) => ({
              onClick: (e) => {
                if ((e.target as HTMLElement).closest("a")) return;
                navigate(`/appoint?id=${r.appointmentId}`);
              },
            })}
            columns={[
              { header: "Prospect", cell: (r) => <Link to={`/appoint?id=${r.appointmentId}`}>{r.prospect || `Application ${r.appointmentId}`}</Link> },
              { header: "Recruiter", cell: (r) => r.recruiter },
              { header: "Initiated", cell: (r) => r.initiated },
              { header: "Status", cell: (r) => r.status },
              {
                header: "Action",
                hiddenHeader: true,
                cell: (r) => (
                  <Link to={`/appoint?id=${r.appointmentId}`} className="btn btn--small btn--secondary" aria-label={`Edit the application of ${r.prospect || r.appointmentId}`}>
                    Edit
                  </Link>
                ),
              },
            ]}
          />
        )}
        <Pager page={d.page} pageSize={d.pageSize} totalRecords={d.totalRecords} pageSizes={INPROG_PAGE_SIZES} label="Applications pages" />
      </section>
    </SignedInLayout>
  );
}
