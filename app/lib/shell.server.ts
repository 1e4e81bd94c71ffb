// What the portal shell (top navigation, dashboard buttons) shows to the
// signed-in user. The rules are in docs/decisions/0004-navigation-rules.md.
import type { CurrentUser } from "~/lib/current-user";
import { ROLE_MARKETING_DIRECTOR } from "~/lib/current-user";
import { getCurrentUserWith } from "~/lib/auth.server";
import { prisma, queryRows } from "~/lib/db.server";
import { ADMIN_MENU, can, capabilitiesOf, menuFor, REVIEW_QUEUE_ITEM, rolesOf, type Capability, type Role } from "~/lib/permissions";
import { perRequest } from "~/lib/request-scope.server";

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
  /** Who the user is to the capability table (app/lib/permissions.ts), and what they may do: the menu is drawn from these. */
  roles: Role[];
  capabilities: Capability[];
};

export type NavItem = { to: string; label: string };

/** The back-office screens in the ADMIN menu (internal administrators, not while impersonating). */
export const ADMIN_NAV_ITEMS: NavItem[] = ADMIN_MENU.map(({ to, label }) => ({ to, label }));

/** The ADMIN menu items the user's capabilities allow (app/lib/permissions.ts). */
export function adminNavItems(user: Pick<CurrentUser, "isInternal" | "impersonator">): NavItem[] {
  return menuFor(ADMIN_MENU, capabilitiesOf(rolesOf({ userRoleCode: "", ...user }, null))).map(({ to, label }) => ({ to, label }));
}

