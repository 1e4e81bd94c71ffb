// The one table of what each role may do (issue 18 item 4; decision 0037),
// as permission strings in the manner of the Epic Stack ('verb:thing').
// Client-safe: the menu is drawn from it (SignedInLayout), every loader and
// action checks it on the server (permissions.server.ts: requireCapability),
// and tests/security/role-table.test.ts walks every route file of app/routes
// for every role from ROUTE_ACCESS below. A route file without an entry
// fails that test.
import { ROLE_COMPLIANCE_OFFICER, ROLE_MARKETING_DIRECTOR } from "./current-user";

/** Who is asking, as the table sees it (rolesOf in permissions.server.ts derives them). */
export const ROLES = ["anonymous", "prospect", "agent", "director", "administrator", "impersonator", "compliance-officer"] as const;
export type Role = (typeof ROLES)[number];

export const CAPABILITIES = [
  /** The signed-in portal: dashboard, own applications, profile, preferences, Contact Us, FAQ, help. */
  "use:portal",
  /** CONFIGURE > Agents and Applications, agent detail and its documents (records: the viewer's downline). */
  "read:downline",
  /** View Appointment Links, the cart of links and a paper application on a prospect's behalf. */
  "use:appointment-links",
  /** CONFIGURE > Invitations, and sending one. */
  "send:invitation",
  /** CONFIGURE > Email Templates (create, edit, images, delete). */
  "manage:email-template",
  /** CONFIGURE > Reports and the bell: requesting and downloading downline reports. */
  "request:report",
  /** REVIEW QUEUE: deciding applications (internal administrators). */
  "review:application",
  /** ADMIN > Service Requests. */
  "manage:service-request",
  /** ADMIN > Import Agents. */
  "import:hierarchy",
  /** Licenses and credentials of any producer: enter, change, import, look up; the compliance view of every agent (issue 23). */
  "manage:licences",
  /** CONFIGURE > Compliance (/compliance) and its report: a recruiter's downline, every agent for manage:licences (issue 23 item 5, decision 0073). */
  "read:compliance",
  /** ADMIN > API Tokens and Webhooks: creating and revoking API tokens, registering webhook endpoints, replaying deliveries (issue 24, decision 0074). */
  "manage:integrations",
  /** ADMIN > State Filings: the state rules (timing, deadlines, reasons, fees; issue 37, decision 0108). */
  "manage:state-filings",
  /** ADMIN > Legal Holds: placing and lifting a legal hold, which stops the retention schedule's erasure of a person's data (issue 38 item 2, decision 0120). */
  "manage:legal-holds",
  /** The SPOOF box: starting and ending impersonation (an internal administrator, also while acting as someone). */
  "impersonate:user",
  /** ADMIN > Audit Log: every access on record, filtered and exported (the compliance officer, issue 38 item 3, decision 0119). */
  "read:audit-log",
  /** ADMIN > Retention: the retention queue, read only (administrators and the compliance officer, decision 0120). */
  "read:retention",
  /** Background screening results and the adverse-action steps (issue 38 item 1, decision 0122): never uplines, the API or webhooks. */
  "read:screening",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/**
 * A recruiter's tools: shown under CONFIGURE for a marketing director or a
 * user with an approved appointment or an agent position, not web-based-only
 * (docs/decisions/0004-navigation-rules.md).
 */
const RECRUITER: Capability[] = ["use:portal", "read:downline", "use:appointment-links", "send:invitation", "manage:email-template", "request:report", "read:compliance"];

/** The table. A user may hold several roles (an administrator is also a prospect or an agent); capabilities add up. */
export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  anonymous: [],
  prospect: ["use:portal"],
  agent: RECRUITER,
  director: RECRUITER,
  // request:report and read:compliance: the compliance view of every agent and its report (decision 0073).
  administrator: ["use:portal", "review:application", "manage:service-request", "import:hierarchy", "manage:licences", "read:compliance", "request:report", "manage:integrations", "manage:state-filings", "manage:legal-holds", "read:retention", "read:screening", "impersonate:user"],
  // An administrator acting as someone has that person's roles and may only end (or switch) the impersonation.
  impersonator: ["impersonate:user"],
  // Read-only (decision 0119): the audit log and their own portal pages; no one else's records, no back office.
  "compliance-officer": ["use:portal", "read:audit-log", "read:retention", "read:screening"],
};

