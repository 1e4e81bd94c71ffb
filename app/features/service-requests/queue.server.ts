// The administrators' service request queue (issue 11, decision 0030): who
// may use it (internal administrators, not while impersonating), the queue
// (filters, paging, oldest open first), one request with its replies, the
// status and assignee, replies mailed to the requester by the send-email job,
// and the 'Move Agent' form of a 'Request that an Agent be Moved'.
import type { CurrentUser } from "~/lib/current-user";
import { displayName } from "~/lib/current-user";
import { audit } from "~/lib/audit.server";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { fileResponse } from "~/lib/storage.server";
import { jobKeys, jobOptions, queueJob } from "~/features/jobs/queue.server";
import { findAgentByNumber, moveSubtree, planMove, type MovePlan } from "~/features/hierarchy/move.server";
import { MOVE_MESSAGES, type MoveRefusalCode } from "~/features/hierarchy/move-messages";
import { SVCREQ_LEVEL_CHANGE } from "~/features/service-requests/service-request";
import { formatRequestDate, subjects } from "~/features/service-requests/svcreq.server";
import { serviceRequestReplyEmail } from "~/features/service-requests/svcreq-email.server";
import { parseHierarchy, type MoveForm, type SrStatus, type SrStatusFilter } from "./schema";

/** Whether the service request exists (the action's check before it reads the form). */
export async function serviceRequestExists(id: number): Promise<boolean> {
  return (await prisma.serviceRequest.count({ where: { serviceRequestId: id } })) > 0;
}

const nameOf = (u: { firstName: string | null; lastName: string | null; userName: string } | null | undefined) => (u ? displayName(u) : "(unknown user)");

async function userNames(ids: Array<string | null | undefined>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((v): v is string => Boolean(v)))];
  if (!wanted.length) return new Map();
  const rows = await prisma.user.findMany({ where: { id: { in: wanted } }, select: { id: true, firstName: true, lastName: true, userName: true } });
  return new Map(rows.map((r) => [r.id, nameOf(r)]));
}

async function subjectLabels(): Promise<Map<string, string>> {
  return new Map((await subjects()).map((s) => [s.code, s.label]));
}

export type QueueRow = {
  id: number;
  requestDt: string;
  requester: string;
  requesterEmail: string;
  requesterNumber: string | null;
  type: string;
  status: SrStatus;
  assignee: string | null;
  replies: number;
  hasAttachment: boolean;
};

/** One page of the queue: not-done ones first (open, then in progress), oldest first. */
export async function listRequests(opts: { status: SrStatusFilter; type: string; page: number; pageSize: number; timeZone: string }) {
  const where = {
    ...(opts.status === "ACTIVE" ? { status: { in: ["OPEN", "IN_PROGRESS"] } } : opts.status === "ALL" ? {} : { status: opts.status }),
    ...(opts.type ? { requestTypeCode: opts.type } : {}),
  };
  const totalRecords = await prisma.serviceRequest.count({ where });
  const pages = Math.max(1, Math.ceil(totalRecords / opts.pageSize));
  const page = Math.min(opts.page, pages - 1);
  const [rows, labels] = await Promise.all([
    prisma.serviceRequest.findMany({
      where,
      // OPEN > IN_PROGRESS > DONE as text: descending puts the open ones first.
      orderBy: [{ status: "desc" }, { requestDt: "asc" }, { serviceRequestId: "asc" }],
      skip: page * opts.pageSize,
      take: opts.pageSize,
      select: {
        serviceRequestId: true,
        requestDt: true,
        requesterNumber: true,
        requestTypeCode: true,
        status: true,
        assigneeUserId: true,
        attachmentFileId: true,
        requester: { select: { firstName: true, lastName: true, userName: true } },
        _count: { select: { replies: true } },
      },
    }),
    subjectLabels(),
  ]);
  const assignees = await userNames(rows.map((r) => r.assigneeUserId));
  const list: QueueRow[] = rows.map((r) => ({
    id: r.serviceRequestId,
    requestDt: formatRequestDate(r.requestDt, opts.timeZone),
    requester: nameOf(r.requester),
    requesterEmail: r.requester.userName,
    requesterNumber: r.requesterNumber,
    type: labels.get(r.requestTypeCode) ?? r.requestTypeCode,
    status: r.status as SrStatus,
    assignee: r.assigneeUserId ? (assignees.get(r.assigneeUserId) ?? null) : null,
    replies: r._count.replies,
    hasAttachment: Boolean(r.attachmentFileId),
  }));
  return { rows: list, totalRecords, page, types: [...labels.entries()].map(([code, label]) => ({ code, label })) };
}

