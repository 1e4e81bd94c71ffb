// The compliance view (issue 23 item 5, decision 0073): the stored standing of agent positions
// (agent_compliance, written by refreshStanding only) with their agent, hierarchy, NPN, reasons
// and next expiry, filtered as compliance-view.ts reads the filters. Whose agents: an internal
// administrator (capability manage:licences) every evaluated position; anyone else their downline
// by the hierarchy's one rule (hierarchy.server.ts: viewerPositionsSql + downlineSql, the
// reports' reading; their own positions included). The page, the counts per standing and the
// carriers of the filter are ONE statement; the Compliance report (report 3, reports/sql.server.ts)
// streams the same rows from the same SQL, scoped when the job runs (seesEveryAgent).
import { downlineSql, viewerPositionsSql } from "~/features/hierarchy/hierarchy.server";
import { prisma, queryRows } from "~/lib/db.server";
import { can, capabilitiesOf, rolesOf, type Capability } from "~/lib/permissions";
import { windowEnd, type ComplianceFilter } from "./compliance-view";
import type { Day, Reason, Standing } from "./status";

/** Who sees every agent: the capability of the role table (administrators). */
export const EVERY_AGENT_CAPABILITY: Capability = "manage:licences";

/**
 * True when user `userId` sees every agent, read now (the report job: the requester's rights
 * when it runs, not when they asked). The role table's rule: an internal administrator, not
 * impersonating (a job never is); a deactivated user sees nothing of it.
 */
export async function seesEveryAgent(userId: string): Promise<boolean> {
  const u = await prisma.user.findUnique({ where: { id: userId }, select: { isInternal: true, isActive: true, userRoleCode: true } });
  if (!u?.isActive) return false;
  return can(capabilitiesOf(rolesOf({ userRoleCode: u.userRoleCode, isInternal: u.isInternal, impersonator: null }, null)), EVERY_AGENT_CAPABILITY);
}

export type ComplianceScope = { userId: string; everyAgent: boolean };

/**
 * The CTEs `viewer` (the user's positions) and `scoped` (the agent_compliance rows the user may see
 * that match the filters, with their agent), and the parameters they use ($1 the user; then the
 * filters that are set: a statement per combination, so each gets its own plan).
 */
function scopedSql(scope: ComplianceScope, f: ComplianceFilter, today: Day, opts: { narrow?: boolean } = {}): { sql: string; params: unknown[] } {
  const params: unknown[] = [scope.userId];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (f.expiring) where.push(`ac.next_expiry <= ${p(windowEnd(today))}::date`);
  if (f.carrier != null) where.push(`b.carrier_id = ${p(f.carrier)}::int`);
  if (f.state) where.push(`EXISTS (SELECT 1 FROM agent_licensed_states s WHERE s.agent_id = a.id AND s.state_code = ${p(f.state)}::text)`);
  if (f.credential) {
    // The credential of that kind that runs longest (status.ts currentEo's reading, for any kind).
    const last = `(SELECT max(pc.expiry_date) FROM producer_credentials pc WHERE pc.npn = btrim(a.npn) AND pc.kind = ${p(f.credential)}::text)`;
    const end = `${p(windowEnd(today))}::date`;
    // No NPN: nothing can be on record (the 'no license records' group), not a missing E&O.
    where.push(f.credential === "EO" ? `btrim(a.npn) <> '' AND COALESCE(${last} <= ${end}, true)` : `${last} <= ${end}`);
  }
  const downline = scope.everyAgent ? "" : `JOIN (${downlineSql("viewer")}) d ON d.id = ac.agent_id`;
  const filters = where.length ? `WHERE ${where.join("\n       AND ")}` : "";
  // narrow (the page): one pass over the scope, materialized once, with what the counts and the
  // order read; the page's 25 rows get their details afterwards. Otherwise (the report): every column.
  const sql = opts.narrow
    ? `viewer AS MATERIALIZED (${viewerPositionsSql("$1::uuid")}),
  scoped AS MATERIALIZED (
    SELECT ac.agent_id, ac.standing, a.last_name, a.first_name, a.agent_number
      FROM agent_compliance ac
      JOIN agents a ON a.id = ac.agent_id
      ${f.carrier != null ? "JOIN blocks b ON b.block_number = a.block_number" : ""}
      ${downline}
     ${filters}
  )`
    : `viewer AS MATERIALIZED (${viewerPositionsSql("$1::uuid")}),
  scoped AS NOT MATERIALIZED (
    SELECT ac.agent_id, ac.standing, ac.reasons, ac.next_expiry, a.agent_number, a.company_number, a.block_number,
           a.first_name, a.last_name, a.company_name, NULLIF(btrim(a.npn), '') AS npn, cr.carrier_code, cr.name AS carrier_name
      FROM agent_compliance ac
      JOIN agents a ON a.id = ac.agent_id
      JOIN blocks b ON b.block_number = a.block_number
      JOIN carriers cr ON cr.carrier_id = b.carrier_id
      ${downline}
     ${filters}
  )`;
  return { sql, params };
}

