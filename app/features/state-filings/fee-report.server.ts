// The fee report's sheets (report 4, decision 0117), as SQL the report job streams
// (reports/run.server.ts): 'Fees by state' (per state and carrier: the filings charged in the
// period, their fees, of which by card and from commissions, the state's renewal fees, then a total
// row) and 'Fee detail' (one row per filing charged). 'Charged in the period' is fees.ts's rule.
// Every filing, for an administrator who may still manage:state-filings when the job runs.
import { LINE_LABEL } from "~/features/licences/messages";
import type { LineOfAuthority } from "~/features/licences/status";
import { prisma } from "~/lib/db.server";
import { can, capabilitiesOf, rolesOf } from "~/lib/permissions";
import { FILING_STATUS_LABELS } from "./board";
import type { FilingStatus } from "./due";
import type { FeeReportInput } from "./fee-report";
import { chargedInPeriodSql, chargedOnSql, FEE_PAYER_LABEL, type FeePayer } from "./fees";

/** The column shape of reports/sql.server.ts's ReportColumn (kept structural: reports imports this module). */
type Column = { header: string; key: string; width: number; type: "text" | "number" | "date" | "money"; value?: (row: Record<string, unknown>) => unknown };
type Sheet = { name: string; sql: string; params: unknown[]; columns: ReadonlyArray<Column> };

/** Whether the requester may see every filing's fee as the job runs (the role table's rule; a deactivated user: no). */
export async function mayReadFees(userId: string): Promise<boolean> {
  const u = await prisma.user.findUnique({ where: { id: userId }, select: { isInternal: true, isActive: true, userRoleCode: true } });
  if (!u?.isActive) return false;
  return can(capabilitiesOf(rolesOf({ userRoleCode: u.userRoleCode, isInternal: u.isInternal, impersonator: null }, null)), "manage:state-filings");
}

/** $1 from, $2 to, $3 allowed, $4 carrier (null: all): the filings charged in the period. */
const CHARGED = `
  SELECT f.* FROM appointment_filings f
   WHERE $3::boolean AND ($4::int IS NULL OR f.carrier_id = $4::int)
     AND ${chargedInPeriodSql("f", "$1::date", "$2::date")}`;

export const FEES_BY_STATE_COLUMNS: ReadonlyArray<Column> = [
  { header: "State", key: "state_code", width: 8, type: "text" },
  { header: "State Name", key: "state_name", width: 20, type: "text" },
  { header: "Carrier", key: "carrier", width: 28, type: "text" },
  { header: "NAIC Code", key: "naic_company_code", width: 11, type: "text" },
  { header: "Filings", key: "filings", width: 9, type: "number" },
  { header: "Fees Charged", key: "fees", width: 14, type: "money" },
  { header: "Paid by Card", key: "by_card", width: 14, type: "money" },
  { header: "From Commissions", key: "from_commissions", width: 17, type: "money" },
  { header: "Renewal Fee (Resident)", key: "renewal_resident", width: 21, type: "money" },
  { header: "Renewal Fee (Non-Resident)", key: "renewal_non_resident", width: 25, type: "money" },
];

const BY_STATE_SQL = `
  WITH charged AS (${CHARGED}),
  by_state AS (
    SELECT c.state_code, c.carrier_id, count(*)::int AS filings, sum(c.fee_amount) AS fees,
           COALESCE(sum(c.fee_amount) FILTER (WHERE c.fee_paid_by = 'CARD'), 0) AS by_card,
           COALESCE(sum(c.fee_amount) FILTER (WHERE c.fee_paid_by = 'COMMISSIONS'), 0) AS from_commissions
      FROM charged c GROUP BY c.state_code, c.carrier_id)
  SELECT * FROM (
    SELECT 0 AS part, b.state_code, sf.state_name, ca.name AS carrier, ca.naic_company_code, b.filings,
           b.fees::float8 AS fees, b.by_card::float8 AS by_card, b.from_commissions::float8 AS from_commissions,
           r.renewal_resident_fee_amount::float8 AS renewal_resident, r.renewal_non_resident_fee_amount::float8 AS renewal_non_resident
      FROM by_state b
      JOIN state_rules r ON r.state_code = b.state_code
      JOIN state_fees sf ON sf.state_code = b.state_code
      JOIN carriers ca ON ca.carrier_id = b.carrier_id
    UNION ALL
    SELECT 1, 'Total', NULL, NULL, NULL, sum(b.filings)::int, sum(b.fees)::float8, sum(b.by_card)::float8, sum(b.from_commissions)::float8, NULL, NULL
      FROM by_state b HAVING count(*) > 0) t
  ORDER BY t.part, t.state_code, t.carrier`;

export const FEE_DETAIL_COLUMNS: ReadonlyArray<Column> = [
  { header: "Agent Number", key: "agent_number", width: 14, type: "text" },
  { header: "Name", key: "name", width: 28, type: "text" },
  { header: "NPN", key: "npn", width: 12, type: "text" },
  { header: "State", key: "state_code", width: 8, type: "text" },
  { header: "Line", key: "line_of_authority", width: 18, type: "text", value: (r) => LINE_LABEL[r.line_of_authority as LineOfAuthority] ?? r.line_of_authority },
  { header: "Fee", key: "fee", width: 10, type: "money" },
  { header: "Paid By", key: "fee_paid_by", width: 26, type: "text", value: (r) => FEE_PAYER_LABEL[r.fee_paid_by as FeePayer] ?? r.fee_paid_by },
  { header: "Charged On", key: "charged_on", width: 12, type: "date" },
  { header: "Carrier", key: "carrier", width: 28, type: "text" },
  { header: "Status", key: "status", width: 24, type: "text", value: (r) => FILING_STATUS_LABELS[r.status as FilingStatus] ?? r.status },
];

const DETAIL_SQL = `
  WITH charged AS (${CHARGED})
  SELECT a.agent_number, COALESCE(NULLIF(a.company_name, ''), NULLIF(concat_ws(' ', NULLIF(a.first_name, ''), NULLIF(a.last_name, '')), '')) AS name,
         c.npn, c.state_code, c.line_of_authority, c.fee_amount::float8 AS fee, c.fee_paid_by,
         (${chargedOnSql("c")})::text AS charged_on, ca.name AS carrier, c.status
    FROM charged c
    JOIN agents a ON a.id = c.agent_id
    JOIN carriers ca ON ca.carrier_id = c.carrier_id
   ORDER BY c.state_code, charged_on, a.agent_number, c.line_of_authority, c.id`;

/** The report's sheets for the job: the totals first (no row: NO DATA), then the detail. */
export function feeReportSheets(input: FeeReportInput, allowed: boolean): [Sheet, Sheet] {
  const params = [input.from, input.to, allowed, input.carrier ?? null];
  return [
    { name: "Fees by state", sql: BY_STATE_SQL, params, columns: FEES_BY_STATE_COLUMNS },
    { name: "Fee detail", sql: DETAIL_SQL, params, columns: FEE_DETAIL_COLUMNS },
  ];
}

/** The carrier's name for the request's filter line; null: no such carrier. */
export async function feeReportCarrierName(carrierId: number): Promise<string | null> {
  const c = await prisma.carrier.findUnique({ where: { carrierId }, select: { name: true, carrierCode: true } });
  return c ? `${c.name} (${c.carrierCode})` : null;
}
