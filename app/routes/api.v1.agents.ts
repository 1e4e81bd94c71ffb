// GET /api/v1/agents (scope read:agents): agent positions, paged by cursor, filtered by updated_since (decision 0076).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/features/api/http.server";
import { recordAccess } from "~/lib/audit.server";
import { pageQuery, send } from "~/features/api/paging.server";
import { agentPage } from "~/features/api/read-agents.server";
import { AgentPageSchema } from "~/features/api/schemas";

export const loader = ({ request }: LoaderFunctionArgs) =>
  apiRoute(request, "read:agents", async ({ url, token }) => {
    const page = await agentPage(pageQuery<number>(url, "int"));
    // A page of records leaving through the API: one export row (the ids are in the answer, not the log).
    await recordAccess(request, { apiTokenId: token.id }, "RECORD_EXPORTED", { type: "Agent", id: null, details: { rows: page.data.length } });
    return send(AgentPageSchema, page);
  });
