// The dashboard (spec part 1 §2 'Dashboard', §4 'Dashboard build'): one
// button per appointment of the signed-in user, plus pending invitations
// merged in as NEW entries. Always scoped to the user who asks. The same statement answers the
// 'Licenses and credentials' card (features/licences/card.server.ts; decision 0069).
import type { CurrentUser } from "~/lib/current-user";
import { matchingEmail, ROLE_MARKETING_DIRECTOR } from "~/lib/current-user";
import { queryRows } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { pipelineCardSqlAfter2, pipelineOf, pipelineParams, type CountRow, type Pipeline } from "~/features/pipeline/pipeline.server";
import { abandonClockStart, abandonDaysLeft } from "~/features/appointment/abandon.server";
import { statusText as appointmentStatusText } from "~/features/appointment/status";
import { appointmentLineLabel, type AppointmentLine } from "~/features/appointment/ui/lines";
import { whoseTurn, type TurnKind } from "~/features/appointment/whose-turn";
import { decisionNoteOf, type DecisionNote, type LatestDecision } from "~/features/review/notes";
import type { PendingInvitation } from "~/features/links/links.server";
import { LICENCE_CARD_SQL, licenceCardOf, type LicenceCard, type LicenceCardRow } from "~/features/licences/card.server";
import { dayOf } from "~/features/licences/status";
import { APPT_STATUS, navRules, ownAgentNumbersOnce, type AgentNumberRef, type NavRules } from "~/lib/shell.server";
import { capabilitiesOf, rolesOf } from "~/lib/permissions";
import { ADMIN_WORK_SQL, hasAdminWork, workTiles, type AdminWorkRow, type WorkTile } from "./admin-work.server";
import { NEXT_STEP } from "./messages";

/** Status of a pending invitation that has no application yet. */
export const STATUS_NEW = "NEW";

export type EntryKind = "complete" | "resume" | "pending" | "approved" | "rejected";

export const ENTRY_LABELS: Record<EntryKind, string> = {
  complete: "Complete Your Appointment",
  resume: "Resume Your Appointment",
  pending: "View Your Pending Appointment",
  approved: "View Your Approved Appointment",
  rejected: "View Your Rejected Appointment",
};

/** The dashboard's status text: 'New' for an invitation without an application, else the catalogue's (appointment/status.ts). */
export function statusText(code: string): string {
  return code === STATUS_NEW ? "New" : appointmentStatusText(code);
}

export type DashboardAppointment = {
  appointmentId: number;
  statusCode: string;
  typeCode: string;
  startDt: Date;
  /** The latest return for correction (restarts the abandon clock; decision 0031). */
  lastReturnedAt?: Date | null;
  appointmentLinkId: number | null;
  multiLinkId: number | null;
  lines: string[];
};

// A link's pending invitation is the links feature's answer (dashboard -> links, never back).
export type { PendingInvitation };

export type DashboardEntry = {
  key: string;
  kind: EntryKind;
  label: string;
  href: string;
  statusCode: string;
  statusText: string;
  /** Carrier, product type and level of each appointment link. */
  lines: string[];
  startDt: string | null;
  /** Days left before an incomplete application is abandoned (only when > 0). */
  abandonDaysLeft: number | null;
  /** The administrator's return (reason, sections to correct) or rejection (reason): issue 11. */
  note: DecisionNote | null;
  /** What the prospect does next, in words (nextStepOf). */
  nextStep: string;
  /** Whose turn it is: 'With you', 'With the reviewer', 'Returned: …' (whose-turn.ts). */
  turn: string;
};

/** The next step of an entry (issue 36 item 9): by whose turn it is (appointment/whose-turn.ts). */
export function nextStepOf(statusCode: string, note: DecisionNote | null = null): string {
  if (statusCode === STATUS_NEW) return NEXT_STEP.start;
  return NEXT_STEP_OF_TURN[whoseTurn(statusCode, note).kind];
}

