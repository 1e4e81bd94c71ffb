// The one sanitizer of stored HTML (invitation emails, email templates):
// sanitize-html with an allow-list of what the rich-text editor (lexical)
// produces. Removed: scripts, styles, iframes, forms, event handlers (on*),
// javascript:/data: URLs and every attribute not listed. Kept: paragraphs,
// headings, bold/italic/underline/strike (b i u s strong em span), lists,
// links (http, https, mailto), tables (merge-field rows) and images.
// Images come in three sizes: small 80 px, medium 300 px, large at the
// image's original size but never wider than the email (spec part 3 §2 and
// §9; part 1 §7 says small 60 px and large full width: the template editor's
// part wins, docs/decisions/0025-email-templates.md). The size is written as
// the width attribute plus an inline style (email clients ignore
// stylesheets), whatever the editor marked it with (class
// img-small/img-medium/img-large, or a width of 60/80/300/100%).
// Root-relative addresses (/timg/… of template images) stay relative when
// stored; `baseUrl` makes them absolute for a sent email.
// Placeholders [[Field]] are plain text and pass unchanged, unless a
// `rewrite` is given: then each text node and attribute value passes through
// it on the parsed document (the invitation's merge fields, decision 0046),
// before the allow-list checks of this pass.
import sanitizeHtml from "sanitize-html";
import { LINK_SCHEMES } from "./link-url";

export const IMAGE_SIZES = {
  small: { className: "img-small", width: "80", style: "width:80px;max-width:100%;height:auto" },
  medium: { className: "img-medium", width: "300", style: "width:300px;max-width:100%;height:auto" },
  large: { className: "img-large", width: null, style: "max-width:100%;height:auto" },
} as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

function imageSizeOf(attribs: Record<string, string>): ImageSize {
  const cls = ` ${attribs.class ?? ""} `;
  if (cls.includes(" img-small ")) return "small";
  if (cls.includes(" img-medium ")) return "medium";
  if (cls.includes(" img-large ")) return "large";
  const width = (attribs.width ?? "").trim();
  if (["60", "60px", "80", "80px"].includes(width)) return "small";
  if (width === "300" || width === "300px") return "medium";
  const styleWidth = /(?:^|;)\s*width\s*:\s*([^;]+)/i.exec(attribs.style ?? "")?.[1]?.trim();
  if (styleWidth === "60px" || styleWidth === "80px") return "small";
  if (styleWidth === "300px") return "medium";
  return "large";
}

const TEXT_STYLES = {
  "text-align": [/^(left|right|center|justify|start|end)$/],
  "white-space": [/^pre-wrap$/],
  "text-decoration": [/^(underline|line-through|none)$/],
  "font-weight": [/^(bold|normal|[1-9]00)$/],
  "font-style": [/^(italic|normal)$/],
  margin: [/^(\d{1,3}(px|em)?\s*){1,4}$/],
};

// Cells may keep their words whole: the email's content breaks anywhere (long addresses), which
// in a table would split short headers ('Leve l', the merge field's rows).
const CELL_STYLES = {
  ...TEXT_STYLES,
  padding: [/^(\d{1,2}px\s*){1,4}$/],
  border: [/^1px solid #[0-9a-f]{3,6}$/i],
  "overflow-wrap": [/^normal$/],
  "word-break": [/^normal$/],
};

/** A root-relative address ("/timg/x.png", not "//host") made absolute to `baseUrl`. */
function absolute(url: string | undefined, baseUrl: string | undefined): string | undefined {
  if (!url || !baseUrl || !url.startsWith("/") || url.startsWith("//") || url.startsWith("/\\")) return url;
  return `${baseUrl.replace(/\/+$/, "")}${url}`;
}

const options = (baseUrl?: string): sanitizeHtml.IOptions => ({
  allowedTags: [
    "p", "br", "div", "span", "b", "i", "u", "s", "strong", "em", "strike", "del", "sub", "sup",
    "h1", "h2", "h3", "h4", "blockquote", "ul", "ol", "li", "a", "img", "hr",
    "table", "thead", "tbody", "tr", "th", "td",
  ],
  disallowedTagsMode: "discard",
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "class", "style"],
    td: ["colspan", "rowspan", "style"],
    th: ["colspan", "rowspan", "style", "scope"],
    table: ["style", "role"],
    ol: ["start"],
    "*": ["style", "dir"],
  },
  allowedClasses: { img: ["img-small", "img-medium", "img-large"] },
  allowedStyles: {
    "*": TEXT_STYLES,
    img: { width: [/^(80px|300px)$/], "max-width": [/^100%$/], height: [/^auto$/] },
    table: { ...TEXT_STYLES, "border-collapse": [/^collapse$/], width: [/^100%$/] },
    td: CELL_STYLES,
    th: CELL_STYLES,
  },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: ["http", "https", "cid"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(attribs.href ? { href: absolute(attribs.href, baseUrl)! } : {}),
        ...(attribs.target ? { target: "_blank", rel: "noopener noreferrer" } : {}),
      },
    }),
    img: (tagName, attribs) => {
      const size = IMAGE_SIZES[imageSizeOf(attribs)];
      const out: Record<string, string> = { src: absolute(attribs.src, baseUrl) ?? "", alt: attribs.alt ?? "", class: size.className };
      if (size.width) out.width = size.width;
      out.style = size.style;
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
});

const STORED = options();

/** Rewrites the text of a parsed document (see sanitizeRichHtml). */
export type HtmlRewrite = {
  /** A text node, HTML-escaped, to HTML (inserted as is: run the result through sanitizeRichHtml again). `inLink`: inside an <a>. */
  text: (escaped: string, at: { inLink: boolean }) => string;
  /** An attribute's value (decoded text) to its new value (escaped on output, then checked by the allow-list). */
  attribute: (value: string, at: { tag: string; name: string }) => string;
};

function withRewrite(base: sanitizeHtml.IOptions, rewrite: HtmlRewrite): sanitizeHtml.IOptions {
  let links = 0;
  return {
    ...base,
    onOpenTag: (tag) => {
      if (tag === "a") links++;
    },
    onCloseTag: (tag) => {
      if (tag === "a" && links > 0) links--;
    },
    textFilter: (escaped) => rewrite.text(escaped, { inLink: links > 0 }),
    transformTags: {
      ...base.transformTags,
      "*": (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(Object.entries(attribs).map(([name, value]) => [name, rewrite.attribute(value, { tag: tagName, name })])),
      }),
    },
  };
}

/**
 * Safe HTML for storing and sending (see the top of this file). With
 * `baseUrl` (APP_URL, for a sent email) root-relative image and link
 * addresses become absolute. With `rewrite` the text nodes and attribute
 * values are rewritten on the parsed document in the same pass; text it
 * returns is HTML that this pass does not check, so sanitize its result again.
 */
export function sanitizeRichHtml(html: string, opts: { baseUrl?: string; rewrite?: HtmlRewrite } = {}): string {
  const base = opts.baseUrl ? options(opts.baseUrl) : STORED;
  return sanitizeHtml(html, opts.rewrite ? withRewrite(base, opts.rewrite) : base);
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
