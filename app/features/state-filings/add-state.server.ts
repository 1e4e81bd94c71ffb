// An administrator appoints an active position in one more state (ADD_STATE_MESSAGES): the state
// on the position (agent_licensed_states) and its filings (filingsForStateAdded, the filings' one
// rule) in one transaction with the audit row. The caller has checked import:hierarchy, as for a
// deactivation: the administrators who change the hierarchy.
import { stateName } from "~/features/licences/messages";
import { auditRow } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { ADD_STATE_MESSAGES as M } from "./add-state";
import { filingsForStateAdded } from "./filings.server";

type Who = Pick<CurrentUser, "id"> & { impersonator?: { id: string } | null };

/** The position, its appointed states and the states it may be appointed in; null: no such agent. */
export async function addStateView(agentId: number) {
  const agent = await prisma.agent.findUnique({
    where: { id: agentId },
    select: { id: true, agentNumber: true, firstName: true, lastName: true, companyName: true, isActive: true, licensedStates: { select: { stateCode: true }, orderBy: { stateCode: "asc" } } },
  });
  if (!agent) return null;
  const appointed = agent.licensedStates.map((s) => s.stateCode);
  const rules = await prisma.stateRule.findMany({ select: { stateCode: true, stateFee: { select: { stateName: true } } }, orderBy: { stateCode: "asc" } });
  return {
    agent: { id: agent.id, agentNumber: agent.agentNumber, name: [agent.firstName, agent.lastName].filter(Boolean).join(" ") || agent.companyName || agent.agentNumber, isActive: agent.isActive },
    appointed,
    choices: rules.filter((r) => !appointed.includes(r.stateCode)).map((r) => ({ value: r.stateCode, label: `${r.stateCode}: ${r.stateFee.stateName}` })),
  };
}
export type AddStateView = NonNullable<Awaited<ReturnType<typeof addStateView>>>;

export type AddStateResult = { ok: true; filings: number; stateName: string } | { ok: false; field: "stateCode" | null; message: string };

export async function addAgentState(actor: Who, agentId: number, stateCode: string, opts: { request?: Request; now?: Date } = {}): Promise<AddStateResult> {
  const now = opts.now ?? new Date();
  const rule = await prisma.stateRule.findUnique({ where: { stateCode }, select: { stateCode: true } });
  if (!rule) return { ok: false, field: "stateCode", message: M.noRule };
  return prisma.$transaction(async (tx) => {
    // Locks the position: two submits at once add the state once.
    const [agent] = await tx.$queryRaw<Array<{ id: number; is_active: boolean; resident_license_state: string | null }>>`
      SELECT id, is_active, resident_license_state FROM agents WHERE id = ${agentId} FOR UPDATE`;
    if (!agent) return { ok: false as const, field: null, message: M.inactive };
    if (!agent.is_active) return { ok: false as const, field: null, message: M.inactive };
    const isResident = agent.resident_license_state?.trim().toUpperCase() === stateCode;
    const added = await tx.agentLicensedState.createMany({ data: [{ agentId, stateCode, isResident }], skipDuplicates: true });
    if (added.count === 0) return { ok: false as const, field: "stateCode" as const, message: M.alreadyAppointed(stateName(stateCode)) };
    const made = await filingsForStateAdded(agentId, stateCode, { now, actorId: actor.id }, tx);
    const row = auditRow("STATE_APPOINTMENT_ADDED", {
      request: opts.request,
      actorUserId: actor.id,
      impersonatorUserId: actor.impersonator?.id ?? null,
      targetType: "Agent",
      targetId: String(agentId),
      details: { stateCode, filings: made?.created ?? 0, withoutLine: made?.withoutLine ?? [], noNpn: made?.noNpn ?? false },
    });
    await tx.auditLog.create({ data: { ...row, details: JSON.parse(row.details!) as never } });
    return { ok: true as const, filings: made?.created ?? 0, stateName: stateName(stateCode) };
  });
}
