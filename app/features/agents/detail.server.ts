// Agent detail (spec part 3 §2 'Agent detail', §4, §5, §6) and Invite User:
// the agent is found by agent number under one of the viewer's own
// positions (closure table), never by an id the viewer could swap for one
// outside their downline. Documents are served through agentDocument, which
// checks the same downline rule. Accepting an invitation links the user to
// the agent (Agent.userId).
import { createHash } from "node:crypto";
import { appointmentDocumentLists } from "~/features/documents/appointment-documents.server";
import { resolveAppointmentDocument, type ResolvedDocument } from "~/features/documents/document-download.server";
import { statusText } from "~/features/users/dashboard.server";
import { forgetOwnAgentNumbers } from "~/features/users/shell.server";
import { isAgentUnderUser } from "~/features/hierarchy/hierarchy.server";
import { newLinkCode } from "~/features/links/codes";
import { audit } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { matchingEmail, ROLE_MARKETING_DIRECTOR } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { ensureJobQueue } from "~/lib/jobs.server";
import { childrenPage, findInHierarchy, type Position, type TreeNode } from "./agents.server";
import { DETAIL_CHILD_PAGE_SIZE, DETAIL_PARENT_LEVELS } from "./constants";
import { agentName, isDirectorUpline } from "./format";
import { INVITATION_ACCEPTED, INVITATION_ERRORS, INVITE_USER_MESSAGES, type InvitationErrorCode } from "./messages";

/** Who sees 'Request that an Agent be Moved' (decision 0023): a director, or anyone with an agent under a position of theirs. */
export async function mayRequestMove(user: CurrentUser, positions: Position[]): Promise<boolean> {
  if (!positions.length) return false;
  if (user.userRoleCode === ROLE_MARKETING_DIRECTOR) return true;
  const ids = positions.map((p) => p.id);
  const child = await prisma.agent.findFirst({ where: { parentId: { in: ids }, isActive: true }, select: { id: true } });
  return Boolean(child);
}

/** The nine documents of the APPOINTMENT tab (spec §2), in order, with the document type each stands for. */
export const AGENT_DOCUMENTS = [
  { code: "DOCTYP_APP", label: "Application" },
  { code: "DOCTYP_COMB_APP", label: "Combined Application" },
  { code: "ALLCO_AGREE", label: "All-Company Agreement" },
  { code: "DOCTYP_COMSCHED_AGREE", label: "Commission Schedule" },
  { code: "REP_AGREE", label: "Representative Agreement" },
  { code: "DOCTYP_STATE_LIC", label: "State License" },
  { code: "DOCTYP_EO_CERT", label: "E&O Certificate" },
  { code: "DOCTYP_DRV_LIC", label: "Driver's License" },
  { code: "ASGN_OF_COMM", label: "Assignment of Commissions" },
] as const;

/** '(Application Not Available)' and the like. */
export function notAvailable(label: string): string {
  return `(${label} Not Available)`;
}

export function agentDocumentHref(agentId: number, documentIdOrCode: string, download = false): string {
  return `/agent/documents/${encodeURIComponent(documentIdOrCode)}?agent=${agentId}${download ? "&download=1" : ""}`;
}

/** Spec §4: UPDATE USER appears only when all four hold. */
export function showUpdateUser(input: {
  hasAppointment: boolean;
  userLinked: boolean;
  viewedAgentNumber: string;
  viewedDirectUpline: string | null;
  viewerAgentNumbers: string[];
}): boolean {
  return (
    input.hasAppointment &&
    input.userLinked &&
    !input.viewerAgentNumbers.includes(input.viewedAgentNumber) &&
    input.viewerAgentNumbers.includes((input.viewedDirectUpline ?? "").trim())
  );
}

/** Invite User (decision 0023): offered for an agent strictly under the viewer with no user linked yet. */
export function showInviteUser(input: { userLinked: boolean; viewedAgentNumber: string; viewerAgentNumbers: string[] }): boolean {
  return !input.userLinked && !input.viewerAgentNumbers.includes(input.viewedAgentNumber);
}

export type AgentDocumentLink = { code: string; label: string; href: string | null };

export type AgentDetail = {
  id: number;
  agentNumber: string;
  companyNumber: string;
  blockNumber: number;
  hierarchyLevel: number;
  mgaCode: string;
  agentType: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  companyName: string | null;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  faxNumber: string | null;
  npn: string | null;
  residentLicenseNumber: string | null;
  residentLicenseState: string | null;
  licensedStates: string[];
  businessTypeCode: string | null;
  businessName: string | null;
  businessPhone: string | null;
  businessFax: string | null;
  address: string[];
  businessAddress: string[];
  directUpline: string | null;
  isActive: boolean;
  terminationDate: string | null;
  createdAt: string;
  isDirector: boolean;
  userLinked: boolean;
  principal: { firstName: string; lastName: string; phoneNumber: string | null; address: string[] } | null;
  appointment: { appointmentId: number; statusCode: string; statusText: string; startDt: string; submittedAt: string | null; approvedAt: string | null } | null;
  documents: AgentDocumentLink[];
  /** Up to 10 parent levels, nearest first, only those inside the viewer's hierarchy. */
  uplines: Array<{ agentNumber: string; name: string; hierarchyLevel: number }>;
  children: { nodes: TreeNode[]; hasMore: boolean };
  showUpdateUser: boolean;
  showInviteUser: boolean;
};

