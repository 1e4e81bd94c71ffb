// Invitations (spec part 1 §2 'Past invitations', 'Send a Recruitment
// Invitation', §4, §5, §8): the user's list, the send form's context (links,
// templates, an existing invitation) and sending, which stores the
// invitation and queues its email in one transaction. Decisions:
// docs/decisions/0021-invitations.md.
//
// Whose data: an invitation is the user's when they sent it (inviterUserId)
// or it was sent from one of their agent positions (inviterAgent.userId).
// A link may be sent by the user when its recruiter position is one of the
// user's positions or in their downline (agent_closure). Anything else is
// answered as not found (404), never shown.
import { commissionScheduleViewPath } from "~/features/documents/view-messages";
import { Prisma } from "~/generated/prisma/client";
import { audit } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { sanitizeRichHtml } from "~/lib/html.server";
import { ensureJobQueue } from "~/lib/jobs.server";
import { mergeValues, placeholderName, renderMergeFields, renderMergeText, type MergeLine } from "./merge.server";
import {
  APPOINTMENT_LINK_NOT_FOUND,
  INVITE_WHO_WHAT_WHERE,
  OOPS,
  SCHEDULE_DOC_UNAVAILABLE,
  type DialogText,
} from "./messages";
import type { InviteForm } from "./schema";

type Db = Prisma.TransactionClient;

export const INVITATION_TEMPLATE_TYPES = [1003, 2070, 2071] as const;
export const DEFAULT_TEMPLATE_CODE = "DFT_MLT_INVITE";
/** How often the invitation email is tried before the invitation is marked SEND_FAILED. */
export const SEND_MAX_ATTEMPTS = 5;
export const SEND_FAILED = "SEND_FAILED";
/** The job key of one send: a double submit (same form token) queues one job. */
export const sendJobKey = (invitationId: number, token: string) => `invitation:${invitationId}:${token}`;

/** Invitations the user may see: sent by them or from one of their agent positions. */
export function ownInvitations(user: Pick<CurrentUser, "id">): Prisma.InvitationWhereInput {
  return { OR: [{ inviterUserId: user.id }, { inviterAgent: { userId: user.id } }] };
}

// ───────────────────────────── list ─────────────────────────────

export type InvitationRow = {
  invitationId: number;
  inviteDt: string;
  prospect: string;
  prospectEmail: string;
  hierarchy: string;
  level: string;
  status: string;
  isExternal: boolean;
};

type LevelRow = { levelNo: number; levelName: string; schedule: { carrier: { carrierCode: string }; productType: { name: string } } };
const levelOf = (sl: LevelRow) => `${sl.levelNo} ${sl.levelName}`;
/** A multi-link's levels name their carrier and product (two schedules may share a level). */
const levelWithSchedule = (sl: LevelRow) => `${sl.schedule.carrier.carrierCode} ${sl.schedule.productType.name} ${sl.levelNo} ${sl.levelName}`;
const levelSelect = {
  select: { levelNo: true, levelName: true, schedule: { select: { carrier: { select: { carrierCode: true } }, productType: { select: { name: true } } } } },
} as const;

export async function listInvitations(
  user: Pick<CurrentUser, "id">,
  opts: { page: number; pageSize: number; hideAppointed: boolean; since?: Date | null },
): Promise<{ rows: InvitationRow[]; totalRecords: number; page: number }> {
  const where: Prisma.InvitationWhereInput = {
    AND: [
      ownInvitations(user),
      ...(opts.hideAppointed ? [{ status: { not: "APPOINTED" } }] : []),
      // ?days= (the dashboard's pipeline card, decision 0027).
      ...(opts.since ? [{ inviteDate: { gte: opts.since } }] : []),
    ],
  };
  const totalRecords = await prisma.invitation.count({ where });
  const lastPage = Math.max(0, Math.ceil(totalRecords / opts.pageSize) - 1);
  const page = Math.min(opts.page, lastPage);
  const found = await prisma.invitation.findMany({
    where,
    orderBy: [{ inviteDate: "desc" }, { invitationId: "desc" }],
    skip: page * opts.pageSize,
    take: opts.pageSize,
    select: {
      invitationId: true,
      inviteDate: true,
      prospectFirstName: true,
      prospectLastName: true,
      prospectEmailAddress: true,
      inviterAgentNumber: true,
      inviterCompanyNumber: true,
      inviterBlockNumber: true,
      status: true,
      isExternal: true,
      appointmentLink: { select: { scheduleLevel: levelSelect } },
      multiLink: {
        select: { items: { orderBy: { sortOrder: "asc" }, select: { appointmentLink: { select: { scheduleLevel: levelSelect } } } } },
      },
    },
  });
  const rows = found.map((i) => ({
    invitationId: i.invitationId,
    inviteDt: i.inviteDate.toISOString(),
    prospect: `${i.prospectFirstName} ${i.prospectLastName}`.trim(),
    prospectEmail: i.prospectEmailAddress,
    hierarchy: [i.inviterAgentNumber, i.inviterCompanyNumber, i.inviterBlockNumber].filter((v) => v != null && v !== "").join(" / "),
    level: i.appointmentLink
      ? levelOf(i.appointmentLink.scheduleLevel)
      : (i.multiLink?.items.map((it) => levelWithSchedule(it.appointmentLink.scheduleLevel)).join(", ") ?? ""),
    status: i.status,
    isExternal: i.isExternal,
  }));
  return { rows, totalRecords, page };
}