const NEXT_STEP_OF_TURN: Record<TurnKind, string> = {
  WITH_YOU: NEXT_STEP.continue,
  RETURNED: NEXT_STEP.returned,
  WITH_REVIEWER: NEXT_STEP.awaiting,
  APPROVED: NEXT_STEP.approved,
  REJECTED: NEXT_STEP.rejected,
  ABANDONED: NEXT_STEP.abandoned,
};

/** Which button an appointment gets, or null for none. */
export function entryKind(statusCode: string, isWebBasedOnly: boolean): EntryKind | null {
  if (statusCode === STATUS_NEW) return "complete";
  if (statusCode === APPT_STATUS.NEWCONTRACT) return "pending";
  if (statusCode === APPT_STATUS.APPROVED) return isWebBasedOnly ? "approved" : null;
  // Rejected by an administrator (issue 11): final and read-only.
  if (statusCode === "APWF_STATUS_REJECTED") return "rejected";
  return "resume";
}

/** The abandon period minus whole days since the start; null unless > 0 (the abandonment task's rule). */
export { abandonDaysLeft };

export function wizardHref(inv: Pick<PendingInvitation, "link" | "multiLinkId">): string {
  const p = new URLSearchParams({ link: inv.link });
  if (inv.multiLinkId != null) p.set("multiLinkId", String(inv.multiLinkId));
  return `/wizard?${p}`;
}

/** The dashboard's buttons: appointments first (newest first), then pending invitations not yet matched. */
export function dashboardEntries(input: {
  appointments: DashboardAppointment[];
  invitations: PendingInvitation[];
  isWebBasedOnly: boolean;
  abandonDays: number;
  now: Date;
  /** The decision notes by appointment id (review/notes.ts decisionNoteOf). */
  notes?: ReadonlyMap<number, DecisionNote>;
}): DashboardEntry[] {
  const { appointments, invitations, isWebBasedOnly, abandonDays, now } = input;
  const entries: DashboardEntry[] = [];
  for (const a of appointments) {
    const kind = entryKind(a.statusCode, isWebBasedOnly);
    if (!kind) continue;
    entries.push({
      key: `appointment-${a.appointmentId}`,
      kind,
      label: ENTRY_LABELS[kind],
      href: `/appoint?id=${a.appointmentId}`,
      statusCode: a.statusCode,
      statusText: statusText(a.statusCode),
      lines: a.lines,
      startDt: a.startDt.toISOString(),
      abandonDaysLeft:
        a.statusCode === APPT_STATUS.INCOMPLETE ? abandonDaysLeft(abandonClockStart(a.startDt, a.lastReturnedAt), abandonDays, now) : null,
      note: input.notes?.get(a.appointmentId) ?? null,
      nextStep: nextStepOf(a.statusCode, input.notes?.get(a.appointmentId) ?? null),
      turn: whoseTurn(a.statusCode, input.notes?.get(a.appointmentId) ?? null).label,
    });
  }
  const linkIds = new Set(appointments.map((a) => a.appointmentLinkId).filter((v) => v != null));
  const multiIds = new Set(appointments.map((a) => a.multiLinkId).filter((v) => v != null));
  const seen = new Set<string>();
  for (const inv of invitations) {
    if (inv.multiLinkId != null ? multiIds.has(inv.multiLinkId) : inv.appointmentLinkId != null && linkIds.has(inv.appointmentLinkId)) continue;
    if (seen.has(inv.link.toUpperCase())) continue;
    seen.add(inv.link.toUpperCase());
    entries.push({
      // invitationId 0: an entry made from the link the user came with (?lnk=).
      key: inv.invitationId ? `invitation-${inv.invitationId}` : `link-${inv.link.toUpperCase()}`,
      kind: "complete",
      label: ENTRY_LABELS.complete,
      href: wizardHref(inv),
      statusCode: STATUS_NEW,
      statusText: statusText(STATUS_NEW),
      lines: inv.lines,
      startDt: null,
      abandonDaysLeft: null,
      note: null,
      nextStep: nextStepOf(STATUS_NEW),
      turn: whoseTurn(STATUS_NEW).label,
    });
  }
  return entries;
}

