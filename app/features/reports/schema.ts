// The request forms of reports 1 (downline) and 2 (recruit): the one source
// of their rules (spec part 3 §5, §9), used by conform in the browser and by
// the action. All filters are optional.
import { z } from "zod";
import { APPOINTMENT_STATUS_FILTERS } from "~/features/appointment/status";
import { complianceFilterShape, complianceFilterText, type ComplianceFilter } from "~/features/licences/compliance-view";
import { FEE_REPORT_ID, feeReportFilterText, type FeeReportInput } from "~/features/state-filings/fee-report";
import { AUDIT_LOG_REPORT_ID, auditFilterText, type AuditFilter } from "~/features/compliance-officer/filters";
import { REPORT_MESSAGES as M } from "./messages";

export const EARLIEST_REPORT_YEAR = 1753;
export const LEVEL_MIN = 1;
export const LEVEL_MAX = 17;
export const LEVEL_MAX_LENGTH = 2;
export const RECRUITER_NAME_MAX = 200;
export const PROSPECT_NAME_MAX = 40;

export const DOWNLINE_REPORT_ID = 1;
export const RECRUIT_REPORT_ID = 2;
/** Report 3: the compliance view's rows (issue 23 item 5, decision 0073); requested from /compliance only. */
export const COMPLIANCE_REPORT_ID = 3;
/** Report 4: the state fees charged in a period (issue 37 item 7, decision 0117); requested from ADMIN > State Filings only. */
export { FEE_REPORT_ID };
/** Reports requested from their own screens, not from the Reports page's form. */
export const REQUESTED_ELSEWHERE: readonly number[] = [COMPLIANCE_REPORT_ID, FEE_REPORT_ID, AUDIT_LOG_REPORT_ID];

/** Appointment status filter ids (spec §4) and their codes: the status catalogue's (appointment/status.ts). */
export { APPOINTMENT_STATUS_FILTERS };

/** The invitation status filter of the recruit report: 0 all, -1 all except approved, -2 invited, then the appointment statuses. */
export const INVITATION_STATUS_FILTERS = [
  { id: "0", label: "All" },
  { id: "-1", label: "All Except Approved" },
  { id: "-2", label: "Invited" },
  ...APPOINTMENT_STATUS_FILTERS,
] as const;

export const DOWNLINE_STATUS_FILTERS = [{ id: "0", label: "All" }, ...APPOINTMENT_STATUS_FILTERS] as const;

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);
const blankToUndefined = (v: unknown) => {
  const t = trimmed(v);
  return t === "" || t === null ? undefined : t;
};

/**
 * A report date (yyyy-mm-dd, what a date input posts). Invalid when the
 * value starts with 0, is not a calendar date, or its year is after the
 * current year or before 1753 (spec §5).
 */
export function isValidReportDate(value: string, now: Date = new Date()): boolean {
  if (value.startsWith("0")) return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
  return y >= EARLIEST_REPORT_YEAR && y <= now.getFullYear();
}

const reportDate = (message: string, now: Date) =>
  z.preprocess(blankToUndefined, z.string({ error: message }).max(10, message).refine((v) => isValidReportDate(v, now), message).optional());

const level = z.preprocess(
  blankToUndefined,
  z
    .string()
    .refine((v) => /^\d{1,2}$/.test(v) && Number(v) >= LEVEL_MIN && Number(v) <= LEVEL_MAX, M.levelInvalid)
    .transform(Number)
    .optional(),
);

/** A status id of the list; blank means 0 (all). */
const statusOf = <T extends readonly { id: string }[]>(list: T) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim() || "0")
    .refine((v) => list.some((s) => s.id === v), M.statusInvalid);

/** A start date after the end date matches nothing: refused next to End Date (decision 0049). Dates are yyyy-mm-dd: text order is date order. */
const datesInOrder = (v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.startDate > v.endDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: M.dateRangeReversed });
};

/** Report 1: downline. */
export function downlineReportSchema(now: Date = new Date()) {
  return z.object({
    reportId: z.literal(String(DOWNLINE_REPORT_ID)),
    startDate: reportDate(M.startDateInvalid, now),
    endDate: reportDate(M.endDateInvalid, now),
    recruiterName: z.preprocess(blankToUndefined, z.string().max(RECRUITER_NAME_MAX, M.recruiterNameTooLong).optional()),
    appointmentStatusId: statusOf(DOWNLINE_STATUS_FILTERS),
    levelNumber: level,
  }).superRefine(datesInOrder);
}

