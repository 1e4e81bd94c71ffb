// GET /api/v1/agent-imports/:id (token with write:agents): an import run's status and the report of
// ADMIN > Import Agents (counts, errors with line and field). Decision 0075: any import token reads
// every import run (runs have no per-token owner).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiImportRun } from "~/features/api/agent-import.server";
import { apiRoute } from "~/features/api/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return apiRoute(request, "write:agents", () => apiImportRun(params.id));
}
