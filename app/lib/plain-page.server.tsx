// A small page of its own, outside the app's layout (no scripts, no
// stylesheet): the refusal a resource route sends (permissions.server.ts),
// a download's problem page (document-download.server.ts). Rendered by
// React (decision 0057): every value escaped by construction.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

const BODY_STYLE = { fontFamily: "system-ui, sans-serif", maxWidth: "40rem", margin: "3rem auto", padding: "0 1rem", lineHeight: 1.5 } as const;

/** The page as an HTML document: `title` in the tab, `heading` as its h1, then the children. */
export function plainPageHtml(p: { title: string; heading: string; children: ReactNode }): string {
  return `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{p.title}</title>
      </head>
      <body style={BODY_STYLE}>
        <main>
          <h1>{p.heading}</h1>
          {p.children}
        </main>
      </body>
    </html>,
  )}`;
}
