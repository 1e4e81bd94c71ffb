// GET /api/v1/agents and /api/v1/agents/{id} (scope read:agents, decision 0076): a page is two
// statements whatever its size: the agents with company, block, upline and compliance (one join), and
// the licences and E&O coverages of all their NPNs (one UNION). The SSN is read as its last four only.
import { type z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { prisma, queryRows } from "~/lib/db.server";
import { asDay, dayOf, expiryState } from "~/features/licences/status";
import { type AgentPageSchema, type AgentSchema, type EoSchema, type LicenceSchema } from "./schemas";
import { ApiProblem } from "./http.server";
import { pageOf, pageWhere, type PageQuery } from "./paging.server";

const agentSelect = {
  id: true,
  agentNumber: true,
  company: { select: { companyNumber: true, name: true } },
  block: { select: { blockNumber: true, name: true, carrier: { select: { carrierCode: true } }, productType: { select: { productTypeCode: true } } } },
  mgaCode: true,
  hierarchyLevel: true,
  agentType: true,
  parent: { select: { id: true, agentNumber: true } },
  isActive: true,
  terminationDate: true,
  activeDate: true,
  firstName: true,
  middleName: true,
  lastName: true,
  companyName: true,
  email: true,
  npn: true,
  ssnLast4: true,
  compliance: { select: { standing: true, nextExpiry: true } },
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.AgentSelect;

type AgentRow = Prisma.AgentGetPayload<{ select: typeof agentSelect }>;
type License = z.input<typeof LicenceSchema>;
type Eo = z.input<typeof EoSchema>;
type Records = { licences: License[]; eo: Eo[] };

/**
 * The licences and E&O coverages of these NPNs, in one statement. Records taken from an application
 * and not yet confirmed (source APPLICATION) are left out: a carrier's system reads only what the
 * portal vouches for (decision 0098).
 */
async function recordsOfNpns(npns: string[], today: string): Promise<Map<string, Records>> {
  const byNpn = new Map<string, Records>();
  if (npns.length === 0) return byNpn;
  const rows = await queryRows<{ npn: string; kind: "L" | "E"; r: Record<string, unknown> }>(
    `SELECT npn, 'L' AS kind, json_build_object('state_code', state_code, 'licence_number', licence_number, 'licence_class', licence_class,
            'resident', is_resident, 'life', loa_life, 'ah', loa_accident_health, 'variable', loa_variable, 'status', status,
            'effective_date', effective_date, 'expiry_date', expiry_date) AS r
       FROM producer_licences WHERE npn = ANY($1::text[]) AND source <> 'APPLICATION'
     UNION ALL
     SELECT npn, 'E', json_build_object('provider', provider, 'policy_number', policy_number, 'coverage_limit', coverage_limit::text,
            'effective_date', effective_date, 'expiry_date', expiry_date)
       FROM producer_credentials WHERE kind = 'EO' AND npn = ANY($1::text[]) AND source <> 'APPLICATION'`,
    [npns],
  );
  for (const { npn, kind, r } of rows) {
    const rec = byNpn.get(npn) ?? { licences: [], eo: [] };
    byNpn.set(npn, rec);
    const expiry = (r.expiry_date as string | null) ?? null;
    if (kind === "L") {
      rec.licences.push({
        state_code: r.state_code as string,
        licence_number: (r.licence_number as string | null) ?? null,
        licence_class: r.licence_class as string,
        resident: Boolean(r.resident),
        lines_of_authority: [...(r.life ? (["LIFE"] as const) : []), ...(r.ah ? (["ACCIDENT_HEALTH"] as const) : []), ...(r.variable ? (["VARIABLE"] as const) : [])],
        status: r.status as string,
        effective_date: (r.effective_date as string | null) ?? null,
        expiry_date: expiry,
        expiry_state: expiryState(expiry, today),
      });
    } else {
      rec.eo.push({
        provider: (r.provider as string | null) ?? null,
        policy_number: (r.policy_number as string | null) ?? null,
        coverage_limit: (r.coverage_limit as string | null) ?? null,
        effective_date: (r.effective_date as string | null) ?? null,
        expiry_date: expiry!,
        expiry_state: expiryState(expiry, today),
      });
    }
  }
  for (const rec of byNpn.values()) {
    rec.licences.sort((a, b) => Number(b.resident) - Number(a.resident) || a.state_code.localeCompare(b.state_code));
    rec.eo.sort((a, b) => b.expiry_date.localeCompare(a.expiry_date));
  }
  return byNpn;
}

function agentBody(a: AgentRow, rec: Records | undefined): z.input<typeof AgentSchema> {
  // The portal's flag for a deactivated (terminated) position, as the agents screens read it.
  const active = a.isActive;
  return {
    id: a.id,
    agent_number: a.agentNumber,
    company: { number: a.company.companyNumber, name: a.company.name },
    block: { number: a.block.blockNumber, name: a.block.name, carrier_code: a.block.carrier.carrierCode, product_type: a.block.productType.productTypeCode },
    mga_code: a.mgaCode,
    hierarchy_level: a.hierarchyLevel,
    agent_type: a.agentType,
    upline: a.parent ? { id: a.parent.id, agent_number: a.parent.agentNumber } : null,
    status: active ? "active" : "deactivated",
    deactivated_on: active ? null : asDay(a.terminationDate),
    active_since: asDay(a.activeDate) ?? dayOf(a.createdAt),
    first_name: a.firstName,
    middle_name: a.middleName,
    last_name: a.lastName,
    company_name: a.companyName,
    email: a.email,
    npn: a.npn,
    ssn_last4: a.ssnLast4?.slice(-4) || null,
    licences: rec?.licences ?? [],
    errors_and_omissions: rec?.eo ?? [],
    compliance: a.compliance ? { standing: a.compliance.standing, next_expiry: asDay(a.compliance.nextExpiry) } : null,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

async function withRecords(rows: AgentRow[]) {
  const npns = [...new Set(rows.map((r) => r.npn?.trim()).filter((n): n is string => Boolean(n)))];
  const recs = await recordsOfNpns(npns, dayOf(new Date()));
  return rows.map((r) => agentBody(r, r.npn ? recs.get(r.npn.trim()) : undefined));
}

export async function agentPage(q: PageQuery<number>): Promise<z.input<typeof AgentPageSchema>> {
  const rows = await prisma.agent.findMany({ ...pageWhere(q, "id"), select: agentSelect });
  const { rows: kept, nextCursor } = pageOf(rows, q, (r) => r.id);
  return { data: await withRecords(kept), next_cursor: nextCursor };
}

export async function agentById(id: number): Promise<z.input<typeof AgentSchema>> {
  const row = await prisma.agent.findUnique({ where: { id }, select: agentSelect });
  if (!row) throw new ApiProblem(404, "No agent has this id.");
  return (await withRecords([row]))[0]!;
}
