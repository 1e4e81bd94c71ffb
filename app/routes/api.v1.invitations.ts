// GET /api/v1/invitations (scope read:invitations): invitations, paged by cursor, filtered by updated_since (decision 0076).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/features/api/http.server";
import { recordAccess } from "~/lib/audit.server";
import { pageQuery, send } from "~/features/api/paging.server";
import { invitationPage } from "~/features/api/read-invitations.server";
import { InvitationPageSchema } from "~/features/api/schemas";

export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, "read:invitations", async ({ url, token }) => {
    const page = await invitationPage(pageQuery<number>(url, "int"));
    // A page of records leaving through the API: one export row (the ids are in the answer, not the log).
    await recordAccess(request, { apiTokenId: token.id }, "RECORD_EXPORTED", { type: "Invitation", id: null, details: { rows: page.data.length } });
    return send(InvitationPageSchema, page);
  });
