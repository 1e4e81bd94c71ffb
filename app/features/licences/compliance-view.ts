// The compliance view's filters (issue 23 item 5, decision 0073), client-safe: one schema for the
// GET form of /compliance and for the input of the Compliance report (report 3, reports/schema.ts),
// so the view and its spreadsheet always read the same filters the same way. Its wording too.
import { z } from "zod";
import { CREDENTIAL_LABEL, LICENCE_STATE_CODES, STANDING_LABEL, stateName } from "./messages";
import { CREDENTIAL_KINDS, dayOf, NOTICE_THRESHOLDS, STANDINGS, type Day } from "./status";

/** 'Expiring soon': the first notice's window (60 days, status.ts: EXPIRING_60). */
export const EXPIRY_WINDOW_DAYS: number = Math.max(...NOTICE_THRESHOLDS);

/** The last day of the window that starts on `today` (today + 60). */
export const windowEnd = (today: Day): Day => dayOf(new Date(Date.parse(`${today}T00:00:00Z`) + EXPIRY_WINDOW_DAYS * 86_400_000));

export const COMPLIANCE_PAGE_SIZES = [25, 100];

export const COMPLIANCE_MESSAGES = {
  standingInvalid: "Choose a standing from the list.",
  expiringInvalid: "Tick the box or leave it empty.",
  carrierInvalid: "Choose a carrier from the list.",
  stateInvalid: "Choose a state from the list.",
  credentialInvalid: "Choose a credential from the list.",
  badFilter: "These filters cannot be read. Choose them again from the form.",
  empty: "No agents match these filters.",
  exportQueued: "Your Compliance report is queued. It appears under REPORT RESULTS when it is ready.",
  exportNote: "The spreadsheet holds every agent that matches these filters (not only this page), as they stand when the report runs.",
  failure: "The compliance view could not be loaded just now. Please try again in a moment.",
} as const;

const M = COMPLIANCE_MESSAGES;

const blankToUndefined = (v: unknown) => {
  const t = typeof v === "string" ? v.trim() : v;
  return t === "" || t === null ? undefined : t;
};

const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: message }).optional());

/**
 * The filters (all optional):
 * - standing: the stored standing (agent_compliance.standing);
 * - expiring: '60' — the agent's next expiry (agent_compliance.next_expiry) is within the window;
 * - carrier: a carrier id — the carrier of the position's block;
 * - state: a state code — a state the position is APPOINTED in (agent_licensed_states), whatever
 *   its licence records say (decision 0073: compliance is about where the agent sells for us);
 * - credential: a credential kind — the agent's credential of that kind that runs longest expires
 *   within the window or has expired; for E&O (which the standing requires) none at all counts too
 *   (for an agent with an NPN: without one nothing can be on record, they are 'no license records').
 */
export const complianceFilterShape = {
  standing: oneOf(STANDINGS, M.standingInvalid),
  expiring: z.preprocess(blankToUndefined, z.literal(String(EXPIRY_WINDOW_DAYS), { error: M.expiringInvalid }).optional()),
  carrier: z.preprocess(
    blankToUndefined,
    z.string({ error: M.carrierInvalid }).regex(/^\d{1,9}$/, M.carrierInvalid).transform(Number).optional(),
  ),
  state: oneOf(LICENCE_STATE_CODES as unknown as readonly [string, ...string[]], M.stateInvalid),
  credential: oneOf(CREDENTIAL_KINDS, M.credentialInvalid),
};

export const complianceFilterSchema = z.object(complianceFilterShape);
export type ComplianceFilter = z.infer<typeof complianceFilterSchema>;
export const COMPLIANCE_FILTER_KEYS = Object.keys(complianceFilterShape) as Array<keyof ComplianceFilter>;

/** The filters from a URL's query (GET form): the filter, or the messages by field. */
export function readComplianceFilter(params: URLSearchParams):
  | { ok: true; filter: ComplianceFilter }
  | { ok: false; errors: Partial<Record<keyof ComplianceFilter, string>> } {
  const raw = Object.fromEntries(COMPLIANCE_FILTER_KEYS.map((k) => [k, params.get(k) ?? undefined]));
  const r = complianceFilterSchema.safeParse(raw);
  if (r.success) return { ok: true, filter: r.data };
  const errors: Partial<Record<keyof ComplianceFilter, string>> = {};
  for (const issue of r.error.issues) {
    const k = issue.path[0] as keyof ComplianceFilter;
    errors[k] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The filters as query parameters (the export form posts them; the pager keeps them). */
export function complianceFilterParams(f: ComplianceFilter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of COMPLIANCE_FILTER_KEYS) if (f[k] != null) out[k] = String(f[k]);
  return out;
}

/** The filters as one line (REPORT RESULTS, the view's 'Showing'); `carrierName` names the carrier id. */
export function complianceFilterText(f: ComplianceFilter, carrierName?: string | null): string {
  const parts: string[] = [];
  if (f.standing) parts.push(`Standing: ${STANDING_LABEL[f.standing]}`);
  if (f.expiring) parts.push(`Expiring in the next ${EXPIRY_WINDOW_DAYS} days`);
  if (f.carrier != null) parts.push(`Carrier: ${carrierName || f.carrier}`);
  if (f.state) parts.push(`State: ${stateName(f.state)}`);
  if (f.credential) parts.push(`Credential: ${CREDENTIAL_LABEL[f.credential]} expiring or expired${f.credential === "EO" ? " (or missing)" : ""}`);
  return parts.length ? parts.join("; ") : "None";
}

/** The filters as the address gave them (each at most 40 characters), kept in the form after a refusal. */
export type ComplianceValues = Partial<Record<keyof ComplianceFilter, string>>;
