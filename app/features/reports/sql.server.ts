// The SQL of the two reports (spec part 3 §3; columns designed in
// docs/decisions/0024-downline-applications-and-reports.md). Plain SQL with
// $n parameters so the job can stream it through a node-postgres cursor
// (pg-query-stream). Every query starts from the requester's own active
// positions and the closure table: a report holds only their downline.
import { downlineSql, viewerPositionsSql } from "~/features/hierarchy/hierarchy.server";
import { levelWithSchedule, type LevelRow } from "~/features/invitations/invitations.server";
import { APPOINTMENT_STATUSES, gridStatusText } from "~/features/appointment/status";
import { complianceReportSql } from "~/features/licences/compliance-view.server";
import { feeReportSheets } from "~/features/state-filings/fee-report.server";
import type { FeeReportInput } from "~/features/state-filings/fee-report";
import { EXPIRY_LABEL, reasonText, STANDING_LABEL } from "~/features/licences/messages";
import { dayOf, expiryState, type Day, type Reason, type Standing } from "~/features/licences/status";
import {
  APPOINTMENT_STATUS_FILTERS,
  COMPLIANCE_REPORT_ID,
  FEE_REPORT_ID,
  RECRUIT_REPORT_ID,
  type ComplianceReportInput,
  type DownlineReportInput,
  type RecruitReportInput,
  type ReportInput,
} from "./schema";

/**
 * A column of a report: text, a number, or a date (the query gives a date as
 * 'YYYY-MM-DD' text; the sheet holds an Excel date shown MM/DD/YYYY, spec §9).
 * `value` turns the row into the cell's value when the column is not simply
 * its key's value.
 */
export type ReportColumn = {
  header: string;
  key: string;
  width: number;
  /** money: a number shown $1,234.00. */
  type: "text" | "number" | "date" | "money";
  value?: (row: Record<string, unknown>) => unknown;
};

export type ReportSheetQuery = { name: string; sql: string; params: unknown[]; columns: ReadonlyArray<ReportColumn> };
/** The first sheet (named `sheetName`, else the report's name; no row: NO DATA), then any `more` sheets. */
export type ReportQuery = { sql: string; params: unknown[]; columns: ReadonlyArray<ReportColumn>; sheetName?: string; more?: ReadonlyArray<ReportSheetQuery> };