/** The stored text of one of the user's invitations (null: not theirs or no such id). */
export async function invitationText(user: Pick<CurrentUser, "id">, invitationId: number) {
  if (!Number.isSafeInteger(invitationId) || invitationId <= 0) return null;
  return prisma.invitation.findFirst({
    where: { AND: [{ invitationId }, ownInvitations(user)] },
    select: { invitationId: true, prospectFirstName: true, prospectLastName: true, inviteDate: true, inviteText: true, isExternal: true, subject: true, status: true },
  });
}

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

const LINK_PARAM = /^([A-Za-z]{3})([A-Za-z0-9-]{1,60})$/;
const MLT_PARAM = /^MLT([A-Za-z0-9-]{1,60})$/i;
/** The prefix of appointment links (decision 0020: EXT is part 3's invitation of an existing agent). */
const APPOINTMENT_PREFIXES = ["APL"];

const usable = (l: LineRow) =>
  l.isEnabled && !l.isDeleted && l.scheduleLevel.isActive && l.scheduleLevel.schedule.isActive && l.recruiterAgent.isActive;

/** The agent position ids of the user and of their whole downline. */
async function reachableAgentIds(db: Db, userId: string, agentIds: number[]): Promise<Set<number>> {
  if (agentIds.length === 0) return new Set();
  const rows = await db.agentClosure.findMany({
    where: { descendantId: { in: agentIds }, ancestor: { userId } },
    select: { descendantId: true },
  });
  return new Set(rows.map((r) => r.descendantId));
}

export type TargetResult = { ok: true; target: InviteTarget } | { ok: false; status: 400 | 404; dialog: DialogText };

/**
 * The link(s) of `?link=` (one appointment link, APL…) or
 * `?links=` (a multi-link, MLT…), checked: usable, and every recruiter
 * position is the user's own or in their downline.
 */
