// GET /api/v1/applications/{id} (scope read:applications): one application, sensitive numbers as last four (decision 0076).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/features/api/http.server";
import { recordAccess } from "~/lib/audit.server";
import { intId, send } from "~/features/api/paging.server";
import { applicationById } from "~/features/api/read-applications.server";
import { ApplicationSchema } from "~/features/api/schemas";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiRoute(request, "read:applications", async ({ token }) => {
    const id = intId(params.id, "application");
    const body = await applicationById(id);
    await recordAccess(request, { apiTokenId: token.id }, "APPLICATION_VIEWED", { type: "Appointment", id });
    return send(ApplicationSchema, body);
  });
