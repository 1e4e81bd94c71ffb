// PREVIEW of Send a Recruitment Invitation (issue 20, decision 0046): the
// merged, sanitized message for the prospect, in a region labelled
// 'Preview'. The HTML is the sanitizer's output (app/lib/html.server.ts),
// shown as the /invites view shows a sent one. With JavaScript the region
// takes the focus when a new preview arrives (the form keeps what was typed).
import { useEffect, useRef } from "react";
import { PREVIEW } from "../messages";

export type Preview = { to: string; subject: string; html: string };

export function InvitePreview({ preview }: { preview: Preview }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.scrollIntoView({ block: "start" });
  }, [preview]);
  return (
    <section ref={ref} className="card invite__preview" aria-labelledby="invite-preview-title" tabIndex={-1}>
      <h2 id="invite-preview-title">{PREVIEW.title}</h2>
      <p className="muted">{PREVIEW.lead}</p>
      <p className="invite__readonly">
        <strong>{PREVIEW.to}:</strong> {preview.to}
        <br />
        <strong>{PREVIEW.subject}:</strong> {preview.subject}
      </p>
      <div className="invitation-text" dangerouslySetInnerHTML={{ __html: preview.html }} />
    </section>
  );
}
