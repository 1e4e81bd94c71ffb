// GET /api/v1/agents/{id} (scope read:agents): one agent position; 404 problem for an unknown id (decision 0076).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/features/api/http.server";
import { recordAccess } from "~/lib/audit.server";
import { intId, send } from "~/features/api/paging.server";
import { agentById } from "~/features/api/read-agents.server";
import { AgentSchema } from "~/features/api/schemas";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  apiRoute(request, "read:agents", async ({ token }) => {
    const id = intId(params.id, "agent");
    const body = await agentById(id);
    await recordAccess(request, { apiTokenId: token.id }, "AGENT_VIEWED", { type: "Agent", id });
    return send(AgentSchema, body);
  });
