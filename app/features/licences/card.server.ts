// The dashboard's 'Licenses and credentials' card (issue 23 item 1; decision 0069): for a user with
// an own NPN (OWN_NPNS_SQL, the first one, as /licences shows it), its standing, how many licences
// are on record, and the next expiry with its state. Folded into the dashboard's one statement
// (dashboard.server.ts DASHBOARD_SQL) as a JSON column: no statement of its own on /home.
import { OWN_NPNS_SQL } from "./access.server";
import { expiryState, type Day, type ExpiryState, type Standing } from "./status";

/**
 * The card's row for user `$1` (a JSON object, NULL without an own NPN). The standing is the worst
 * stored standing (agent_compliance) of the user's active positions holding the NPN (null: none
 * evaluated, e.g. a prospect). The next expiry is the earliest among the licences' expiry dates and,
 * per credential kind, the one that runs longest (an older, replaced E&O does not count).
 */
export const LICENCE_CARD_SQL = `(
  SELECT json_build_object(
           'npn', o.npn,
           'licences', (SELECT count(*) FROM producer_licences l WHERE l.npn = o.npn),
           'standing', (SELECT ac.standing FROM agents a JOIN agent_compliance ac ON ac.agent_id = a.id
                         WHERE a.user_id = $1::uuid AND a.is_active AND btrim(a.npn) = o.npn
                         ORDER BY CASE ac.standing WHEN 'NOT_IN_GOOD_ORDER' THEN 0 WHEN 'UNVERIFIED' THEN 1 ELSE 2 END LIMIT 1),
           'next', (SELECT json_build_object('day', x.d::text, 'state', x.state_code, 'kind', x.kind)
                      FROM (SELECT l.expiry_date AS d, l.state_code, NULL::text AS kind FROM producer_licences l WHERE l.npn = o.npn AND l.expiry_date IS NOT NULL
                            UNION ALL
                            SELECT max(c.expiry_date), NULL, c.kind FROM producer_credentials c WHERE c.npn = o.npn AND c.expiry_date IS NOT NULL GROUP BY c.kind) x
                     ORDER BY x.d, x.state_code, x.kind LIMIT 1))
    FROM (${OWN_NPNS_SQL("$1::uuid")} LIMIT 1) o)`;

export type LicenceCardRow = { npn: string; licences: number; standing: Standing | null; next: { day: Day; state: string | null; kind: string | null } | null };

export type LicenceCard = {
  npn: string;
  licences: number;
  standing: Standing | null;
  next: { day: Day; state: ExpiryState; stateCode: string | null; kind: string | null } | null;
};

/** The card from its row on `today` (null: no own NPN). */
export function licenceCardOf(row: LicenceCardRow | null | undefined, today: Day): LicenceCard | null {
  if (!row) return null;
  return {
    npn: row.npn,
    licences: Number(row.licences),
    standing: row.standing,
    next: row.next ? { day: row.next.day, state: expiryState(row.next.day, today), stateCode: row.next.state, kind: row.next.kind } : null,
  };
}
