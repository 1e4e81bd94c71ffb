// What the portal shell (top navigation, dashboard buttons) shows to the
// signed-in user. The rules are in docs/decisions/0004-navigation-rules.md.
import type { CurrentUser } from "~/lib/current-user";
import { ROLE_MARKETING_DIRECTOR } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { isReviewer } from "~/features/review/access.server";

export const APPT_STATUS = {
  INCOMPLETE: "APWF_STATUS_INCOMPLETE",
  INVITED: "APWF_STATUS_INVITED",
  NEWCONTRACT: "APWF_STATUS_NEWCONTRACT",
  APPROVED: "APWF_STATUS_APPROVED",
  ABANDONED: "APWF_STATUS_ABANDONED",
} as const;
export const APPT_TYPE_WEB_BASED = "APPTTYP_WVB";
export const PENDING_REPORT_STATUSES = ["RPTSTATUS_PENDING", "RPTSTATUS_STARTED"] as const;

export type NavAppointment = { typeCode: string; statusCode: string };

export type NavRules = {
  isMarketingDirector: boolean;
  /** At least one appointment (of any status). */
  hasAppointments: boolean;
  hasApprovedAppointment: boolean;
  /** At least one appointment and every one is APPTTYP_WVB. */
  isWebBasedOnly: boolean;
  /** CONFIGURE menu, reports bell and pending-reports count. */
  showConfigure: boolean;
  /** View Agent Hierarchy / View Appointment Links buttons are shown... */
  showHierarchyButtons: boolean;
  /** ...and enabled. */
  hierarchyButtonsEnabled: boolean;
};

/**
 * The pure navigation rules of spec part 1 §2 'Layouts' and §6. An active
 * agent position of the user's own (an approved appointment, or an accepted
 * Invite User invitation: decision 0023) counts like an approved appointment.
 */
export function navRules(input: { isMd: boolean; appointments: ReadonlyArray<NavAppointment>; hasAgentPosition?: boolean }): NavRules {
  const { isMd, appointments } = input;
  const hasAppointments = appointments.length > 0;
  const hasApprovedAppointment = appointments.some((a) => a.statusCode === APPT_STATUS.APPROVED);
  const isWebBasedOnly = hasAppointments && appointments.every((a) => a.typeCode === APPT_TYPE_WEB_BASED);
  const mayConfigure = isMd || hasApprovedAppointment || Boolean(input.hasAgentPosition);
  return {
    isMarketingDirector: isMd,
    hasAppointments,
    hasApprovedAppointment,
    isWebBasedOnly,
    showConfigure: mayConfigure && !isWebBasedOnly,
    showHierarchyButtons: !isWebBasedOnly,
    hierarchyButtonsEnabled: mayConfigure && !isWebBasedOnly,
  };
}

export type AgentNumberRef = { agentNumber: string; companyNumber: string; blockNumber: number };

export type ShellContext = NavRules & {
  /** Reports requested by the user that are queued or running (0 unless showConfigure). */
  pendingReportsCount: number;
  /** The user's own positions in the hierarchy. */
  agentNumbers: AgentNumberRef[];
  /** The ADMIN menu: back-office screens of an internal administrator (not while impersonating). */
  adminItems: NavItem[];
  /** The Review Queue entry (issue 11): internal administrators, not while impersonating. */
  showReviewQueue: boolean;
};

export type NavItem = { to: string; label: string };

/** The back-office screens in the ADMIN menu (internal administrators, not while impersonating). */
export const ADMIN_NAV_ITEMS: NavItem[] = [
  { to: "/admin/requests", label: "Service Requests" },
  { to: "/admin/import", label: "Import Agents" },
];

export function adminNavItems(user: Pick<CurrentUser, "isInternal" | "impersonator">): NavItem[] {
  return user.isInternal && !user.impersonator ? ADMIN_NAV_ITEMS : [];
}

/** The user's appointments as the navigation rules see them. */
export async function navAppointments(userId: string): Promise<NavAppointment[]> {
  const rows = await prisma.appointment.findMany({
    where: { userId, isDeleted: false },
    select: { appointmentTypeCode: true, appointmentStatusCode: true },
  });
  return rows.map((r) => ({ typeCode: r.appointmentTypeCode, statusCode: r.appointmentStatusCode }));
}

