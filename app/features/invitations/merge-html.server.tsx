// The HTML that the link merge fields put into an invitation's text
// ([[AppointmentLink]], [[AppointmentLinkRows]], [[DocumentLinks]]; decision
// 0046), written by React (decision 0057): every value escaped by
// construction. The result is sanitized again with the whole text.
import { renderToStaticMarkup } from "react-dom/server";
import { UrlLink } from "~/lib/email.server";

export type LinkRow = { carrierName: string; productType: string; levelNo: number; levelName: string };

const CELL = { padding: "4px 8px", border: "1px solid #cccccc" } as const;

/** The link's lines as a table: Carrier, Product, Level, Level Name. */
export function linkRowsHtml(lines: LinkRow[]): string {
  return renderToStaticMarkup(
    <table style={{ borderCollapse: "collapse" }}>
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