/**
 * The roles of who is asking. `showConfigure` is the navigation rule of
 * decision 0004 (director, approved appointment or agent position, and not
 * web-based-only): without it a signed-in user is a prospect whatever their
 * role code. An internal administrator acting as themselves is also an
 * administrator; while impersonating, they have the person's roles and
 * 'impersonator' (never 'administrator', even when that person is one).
 */
export function rolesOf(
  user: { userRoleCode: string; isInternal: boolean; impersonator: unknown } | null | undefined,
  rules: { showConfigure: boolean } | null | undefined,
): Role[] {
  if (!user) return ["anonymous"];
  // USRROLE_COMPLIANCE: never a recruiter's or an administrator's tools. An administrator acting as the
  // officer does not read the log that watches administrators: a plain portal (decision 0119).
  if (user.userRoleCode === ROLE_COMPLIANCE_OFFICER) return user.impersonator ? ["prospect", "impersonator"] : ["compliance-officer"];
  const roles: Role[] = [rules?.showConfigure ? (user.userRoleCode === ROLE_MARKETING_DIRECTOR ? "director" : "agent") : "prospect"];
  if (user.impersonator) roles.push("impersonator");
  else if (user.isInternal) roles.push("administrator");
  return roles;
}

export function capabilitiesOf(roles: readonly Role[]): Capability[] {
  return [...new Set(roles.flatMap((r) => ROLE_CAPABILITIES[r]))];
}

export function can(capabilities: readonly Capability[] | null | undefined, capability: Capability): boolean {
  return Boolean(capabilities?.includes(capability));
}

/**
 * What a method of a route needs: 'public' (anyone, signed in or not; the
 * route's own guard, if any, is named in `note`), a capability, or 'none'
 * (the route has no such method: it answers 404/405 to everyone).
 */
export type Access = "public" | "none" | Capability;
export type RouteAccess = { GET: Access; POST: Access; note?: string };

const page = (cap: Access, post: Access = cap, note?: string): RouteAccess => ({ GET: cap, POST: post, ...(note ? { note } : {}) });

