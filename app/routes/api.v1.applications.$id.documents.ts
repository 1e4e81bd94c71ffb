// GET /api/v1/applications/{id}/documents (scope read:documents): the uploads and generated PDF of an application (decision 0076).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/features/api/http.server";
import { recordAccess } from "~/lib/audit.server";
import { intId, send } from "~/features/api/paging.server";
import { applicationDocuments } from "~/features/api/read-applications.server";
import { DocumentListSchema } from "~/features/api/schemas";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiRoute(request, "read:documents", async ({ token }) => {
    const id = intId(params.id, "application");
    const body = await applicationDocuments(id);
    await recordAccess(request, { apiTokenId: token.id }, "APPLICATION_VIEWED", { type: "Appointment", id });
    return send(DocumentListSchema, body);
  });
