// GET /reports/<reportRequestId>/download: the finished spreadsheet of the
// signed-in user's own report request, named after the report with
// underscores (Downline_Report.xlsx). Anyone else's request, an unfinished
// one, or a purged file: 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportDownload } from "~/features/reports/reports.server";
import { requireUser } from "~/lib/auth.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const raw = params.id ?? "";
  if (!/^\d{1,9}$/.test(raw)) throw new Response(null, { status: 404 });
  return reportDownload(user.id, Number(raw));
}
