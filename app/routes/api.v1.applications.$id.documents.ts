// GET /api/v1/applications/{id}/documents (scope read:documents): the uploads and generated PDF of an application (decision 0076).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/features/api/http.server";
import { intId, send } from "~/features/api/paging.server";
import { applicationDocuments } from "~/features/api/read-applications.server";
import { DocumentListSchema } from "~/features/api/schemas";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiRoute(request, "read:documents", async () => send(DocumentListSchema, await applicationDocuments(intId(params.id, "application"))));
