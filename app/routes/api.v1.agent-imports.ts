// POST /api/v1/agent-imports (token with write:agents): the agent import of ADMIN > Import Agents as an
// API call (issue 24 item 4, decision 0075): a text/csv or application/json body, 202 with the run's
// id and Location. GET: the latest runs. Body cap: server/index.ts gives this path the upload's cap.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listApiImports, startApiImport } from "~/features/api/agent-import.server";
import { apiRoute } from "~/features/api/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return apiRoute(request, "write:agents", () => listApiImports());
}

// Only a POST reaches it: the HTTP server answers any other method 405 (server/request-guards.ts).
export async function action({ request }: ActionFunctionArgs) {
  return apiRoute(request, "write:agents", (ctx) => startApiImport(ctx));
}
