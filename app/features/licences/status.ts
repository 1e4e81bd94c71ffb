// The rules of licences and credentials (issue 23, decision 0068), in one place, pure and
// client-safe: the state of a credential or licence on a day, whether a licence lets a producer
// sell a line in a state, the standing of an agent position, and what an approval lacks. Every
// screen, the daily monitoring job, the approval and the invitations ask these functions; none
// writes its own copy. Dates are calendar days as 'YYYY-MM-DD' strings (UTC): compared as text,
// never through a local-time Date.
import { dayOf, type Day } from "~/lib/days";

export const LINES_OF_AUTHORITY = ["LIFE", "ACCIDENT_HEALTH", "VARIABLE"] as const;
export type LineOfAuthority = (typeof LINES_OF_AUTHORITY)[number];

export const CREDENTIAL_KINDS = ["EO", "AML", "PRODUCT_TRAINING"] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

export const LICENCE_STATUSES = ["ACTIVE", "INACTIVE"] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

/** Who gave a record. APPLICATION: what the applicant stated or uploaded, written at submission (decision 0098). */
export const RECORD_SOURCES = ["AGENT", "ADMIN", "IMPORT", "LOOKUP", "APPLICATION"] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number];

/**
 * A record taken from the application is the applicant's word: it stands until an administrator
 * (or the agent, a lookup, an import) confirms it, and until then it does not satisfy a rule.
 */
export function isToConfirm(r: { source?: string | null }): boolean {
  return r.source === "APPLICATION";
}

/** A credential's (or license's) state on a day. */
export const EXPIRY_STATES = ["VALID", "EXPIRING_60", "EXPIRING_30", "EXPIRING_7", "EXPIRED"] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number];

/** The days before expiry at which notices go out; 0: on expiry (the first day it is no longer valid). */
export const NOTICE_THRESHOLDS = [60, 30, 7, 0] as const;
export type NoticeThreshold = (typeof NOTICE_THRESHOLDS)[number];

export const STANDINGS = ["IN_GOOD_ORDER", "NOT_IN_GOOD_ORDER", "UNVERIFIED"] as const;
export type Standing = (typeof STANDINGS)[number];

// The day type and dayOf live in lib/days (shared with the termination rules, a kernel module).
export { dayOf, type Day };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A Date column (Prisma gives midnight UTC) or a day string as a day; null stays null. */
export function asDay(d: Date | string | null | undefined): Day | null {
  if (d == null) return null;
  if (typeof d === "string") {
    if (!DAY.test(d)) throw new Error(`asDay: not a YYYY-MM-DD day: ${JSON.stringify(d)}`);
    return d;
  }
  return dayOf(d);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: Day, to: Day): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The day `months` calendar months after `day`, clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: Day, months: number): Day {
  const [y, m, d] = day.split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return dayOf(target);
}

/**
 * The state of something valid through `expiry` (its last valid day), on `today`: EXPIRED from the
 * day after, EXPIRING_7 within 7 days (0..7 days left), EXPIRING_30 within 30, EXPIRING_60 within 60,
 * else VALID. No expiry (a perpetual licence): VALID.
 */
export function expiryState(expiry: Day | null, today: Day): ExpiryState {
  if (expiry == null) return "VALID";
  const left = daysBetween(today, expiry);
  if (left < 0) return "EXPIRED";
  if (left <= 7) return "EXPIRING_7";
  if (left <= 30) return "EXPIRING_30";
  if (left <= 60) return "EXPIRING_60";
  return "VALID";
}

/** The notice a state calls for: 60, 30, 7, 0 (expired) or none. */
export function noticeThreshold(state: ExpiryState): NoticeThreshold | null {
  switch (state) {
    case "EXPIRING_60":
      return 60;
    case "EXPIRING_30":
      return 30;
    case "EXPIRING_7":
      return 7;
    case "EXPIRED":
      return 0;
    default:
      return null;
  }
}

/** What the rules read of a licence. */
export type LicenceFacts = {
  id: string;
  stateCode: string;
  status: string;
  effectiveDate: Day | null;
  expiryDate: Day | null;
  loaLife: boolean;
  loaAccidentHealth: boolean;
  loaVariable: boolean;
  /** Who gave it (absent: a confirmed source). */
  source?: string;
};

/**
 * What the rules read of a credential (carrierId: a product training's carrier; null or absent: every
 * carrier). expiryDate null: not known yet, only on a record taken from the application (to confirm).
 */
export type CredentialFacts = { id: string; kind: string; expiryDate: Day | null; carrierId?: number | null; source?: string };

export function hasLine(l: Pick<LicenceFacts, "loaLife" | "loaAccidentHealth" | "loaVariable">, line: LineOfAuthority): boolean {
  return line === "LIFE" ? l.loaLife : line === "ACCIDENT_HEALTH" ? l.loaAccidentHealth : l.loaVariable;
}

