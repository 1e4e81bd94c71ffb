// A small, deterministic document layout on top of pdf-lib: headings,
// wrapped paragraphs, bullet and numbered lists, shaded notes, tables (cells
// wrap over several lines, never cut) and
// signature lines, on US Letter pages with a running header and a footer
// carrying the title, version, date and 'Page n of N' on every page.
//
// The same input always gives the same bytes: the creation and modification
// dates come from the version, never from the clock.
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from "pdf-lib";

export const COMPANY_NAME = "Heritage Mutual Life & Health";
export const COMPANY_LEGAL_NAME = "Heritage Mutual Life & Health Insurance Company";
export const COMPANY_SINCE = 1850;
export const COMPANY_TAGLINE = `Serving families and the agents who protect them since ${COMPANY_SINCE}`;
export const COMPANY_ADDRESS = "1850 Founders Way, Hartford, CT 06103";

export type Block =
  | { kind: "h1"; text: string }
  | { kind: "h2"; text: string }
  | { kind: "p"; text: string }
  | { kind: "bullets"; items: string[] }
  | { kind: "numbers"; items: string[] }
  | { kind: "note"; text: string }
  | {
      kind: "table";
      columns: Array<{ header: string; width: number; align?: "left" | "right" | "center" }>;
      rows: string[][];
    }
  | { kind: "signature"; lines: string[] }
  | { kind: "space"; height: number };

/** Block builders for document texts (system-pdfs and its sibling modules). */
export const p = (text: string): Block => ({ kind: "p", text });
export const h1 = (text: string): Block => ({ kind: "h1", text });
export const h2 = (text: string): Block => ({ kind: "h2", text });
export const bullets = (...items: string[]): Block => ({ kind: "bullets", items });
export const numbers = (...items: string[]): Block => ({ kind: "numbers", items });
export const note = (text: string): Block => ({ kind: "note", text });

export type DocumentSpec = {
  title: string;
  subtitle?: string;
  /** 'YYYY.MM' (e.g. '2026.01'); the document date is the 1st of that month. */
  version: string;
  subject?: string;
  keywords?: string[];
  blocks: Block[];
};

const PAGE_W = 612;
const PAGE_H = 792;
const MARGIN_X = 64;
const TOP = PAGE_H - 92; // below the running header
const BOTTOM = 72; // above the footer
const CONTENT_W = PAGE_W - 2 * MARGIN_X;

const INK = rgb(0.13, 0.15, 0.2);
const ACCENT = rgb(0.09, 0.27, 0.45);
const MUTED = rgb(0.4, 0.43, 0.48);
const SHADE = rgb(0.93, 0.95, 0.98);
const RULE = rgb(0.75, 0.79, 0.85);

/** The date a version stands for: 'YYYY.MM' gives the 1st of that month, UTC. */
export function versionDate(version: string): Date {
  const m = /^(\d{4})\.(\d{2})/.exec(version);
  if (!m) throw new Error(`Version must look like YYYY.MM, got ${JSON.stringify(version)}`);
  const month = Number(m[2]);
  if (month < 1 || month > 12) throw new Error(`Bad month in version ${version}`);
  return new Date(Date.UTC(Number(m[1]), month - 1, 1));
}

const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];

