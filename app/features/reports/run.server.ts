// The report job (graphile-worker task generate-report): streams the rows of
// a report from a node-postgres cursor (pg-query-stream) into exceljs's
// streaming WorkbookWriter (no shared strings) and into storage. Never holds
// all rows in memory. Cells are typed (decision 0049): dates are Excel dates
// shown MM/DD/YYYY, numbers are numbers; the header row is frozen and
// filterable, and every column has its width.
//
// States (spec §4): RPTSTATUS_PENDING (queued) → RPTSTATUS_STARTED →
// RPTSTATUS_COMPLETED (outputFileId set) or RPTSTATUS_ERROR (errorMessage;
// 'NO DATA' when the report has no rows). Safe to kill at any moment and to
// run again: a run writes a new file under a new key (disk: temp file, fsync,
// rename; object storage: a multipart upload; storage.server.ts) and only at
// the end, in one transaction, points the request at it and drops the
// previous output; a killed run leaves at most a temp file (or an unfinished
// multipart upload) that the hourly purge removes.
import { once } from "node:events";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import pg from "pg";
import QueryStream from "pg-query-stream";
import { databaseUrl, prisma } from "~/lib/db.server";
import { removeBlob, writeBlob } from "~/lib/storage.server";
import { NO_DATA } from "./messages";
import { seesEveryAgent } from "~/features/licences/compliance-view.server";
import { mayReadFees } from "~/features/state-filings/fee-report.server";
import { COMPLIANCE_REPORT_ID, FEE_REPORT_ID, type ReportInput } from "./schema";
import { reportQuery, type ReportColumn } from "./sql.server";
import { AUDIT_LOG_REPORT_ID, writeAuditLogExport } from "~/features/compliance-officer/export.server";

export const REPORT_STATUS = {
  PENDING: "RPTSTATUS_PENDING",
  STARTED: "RPTSTATUS_STARTED",
  ERROR: "RPTSTATUS_ERROR",
  COMPLETED: "RPTSTATUS_COMPLETED",
} as const;

/** Rows between two yields to the event loop while writing (see the write loop). */
const YIELD_EVERY_ROWS = 250;

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The file name of a report: its name with underscores for spaces, and .xlsx (spec §4). */
export function reportFileName(reportName: string): string {
  const base = reportName.trim().replace(/\s+/g, "_").replace(/[^A-Za-z0-9_.-]/g, "") || "Report";
  return `${base}.xlsx`;
}

/** How a date cell reads (spec §9: dates MM/DD/YYYY). */
export const REPORT_DATE_FORMAT = "mm/dd/yyyy";
/** How a money cell reads (the style guide's $1,234.00). */
export const REPORT_MONEY_FORMAT = '"$"#,##0.00';

const styleOf = (c: ReportColumn): Partial<ExcelJS.Style> =>
  c.type === "date" ? { numFmt: REPORT_DATE_FORMAT } : c.type === "money" ? { numFmt: REPORT_MONEY_FORMAT } : {};

/** A row's value for one column: a date column's 'YYYY-MM-DD' becomes a date (UTC midnight: Excel dates have no zone). */
function cellValue(column: ReportColumn, row: Record<string, unknown>): unknown {
  const v = column.value ? column.value(row) : row[column.key];
  if (v == null || v === "") return null;
  if (column.type === "date" && typeof v === "string") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : v;
  }
  return v;
}

export type RunOptions = {
  /** Rows fetched per cursor round trip. */
  batchSize?: number;
  /** Called after each row is written (tests use it to interrupt a run). */
  onRow?: (rowNumber: number) => void;
};

export type RunResult = { status: "COMPLETED"; rows: number; byteSize: number } | { status: "NO_DATA" } | { status: "GONE" };

/** The database start() configured (db.server.ts), never process.env. */
const connectionString = databaseUrl;

/**
 * Writes one sheet: the header row frozen and filterable, each column's width and date format, then
 * the rows of `it` from `first` on. Returns how many rows it wrote.
 */
