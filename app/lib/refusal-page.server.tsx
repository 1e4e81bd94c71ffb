// The 403/404 refusal page a resource route sends as it is (a plain page:
// ./plain-page.server; a page route renders the root error boundary instead).
import { plainPageHtml } from "./plain-page.server";

export function refusalPageHtml(p: { title: string; message: string; status: number; appTitle: string }): string {
  return plainPageHtml({
    title: `${p.title} : ${p.appTitle}`,
    heading: p.title,
    children: (
      <>
        <p>{p.message}</p>
        <p>
          <a href="/home">Back to the portal</a>
        </p>
        <p style={{ color: "#666" }}>Error {p.status}</p>
      </>
    ),
  });
}