export function formatLongDate(d: Date): string {
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

/** Standard fonts are WinAnsi: map typographic characters, drop the rest. */
export function toWinAnsi(text: string): string {
  return text
    .replace(/[\u2018\u2019\u2032]/g, "'")
    .replace(/[\u201c\u201d\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/\u00a0/g, " ")
    .replace(/[^\x20-\x7e\u00a1-\u00ff\n]/g, "?");
}

type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont };

class Writer {
  page!: PDFPage;
  y = TOP;
  pages: PDFPage[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([PAGE_W, PAGE_H]);
    this.pages.push(this.page);
    this.y = TOP;
  }

  ensure(height: number) {
    if (this.y - height < BOTTOM) this.newPage();
  }

  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const out: string[] = [];
    for (const para of toWinAnsi(text).split("\n")) {
      const words = para.split(/\s+/).filter(Boolean);
      let line = "";
      for (const word of words) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) out.push(line);
        // A single word wider than the line is cut into pieces.
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width) {
          let cut = rest.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
          out.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      out.push(line);
    }
    return out;
  }

  text(lines: string[], opts: { font: PDFFont; size: number; x?: number; color?: typeof INK; leading?: number }) {
    const leading = opts.leading ?? opts.size * 1.4;
    for (const line of lines) {
      this.ensure(leading);
      this.y -= leading;
      this.page.drawText(line, {
        x: opts.x ?? MARGIN_X,
        y: this.y + (leading - opts.size) / 2,
        size: opts.size,
        font: opts.font,
        color: opts.color ?? INK,
      });
    }
  }

  block(b: Block, next?: Block) {
    const { regular, bold, italic } = this.fonts;
    switch (b.kind) {
      case "h1": {
        const lines = this.wrap(b.text, bold, 14, CONTENT_W);
        this.ensure(lines.length * 20 + 8 + minFollow(next));
        this.y -= 8;
        this.text(lines, { font: bold, size: 14, color: ACCENT, leading: 20 });
        this.y -= 4;
        break;
      }
      case "h2": {
        const lines = this.wrap(b.text, bold, 11.5, CONTENT_W);
        this.ensure(lines.length * 16 + 6 + minFollow(next));
        this.y -= 6;
        this.text(lines, { font: bold, size: 11.5, color: INK, leading: 16 });
        this.y -= 2;
        break;
      }
      case "p": {
        this.text(this.wrap(b.text, regular, 10.5, CONTENT_W), { font: regular, size: 10.5, leading: 14.5 });
        this.y -= 6;
        break;
      }
      case "bullets":
      case "numbers": {
        b.items.forEach((item, i) => {
          const marker = b.kind === "bullets" ? "\u2022" : `${i + 1}.`;
          const lines = this.wrap(item, regular, 10.5, CONTENT_W - 22);
          this.ensure(14.5);
          this.page.drawText(marker, {
            x: MARGIN_X + 6,
            y: this.y - 14.5 + 2.2,
            size: 10.5,
            font: b.kind === "bullets" ? regular : bold,
            color: ACCENT,
          });
          this.text(lines, { font: regular, size: 10.5, x: MARGIN_X + 22, leading: 14.5 });
          this.y -= 3;
        });
        this.y -= 4;
        break;
      }
      case "note": {
        const lines = this.wrap(b.text, italic, 10, CONTENT_W - 24);
        const h = lines.length * 14 + 14;
        this.ensure(h);
        this.page.drawRectangle({ x: MARGIN_X, y: this.y - h, width: CONTENT_W, height: h, color: SHADE });
        this.page.drawRectangle({ x: MARGIN_X, y: this.y - h, width: 3, height: h, color: ACCENT });
        this.y -= 7;
        this.text(lines, { font: italic, size: 10, x: MARGIN_X + 14, leading: 14 });
        this.y -= 15;
        break;
      }
      case "table": {
        const total = b.columns.reduce((s, c) => s + c.width, 0);
        const widths = b.columns.map((c) => (c.width / total) * CONTENT_W);
        // A cell too long for its column wraps over several lines (never cut): the row grows to its tallest cell.
        const size = 9.5;
        const lead = 12;
        const pad = 6;
        const headerCells = b.columns.map((c) => c.header);
        const cellLines = (cells: string[], header: boolean) =>
          cells.map((cell, i) => this.wrap(cell, header ? bold : regular, size, widths[i] - 10));
        const heightOf = (lines: string[][]) => Math.max(1, ...lines.map((l) => l.length)) * lead + pad;
        const drawRow = (cells: string[], header: boolean, shaded: boolean) => {
          const lines = cellLines(cells, header);
          const rowH = heightOf(lines);
          if (this.y - rowH < BOTTOM) {
            this.newPage();
            if (!header) drawRow(headerCells, true, false);
          }
          const yTop = this.y;
          if (header || shaded) {
            this.page.drawRectangle({
              x: MARGIN_X,
              y: yTop - rowH,
              width: CONTENT_W,
              height: rowH,
              color: header ? ACCENT : SHADE,
            });
          }
          let x = MARGIN_X;
          lines.forEach((cell, i) => {
            const font = header ? bold : regular;
            const align = b.columns[i].align ?? "left";
            cell.forEach((text, j) => {
              const w = font.widthOfTextAtSize(text, size);
              const tx = align === "right" ? x + widths[i] - 5 - w : align === "center" ? x + (widths[i] - w) / 2 : x + 5;
              this.page.drawText(text, {
                x: tx,
                y: yTop - pad / 2 - (j + 1) * lead + 3,
                size,
                font,
                color: header ? rgb(1, 1, 1) : INK,
              });
            });
            x += widths[i];
          });
          this.page.drawLine({
            start: { x: MARGIN_X, y: yTop - rowH },
            end: { x: MARGIN_X + CONTENT_W, y: yTop - rowH },
            thickness: 0.5,
            color: RULE,
          });
          this.y -= rowH;
        };
        this.ensure(heightOf(cellLines(headerCells, true)) + (b.rows[0] ? heightOf(cellLines(b.rows[0], false)) : 0) + 18);
        drawRow(headerCells, true, false);
        b.rows.forEach((row, i) => drawRow(row, false, i % 2 === 1));
        this.y -= 10;
        break;
      }
      case "signature": {
        this.ensure(b.lines.length * 34 + 10);
        this.y -= 6;
        for (const label of b.lines) {
          this.y -= 30;
          this.page.drawLine({
            start: { x: MARGIN_X, y: this.y },
            end: { x: MARGIN_X + 260, y: this.y },
            thickness: 0.7,
            color: INK,
          });
          this.page.drawText(toWinAnsi(label), { x: MARGIN_X, y: this.y - 11, size: 8.5, font: regular, color: MUTED });
          this.y -= 4;
        }
        this.y -= 10;
        break;
      }
      case "space":
        this.y -= b.height;
        break;
    }
  }
}

