// GET /api/v1/invitations (scope read:invitations): invitations, paged by cursor, filtered by updated_since (decision 0076).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/features/api/http.server";
import { pageQuery, send } from "~/features/api/paging.server";
import { invitationPage } from "~/features/api/read-invitations.server";
import { InvitationPageSchema } from "~/features/api/schemas";

export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, "read:invitations", async ({ url }) => send(InvitationPageSchema, await invitationPage(pageQuery<number>(url, "int"))));
