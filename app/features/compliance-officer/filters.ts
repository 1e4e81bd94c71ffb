// The audit log screen's filters (issue 38 item 3, decision 0119): one schema for the GET form, the
// list and the export (report 5), and the words the screen says. Client-safe.
import { z } from "zod";

/** The kinds of event the filter offers (any other action is still listed under 'All'). */
export const EVENT_KINDS = [
  ["APPLICATION_VIEWED", "Application viewed"],
  ["AGENT_VIEWED", "Agent viewed"],
  ["DOCUMENT_DOWNLOADED", "Document downloaded"],
  ["RECORD_EXPORTED", "Records exported"],
  ["FILING_FILE_DOWNLOADED", "Filing file downloaded"],
  ["SIGN_IN", "Signed in"],
  ["SIGN_IN_FAILED", "Sign-in failed"],
  ["SIGN_OUT", "Signed out"],
  ["ACCESS_DENIED", "Access denied"],
  ["IMPERSONATION_START", "Impersonation started"],
  ["IMPERSONATION_END", "Impersonation ended"],
  ["API_CALL", "API call"],
] as const;

/** The record types the filter offers. */
export const RECORD_TYPES = [
  ["Appointment", "Application"],
  ["Agent", "Agent"],
  ["Document", "Document"],
  ["ServiceRequestAttachment", "Service request attachment"],
  ["FilingFile", "Filing file"],
  ["ReportRequest", "Report"],
  ["Invitation", "Invitations"],
] as const;

/** The export is report 5 of the report job (reports/audit-export.server.ts). */
export const AUDIT_LOG_REPORT_ID = 5;
export const AUDIT_PAGE_SIZES = [25, 100];
/**
 * The rows counted at most: API calls alone add up to hundreds of thousands a day, and a page past the
 * ten-thousandth row is no way to read them (the export has every row).
 */
export const AUDIT_COUNT_CAP = 10_000;
export const PERSON_MAX = 320;
export const RECORD_ID_MAX = 100;
/** The export's formats: CSV, or JSON lines (one object a line). */
export const EXPORT_FORMATS = ["csv", "jsonl"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const AUDIT_MESSAGES = {
  title: "Audit Log",
  lead: "Every sign-in, refusal and access to someone's record, newest first. Nothing here can be changed or deleted.",
  empty: "No audit entries match these filters.",
  capped: (cap: number) => `More than ${cap.toLocaleString("en-US")} entries match: the pages show the newest ${cap.toLocaleString("en-US")}. Narrow the filters, or export them all.`,
  badFilter: "Check the filters: one of them is not valid.",
  dateInvalid: "Enter a date as MM/DD/YYYY.",
  datesReversed: "'To' must be on or after 'From'.",
  kindInvalid: "Choose a kind of event from the list.",
  recordTypeInvalid: "Choose a record type from the list.",
  personTooLong: `At most ${PERSON_MAX} characters.`,
  recordIdTooLong: `At most ${RECORD_ID_MAX} characters.`,
  exportNote: "The export holds every row these filters match (not only this page), made by the report job; it is kept as long as other reports.",
  exportQueued: "Your export is queued. It appears under 'Your exports' below when it is ready.",
  tooManyPending: "You already have several exports waiting. Try again when one of them is done.",
  chainOk: (days: number) => `The digest chain holds: ${days} day(s) recomputed from the log match their digests.`,
  chainNone: "No day has been digested yet: the audit-digest job writes one row per day, after midnight UTC.",
  chainBroken: (day: string, reason: string) => `The digest chain breaks on ${day}: ${reason}. The log of that day is not what was digested.`,
} as const;

const blank = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);
const day = z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, AUDIT_MESSAGES.dateInvalid).refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), AUDIT_MESSAGES.dateInvalid).optional());

export const auditFilterShape = {
  person: z.preprocess(blank, z.string().max(PERSON_MAX, AUDIT_MESSAGES.personTooLong).optional()),
  recordType: z.preprocess(blank, z.enum(RECORD_TYPES.map(([v]) => v) as [string, ...string[]], { error: AUDIT_MESSAGES.recordTypeInvalid }).optional()),
  recordId: z.preprocess(blank, z.string().max(RECORD_ID_MAX, AUDIT_MESSAGES.recordIdTooLong).optional()),
  kind: z.preprocess(blank, z.enum(EVENT_KINDS.map(([v]) => v) as [string, ...string[]], { error: AUDIT_MESSAGES.kindInvalid }).optional()),
  from: day,
  to: day,
};

export const auditFilterSchema = z.object(auditFilterShape).superRefine((v, ctx) => {
  if (v.from && v.to && v.from > v.to) ctx.addIssue({ code: "custom", path: ["to"], message: AUDIT_MESSAGES.datesReversed });
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** The filter as URL parameters (the GET form's names), without the empty ones. */
export function auditFilterParams(f: AuditFilter): Record<string, string> {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => typeof v === "string" && v !== "")) as Record<string, string>;
}

const label = (list: readonly (readonly [string, string])[], v: string | undefined) => list.find(([k]) => k === v)?.[1] ?? v;

/** The filters in words, for the export's line under 'Your exports' ('None' when there are none). */
export function auditFilterText(f: AuditFilter): string {
  const parts: string[] = [];
  if (f.person) parts.push(`Person: ${f.person}`);
  if (f.recordType || f.recordId) parts.push(`Record: ${[label(RECORD_TYPES, f.recordType), f.recordId].filter(Boolean).join(" ")}`);
  if (f.kind) parts.push(`Event: ${label(EVENT_KINDS, f.kind)}`);
  if (f.from) parts.push(`From: ${f.from.slice(5, 7)}/${f.from.slice(8, 10)}/${f.from.slice(0, 4)}`);
  if (f.to) parts.push(`To: ${f.to.slice(5, 7)}/${f.to.slice(8, 10)}/${f.to.slice(0, 4)}`);
  return parts.length ? parts.join("; ") : "None";
}

/** What a kind of event reads as on the screen (the action itself when it has no words here). */
export const kindLabel = (action: string) => label(EVENT_KINDS, action) ?? action;
export const recordTypeLabel = (type: string) => label(RECORD_TYPES, type) ?? type;
