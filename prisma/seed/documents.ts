// Stores the generated system PDFs as Document rows (kindCode SYSTEM,
// documentKey = document type code, or COMSCHED:<scheduleId> for a
// commission schedule). A document is stored again only when its bytes
// change (sha256), and then as a new version with the old one not current.
import { createHash } from "node:crypto";
import type { Document } from "../../app/generated/prisma/client";
import { commissionScheduleFileName, renderCommissionSchedulePdf } from "../../app/features/documents/commission-schedule-pdf.server";
import { DOCUMENT_TYPE_CODES } from "../../app/features/documents/system-document-codes";
import { systemDocuments } from "../../app/features/documents/system-pdfs.server";
import { saveFile } from "../../app/lib/storage.server";
import type { Db } from "./factories";

export type RenderedDocument = {
  documentKey: string;
  documentTypeCode: string;
  title: string;
  fileName: string;
  bytes: Uint8Array;
};

/** Renders every system document (outside any transaction: it takes a moment). */
export async function renderSystemDocuments(): Promise<RenderedDocument[]> {
  const out: RenderedDocument[] = [];
  for (const d of systemDocuments()) {
    out.push({
      documentKey: d.documentTypeCode,
      documentTypeCode: d.documentTypeCode,
      title: d.title,
      fileName: d.fileName,
      bytes: await d.render(),
    });
  }
  return out;
}

/** Stores the document unless the current version has the same bytes. */
export async function storeSystemDocument(db: Db, doc: RenderedDocument): Promise<{ document: Document; created: boolean }> {
  const sha256 = createHash("sha256").update(doc.bytes).digest("hex");
  const current = await db.document.findFirst({
    where: { documentKey: doc.documentKey, kindCode: "SYSTEM", isCurrent: true },
    include: { storedFile: true },
    orderBy: { version: "desc" },
  });
  if (current && current.storedFile.sha256 === sha256 && current.title === doc.title) {
    return { document: current, created: false };
  }
  const file = await saveFile({ bytes: doc.bytes, fileName: doc.fileName, contentType: "application/pdf" }, db);
  if (current) {
    await db.document.updateMany({ where: { documentKey: doc.documentKey, kindCode: "SYSTEM" }, data: { isCurrent: false } });
  }
  const document = await db.document.create({
    data: {
      documentTypeCode: doc.documentTypeCode,
      kindCode: "SYSTEM",
      documentKey: doc.documentKey,
      title: doc.title,
      storedFileId: file.id,
      version: (current?.version ?? 0) + 1,
      isCurrent: true,
    },
  });
  return { document, created: true };
}

/**
 * Makes sure every commission schedule has a current PDF and that each of
 * its levels points at it. Renders each schedule (deterministic), so an
 * unchanged schedule stores nothing.
 */
export async function ensureCommissionScheduleDocuments(db: Db): Promise<number> {
  const schedules = await db.commissionSchedule.findMany({
    include: { carrier: true, productType: true, levels: { orderBy: { levelNo: "asc" } } },
    orderBy: { scheduleId: "asc" },
  });
  let created = 0;
  for (const s of schedules) {
    const input = {
      scheduleName: s.scheduleName,
      carrierCode: s.carrier.carrierCode,
      carrierName: s.carrier.name,
      productType: s.productType.name,
      mgaCode: s.mgaCode,
      levels: s.levels.map((l) => ({ levelNo: l.levelNo, levelName: l.levelName })),
    };
    const bytes = await renderCommissionSchedulePdf(input);
    const result = await storeSystemDocument(db, {
      documentKey: `COMSCHED:${s.scheduleId}`,
      documentTypeCode: DOCUMENT_TYPE_CODES.commissionSchedule,
      title: `Commission Schedule - ${s.scheduleName}`,
      fileName: commissionScheduleFileName(input),
      bytes,
    });
    if (result.created) created++;
    const stale = s.levels.filter((l) => l.documentId !== result.document.id).map((l) => l.scheduleLevelId);
    if (stale.length) {
      await db.scheduleLevel.updateMany({
        where: { scheduleLevelId: { in: stale } },
        data: { documentId: result.document.id },
      });
    }
  }
  return created;
}