const ORDER = `last_name NULLS LAST, first_name NULLS LAST, agent_number, agent_id`;
const ORDER_S = `s.last_name NULLS LAST, s.first_name NULLS LAST, s.agent_number, s.agent_id`;

export type ComplianceRow = {
  agentId: number;
  agentNumber: string;
  companyNumber: string;
  blockNumber: number;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  npn: string | null;
  carrierCode: string;
  carrierName: string;
  standing: Standing;
  reasons: Reason[];
  nextExpiry: Day | null;
  /** The viewer's own position above the agent (the agent detail page's h=), null for an administrator. */
  via: number | null;
};

export type CompliancePage = {
  rows: ComplianceRow[];
  counts: Record<Standing, number>;
  /** Rows matching every filter (the pager's total). */
  total: number;
  carriers: Array<{ id: number; code: string; name: string }>;
};

type PageRow = {
  counts: Partial<Record<Standing, number>> | null;
  rows: Array<{
    agent_id: number;
    agent_number: string;
    company_number: string;
    block_number: number;
    first_name: string | null;
    last_name: string | null;
    company_name: string | null;
    npn: string | null;
    carrier_code: string;
    carrier_name: string;
    standing: Standing;
    reasons: Reason[];
    next_expiry: string | null;
    via: number | null;
  }>;
  carriers: CompliancePage["carriers"];
};

/**
 * One page of the view, the counts per standing (under every filter but the standing) and the
 * carriers of the filter's list: one statement, one pass over the scope (materialized narrow: the
 * counts and the page's order read it; the page's rows are joined to their details afterwards).
 */
export async function compliancePage(scope: ComplianceScope, f: ComplianceFilter, today: Day, page: number, pageSize: number): Promise<CompliancePage> {
  const { sql, params } = compliancePageSql(scope, f, today, page, pageSize);
  const [r] = await queryRows<PageRow>(sql, params);
  const counts: Record<Standing, number> = { IN_GOOD_ORDER: 0, NOT_IN_GOOD_ORDER: 0, UNVERIFIED: 0 };
  for (const [k, n] of Object.entries(r?.counts ?? {})) if (k in counts) counts[k as Standing] = Number(n);
  const total = f.standing ? counts[f.standing] : counts.IN_GOOD_ORDER + counts.NOT_IN_GOOD_ORDER + counts.UNVERIFIED;
  return {
    rows: (r?.rows ?? []).map((x) => ({
      agentId: x.agent_id,
      agentNumber: x.agent_number,
      companyNumber: x.company_number,
      blockNumber: x.block_number,
      firstName: x.first_name,
      lastName: x.last_name,
      companyName: x.company_name,
      npn: x.npn,
      carrierCode: x.carrier_code,
      carrierName: x.carrier_name,
      standing: x.standing,
      reasons: x.reasons ?? [],
      nextExpiry: x.next_expiry,
      via: x.via,
    })),
    counts,
    total,
    carriers: r?.carriers ?? [],
  };
}

