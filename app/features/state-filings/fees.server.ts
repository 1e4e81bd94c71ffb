// How a filing's fee is paid, read from the application (decision 0117): the rule is fees.ts
// (feePaidBy); this reads its facts. Called by the approval (before the card is erased in its
// transaction) and by a state added later, which keeps what the approval decided.
import { flavourOf, typeOf } from "~/features/appointment/record.server";
import type { Prisma } from "~/generated/prisma/client";
import { feePaidBy, type FeePayer } from "./fees";

type Db = Prisma.TransactionClient;

/** The application's way of paying: its type, and whether its card block holds a card now (never the number itself). */
export async function feePaidByOfApplication(db: Db, appointmentId: number): Promise<FeePayer> {
  const a = await db.appointment.findUnique({ where: { appointmentId }, select: { appointmentTypeCode: true, invitationFlavour: true } });
  if (!a) return "COMMISSIONS";
  const cards = await db.appointmentCardInfo.count({ where: { appointmentId, cardNumberEncrypted: { not: null } } });
  return feePaidBy({ appointmentTypeCode: typeOf(a), flavour: flavourOf(a) }, cards > 0);
}

/**
 * A position's way of paying after its approval (the card is erased by then): what its approval
 * decided, as its filings or the approval's fee ledger (fee_collections) recorded it.
 */
export async function feePaidByOfPosition(db: Db, agentId: number): Promise<FeePayer> {
  const filing = await db.appointmentFiling.findFirst({ where: { agentId }, orderBy: { createdAt: "asc" }, select: { feePaidBy: true } });
  if (filing) return filing.feePaidBy === "CARD" ? "CARD" : "COMMISSIONS";
  const byCard = await db.feeCollection.count({
    where: { methodCode: "CARD", appointment: { OR: [{ agentId }, { carrierBlocks: { some: { agentId } } }], approvedAt: { not: null } } },
  });
  return byCard > 0 ? "CARD" : "COMMISSIONS";
}
