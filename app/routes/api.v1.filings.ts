// GET /api/v1/filings (scope read:filings): state appointment filings, paged by cursor, filtered by
// updated_since, agent_number, state and status (decision 0116).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/features/api/http.server";
import { pageQuery, send } from "~/features/api/paging.server";
import { FILING_STATUSES, filingFilters, filingPage } from "~/features/api/read-filings.server";
import { FilingPageSchema } from "~/features/api/schemas";

export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, "read:filings", async ({ url }) => send(FilingPageSchema, await filingPage(pageQuery<string>(url, "uuid"), filingFilters(url, FILING_STATUSES))));
