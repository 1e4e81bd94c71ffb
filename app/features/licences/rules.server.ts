// The licence rules at the points that matter (issue 23 item 4, decision 0070), over what the
// database holds; the rules themselves are status.ts's (approvalProblems), never copied here:
//  - licenceCheck: what an application asks for (its NPN, its states, the lines of authority its
//    products need) against the licences of its NPN, today. The approval (approve.server.ts, in
//    the decision transaction) refuses when it finds problems; the review screen shows the same
//    answer as its licences panel. One statement.
//  - inviteeNotInGoodOrder: whether an email address belongs to an agent position whose stored
//    standing (agent_compliance) is NOT_IN_GOOD_ORDER; the invitation send form refuses it.
import type { Prisma } from "~/generated/prisma/client";
import { npnKey } from "~/lib/npn";
import { approvalProblems, asDay, isLineOfAuthority, type CredentialFacts, type Day, type LicenceFacts, type LineOfAuthority, type Reason, type RecordSource } from "./status";

type Db = Pick<Prisma.TransactionClient, "$queryRawUnsafe">;

/** A licence as the review screen shows it (and the rules read it). */
export type ShownLicence = LicenceFacts & { licenceNumber: string | null; licenceClass: string; isResident: boolean; source: RecordSource };

export type LicenceCheck = {
  /** The application's NPN as the records key it (null: none, or not well-formed). */
  npn: string | null;
  /** The states the application asks for (sorted). */
  states: string[];
  /** The lines of authority its products need (null: a product type that names none). */
  lines: (LineOfAuthority | null)[];
  /** The licences of the NPN (every state, by state code). */
  licences: ShownLicence[];
  /** The credentials of the NPN (the rules read only those to confirm: approvalProblems). */
  credentials: Array<CredentialFacts & { source: RecordSource }>;
  /** What the approval lacks (empty: it may be approved). */
  problems: Reason[];
};

type Row = {
  npn: string | null;
  states: string[] | null;
  lines: (string | null)[] | null;
  licences: Array<{
    id: string;
    state_code: string;
    licence_number: string | null;
    licence_class: string;
    is_resident: boolean;
    status: string;
    effective_date: string | null;
    expiry_date: string | null;
    loa_life: boolean;
    loa_accident_health: boolean;
    loa_variable: boolean;
    source: RecordSource;
  }> | null;
  credentials: Array<{ id: string; kind: string; expiry_date: string | null; source: RecordSource }> | null;
};

// The lines: each line's (carrier block's) schedule level, else its link's level -> schedule -> product type.
const CHECK_SQL = `
  SELECT p.national_producer_number AS npn,
         (SELECT array_agg(DISTINCT s.state_code ORDER BY s.state_code) FROM appointment_states s WHERE s.appointment_id = ap.appointment_id) AS states,
         (SELECT array_agg(DISTINCT pt.line_of_authority)
            FROM appointment_carrier_blocks cb
            LEFT JOIN appointment_links al ON al.appointment_link_id = cb.appointment_link_id
            JOIN schedule_levels sl ON sl.schedule_level_id = COALESCE(cb.schedule_level_id, al.schedule_level_id)
            JOIN commission_schedules cs ON cs.schedule_id = sl.schedule_id
            JOIN product_types pt ON pt.product_type_id = cs.product_type_id
           WHERE cb.appointment_id = ap.appointment_id) AS lines,
         (SELECT json_agg(json_build_object(
                   'id', l.id, 'state_code', l.state_code, 'licence_number', l.licence_number, 'licence_class', l.licence_class,
                   'is_resident', l.is_resident, 'status', l.status, 'effective_date', l.effective_date::text, 'expiry_date', l.expiry_date::text,
                   'loa_life', l.loa_life, 'loa_accident_health', l.loa_accident_health, 'loa_variable', l.loa_variable, 'source', l.source)
                   ORDER BY l.state_code)
            FROM producer_licences l WHERE l.npn = btrim(p.national_producer_number)) AS licences,
         (SELECT json_agg(json_build_object('id', c.id, 'kind', c.kind, 'expiry_date', c.expiry_date::text, 'source', c.source) ORDER BY c.kind, c.expiry_date)
            FROM producer_credentials c WHERE c.npn = btrim(p.national_producer_number)) AS credentials
    FROM appointments ap
    LEFT JOIN appointment_personal p ON p.appointment_id = ap.appointment_id
   WHERE ap.appointment_id = $1`;

/** The licences of an application's NPN against what it asks for, on `today` (null: no such application). */
export async function licenceCheck(db: Db, appointmentId: number, today: Day): Promise<LicenceCheck | null> {
  const [row] = await db.$queryRawUnsafe<Row[]>(CHECK_SQL, appointmentId);
  if (!row) return null;
  const npn = npnKey(row.npn);
  const states = row.states ?? [];
  const lines = [...new Set((row.lines ?? []).map((l) => (isLineOfAuthority(l) ? l : null)))];
  const licences: ShownLicence[] = npn
    ? (row.licences ?? []).map((l) => ({
        id: l.id,
        stateCode: l.state_code,
        status: l.status,
        effectiveDate: asDay(l.effective_date),
        expiryDate: asDay(l.expiry_date),
        loaLife: l.loa_life,
        loaAccidentHealth: l.loa_accident_health,
        loaVariable: l.loa_variable,
        licenceNumber: l.licence_number,
        licenceClass: l.licence_class,
        isResident: l.is_resident,
        source: l.source,
      }))
    : [];
  const credentials = npn ? (row.credentials ?? []).map((c) => ({ id: c.id, kind: c.kind, expiryDate: asDay(c.expiry_date), source: c.source })) : [];
  return { npn, states, lines, licences, credentials, problems: approvalProblems(npn, states, lines, licences, today, credentials) };
}

/**
 * Whether `email` belongs to an active agent position (its email, or the login of its user)
 * whose stored standing is NOT_IN_GOOD_ORDER. UNVERIFIED and unevaluated positions are not
 * (decision 0068: nothing on record says they may not sell).
 */
export async function inviteeNotInGoodOrder(db: Db, email: string): Promise<boolean> {
  const e = email.trim().toLowerCase();
  if (!e) return false;
  const rows = await db.$queryRawUnsafe<Array<{ id: number }>>(
    `SELECT a.id
       FROM agents a
       JOIN agent_compliance c ON c.agent_id = a.id AND c.standing = 'NOT_IN_GOOD_ORDER'
       LEFT JOIN users u ON u.id = a.user_id
      WHERE a.is_active AND (lower(btrim(a.email)) = $1 OR lower(u.user_name) = $1)
      LIMIT 1`,
    e,
  );
  return rows.length > 0;
}
