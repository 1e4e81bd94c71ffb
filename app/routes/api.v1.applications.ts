// GET /api/v1/applications (scope read:applications): applications, paged by cursor, filtered by updated_since (decision 0076).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/features/api/http.server";
import { pageQuery, send } from "~/features/api/paging.server";
import { applicationPage } from "~/features/api/read-applications.server";
import { ApplicationPageSchema } from "~/features/api/schemas";

export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, "read:applications", async ({ url }) => send(ApplicationPageSchema, await applicationPage(pageQuery<number>(url, "int"))));