const statusCodeOf = (id: string | undefined) => APPOINTMENT_STATUS_FILTERS.find((s) => s.id === id)?.code ?? null;
const like = (v: string | undefined) => (v ? `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null);

/** The display text of an appointment status in grids and reports ('New Contract' reads 'Submitted for Approval', spec §2). */
/** Generated from the status catalogue (appointment/status.ts): a CASE in the query, so the rows still stream. */
export const STATUS_SQL = (col: string) => `CASE ${col}
  ${APPOINTMENT_STATUSES.map((code) => `WHEN ${sqlText(code)} THEN ${sqlText(gridStatusText(code))}`).join("\n  ")}
  ELSE ${UNKNOWN_STATUS_SQL(col)} END`;

/** A string constant of our own (the catalogue's codes and texts) as a SQL literal. */
function sqlText(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** unknownStatusText in SQL: the name without the prefix, underscores as spaces, capitalised — never the code. */
const UNKNOWN_STATUS_SQL = (col: string) => {
  const name = `lower(replace(regexp_replace(${col}, '^APWF_STATUS_', ''), '_', ' '))`;
  return `upper(left(${name}, 1)) || substr(${name}, 2)`;
};

const PERSON_NAME = (a: string) => `NULLIF(concat_ws(' ', NULLIF(${a}.first_name, ''), NULLIF(${a}.last_name, '')), '')`;
const AGENT_NAME = (a: string) => `COALESCE(NULLIF(${a}.company_name, ''), ${PERSON_NAME(a)})`;

/** The requester's positions and everything under them (depth > 0): CTEs viewer, downline, team (both). The hierarchy rule's (hierarchy.server.ts). */
const SCOPE = `
  viewer AS (${viewerPositionsSql("$1::uuid")}),
  downline AS (${downlineSql("viewer", { strict: true })}),
  team AS (SELECT id FROM viewer UNION SELECT id FROM downline)`;

export const DOWNLINE_COLUMNS: ReadonlyArray<ReportColumn> = [
  { header: "Agent Number", key: "agent_number", width: 14, type: "text" },
  { header: "Company", key: "company_number", width: 10, type: "text" },
  { header: "Block", key: "block_number", width: 8, type: "number" },
  { header: "Level", key: "level", width: 7, type: "number" },
  { header: "Last Name", key: "last_name", width: 20, type: "text" },
  { header: "First Name", key: "first_name", width: 16, type: "text" },
  { header: "Company Name", key: "company_name", width: 28, type: "text" },
  { header: "Recruiter", key: "recruiter", width: 26, type: "text" },
  { header: "Status", key: "status", width: 22, type: "text" },
  { header: "Date", key: "dt", width: 12, type: "date" },
];

/** A multi-link invitation's levels, each as the invitations list names it (levelWithSchedule); a single link's level number. */
const recruitLevel = (row: Record<string, unknown>) =>
  Array.isArray(row.levels) && row.levels.length ? (row.levels as LevelRow[]).map(levelWithSchedule).join(", ") : row.level;

export const RECRUIT_COLUMNS: ReadonlyArray<ReportColumn> = [
  { header: "Recruiter Agent Number", key: "recruiter_agent_number", width: 14, type: "text" },
  { header: "Recruiter", key: "recruiter", width: 26, type: "text" },
  { header: "Prospect", key: "prospect", width: 26, type: "text" },
  { header: "Prospect Email", key: "email", width: 30, type: "text" },
  { header: "Level", key: "level", width: 24, type: "text", value: recruitLevel },
  { header: "Invited", key: "invite_date", width: 12, type: "date" },
  { header: "Invitation Status", key: "invitation_status", width: 16, type: "text" },
  { header: "Application Status", key: "status", width: 22, type: "text" },
  { header: "Started", key: "started", width: 12, type: "date" },
  { header: "Submitted", key: "submitted", width: 12, type: "date" },
  { header: "Approved", key: "approved", width: 12, type: "date" },
];

/** A date or timestamp as 'YYYY-MM-DD' (the session's time zone): the job makes it an Excel date. */
const D = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;

/** The levels of a multi-link (in its order), shaped as the invitations list's LevelRow, or NULL. */
const MULTI_LINK_LEVELS = (multiLinkId: string) => `(
  SELECT jsonb_agg(jsonb_build_object('levelNo', msl.level_no, 'levelName', msl.level_name,
           'schedule', jsonb_build_object('scheduleName', cs.schedule_name,
             'carrier', jsonb_build_object('carrierCode', c.carrier_code, 'name', c.name),
             'productType', jsonb_build_object('name', pt.name, 'productTypeCode', pt.product_type_code)))
         ORDER BY mi.sort_order, mi.appointment_link_id)
    FROM multi_link_items mi
    JOIN appointment_links ml ON ml.appointment_link_id = mi.appointment_link_id
    JOIN schedule_levels msl ON msl.schedule_level_id = ml.schedule_level_id
    JOIN commission_schedules cs ON cs.schedule_id = msl.schedule_id
    JOIN carriers c ON c.carrier_id = cs.carrier_id
    JOIN product_types pt ON pt.product_type_id = cs.product_type_id
   WHERE mi.multi_link_id = ${multiLinkId})`;

/**
 * Report 1: every agent under the requester (status Approved, or Terminated
 * when no longer active) and every application not yet approved whose
 * recruiter is the requester or under them.
 */
function downlineQuery(userId: string, input: DownlineReportInput): ReportQuery {
  const status = statusCodeOf(input.appointmentStatusId);
  const sql = `WITH ${SCOPE},
  rows AS (
    SELECT a.agent_number, a.company_number, a.block_number, a.hierarchy_level AS level,
           a.last_name, a.first_name, a.company_name, ${AGENT_NAME("up")} AS recruiter,
           CASE WHEN a.is_active THEN 'Approved' ELSE 'Terminated' END AS status,
           'APWF_STATUS_APPROVED' AS status_code, COALESCE(a.active_date, a.created_at::date) AS dt
      FROM downline d
      JOIN agents a ON a.id = d.id
      LEFT JOIN agents up ON up.id = a.parent_id
    UNION ALL
    SELECT NULL, NULL, NULL, COALESCE(cb.level_no, sl.level_no),
           COALESCE(p.last_name, u.last_name), COALESCE(p.first_name, u.first_name), NULLIF(p.business_name, ''), ${AGENT_NAME("r")},
           ${STATUS_SQL("ap.appointment_status_code")}, ap.appointment_status_code, ap.start_dt::date
      FROM appointments ap
      LEFT JOIN appointment_links l ON l.appointment_link_id = ap.appointment_link_id
      JOIN agents r ON r.id = COALESCE(ap.recruiter_agent_id, l.recruiter_agent_id)
      LEFT JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
      LEFT JOIN LATERAL (SELECT min(b.level_no) AS level_no FROM appointment_carrier_blocks b WHERE b.appointment_id = ap.appointment_id) cb ON true
      LEFT JOIN appointment_personal p ON p.appointment_id = ap.appointment_id
      LEFT JOIN users u ON u.id = ap.user_id
     WHERE NOT ap.is_deleted
       AND ap.appointment_status_code <> 'APWF_STATUS_APPROVED'
       AND r.id IN (SELECT id FROM team)
  )
  SELECT agent_number, company_number, block_number, level, last_name, first_name, company_name, recruiter, status, ${D("dt")} AS dt
    FROM rows
   WHERE ($2::date IS NULL OR dt >= $2::date)
     AND ($3::date IS NULL OR dt <= $3::date)
     AND ($4::text IS NULL OR recruiter ILIKE $4::text)
     AND ($5::text IS NULL OR status_code = $5::text)
     AND ($6::int IS NULL OR level = $6::int)
   ORDER BY last_name NULLS LAST, first_name NULLS LAST, agent_number NULLS LAST`;
  return {
    sql,
    params: [userId, input.startDate ?? null, input.endDate ?? null, like(input.recruiterName), status, input.levelNumber ?? null],
    columns: DOWNLINE_COLUMNS,
  };
}

/**
 * Report 2: the invitations and applications of one recruiter in the
 * requester's hierarchy (all of them when none is picked).
 */
function recruitQuery(userId: string, input: RecruitReportInput): ReportQuery {
  const id = input.appointmentStatusId;
  const sql = `WITH ${SCOPE},
  recruiters AS (
    SELECT a.id FROM agents a JOIN team t ON t.id = a.id
     WHERE $2::text IS NULL OR (a.agent_number = $2::text AND a.company_number = $3::text AND a.block_number = $4::int)
  ),
  rows AS (
    SELECT r.agent_number AS recruiter_agent_number, ${AGENT_NAME("r")} AS recruiter,
           NULLIF(concat_ws(' ', i.prospect_first_name, i.prospect_last_name), '') AS prospect, i.prospect_email_address AS email,
           sl.level_no AS level, ${MULTI_LINK_LEVELS("i.multi_link_id")} AS levels, i.invite_date, i.status AS invitation_status,
           ap.appointment_status_code AS status_code, ap.start_dt, ap.submitted_at, ap.approved_at,
           COALESCE(i.invite_date, ap.start_dt)::date AS dt
      FROM invitations i
      JOIN agents r ON r.id = i.inviter_agent_id
      LEFT JOIN LATERAL (SELECT * FROM appointments x WHERE x.invitation_id = i.invitation_id AND NOT x.is_deleted ORDER BY x.start_dt DESC LIMIT 1) ap ON true
      LEFT JOIN appointment_links l ON l.appointment_link_id = i.appointment_link_id
      LEFT JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
     WHERE r.id IN (SELECT id FROM recruiters)
    UNION ALL
    SELECT r.agent_number, ${AGENT_NAME("r")},
           NULLIF(concat_ws(' ', COALESCE(p.first_name, u.first_name), COALESCE(p.last_name, u.last_name)), ''), COALESCE(ap.prospect_email_address, u.user_name),
           sl.level_no, NULL::jsonb, NULL, NULL,
           ap.appointment_status_code, ap.start_dt, ap.submitted_at, ap.approved_at, ap.start_dt::date
      FROM appointments ap
      LEFT JOIN appointment_links l ON l.appointment_link_id = ap.appointment_link_id
      JOIN agents r ON r.id = COALESCE(ap.recruiter_agent_id, l.recruiter_agent_id)
      LEFT JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
      LEFT JOIN appointment_personal p ON p.appointment_id = ap.appointment_id
      LEFT JOIN users u ON u.id = ap.user_id
     WHERE ap.invitation_id IS NULL AND NOT ap.is_deleted
       AND r.id IN (SELECT id FROM recruiters)
  )
  SELECT recruiter_agent_number, recruiter, prospect, email, level, levels, ${D("invite_date")} AS invite_date,
         CASE invitation_status WHEN 'INVITED' THEN 'Invited' WHEN 'ACCEPTED' THEN 'Accepted' WHEN 'APPOINTED' THEN 'Appointed' WHEN 'DECLINED' THEN 'Declined' ELSE invitation_status END AS invitation_status,
         ${STATUS_SQL("status_code")} AS status, ${D("start_dt")} AS started, ${D("submitted_at")} AS submitted, ${D("approved_at")} AS approved
    FROM rows
   WHERE ($5::date IS NULL OR dt >= $5::date)
     AND ($6::date IS NULL OR dt <= $6::date)
     AND ($7::text IS NULL OR prospect ILIKE $7::text)
     AND ($8::int IS NULL OR level = $8::int OR levels @> jsonb_build_array(jsonb_build_object('levelNo', $8::int)))
     AND CASE $9::text
           WHEN '0' THEN true
           WHEN '-1' THEN status_code IS DISTINCT FROM 'APWF_STATUS_APPROVED'
           WHEN '-2' THEN status_code IS NULL OR status_code = 'APWF_STATUS_INVITED'
           ELSE status_code = $10::text
         END
   ORDER BY dt DESC NULLS LAST, prospect`;
  return {
    sql,
    params: [
      userId,
      input.recruiterAgentNo ?? null,
      input.recruiterCompanyNo ?? null,
      input.recruiterBlockNo ?? null,
      input.startDate ?? null,
      input.endDate ?? null,
      like(input.prospectName),
      input.levelNumber ?? null,
      id,
      statusCodeOf(id),
    ],
    columns: RECRUIT_COLUMNS,
  };
}

/** Report 3's columns: the compliance view's (routes/compliance.tsx), one agent position a row. */
export const complianceColumns = (today: Day): ReadonlyArray<ReportColumn> => [
  { header: "Agent Number", key: "agent_number", width: 14, type: "text" },
  { header: "Company", key: "company_number", width: 10, type: "text" },
  { header: "Block", key: "block_number", width: 8, type: "number" },
  { header: "Carrier", key: "carrier_code", width: 10, type: "text" },
  { header: "Last Name", key: "last_name", width: 20, type: "text" },
  { header: "First Name", key: "first_name", width: 16, type: "text" },
  { header: "Company Name", key: "company_name", width: 28, type: "text" },
  { header: "NPN", key: "npn", width: 14, type: "text" },
  { header: "Standing", key: "standing", width: 20, type: "text", value: (r) => STANDING_LABEL[r.standing as Standing] ?? r.standing },
  { header: "Reasons", key: "reasons", width: 60, type: "text", value: (r) => ((r.reasons as Reason[] | null) ?? []).map(reasonText).join(" ") },
  { header: "Next Expiry", key: "next_expiry", width: 12, type: "date" },
  { header: "Expiry", key: "expiry_state", width: 22, type: "text", value: (r) => (r.next_expiry ? EXPIRY_LABEL[expiryState(r.next_expiry as Day, today)] : null) },
];

/** How a report reads its rows when the job runs: the compliance report's scope and day (report 3). */
export type ReportRunContext = { everyAgent?: boolean; today?: Day; mayReadFees?: boolean };

export function reportQuery(reportId: number, userId: string, input: ReportInput, ctx: ReportRunContext = {}): ReportQuery {
  if (reportId === FEE_REPORT_ID) {
    const [byState, detail] = feeReportSheets(input as FeeReportInput, ctx.mayReadFees === true);
    return { ...byState, sheetName: byState.name, more: [detail] };
  }
  if (reportId === COMPLIANCE_REPORT_ID) {
    const today = ctx.today ?? dayOf(new Date());
    const { sql, params } = complianceReportSql({ userId, everyAgent: ctx.everyAgent === true }, input as ComplianceReportInput, today);
    return { sql, params, columns: complianceColumns(today) };
  }
  return reportId === RECRUIT_REPORT_ID
    ? recruitQuery(userId, input as RecruitReportInput)
    : downlineQuery(userId, input as DownlineReportInput);
}