/** compliancePage's statement (the benchmark EXPLAINs it). */
export function compliancePageSql(scope: ComplianceScope, f: ComplianceFilter, today: Day, page: number, pageSize: number): { sql: string; params: unknown[] } {
  const { sql: ctes, params } = scopedSql(scope, f, today, { narrow: true });
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const standing = f.standing ? `WHERE standing = ${p(f.standing)}::text` : "";
  const via = scope.everyAgent
    ? "NULL::int"
    : `(SELECT c.ancestor_id FROM agent_closure c JOIN viewer v ON v.id = c.ancestor_id WHERE c.descendant_id = s.agent_id ORDER BY c.depth LIMIT 1)`;
  const sql = `WITH ${ctes},
  page AS (
    SELECT ac.agent_id, ac.standing, ac.reasons, ac.next_expiry, a.agent_number, a.company_number, a.block_number,
           a.first_name, a.last_name, a.company_name, NULLIF(btrim(a.npn), '') AS npn, cr.carrier_code, cr.name AS carrier_name
      FROM (SELECT agent_id FROM scoped ${standing}
             ORDER BY ${ORDER}
             LIMIT ${p(pageSize)}::int OFFSET ${p(page * pageSize)}::int) k
      JOIN agent_compliance ac ON ac.agent_id = k.agent_id
      JOIN agents a ON a.id = k.agent_id
      JOIN blocks b ON b.block_number = a.block_number
      JOIN carriers cr ON cr.carrier_id = b.carrier_id
  )
  SELECT (SELECT json_object_agg(standing, n) FROM (SELECT standing, count(*)::int AS n FROM scoped GROUP BY standing) k) AS counts,
         (SELECT COALESCE(json_agg(json_build_object(
                   'agent_id', s.agent_id, 'agent_number', s.agent_number, 'company_number', s.company_number, 'block_number', s.block_number,
                   'first_name', s.first_name, 'last_name', s.last_name, 'company_name', s.company_name, 'npn', s.npn,
                   'carrier_code', s.carrier_code, 'carrier_name', s.carrier_name, 'standing', s.standing, 'reasons', s.reasons,
                   'next_expiry', s.next_expiry::text, 'via', ${via}) ORDER BY ${ORDER_S}), '[]')
            FROM page s) AS rows,
         (SELECT COALESCE(json_agg(json_build_object('id', c.carrier_id, 'code', c.carrier_code, 'name', c.name) ORDER BY c.carrier_code), '[]')
            FROM carriers c WHERE c.is_active) AS carriers`;
  return { sql, params };
}

/**
 * The report's statement: every matching row in the view's order, with the columns the
 * spreadsheet's columns read (reports/sql.server.ts COMPLIANCE_COLUMNS).
 */
export function complianceReportSql(scope: ComplianceScope, f: ComplianceFilter, today: Day): { sql: string; params: unknown[] } {
  const { sql: ctes, params } = scopedSql(scope, f, today);
  let standing = "";
  if (f.standing) {
    params.push(f.standing);
    standing = `WHERE standing = $${params.length}::text`;
  }
  const sql = `WITH ${ctes}
  SELECT agent_number, company_number, block_number, carrier_code, last_name, first_name, company_name, npn,
         standing, reasons, to_char(next_expiry, 'YYYY-MM-DD') AS next_expiry
    FROM scoped ${standing}
   ORDER BY ${ORDER}`;
  return { sql, params };
}

/** The carrier's code and name, for the report's filter line. */
export async function carrierLabel(carrierId: number | undefined): Promise<string | null> {
  if (carrierId == null) return null;
  const c = await prisma.carrier.findUnique({ where: { carrierId }, select: { carrierCode: true, name: true } });
  return c ? `${c.name} (${c.carrierCode})` : null;
}

/** The active carriers for the filter (the page's statement gives them too; this is for a refused filter). */
export async function activeCarriers(): Promise<CompliancePage["carriers"]> {
  const rows = await prisma.carrier.findMany({ where: { isActive: true }, orderBy: { carrierCode: "asc" }, select: { carrierId: true, carrierCode: true, name: true } });
  return rows.map((c) => ({ id: c.carrierId, code: c.carrierCode, name: c.name }));
}
