// /dev/mail — the development mailbox: every email captured while SMTP_URL
// is unset, newest first, 20 per page (?page=2). 404 when mail is sent.
// The captured text messages are a tab beside it (/dev/sms).
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AnonymousLayout } from "~/components/AnonymousLayout";
import { LocalTime } from "~/components/LocalTime";
import { CardTable, LongText } from "~/components/CardTable";
import { PageHeader } from "~/components/PageHeader";
import { DevCaptureTabs } from "~/features/users/DevCaptureTabs";
import { requireMailboxAccess } from "~/features/users/dev-mailbox.server";
import { listCapturedMail } from "~/lib/mail.server";
import { titleMeta } from "~/lib/meta";
import { smsCaptureEnabled } from "~/lib/sms.server";
import reportStyles from "~/styles/reports.css";

export const meta = titleMeta("Mailbox");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMailboxAccess(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const result = await listCapturedMail(page);
  return {
    ...result,
    smsCapture: smsCaptureEnabled(),
    rows: result.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}


export default function DevMailbox() {
  const { rows, page, pageCount, total, smsCapture } = useLoaderData<typeof loader>();
  return (
    <AnonymousLayout wide>
      <section className="card dev-mail">
        <PageHeader
          title="Mailbox"
          lead="Emails captured because no SMTP server is configured (SMTP_URL). Nothing here was sent."
        />
        <DevCaptureTabs current="mail" mail sms={smsCapture} />
        {rows.length === 0 ? (
          <p className="muted">No email has been captured yet.</p>
        ) : (
          <CardTable<(typeof rows)[number]>
            label="Captured emails"
            rows={rows}
            rowKey={(m) => m.id}
            columns={[
              { header: "Date", cell: (m) => <LocalTime value={m.createdAt} seconds /> },
              { header: "To", cell: (m) => <LongText text={m.to.join(", ")} /> },
              { header: "Subject", cell: (m) => <Link to={`/dev/mail/${m.id}`}>{m.subject || "(no subject)"}</Link> },
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