/** Why a licence record might not let a producer sell. */
export type ReasonCode =
  | "LICENCE_MISSING"
  | "LICENCE_INACTIVE"
  | "LICENCE_NOT_YET_EFFECTIVE"
  | "LICENCE_EXPIRED"
  | "LINE_MISSING"
  | "EO_MISSING"
  | "EO_EXPIRED"
  | "NO_NPN"
  // A record taken from the application that no one has confirmed yet (decision 0098).
  | "LICENCE_TO_CONFIRM"
  | "CREDENTIAL_TO_CONFIRM";

export type Reason = { code: ReasonCode; stateCode?: string; line?: LineOfAuthority; subjectId?: string; kind?: CredentialKind };

/**
 * Why the producer may not sell line `line` in state `stateCode` on `today` (null: they may). The
 * licence of the state must be ACTIVE, in effect, not expired and carry the line (when `line` is null,
 * e.g. a product type without a line, any line will do).
 */
export function licenceProblem(licences: readonly LicenceFacts[], stateCode: string, line: LineOfAuthority | null, today: Day): Reason | null {
  const l = licences.find((x) => x.stateCode === stateCode);
  if (!l) return { code: "LICENCE_MISSING", stateCode, ...(line ? { line } : {}) };
  const at = { stateCode, subjectId: l.id };
  if (isToConfirm(l)) return { code: "LICENCE_TO_CONFIRM", ...at };
  if (l.status !== "ACTIVE") return { code: "LICENCE_INACTIVE", ...at };
  if (l.effectiveDate != null && l.effectiveDate > today) return { code: "LICENCE_NOT_YET_EFFECTIVE", ...at };
  if (expiryState(l.expiryDate, today) === "EXPIRED") return { code: "LICENCE_EXPIRED", ...at };
  if (line && !hasLine(l, line)) return { code: "LINE_MISSING", ...at, line };
  return null;
}

/** The E&O credential that counts: the confirmed one that runs longest (one to confirm has no known expiry). */
export function currentEo(credentials: readonly CredentialFacts[]): (CredentialFacts & { expiryDate: Day }) | null {
  let best: (CredentialFacts & { expiryDate: Day }) | null = null;
  for (const c of credentials) {
    if (c.kind !== "EO" || isToConfirm(c) || c.expiryDate == null) continue;
    if (!best || c.expiryDate > best.expiryDate) best = { ...c, expiryDate: c.expiryDate };
  }
  return best;
}

/** What the standing of an agent position reads. */
export type AgentFacts = {
  npn: string | null;
  /** The states the position is appointed in (agent_licensed_states). */
  appointedStates: readonly string[];
  /** The line its product type needs (product_types.line_of_authority). */
  line: LineOfAuthority | null;
};

export type StandingResult = { standing: Standing; reasons: Reason[]; nextExpiry: Day | null };

/**
 * The standing of an agent position on `today`, from the licences and credentials of its NPN:
 * - UNVERIFIED: no NPN, or nothing on record for it yet (no licence, no credential): nothing says
 *   it may sell, nothing says it may not; the compliance view lists these apart;
 * - NOT_IN_GOOD_ORDER: a state it is appointed in lacks a valid licence with its product's line
 *   (missing, inactive, not yet in effect, expired, without the line), or its E&O is missing or lapsed;
 * - IN_GOOD_ORDER otherwise.
 * `nextExpiry`: the earliest expiry still to come (today included) among the licences of its
 * appointed states and all its credentials (AML and training expire too, and are noticed, but do not
 * decide the standing: issue 23 item 3 names licences and E&O).
 */
export function goodOrder(agent: AgentFacts, licences: readonly LicenceFacts[], credentials: readonly CredentialFacts[], today: Day): StandingResult {
  const npn = agent.npn?.trim();
  if (!npn) return { standing: "UNVERIFIED", reasons: [{ code: "NO_NPN" }], nextExpiry: null };
  let nextExpiry: Day | null = null;
  const upcoming = (d: Day | null) => {
    if (d != null && d >= today && (nextExpiry == null || d < nextExpiry)) nextExpiry = d;
  };
  for (const c of credentials) upcoming(c.expiryDate);
  const appointed = [...new Set(agent.appointedStates)].sort();
  for (const s of appointed) upcoming(licences.find((l) => l.stateCode === s)?.expiryDate ?? null);
  if (licences.length === 0 && credentials.length === 0) return { standing: "UNVERIFIED", reasons: [], nextExpiry };

  const reasons: Reason[] = [];
  for (const s of appointed) {
    const r = licenceProblem(licences, s, agent.line, today);
    if (r) reasons.push(r);
  }
  const eo = currentEo(credentials);
  const eoToConfirm = credentials.find((c) => c.kind === "EO" && isToConfirm(c));
  // The certificate she uploaded is there, unconfirmed: say that, not 'no E&O coverage'.
  if (!eo && eoToConfirm) reasons.push({ code: "CREDENTIAL_TO_CONFIRM", kind: "EO", subjectId: eoToConfirm.id });
  else if (!eo) reasons.push({ code: "EO_MISSING" });
  else if (expiryState(eo.expiryDate, today) === "EXPIRED") reasons.push({ code: "EO_EXPIRED", subjectId: eo.id });
  return { standing: reasons.length ? "NOT_IN_GOOD_ORDER" : "IN_GOOD_ORDER", reasons, nextExpiry };
}

