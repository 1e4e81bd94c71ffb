// The send form's context (spec part 1 §2 'Send a Recruitment Invitation',
// §4, §5): the link(s) of ?link= / ?links=, checked against the user's
// positions and downline, the templates the user may use, and an existing
// invitation to send again. Decisions: docs/decisions/0021-invitations.md.
import type { Prisma } from "~/generated/prisma/client";
import type { CurrentUser } from "~/lib/current-user";
import { agentsUnderUser } from "~/features/hierarchy/hierarchy.server";
import { APPOINTMENT_LINK_PREFIX, parseLink } from "~/features/links/schema";
import { DEFAULT_TEMPLATE_CODE, INVITATION_TEMPLATE_TYPES, ownInvitations } from "./invitations.server";
import { APPOINTMENT_LINK_NOT_FOUND, INVITE_WHO_WHAT_WHERE, OOPS, SCHEDULE_DOC_UNAVAILABLE, type DialogText } from "./messages";

type Db = Prisma.TransactionClient;

// ───────────────────────────── links ─────────────────────────────

const lineSelect = {
  appointmentLinkId: true,
  linkPrefix: true,
  code: true,
  isEnabled: true,
  isDeleted: true,
  recruiterAgentId: true,
  recruiterAgent: true,
  scheduleLevel: {
    select: {
      levelNo: true,
      levelName: true,
      isActive: true,
      documentId: true,
      schedule: {
        select: {
          scheduleId: true,
          scheduleName: true,
          isActive: true,
          carrier: { select: { name: true, carrierCode: true } },
          productType: { select: { name: true } },
        },
      },
    },
  },
} as const satisfies Prisma.AppointmentLinkSelect;

type LineRow = Prisma.AppointmentLinkGetPayload<{ select: typeof lineSelect }>;

export type InviteRoute = { link?: string | null; links?: string | null; existing?: string | null };

export type InviteTarget = {
  /** The link the prospect follows (prefix + code, as the row has it). */
  link: string;
  appointmentLinkId: number | null;
  multiLinkId: number | null;
  lines: LineRow[];
};

export type InviteLine = { carrier: string; productType: string; levelNo: number; levelName: string; scheduleName: string; hasDocument: boolean };

/** The prefix of appointment links (decision 0020: EXT is part 3's invitation of an existing agent). */
const APPOINTMENT_PREFIXES: string[] = [APPOINTMENT_LINK_PREFIX];

const usable = (l: LineRow) =>
  l.isEnabled && !l.isDeleted && l.scheduleLevel.isActive && l.scheduleLevel.schedule.isActive && l.recruiterAgent.isActive;

export type TargetResult = { ok: true; target: InviteTarget } | { ok: false; status: 400 | 404; dialog: DialogText };

/**
 * The link(s) of `?link=` (one appointment link, APL…) or
 * `?links=` (a multi-link, MLT…), checked: usable, and every recruiter
 * position is under the user (the hierarchy rule: one of their active
 * positions or below one, hierarchy.server.ts).
 */
export async function resolveTarget(db: Db, user: Pick<CurrentUser, "id">, route: { link?: string | null; links?: string | null }): Promise<TargetResult> {
  const notFound = { ok: false as const, status: 404 as const, dialog: APPOINTMENT_LINK_NOT_FOUND };
  let target: InviteTarget | null = null;
  const links = (route.links ?? "").trim();
  const link = (route.link ?? "").trim();
  if (links) {
    const m = parseLink(links);
    if (m?.prefix !== "MLT") return notFound;
    const ml = await db.multiLink.findFirst({
      where: { code: { equals: m.code, mode: "insensitive" } },
      select: { multiLinkId: true, code: true, items: { orderBy: { sortOrder: "asc" }, select: { appointmentLink: { select: lineSelect } } } },
    });
    if (!ml || ml.items.length === 0) return notFound;
    target = { link: `MLT${ml.code}`, appointmentLinkId: null, multiLinkId: ml.multiLinkId, lines: ml.items.map((i) => i.appointmentLink) };
  } else if (link) {
    const m = parseLink(link);
    if (!m || !APPOINTMENT_PREFIXES.includes(m.prefix)) return notFound;
    const row = await db.appointmentLink.findFirst({
      where: { code: { equals: m.code, mode: "insensitive" }, linkPrefix: { in: APPOINTMENT_PREFIXES } },
      select: lineSelect,
    });
    if (!row) return notFound;
    target = { link: `${row.linkPrefix}${row.code}`, appointmentLinkId: row.appointmentLinkId, multiLinkId: null, lines: [row] };
  } else {
    return { ok: false, status: 400, dialog: INVITE_WHO_WHAT_WHERE };
  }
  if (!target.lines.every(usable)) return notFound;
  const ids = [...new Set(target.lines.map((l) => l.recruiterAgentId))];
  const reachable = await agentsUnderUser(db, user.id, ids);
  if (!ids.every((id) => reachable.has(id))) return notFound;
  return { ok: true, target };
}

