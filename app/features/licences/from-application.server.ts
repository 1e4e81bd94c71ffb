// The application's licence data as records (issue 36 item 1, decision 0098): at submission, in the
// submit transaction, what the applicant stated becomes licences and credentials of their NPN with
// source APPLICATION (the applicant's word: to confirm, it satisfies no rule until an administrator,
// the agent, a lookup or an import confirms it):
//  - the resident state's licence with its number (the application collects no number, line or date
//    for the other states it asks for: those stay 'no license on record');
//  - the current E&O and AML certificates uploaded with it, as credentials without an expiry
//    (the upload asks for no date) pointing at the uploaded file.
// It never overwrites another source's record, adds no certificate where a confirmed one of that kind
// is still valid, and writes nothing when the NPN is held by someone else's agent position.
// Everything goes through records.server.ts (the one writer: audit rows, standings).
import type { Prisma } from "~/generated/prisma/client";
import { npnKey } from "~/lib/npn";
import { LICENCE_STATE_CODES } from "./messages";
import { refreshNpns, writeApplicationCredential, writeLicence, type Actor } from "./records.server";
import { LICENCE_NUMBER_MAX } from "./schema";
import { dayOf, type Day } from "./status";

type Tx = Prisma.TransactionClient;

/** The uploaded document types that become credentials. */
const CERTIFICATES = [
  ["DOCTYP_EO_CERT", "EO"],
  ["DOCTYP_AML_CERT", "AML"],
] as const;

type Stated = {
  npn: string | null;
  resident_state: string | null;
  licence_number: string | null;
  /** Another person's agent position holds the NPN. */
  held_by_other: boolean;
  files: Record<string, string> | null;
};

const STATED_SQL = `
  SELECT btrim(p.national_producer_number) AS npn, upper(btrim(p.resident_state_code)) AS resident_state,
         btrim(p.resident_state_insurance_license_number) AS licence_number,
         EXISTS (SELECT 1 FROM agents o WHERE btrim(o.npn) = btrim(p.national_producer_number)
                  AND (ap.user_id IS NULL OR o.user_id IS DISTINCT FROM ap.user_id)) AS held_by_other,
         (SELECT json_object_agg(d.document_type_code, d.stored_file_id)
            FROM (SELECT DISTINCT ON (document_type_code) document_type_code, stored_file_id::text
                    FROM documents
                   WHERE appointment_id = ap.appointment_id AND is_current AND document_type_code = ANY($2::text[])
                   ORDER BY document_type_code, uploaded_at DESC) d) AS files
    FROM appointments ap
    JOIN appointment_personal p ON p.appointment_id = ap.appointment_id
   WHERE ap.appointment_id = $1`;

export type FromApplication = { npn: string | null; licences: number; credentials: number };

/**
 * Writes the application's license and certificates as records to confirm, in `tx` (the submit's
 * transaction), and re-evaluates the NPN's agent positions. Returns what it wrote (counts of
 * records created or changed).
 */
export async function recordsFromApplication(
  tx: Tx,
  appointmentId: number,
  who: { userId: string | null; impersonatorUserId?: string | null; request?: Request },
  today: Day = dayOf(new Date()),
): Promise<FromApplication> {
  const [row] = await tx.$queryRawUnsafe<Stated[]>(STATED_SQL, appointmentId, CERTIFICATES.map(([t]) => t));
  const npn = npnKey(row?.npn);
  if (!row || !npn || row.held_by_other) return { npn, licences: 0, credentials: 0 };
  const actor: Actor = { ...who, source: "APPLICATION" };
  let licences = 0;
  let credentials = 0;

  const state = row.resident_state;
  if (state && LICENCE_STATE_CODES.includes(state)) {
    const onRecord = await tx.producerLicence.findFirst({ where: { npn, stateCode: state }, select: { source: true } });
    if (!onRecord || onRecord.source === "APPLICATION") {
      const number = row.licence_number && row.licence_number.length <= LICENCE_NUMBER_MAX ? row.licence_number : null;
      const input = {
        stateCode: state,
        licenceNumber: number,
        licenceClass: "Insurance Producer",
        isResident: true,
        // The application names no line of authority: the administrator ticks them when confirming.
        loaLife: false,
        loaAccidentHealth: false,
        loaVariable: false,
        effectiveDate: null,
        expiryDate: null,
        status: "ACTIVE" as const,
      };
      let r = await writeLicence(tx, actor, npn, input, "byState");
      // Another state is the confirmed resident one: the applicant's state is kept, not as resident.
      if (!r.ok && r.field === "isResident") r = await writeLicence(tx, actor, npn, { ...input, isResident: false }, "byState");
      if (r.ok && r.change !== "unchanged") licences++;
    }
  }

  for (const [type, kind] of CERTIFICATES) {
    const fileId = row.files?.[type];
    if (!fileId) continue;
    const held = await tx.producerCredential.findMany({ where: { npn, kind }, select: { id: true, source: true, expiryDate: true, storedFileId: true } });
    // A confirmed certificate of that kind still valid is the one that counts: nothing to confirm.
    if (held.some((c) => c.source !== "APPLICATION" && c.expiryDate != null && dayOf(c.expiryDate) >= today)) continue;
    const mine = held.find((c) => c.source === "APPLICATION");
    const r = await writeApplicationCredential(tx, actor, npn, kind, fileId, mine?.id ?? "new");
    if (r.ok && r.change !== "unchanged") credentials++;
  }

  if (licences || credentials) await refreshNpns(tx, [npn], who.userId, today);
  return { npn, licences, credentials };
}
