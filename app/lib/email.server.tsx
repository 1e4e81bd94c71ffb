// How the portal writes an email (decision 0057): the body is a React
// element rendered to static markup inside one layout, so every value is
// escaped by construction (no hand-written escaping); the plain-text part is
// derived from that HTML by html-to-text, with the same words and links.
// The invitation's body is the one exception: it is stored HTML, already
// sanitized and merged (decisions 0021, 0046), and goes into the layout as it
// is (EmailLayout's bodyHtml), never escaped again.
import { convert, type HtmlToTextOptions } from "html-to-text";
import { Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export type RenderedEmail = { subject: string; html: string; text: string };

const BODY_STYLE = { fontFamily: "Arial,Helvetica,sans-serif", fontSize: "15px", lineHeight: 1.5, color: "#1a1a1a" } as const;

/**
 * The one layout of every email: a complete document (language, charset,
 * the subject as its title) with the portal's font. Either `children`
 * (escaped by React) or `bodyHtml` (trusted, already sanitized HTML).
 */
export function EmailLayout(props: { title: string; children?: ReactNode; bodyHtml?: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{props.title}</title>
      </head>
      {props.bodyHtml !== undefined ? (
        <body style={BODY_STYLE} dangerouslySetInnerHTML={{ __html: props.bodyHtml }} />
      ) : (
        <body style={BODY_STYLE}>{props.children}</body>
      )}
    </html>
  );
}

/** A link that shows its own address (the text part shows it once). */
export function UrlLink({ href }: { href: string }) {
  return <a href={href}>{href}</a>;
}

/** Lines of text separated by line breaks (<br>). */
export function Lines({ lines }: { lines: string[] }) {
  return lines.map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {line}
    </Fragment>
  ));
}

/** Facts as a two-column table of a bold label and its value (the notification emails). */
export function Facts({ facts }: { facts: ReadonlyArray<readonly [label: string, value: string]> }) {
  return (
    <table>
      <tbody>
        {facts.map(([label, value], i) => (
          <tr key={i}>
            <td>
              <strong>{label}</strong>
            </td>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Text someone typed, its line breaks kept (in the HTML and in the text part). */
export function TypedText({ text }: { text: string }) {
  return (
    <p style={{ whiteSpace: "pre-wrap" }}>
      <Lines lines={text.split(/\r\n?|\n/)} />
    </p>
  );
}

const asDocument = (layout: ReactNode) => `<!doctype html>${renderToStaticMarkup(layout)}`;

/** Stored, already sanitized HTML (the invitation's text) in the layout, not escaped again. */
export function htmlEmailDocument(title: string, trustedHtml: string): string {
  return asDocument(<EmailLayout title={title} bodyHtml={trustedHtml} />);
}

/** Subject, HTML (the element in the layout, escaped by React) and the text part derived from it. */
export function renderEmail(subject: string, body: ReactNode): RenderedEmail {
  const html = asDocument(<EmailLayout title={subject}>{body}</EmailLayout>);
  return { subject, html, text: htmlToText(html) };
}

// ---------------------------------------------------------------- html → text

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({
  selector,
  options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
}));

const TEXT_OPTIONS: HtmlToTextOptions = {
  // Long lines (links) stay whole: mail clients wrap text themselves.
  wordwrap: false,
  selectors: [
    // "label (address)"; an address shown as its own label only once.
    { selector: "a", options: { linkBrackets: ["(", ")"], hideLinkHrefIfSameAsText: true } },
    { selector: "img", format: "skip" },
    ...HEADINGS,
    { selector: "ul", options: { itemPrefix: "- " } },
    { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
  ],
};

/** A readable plain-text version of an HTML email: paragraphs, line breaks, lists, tables and link targets kept. */
export function htmlToText(html: string): string {
  return convert(html, TEXT_OPTIONS).trim();
}

/** The addresses of the links (<a href>) of an HTML message, decoded, in order. */
export function linkTargets(html: string): string[] {
  const found: string[] = [];
  convert(html, {
    wordwrap: false,
    formatters: {
      collectLink: (elem, walk, builder) => {
        const href = (elem.attribs?.href ?? "").trim();
        if (href) found.push(href);
        walk(elem.children, builder);
      },
    },
    selectors: [{ selector: "a", format: "collectLink" }],
  });
  return found;
}
