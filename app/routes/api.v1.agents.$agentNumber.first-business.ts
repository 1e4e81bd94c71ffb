// POST /api/v1/agents/{agent_number}/first-business (scope write:filings): the agent's first business
// in a state, recorded by the rule of ADMIN > State Filings (decision 0116). Only a POST reaches it:
// the HTTP server answers any other method 405 (server/request-guards.ts).
import type { ActionFunctionArgs } from "@remix-run/node";
import { recordFirstBusinessByApi } from "~/features/api/first-business.server";
import { apiRoute } from "~/features/api/http.server";

export const action = ({ request, params }: ActionFunctionArgs) => apiRoute(request, "write:filings", (ctx) => recordFirstBusinessByApi(ctx, params.agentNumber));