/** The active internal administrators (the assignee choices). */
export async function administrators() {
  const rows = await prisma.user.findMany({
    where: { isInternal: true, isActive: true },
    select: { id: true, firstName: true, lastName: true, userName: true },
    orderBy: [{ lastName: "asc" }, { userName: "asc" }],
    take: 200,
  });
  return rows.map((r) => ({ id: r.id, name: nameOf(r) }));
}

export type Hierarchy = { value: string; label: string };

/** The hierarchies agents are in (company and block, with the carrier): the Move Agent form's choices. */
async function hierarchies(): Promise<Hierarchy[]> {
  const rows = await prisma.$queryRaw<Array<{ company_number: string; block_number: number; carrier_code: string }>>`
    SELECT h.company_number, h.block_number, c.carrier_code
      FROM (SELECT DISTINCT company_number, block_number FROM agents WHERE parent_id IS NULL) h
      JOIN blocks b ON b.block_number = h.block_number
      JOIN carriers c ON c.carrier_id = b.carrier_id
     ORDER BY c.carrier_code, h.company_number, h.block_number
     LIMIT 500`;
  return rows.map((r) => ({ value: `${r.company_number}:${r.block_number}`, label: `${r.carrier_code} · company ${r.company_number} · block ${r.block_number}` }));
}

export type MoveDone = { at: string; by: string; agentNumber: string; fromAgentNumber: string | null; toAgentNumber: string; subtreeSize: number };

/** The moves carried out from this request (audit entries AGENT_MOVED naming it), oldest first. */
async function movesOf(serviceRequestId: number, timeZone: string): Promise<MoveDone[]> {
  const rows = await prisma.$queryRaw<Array<{ occurred_at: Date; actor_user_id: string | null; details: Record<string, unknown> }>>`
    SELECT occurred_at, actor_user_id, details FROM audit_log
     WHERE action = 'AGENT_MOVED' AND details->>'serviceRequestId' = ${String(serviceRequestId)}
     ORDER BY occurred_at LIMIT 50`;
  const names = await userNames(rows.map((r) => r.actor_user_id));
  return rows.map((r) => ({
    at: formatRequestDate(r.occurred_at, timeZone),
    by: (r.actor_user_id && names.get(r.actor_user_id)) || "(unknown user)",
    agentNumber: String(r.details.agentNumber ?? ""),
    fromAgentNumber: r.details.fromAgentNumber == null ? null : String(r.details.fromAgentNumber),
    toAgentNumber: String(r.details.toAgentNumber ?? ""),
    subtreeSize: Number(r.details.subtreeSize ?? 0),
  }));
}

