// The filing files (decision 0112): stored encrypted (adapter.server.ts seals the CSV as one
// field value), downloaded once by an administrator (the route has checked manage:state-filings;
// audited, the second download refused with the reason), and purged by the daily job after
// FILING_FILE_RETENTION_DAYS (they hold SSNs).
import { auditRow } from "~/lib/audit.server";
import { decryptField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { contentDisposition, readFileBytes, removeBlob } from "~/lib/storage.server";
import { FILING_MESSAGES as M } from "./filing-messages";
import { isUuid } from "~/lib/uuid";

export type DownloadOutcome = { ok: true; response: Response } | { ok: false; code: "NOT_FOUND" | "DOWNLOADED" | "PURGED"; message: string };

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/**
 * The file's CSV, once: the row is locked, the bytes read and opened, and downloadedAt set in one
 * transaction, so two clicks at once give one file. A refusal is audited too.
 */
export async function downloadFilingFile(id: string, actor: { id: string; impersonatorId?: string | null; request?: Request; now?: Date }): Promise<DownloadOutcome> {
  if (!isUuid(id)) return { ok: false, code: "NOT_FOUND", message: M.downloadNotFound };
  const now = actor.now ?? new Date();
  const audit = (action: string, details: Record<string, unknown>) => {
    const row = auditRow(action, { request: actor.request, actorUserId: actor.id, impersonatorUserId: actor.impersonatorId ?? null, targetType: "FilingFile", targetId: id, details });
    return { ...row, details: JSON.parse(row.details!) as never };
  };
  const outcome = await prisma.$transaction(
    async (tx) => {
      const [locked] = await tx.$queryRawUnsafe<Array<{ id: string }>>(`SELECT id FROM filing_files WHERE id = $1::uuid FOR UPDATE`, id);
      if (!locked) return { ok: false as const, code: "NOT_FOUND" as const, message: M.downloadNotFound };
      const f = await tx.filingFile.findUniqueOrThrow({ where: { id }, include: { storedFile: true } });
      if (f.downloadedAt) return { ok: false as const, code: "DOWNLOADED" as const, message: M.downloadedAlready(when(f.downloadedAt)), layout: f.layout };
      if (!f.storedFile) return { ok: false as const, code: "PURGED" as const, message: M.downloadPurged(when(f.purgedAt ?? now)), layout: f.layout };
      const text = decryptField(Buffer.from(await readFileBytes(f.storedFile)).toString("utf8"));
      await tx.filingFile.update({ where: { id }, data: { downloadedAt: now, downloadedById: actor.id } });
      await tx.auditLog.create({ data: audit("FILING_FILE_DOWNLOADED", { layout: f.layout, rows: f.rowCount, batchId: f.batchId }) });
      return { ok: true as const, text, fileName: f.fileName };
    },
    { timeout: 60_000 },
  );
  if (!outcome.ok) {
    if (outcome.code !== "NOT_FOUND") await prisma.auditLog.create({ data: audit("FILING_FILE_DOWNLOAD_REFUSED", { reason: outcome.code, layout: outcome.layout }) });
    return { ok: false, code: outcome.code, message: outcome.message };
  }
  const body = Buffer.from(outcome.text, "utf8");
  return {
    ok: true,
    response: new Response(body, {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Length": String(body.byteLength),
        "Content-Disposition": contentDisposition("attachment", outcome.fileName),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    }),
  };
}

/**
 * The daily job's pass: the bytes of every filing file older than FILING_FILE_RETENTION_DAYS are
 * removed (downloaded or not); the row stays, purgedAt set, for the history. Returns how many.
 */
export async function purgeFilingFiles(now = new Date(), days = env().FILING_FILE_RETENTION_DAYS): Promise<number> {
  const before = new Date(now.getTime() - days * 86_400_000);
  const due = await prisma.filingFile.findMany({ where: { storedFileId: { not: null }, createdAt: { lt: before } }, include: { storedFile: true } });
  let purged = 0;
  for (const f of due) {
    const key = f.storedFile!.storageKey;
    const done = await prisma.$transaction(async (tx) => {
      const n = (await tx.filingFile.updateMany({ where: { id: f.id, storedFileId: f.storedFileId }, data: { storedFileId: null, purgedAt: now } })).count;
      if (n === 1) await tx.storedFile.deleteMany({ where: { id: f.storedFileId! } });
      return n === 1;
    });
    // The bytes after the row: a crash between leaves bytes without a row, never a row without bytes.
    if (done) {
      await removeBlob(key);
      purged += 1;
    }
  }
  return purged;
}
