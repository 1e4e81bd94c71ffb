// The licence import (issue 23 item 1, decision 0072): a licence csv (ours or NIPR's PDB detail
// report, licence-csv.server.ts) is read and checked whole first; a file with any bad row is
// REJECTED and writes nothing (as the agent import). A good file is written through the one writer
// (records.server.ts writeLicence, source IMPORT, by state) with the standings of its NPNs
// refreshed, one transaction per batch of NPNs. A re-import writes (and audits) only what changed.
// Runs are licence_import_runs rows: an upload (job import-licences) or `npm run import:licences`.
// An upload for the lookup (purpose LOOKUP) is checked the same way and kept, nothing written.
import type { Readable } from "node:stream";
import type { LicenceImportRun } from "~/generated/prisma/client";
import type { ImportError } from "~/features/hierarchy/import-schema";
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { audit } from "~/lib/audit.server";
import { prisma } from "~/lib/db.server";
import { openFile, type WrittenBlob } from "~/lib/storage.server";
import { readLicenceFile, type FileLicence } from "./licence-csv.server";
import { refreshNpns, residentLast, residentStates, writeLicence } from "./records.server";

export const LICENCE_IMPORT_PURPOSES = ["IMPORT", "LOOKUP"] as const;
export type LicenceImportPurpose = (typeof LICENCE_IMPORT_PURPOSES)[number];
export const FINISHED: readonly string[] = ["COMPLETED", "REJECTED", "FAILED"];

/** NPNs written per transaction (with their standings). */
export const NPNS_PER_BATCH = 200;

export type LicenceImportResult =
  | { ok: true; rows: number; licences: number; npns: number; inserted: number; updated: number; unchanged: number; skipped: number }
  | { ok: false; rows: number; errorCount: number; errors: ImportError[] };

export type LicenceImportOptions = {
  purpose?: LicenceImportPurpose;
  userId?: string | null;
  totalRows?: number;
  onProgress?: (p: { phase: "READING" | "WRITING"; percent: number; rowsRead: number }) => void | Promise<void>;
  /**
   * The run whose checkpoint each batch commits with it (decision 0083): the NPNs written so far
   * (in file order) and their counts. A run cut off resumes after them.
   */
  checkpoint?: { runId: number; npnsDone: number; inserted: number; updated: number; unchanged: number };
};

/** Reads, checks and (purpose IMPORT) writes a licence csv. */
export async function importLicences(source: Readable | AsyncIterable<Uint8Array | string>, opts: LicenceImportOptions = {}): Promise<LicenceImportResult> {
  const file = await readLicenceFile(source, { residentsOnRecord: residentStates, onRows: (rows) => opts.onProgress?.({ phase: "READING", percent: 10, rowsRead: rows }) });
  if (file.errors.count > 0) return { ok: false, rows: file.rows, errorCount: file.errors.count, errors: file.errors.sorted() };
  const byNpn = new Map<string, FileLicence[]>();
  for (const l of file.licences) byNpn.set(l.npn, [...(byNpn.get(l.npn) ?? []), l]);
  const cp = opts.checkpoint;
  const counts = { inserted: cp?.inserted ?? 0, updated: cp?.updated ?? 0, unchanged: cp?.unchanged ?? 0 };
  if ((opts.purpose ?? "IMPORT") === "IMPORT") {
    const npns = [...byNpn.keys()];
    const actor = { userId: opts.userId ?? null, source: "IMPORT" as const };
    for (let i = Math.min(cp?.npnsDone ?? 0, npns.length); i < npns.length; i += NPNS_PER_BATCH) {
      const batch = npns.slice(i, i + NPNS_PER_BATCH);
      const got = await prisma.$transaction(
        async (tx) => {
          const c = { inserted: 0, updated: 0, unchanged: 0 };
          for (const npn of batch) {
            for (const l of residentLast(byNpn.get(npn)!, (l) => l.value.isResident)) {
              const r = await writeLicence(tx, actor, npn, l.value, "byState");
              if (!r.ok) throw new Error(`license import: line ${l.line}: ${r.message}`); // byState never refuses
              if (r.change === "created") c.inserted++;
              else if (r.change === "updated") c.updated++;
              else c.unchanged++;
            }
          }
          await refreshNpns(tx, batch, actor.userId);
          if (cp) {
            await tx.licenceImportRun.update({
              where: { id: cp.runId },
              data: { npnsDone: i + batch.length, inserted: { increment: c.inserted }, updated: { increment: c.updated }, unchanged: { increment: c.unchanged } },
            });
          }
          return c;
        },
        { timeout: 300_000, maxWait: 60_000 },
      );
      counts.inserted += got.inserted;
      counts.updated += got.updated;
      counts.unchanged += got.unchanged;
      await opts.onProgress?.({ phase: "WRITING", percent: 50 + Math.floor((50 * (i + batch.length)) / npns.length), rowsRead: file.rows });
    }
  }
  return { ok: true, rows: file.rows, licences: file.licences.length, npns: byNpn.size, skipped: file.skipped, ...counts };
}

