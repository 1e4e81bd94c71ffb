// The screening's audit row and its row lock, shared by the result and the adverse-action steps
// (decision 0122): each change is audited in its own transaction, under the screening's lock.
import type { Prisma } from "~/generated/prisma/client";
import { auditRow } from "~/lib/audit.server";

type Tx = Prisma.TransactionClient;

/** Audited in the change's own transaction (the details never carry a result's note or identity). */
export async function auditScreening(tx: Tx, action: string, screeningId: string, actorId: string | null, details: Record<string, unknown> = {}, request?: Request): Promise<void> {
  const row = auditRow(action, { actorUserId: actorId, targetType: "Screening", targetId: screeningId, details, ...(request ? { request } : {}) });
  await tx.auditLog.create({ data: { ...row, details: JSON.parse(row.details!) as never } });
}

/** Locks the screening's row for the change (two administrators, a callback and a poll take turns). */
export async function lockScreeningRow(tx: Tx, screeningId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM screenings WHERE id = ${screeningId}::uuid FOR UPDATE`;
}
