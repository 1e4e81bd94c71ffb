// GET /admin/state-filings/case-documents/<stored file id>: a document of a for-cause termination's
// case (decision 0118), for an administrator with manage:state-filings (403 for anyone else, audited
// ACCESS_DENIED); each download audited CASE_DOCUMENT_DOWNLOADED. Not a case document, or its bytes
// gone: 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { caseDocumentResponse } from "~/features/state-filings/termination-actions.server";
import { requireCapability } from "~/lib/permissions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "manage:state-filings", { targetType: "TerminationDocument", targetId: params.id });
  const response = await caseDocumentResponse(user, params.id ?? "", { request });
  if (!response) throw new Response("Not Found", { status: 404 });
  return response;
}
