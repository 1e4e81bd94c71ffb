// Who may see and change the licences and credentials of an NPN (issue 23, decision 0068). Every
// loader and action of the licence screens asks npnAccess first and answers 404 to null:
// - 'edit' as ADMIN: an internal administrator (capability manage:licences);
// - 'edit' as AGENT: the producer themselves: the NPN is on one of their active agent positions, or
//   on their own application while no one else's agent position holds it (a prospect cannot reach
//   another producer's records by typing their NPN into an application);
// - 'read': an upline: an agent position holding the NPN is in their downline (isUnderUser);
// - otherwise nothing.
import type { Prisma } from "~/generated/prisma/client";
import { isUnderUser } from "~/features/hierarchy/hierarchy.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { npnKey } from "~/lib/npn";
import { can, type Capability } from "~/lib/permissions";
import type { RecordSource } from "./status";

type Db = Pick<Prisma.TransactionClient, "$queryRawUnsafe">;

export type NpnAccess = { mode: "edit"; source: Extract<RecordSource, "ADMIN" | "AGENT"> } | { mode: "read" };

/**
 * The NPNs that are the user's own, their positions' first (rank, ord): every active position's NPN,
 * then the NPN of their own applications that no one else's position holds (newest application
 * first). `user`: an SQL expression of the user's id (a parameter). One home for the rule: ownNpns
 * and the dashboard's licence card (which folds it into its one statement) read it.
 */
export const OWN_NPNS_SQL = (user: string) => `SELECT npn FROM (
       SELECT btrim(a.npn) AS npn, 0 AS rank, a.id::bigint AS ord FROM agents a WHERE a.user_id = ${user} AND a.is_active AND btrim(a.npn) <> ''
       UNION ALL
       SELECT btrim(p.national_producer_number), 1, -ap.appointment_id
         FROM appointments ap JOIN appointment_personal p ON p.appointment_id = ap.appointment_id
        WHERE ap.user_id = ${user} AND NOT ap.is_deleted AND btrim(p.national_producer_number) <> ''
          AND NOT EXISTS (SELECT 1 FROM agents o WHERE btrim(o.npn) = btrim(p.national_producer_number) AND o.user_id IS DISTINCT FROM ${user})
     ) t ORDER BY rank, ord`;

/** The NPNs that are the user's own (OWN_NPNS_SQL), without repeats. */
export async function ownNpns(userId: string, db: Db = prisma): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<Array<{ npn: string }>>(OWN_NPNS_SQL("$1::uuid"), userId);
  return [...new Set(rows.map((r) => r.npn))];
}

/** What `user` may do with the records of `npn` (null: nothing; answer 404). */
export async function npnAccess(user: CurrentUser, capabilities: readonly Capability[], rawNpn: string, db: Db = prisma): Promise<NpnAccess | null> {
  const npn = npnKey(rawNpn);
  if (!npn) return null;
  if (can(capabilities, "manage:licences")) return { mode: "edit", source: "ADMIN" };
  if ((await ownNpns(user.id, db)).includes(npn)) return { mode: "edit", source: "AGENT" };
  const holders = await db.$queryRawUnsafe<Array<{ id: number }>>(`SELECT id FROM agents WHERE npn = $1`, npn);
  if (holders.length && (await isUnderUser(db, user.id, { agentIds: holders.map((h) => h.id) }))) return { mode: "read" };
  return null;
}
