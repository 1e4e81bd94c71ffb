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
import { env } from "./env.server";

export type RenderedEmail = { subject: string; html: string; text: string };

// One look from the sign-in to the email (issue 36 item 5): the portal's navy and teal, its name in
// a header band, one button for the action, a footer saying who sent it and why. Inline styles and
// presentation tables only (email clients drop stylesheets); at most 600 px wide and never wider
// than the phone (long addresses break).
export const EMAIL_COLOURS = { navy: "#0b2545", teal: "#0b6e67", tealLight: "#13a89e", text: "#1b2430", muted: "#56606e", bg: "#f3f5f8", border: "#e3e7ed" } as const;
const FONT = "Arial,Helvetica,sans-serif";
const BODY_STYLE = { margin: 0, padding: 0, background: EMAIL_COLOURS.bg, fontFamily: FONT, fontSize: "15px", lineHeight: 1.5, color: EMAIL_COLOURS.text } as const;
const CONTENT_STYLE = { padding: "24px", overflowWrap: "anywhere", wordBreak: "break-word" } as const;

/** Why someone receives an email, in the footer: 'you were invited to apply', ... */
export type EmailReason = string;

function Brand() {
  const name = env().DEFAULT_TITLE;
  return (
    <td className="email-brand" style={{ background: EMAIL_COLOURS.navy, borderBottom: `4px solid ${EMAIL_COLOURS.tealLight}`, padding: "16px 24px", color: "#ffffff", fontSize: "18px", fontWeight: 700 }}>
      <span style={{ display: "inline-block", width: "28px", height: "28px", lineHeight: "28px", borderRadius: "7px", background: EMAIL_COLOURS.tealLight, color: "#ffffff", textAlign: "center", marginRight: "10px", fontSize: "16px" }}>
        &#10003;
      </span>
      {name}
    </td>
  );
}

/** Who sent it and why; the same words in the text part. */
export function EmailFooter({ reason }: { reason: EmailReason }) {
  const { DEFAULT_TITLE: name, appUrl } = env();
  return (
    <p className="email-footer" style={{ margin: 0, color: EMAIL_COLOURS.muted, fontSize: "13px" }}>
      Sent by the {name} (<a href={appUrl} style={{ color: EMAIL_COLOURS.teal }}>{appUrl}</a>) because {reason}.
    </p>
  );
}

/**
 * The one layout of every email: a complete document (language, charset, the subject as its
 * title), the brand band, the content, the footer. Either `children` (escaped by React) or
 * `bodyHtml` (trusted, already sanitized HTML).
 */
export function EmailLayout(props: { title: string; reason: EmailReason; children?: ReactNode; bodyHtml?: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
      </head>
      <body style={BODY_STYLE}>
        <table className="email-layout" role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: EMAIL_COLOURS.bg }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 8px" }}>
                <table className="email-layout" role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: "600px", background: "#ffffff", border: `1px solid ${EMAIL_COLOURS.border}`, borderRadius: "8px", borderCollapse: "separate", textAlign: "left" }}>
                  <tbody>
                    <tr>
                      <Brand />
                    </tr>
                    <tr>
                      {props.bodyHtml !== undefined ? (
                        <td className="email-content" style={CONTENT_STYLE} dangerouslySetInnerHTML={{ __html: props.bodyHtml }} />
                      ) : (
                        <td className="email-content" style={CONTENT_STYLE}>
                          {props.children}
                        </td>
                      )}
                    </tr>
                    <tr>
                      <td style={{ padding: "16px 24px", borderTop: `1px solid ${EMAIL_COLOURS.border}` }}>
                        <EmailFooter reason={props.reason} />
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/**
 * The email's one action: a button (a styled link, which every client shows as at least a link),
 * and the address beneath it for clients that show neither; the text part says 'label (address)' once.
 */
export function ActionButton({ href, label }: { href: string; label: string }) {
  return (
    <>
      <p style={{ margin: "24px 0 8px" }}>
        <a href={href} style={{ display: "inline-block", background: EMAIL_COLOURS.teal, color: "#ffffff", fontWeight: 700, textDecoration: "none", padding: "12px 24px", borderRadius: "8px" }}>
          {label}
        </a>
      </p>
      <p className="email-fallback" style={{ margin: "0 0 16px", color: EMAIL_COLOURS.muted, fontSize: "13px" }}>
        {/* Only the address breaks anywhere: the sentence's words stay whole. */}
        If the button does not work, copy this address into your browser:{" "}
        <a href={href} style={{ color: EMAIL_COLOURS.teal, wordBreak: "break-all" }}>
          {href}
        </a>
      </p>
    </>
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
export function htmlEmailDocument(title: string, trustedHtml: string, reason: EmailReason): string {
  return asDocument(<EmailLayout title={title} reason={reason} bodyHtml={trustedHtml} />);
}

/** The text part of an email's HTML document: its words and footer, not the band or the button's fallback line. */
export const emailText = (html: string): string => htmlToText(html);

/**
 * Subject, HTML (the element in the layout, escaped by React) and the text part: the body's words
 * (the button as 'label (address)', not its fallback line) and the footer.
 */
export function renderEmail(subject: string, body: ReactNode, reason: EmailReason): RenderedEmail {
  const html = asDocument(
    <EmailLayout title={subject} reason={reason}>
      {body}
    </EmailLayout>,
  );
  return { subject, html, text: emailText(html) };
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
    // The layout: its band is not read out, its tables are blocks (not data tables, which wrap at 60 columns).
    { selector: "p.email-fallback", format: "skip" },
    { selector: "table.email-layout", format: "block" },
    { selector: "table.email-layout > tbody", format: "block" },
    { selector: "table.email-layout > tbody > tr", format: "block" },
    { selector: "table.email-layout > tbody > tr > td", format: "block" },
    { selector: "table.email-layout > tbody > tr > td.email-brand", format: "skip" },
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
