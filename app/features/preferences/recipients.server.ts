// Who is told of an event under a communication-preference category (spec part 1 §3 'Preferences';
// decisions 0031, 0071), in one place for every notification: the application events
// (appointment/notifications.server.ts) and the licence monitoring (licences/monitor.server.ts).
//  - the users the event is about ('own': the recruiter of a prospect, the agent whose licence
//    expires) without any saved preference for the category get the email at their sign-in address;
//  - uplines (the category's _DOWNLN twin) are told only when they opted in;
//  - an enabled email switch with no address mails the sign-in address; text messages only when
//    switched on, to the numbers saved (at most 5 values each, spec part 1 §9).
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { isAdminCategory, splitEntries, type AdminCategory, type OwnCategory, type PreferenceCategory } from "./schema";

type Db = Pick<Prisma.TransactionClient, "user" | "agentClosure">;

export type PreferenceRecipient = {
  userId: string;
  /** OWN: the category's own user; UPLINE: told through the _DOWNLN category. */
  relation: "OWN" | "UPLINE";
  categoryCode: PreferenceCategory;
  emails: string[];
  smsNumbers: string[];
};

/** At most 5 values per preference (spec part 1 §9), split the way the preferences page splits them. */
const splitValues = (v: string) => splitEntries(v).slice(0, 5);

/** The active users of the active positions above agent positions `agentIds` (depth > 0), except `exclude`. */
export async function uplineUserIds(agentIds: readonly number[], exclude: ReadonlySet<string> = new Set(), db: Db = prisma): Promise<string[]> {
  if (agentIds.length === 0) return [];
  const ups = await db.agentClosure.findMany({
    where: { descendantId: { in: [...agentIds] }, depth: { gt: 0 }, ancestor: { userId: { not: null }, isActive: true } },
    select: { ancestor: { select: { userId: true } } },
  });
  const out = new Set<string>();
  for (const u of ups) if (u.ancestor.userId && !exclude.has(u.ancestor.userId)) out.add(u.ancestor.userId);
  return [...out];
}

/**
 * How each of the users is told under `ownCategory` (the own users) or its _DOWNLN twin (the
 * uplines): see the top of this file. A user in both lists counts as own. Users told nothing
 * (inactive, or opted out) are left out.
 */
export async function recipientsByPreference(
  ownIds: readonly string[],
  uplineIds: readonly string[],
  ownCategory: OwnCategory | AdminCategory,
  db: Db = prisma,
): Promise<PreferenceRecipient[]> {
  const own = new Set(ownIds);
  const ids = [...new Set([...ownIds, ...uplineIds])];
  if (ids.length === 0) return [];
  // An administrators' category has no downline twin: its users are all own.
  const downlineCategory: PreferenceCategory = isAdminCategory(ownCategory) ? ownCategory : `${ownCategory}_DOWNLN`;
  const users = await db.user.findMany({
    where: { id: { in: ids }, isActive: true },
    select: {
      id: true,
      userName: true,
      notificationSubscriber: {
        select: { preferences: { where: { categoryCode: { in: [ownCategory, downlineCategory] } } } },
      },
    },
  });
  const out: PreferenceRecipient[] = [];
  for (const u of users) {
    const relation = own.has(u.id) ? "OWN" : "UPLINE";
    const categoryCode = relation === "OWN" ? ownCategory : downlineCategory;
    const prefs = (u.notificationSubscriber?.preferences ?? []).filter((p) => p.categoryCode === categoryCode);
    const email = prefs.find((p) => p.methodCode === "EMAIL_EVT");
    const sms = prefs.find((p) => p.methodCode === "SMS_EVT");
    let emails: string[] = [];
    if (email) emails = email.isEnabled ? splitValues(email.preferenceValue) : [];
    else if (relation === "OWN") emails = [u.userName];
    if (email?.isEnabled && emails.length === 0) emails = [u.userName];
    const smsNumbers = sms?.isEnabled ? splitValues(sms.preferenceValue) : [];
    if (emails.length || smsNumbers.length) out.push({ userId: u.id, relation, categoryCode, emails, smsNumbers });
  }
  return out;
}