async function writeSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: ReadonlyArray<ReportColumn>,
  it: AsyncIterator<Record<string, unknown>>,
  first: IteratorResult<Record<string, unknown>>,
  opts: RunOptions,
  out: PassThrough,
  blob: Promise<unknown>,
  before = 0,
): Promise<number> {
  const sheet = workbook.addWorksheet(name.slice(0, 31), {
    views: [{ state: "frozen", xSplit: 0, ySplit: 1, topLeftCell: "A2", activeCell: "A2" }],
  });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    ...(c.type === "text" || c.type === "number" ? {} : { style: styleOf(c) }),
  }));
  const columnStyles: Partial<ExcelJS.Style>[] = columns.map(styleOf);
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  sheet.getRow(1).font = { bold: true };
  let rows = 0;
  let next = first;
  while (!next.done) {
    const row = next.value;
    const added = sheet.addRow(columns.map((c) => cellValue(c, row)));
    // One style object per column, shared by its cells: exceljs caches a style's id by the object
    // (a WeakMap), while the object it makes for each new cell costs a style-XML render per cell
    // (about a tenth of a 100,000-row report's CPU).
    for (let i = 0; i < columnStyles.length; i++) added.getCell(i + 1).style = columnStyles[i]!;
    added.commit();
    rows++;
    opts.onRow?.(before + rows);
    // exceljs writes without backpressure: give the zip deflater and the file writes a turn of the
    // event loop every few hundred rows so the sheet's XML does not pile up in memory.
    if (rows % YIELD_EVERY_ROWS === 0) {
      await new Promise((resolve) => setImmediate(resolve));
      // Storage that takes the bytes slower than exceljs makes them (object storage while its parts
      // are in flight): wait until it has caught up, so the spreadsheet never piles up in memory.
      if (out.writableNeedDrain) await Promise.race([once(out, "drain"), blob]);
    }
    next = await it.next();
  }
  sheet.commit();
  return rows;
}

/**
 * Runs one report request. Throws on failure (the task marks the request
 * RPTSTATUS_ERROR on its last attempt); returns NO_DATA after marking it.
 */
export async function runReport(reportRequestId: number, opts: RunOptions = {}): Promise<RunResult> {
  const request = await prisma.reportRequest.findUnique({
    where: { reportRequestId },
    include: { report: { select: { name: true } }, outputFile: { select: { id: true, storageKey: true } } },
  });
  if (!request) return { status: "GONE" };
  await prisma.reportRequest.update({
    where: { reportRequestId },
    data: { statusCode: REPORT_STATUS.STARTED, startedAt: new Date(), errorMessage: null, progress: 0 },
  });

  // Report 4, the audit log's export: CSV or JSON lines of its own (compliance-officer/export.server.ts).
  if (request.reportId === AUDIT_LOG_REPORT_ID) {
    const exported = await writeAuditLogExport(reportRequestId, request.inputJson);
    if (!("blob" in exported)) return noData(reportRequestId);
    const stored = await finishReport(request, exported.blob, exported.fileName, exported.contentType);
    return stored === "GONE" ? { status: "GONE" } : { status: "COMPLETED", rows: exported.rows, byteSize: exported.blob.byteSize };
  }

  // The compliance report's rows are the requester's downline, or every agent for an administrator,
  // as their rights stand now (decision 0073).
  const everyAgent = request.reportId === COMPLIANCE_REPORT_ID && (await seesEveryAgent(request.requestedById));
  // The fee report's filings are every carrier's: only while the requester may still manage:state-filings.
  const fees = request.reportId === FEE_REPORT_ID && (await mayReadFees(request.requestedById));
  const query = reportQuery(request.reportId, request.requestedById, request.inputJson as unknown as ReportInput, { everyAgent, mayReadFees: fees });
  const client = new pg.Client({ connectionString: connectionString(), application_name: `report-${reportRequestId}` });
  await client.connect();
  let written: { storageKey: string; byteSize: number; sha256: string } | undefined;
  let rows = 0;
  try {
    // Several sheets read one snapshot, so the totals and the detail agree.
    await client.query(query.more?.length ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN READ ONLY");
    // A report reads a whole downline: no statement timeout, room to sort in memory, and hash joins
    // rather than one index probe per agent (the planner's closure estimates are far too low).
    await client.query("SET LOCAL statement_timeout = 0");
    await client.query("SET LOCAL work_mem = '64MB'");
    await client.query("SET LOCAL enable_nestloop = off");
    const stream = client.query(new QueryStream(query.sql, query.params, { batchSize: opts.batchSize ?? 1000 }));
    const it = stream[Symbol.asyncIterator]() as AsyncIterator<Record<string, unknown>>;
    const next = await it.next();
    if (next.done) {
      await client.query("COMMIT");
      return noData(reportRequestId);
    }

    const out = new PassThrough({ highWaterMark: 1 << 20 });
    const blob = writeBlob({ stream: out }, { contentType: XLSX_CONTENT_TYPE });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useSharedStrings: false,
      // Styles carry the date format of the date columns (a date without one shows as a serial number).
      useStyles: true,
      // Fast deflate: the sheet XML is very repetitive, level 1 already shrinks it ~10x.
      zip: { zlib: { level: 1 } },
    });
    try {
      rows = await writeSheet(workbook, query.sheetName ?? request.report.name, query.columns, it, next, opts, out, blob);
      // Further sheets (the fee report's detail), in the same transaction.
      for (const more of query.more ?? []) {
        const moreStream = client.query(new QueryStream(more.sql, more.params, { batchSize: opts.batchSize ?? 1000 }));
        const moreIt = moreStream[Symbol.asyncIterator]() as AsyncIterator<Record<string, unknown>>;
        rows += await writeSheet(workbook, more.name, more.columns, moreIt, await moreIt.next(), opts, out, blob, rows);
      }
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
      await blob.catch(() => {});
      throw error;
    }
    written = await blob;
    await client.query("COMMIT");
  } finally {
    await client.end().catch(() => {});
  }

  const stored = await finishReport(request, written!, reportFileName(request.report.name), XLSX_CONTENT_TYPE);
  return stored === "GONE" ? { status: "GONE" } : { status: "COMPLETED", rows, byteSize: written!.byteSize };
}