/** The user's active agent numbers (positions), in a stable order. */
export async function ownAgentNumbers(userId: string): Promise<AgentNumberRef[]> {
  return prisma.agent.findMany({
    where: { userId, isActive: true },
    select: { agentNumber: true, companyNumber: true, blockNumber: true },
    orderBy: [{ agentNumber: "asc" }, { companyNumber: "asc" }, { blockNumber: "asc" }],
  });
}

/** Reports of the user that are queued or running. */
export async function pendingReportsCount(userId: string): Promise<number> {
  return prisma.reportRequest.count({
    where: { requestedById: userId, statusCode: { in: [...PENDING_REPORT_STATUSES] } },
  });
}

// The root loader (the shell) and a page's loader run side by side for one
// request and both want the user's agent numbers: getCurrentUser() gives
// both the same CurrentUser object per request, so a WeakMap on it reads
// them once per request (and never across requests).
const agentNumbersOf = new WeakMap<CurrentUser, Promise<AgentNumberRef[]>>();

/** ownAgentNumbers(user.id), read once per request (the user object of getCurrentUser). */
export function ownAgentNumbersOnce(user: CurrentUser): Promise<AgentNumberRef[]> {
  let p = agentNumbersOf.get(user);
  if (!p) {
    p = ownAgentNumbers(user.id);
    agentNumbersOf.set(user, p);
  }
  return p;
}

/** After a write that gives the user a position (Invite User accepted, MD link): read them again. */
export function forgetOwnAgentNumbers(user: CurrentUser): void {
  agentNumbersOf.delete(user);
}

/** Everything the signed-in layout needs about the user; scoped to that user. */
export async function getShellContext(user: CurrentUser): Promise<ShellContext> {
  const isMd = user.userRoleCode === ROLE_MARKETING_DIRECTOR;
  // A marketing director may always configure unless every appointment is
  // web-based: count their reports alongside instead of after.
  const [appointments, agentNumbers, mdPending] = await Promise.all([
    navAppointments(user.id),
    ownAgentNumbersOnce(user),
    isMd ? pendingReportsCount(user.id) : null,
  ]);
  const rules = navRules({ isMd, appointments, hasAgentPosition: agentNumbers.length > 0 });
  const pending = rules.showConfigure ? (mdPending ?? (await pendingReportsCount(user.id))) : 0;
  return { ...rules, pendingReportsCount: pending, agentNumbers, adminItems: adminNavItems(user), showReviewQueue: isReviewer(user) };
}

// ---------------------------------------------------------------------------
// Welcome page ('/' and '/{lnk}', spec part 1 §2 'Welcome page').

export type WelcomeState = "WELCOME" | "HOLD" | "ERROR";

export type WelcomeData = {
  state: WelcomeState;
  /** The well-formed link carried to sign-in (WELCOME with a link). */
  lnk: string | null;
  /** Where NEXT goes. */
  signInHref: string;
  announcementHtml: string;
  marketingEmail: string;
  /** A signed-in internal administrator (not impersonating): show the SPOOF box. */
  admin: { name: string; spoofError: string | null; spoofEmail: string } | null;
};

/**
 * What the welcome page shows. A signed-in user who is not an internal
 * administrator never sees it: the route redirects them to /home.
 */
export function welcomeData(input: {
  state: WelcomeState;
  lnk?: string | null;
  user: CurrentUser | null;
  url: URL;
  settings: { ANNOUNCEMENT_HTML: string; MARKETING_EMAIL: string };
}): WelcomeData {
  const { state, user, url, settings } = input;
  const lnk = input.lnk ?? null;
  const isAdmin = Boolean(user?.isInternal && !user.impersonator);
  return {
    state,
    lnk,
    signInHref: lnk ? `/auth/login?lnk=${encodeURIComponent(lnk)}` : "/auth/login?returnTo=%2Fhome",
    announcementHtml: settings.ANNOUNCEMENT_HTML.trim(),
    marketingEmail: settings.MARKETING_EMAIL,
    admin:
      isAdmin && user
        ? {
            name: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.userName,
            spoofError: url.searchParams.get("spoofError")?.slice(0, 300) || null,
            spoofEmail: url.searchParams.get("spoofEmail")?.slice(0, 320) ?? "",
          }
        : null,
  };
}

/** A signed-in user other than an internal administrator goes straight to the dashboard. */
export function skipsWelcome(user: CurrentUser | null): boolean {
  return Boolean(user && !(user.isInternal && !user.impersonator));
}
