// GET /api/v1/terminations (scope read:filings): state terminations, paged by cursor, filtered by
// updated_since, agent_number, state and status (decision 0116).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/features/api/http.server";
import { pageQuery, send } from "~/features/api/paging.server";
import { TERMINATION_STATUSES, filingFilters, terminationPage } from "~/features/api/read-filings.server";
import { TerminationPageSchema } from "~/features/api/schemas";

export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, "read:filings", async ({ url }) =>
    send(TerminationPageSchema, await terminationPage(pageQuery<string>(url, "uuid"), filingFilters(url, TERMINATION_STATUSES))),
  );