/** Every route file of app/routes (without its extension) and what GET and POST need. */
export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  $: page("public", "public", "splat: the not-found page"),
  $lnk: page("public", "none", "link landing page"),
  _index: page("public", "none", "welcome page"),
  "admin.agents.$id.deactivate": page("import:hierarchy", "import:hierarchy", "an unknown agent: 404"),
  "admin.agents.$id.states": page("import:hierarchy", "import:hierarchy", "an unknown agent: 404"),
  "admin.api-tokens": page("manage:integrations"),
  "admin.carriers": page("manage:state-filings"),
  "admin.audit-log._index": page("read:audit-log", "read:audit-log", "POST queues the filtered rows' export (CSV or JSON lines)"),
  "admin.audit-log.exports.$id": page("read:audit-log", "none", "the officer's own export, else 404"),
  "admin.import": page("import:hierarchy", "import:hierarchy", "POST: START AGAIN on a failed run"),
  "admin.import_.upload": page("none", "import:hierarchy"),
  "admin.legal-holds": page("manage:legal-holds"),
  "admin.retention": page("read:retention", "none"),
  "admin.licences.import": page("manage:licences", "manage:licences", "POST: START AGAIN on a failed run"),
  "admin.licences.import_.upload": page("none", "manage:licences"),
  "admin.requests.$id": page("manage:service-request"),
  "admin.requests.$id_.attachment": page("manage:service-request", "none"),
  "admin.requests._index": page("manage:service-request", "none"),
  "admin.review.$appointmentId": page("review:application"),
  "admin.review._index": page("review:application", "none"),
  "admin.state-filings._index": page("manage:state-filings"),
  "admin.state-filings.fees": page("manage:state-filings", "manage:state-filings", "queues the fee report (report 4; decision 0117)"),
  "admin.state-filings.terminations": page("manage:state-filings"),
  "admin.state-filings.case-documents.$id": page("manage:state-filings", "none", "a for-cause case's document; audited (decision 0118)"),
  "admin.state-filings.files.$id.download": page("manage:state-filings", "none", "a filing file, once (410 after; decision 0112)"),
  "admin.state-rules.$code": page("manage:state-filings", "manage:state-filings", "an unknown state code: 404"),
  "admin.state-rules._index": page("manage:state-filings", "none"),
  "api.screening.callback": page("none", "public", "the screening vendor's signed callback (HMAC, decision 0122): 401 unsigned, forged or stale"),
  "api.v1.agents": page("public", "none", "API token with read:agents (apiRoute)"),
  "api.v1.agents.$id": page("public", "none", "API token with read:agents (apiRoute)"),
  "api.v1.agents.$agentNumber.first-business": page("none", "public", "API token with write:filings (apiRoute)"),
  "api.v1.filings": page("public", "none", "API token with read:filings (apiRoute)"),
  "api.v1.terminations": page("public", "none", "API token with read:filings (apiRoute)"),
  "api.v1.applications": page("public", "none", "API token with read:applications (apiRoute)"),
  "api.v1.applications.$id": page("public", "none", "API token with read:applications (apiRoute)"),
  "api.v1.applications.$id.documents": page("public", "none", "API token with read:documents (apiRoute)"),
  "api.v1.documents.$id": page("public", "none", "API token with read:documents (apiRoute)"),
  "api.v1.invitations": page("public", "none", "API token with read:invitations (apiRoute)"),
  "api.v1.openapi[.]json": page("public", "none", "the OpenAPI document of the API: public, no data (decision 0076)"),
  "admin.webhooks.$id": page("manage:integrations"),
  "admin.webhooks._index": page("manage:integrations"),
  "agent.documents.$documentId": page("read:downline", "none"),
  "api.v1.agent-imports": page("public", "public", "API token with write:agents (apiRoute)"),
  "api.v1.agent-imports.$id": page("public", "none", "API token with write:agents (apiRoute)"),
  agent: page("read:downline"),
  agents: page("read:downline", "none"),
  "appoint.documents.$documentId": page("use:portal", "none", "the application's own access check (owner or upline)"),
  appoint: page("use:portal", "use:portal", "the application's own access check (owner or upline, read-only)"),
  "appoint.upload": page("none", "use:portal", "the application's own access check"),
  "appoint_.check": page("use:portal", "use:portal", "the application's own access check (owner or upline; POST: owner, not read-only)"),
  "appoint_.paper": page("use:appointment-links"),
  "appoint_.submitted": page("use:portal", "none", "the application's own access check (owner or upline)"),
  "auth.callback": page("public", "none", "sign-in"),
  "auth.impersonate": page("public", "impersonate:user", "GET redirects home"),
  "auth.login": page("public", "none", "sign-in"),
  "auth.logout": page("public", "public", "sign-out"),
  "auth.profile": page("use:portal", "none"),
  "bench.bare": page("public", "none", "404 unless BENCH_ROUTES"),
  "bench.jobs": page("public", "none", "404 unless BENCH_ROUTES"),
  "bench.queries": page("public", "none", "404 unless BENCH_ROUTES"),
  cartlinks: page("use:appointment-links"),
  compliance: page("read:compliance", "read:compliance", "rows: the viewer's downline, every agent for manage:licences; POST queues its report"),
  commpref: page("use:portal"),
  "corr.$id": page("manage:email-template"),
  "corr._index": page("manage:email-template", "none"),
  "corr.upload": page("none", "manage:email-template"),
  "dev.mail.$id.attachment.$n": page("public", "none", "captured mail: loopback, or an internal administrator"),
  "dev.mail.$id": page("public", "none", "captured mail: loopback, or an internal administrator"),
  "dev.mail._index": page("public", "none", "captured mail: loopback, or an internal administrator"),
  "dev.sms": page("public", "none", "captured SMS: loopback, or an internal administrator"),
  "documents.schedule.$id": page("public", "none", "commission schedule linked from invitations"),
  "documents.system.$key": page("public", "none", "public documents; the others need a signed-in user"),
  faq: page("use:portal", "none"),
  healthz: page("public", "none", "readiness"),
  livez: page("public", "none", "liveness"),
  metrics: page("public", "none", "loopback, or METRICS_TOKEN: 404 to everyone else"),
  readyz: page("public", "none", "readiness"),
  help: page("use:portal", "none"),
  home: page("use:portal"),
  inprog: page("read:downline", "none"),
  invite: page("send:invitation"),
  invites: page("send:invitation", "none"),
  "licences._index": page("use:portal", "use:portal", "the user's own NPN (npnAccess)"),
  "licences.$npn": page("use:portal", "use:portal", "npnAccess: administrator or producer edit, upline read, else 404"),
  "licences.$npn.certificates.$id": page("use:portal", "none", "npnAccess (read or edit), else 404"),
  linx: page("use:appointment-links"),
  "licences.$npn.lookup": page("none", "manage:licences", "and npnAccess 'edit'; 404 when no LICENCE_LOOKUP is configured"),
  profile: page("use:portal"),
  reports: page("request:report"),
  "reports_.$id.download": page("request:report", "none"),
  "session-expired": page("public", "none"),
  "setup.$token": page("public", "use:portal", "GET: a valid setup token first (404 otherwise), then sign-in"),
  "svcreq.($typ)": page("use:portal"),
  "svcreq_.send": page("none", "use:portal"),
  "timg.$file": page("public", "none", "template images in sent mail"),
  "view.$": page("public", "none", "shared document view"),
  wizard: page("use:portal"),
};

