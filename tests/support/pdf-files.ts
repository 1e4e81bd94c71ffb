// PDFs the tests upload as an applicant or an administrator would.
import { PDFDocument, StandardFonts } from "pdf-lib";

/** A one-page PDF titled 'E&O Certificate' (a real PDF the portal's checks accept). */
export async function eoCertificatePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("E&O Certificate", { x: 30, y: 100, size: 18, font });
  return Buffer.from(await doc.save());
}
