// Agent detail (spec part 3 §2 'Agent detail', §4, §5, §6): the agent is
// found by agent number under one of the viewer's own positions (closure
// table), never by an id the viewer could swap for one outside their
// downline. Documents are served through agentDocument, which checks the
// same downline rule. Invite User lives in user-invitations.server.ts.
import { appointmentDocumentLists } from "~/features/documents/appointment-documents.server";
import { resolveAppointmentDocument, type BackLink, type ResolvedDocument } from "~/features/documents/document-download.server";
import { statusText } from "~/features/dashboard/dashboard.server";
import { isAgentUnderUser } from "~/features/hierarchy/hierarchy.server";
import type { CurrentUser } from "~/lib/current-user";
import { ROLE_MARKETING_DIRECTOR } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { npnKey } from "~/lib/npn";
import { childrenPage, findInHierarchy, ownPositions, type Position, type TreeNode } from "./agents.server";
import { DETAIL_CHILD_PAGE_SIZE, DETAIL_PARENT_LEVELS } from "./constants";
import { agentName, isDirectorUpline } from "./format";
import { storedStanding } from "~/features/licences/compliance.server";
import { stateAppointmentsOf, type StateAppointment } from "~/features/state-filings/board.server";
import { asDay, dayOf, expiryState, hasLine, LINES_OF_AUTHORITY, type ExpiryState, type LineOfAuthority, type Reason, type Standing } from "~/features/licences/status";

/**
 * Who sees 'Request that an Agent be Moved' (decision 0023): a director, or anyone with an agent
 * under a position of theirs — an active agent directly under one (ownPositionsAndDownline, read
 * with the positions).
 */
export function mayRequestMove(user: CurrentUser, own: { positions: Position[]; hasActiveChild: boolean }): boolean {
  if (!own.positions.length) return false;
  return user.userRoleCode === ROLE_MARKETING_DIRECTOR || own.hasActiveChild;
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

/**
 * Invite User (decision 0023): offered for an active agent strictly under the viewer with no user
 * linked yet. A deactivated (terminated) agent is not given portal access (decision 0050).
 */
export function showInviteUser(input: { userLinked: boolean; viewedActive: boolean; viewedAgentNumber: string; viewerAgentNumbers: string[] }): boolean {
  return input.viewedActive && !input.userLinked && !input.viewerAgentNumbers.includes(input.viewedAgentNumber);
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
  /** The position's standing (agent_compliance) and why; null for a director or a position never evaluated. */
  standing: { standing: Standing; reasons: Reason[] } | null;
  /** /licences/<npn>: the NPN's licences and credentials (an upline reads them); null for a director or without an NPN. */
  licencesHref: string | null;
  /** The NPN's licences in short (issue 23 item 1: shown on the agent detail page for the upline): state, lines, expiry and its state today. */
  licences: Array<{ stateCode: string; lines: LineOfAuthority[]; expiryDate: string | null; state: ExpiryState | "INACTIVE" }>;
  /** Each state's appointment filing of the position (issue 37 item 5): status, reason, dates; none for a director. */
  stateAppointments: StateAppointment[];
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
  const npn = npnKey(a.npn);
  const [appointment, rootDepth, children, standing, licences, stateAppointments] = await Promise.all([
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
    // The position's stored standing (issue 23; decision 0069): none for a director (no licence fields).
    isDirector ? null : storedStanding(prisma, a.id),
    isDirector || !npn
      ? []
      : prisma.producerLicence.findMany({
          where: { npn },
          select: { stateCode: true, loaLife: true, loaAccidentHealth: true, loaVariable: true, expiryDate: true, status: true },
          orderBy: { stateCode: "asc" },
        }),
    isDirector ? [] : stateAppointmentsOf(a.id),
  ]);
  const today = dayOf(new Date());
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
    // Neither form for a deactivated agent (decision 0050): its position is not handed to a new user.
    showUpdateUser:
      a.isActive && showUpdateUser({ hasAppointment: Boolean(appointment), userLinked, viewedAgentNumber: a.agentNumber, viewedDirectUpline: a.directUpline, viewerAgentNumbers }),
    showInviteUser: !isDirector && showInviteUser({ userLinked, viewedActive: a.isActive, viewedAgentNumber: a.agentNumber, viewerAgentNumbers }),
    standing: standing ? { standing: standing.standing, reasons: standing.reasons } : null,
    licencesHref: !isDirector && npn ? `/licences/${encodeURIComponent(npn)}` : null,
    licences: licences.map((l) => ({
      stateCode: l.stateCode,
      lines: LINES_OF_AUTHORITY.filter((line) => hasLine(l, line)),
      expiryDate: asDay(l.expiryDate),
      state: l.status === "ACTIVE" ? expiryState(asDay(l.expiryDate), today) : "INACTIVE",
    })),
    stateAppointments,
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

/**
 * 'Document Unavailable' (opened from an agent's APPOINTMENT tab) leads back
 * to that agent's page, in the viewer's hierarchy that holds the agent.
 * Callers have checked the agent is in the viewer's downline (agentDocument).
 */
export async function agentPageBackLink(user: CurrentUser, agentId: number): Promise<BackLink> {
  const [agent, positions] = await Promise.all([prisma.agent.findUnique({ where: { id: agentId }, select: { agentNumber: true } }), ownPositions(user.id)]);
  const above = positions.length
    ? await prisma.agentClosure.findFirst({ where: { descendantId: agentId, ancestorId: { in: positions.map((p) => p.id) } }, select: { ancestorId: true } })
    : null;
  if (!agent || !above) return { href: "/agents", label: "Back to the agents" };
  return { href: `/agent?h=${above.ancestorId}&agentNumber=${encodeURIComponent(agent.agentNumber)}&tab=appointment`, label: "Back to the agent" };
}