export type Dashboard = {
  firstName: string;
  entries: DashboardEntry[];
  rules: NavRules;
  agentNumbers: AgentNumberRef[];
  /** Non-marketing-director with nothing at all: 'No Apps or Invitations Found'. */
  nothingFound: boolean;
  /** The email is not verified yet: invitations addressed to it are not shown (decision 0013). */
  emailUnverified: boolean;
  /** The downline's pipeline card (decision 0027); null for a user without a downline. */
  pipeline: Pipeline | null;
  /** The 'Licenses and credentials' card (decision 0069); null for a user without an own NPN. */
  licences: LicenceCard | null;
  /** The administrator's 'Work waiting' tiles (decision 0097); null for anyone without a back-office screen. */
  work: WorkTile[] | null;
  /**
   * The link prompt, View Agent Hierarchy / View Appointment Links and 'Your Agent Numbers': always
   * (the spec's dashboard), except for an administrator who is not also a prospect or an agent (decision 0097).
   */
  prospectTools: boolean;
};

/** Who has a downline: a marketing director, or a user holding an agent position (navRules' hasAgentPosition). */
export function hasDownline(input: { isMd: boolean; agentPositions: number }): boolean {
  return input.isMd || input.agentPositions > 0;
}

type LevelRow = {
  scheduleLevel: {
    levelNo: number;
    levelName: string;
    schedule: { scheduleName: string; carrier: { carrierCode: string; name?: string }; productType: { name: string } };
  };
};

/** One link's line: the one label of appointment lines (ui/lines.ts), which names the schedule (issue 20 item 9). */
export function levelLine(l: LevelRow): string {
  const s = l.scheduleLevel;
  return appointmentLineLabel({
    carrier: s.schedule.carrier.carrierCode,
    carrierName: s.schedule.carrier.name ?? null,
    productType: s.schedule.productType.name,
    scheduleName: s.schedule.scheduleName,
    levelNo: s.levelNo,
    levelName: s.levelName,
  });
}

/**
 * The parts of levelLine() for the appointment link `link` (an SQL
 * expression), as an SQL scalar subquery (a JSON object; labelled in TypeScript).
 */
const LEVEL_LINE_SQL = (link: string) => `(
  SELECT json_build_object('carrier', c.carrier_code, 'carrierName', c.name, 'productType', pt.name,
                           'scheduleName', cs.schedule_name, 'levelNo', sl.level_no, 'levelName', sl.level_name)
    FROM appointment_links l
    JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
    JOIN commission_schedules cs ON cs.schedule_id = sl.schedule_id
    JOIN carriers c ON c.carrier_id = cs.carrier_id
    JOIN product_types pt ON pt.product_type_id = cs.product_type_id
   WHERE l.appointment_link_id = ${link})`;

/** The lines of a row `x` with a multi-link (its items in order) or a single link, as a JSON array. */
const LINES_SQL = (x: string) => `CASE
  WHEN ${x}.multi_link_id IS NOT NULL THEN COALESCE((
    SELECT json_agg(${LEVEL_LINE_SQL("mi.appointment_link_id")} ORDER BY mi.sort_order, mi.appointment_link_id)
      FROM multi_link_items mi WHERE mi.multi_link_id = ${x}.multi_link_id), '[]')
  WHEN ${x}.appointment_link_id IS NOT NULL THEN json_build_array(${LEVEL_LINE_SQL(`${x}.appointment_link_id`)})
  ELSE '[]' END`;

/**
 * The dashboard's rows in one statement (the page every user lands on):
 * the user's appointments (newest first, at most 100) and the invitations
 * still INVITED addressed to the user or to their verified email ($2, NULL
 * when unverified: decision 0013; newest first, at most 50), each with its
 * lines. Through the pool (queryRows): see docs/performance.md.
 */
