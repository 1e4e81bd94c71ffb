// The audit log's export (issue 38 item 3, decision 0119): the filtered rows as CSV or JSON lines,
// requested as report 5 through the report job (the same queue, cap, retention and purge as the
// spreadsheets: reports/run.server.ts calls writeAuditLogExport), downloaded by the officer who
// asked from the audit log screen. Streams from a cursor; never holds the rows in memory.
import { PassThrough } from "node:stream";
import pg from "pg";
import QueryStream from "pg-query-stream";
import { z } from "zod";
import { databaseUrl } from "~/lib/db.server";
import { writeBlob } from "~/lib/storage.server";
import { AUDIT_COLUMNS, AUDIT_FROM, auditWhere, type AuditRow } from "./audit-log.server";
import { AUDIT_LOG_REPORT_ID, auditFilterShape, EXPORT_FORMATS, type ExportFormat } from "./filters";

export { AUDIT_LOG_REPORT_ID };

/** What a report 5 request stores (report_requests.input_json): the filters, the format, the viewer's zone for the dates. */
export const auditExportInputSchema = z.object({
  reportId: z.literal(String(AUDIT_LOG_REPORT_ID)),
  format: z.enum(EXPORT_FORMATS),
  timeZone: z.string().min(1).max(100),
  ...auditFilterShape,
});
export type AuditExportInput = z.infer<typeof auditExportInputSchema>;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = { csv: "text/csv; charset=utf-8", jsonl: "application/x-ndjson; charset=utf-8" };
export const exportFileName = (format: ExportFormat) => `Audit_Log.${format}`;

const FIELDS = [
  "id",
  "occurred_at",
  "action",
  "actor_user_id",
  "actor_email",
  "actor_name",
  "impersonator_user_id",
  "impersonator_email",
  "api_token_id",
  "api_token_name",
  "target_type",
  "target_id",
  "ip_address",
  "user_agent",
  "path",
] as const satisfies readonly (keyof AuditRow)[];

const valueOf = (r: AuditRow, k: keyof AuditRow) => (k === "occurred_at" ? new Date(r.occurred_at).toISOString() : (r[k] ?? null));

/** One CSV cell: quoted when it must be; a leading = + - @ is neutralised so a spreadsheet does not run it. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function exportLine(r: AuditRow, format: ExportFormat): string {
  if (format === "jsonl") return `${JSON.stringify(Object.fromEntries(FIELDS.map((k) => [k, valueOf(r, k)])))}\n`;
  return `${FIELDS.map((k) => csvCell(valueOf(r, k))).join(",")}\r\n`;
}

export type AuditExportResult = { rows: 0 } | { rows: number; blob: { storageKey: string; byteSize: number; sha256: string }; fileName: string; contentType: string };

/** Writes the export of one request's filters to storage (nothing stored when no row matches). */
export async function writeAuditLogExport(reportRequestId: number, rawInput: unknown): Promise<AuditExportResult> {
  const input = auditExportInputSchema.parse(rawInput);
  const { reportId: _r, format, timeZone, ...filter } = input;
  const where = auditWhere(filter, timeZone);
  const client = new pg.Client({ connectionString: databaseUrl(), application_name: `report-${reportRequestId}` });
  await client.connect();
  try {
    await client.query("BEGIN READ ONLY");
    await client.query("SET LOCAL statement_timeout = 0");
    const stream = client.query(new QueryStream(`SELECT ${AUDIT_COLUMNS} ${AUDIT_FROM} ${where.sql} ORDER BY a.id DESC`, where.values, { batchSize: 1000 }));
    const it = stream[Symbol.asyncIterator]() as AsyncIterator<AuditRow>;
    let next = await it.next();
    if (next.done) {
      await client.query("COMMIT");
      return { rows: 0 };
    }
    const out = new PassThrough({ highWaterMark: 1 << 20 });
    const contentType = EXPORT_CONTENT_TYPES[format];
    const blob = writeBlob({ stream: out }, { contentType });
    let rows = 0;
    try {
      if (format === "csv") out.write(`${FIELDS.join(",")}\r\n`);
      while (!next.done) {
        if (!out.write(exportLine(next.value, format))) await new Promise((resolve) => out.once("drain", resolve));
        rows++;
        next = await it.next();
      }
      out.end();
    } catch (error) {
      out.destroy(error as Error);
      await blob.catch(() => {});
      throw error;
    }
    const written = await blob;
    await client.query("COMMIT");
    return { rows, blob: written, fileName: exportFileName(format), contentType };
  } finally {
    await client.end().catch(() => {});
  }
}
