// GET /admin/requests/<id>/attachment: the PDF sent with a service request,
// for internal administrators only (403 for anyone else, audited; 404 when
// the request has no attachment or its bytes are gone). Decision 0030.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { attachmentResponse } from "~/features/service-requests/queue.server";
import { recordAccess } from "~/lib/audit.server";
import { requireCapability } from "~/lib/permissions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "manage:service-request");
  const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
  const response = await attachmentResponse(id);
  if (!response) throw new Response("Not Found", { status: 404 });
  await recordAccess(request, user, "DOCUMENT_DOWNLOADED", { type: "ServiceRequestAttachment", id });
  return response;
}