async function noData(reportRequestId: number): Promise<RunResult> {
  await prisma.reportRequest.update({
    where: { reportRequestId },
    data: { statusCode: REPORT_STATUS.ERROR, errorMessage: NO_DATA, completedAt: new Date() },
  });
  return { status: "NO_DATA" };
}

/** Points the request at the new file and drops the previous output (a rerun replaces it), in one transaction. */
async function finishReport(
  request: { reportRequestId: number; requestedById: string },
  blob: { storageKey: string; byteSize: number; sha256: string },
  fileName: string,
  contentType: string,
): Promise<"STORED" | "GONE"> {
  const { reportRequestId } = request;
  const previous = await prisma.$transaction(async (tx) => {
    const current = await tx.reportRequest.findUnique({ where: { reportRequestId }, select: { outputFileId: true, outputFile: { select: { storageKey: true } } } });
    if (!current) return undefined;
    const file = await tx.storedFile.create({
      data: { storageKey: blob.storageKey, fileName, contentType, byteSize: blob.byteSize, sha256: blob.sha256, createdById: request.requestedById },
    });
    await tx.reportRequest.update({
      where: { reportRequestId },
      data: { statusCode: REPORT_STATUS.COMPLETED, outputFileId: file.id, completedAt: new Date(), errorMessage: null, progress: 100 },
    });
    if (current.outputFileId) await tx.storedFile.delete({ where: { id: current.outputFileId } });
    return { old: current.outputFile?.storageKey ?? null };
  });
  if (previous === undefined) {
    // The request was deleted while the report ran: nothing points at the file.
    await removeBlob(blob.storageKey).catch(() => {});
    return "GONE";
  }
  if (previous.old) await removeBlob(previous.old).catch(() => {});
  return "STORED";
}

/** Marks a request failed with a message (the task's last attempt). */
export async function failReport(reportRequestId: number, message: string): Promise<void> {
  await prisma.reportRequest.updateMany({
    where: { reportRequestId, statusCode: { not: REPORT_STATUS.COMPLETED } },
    data: { statusCode: REPORT_STATUS.ERROR, errorMessage: message.slice(0, 500), completedAt: new Date() },
  });
}

/**
 * Deletes finished report requests (completed or failed) older than
 * `retentionDays`, and their files. Returns how many requests were removed.
 */
export async function purgeOldReports(retentionDays: number, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  let removed = 0;
  for (;;) {
    const batch = await prisma.reportRequest.findMany({
      where: {
        statusCode: { in: [REPORT_STATUS.COMPLETED, REPORT_STATUS.ERROR] },
        OR: [{ completedAt: { lt: cutoff } }, { completedAt: null, requestDt: { lt: cutoff } }],
      },
      select: { reportRequestId: true, outputFileId: true, outputFile: { select: { storageKey: true } } },
      take: 500,
    });
    if (batch.length === 0) return removed;
    await prisma.$transaction(async (tx) => {
      await tx.reportRequest.deleteMany({ where: { reportRequestId: { in: batch.map((b) => b.reportRequestId) } } });
      const fileIds = batch.map((b) => b.outputFileId).filter((v): v is string => !!v);
      if (fileIds.length) await tx.storedFile.deleteMany({ where: { id: { in: fileIds } } });
    });
    for (const b of batch) if (b.outputFile) await removeBlob(b.outputFile.storageKey).catch(() => {});
    removed += batch.length;
  }
}