/** One request with everything its page shows; null when there is none. */
export async function requestDetail(id: number, timeZone: string) {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const r = await prisma.serviceRequest.findUnique({
    where: { serviceRequestId: id },
    include: {
      requester: { select: { id: true, firstName: true, lastName: true, userName: true } },
      attachment: { select: { fileName: true, byteSize: true } },
      replies: { orderBy: { createdAt: "asc" }, take: 200 },
    },
  });
  if (!r) return null;
  const [labels, names, admins, mails] = await Promise.all([
    subjectLabels(),
    userNames([r.assigneeUserId, ...r.replies.map((x) => x.authorUserId)]),
    administrators(),
    prisma.mailMessage.findMany({
      where: { deliveryKey: { in: r.replies.map((x) => jobKeys.serviceRequestReply(x.replyId)) } },
      select: { deliveryKey: true, status: true },
    }),
  ]);
  const delivery = new Map(mails.map((m) => [m.deliveryKey, m.status]));
  const isMove = r.requestTypeCode === SVCREQ_LEVEL_CHANGE;
  let move: { hierarchies: Hierarchy[]; defaultHierarchy: string; done: MoveDone[] } | null = null;
  if (isMove) {
    const [list, done] = await Promise.all([hierarchies(), movesOf(id, timeZone)]);
    const own = await prisma.agent.findFirst({
      where: { userId: r.requesterUserId, ...(r.requesterNumber ? { agentNumber: r.requesterNumber } : {}) },
      orderBy: { id: "asc" },
      select: { companyNumber: true, blockNumber: true },
    });
    const preferred = own ? `${own.companyNumber}:${own.blockNumber}` : "";
    move = { hierarchies: list, defaultHierarchy: list.some((h) => h.value === preferred) ? preferred : (list[0]?.value ?? ""), done };
  }
  return {
    id: r.serviceRequestId,
    requestDt: formatRequestDate(r.requestDt, timeZone),
    requester: nameOf(r.requester),
    requesterEmail: r.requester.userName,
    requesterNumber: r.requesterNumber,
    requesterTypeCode: r.requesterTypeCode,
    type: labels.get(r.requestTypeCode) ?? r.requestTypeCode,
    typeCode: r.requestTypeCode,
    text: r.requestText,
    status: r.status as SrStatus,
    assigneeUserId: r.assigneeUserId,
    attachment: r.attachment ? { fileName: r.attachment.fileName, byteSize: r.attachment.byteSize } : null,
    replies: r.replies.map((x) => ({
      id: x.replyId,
      at: formatRequestDate(x.createdAt, timeZone),
      author: names.get(x.authorUserId) ?? "(unknown user)",
      text: x.replyText,
      sentTo: x.sentTo,
      /** The email's state: SENT, CAPTURED (no SMTP configured), FAILED (retried), or QUEUED before the first attempt. */
      delivery: delivery.get(jobKeys.serviceRequestReply(x.replyId)) ?? "QUEUED",
    })),
    admins,
    move,
  };
}

/** The request's PDF as a download (the caller checked requireCapability "manage:service-request"); null when there is none. */
export async function attachmentResponse(id: number): Promise<Response | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const r = await prisma.serviceRequest.findUnique({ where: { serviceRequestId: id }, select: { attachment: true } });
  if (!r?.attachment) return null;
  try {
    return await fileResponse(r.attachment, { disposition: "attachment" });
  } catch {
    return null;
  }
}

export type StatusOutcome = { ok: true } | { ok: false; code: "NOT_FOUND" } | { ok: false; code: "ASSIGNEE"; };

/** Sets the status and the assignee (an active internal administrator, or nobody). */
export async function setStatus(
  admin: CurrentUser,
  id: number,
  value: { status: SrStatus; assigneeUserId?: string },
  request?: Request,
): Promise<StatusOutcome> {
  const assigneeUserId = value.assigneeUserId || null;
  if (assigneeUserId) {
    const ok = await prisma.user.findFirst({ where: { id: assigneeUserId, isInternal: true, isActive: true }, select: { id: true } });
    if (!ok) return { ok: false, code: "ASSIGNEE" };
  }
  const updated = await prisma.serviceRequest.updateMany({
    where: { serviceRequestId: id },
    data: { status: value.status, assigneeUserId, updatedById: admin.id },
  });
  if (updated.count === 0) return { ok: false, code: "NOT_FOUND" };
  await audit("SERVICE_REQUEST_STATUS", {
    request,
    actorUserId: admin.id,
    targetType: "ServiceRequest",
    targetId: String(id),
    details: { status: value.status, assigneeUserId },
  });
  return { ok: true };
}


export type ReplyOutcome = { ok: true; replyId: number; duplicate: boolean } | { ok: false; code: "NOT_FOUND" };

/**
 * Records the reply and queues its email to the requester (send-email job
 * keyed svcreq-reply:<replyId>) in one transaction; an OPEN request becomes
 * IN_PROGRESS. The same form token twice sends once.
 */