/** The user's active agent numbers (positions), in a stable order. */
export async function ownAgentNumbers(userId: string): Promise<AgentNumberRef[]> {
  return prisma.agent.findMany({
    where: { userId, isActive: true },
    select: { agentNumber: true, companyNumber: true, blockNumber: true },
    orderBy: [{ agentNumber: "asc" }, { companyNumber: "asc" }, { blockNumber: "asc" }],
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

type ShellRow = { appointments: { t: string; s: string }[]; agent_numbers: AgentNumberRef[]; pending_reports: number };

/**
 * What the shell reads, as SQL columns for the user `${user}` (an SQL
 * expression): the user's appointments as the navigation rules see them,
 * the active agent numbers in the order of ownAgentNumbers, and the reports
 * queued or running (index (requested_by_id, status_code); shown only when
 * showConfigure, counted always: cheaper than a second round trip).
 */
const shellColumns = (user: string) => `
  COALESCE((SELECT json_agg(json_build_object('t', a.appointment_type_code, 's', a.appointment_status_code))
              FROM appointments a WHERE a.user_id = ${user} AND NOT a.is_deleted), '[]') AS shell_appointments,
  COALESCE((SELECT json_agg(json_build_object('agentNumber', g.agent_number, 'companyNumber', g.company_number, 'blockNumber', g.block_number)
                            ORDER BY g.agent_number, g.company_number, g.block_number)
              FROM agents g WHERE g.user_id = ${user} AND g.is_active), '[]') AS shell_agent_numbers,
  (SELECT count(*) FROM report_requests r
    WHERE r.requested_by_id = ${user} AND r.status_code IN (${PENDING_REPORT_STATUSES.map((c) => `'${c}'`).join(", ")}))::int AS shell_pending_reports`;

const SHELL_SQL = `SELECT ${shellColumns("$1::uuid")}`;
/** The shell's columns beside the session (getCurrentUserWith): one statement for both. */
const SHELL_WITH_SESSION = { columns: shellColumns("s.user_id") };

function shellRowOf(r: Record<string, unknown>): ShellRow {
  return {
    appointments: r.shell_appointments as ShellRow["appointments"],
    agent_numbers: r.shell_agent_numbers as AgentNumberRef[],
    pending_reports: r.shell_pending_reports as number,
  };
}

/** The shell's statement alone, through the pool. */
async function shellRow(userId: string): Promise<ShellRow> {
  const [row] = await queryRows<Record<string, unknown>>(SHELL_SQL, [userId]);
  return shellRowOf(row!);
}

/**
 * Everything the signed-in layout needs about the user; scoped to that user.
 * One statement, or none when `read` comes with the session's (getUserAndShell).
 */
export async function getShellContext(user: CurrentUser, read?: ShellRow): Promise<ShellContext> {
  const isMd = user.userRoleCode === ROLE_MARKETING_DIRECTOR;
  const row = read ? Promise.resolve(read) : shellRow(user.id);
  // The page's loader (the dashboard) reads the agent numbers too: it gets these, unless it asked first.
  if (!agentNumbersOf.has(user)) {
    const numbers = row.then((r) => r.agent_numbers);
    agentNumbersOf.set(user, numbers);
    numbers.catch(() => agentNumbersOf.get(user) === numbers && agentNumbersOf.delete(user));
  }
  const { appointments, pending_reports } = await row;
  const agentNumbers = await ownAgentNumbersOnce(user);
  const rules = navRules({
    isMd,
    appointments: appointments.map((a) => ({ typeCode: a.t, statusCode: a.s })),
    hasAgentPosition: agentNumbers.length > 0,
  });
  const roles = rolesOf(user, rules);
  const capabilities = capabilitiesOf(roles);
  return {
    ...rules,
    pendingReportsCount: can(capabilities, "request:report") ? pending_reports : 0,
    agentNumbers,
    adminItems: menuFor(ADMIN_MENU, capabilities).map(({ to, label }) => ({ to, label })),
    showReviewQueue: can(capabilities, REVIEW_QUEUE_ITEM.capability),
    roles,
    capabilities,
  };
}

/**
 * The root loader's read: the signed-in user and the shell, in the session's
 * statement (one round trip for every signed-in page). Nothing about the
 * session is cached: it is read from the database for every request.
 */
export function getUserAndShell(request: Request): Promise<{ user: CurrentUser | null; shell: ShellContext | null }> {
  // Once per request: the root loader and the page's capability check (permissions.server.ts) share it.
  return perRequest(request, "userAndShell", () => readUserAndShell(request));
}

async function readUserAndShell(request: Request): Promise<{ user: CurrentUser | null; shell: ShellContext | null }> {
  const { user, extra } = await getCurrentUserWith(request, SHELL_WITH_SESSION);
  if (!user) return { user: null, shell: null };
  return { user, shell: await getShellContext(user, extra ? shellRowOf(extra) : undefined) };
}

// ---------------------------------------------------------------------------
// Welcome page ('/' and '/{lnk}', spec part 1 §2 'Welcome page').

export type WelcomeState = "WELCOME" | "HOLD" | "ERROR";

export type WelcomeData = {
  state: WelcomeState;
  /** The well-formed link carried to sign-in (WELCOME with a link). */
  lnk: string | null;
  /** Where NEXT (and 'I already have an account') goes. */
  signInHref: string;
  /** 'Create an account' with a link: the provider's sign-up (the built-in provider opens it directly). */
  signUpHref: string | null;
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
  /** The invited address from the invitation email's link, only to prefill the provider's forms. */
  loginHint?: string | null;
  user: CurrentUser | null;
  url: URL;
  settings: { ANNOUNCEMENT_HTML: string; MARKETING_EMAIL: string };
}): WelcomeData {
  const { state, user, url, settings } = input;
  const lnk = input.lnk ?? null;
  const hint = input.loginHint ? `&login_hint=${encodeURIComponent(input.loginHint)}` : "";
  const isAdmin = Boolean(user?.isInternal && !user.impersonator);
  return {
    state,
    lnk,
    signInHref: lnk ? `/auth/login?lnk=${encodeURIComponent(lnk)}${hint}` : "/auth/login?returnTo=%2Fhome",
    signUpHref: lnk ? `/auth/login?lnk=${encodeURIComponent(lnk)}&signup=1${hint}` : null,
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
