import { describe, expect, it } from "vitest";
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFPage } from "pdf-lib";
import {
  HEALTH_LEVEL_NAMES,
  LIFE_LEVEL_NAMES,
  commissionScheduleFileName,
  defaultScheduleLevels,
  renderCommissionSchedulePdf,
} from "./commission-schedule-pdf.server";
import { COMPANY_NAME, toWinAnsi, versionDate } from "./pdf-layout.server";
import { DOCUMENT_TYPE_CODES } from "./system-document-codes";
import { systemDocuments } from "./system-pdfs.server";

/** The text shown on a page (pdf-lib writes hex strings with Tj). */
function pageText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => page.doc.context.lookup(r)) : [contents];
  let out = "";
  for (const s of streams) {
    if (!(s instanceof PDFRawStream)) continue;
    const bytes = decodePDFRawStream(s).decode();
    const ops = Buffer.from(bytes).toString("latin1");
    for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out += Buffer.from(m[1], "hex").toString("latin1") + "\n";
  }
  return out;
}

describe("systemDocuments", () => {
  const docs = systemDocuments();

  it("lists every system document with the documented codes", () => {
    expect(docs.map((d) => d.documentTypeCode).sort()).toEqual(
      [
        "ALLCO_AGREE",
        "REP_AGREE",
        "CO_POLICY",
        "AML_GUIDE",
        "HELP_RECRUIT",
        "HELP_COMPLETE_APP",
        "HELP_NEW_USER",
        "HELP_EXISTING_USER",
        "INSTRUCTIONS",
        "WIZARD_POINTERS",
      ].sort(),
    );
    expect(new Set(docs.map((d) => d.fileName)).size).toBe(docs.length);
    for (const d of docs) expect(d.fileName).toMatch(/^[a-z0-9-]+\.pdf$/);
  });

  it.each(docs.map((d) => [d.documentTypeCode, d] as const))("%s renders a readable 1-4 page PDF", async (_code, d) => {
    const bytes = await d.render();
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getTitle()).toBe(d.title);
    expect(pdf.getAuthor()).toContain(COMPANY_NAME);
    expect(pdf.getCreationDate()?.toISOString()).toBe(versionDate(d.version).toISOString());
    expect(pdf.getModificationDate()?.toISOString()).toBe(versionDate(d.version).toISOString());
    const n = pdf.getPageCount();
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(4);
    const texts = pdf.getPages().map(pageText);
    texts.forEach((t, i) => {
      expect(t).toContain(COMPANY_NAME);
      expect(t).toContain(`Page ${i + 1} of ${n}`);
      expect(t).toContain(`Version ${d.version}`);
      expect(t).toContain("January 1, 2026");
    });
    // A real document: a title and several paragraphs of text.
    expect(texts[0]).toContain(toWinAnsi(d.title).split(" ")[0]);
    expect(texts.join("").length).toBeGreaterThan(1500);
  });

  it("is deterministic", async () => {
    for (const d of docs.slice(0, 3)) {
      const [a, b] = [await d.render(), await d.render()];
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    }
  });

  it("agreement texts mention the company and founding year", async () => {
    const d = docs.find((x) => x.documentTypeCode === DOCUMENT_TYPE_CODES.companyPolicy)!;
    const pdf = await PDFDocument.load(await d.render());
    expect(pdf.getPages().map(pageText).join(" ")).toContain("1850");
  });
});

describe("renderCommissionSchedulePdf", () => {
  it("renders 17 life levels with names and rates", async () => {
    const bytes = await renderCommissionSchedulePdf({
      scheduleName: "SLAC Life Select",
      carrierCode: "SLAC",
      carrierName: "Standard Life Assurance Company",
      productType: "Life",
      mgaCode: "MGA100",
    });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe("Commission Schedule - SLAC Life Select");
    expect(pdf.getPageCount()).toBeLessThanOrEqual(2);
    const text = pdf.getPages().map(pageText).join("\n");
    for (const name of LIFE_LEVEL_NAMES) expect(text).toContain(name);
    expect(text).toContain("17");
    expect(text).toContain("120.00%");
    expect(text).toContain("MGA code: MGA100");
  });

  it("renders 9 health levels and uses given levels and rates", async () => {
    const levels = defaultScheduleLevels("Health");
    expect(levels).toHaveLength(9);
    expect(levels.map((l) => l.levelName)).toEqual([...HEALTH_LEVEL_NAMES]);
    const bytes = await renderCommissionSchedulePdf({
      scheduleName: "MIAC Health Block 72",
      carrierCode: "MIAC",
      productType: "Health",
      blockNumber: 72,
      levels: [
        { levelNo: 2, levelName: "Second", firstYearRate: "12.5", renewalRate: 5.5 },
        { levelNo: 1, levelName: "First", firstYearRate: 10, renewalRate: null },
      ],
    });
    const pdf = await PDFDocument.load(bytes);
    const text = pdf.getPages().map(pageText).join("\n");
    expect(text.indexOf("First")).toBeLessThan(text.indexOf("Second"));
    expect(text).toContain("12.50%");
    expect(text).toContain("9.00%"); // renewal fallback for level 1 (health: 5 + 8 x 0.5)
    expect(text).toContain("Block: 72");
  });

  it("is deterministic and names files safely", async () => {
    const s = { scheduleName: "Life Plus / 2026", carrierCode: "SLAC", productType: "Life" };
    const a = await renderCommissionSchedulePdf(s);
    const b = await renderCommissionSchedulePdf(s);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(commissionScheduleFileName(s)).toBe("commission-schedule-slac-life-plus-2026.pdf");
  });
});

describe("versionDate", () => {
  it("maps YYYY.MM to the first of the month", () => {
    expect(versionDate("2026.03").toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(() => versionDate("v1")).toThrow();
  });
});
