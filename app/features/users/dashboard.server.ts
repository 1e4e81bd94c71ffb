// The dashboard (spec part 1 §2 'Dashboard', §4 'Dashboard build'): one
// button per appointment of the signed-in user, plus pending invitations
// merged in as NEW entries. Always scoped to the user who asks.
import type { CurrentUser } from "~/lib/current-user";
import { byVerifiedEmail, ROLE_MARKETING_DIRECTOR } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { getPipeline, type Pipeline } from "~/features/pipeline/pipeline.server";
import { APPT_STATUS, navRules, ownAgentNumbersOnce, type AgentNumberRef, type NavRules } from "./shell.server";

/** Status of a pending invitation that has no application yet. */
export const STATUS_NEW = "NEW";
const DAY_MS = 24 * 60 * 60 * 1000;

export type EntryKind = "complete" | "resume" | "pending" | "approved";

export const ENTRY_LABELS: Record<EntryKind, string> = {
  complete: "Complete Your Appointment",
  resume: "Resume Your Appointment",
  pending: "View Your Pending Appointment",
  approved: "View Your Approved Appointment",
};

const STATUS_TEXT: Record<string, string> = {
  [STATUS_NEW]: "New",
  [APPT_STATUS.INCOMPLETE]: "Incomplete",
  [APPT_STATUS.INVITED]: "Invited",
  [APPT_STATUS.NEWCONTRACT]: "Awaiting Approval",
  [APPT_STATUS.APPROVED]: "Approved",
  [APPT_STATUS.ABANDONED]: "Abandoned",
  APWF_STATUS_REJECTED: "Rejected",
};

export function statusText(code: string): string {
  return STATUS_TEXT[code] ?? code.replace(/^APWF_STATUS_/, "").toLowerCase().replace(/^\w/, (c) => c.toUpperCase());
}

export type DashboardAppointment = {
  appointmentId: number;
  statusCode: string;
  typeCode: string;
  startDt: Date;
  appointmentLinkId: number | null;
  multiLinkId: number | null;
  lines: string[];
};

export type PendingInvitation = {
  invitationId: number;
  link: string;
  appointmentLinkId: number | null;
  multiLinkId: number | null;
  lines: string[];
};

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
};

/** Which button an appointment gets, or null for none. */
export function entryKind(statusCode: string, isWebBasedOnly: boolean): EntryKind | null {
  if (statusCode === STATUS_NEW) return "complete";
  if (statusCode === APPT_STATUS.NEWCONTRACT) return "pending";
  if (statusCode === APPT_STATUS.APPROVED) return isWebBasedOnly ? "approved" : null;
  return "resume";
}

/** The abandon period minus whole days since the start; null unless > 0. */
export function abandonDaysLeft(startDt: Date, abandonDays: number, now: Date): number | null {
  const elapsed = Math.floor((now.getTime() - startDt.getTime()) / DAY_MS);
  const left = abandonDays - Math.max(0, elapsed);
  return left > 0 ? left : null;
}

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
      abandonDaysLeft: a.statusCode === APPT_STATUS.INCOMPLETE ? abandonDaysLeft(a.startDt, abandonDays, now) : null,
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
};

/** Who has a downline: a marketing director, or a user holding an agent position (navRules' hasAgentPosition). */
export function hasDownline(input: { isMd: boolean; agentPositions: number }): boolean {
  return input.isMd || input.agentPositions > 0;
}

const levelSelect = {
  scheduleLevel: {
    select: {
      levelNo: true,
      levelName: true,
      schedule: { select: { carrier: { select: { carrierCode: true } }, productType: { select: { name: true } } } },
    },
  },
} as const;

type LevelRow = {
  scheduleLevel: {
    levelNo: number;
    levelName: string;
    schedule: { carrier: { carrierCode: string }; productType: { name: string } };
  };
};

export function levelLine(l: LevelRow): string {
  const s = l.scheduleLevel;
  return `${s.schedule.carrier.carrierCode} ${s.schedule.productType.name} — Level ${s.levelNo} ${s.levelName}`;
}

function linesOf(single: LevelRow | null, multi: { items: { appointmentLink: LevelRow }[] } | null): string[] {
  if (multi) return multi.items.map((i) => levelLine(i.appointmentLink));
  return single ? [levelLine(single)] : [];
}

/**
 * The signed-in user's dashboard; `fromLink` adds the NEW entry of the link
 * the user came with (features/links/links.server.ts).
 */
export async function getDashboard(user: CurrentUser, now: Date = new Date(), fromLink: PendingInvitation[] = []): Promise<Dashboard> {
  const multiSelect = {
    select: {
      code: true,
      items: { orderBy: { sortOrder: "asc" }, select: { appointmentLink: { select: levelSelect } } },
    },
  } as const;
  const isMd = user.userRoleCode === ROLE_MARKETING_DIRECTOR;
  const [appointmentRows, invitationRows, agentNumbers, pipeline] = await Promise.all([
    prisma.appointment.findMany({
      where: { userId: user.id, isDeleted: false },
      orderBy: { startDt: "desc" },
      take: 100,
      select: {
        appointmentId: true,
        appointmentStatusCode: true,
        appointmentTypeCode: true,
        startDt: true,
        appointmentLinkId: true,
        multiLinkId: true,
        appointmentLink: { select: levelSelect },
        multiLink: multiSelect,
      },
    }),
    prisma.invitation.findMany({
      where: {
        status: "INVITED",
        OR: [{ prospectUserId: user.id }, ...byVerifiedEmail(user)],
      },
      orderBy: { inviteDate: "desc" },
      take: 50,
      select: {
        invitationId: true,
        appointmentLinkId: true,
        multiLinkId: true,
        appointmentLink: { select: { linkPrefix: true, code: true, ...levelSelect } },
        multiLink: multiSelect,
      },
    }),
    ownAgentNumbersOnce(user),
    // As soon as the agent numbers (the shell's statement) say whether there is a downline.
    ownAgentNumbersOnce(user).then((numbers) => (hasDownline({ isMd, agentPositions: numbers.length }) ? getPipeline(user.id, now) : null)),
  ]);

  const appointments: DashboardAppointment[] = appointmentRows.map((a) => ({
    appointmentId: a.appointmentId,
    statusCode: a.appointmentStatusCode,
    typeCode: a.appointmentTypeCode,
    startDt: a.startDt,
    appointmentLinkId: a.appointmentLinkId,
    multiLinkId: a.multiLinkId,
    lines: linesOf(a.appointmentLink, a.multiLink),
  }));
  const invitations: PendingInvitation[] = [];
  for (const i of invitationRows) {
    const link = i.multiLink
      ? `MLT${i.multiLink.code}`
      : i.appointmentLink
        ? `${i.appointmentLink.linkPrefix}${i.appointmentLink.code}`
        : null;
    if (!link) continue;
    invitations.push({
      invitationId: i.invitationId,
      link,
      appointmentLinkId: i.appointmentLinkId,
      multiLinkId: i.multiLinkId,
      lines: linesOf(i.appointmentLink, i.multiLink),
    });
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
  };
}
