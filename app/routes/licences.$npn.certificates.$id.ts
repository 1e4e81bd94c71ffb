// GET /licences/:npn/certificates/:id (issue 23 item 2; decision 0069): the uploaded certificate (PDF)
// of one credential of that NPN, for whoever may read the NPN's records (npnAccess: the producer, an
// administrator, an upline). A credential of another NPN, or an NPN the user may not see: the
// portal's 404 page (audited). Attachment, no-store, nosniff (fileResponse).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { certificateResponse } from "~/features/licences/screens.server";
import { capabilitiesFor, requireCapability } from "~/lib/permissions.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "use:portal");
  const { capabilities } = await capabilitiesFor(request);
  return certificateResponse(request, user, capabilities, params.npn ?? null, params.id ?? null);
}