/** Report 2: recruit. The recruiter is picked with the finder (agent, company and block numbers). */
export function recruitReportSchema(now: Date = new Date()) {
  return z.object({
    reportId: z.literal(String(RECRUIT_REPORT_ID)),
    startDate: reportDate(M.startDateInvalid, now),
    endDate: reportDate(M.endDateInvalid, now),
    recruiterAgentNo: z.preprocess(blankToUndefined, z.string().max(20, M.recruiterNotFound).optional()),
    recruiterCompanyNo: z.preprocess(blankToUndefined, z.string().max(20, M.recruiterNotFound).optional()),
    recruiterBlockNo: z.preprocess(blankToUndefined, z.string().regex(/^\d{1,9}$/, M.recruiterNotFound).transform(Number).optional()),
    /** Shown beside the picked recruiter; not a filter. */
    recruiterName: z.preprocess(blankToUndefined, z.string().max(RECRUITER_NAME_MAX, M.recruiterNameTooLong).optional()),
    prospectName: z.preprocess(blankToUndefined, z.string().max(PROSPECT_NAME_MAX, M.prospectNameTooLong).optional()),
    levelNumber: level,
    appointmentStatusId: statusOf(INVITATION_STATUS_FILTERS),
  }).superRefine(datesInOrder);
}

/** Report 3: compliance. The view's filters (compliance-view.ts, one schema for both). */
export const complianceReportSchema = z.object({
  reportId: z.literal(String(COMPLIANCE_REPORT_ID)),
  ...complianceFilterShape,
  /** The carrier's name for the filter line; not a filter (set by the server from the carrier id). */
  carrierName: z.string().max(200).optional(),
});

export type DownlineReportInput = z.infer<ReturnType<typeof downlineReportSchema>>;
export type RecruitReportInput = z.infer<ReturnType<typeof recruitReportSchema>>;
export type ComplianceReportInput = z.infer<typeof complianceReportSchema>;
/** Report 5: the audit log's export (compliance-officer/export.server.ts; decision 0119). */
export { AUDIT_LOG_REPORT_ID };
export type AuditLogReportInput = { reportId: "5" } & AuditFilter & { format: string; timeZone: string };
export type ReportInput = DownlineReportInput | RecruitReportInput | ComplianceReportInput | FeeReportInput | AuditLogReportInput;

/** The schema of a report id as posted ('1' or '2'), or null. */
export function reportSchemaFor(reportId: unknown, now: Date = new Date()) {
  if (reportId === String(DOWNLINE_REPORT_ID)) return downlineReportSchema(now);
  if (reportId === String(RECRUIT_REPORT_ID)) return recruitReportSchema(now);
  return null;
}

const fmtDate = (v: string) => `${v.slice(5, 7)}/${v.slice(8, 10)}/${v.slice(0, 4)}`;

/** The filters as one line for REPORT RESULTS ('None' when there are none). */
export function filterText(input: ReportInput): string {
  if (input.reportId === String(FEE_REPORT_ID)) return feeReportFilterText(input as FeeReportInput);
  if (input.reportId === String(AUDIT_LOG_REPORT_ID)) {
    const a = input as AuditLogReportInput;
    return `${auditFilterText(a)} (${a.format === "jsonl" ? "JSON lines" : "CSV"})`;
  }
  if (input.reportId === String(COMPLIANCE_REPORT_ID)) {
    const c = input as ComplianceReportInput;
    return complianceFilterText(c as ComplianceFilter, c.carrierName);
  }
  const d0 = input as DownlineReportInput | RecruitReportInput;
  const parts: string[] = [];
  if (d0.startDate) parts.push(`Start Date: ${fmtDate(d0.startDate)}`);
  if (d0.endDate) parts.push(`End Date: ${fmtDate(d0.endDate)}`);
  if (input.reportId === String(RECRUIT_REPORT_ID)) {
    const r = input as RecruitReportInput;
    if (r.recruiterAgentNo) parts.push(`Recruiter: ${r.recruiterName ? `${r.recruiterName} ` : ""}(${r.recruiterAgentNo})`);
    if (r.prospectName) parts.push(`Prospect: ${r.prospectName}`);
    const status = INVITATION_STATUS_FILTERS.find((s) => s.id === r.appointmentStatusId);
    if (status && status.id !== "0") parts.push(`Status: ${status.label}`);
  } else {
    const d = input as DownlineReportInput;
    if (d.recruiterName) parts.push(`Recruiter: ${d.recruiterName}`);
    const status = APPOINTMENT_STATUS_FILTERS.find((s) => s.id === d.appointmentStatusId);
    if (status) parts.push(`Status: ${status.label}`);
  }
  if (d0.levelNumber) parts.push(`Level: ${d0.levelNumber}`);
  return parts.length ? parts.join("; ") : "None";
}
