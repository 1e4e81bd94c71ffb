// The page for 'Document Unavailable' and 'Download Error: File Empty'
// (a plain page: ~/lib/plain-page.server).
import { plainPageHtml } from "~/lib/plain-page.server";

export function downloadProblemHtml(p: { title: string; lead: string | null; message: string; back: { href: string; label: string } }): string {
  return plainPageHtml({
    title: p.title,
    heading: p.title,
    children: (
      <>
        {p.lead && <p>{p.lead}</p>}
        <p>{p.message}</p>
        <p>
          <a href={p.back.href}>{p.back.label}</a>
        </p>
      </>
    ),
  });
}
