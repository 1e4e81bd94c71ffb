// Merge fields of invitation emails (spec part 1 §7, part 3 'Template
// field'): [[Placeholder]] in the template's HTML is replaced at send time
// with values of the prospect, the recruiter, the agency and the links. The
// known placeholders are the seeded TemplateField rows; a known field
// without a value becomes empty, and an unknown [[...]] is removed so the
// prospect never sees brackets (docs/decisions/0021-invitations.md).
// Values are HTML-escaped; the link rows, link and document links are HTML
// the portal builds itself.
import { formatPhone } from "~/lib/format";
import { escapeHtml } from "~/lib/html.server";

export type MergeLine = {
  carrierName: string;
  productType: string;
  levelNo: number;
  levelName: string;
  scheduleName: string;
  /** Address of the commission schedule document, or null. */
  documentUrl: string | null;
};

export type MergeContext = {
  prospect: { firstName: string; lastName: string };
  recruiter: {
    firstName?: string | null;
    lastName?: string | null;
    companyName?: string | null;
    agentNumber: string;
    email?: string | null;
    phone?: string | null;
    address1?: string | null;
    address2?: string | null;
    city?: string | null;
    stateCode?: string | null;
    zipCode?: string | null;
    businessName?: string | null;
    businessPhone?: string | null;
    businessAddress1?: string | null;
    businessAddress2?: string | null;
    businessCity?: string | null;
    businessStateCode?: string | null;
    businessZipCode?: string | null;
  };
  companyName: string;
  /** The address the prospect follows: APP_URL/MLT<code> or /<prefix><code>. */
  linkUrl: string;
  lines: MergeLine[];
};

const PLACEHOLDER = /\[\[\s*([A-Za-z0-9_]{1,60})\s*\]\]/g;

/** (###) ###-#### for 10 digits, else as stored: the portal's one phone format (~/lib/format). */
export { formatPhone };

const text = (s: string | null | undefined) => escapeHtml((s ?? "").trim());

function linkRows(lines: MergeLine[]): string {
  const cell = 'style="padding:4px 8px;border:1px solid #cccccc"';
  const head = ["Carrier", "Product", "Level", "Level Name"].map((h) => `<th ${cell}>${h}</th>`).join("");
  const rows = lines
    .map((l) => `<tr><td ${cell}>${text(l.carrierName)}</td><td ${cell}>${text(l.productType)}</td><td ${cell}>${l.levelNo}</td><td ${cell}>${text(l.levelName)}</td></tr>`)
    .join("");
  return `<table style="border-collapse:collapse"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

function documentLinks(lines: MergeLine[]): string {
  const items = lines
    .filter((l) => l.documentUrl)
    .map((l) => `<li><a href="${escapeHtml(l.documentUrl!)}">${text(`${l.scheduleName}, level ${l.levelNo} ${l.levelName}`)}</a></li>`);
  return items.length ? `<ul>${items.join("")}</ul>` : "";
}

/** The value (HTML) of every known placeholder, keyed by its name without brackets. */
export function mergeValues(ctx: MergeContext): Record<string, string> {
  const r = ctx.recruiter;
  const personName = [r.firstName, r.lastName].map((s) => (s ?? "").trim()).filter(Boolean).join(" ");
  const name = personName || (r.companyName ?? r.businessName ?? "").trim();
  return {
    ProspectFirstName: text(ctx.prospect.firstName),
    ProspectLastName: text(ctx.prospect.lastName),
    AppointmentLink: `<a href="${escapeHtml(ctx.linkUrl)}">${escapeHtml(ctx.linkUrl)}</a>`,
    AppointmentLinkRows: linkRows(ctx.lines),
    DocumentLinks: documentLinks(ctx.lines),
    RecruiterName: text(name),
    RecruiterFirstName: text(r.firstName),
    RecruiterLastName: text(r.lastName),
    RecruiterAgentNumber: text(r.agentNumber),
    RecruiterEmail: text(r.email),
    RecruiterPhone: text(formatPhone(r.phone)),
    RecruiterAddress1: text(r.address1),
    RecruiterAddress2: text(r.address2),
    RecruiterCity: text(r.city),
    RecruiterState: text(r.stateCode),
    RecruiterZip: text(r.zipCode),
    AgencyName: text(r.businessName || r.companyName || name),
    AgencyPhone: text(formatPhone(r.businessPhone || r.phone)),
    AgencyAddress1: text(r.businessAddress1 ?? r.address1),
    AgencyAddress2: text(r.businessAddress1 ? r.businessAddress2 : r.address2),
    AgencyCity: text(r.businessAddress1 ? r.businessCity : r.city),
    AgencyState: text(r.businessAddress1 ? r.businessStateCode : r.stateCode),
    AgencyZip: text(r.businessAddress1 ? r.businessZipCode : r.zipCode),
    CompanyName: text(ctx.companyName),
  };
}

/**
 * Replaces the placeholders of `html`. `known` are the placeholder names of
 * the seeded merge fields ([[Name]] → Name); a known one without a value and
 * any unknown one become empty.
 */
export function renderMergeFields(html: string, values: Record<string, string>, known: ReadonlySet<string>): string {
  return html.replace(PLACEHOLDER, (_m, name: string) => (known.has(name) ? (values[name] ?? "") : ""));
}

/** Plain text merge (the subject line): values without markup. */
export function renderMergeText(s: string, values: Record<string, string>, known: ReadonlySet<string>): string {
  return renderMergeFields(s, values, known)
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[e]!)
    .replace(/\s+/g, " ")
    .trim();
}

/** "[[Name]]" → "Name". */
export const placeholderName = (placeholder: string) => placeholder.replace(/^\[\[|\]\]$/g, "").trim();