async function saveResult(runId: number, r: LicenceImportResult) {
  const done = { completedAt: new Date(), percent: 100 };
  await prisma.licenceImportRun.update({
    where: { id: runId },
    data: r.ok
      ? { ...done, status: "COMPLETED", rowsRead: r.rows, licences: r.licences, npns: r.npns, inserted: r.inserted, updated: r.updated, unchanged: r.unchanged, skipped: r.skipped, errorCount: 0, errors: [] }
      : { ...done, status: "REJECTED", rowsRead: r.rows, errorCount: r.errorCount, errors: r.errors },
  });
}

/** Runs an import and records it in its run row (the job and the command line). */
export async function runLicenceImport(
  run: Pick<LicenceImportRun, "id" | "purpose" | "createdById" | "npnsDone" | "inserted" | "updated" | "unchanged">,
  source: Readable,
  onProgress?: LicenceImportOptions["onProgress"],
): Promise<LicenceImportResult> {
  const result = await importLicences(source, {
    purpose: run.purpose as LicenceImportPurpose,
    userId: run.createdById,
    checkpoint: { runId: run.id, npnsDone: run.npnsDone, inserted: run.inserted, updated: run.updated, unchanged: run.unchanged },
    onProgress: async (p) => {
      await onProgress?.(p);
      await prisma.licenceImportRun.update({ where: { id: run.id }, data: { status: p.phase, percent: p.percent, rowsRead: p.rowsRead } });
    },
  });
  await saveResult(run.id, result);
  return result;
}

/** A run row for `npm run import:licences`. */
export async function createLicenceCliRun(fileName: string, fileBytes: number): Promise<LicenceImportRun> {
  return prisma.licenceImportRun.create({ data: { fileName: fileName.slice(0, 255), fileBytes, status: "READING", startedAt: new Date() } });
}

/** Records an uploaded csv (in storage already) and queues its import-licences job, in one transaction. */
export async function queueLicenceImport(input: { blob: WrittenBlob; fileName: string; userId: string; purpose: LicenceImportPurpose; request?: Request }): Promise<{ runId: number }> {
  const runId = await prisma.$transaction(async (tx) => {
    const file = await tx.storedFile.create({
      data: { storageKey: input.blob.storageKey, fileName: input.fileName, contentType: "text/csv", byteSize: input.blob.byteSize, sha256: input.blob.sha256, createdById: input.userId },
    });
    const run = await tx.licenceImportRun.create({
      data: { purpose: input.purpose, fileId: file.id, fileName: input.fileName, fileBytes: input.blob.byteSize, createdById: input.userId },
    });
    await queueJob(tx, "import-licences", { runId: run.id }, jobOptions.licenceImportRun(run.id));
    return run.id;
  });
  await audit("LICENCE_IMPORT_QUEUED", {
    request: input.request,
    actorUserId: input.userId,
    targetType: "LicenceImportRun",
    targetId: String(runId),
    details: { fileName: input.fileName, bytes: input.blob.byteSize, purpose: input.purpose },
  });
  return { runId };
}

/** The job's work: import the run's stored file, after its checkpoint; a finished run is left alone (a job run twice). */
export async function runLicenceImportJob(runId: number): Promise<{ status: string }> {
  const run = await prisma.licenceImportRun.findUnique({ where: { id: runId } });
  if (!run) return { status: "MISSING" };
  if (FINISHED.includes(run.status)) return { status: run.status };
  if (!run.fileId) throw new Error(`license import run ${runId} has no file`);
  const file = await prisma.storedFile.findUniqueOrThrow({ where: { id: run.fileId } });
  await prisma.licenceImportRun.update({ where: { id: runId }, data: { status: "READING", startedAt: run.startedAt ?? new Date(), percent: 0, rowsRead: 0 } });
  const result = await runLicenceImport(run, await openFile(file));
  return { status: result.ok ? "COMPLETED" : "REJECTED" };
}

/** After the last attempt: FAILED with a plain message (the cause goes to the log only). */
export async function failLicenceImportRun(runId: number): Promise<void> {
  await prisma.licenceImportRun.updateMany({
    where: { id: runId, status: { notIn: [...FINISHED] } },
    data: { status: "FAILED", completedAt: new Date(), message: "The import failed. Licenses of batches already written stay; import the file again (it is idempotent)." },
  });
}

export async function listLicenceImportRuns(page: number, pageSize: number) {
  const [total, runs] = await Promise.all([
    prisma.licenceImportRun.count(),
    prisma.licenceImportRun.findMany({
      orderBy: { id: "desc" },
      skip: page * pageSize,
      take: pageSize,
      select: { id: true, purpose: true, status: true, fileName: true, createdAt: true, rowsRead: true, errorCount: true },
    }),
  ]);
  return { total, runs };
}

export async function getLicenceImportRun(runId: number) {
  if (!Number.isSafeInteger(runId) || runId <= 0) return null;
  return prisma.licenceImportRun.findUnique({ where: { id: runId } });
}

/** The stored file of the newest checked upload for the lookup (purpose LOOKUP, COMPLETED), or null. */
export async function latestLookupFile() {
  const run = await prisma.licenceImportRun.findFirst({ where: { purpose: "LOOKUP", status: "COMPLETED", fileId: { not: null } }, orderBy: { id: "desc" }, select: { fileId: true } });
  return run?.fileId ? prisma.storedFile.findUnique({ where: { id: run.fileId } }) : null;
}

