// GET /api/v1/filings and /api/v1/terminations (scope read:filings, decision 0116): the agents' list's
// paging and updated_since, filtered by agent_number, state and status. A page is two statements:
// the ids in (updated_at, id) order, then their state as the webhook events carry it
// (webhooks/filing-events.server.ts), so the API and the events cannot differ. Never the SSN.
import type { z } from "zod";
import { FILING_STATUSES } from "~/features/state-filings/due";
import { appointmentFilingStates, terminationFilingStates } from "~/features/webhooks/filing-events.server";
import { prisma } from "~/lib/db.server";
import { ApiProblem } from "./http.server";
import { pageOf, pageWhere, type PageQuery } from "./paging.server";
import type { FilingPageSchema, TerminationPageSchema } from "./schemas";

export const TERMINATION_STATUSES = ["TO_FILE", "FILED", "ACCEPTED", "REJECTED"] as const;

export type FilingFilters = { agentNumber: string | null; state: string | null; status: string | null };

const bad = (parameter: string, detail: string) => new ApiProblem(400, detail, { parameter });

/** agent_number, state and status of a list request (each at most once); a malformed one is a 400 naming it. */
export function filingFilters(url: URL, statuses: readonly string[]): FilingFilters {
  const p = url.searchParams;
  for (const name of ["agent_number", "state", "status"]) if (p.getAll(name).length > 1) throw bad(name, `${name} was given more than once.`);
  const agentNumber = p.get("agent_number")?.trim() ?? null;
  if (agentNumber !== null && !/^[A-Za-z0-9-]{1,20}$/.test(agentNumber)) throw bad("agent_number", "agent_number must be an agent number: 1 to 20 letters, digits or '-'.");
  const state = p.get("state")?.trim().toUpperCase() ?? null;
  if (state !== null && !/^[A-Z]{2}$/.test(state)) throw bad("state", "state must be a two-letter state code, e.g. FL.");
  const status = p.get("status")?.trim().toUpperCase() ?? null;
  if (status !== null && !statuses.includes(status)) throw bad("status", `status must be one of ${statuses.join(", ")}.`);
  return { agentNumber, state, status };
}

const filterWhere = (f: FilingFilters) => [
  ...(f.agentNumber ? [{ agent: { agentNumber: f.agentNumber } }] : []),
  ...(f.state ? [{ stateCode: f.state }] : []),
  ...(f.status ? [{ status: f.status }] : []),
];

function pageArgs(q: PageQuery<string>, f: FilingFilters) {
  const { where, ...rest } = pageWhere(q, "id");
  return { ...rest, where: { AND: [...where.AND, ...filterWhere(f)] }, select: { id: true, updatedAt: true } };
}

export async function filingPage(q: PageQuery<string>, f: FilingFilters): Promise<z.input<typeof FilingPageSchema>> {
  const rows = await prisma.appointmentFiling.findMany(pageArgs(q, f));
  const { rows: kept, nextCursor } = pageOf(rows, q, (r) => r.id);
  return { data: await appointmentFilingStates(prisma, kept.map((r) => r.id)), next_cursor: nextCursor };
}

export async function terminationPage(q: PageQuery<string>, f: FilingFilters): Promise<z.input<typeof TerminationPageSchema>> {
  const rows = await prisma.termination.findMany(pageArgs(q, f));
  const { rows: kept, nextCursor } = pageOf(rows, q, (r) => r.id);
  return { data: await terminationFilingStates(prisma, kept.map((r) => r.id)), next_cursor: nextCursor };
}

export { FILING_STATUSES };
