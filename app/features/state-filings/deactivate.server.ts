// Deactivating one agent position on screen (decision 0111): the form's view of the position (its
// states and the reasons each accepts) and the deactivation itself, in one transaction with its
// terminations (makeTerminations), the webhook event agent.deactivated and the audit row. The caller
// has checked import:hierarchy (the administrators who change the hierarchy, as by the import).
import { dayOf, type Day } from "~/lib/days";
import { emitEvents } from "~/features/webhooks/emit.server";
import { actorOf, agentEvent } from "~/features/webhooks/event-data.server";
import { auditRow } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { anyStateReasonCodes, anyStateReasons, makeTerminations, terminationStates, type TerminationsMade } from "./terminations.server";
import type { ReasonChoice } from "./terminations";

type Who = Pick<CurrentUser, "id"> & { impersonator?: { id: string } | null };

/** The position as the form shows it, with its states; null: no such agent. */
export async function deactivationView(agentId: number) {
  const agent = await prisma.agent.findUnique({
    where: { id: agentId },
    select: { id: true, agentNumber: true, companyNumber: true, blockNumber: true, firstName: true, lastName: true, companyName: true, isActive: true, terminationDate: true, parentId: true, mgaCode: true, hierarchyLevel: true, directUpline: true },
  });
  if (!agent) return null;
  const states = (await terminationStates(prisma, [agentId])).get(agentId) ?? [];
  return {
    agent: { ...agent, name: [agent.firstName, agent.lastName].filter(Boolean).join(" ") || agent.companyName || agent.agentNumber, terminationDate: agent.terminationDate?.toISOString().slice(0, 10) ?? null },
    states,
    /** Offered when the position is appointed nowhere: every state's codes, each once. */
    anyReasons: states.length ? [] : await anyStateReasons(prisma),
    anyStateCodes: await anyStateReasonCodes(prisma),
  };
}
export type DeactivationView = NonNullable<Awaited<ReturnType<typeof deactivationView>>>;

export type DeactivateResult = ({ ok: true } & TerminationsMade) | { ok: false; code: "NOT_FOUND" | "ALREADY_INACTIVE" };

/**
 * Deactivates the position with the checked reason and date: the agent TERMINATED as of the
 * effective date and its terminations, in one transaction (a failure leaves the agent active and no
 * termination). Guarded by is_active: a second submit deactivates nothing twice.
 */
export async function deactivateAgent(
  who: Who,
  agentId: number,
  input: { choice: ReasonChoice; effectiveDate: Day },
  opts: { request?: Request; now?: Date } = {},
): Promise<DeactivateResult> {
  const now = opts.now ?? new Date();
  return prisma.$transaction(async (tx) => {
    const changed = await tx.agent.updateMany({
      where: { id: agentId, isActive: true },
      data: { isActive: false, status: "TERMINATED", terminationDate: new Date(`${input.effectiveDate}T00:00:00Z`), updatedById: who.id },
    });
    if (changed.count === 0) {
      const exists = await tx.agent.count({ where: { id: agentId } });
      return { ok: false as const, code: exists ? ("ALREADY_INACTIVE" as const) : ("NOT_FOUND" as const) };
    }
    const made = await makeTerminations(tx, agentId, input.choice, input.effectiveDate, { now, actorId: who.id, source: "SCREEN" });
    const a = await tx.agent.findUniqueOrThrow({ where: { id: agentId }, include: { parent: { select: { id: true, agentNumber: true } } } });
    const agent = {
      id: a.id,
      agent_number: a.agentNumber,
      company_number: a.companyNumber,
      block_number: a.blockNumber,
      mga_code: a.mgaCode,
      hierarchy_level: a.hierarchyLevel,
      active: false,
      upline: a.parent ? { id: a.parent.id, agent_number: a.parent.agentNumber } : null,
    };
    await emitEvents(tx, [agentEvent("agent.deactivated", { agent, actor: actorOf(who.id), source: "screen", termination_date: input.effectiveDate })]);
    const row = auditRow("AGENT_DEACTIVATED", {
      request: opts.request,
      actorUserId: who.id,
      impersonatorUserId: who.impersonator?.id ?? null,
      targetType: "Agent",
      targetId: String(agentId),
      details: { effectiveDate: input.effectiveDate, reason: input.choice, day: dayOf(now), ...made },
    });
    await tx.auditLog.create({ data: { ...row, details: JSON.parse(row.details!) as never } });
    return { ok: true as const, ...made };
  });
}