export function inviteLines(t: InviteTarget): InviteLine[] {
  return t.lines.map((l) => ({
    carrier: l.scheduleLevel.schedule.carrier.carrierCode,
    productType: l.scheduleLevel.schedule.productType.name,
    levelNo: l.scheduleLevel.levelNo,
    levelName: l.scheduleLevel.levelName,
    scheduleName: l.scheduleLevel.schedule.scheduleName,
    hasDocument: l.scheduleLevel.documentId != null,
  }));
}

// ───────────────────────────── templates ─────────────────────────────

export type TemplateOption = { corrTemplateId: number; name: string; templateTypeId: number; html: string; subject: string | null; isDefault: boolean };

/** The user's active invitation templates and the built-in ones (Default Invitation first). */
export async function availableTemplates(db: Db, user: Pick<CurrentUser, "id">): Promise<TemplateOption[]> {
  const rows = await db.emailTemplate.findMany({
    where: {
      isActive: true,
      templateTypeId: { in: [...INVITATION_TEMPLATE_TYPES] },
      OR: [{ userId: user.id }, { isSystem: true, userId: null }],
    },
    orderBy: [{ isSystem: "desc" }, { name: "asc" }, { corrTemplateId: "asc" }],
    select: { corrTemplateId: true, name: true, templateTypeId: true, html: true, subject: true, systemCode: true },
    take: 500,
  });
  const options = rows.map((r) => ({
    corrTemplateId: r.corrTemplateId,
    name: r.name,
    templateTypeId: r.templateTypeId,
    html: r.html,
    subject: r.subject,
    isDefault: r.systemCode === DEFAULT_TEMPLATE_CODE,
  }));
  return [...options.filter((o) => o.isDefault), ...options.filter((o) => !o.isDefault)];
}

// ───────────────────────────── the form's context ─────────────────────────────

export type ExistingInvitation = {
  invitationId: number;
  firstName: string;
  lastName: string;
  email: string;
  ccEmail: string | null;
  corrTemplateId: number | null;
  inviteText: string | null;
  inviteDate: string;
  isExternal: boolean;
};

export type InviteContext = {
  target: InviteTarget;
  lines: InviteLine[];
  /** The position the prospect starts under (the links' recruiter). */
  startingUnder: { agentNumber: string; companyNumber: string; blockNumber: number; name: string };
  templates: TemplateOption[];
  existing: ExistingInvitation | null;
  /** 'Schedule Doc Unavailable' when a level has no document: sending is refused. */
  warning: DialogText | null;
};

export type ContextResult = { ok: true; context: InviteContext } | { ok: false; status: 400 | 404 | 503; dialog: DialogText };

function agentName(a: { firstName: string | null; lastName: string | null; companyName: string | null; businessName: string | null }) {
  return [a.firstName, a.lastName].filter(Boolean).join(" ") || a.companyName || a.businessName || "";
}

/** Everything the send form needs, after the access checks. */
export async function inviteContext(db: Db, user: Pick<CurrentUser, "id">, route: InviteRoute): Promise<ContextResult> {
  let existing: ExistingInvitation | null = null;
  let route2: { link?: string | null; links?: string | null } = route;
  const existingId = (route.existing ?? "").trim();
  if (existingId) {
    const id = /^\d{1,9}$/.test(existingId) ? Number(existingId) : NaN;
    const row = Number.isSafeInteger(id)
      ? await db.invitation.findFirst({
          where: { AND: [{ invitationId: id }, ownInvitations(user)] },
          include: { appointmentLink: { select: { linkPrefix: true, code: true } }, multiLink: { select: { code: true } } },
        })
      : null;
    if (!row) return { ok: false, status: 404, dialog: APPOINTMENT_LINK_NOT_FOUND };
    existing = {
      invitationId: row.invitationId,
      firstName: row.prospectFirstName,
      lastName: row.prospectLastName,
      email: row.prospectEmailAddress,
      ccEmail: row.ccEmailAddress,
      corrTemplateId: row.corrTemplateId,
      inviteText: row.inviteText,
      inviteDate: row.inviteDate.toISOString(),
      isExternal: row.isExternal,
    };
    route2 = row.multiLink
      ? { links: `MLT${row.multiLink.code}` }
      : row.appointmentLink
        ? { link: `${row.appointmentLink.linkPrefix}${row.appointmentLink.code}` }
        : {};
    if (!route2.link && !route2.links) return { ok: false, status: 404, dialog: APPOINTMENT_LINK_NOT_FOUND };
  }
  const t = await resolveTarget(db, user, route2);
  if (!t.ok) return t;
  const lines = inviteLines(t.target);
  const recruiter = t.target.lines[0]!.recruiterAgent;
  const templates = await availableTemplates(db, user);
  if (templates.length === 0) return { ok: false, status: 503, dialog: OOPS };
  return {
    ok: true,
    context: {
      target: t.target,
      lines,
      startingUnder: { agentNumber: recruiter.agentNumber, companyNumber: recruiter.companyNumber, blockNumber: recruiter.blockNumber, name: agentName(recruiter) },
      templates,
      existing,
      warning: lines.every((l) => l.hasDocument) ? null : SCHEDULE_DOC_UNAVAILABLE,
    },
  };
}
