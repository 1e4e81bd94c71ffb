// GET /admin/audit-log/exports/<reportRequestId>: the compliance officer's own export of the audit
// log (report 5, CSV or JSON lines; decision 0119), as the report download serves a spreadsheet
// (only the requester's, completed, not purged: 404 otherwise). The download is on record too.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportDownload } from "~/features/reports/reports.server";
import { recordAccess } from "~/lib/audit.server";
import { requireCapability } from "~/lib/permissions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "read:audit-log");
  const raw = params.id ?? "";
  if (!/^\d{1,9}$/.test(raw)) throw new Response("Not Found", { status: 404 });
  const file = await reportDownload(user.id, Number(raw));
  await recordAccess(request, user, "RECORD_EXPORTED", { type: "ReportRequest", id: Number(raw) });
  return file;
}
