// POST /api/v1/agents/{agent_number}/first-business (scope write:filings, decision 0116): the first
// piece of business of an agent in a just-in-time state, as the API receives it. The rule is
// recordFirstBusiness's (state-filings/filings.server.ts), for each position with the agent number;
// its refusals are the API's problems: 400 naming the field, 404 an unknown agent, 409 nothing to record.
import { z } from "zod";
import { recordFirstBusiness } from "~/features/state-filings/filings.server";
import { prisma } from "~/lib/db.server";
import { ApiProblem, type ApiContext } from "./http.server";
import { send } from "./paging.server";
import { FirstBusinessRecordedSchema } from "./schemas";

/** A body is two short fields: anything longer is not one. */
const MAX_BODY_CHARS = 1_000;

const bodySchema = z.object({
  state: z.string().regex(/^[A-Za-z]{2}$/),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

const badField = (field: string, detail: string) => new ApiProblem(400, detail, { field });

const FIELD_DETAIL: Record<string, string> = {
  state: "state must be a two-letter state code, e.g. TX.",
  date: "date must be a calendar day, YYYY-MM-DD, not after today.",
};

async function readBody(request: Request): Promise<z.infer<typeof bodySchema>> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") throw new ApiProblem(415, "Send the first business as application/json.");
  const text = await request.text();
  if (text.length > MAX_BODY_CHARS) throw new ApiProblem(400, `The body is longer than ${MAX_BODY_CHARS} characters.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiProblem(400, "The body is not valid JSON.");
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) throw new ApiProblem(400, 'The body must be { "state": "XX", "date": "YYYY-MM-DD" }.');
  const body = bodySchema.safeParse(json);
  if (!body.success) {
    const field = String(body.error.issues[0]!.path[0] ?? "state");
    throw badField(field, FIELD_DETAIL[field] ?? FIELD_DETAIL.state!);
  }
  return body.data;
}

export async function recordFirstBusinessByApi({ request, token }: ApiContext, rawAgentNumber: string | undefined): Promise<Response> {
  const agentNumber = (rawAgentNumber ?? "").trim();
  // The agent first (a wrong address is 404 whatever the body), then the body.
  const positions = /^[A-Za-z0-9-]{1,20}$/.test(agentNumber)
    ? await prisma.agent.findMany({ where: { agentNumber }, select: { id: true }, orderBy: { id: "asc" } })
    : [];
  if (positions.length === 0) throw new ApiProblem(404, "No agent has this agent number.");
  const body = await readBody(request);
  const state = body.state.toUpperCase();
  const owner = await prisma.apiToken.findUnique({ where: { id: token.id }, select: { createdById: true } });
  let filings = 0;
  let dated = 0;
  for (const p of positions) {
    const r = await recordFirstBusiness(p.id, state, body.date, { id: owner?.createdById ?? null }, { request, apiTokenId: token.id });
    if (r.ok) {
      filings += r.recorded;
      dated += r.dated;
    } else if (r.code === "INVALID_DATE") throw badField("date", FIELD_DETAIL.date!);
  }
  if (filings === 0) {
    throw new ApiProblem(409, `Nothing to record: the first business of agent ${agentNumber} in ${state} is recorded already, or the agent has no filing there.`);
  }
  return send(FirstBusinessRecordedSchema, { agent_number: agentNumber, state, date: body.date, filings, dated });
}
