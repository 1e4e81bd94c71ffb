// GET /admin/state-filings/files/<id>/download: a filing file's CSV (decision 0112), once, for an
// administrator with manage:state-filings (403 for anyone else); audited. The second download is
// refused (410) with the reason: the file holds SSNs. A file never written: 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadFilingFile } from "~/features/state-filings/filing-files.server";
import { requireCapability } from "~/lib/permissions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "manage:state-filings", { targetType: "FilingFile", targetId: params.id });
  const r = await downloadFilingFile(params.id ?? "", { id: user.id, impersonatorId: user.impersonator?.id ?? null, request });
  if (r.ok) return r.response;
  return new Response(r.message, { status: r.code === "NOT_FOUND" ? 404 : 410, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
}
