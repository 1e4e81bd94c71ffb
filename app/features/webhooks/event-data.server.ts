// The data of the events (decision 0078): one builder per subject, read in the transaction of the
// change (so it is the state the change commits), parsed with the event's schema (payloads.ts), and
// the emit helpers the changes call. Only names, numbers, codes and times: never personal details.
import type { Prisma } from "~/generated/prisma/client";
import { emitEvents, type NewEvent } from "./emit.server";
import type { WebhookEventType } from "./events";
import {
  agentEventData,
  applicationEventData,
  invitationEventData,
  type AgentEventData,
  type ApplicationEventData,
  type InvitationEventData,
  type WebhookActor,
} from "./payloads";

type Db = Prisma.TransactionClient;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The actor of a change made by a portal user (their real id), or by the portal itself. */
export const actorOf = (userId: string | null | undefined): WebhookActor => (userId ? { type: "user", id: userId } : { type: "system" });

const recruiterSelect = { id: true, agentNumber: true, companyNumber: true, blockNumber: true } as const;
const recruiterOf = (r: { id: number; agentNumber: string; companyNumber: string; blockNumber: number } | null | undefined) =>
  r ? { id: r.id, agent_number: r.agentNumber, company_number: r.companyNumber, block_number: r.blockNumber } : null;

/** The state of each application (in the order of `ids`; ids not found are left out). */
export async function applicationStates(db: Db, ids: readonly number[]): Promise<Array<ApplicationEventData["application"]>> {
  const rows = await db.appointment.findMany({
    where: { appointmentId: { in: [...ids] } },
    select: {
      appointmentId: true,
      appointmentStatusCode: true,
      appointmentTypeCode: true,
      isPaperAppointment: true,
      mgaCode: true,
      agentNumber: true,
      agentId: true,
      startDt: true,
      submittedAt: true,
      approvedAt: true,
      rejectedAt: true,
      abandonedAt: true,
      recruiterAgent: { select: recruiterSelect },
      appointmentLink: { select: { recruiterAgent: { select: recruiterSelect } } },
      carrierBlocks: { select: { agentId: true }, orderBy: { id: "asc" } },
    },
  });
  const byId = new Map(rows.map((a) => [a.appointmentId, a]));
  return ids.flatMap((id) => {
    const a = byId.get(id);
    if (!a) return [];
    const agentIds = [...new Set([a.agentId, ...a.carrierBlocks.map((l) => l.agentId)].filter((v): v is number => v != null))];
    return [
      {
        id: a.appointmentId,
        status: a.appointmentStatusCode,
        type: a.appointmentTypeCode,
        paper: a.isPaperAppointment,
        recruiter: recruiterOf(a.recruiterAgent ?? a.appointmentLink?.recruiterAgent),
        mga_code: a.mgaCode,
        agent_number: a.agentNumber,
        agent_ids: agentIds,
        started_at: a.startDt.toISOString(),
        submitted_at: iso(a.submittedAt),
        approved_at: iso(a.approvedAt),
        rejected_at: iso(a.rejectedAt),
        abandoned_at: iso(a.abandonedAt),
      },
    ];
  });
}

/**
 * Emits one application event per application (in the change's transaction, after the change):
 * application.submitted, returned, approved, rejected, abandoned.
 */
export async function emitApplicationEvents(
  db: Db,
  type: Extract<WebhookEventType, `application.${string}`>,
  ids: readonly number[],
  actor: WebhookActor,
  extra: Pick<ApplicationEventData, "sections"> = {},
): Promise<void> {
  const states = await applicationStates(db, ids);
  await emitEvents(
    db,
    states.map((application) => ({ type, subjectId: application.id, data: applicationEventData.parse({ application, actor, ...extra }) })),
  );
}

/** The state of each agent position (in the order of `ids`). */
export async function agentStates(db: Db, ids: readonly number[]): Promise<Array<AgentEventData["agent"]>> {
  const rows = await db.agent.findMany({
    where: { id: { in: [...ids] } },
    select: {
      id: true,
      agentNumber: true,
      companyNumber: true,
      blockNumber: true,
      mgaCode: true,
      hierarchyLevel: true,
      isActive: true,
      parent: { select: { id: true, agentNumber: true } },
    },
  });
  const byId = new Map(rows.map((a) => [a.id, a]));
  return ids.flatMap((id) => {
    const a = byId.get(id);
    if (!a) return [];
    return [
      {
        id: a.id,
        agent_number: a.agentNumber,
        company_number: a.companyNumber,
        block_number: a.blockNumber,
        mga_code: a.mgaCode,
        hierarchy_level: a.hierarchyLevel,
        active: a.isActive,
        upline: a.parent ? { id: a.parent.id, agent_number: a.parent.agentNumber } : null,
      },
    ];
  });
}

/** Emits one agent event per position (agent.created, moved, deactivated) with the extras given. */
export async function emitAgentEvents(
  db: Db,
  type: Extract<WebhookEventType, `agent.${string}`>,
  ids: readonly number[],
  base: Omit<AgentEventData, "agent">,
): Promise<void> {
  const states = await agentStates(db, ids);
  await emitEvents(
    db,
    states.map((agent) => ({ type, subjectId: agent.id, data: agentEventData.parse({ ...base, agent }) })),
  );
}

/** An agent event built from data at hand (the hierarchy import knows every field already). */
export function agentEvent(type: Extract<WebhookEventType, `agent.${string}`>, data: AgentEventData): NewEvent {
  return { type, subjectId: data.agent.id, data: agentEventData.parse(data) };
}

/** Emits invitation.sent or invitation.failed for one invitation (in the transaction that recorded it). */
export async function emitInvitationEvent(
  db: Db,
  type: Extract<WebhookEventType, `invitation.${string}`>,
  invitationId: number,
  extra: Omit<InvitationEventData, "invitation">,
): Promise<void> {
  const i = await db.invitation.findUnique({
    where: { invitationId },
    select: { invitationId: true, status: true, inviteTypeCode: true, inviterAgentNumber: true, inviterCompanyNumber: true, inviterBlockNumber: true, inviteDate: true },
  });
  if (!i) return;
  const invitation = {
    id: i.invitationId,
    status: i.status,
    invite_type: i.inviteTypeCode,
    inviter: { agent_number: i.inviterAgentNumber, company_number: i.inviterCompanyNumber, block_number: i.inviterBlockNumber },
    invited_at: i.inviteDate.toISOString(),
  };
  await emitEvents(db, [{ type, subjectId: invitationId, data: invitationEventData.parse({ invitation, ...extra }) }]);
}
