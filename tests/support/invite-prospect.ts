// An invitation made on the database side, as the seeded recruiter would send it: for tests that
// need an invited prospect without going through the recruiter's pages (e2e and integration).
import pg from "pg";
import { expect } from "vitest";

/**
 * Invites `email` (as the seeded recruiter would) to a seeded appointment
 * link the wizard opens (APL, enabled, active level, schedule and recruiter,
 * not enrollRep); the first such link, or the last with `newest`. Returns the link.
 * Seeded only: the e2e files share one database, and a link another test made
 * (an MD link, a retired level) was the 'newest' whenever that test ran just before.
 */
export async function inviteProspect(
  databaseUrl: string,
  prospect: { email: string; firstName?: string; lastName?: string },
  opts: { newest?: boolean } = {},
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const link = await client.query<{ appointment_link_id: number; recruiter_agent_id: number; agent_number: string }>(
      `SELECT l.appointment_link_id, l.recruiter_agent_id, a.agent_number
         FROM appointment_links l
         JOIN schedule_levels sl ON sl.schedule_level_id = l.schedule_level_id
         JOIN commission_schedules s ON s.schedule_id = sl.schedule_id
         JOIN agents a ON a.id = l.recruiter_agent_id
        WHERE NOT sl.enroll_rep AND l.is_enabled AND NOT l.is_deleted AND l.link_prefix = 'APL'
          AND sl.is_active AND s.is_active AND a.is_active
          -- the seed writes its links in one transaction, so they share its time
          AND l.created_at = (SELECT min(created_at) FROM appointment_links)
        ORDER BY l.appointment_link_id ${opts.newest ? "DESC" : "ASC"} LIMIT 1`,
    );
    expect(link.rowCount).toBe(1);
    const l = link.rows[0]!;
    await client.query(
      `INSERT INTO invitations (invite_type_code, appointment_link_id, inviter_agent_id, inviter_agent_number,
                                prospect_first_name, prospect_last_name, prospect_email_address, status, updated_at)
       VALUES ('INVTYP_SINGLE', $1, $2, $3, $4, $5, $6, 'INVITED', now())`,
      [l.appointment_link_id, l.recruiter_agent_id, l.agent_number, prospect.firstName ?? "Test", prospect.lastName ?? "Prospect", prospect.email.toLowerCase()],
    );
    return l;
  } finally {
    await client.end();
  }
}
