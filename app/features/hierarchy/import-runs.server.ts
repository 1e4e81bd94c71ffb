// Import runs (decision 0032): the agent_import_runs row of each import, the
// import-agents job that runs an uploaded file, and what the /admin/import
// page reads. A run's progress is written on the app's own connection while
// the import's transaction is open on another, so the page sees it move.
import type { Readable } from "node:stream";
import pg from "pg";
import type { AgentImportRun } from "~/generated/prisma/client";
import { jobKeys, jobOptions, queueJob } from "~/features/jobs/queue.server";
import { forgetCutOffs } from "~/features/jobs/stopped-runs.server";
import { audit } from "~/lib/audit.server";
import { databaseUrl, prisma } from "~/lib/db.server";
import { openFile, type WrittenBlob } from "~/lib/storage.server";
import { importAgentsCsv, type ImportProgress, type ImportResult } from "./import.server";
import { IMPORT_MESSAGES as M } from "./import-messages";

export const IMPORT_STATUS = {
  QUEUED: "QUEUED",
  READING: "READING",
  WRITING: "WRITING",
  COMPLETED: "COMPLETED",
  REJECTED: "REJECTED",
  FAILED: "FAILED",
} as const;
export const FINISHED_STATUSES: readonly string[] = [IMPORT_STATUS.COMPLETED, IMPORT_STATUS.REJECTED, IMPORT_STATUS.FAILED];

/** A connection of the import's own (its transaction must not hold one of the app's pool). */
async function importClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl(), application_name: "portal-import-agents" });
  await client.connect();
  return client;
}

/** Writes a run's progress (never goes back to an earlier phase's lower numbers). */
async function saveProgress(runId: number, p: ImportProgress) {
  await prisma.agentImportRun.update({
    where: { id: runId },
    data: { status: p.phase, percent: p.percent, rowsRead: p.rowsRead, rowsValid: p.rowsValid, rowsWritten: p.rowsWritten },
  });
}

async function saveResult(runId: number, r: ImportResult) {
  const done = { completedAt: new Date(), percent: 100 };
  if (r.ok) {
    await prisma.agentImportRun.update({
      where: { id: runId },
      data: {
        ...done,
        status: IMPORT_STATUS.COMPLETED,
        rowsRead: r.rows,
        rowsValid: r.rows,
        rowsWritten: r.rows,
        inserted: r.inserted,
        updated: r.updated,
        moved: r.moved,
        closureRows: r.closureRows,
        errorCount: 0,
        errors: [],
        message: null,
      },
    });
  } else {
    await prisma.agentImportRun.update({
      where: { id: runId },
      data: { ...done, status: IMPORT_STATUS.REJECTED, rowsRead: r.rows, rowsWritten: 0, errorCount: r.errorCount, errors: r.errors, message: null },
    });
  }
}

/**
 * Runs an import and records it in its run row: the command line (a file on
 * disk) and the job (a stored upload) both come here.
 */