export type MenuItem = { to: string; label: string; capability: Capability };

/** CONFIGURE, drawn from the table (the order of spec part 1 §2). */
export const CONFIGURE_MENU: MenuItem[] = [
  { to: "/corr", label: "Email Templates", capability: "manage:email-template" },
  { to: "/invites", label: "Invitations", capability: "send:invitation" },
  { to: "/agents", label: "Agents", capability: "read:downline" },
  { to: "/inprog", label: "Applications", capability: "read:downline" },
  { to: "/reports", label: "Reports", capability: "request:report" },
  { to: "/compliance", label: "Compliance", capability: "read:compliance" },
];

/** The reports bell. */
export const REPORTS_BELL: MenuItem = { to: "/reports", label: "Reports", capability: "request:report" };

/** REVIEW QUEUE. */
export const REVIEW_QUEUE_ITEM: MenuItem = { to: "/admin/review", label: "REVIEW QUEUE", capability: "review:application" };

/** ADMIN: the back-office screens. */
export const ADMIN_MENU: MenuItem[] = [
  { to: "/admin/requests", label: "Service Requests", capability: "manage:service-request" },
  { to: "/admin/import", label: "Import Agents", capability: "import:hierarchy" },
  { to: "/admin/licences/import", label: "Import Licenses", capability: "manage:licences" },
  { to: "/admin/api-tokens", label: "API Tokens", capability: "manage:integrations" },
  { to: "/admin/webhooks", label: "Webhooks", capability: "manage:integrations" },
  { to: "/admin/state-filings", label: "State Filings", capability: "manage:state-filings" },
  { to: "/admin/carriers", label: "Carriers", capability: "manage:state-filings" },
  { to: "/admin/audit-log", label: "Audit Log", capability: "read:audit-log" },
  { to: "/admin/legal-holds", label: "Legal Holds", capability: "manage:legal-holds" },
  { to: "/admin/retention", label: "Retention", capability: "read:retention" },
];

export function menuFor<T extends MenuItem>(items: readonly T[], capabilities: readonly Capability[] | null | undefined): T[] {
  return items.filter((i) => can(capabilities ?? [], i.capability));
}
