// The HTML that the link merge fields put into an invitation's text
// ([[AppointmentLink]], [[AppointmentLinkRows]], [[DocumentLinks]]; decision
// 0046), written by React (decision 0057): every value escaped by
// construction. The result is sanitized again with the whole text.
import { renderToStaticMarkup } from "react-dom/server";
import { ActionButton, UrlLink } from "~/lib/email.server";

export type LinkRow = { carrierName: string; productType: string; levelNo: number; levelName: string };

// Words kept whole in the cells (the email's content breaks anywhere, which split 'Level').
const CELL = { padding: "4px 8px", border: "1px solid #cccccc", overflowWrap: "normal", wordBreak: "normal" } as const;

/** The link's lines as a table: Carrier, Product, Level, Level Name. */
export function linkRowsHtml(lines: LinkRow[]): string {
  return renderToStaticMarkup(
    <table style={{ borderCollapse: "collapse", width: "100%" }}>
      <thead>
        <tr>
          {["Carrier", "Product", "Level", "Level Name"].map((h) => (
            <th key={h} style={CELL}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={i}>
            <td style={CELL}>{l.carrierName}</td>
            <td style={CELL}>{l.productType}</td>
            <td style={CELL}>{l.levelNo}</td>
            <td style={CELL}>{l.levelName}</td>
          </tr>
        ))}
      </tbody>
    </table>,
  );
}

/** A list of links (the commission schedule documents), or "" for none. */
export function linkListHtml(links: Array<{ href: string; label: string }>): string {
  if (links.length === 0) return "";
  return renderToStaticMarkup(
    <ul>
      {links.map((l, i) => (
        <li key={i}>
          <a href={l.href}>{l.label}</a>
        </li>
      ))}
    </ul>,
  );
}

/** A link that shows its address. */
export function urlLinkHtml(url: string): string {
  return renderToStaticMarkup(<UrlLink href={url} />);
}

/** The label of the invitation's one action button. */
export const INVITATION_ACTION_LABEL = "Start your application";

// A paragraph holding nothing but a link that shows its own address, maybe inside inline
// formatting (the default template's <strong>): how the sanitizer writes [[AppointmentLink]]
// standing alone. The text is the sanitizer's output, so its markup has this one form.
const INLINE = "(?:strong|b|em|i|u|span)";
const ALONE_LINK = new RegExp(
  `<p(?:\\s[^>]*)?>\\s*((?:<${INLINE}(?:\\s[^>]*)?>\\s*)*)<a href="([^"]+)">([^<]+)</a>\\s*((?:</${INLINE}>\\s*)*)</p>`,
  "g",
);

// &amp; last, so '&amp;lt;' stays '&lt;'.
const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * The invitation as it goes into the email layout (issue 36 item 5): the first appointment link
 * (an address of the portal) standing alone in a paragraph becomes the layout's action button,
 * its address beneath; the sanitizer drops inline styles, so a button cannot come from the
 * template. A link inside a sentence or behind other words stays a plain link.
 */
export function withActionButton(html: string, appUrl: string): string {
  const portal = `${appUrl.replace(/\/+$/, "")}/`;
  let done = false;
  return html.replace(ALONE_LINK, (whole, open: string, href: string, shown: string, close: string) => {
    const balanced = (open.match(/<[a-z]/g) ?? []).length === (close.match(/<\//g) ?? []).length;
    if (done || href !== shown || !balanced || !decode(href).startsWith(portal)) return whole;
    done = true;
    return renderToStaticMarkup(<ActionButton href={decode(href)} label={INVITATION_ACTION_LABEL} />);
  });
}