export async function sendReply(admin: CurrentUser, id: number, value: { replyText: string; formToken: string }, request?: Request): Promise<ReplyOutcome> {
  const before = await prisma.serviceRequestReply.findUnique({ where: { formToken: value.formToken }, select: { replyId: true, serviceRequestId: true } });
  if (before) return before.serviceRequestId === id ? { ok: true, replyId: before.replyId, duplicate: true } : { ok: false, code: "NOT_FOUND" };
  const r = await prisma.serviceRequest.findUnique({
    where: { serviceRequestId: id },
    select: { serviceRequestId: true, requestDt: true, requestTypeCode: true, requester: { select: { firstName: true, lastName: true, userName: true } } },
  });
  if (!r) return { ok: false, code: "NOT_FOUND" };
  const label = (await subjectLabels()).get(r.requestTypeCode) ?? r.requestTypeCode;
  const to = r.requester.userName;
  let replyId: number;
  try {
    replyId = await prisma.$transaction(async (tx) => {
      const reply = await tx.serviceRequestReply.create({
        data: { serviceRequestId: id, authorUserId: admin.id, replyText: value.replyText, sentTo: to, formToken: value.formToken },
        select: { replyId: true },
      });
      await tx.serviceRequest.updateMany({ where: { serviceRequestId: id, status: "OPEN" }, data: { status: "IN_PROGRESS", updatedById: admin.id } });
      await tx.serviceRequest.update({ where: { serviceRequestId: id }, data: { updatedById: admin.id } });
      const mail = serviceRequestReplyEmail({
        subject: `Re: Contact Us: ${label} (#${id})`,
        greeting: `Hello ${r.requester.firstName || displayName(r.requester)},`,
        replyText: value.replyText,
        about: `About your request #${id} of ${formatRequestDate(r.requestDt)} (${label}).`,
        contactUrl: `${env().appUrl}/svcreq`,
      });
      const payload = {
        to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        relatedType: "ServiceRequestReply",
        relatedId: String(reply.replyId),
      };
      await queueJob(tx, "send-email", payload, jobOptions.serviceRequestReplyMail(reply.replyId));
      return reply.replyId;
    });
  } catch (error) {
    // The same form posted twice at once: the other one recorded it.
    if ((error as { code?: string }).code === "P2002") {
      const again = await prisma.serviceRequestReply.findUnique({ where: { formToken: value.formToken }, select: { replyId: true } });
      if (again) return { ok: true, replyId: again.replyId, duplicate: true };
    }
    throw error;
  }
  await audit("SERVICE_REQUEST_REPLIED", {
    request,
    actorUserId: admin.id,
    targetType: "ServiceRequest",
    targetId: String(id),
    details: { replyId, length: value.replyText.length },
  });
  return { ok: true, replyId, duplicate: false };
}

export type MoveOutcome =
  | { ok: true; done: boolean; plan: MovePlan }
  | { ok: false; code: "NOT_FOUND" }
  | { ok: false; code: "FIELDS"; fieldErrors: Record<string, string[]> }
  | { ok: false; code: MoveRefusalCode; message: string };

/**
 * The Move Agent form of a 'Request that an Agent be Moved': a preview
 * (what moves: the subtree's size) or the move itself (moveSubtree, one
 * transaction under the hierarchy's lock).
 */
export async function moveForRequest(admin: CurrentUser, id: number, form: MoveForm, request?: Request): Promise<MoveOutcome> {
  const sr = await prisma.serviceRequest.findUnique({ where: { serviceRequestId: id }, select: { requestTypeCode: true } });
  if (!sr || sr.requestTypeCode !== SVCREQ_LEVEL_CHANGE) return { ok: false, code: "NOT_FOUND" };
  const h = parseHierarchy(form.hierarchy);
  const [agent, upline] = await Promise.all([
    findAgentByNumber(prisma, { agentNumber: form.agentNumber, ...h }),
    findAgentByNumber(prisma, { agentNumber: form.uplineAgentNumber, ...h }),
  ]);
  const fieldErrors: Record<string, string[]> = {};
  if (!agent) fieldErrors.agentNumber = [MOVE_MESSAGES.AGENT_NOT_FOUND];
  if (!upline) fieldErrors.uplineAgentNumber = [MOVE_MESSAGES.UPLINE_NOT_FOUND];
  if (!agent || !upline) return { ok: false, code: "FIELDS", fieldErrors };
  if (form.intent === "preview") {
    const planned = await planMove(prisma, agent.id, upline.id);
    return planned.ok ? { ok: true, done: false, plan: planned.plan } : planned;
  }
  const moved = await prisma.$transaction((tx) =>
    moveSubtree(tx, agent.id, upline.id, { actorUserId: admin.id, serviceRequestId: id, expectedSubtreeSize: form.expectedSize, request }),
  );
  if (!moved.ok) return moved;
  await prisma.serviceRequest.update({ where: { serviceRequestId: id }, data: { updatedById: admin.id } });
  return { ok: true, done: true, plan: moved.plan };
}