const lines = (...parts: Array<string | null | undefined>) => parts.filter((p): p is string => Boolean(p && p.trim()));

/**
 * The detail of the agent with `agentNumber` under the viewer's position
 * `position` (itself included), or null when there is none: the caller
 * answers 404 ('Details Unavailable').
 */
export async function loadAgentDetail(viewerPositions: Position[], position: Position, agentNumber: string): Promise<AgentDetail | null> {
  const id = await findInHierarchy(position.id, agentNumber);
  if (!id) return null;
  const a = await prisma.agent.findUnique({
    where: { id },
    include: { principalAgent: true, licensedStates: { orderBy: { stateCode: "asc" } } },
  });
  if (!a) return null;
  const isDirector = isDirectorUpline(a.directUpline);
  // Independent reads in parallel: the appointment, the depth under the viewer's position, the children.
  const [appointment, rootDepth, children] = await Promise.all([
    isDirector
      ? null
      : prisma.appointment.findFirst({
          where: { isDeleted: false, OR: [{ agentId: a.id }, { carrierBlocks: { some: { agentId: a.id } } }] },
          orderBy: [{ approvedAt: { sort: "desc", nulls: "last" } }, { appointmentId: "desc" }],
          select: { appointmentId: true, appointmentTypeCode: true, commissionRemitTypeCode: true, appointmentStatusCode: true, startDt: true, submittedAt: true, approvedAt: true },
        }),
    prisma.agentClosure.findUnique({
      where: { ancestorId_descendantId: { ancestorId: position.id, descendantId: a.id } },
      select: { depth: true },
    }),
    childrenPage(a.id, { limit: DETAIL_CHILD_PAGE_SIZE }),
  ]);
  // Up to 10 parent levels, but never above the viewer's position.
  const levels = Math.min(DETAIL_PARENT_LEVELS, rootDepth?.depth ?? 0);
  const [documents, above] = await Promise.all([
    isDirector ? [] : agentDocumentLinks(a.id, appointment),
    levels
      ? prisma.agentClosure.findMany({
          where: { descendantId: a.id, depth: { gte: 1, lte: levels } },
          orderBy: { depth: "asc" },
          select: { ancestor: { select: { agentNumber: true, firstName: true, lastName: true, companyName: true, agentType: true, hierarchyLevel: true } } },
        })
      : [],
  ]);
  const viewerAgentNumbers = [...new Set(viewerPositions.map((p) => p.agentNumber))];
  const userLinked = Boolean(a.userId);
  return {
    id: a.id,
    agentNumber: a.agentNumber,
    companyNumber: a.companyNumber,
    blockNumber: a.blockNumber,
    hierarchyLevel: a.hierarchyLevel,
    mgaCode: a.mgaCode,
    agentType: a.agentType,
    firstName: a.firstName,
    middleName: a.middleName,
    lastName: a.lastName,
    companyName: a.companyName,
    name: agentName(a),
    email: a.email,
    phoneNumber: a.phoneNumber,
    faxNumber: a.faxNumber,
    npn: a.npn,
    residentLicenseNumber: isDirector ? null : a.residentLicenseNumber,
    residentLicenseState: isDirector ? null : a.residentLicenseState,
    licensedStates: isDirector ? [] : a.licensedStates.map((s) => s.stateCode),
    businessTypeCode: a.businessTypeCode,
    businessName: a.businessName,
    businessPhone: a.businessPhone,
    businessFax: a.businessFax,
    address: lines(a.address1, a.address2, [a.city, [a.stateCode, a.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")),
    businessAddress: lines(
      a.businessAddress1,
      a.businessAddress2,
      [a.businessCity, [a.businessStateCode, a.businessZipCode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    ),
    directUpline: a.directUpline,
    isActive: a.isActive,
    terminationDate: a.terminationDate?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    isDirector,
    userLinked,
    principal: a.principalAgent
      ? {
          firstName: a.principalAgent.firstName,
          lastName: a.principalAgent.lastName,
          phoneNumber: a.principalAgent.phoneNumber,
          address: lines(
            a.principalAgent.address1,
            a.principalAgent.address2,
            [a.principalAgent.city, [a.principalAgent.state, a.principalAgent.zip].filter(Boolean).join(" ")].filter(Boolean).join(", "),
          ),
        }
      : null,
    appointment: appointment
      ? {
          appointmentId: appointment.appointmentId,
          statusCode: appointment.appointmentStatusCode,
          statusText: statusText(appointment.appointmentStatusCode),
          startDt: appointment.startDt.toISOString(),
          submittedAt: appointment.submittedAt?.toISOString() ?? null,
          approvedAt: appointment.approvedAt?.toISOString() ?? null,
        }
      : null,
    documents,
    uplines: above.map((u) => ({ agentNumber: u.ancestor.agentNumber, name: agentName(u.ancestor), hierarchyLevel: u.ancestor.hierarchyLevel })),
    children,
    showUpdateUser: showUpdateUser({ hasAppointment: Boolean(appointment), userLinked, viewedAgentNumber: a.agentNumber, viewedDirectUpline: a.directUpline, viewerAgentNumbers }),
    showInviteUser: !isDirector && showInviteUser({ userLinked, viewedAgentNumber: a.agentNumber, viewerAgentNumbers }),
  };
}

// ───────────────────────────── documents ─────────────────────────────

/** The APPOINTMENT tab's nine links: the scoped route when the document exists, else null ('(… Not Available)'). */
async function agentDocumentLinks(
  agentId: number,
  appointment: { appointmentId: number; appointmentTypeCode: string; commissionRemitTypeCode: string | null } | null,
): Promise<AgentDocumentLink[]> {
  const lists = appointment ? await appointmentDocumentLists(appointment) : null;
  const all = lists ? [...lists.generated, ...lists.agreements, ...lists.uploaded] : [];
  return AGENT_DOCUMENTS.map((d) => {
    const item = all.find((i) => i.documentTypeCode === d.code && i.url);
    const target = item ? (item.documentId ?? d.code) : null;
    return { code: d.code, label: d.label, href: target ? agentDocumentHref(agentId, target) : null };
  });
}

/**
 * One document of an agent's appointment for the viewer: only when the
 * agent is in the viewer's downline (closure table) and the document belongs
 * to that agent's appointment (or is a system document). Otherwise
 * 'not-found' (the route answers 404).
 */
export async function agentDocument(user: CurrentUser, agentId: number, documentIdOrCode: string): Promise<ResolvedDocument> {
  if (!(await isAgentUnderUser(prisma, user.id, agentId))) return { kind: "not-found" };
  const appointment = await prisma.appointment.findFirst({
    where: { isDeleted: false, OR: [{ agentId }, { carrierBlocks: { some: { agentId } } }] },
    orderBy: [{ approvedAt: { sort: "desc", nulls: "last" } }, { appointmentId: "desc" }],
    select: { appointmentId: true, appointmentTypeCode: true, commissionRemitTypeCode: true },
  });
  if (!appointment) return { kind: "not-found" };
  return resolveAppointmentDocument(appointment, documentIdOrCode);
}

// ───────────────────────────── Invite User ─────────────────────────────

export const USER_INVITATION_PREFIX = "EXT";

export function hashInvitationCode(code: string): string {
  return createHash("sha256").update(code.toUpperCase()).digest("hex");
}

export function userInvitationJobKey(invitationId: string): string {
  return `user-invitation:${invitationId}`;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The invitation email (plain, no template: the recruitment templates are for prospects). */
export function userInvitationEmail(input: { link: string; agentName: string; agentNumber: string; inviterName: string }) {
  const text = [
    `Hello,`,
    ``,
    `${input.inviterName} invited you to the Appointment Portal as agent ${input.agentName} (agent number ${input.agentNumber}).`,
    `Open this link, then sign in or sign up with this email address to see your downline:`,
    input.link,
    ``,
    `If you did not expect this invitation you can ignore this email.`,
  ].join("\n");
  const html = `<p>Hello,</p>
<p>${escapeHtml(input.inviterName)} invited you to the Appointment Portal as agent ${escapeHtml(input.agentName)} (agent number ${escapeHtml(input.agentNumber)}).</p>
<p>Open this link, then sign in or sign up with this email address to see your downline:</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>
<p>If you did not expect this invitation you can ignore this email.</p>`;
  return { subject: INVITE_USER_MESSAGES.subject, text, html };
}

/**
 * Creates the invitation (an EXT link with 100 random bits; only its hash is
 * stored) and queues its email in the same transaction (send-email job,
 * keyed by the invitation). The caller has checked that the viewer may
 * invite for this agent (loadAgentDetail's showInviteUser/showUpdateUser).
 */
export async function createUserInvitation(
  user: CurrentUser,
  agent: Pick<AgentDetail, "id" | "name" | "agentNumber" | "appointment">,
  emailAddress: string,
  request?: Request,
): Promise<{ invitationId: string }> {
  const code = newLinkCode();
  const link = `${env().appUrl}/${USER_INVITATION_PREFIX}${code}`;
  const inviterName = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.userName;
  const mail = userInvitationEmail({ link, agentName: agent.name, agentNumber: agent.agentNumber, inviterName });
  await ensureJobQueue();
  const invitation = await prisma.$transaction(async (tx) => {
    const inv = await tx.userInvitation.create({
      data: {
        agentId: agent.id,
        emailAddress,
        appointmentIds: agent.appointment ? [agent.appointment.appointmentId] : [],
        tokenHash: hashInvitationCode(code),
        createdById: user.impersonator?.id ?? user.id,
      },
    });
    const payload = { to: emailAddress, subject: mail.subject, html: mail.html, text: mail.text, relatedType: "UserInvitation", relatedId: inv.id };
    await tx.$queryRaw`SELECT graphile_worker.add_job(${"send-email"}::text, ${JSON.stringify(payload)}::json, job_key => ${userInvitationJobKey(inv.id)}::text, max_attempts => 10)`;
    return inv;
  });
  await audit("USER_INVITATION_SENT", {
    request,
    actorUserId: user.id,
    impersonatorUserId: user.impersonator?.id ?? null,
    targetType: "Agent",
    targetId: String(agent.id),
    details: { invitationId: invitation.id },
  });
  return { invitationId: invitation.id };
}

/** The invitation an EXT link stands for, or null (the link may be an appointment link). */
export async function findUserInvitation(link: string) {
  const m = /^EXT([A-Za-z0-9]{10,60})$/i.exec(link.trim());
  if (!m) return null;
  return prisma.userInvitation.findUnique({ where: { tokenHash: hashInvitationCode(m[1]) } });
}

export type AcceptResult = { ok: true; agentId: number } | { ok: false; code: InvitationErrorCode };

/**
 * Completes an Invite User invitation for the signed-in user (spec part 1 §4
 * 'Sign-in flow'): the user's verified email must be the invitation's; the
 * agent (and the same person's other positions without a user) is linked
 * to the user. Accepting twice is harmless; someone else's accepted
 * invitation is 'error_link_missing'.
 */
export async function acceptUserInvitation(user: CurrentUser, link: string, request?: Request): Promise<AcceptResult> {
  const inv = await findUserInvitation(link);
  if (!inv || inv.agentId == null) return { ok: false, code: "error_link_missing" };
  if (inv.acceptedAt) return inv.userId === user.id ? { ok: true, agentId: inv.agentId } : { ok: false, code: "error_link_missing" };
  const email = matchingEmail(user);
  if (!email || email !== inv.emailAddress.toLowerCase()) return { ok: false, code: "ext_error" };
  const agentId = inv.agentId;
  try {
    await prisma.$transaction(async (tx) => {
      const claimed = await tx.userInvitation.updateMany({ where: { id: inv.id, acceptedAt: null }, data: { acceptedAt: new Date(), userId: user.id } });
      if (claimed.count !== 1) throw new Error("invitation accepted meanwhile");
      const agent = await tx.agent.update({ where: { id: agentId }, data: { userId: user.id, updatedById: user.id } });
      if (agent.personId) {
        await tx.agent.updateMany({ where: { personId: agent.personId, userId: null }, data: { userId: user.id, updatedById: user.id } });
      }
    });
  } catch (error) {
    console.error("[agents] accepting a user invitation failed", error instanceof Error ? error.message : error);
    return { ok: false, code: "create_user_error" };
  }
  forgetOwnAgentNumbers(user);
  await audit("USER_INVITATION_ACCEPTED", { request, actorUserId: user.id, targetType: "Agent", targetId: String(agentId), details: { invitationId: inv.id } });
  return { ok: true, agentId };
}

export type InvitationDialog = { title: string; message: string; variant: "success" | "error"; logout: boolean };

/**
 * The dashboard's handling of ?lnk=EXT… when it is an Invite User link
 * (null otherwise: an appointment link goes on to the link rules). Success
 * redirects to /home?invitation=accepted (so the navigation is computed
 * with the new position); a failure is a dialog whose only way out is LOGOUT.
 */
export async function invitationOnDashboard(
  user: CurrentUser,
  lnk: string | null,
  request?: Request,
): Promise<{ redirect: string } | { dialog: InvitationDialog } | null> {
  if (!lnk || !/^EXT/i.test(lnk)) return null;
  const inv = await findUserInvitation(lnk);
  if (!inv) return null;
  const r = await acceptUserInvitation(user, lnk, request);
  if (r.ok) return { redirect: "/home?invitation=accepted" };
  const e = INVITATION_ERRORS[r.code];
  return { dialog: { title: e.title, message: e.message, variant: "error", logout: true } };
}

export const INVITATION_ACCEPTED_DIALOG: InvitationDialog = { ...INVITATION_ACCEPTED, variant: "success", logout: false };
