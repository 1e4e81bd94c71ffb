// GET /reports/<reportRequestId>/download: the finished spreadsheet of the
// signed-in user's own report request, named after the report with
// underscores (Downline_Report.xlsx). Anyone else's request, an unfinished
// one, or a purged file: 404 with a small page that says so (a resource
// route has no error boundary: a bare 404 was a blank page in the browser).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { REPORT_MESSAGES as M } from "~/features/reports/messages";
import { reportDownload } from "~/features/reports/reports.server";
import { recordAccess } from "~/lib/audit.server";
import { refusalPage } from "~/lib/refusal.server";
import { applySecurityHeaders } from "~/lib/security.server";
import { requireCapability } from "~/lib/permissions.server";

function unavailable(): Response {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  applySecurityHeaders(headers);
  return new Response(refusalPage(404, M.downloadUnavailableTitle, M.downloadUnavailable), { status: 404, headers });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "request:report");
  const raw = params.id ?? "";
  if (!/^\d{1,9}$/.test(raw)) return unavailable();
  try {
    const file = await reportDownload(user.id, Number(raw));
    await recordAccess(request, user, "RECORD_EXPORTED", { type: "ReportRequest", id: Number(raw) });
    return file;
  } catch (error) {
    if (error instanceof Response && error.status === 404) return unavailable();
    throw error;
  }
}