function minFollow(next?: Block): number {
  if (!next) return 0;
  if (next.kind === "table") return 54;
  return 30;
}

/** Renders a document spec to PDF bytes (deterministic for the same spec). */
export async function renderDocument(spec: DocumentSpec): Promise<Uint8Array> {
  const date = versionDate(spec.version);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(toWinAnsi(spec.title), { showInWindowTitleBar: true });
  doc.setAuthor(COMPANY_LEGAL_NAME);
  doc.setSubject(toWinAnsi(spec.subject ?? spec.subtitle ?? spec.title));
  doc.setKeywords([...(spec.keywords ?? []), `version ${spec.version}`]);
  doc.setCreator("Appointment Portal");
  doc.setProducer("Appointment Portal (pdf-lib)");
  doc.setLanguage("en-US");
  doc.setCreationDate(date);
  doc.setModificationDate(date);

  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const w = new Writer(doc, fonts);

  // Title block on the first page.
  const titleLines = w.wrap(spec.title, fonts.bold, 20, CONTENT_W);
  w.text(titleLines, { font: fonts.bold, size: 20, color: ACCENT, leading: 26 });
  if (spec.subtitle) {
    w.text(w.wrap(spec.subtitle, fonts.italic, 11, CONTENT_W), { font: fonts.italic, size: 11, color: MUTED, leading: 15 });
  }
  w.text([`Version ${spec.version} - effective ${formatLongDate(date)}`], {
    font: fonts.regular,
    size: 9,
    color: MUTED,
    leading: 14,
  });
  w.y -= 6;
  w.page.drawLine({ start: { x: MARGIN_X, y: w.y }, end: { x: PAGE_W - MARGIN_X, y: w.y }, thickness: 1, color: ACCENT });
  w.y -= 6;

  spec.blocks.forEach((b, i) => w.block(b, spec.blocks[i + 1]));

  // Running header and footer on every page, now that the count is known.
  const n = w.pages.length;
  const footerLeft = toWinAnsi(`${spec.title} | Version ${spec.version} | ${formatLongDate(date)}`);
  w.pages.forEach((page, i) => {
    page.drawText(COMPANY_NAME, { x: MARGIN_X, y: PAGE_H - 48, size: 12, font: fonts.bold, color: ACCENT });
    const tag = toWinAnsi(COMPANY_TAGLINE);
    page.drawText(tag, {
      x: PAGE_W - MARGIN_X - fonts.italic.widthOfTextAtSize(tag, 8),
      y: PAGE_H - 47,
      size: 8,
      font: fonts.italic,
      color: MUTED,
    });
    page.drawLine({
      start: { x: MARGIN_X, y: PAGE_H - 58 },
      end: { x: PAGE_W - MARGIN_X, y: PAGE_H - 58 },
      thickness: 0.7,
      color: RULE,
    });
    page.drawLine({ start: { x: MARGIN_X, y: 50 }, end: { x: PAGE_W - MARGIN_X, y: 50 }, thickness: 0.7, color: RULE });
    // One footer line: a title too long for it ends in '...' (the title block on the first page has it whole).
    let left = footerLeft;
    if (fonts.regular.widthOfTextAtSize(left, 8) > CONTENT_W - 80) {
      while (left.length > 10 && fonts.regular.widthOfTextAtSize(`${left}...`, 8) > CONTENT_W - 80) left = left.slice(0, -1);
      left = `${left.trimEnd()}...`;
    }
    page.drawText(left, { x: MARGIN_X, y: 38, size: 8, font: fonts.regular, color: MUTED });
    const pageText = `Page ${i + 1} of ${n}`;
    page.drawText(pageText, {
      x: PAGE_W - MARGIN_X - fonts.regular.widthOfTextAtSize(pageText, 8),
      y: 38,
      size: 8,
      font: fonts.regular,
      color: MUTED,
    });
    const legal = toWinAnsi(`${COMPANY_LEGAL_NAME}, ${COMPANY_ADDRESS}`);
    page.drawText(legal, { x: MARGIN_X, y: 27, size: 7, font: fonts.regular, color: MUTED });
  });

  return doc.save({ useObjectStreams: true });
}
