// GET /api/v1/applications/{id} (scope read:applications): one application, sensitive numbers as last four (decision 0076).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/features/api/http.server";
import { intId, send } from "~/features/api/paging.server";
import { applicationById } from "~/features/api/read-applications.server";
import { ApplicationSchema } from "~/features/api/schemas";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiRoute(request, "read:applications", async () => send(ApplicationSchema, await applicationById(intId(params.id, "application"))));