export const DASHBOARD_SQL = `
  SELECT
    (SELECT COALESCE(json_agg(json_build_object(
              'appointmentId', a.appointment_id, 'statusCode', a.appointment_status_code, 'typeCode', a.appointment_type_code,
              'startDt', a.start_dt, 'appointmentLinkId', a.appointment_link_id, 'multiLinkId', a.multi_link_id,
              'submittedAt', a.submitted_at, 'rejectionReason', a.rejection_reason,
              'lastReturnedAt', (SELECT max(d.decided_at) FROM appointment_decisions d
                                  WHERE d.appointment_id = a.appointment_id AND d.decision_code = 'RETURN'),
              'lastDecision', (SELECT json_build_object('decisionCode', d.decision_code, 'reason', d.reason,
                                                        'sections', d.sections, 'decidedAt', d.decided_at)
                                 FROM appointment_decisions d WHERE d.appointment_id = a.appointment_id
                                ORDER BY d.decided_at DESC LIMIT 1),
              'lines', ${LINES_SQL("a")}) ORDER BY a.start_dt DESC, a.appointment_id DESC), '[]')
       FROM (SELECT appointment_id, appointment_status_code, appointment_type_code, start_dt, appointment_link_id, multi_link_id,
                    submitted_at, rejection_reason
               FROM appointments
              WHERE user_id = $1::uuid AND NOT is_deleted
              ORDER BY start_dt DESC, appointment_id DESC LIMIT 100) a) AS appointments,
    (SELECT COALESCE(json_agg(json_build_object(
              'invitationId', i.invitation_id, 'appointmentLinkId', i.appointment_link_id, 'multiLinkId', i.multi_link_id,
              'link', CASE WHEN i.multi_link_id IS NOT NULL THEN 'MLT' || (SELECT m.code FROM multi_links m WHERE m.multi_link_id = i.multi_link_id)
                           ELSE (SELECT l.link_prefix || l.code FROM appointment_links l WHERE l.appointment_link_id = i.appointment_link_id) END,
              'lines', ${LINES_SQL("i")}) ORDER BY i.invite_date DESC, i.invitation_id DESC), '[]')
       FROM (SELECT invitation_id, appointment_link_id, multi_link_id, invite_date
               FROM invitations
              WHERE status = 'INVITED' AND (prospect_user_id = $1::uuid OR prospect_email_address = $2::text)
              ORDER BY invite_date DESC, invitation_id DESC LIMIT 50) i) AS invitations,
    ${LICENCE_CARD_SQL} AS licences`;

/**
 * DASHBOARD_SQL with, as JSON columns, the pipeline card's row (PIPELINE_CARD_SQL; $3, $4:
 * pipelineParams) and the administrator's work (ADMIN_WORK_SQL, no parameters): still one statement.
 */
export function dashboardSql(parts: { pipeline: boolean; work: boolean }): string {
  if (!parts.pipeline && !parts.work) return DASHBOARD_SQL;
  const columns = ["d.appointments", "d.invitations", "d.licences", ...(parts.pipeline ? ["to_json(p) AS pipeline"] : []), ...(parts.work ? ["to_json(w) AS work"] : [])];
  return `
  SELECT ${columns.join(", ")}
    FROM (${DASHBOARD_SQL}) d
   ${parts.pipeline ? `CROSS JOIN (${pipelineCardSqlAfter2()}) p` : ""}
   ${parts.work ? `CROSS JOIN (${ADMIN_WORK_SQL}) w` : ""}`;
}