export async function resolveTarget(db: Db, user: Pick<CurrentUser, "id">, route: { link?: string | null; links?: string | null }): Promise<TargetResult> {
  const notFound = { ok: false as const, status: 404 as const, dialog: APPOINTMENT_LINK_NOT_FOUND };
  let target: InviteTarget | null = null;
  const links = (route.links ?? "").trim();
  const link = (route.link ?? "").trim();
  if (links) {
    const m = MLT_PARAM.exec(links);
    if (!m) return notFound;
    const ml = await db.multiLink.findFirst({
      where: { code: { equals: m[1]!, mode: "insensitive" } },
      select: { multiLinkId: true, code: true, items: { orderBy: { sortOrder: "asc" }, select: { appointmentLink: { select: lineSelect } } } },
    });
    if (!ml || ml.items.length === 0) return notFound;
    target = { link: `MLT${ml.code}`, appointmentLinkId: null, multiLinkId: ml.multiLinkId, lines: ml.items.map((i) => i.appointmentLink) };
  } else if (link) {
    const m = LINK_PARAM.exec(link);
    if (!m || !APPOINTMENT_PREFIXES.includes(m[1]!.toUpperCase())) return notFound;
    const row = await db.appointmentLink.findFirst({
      where: { code: { equals: m[2]!, mode: "insensitive" }, linkPrefix: { in: APPOINTMENT_PREFIXES } },
      select: lineSelect,
    });
    if (!row) return notFound;
    target = { link: `${row.linkPrefix}${row.code}`, appointmentLinkId: row.appointmentLinkId, multiLinkId: null, lines: [row] };
  } else {
    return { ok: false, status: 400, dialog: INVITE_WHO_WHAT_WHERE };
  }
  if (!target.lines.every(usable)) return notFound;
  const ids = [...new Set(target.lines.map((l) => l.recruiterAgentId))];
  const reachable = await reachableAgentIds(db, user.id, ids);
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

// ───────────────────────────── sending ─────────────────────────────

export type SendResult =
  | { ok: true; invitationId: number; duplicate: boolean }
  | { ok: false; status: 400 | 404 | 503; dialog: DialogText; field?: "templateId" };

function mergeLines(t: InviteTarget, appUrl: string): MergeLine[] {
  return t.lines.map((l) => ({
    carrierName: l.scheduleLevel.schedule.carrier.name,
    productType: l.scheduleLevel.schedule.productType.name,
    levelNo: l.scheduleLevel.levelNo,
    levelName: l.scheduleLevel.levelName,
    scheduleName: l.scheduleLevel.schedule.scheduleName,
    documentUrl: l.scheduleLevel.documentId ? `${appUrl}${commissionScheduleViewPath(l.scheduleLevel.documentId)}` : null,
  }));
}

const FALLBACK_SUBJECT = "Your invitation from [[RecruiterName]]";

/** The subject and HTML the prospect receives: the body sanitized, merge fields filled in, sanitized again. */
export async function renderInvitation(
  db: Db,
  t: InviteTarget,
  input: { firstName: string; lastName: string; body: string; subject: string | null },
): Promise<{ html: string; subject: string }> {
  const appUrl = env().appUrl;
  const fields = await db.templateField.findMany({ select: { placeholder: true } });
  const known = new Set(fields.map((f) => placeholderName(f.placeholder)));
  const r = t.lines[0]!.recruiterAgent;
  const values = mergeValues({
    prospect: { firstName: input.firstName, lastName: input.lastName },
    recruiter: {
      firstName: r.firstName,
      lastName: r.lastName,
      companyName: r.companyName,
      agentNumber: r.agentNumber,
      email: r.email,
      phone: r.phoneNumber,
      address1: r.address1,
      address2: r.address2,
      city: r.city,
      stateCode: r.stateCode,
      zipCode: r.zipCode,
      businessName: r.businessName,
      businessPhone: r.businessPhone,
      businessAddress1: r.businessAddress1,
      businessAddress2: r.businessAddress2,
      businessCity: r.businessCity,
      businessStateCode: r.businessStateCode,
      businessZipCode: r.businessZipCode,
    },
    companyName: t.lines[0]!.scheduleLevel.schedule.carrier.name,
    linkUrl: `${appUrl}/${t.link}`,
    lines: mergeLines(t, appUrl),
  });
  // Template images (/timg/…) are addressed absolutely to APP_URL in the email (decision 0025).
  const html = sanitizeRichHtml(renderMergeFields(sanitizeRichHtml(input.body), values, known), { baseUrl: appUrl });
  const subject = renderMergeText(input.subject || FALLBACK_SUBJECT, values, known).slice(0, 250);
  return { html, subject };
}

/**
 * Sends (or re-sends, with `existing`) an invitation: stores it (INVITED,
 * the HTML as sent) and queues the send-invitation job in the same
 * transaction. The form token makes a second POST of the same form a no-op.
 */
export async function sendInvitation(
  user: CurrentUser,
  route: InviteRoute,
  form: InviteForm,
  request?: Request,
): Promise<SendResult> {
  try {
    await ensureJobQueue();
    const result = await prisma.$transaction(async (tx): Promise<SendResult> => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`invitation:send:${form.formToken}`}))`;
      const done = await tx.invitation.findUnique({ where: { submissionToken: form.formToken }, select: { invitationId: true } });
      if (done) {
        const own = await tx.invitation.count({ where: { AND: [{ invitationId: done.invitationId }, ownInvitations(user)] } });
        if (own === 0) return { ok: false, status: 404, dialog: APPOINTMENT_LINK_NOT_FOUND };
        return { ok: true, invitationId: done.invitationId, duplicate: true };
      }
      const c = await inviteContext(tx, user, route);
      if (!c.ok) return c;
      const ctx = c.context;
      if (ctx.warning) return { ok: false, status: 400, dialog: ctx.warning };
      const templateId = ctx.existing?.corrTemplateId ?? form.templateId;
      const template = ctx.templates.find((tp) => tp.corrTemplateId === templateId)
        ?? (ctx.existing ? ctx.templates.find((tp) => tp.isDefault) : undefined);
      if (!template) return { ok: false, status: 400, dialog: OOPS, field: "templateId" };
      const firstName = ctx.existing?.firstName ?? form.firstName;
      const lastName = ctx.existing?.lastName ?? form.lastName;
      const rendered = await renderInvitation(tx, ctx.target, { firstName, lastName, body: form.body, subject: template.subject });
      const recruiter = ctx.target.lines[0]!.recruiterAgent;
      const data = {
        prospectEmailAddress: form.email.toLowerCase(),
        ccEmailAddress: form.ccEmail ? form.ccEmail.toLowerCase() : null,
        inviteText: rendered.html,
        subject: rendered.subject,
        submissionToken: form.formToken,
        status: "INVITED",
        inviteDate: new Date(),
        mailMessageId: null,
      };
      let invitationId: number;
      if (ctx.existing) {
        invitationId = ctx.existing.invitationId;
        // An existing invitation keeps its names and template; once accepted its status stays.
        const cur = await tx.invitation.findUniqueOrThrow({ where: { invitationId }, select: { status: true, inviterUserId: true } });
        await tx.invitation.update({
          where: { invitationId },
          // An invitation of one of the user's positions without a sender (imported) becomes theirs: the copy goes to them.
          data: { ...data, status: cur.status === SEND_FAILED ? "INVITED" : cur.status, isExternal: false, inviterUserId: cur.inviterUserId ?? user.id },
        });
      } else {
        const row = await tx.invitation.create({
          data: {
            ...data,
            inviteTypeCode: ctx.target.multiLinkId != null ? "INVTYP_MULTI" : "INVTYP_SINGLE",
            appointmentLinkId: ctx.target.appointmentLinkId,
            multiLinkId: ctx.target.multiLinkId,
            inviterUserId: user.id,
            inviterAgentId: recruiter.id,
            inviterAgentNumber: recruiter.agentNumber,
            inviterCompanyNumber: recruiter.companyNumber,
            inviterBlockNumber: recruiter.blockNumber,
            prospectFirstName: firstName,
            prospectLastName: lastName,
            corrTemplateId: template.corrTemplateId,
          },
          select: { invitationId: true },
        });
        invitationId = row.invitationId;
      }
      await tx.$queryRaw`SELECT graphile_worker.add_job(${"send-invitation"}::text, ${JSON.stringify({ invitationId })}::json, job_key => ${sendJobKey(invitationId, form.formToken)}::text, max_attempts => ${SEND_MAX_ATTEMPTS}::int)`;
      return { ok: true, invitationId, duplicate: false };
    });
    if (result.ok && !result.duplicate) {
      await audit("INVITATION_SENT", {
        request,
        actorUserId: user.id,
        impersonatorUserId: user.impersonator?.id ?? null,
        targetType: "Invitation",
        targetId: String(result.invitationId),
      });
    }
    return result;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const done = await prisma.invitation.findUnique({ where: { submissionToken: form.formToken }, select: { invitationId: true } });
      if (done) return { ok: true, invitationId: done.invitationId, duplicate: true };
    }
    console.error("sendInvitation failed:", (error as Error).message);
    return { ok: false, status: 503, dialog: OOPS };
  }
}

// ───────────────────────────── the job's side ─────────────────────────────

/** What the send-invitation job sends (null when the invitation is gone). */
export async function invitationMail(invitationId: number) {
  const row = await prisma.invitation.findUnique({
    where: { invitationId },
    select: {
      invitationId: true,
      prospectEmailAddress: true,
      ccEmailAddress: true,
      inviteText: true,
      subject: true,
      submissionToken: true,
      inviter: { select: { userName: true, firstName: true, lastName: true } },
    },
  });
  if (!row || !row.inviteText) return null;
  return row;
}

/** The email could not be delivered after the last attempt: the list shows it. */
export async function markSendFailed(invitationId: number): Promise<void> {
  await prisma.invitation.updateMany({ where: { invitationId, status: "INVITED" }, data: { status: SEND_FAILED } });
}

export async function markSent(invitationId: number, mailMessageId: string): Promise<void> {
  await prisma.invitation.updateMany({ where: { invitationId }, data: { mailMessageId } });
}

/**
 * The back office approved an appointment (issue 11 calls this in the
 * approval transaction): its invitation becomes APPOINTED. Also an
 * invitation of the same link or multi-link to the same prospect that the
 * appointment was not linked to (sent again, or accepted before the link).
 * Returns how many invitations changed.
 */
export async function markInvitationAppointed(db: Db, appointmentId: number): Promise<number> {
  const a = await db.appointment.findUnique({
    where: { appointmentId },
    select: { invitationId: true, userId: true, appointmentLinkId: true, multiLinkId: true, prospectEmailAddress: true },
  });
  if (!a) return 0;
  const or: Prisma.InvitationWhereInput[] = [];
  if (a.invitationId != null) or.push({ invitationId: a.invitationId });
  const sameLink = a.multiLinkId != null ? { multiLinkId: a.multiLinkId } : a.appointmentLinkId != null ? { appointmentLinkId: a.appointmentLinkId } : null;
  if (sameLink && a.userId) or.push({ ...sameLink, prospectUserId: a.userId });
  if (or.length === 0) return 0;
  const r = await db.invitation.updateMany({
    where: { OR: or, status: { not: "APPOINTED" } },
    data: { status: "APPOINTED" },
  });
  return r.count;
}