/**
 * What an application lacks to be approved on `today`: for every state it asks for and every line
 * its products need, a valid licence of its NPN with that line (licenceProblem). No NPN: NO_NPN.
 * Every record of the NPN taken from an application and not yet confirmed (a licence of another
 * state, a credential) is one more: the administrator confirms or corrects it first (decision 0098).
 */
export function approvalProblems(
  npn: string | null | undefined,
  states: readonly string[],
  lines: readonly (LineOfAuthority | null)[],
  licences: readonly LicenceFacts[],
  today: Day,
  credentials: readonly CredentialFacts[] = [],
): Reason[] {
  if (!npn?.trim()) return [{ code: "NO_NPN" }];
  const wanted = [...new Set(lines)];
  const needs: (LineOfAuthority | null)[] = wanted.some((l) => l != null) ? wanted.filter((l) => l != null) : [null];
  const out: Reason[] = [];
  for (const s of [...new Set(states)].sort()) {
    for (const line of needs) {
      const r = licenceProblem(licences, s, line, today);
      if (r && !out.some((o) => o.stateCode === s && o.code === r.code && o.code !== "LINE_MISSING")) out.push(r);
    }
  }
  for (const l of licences) {
    if (isToConfirm(l) && !out.some((o) => o.subjectId === l.id)) out.push({ code: "LICENCE_TO_CONFIRM", stateCode: l.stateCode, subjectId: l.id });
  }
  for (const c of credentials) {
    if (isToConfirm(c) && isCredentialKind(c.kind)) out.push({ code: "CREDENTIAL_TO_CONFIRM", kind: c.kind, subjectId: c.id });
  }
  return out;
}

export function isCredentialKind(v: unknown): v is CredentialKind {
  return typeof v === "string" && (CREDENTIAL_KINDS as readonly string[]).includes(v);
}

/** An expiry notice called for: one licence or credential, its expiry date and today's threshold. */
export type NoticeDue = {
  subjectKind: "LICENCE" | "CREDENTIAL";
  subjectId: string;
  expiryDate: Day;
  threshold: NoticeThreshold;
  /** A licence's state. */
  stateCode?: string;
  /** A credential's kind. */
  kind?: string;
};

/**
 * The expiry notices an agent position calls for on `today` (issue 23 item 3, decision 0071): each
 * licence of a state it is appointed in, and each credential of its NPN, whose state today has a
 * threshold (noticeThreshold: 60, 30, 7, 0 = expired). Only today's threshold: a day missed sends
 * none of the past ones. A credential superseded by a later one of the same kind (and carrier, for
 * product training) is not noticed: the lapse of a renewed E&O's old policy tells nothing. No NPN:
 * nothing. Whether a notice was already sent is the caller's (compliance_notices).
 */
export function noticesDue(
  agent: Pick<AgentFacts, "npn" | "appointedStates">,
  licences: readonly LicenceFacts[],
  credentials: readonly CredentialFacts[],
  today: Day,
): NoticeDue[] {
  if (!agent.npn?.trim()) return [];
  const out: NoticeDue[] = [];
  for (const s of [...new Set(agent.appointedStates)].sort()) {
    const l = licences.find((x) => x.stateCode === s);
    const threshold = l?.expiryDate ? noticeThreshold(expiryState(l.expiryDate, today)) : null;
    if (l?.expiryDate && threshold != null) out.push({ subjectKind: "LICENCE", subjectId: l.id, expiryDate: l.expiryDate, threshold, stateCode: s });
  }
  const latest = new Map<string, CredentialFacts & { expiryDate: Day }>();
  for (const c of credentials) {
    // One to confirm has no expiry to notice yet.
    if (c.expiryDate == null) continue;
    const k = `${c.kind}:${c.kind === "PRODUCT_TRAINING" ? (c.carrierId ?? "") : ""}`;
    const best = latest.get(k);
    if (!best || c.expiryDate > best.expiryDate) latest.set(k, { ...c, expiryDate: c.expiryDate });
  }
  for (const c of [...latest.values()].sort((a, b) => a.kind.localeCompare(b.kind) || a.expiryDate.localeCompare(b.expiryDate))) {
    const threshold = noticeThreshold(expiryState(c.expiryDate, today));
    if (threshold != null) out.push({ subjectKind: "CREDENTIAL", subjectId: c.id, expiryDate: c.expiryDate, threshold, kind: c.kind });
  }
  return out;
}

export function isLineOfAuthority(v: unknown): v is LineOfAuthority {
  return typeof v === "string" && (LINES_OF_AUTHORITY as readonly string[]).includes(v);
}
