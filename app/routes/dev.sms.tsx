// /dev/sms — the text messages (SMS) captured while SMS_URL is unset, beside
// the development mailbox, newest first, 20 per page (?page=2). Same access
// rule as /dev/mail; 404 when texts are sent (decision 0031).
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AnonymousLayout } from "~/components/AnonymousLayout";
import { LocalTime } from "~/components/LocalTime";
import { CardTable } from "~/components/CardTable";
import { PageHeader } from "~/components/PageHeader";
import { DevCaptureTabs } from "~/features/users/DevCaptureTabs";
import { requireSmsBoxAccess } from "~/features/users/dev-mailbox.server";
import { mailCaptureEnabled } from "~/lib/mail.server";
import { titleMeta } from "~/lib/meta";
import { listCapturedSms } from "~/lib/sms.server";
import reportStyles from "~/styles/reports.css";

export const meta = titleMeta("Text Messages");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSmsBoxAccess(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const result = await listCapturedSms(page);
  return {
    ...result,
    mailCapture: mailCaptureEnabled(),
    rows: result.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}


export default function DevSms() {
  const { rows, page, pageCount, total, mailCapture } = useLoaderData<typeof loader>();
  return (
    <AnonymousLayout wide>
      <section className="card dev-mail">
        <PageHeader
          title="Text Messages"
          lead="Text messages captured because no SMS gateway is configured (SMS_URL). Nothing here was sent."
        />
        <DevCaptureTabs current="sms" mail={mailCapture} sms />
        {rows.length === 0 ? (
          <p className="muted">No text message has been captured yet.</p>
        ) : (
          <CardTable<(typeof rows)[number]>
            label="Captured text messages"
            rows={rows}
            rowKey={(m) => m.id}
            columns={[
              { header: "Date", cell: (m) => <LocalTime value={m.createdAt} seconds /> },
              { header: "To", cell: (m) => m.to },
              { header: "Text", className: "table__pre-wrap", cell: (m) => m.text },
            ]}
          />
        )}
        <nav className="pager" aria-label="Pages">
          {page > 1 ? <Link to={`?page=${page - 1}`}>Previous</Link> : null}
          <span className="muted">
            {" "}
            Page {page} of {pageCount} · {total} message{total === 1 ? "" : "s"}{" "}
          </span>
          {page < pageCount ? <Link to={`?page=${page + 1}`}>Next</Link> : null}
        </nav>
      </section>
    </AnonymousLayout>
  );
}
