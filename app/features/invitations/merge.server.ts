// Merge fields of invitation emails (spec part 1 §7, part 3 'Template
// field'): [[Placeholder]] in the template's HTML is replaced at send time
// with values of the prospect, the recruiter, the agency and the links. The
// known placeholders are the seeded TemplateField rows; a known field
// without a value becomes empty, and an unknown [[...]] is removed so the
// prospect never sees brackets (docs/decisions/0021-invitations.md).
// The merge runs on the parsed document, by where the field stands
// (docs/decisions/0046-merge-fields-preview-empty-text.md): in text a field
// gives its HTML (escaped text; [[AppointmentLink]] an anchor, the rows a
// table), inside a link its plain text (no link in a link); in href/src the
// bare URL of a link field (http/https only) or the percent-encoded text of
// any other field; in other attributes its plain text.
import { escapeHtml, sanitizeRichHtml, type HtmlRewrite } from "~/lib/html.server";
import { formatPhone } from "~/lib/format";
import { linkListHtml, linkRowsHtml, urlLinkHtml } from "./merge-html.server";

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

/** A field's value: its plain text, its HTML in text, and for a link field its URL. */
export type MergeValue = { text: string; html: string; url?: string };

const text = (s: string | null | undefined): MergeValue => {
  const t = (s ?? "").trim();
  return { text: t, html: escapeHtml(t) };
};

/** An http(s) address, else "" (a merge field never brings another scheme into a link). */
function webUrl(s: string): string {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : "";
  } catch {
    return "";
  }
}

const documentName = (l: MergeLine) => `${l.scheduleName}, level ${l.levelNo} ${l.levelName}`;

function documentLinks(lines: MergeLine[]): string {
  return linkListHtml(lines.filter((l) => l.documentUrl).map((l) => ({ href: l.documentUrl!, label: documentName(l) })));
}

function linkValue(url: string): MergeValue {
  const u = webUrl(url);
  return { text: u, html: u ? urlLinkHtml(u) : "", url: u };
}

/** The value of every known placeholder, keyed by its name without brackets. */
export function mergeValues(ctx: MergeContext): Record<string, MergeValue> {
  const r = ctx.recruiter;
  const personName = [r.firstName, r.lastName].map((s) => (s ?? "").trim()).filter(Boolean).join(" ");
  const name = personName || (r.companyName ?? r.businessName ?? "").trim();
  return {
    ProspectFirstName: text(ctx.prospect.firstName),
    ProspectLastName: text(ctx.prospect.lastName),
    AppointmentLink: linkValue(ctx.linkUrl),
    AppointmentLinkRows: { text: ctx.lines.map((l) => `${l.carrierName} ${l.productType} level ${l.levelNo} ${l.levelName}`).join("; "), html: linkRowsHtml(ctx.lines) },
    DocumentLinks: { text: ctx.lines.filter((l) => l.documentUrl).map(documentName).join("; "), html: documentLinks(ctx.lines) },
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

const URL_ATTRIBUTES = new Set(["href", "src"]);

/** The merge as a rewrite of the parsed document (see the top of this file). */
export function mergeRewrite(values: Record<string, MergeValue>, known: ReadonlySet<string>): HtmlRewrite {
  const value = (name: string): MergeValue | undefined => (known.has(name) ? values[name] : undefined);
  return {
    text: (escaped, { inLink }) => escaped.replace(PLACEHOLDER, (_m, name: string) => {
      const v = value(name);
      return v ? (inLink ? escapeHtml(v.text) : v.html) : "";
    }),
    attribute: (attr, { name: attrName }) => {
      if (!URL_ATTRIBUTES.has(attrName)) return attr.replace(PLACEHOLDER, (_m, name: string) => value(name)?.text ?? "");
      return attr.replace(PLACEHOLDER, (_m, name: string, at: number) => {
        const v = value(name);
        if (!v) return "";
        // A link field opening the address is the address; anywhere else a value is data inside it.
        if (v.url !== undefined && attr.slice(0, at).trim() === "") return v.url;
        return encodeURIComponent(v.url ?? v.text);
      }).trim();
    },
  };
}

/**
 * Replaces the placeholders of `html` on its parsed form and sanitizes
 * (without a base URL: the caller sanitizes the result again, decision
 * 0046). `known` are the placeholder names of the seeded merge fields
 * ([[Name]] → Name); a known one without a value and any unknown one
 * become empty.
 */
export function renderMergeFields(html: string, values: Record<string, MergeValue>, known: ReadonlySet<string>): string {
  return sanitizeRichHtml(html, { rewrite: mergeRewrite(values, known) });
}

/** Plain text merge (the subject line): the fields' plain text. */
export function renderMergeText(s: string, values: Record<string, MergeValue>, known: ReadonlySet<string>): string {
  return s
    .replace(PLACEHOLDER, (_m, name: string) => (known.has(name) ? (values[name]?.text ?? "") : ""))
    .replace(/\s+/g, " ")
    .trim();
}

/** "[[Name]]" → "Name". */
export const placeholderName = (placeholder: string) => placeholder.replace(/^\[\[|\]\]$/g, "").trim();
