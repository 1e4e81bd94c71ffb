// An invitation made on the database side, as the seeded recruiter would send it: for tests that
// need an invited prospect without going through the recruiter's pages (e2e and integration).
import { expect } from "vitest";
import { query } from "./mailbox";

export type UsableLink = { appointment_link_id: number; link: string; recruiter_agent_id: number; agent_number: string };

/**
 * Appointment links the wizard opens (APL, enabled, on an active level, schedule and recruiter), in
 * id order (`newest`: the other way): the seed's only unless `seededOnly` is false (the e2e files
 * share one database, and a link another test made, an MD link or a retired level, was the 'newest'
 * whenever that test ran just before); of one recruiting user (`recruiter`, a user name); not
 * enrollRep unless `enrollRep` is undefined; with a commission schedule document (`document`).
 */
export async function usableLinks(
  databaseUrl: string,
  opts: { recruiter?: string; document?: boolean; enrollRep?: false | null; newest?: boolean; seededOnly?: boolean; limit?: number } = {},
): Promise<UsableLink[]> {
  const where = [
    "l.link_prefix = 'APL'",
    "l.is_enabled",
    "NOT l.is_deleted",
    "sl.is_active",
    "s.is_active",
    "a.is_active",
    ...(opts.enrollRep === null ? [] : ["NOT sl.enroll_rep"]),
    ...(opts.document ? ["sl.document_id IS NOT NULL"] : []),
    // the seed writes its links in one transaction, so they share its time
    ...(opts.seededOnly === false ? [] : ["l.created_at = (SELECT min(created_at) FROM appointment_links)"]),
    ...(opts.recruiter ? ["lower(u.user_name) = lower($1)"] : []),
  ];
  return query<UsableLink>(
    databaseUrl,
    `SELECT l.appointment_link_id, l.link_prefix || l.code AS link, l.recruiter_agent_id, a.agent_number
       FROM appointment_links l
       JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
       JOIN commission_schedules s ON s.schedule_id = sl.schedule_id
       JOIN agents a ON a.id = l.recruiter_agent_id
       LEFT JOIN users u ON u.id = a.user_id
      WHERE ${where.join(" AND ")}
      ORDER BY l.appointment_link_id ${opts.newest ? "DESC" : "ASC"} LIMIT ${opts.limit ?? 1}`,
    opts.recruiter ? [opts.recruiter] : [],
  );
}

/** The first of usableLinks(…) (one must exist). */
export async function usableLink(databaseUrl: string, opts: Parameters<typeof usableLinks>[1] = {}): Promise<UsableLink> {
  const [l] = await usableLinks(databaseUrl, opts);
  expect(l, `a usable appointment link ${JSON.stringify(opts)}`).toBeDefined();
  return l!;
}

/**
 * Invites `email` (as the seeded recruiter would) to a seeded appointment link the wizard opens,
 * not enrollRep (usableLink); the first such link, or the last with `newest`. Returns the link.
 */
export async function inviteProspect(
  databaseUrl: string,
  prospect: { email: string; firstName?: string; lastName?: string },
  opts: { newest?: boolean } = {},
) {
  const l = await usableLink(databaseUrl, { newest: opts.newest });
  await query(
    databaseUrl,
    `INSERT INTO invitations (invite_type_code, appointment_link_id, inviter_agent_id, inviter_agent_number,
                              prospect_first_name, prospect_last_name, prospect_email_address, status, updated_at)
     VALUES ('INVTYP_SINGLE', $1, $2, $3, $4, $5, $6, 'INVITED', now())`,
    [l.appointment_link_id, l.recruiter_agent_id, l.agent_number, prospect.firstName ?? "Test", prospect.lastName ?? "Prospect", prospect.email.toLowerCase()],
  );
  return l;
}