export async function runImport(
  runId: number,
  source: Readable,
  opts: { totalBytes?: number; userId?: string | null; apiTokenId?: string | null; onProgress?: (p: ImportProgress) => void },
): Promise<ImportResult> {
  const client = await importClient();
  try {
    const result = await importAgentsCsv(client, source, {
      totalBytes: opts.totalBytes,
      userId: opts.userId ?? null,
      apiTokenId: opts.apiTokenId ?? null,
      onProgress: async (p) => {
        opts.onProgress?.(p);
        await saveProgress(runId, p);
      },
    });
    await saveResult(runId, result);
    return result;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A run row for an import started from the command line. */
export async function createCliRun(fileName: string, fileBytes: number): Promise<AgentImportRun> {
  return prisma.agentImportRun.create({ data: { fileName: fileName.slice(0, 255), fileBytes, status: IMPORT_STATUS.READING, startedAt: new Date() } });
}

/**
 * Records an uploaded file (already written to storage) and queues its
 * import-agents job, in one transaction (job key per run).
 */
export async function queueImport(input: {
  blob: WrittenBlob;
  fileName: string;
  /** The importing user; for an API import the token's creator (null when it has none). */
  userId: string | null;
  request?: Request;
  /** An import sent to the API (decision 0075): the token, named in the audit row. */
  apiToken?: { id: string; name: string };
}): Promise<{ runId: number }> {
  const runId = await prisma.$transaction(async (tx) => {
    const file = await tx.storedFile.create({
      data: {
        storageKey: input.blob.storageKey,
        fileName: input.fileName,
        contentType: "text/csv",
        byteSize: input.blob.byteSize,
        sha256: input.blob.sha256,
        createdById: input.userId,
      },
    });
    const run = await tx.agentImportRun.create({
      data: { fileId: file.id, fileName: input.fileName, fileBytes: input.blob.byteSize, createdById: input.userId, apiTokenId: input.apiToken?.id ?? null },
    });
    await queueJob(tx, "import-agents", { runId: run.id }, jobOptions.importRun(run.id));
    return run.id;
  });
  await audit("AGENT_IMPORT_QUEUED", { request: input.request, actorUserId: input.userId, targetType: "AgentImportRun", targetId: String(runId), details: { fileName: input.fileName, bytes: input.blob.byteSize, ...(input.apiToken ? { apiTokenId: input.apiToken.id, apiTokenName: input.apiToken.name } : {}) } });
  return { runId };
}

/** The job's work: import the run's stored file. A finished run is left alone (a job run twice). */
export async function runImportJob(runId: number): Promise<{ status: string }> {
  const run = await prisma.agentImportRun.findUnique({ where: { id: runId } });
  if (!run) return { status: "MISSING" };
  if (FINISHED_STATUSES.includes(run.status)) return { status: run.status };
  if (!run.fileId) throw new Error(`import run ${runId} has no file`);
  const file = await prisma.storedFile.findUniqueOrThrow({ where: { id: run.fileId } });
  await prisma.agentImportRun.update({
    where: { id: runId },
    data: { status: IMPORT_STATUS.READING, startedAt: new Date(), percent: 0, rowsRead: 0, rowsValid: 0, rowsWritten: 0 },
  });
  const result = await runImport(runId, await openFile(file), { totalBytes: file.byteSize, userId: run.createdById, apiTokenId: run.apiTokenId });
  return { status: result.ok ? IMPORT_STATUS.COMPLETED : IMPORT_STATUS.REJECTED };
}

/** After the last attempt: FAILED with a plain message (the cause goes to the log only). */
export async function failImportRun(runId: number): Promise<void> {
  await prisma.agentImportRun.updateMany({
    where: { id: runId, status: { notIn: [...FINISHED_STATUSES] } },
    data: { status: IMPORT_STATUS.FAILED, completedAt: new Date(), message: M.failed },
  });
}

/**
 * Starts a failed upload's import again (decision 0083): queued again under its job key (its spent
 * attempts reset); it reads the file from the start (the import is one transaction). False when the
 * run is not a failed upload.
 */
export async function restartImport(runId: number, userId: string, request?: Request): Promise<boolean> {
  if (!Number.isSafeInteger(runId) || runId <= 0) return false;
  const ok = await prisma.$transaction(async (tx) => {
    const r = await tx.agentImportRun.updateMany({
      where: { id: runId, status: IMPORT_STATUS.FAILED, fileId: { not: null } },
      data: { status: IMPORT_STATUS.QUEUED, completedAt: null, message: null },
    });
    if (r.count === 0) return false;
    await forgetCutOffs(tx, jobKeys.importRun(runId));
    await queueJob(tx, "import-agents", { runId }, jobOptions.importRun(runId));
    return true;
  });
  if (ok) await audit("AGENT_IMPORT_RESTARTED", { request, actorUserId: userId, targetType: "AgentImportRun", targetId: String(runId) });
  return ok;
}

/** The latest imports (any administrator's), newest first, one page. */
export async function listImportRuns(page: number, pageSize: number) {
  const [total, runs] = await Promise.all([
    prisma.agentImportRun.count(),
    prisma.agentImportRun.findMany({
      orderBy: { id: "desc" },
      skip: page * pageSize,
      take: pageSize,
      select: { id: true, status: true, fileName: true, createdAt: true, percent: true, rowsRead: true, errorCount: true, inserted: true, updated: true },
    }),
  ]);
  return { total, runs };
}

export async function getImportRun(runId: number) {
  if (!Number.isSafeInteger(runId) || runId <= 0) return null;
  return prisma.agentImportRun.findUnique({ where: { id: runId } });
}
