// /dev/mail/:id — one captured email: headers, the HTML in a sandboxed
// iframe (srcDoc, sandbox="": no scripts, no navigation out), the text
// version, and its links listed so they can be opened. 404 when mail is sent.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AnonymousLayout } from "~/components/AnonymousLayout";
import { PageHeader } from "~/components/PageHeader";
import { notFound } from "~/components/PageNotFound";
import { requireMailboxAccess } from "~/features/users/dev-mailbox.server";
import { getCapturedMail } from "~/lib/mail.server";
import { titleMeta } from "~/lib/meta";
import { LocalTime } from "~/components/LocalTime";

export const meta = titleMeta("Mailbox");

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireMailboxAccess(request);
  const mail = await getCapturedMail(params.id ?? "");
  if (!mail) throw notFound();
  return { mail: { ...mail, createdAt: mail.createdAt.toISOString() } };
}

/** The text version with its URLs as links. */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>()"']+)/g);
  return (
    <pre className="dev-mail__text">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} rel="noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

export default function DevMailMessage() {
  const { mail } = useLoaderData<typeof loader>();
  const header = (label: string, value: string | null | undefined) =>
    value ? (
      <>
        <dt>{label}</dt>
        <dd>{value}</dd>
      </>
    ) : null;
  return (
    <AnonymousLayout wide>
      <section className="card dev-mail">
        <p>
          <Link to="/dev/mail">← Mailbox</Link>
        </p>
        <PageHeader title={mail.subject || "(no subject)"} />
        <dl className="dev-mail__headers">
          <dt>Date</dt>
          <dd>
            <LocalTime value={mail.createdAt} seconds />
          </dd>
          {header("From", mail.from)}
          {header("To", mail.to.join(", "))}
          {header("Cc", mail.cc.join(", "))}
          {header("Bcc", mail.bcc.join(", "))}
          {header("Related", mail.relatedType ? `${mail.relatedType} ${mail.relatedId ?? ""}`.trim() : null)}
        </dl>
        {mail.links.length > 0 ? (
          <>
            <h2>Links</h2>
            <ul className="dev-mail__links">
              {mail.links.map((href) => (
                <li key={href}>
                  <a href={href} rel="noreferrer">
                    {href}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {mail.attachments.length > 0 ? (
          <>
            <h2>Attachments</h2>
            <ul className="dev-mail__attachments">
              {mail.attachments.map((a, i) => (
                <li key={i}>
                  {a.storedFileId ? (
                    <a href={`/dev/mail/${mail.id}/attachment/${i}`} download>
                      {a.fileName}
                    </a>
                  ) : (
                    a.fileName
                  )}{" "}
                  ({a.contentType ?? "unknown type"}, {a.byteSize.toLocaleString("en-US")} bytes)
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {mail.html ? (
          <>
            <h2>HTML</h2>
            <iframe
              className="dev-mail__html"
              title="HTML version of the email"
              sandbox=""
              srcDoc={mail.html}
              width="100%"
              height="480"
            />
          </>
        ) : null}
        {mail.text ? (
          <>
            <h2>Text</h2>
            <TextWithLinks text={mail.text} />
          </>
        ) : null}
      </section>
    </AnonymousLayout>
  );
}
