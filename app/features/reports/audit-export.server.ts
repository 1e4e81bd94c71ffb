// The audit log's export (issue 38 item 3, decision 0119), requested from ADMIN > Audit Log as report 5
// with the screen's filters, the format (CSV or JSON lines) and the viewer's zone for its dates: the
// same queue, cap and retention as every report (run.server.ts writes it with writeAuditLogExport).
import { data, redirect } from "@remix-run/node";
import { AUDIT_LOG_REPORT_ID, auditFilterParams, EXPORT_FORMATS, type ExportFormat } from "~/features/compliance-officer/filters";
import { readAuditFilter } from "~/features/compliance-officer/screen.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { readForm } from "~/lib/form.server";
import { viewerTimeZone } from "~/lib/time-zone.server";
import { requestReport, TooManyPendingReportsError } from "./reports.server";

/** Queues the export of the filtered rows in the chosen format, then back to the screen with the same filters. */
export async function requestAuditExport(request: Request, user: CurrentUser): Promise<never> {
  const form = await readForm(request);
  const read = readAuditFilter(form);
  const format = form.get("format");
  if (!read.ok || !EXPORT_FORMATS.includes(format as ExportFormat)) throw data("Check the filters: one of them is not valid.", { status: 400 });
  const back = new URLSearchParams(auditFilterParams(read.filter));
  try {
    await requestReport(user, { reportId: String(AUDIT_LOG_REPORT_ID) as "5", format: format as ExportFormat, timeZone: viewerTimeZone(request), ...read.filter });
    back.set("queued", "1");
  } catch (error) {
    if (!(error instanceof TooManyPendingReportsError)) throw error;
    back.set("busy", "1");
  }
  throw redirect(`/admin/audit-log?${back}`);
}

/** The officer's own exports, newest first (the screen's 'Your exports'). */
export async function ownAuditExports(user: Pick<CurrentUser, "id">) {
  const rows = await prisma.reportRequest.findMany({
    where: { requestedById: user.id, reportId: AUDIT_LOG_REPORT_ID },
    orderBy: { reportRequestId: "desc" },
    take: 10,
    select: { reportRequestId: true, requestDt: true, filterText: true, statusCode: true, errorMessage: true, inputJson: true },
  });
  return rows.map((r) => ({
    id: r.reportRequestId,
    requestedAt: r.requestDt.toISOString(),
    filterText: r.filterText,
    statusCode: r.statusCode,
    errorMessage: r.errorMessage,
    format: ((r.inputJson as { format?: string } | null)?.format ?? "csv") as ExportFormat,
  }));
}