type DashboardRow = {
  appointments: (Omit<DashboardAppointment, "startDt" | "lastReturnedAt" | "lines"> & {
    lines: (AppointmentLine | null)[];
    startDt: string;
    submittedAt: string | null;
    rejectionReason: string | null;
    lastReturnedAt: string | null;
    lastDecision: (Omit<LatestDecision, "decidedAt"> & { decidedAt: string }) | null;
  })[];
  invitations: (Omit<PendingInvitation, "link" | "lines"> & { link: string | null; lines: (AppointmentLine | null)[] })[];
  licences: LicenceCardRow | null;
};

const labels = (lines: (AppointmentLine | null)[]) => lines.filter((l) => l != null).map(appointmentLineLabel);

/**
 * The signed-in user's dashboard; `fromLink` adds the NEW entry of the link
 * the user came with (features/links/links.server.ts).
 */
export async function getDashboard(user: CurrentUser, now: Date = new Date(), fromLink: PendingInvitation[] = []): Promise<Dashboard> {
  const isMd = user.userRoleCode === ROLE_MARKETING_DIRECTOR;
  // Read with the shell (getUserAndShell) in a page request: no statement of its own.
  const agentNumbers = await ownAgentNumbersOnce(user);
  // A user with a downline gets the pipeline card's numbers in the same statement, an administrator
  // the work waiting (the role table's administrator does not depend on the navigation rules).
  const withPipeline = hasDownline({ isMd, agentPositions: agentNumbers.length });
  const capabilities = capabilitiesOf(rolesOf(user, null));
  const withWork = hasAdminWork(capabilities);
  const [row] = await queryRows<DashboardRow & { pipeline?: CountRow & { weeks: { week: string; n: number }[] }; work?: AdminWorkRow }>(
    dashboardSql({ pipeline: withPipeline, work: withWork }),
    [user.id, matchingEmail(user), ...(withPipeline ? pipelineParams(now) : [])],
  );
  const pipeline = withPipeline ? pipelineOf(row!.pipeline, now) : null;

  const appointments: DashboardAppointment[] = [];
  const notes = new Map<number, DecisionNote>();
  for (const { submittedAt, rejectionReason, lastReturnedAt, lastDecision, ...a } of row!.appointments) {
    appointments.push({ ...a, lines: labels(a.lines), startDt: new Date(a.startDt), lastReturnedAt: lastReturnedAt ? new Date(lastReturnedAt) : null });
    const note = decisionNoteOf(
      { statusCode: a.statusCode, submittedAt: submittedAt ? new Date(submittedAt) : null, rejectionReason },
      lastDecision ? { ...lastDecision, decidedAt: new Date(lastDecision.decidedAt) } : null,
    );
    if (note) notes.set(a.appointmentId, note);
  }
  const invitations: PendingInvitation[] = [];
  for (const i of row!.invitations) {
    if (!i.link) continue;
    invitations.push({ ...i, link: i.link, lines: labels(i.lines) });
  }

  invitations.push(...fromLink);
  const rules = navRules({
    isMd,
    appointments: appointments.map((a) => ({ typeCode: a.typeCode, statusCode: a.statusCode })),
    hasAgentPosition: agentNumbers.length > 0,
  });
  const entries = dashboardEntries({
    appointments,
    invitations,
    isWebBasedOnly: rules.isWebBasedOnly,
    abandonDays: env().ABANDON_DAYS,
    now,
    notes,
  });
  return {
    firstName: user.firstName || user.userName,
    entries,
    rules,
    agentNumbers,
    // An agent position of one's own (e.g. an accepted Invite User invitation) is something found.
    nothingFound: !isMd && !user.isInternal && appointments.length === 0 && invitations.length === 0 && agentNumbers.length === 0,
    emailUnverified: !user.emailVerified,
    pipeline,
    licences: licenceCardOf(row!.licences, dayOf(now)),
    work: withWork ? workTiles(row!.work, capabilities, now) : null,
    // An administrator gets them back as a prospect (an application or invitation) or an agent (decision 0097).
    prospectTools: !withWork || entries.length > 0 || agentNumbers.length > 0 || rules.showConfigure,
  };
}
