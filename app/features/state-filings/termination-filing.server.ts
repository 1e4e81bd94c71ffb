// Terminations through the filing run (decision 0115): the run's pick of the terminations to file
// and their marking as FILED, with termination.filed in the same transaction (decision 0116). Apart
// from terminations.server.ts, which the hierarchy import and the API share, as it reads the
// filing layouts.
import { isLineOfAuthority } from "~/features/licences/status";
import { emitTerminationsFiled } from "~/features/webhooks/filing-events.server";
import type { WebhookActor } from "~/features/webhooks/payloads";
import type { Day } from "~/lib/days";
import { floridaTycl, type TerminationFilingRow } from "./layouts.server";
import type { SqlDb } from "./terminations.server";

/**
 * Marks terminations FILED with their batch and day (a file run in its own transaction, an http run
 * once the service answered): the one place a run marks a termination FILED, guarded by TO_FILE (a
 * second call for the same ids marks nothing). Returns the ids it marked.
 */
export async function markTerminationsFiled(db: SqlDb, ids: readonly string[], batchId: string, day: Day, actor: WebhookActor = { type: "system" }): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    UPDATE terminations SET status = 'FILED', filing_batch_id = ${batchId}::uuid, filed_date = ${day}::date, updated_at = now()
     WHERE id = ANY(${`{${ids.join(",")}}`}::uuid[]) AND status = 'TO_FILE' AND (filing_batch_id IS NULL OR filing_batch_id = ${batchId}::uuid)
     RETURNING id`;
  const filed = rows.map((r) => r.id);
  // termination.filed in the transaction that files them: the event exists exactly when they are FILED.
  await emitTerminationsFiled(db, filed, actor);
  return filed;
}

type TerminationRaw = {
  id: string;
  npn: string;
  state_code: string;
  licence_number: string | null;
  naic_company_code: string | null;
  reason_code: string;
  effective_date: Day;
  ssn_encrypted: string | null;
  lines: string[] | null;
  any_line: string | null;
};

/**
 * The terminations a filing run takes: TO_FILE and in no batch yet (batchId null: every one, whatever
 * its due date, locked so a second run meanwhile skips them), or those of one http batch to send
 * again. One row per line of authority the state was appointed for (Florida terminates each TYCL);
 * a carrier without a NAIC company code leaves its terminations TO_FILE, reported.
 */
export async function terminationsToFile(db: SqlDb, batchId: string | null): Promise<{ rows: TerminationFilingRow[]; skipped: string[] }> {
  const raw = await db.$queryRaw<TerminationRaw[]>`
    SELECT t.id, t.npn, t.state_code, t.licence_number, c.naic_company_code, t.reason_code, t.effective_date::text AS effective_date, a.ssn_encrypted,
           (SELECT array_agg(DISTINCT f.line_of_authority ORDER BY f.line_of_authority) FROM appointment_filings f
             WHERE f.agent_id = t.agent_id AND f.state_code = t.state_code AND f.carrier_id = t.carrier_id AND f.status IN ('FILED', 'ACCEPTED')) AS lines,
           (SELECT min(f.line_of_authority) FROM appointment_filings f WHERE f.agent_id = t.agent_id AND f.state_code = t.state_code) AS any_line
      FROM terminations t
      JOIN carriers c ON c.carrier_id = t.carrier_id
      JOIN agents a ON a.id = t.agent_id
     WHERE t.status = 'TO_FILE' AND t.filing_batch_id IS NOT DISTINCT FROM ${batchId}::uuid
     ORDER BY t.state_code, t.npn, t.id
       FOR UPDATE OF t SKIP LOCKED`;
  const rows: TerminationFilingRow[] = [];
  const skipped: string[] = [];
  for (const t of raw) {
    if (!t.naic_company_code) {
      skipped.push(t.id);
      continue;
    }
    // An appointment withdrawn after its filing leaves no FILED line: the state's line as recorded.
    const lines = (t.lines?.length ? t.lines : t.any_line ? [t.any_line] : []).filter(isLineOfAuthority);
    for (const line of lines) {
      rows.push({
        filingId: t.id,
        npn: t.npn,
        stateCode: t.state_code,
        naicCompanyCode: t.naic_company_code,
        lineOfAuthority: line,
        LICENSE_NUM: t.licence_number,
        SSN: t.ssn_encrypted,
        TYCL: floridaTycl(line),
        TERMINATION_REASON_CD: t.reason_code,
        TERMINATION_DT: t.effective_date,
        // The portal keeps no county appointments yet: every termination is of a state appointment.
        STATE_OR_COUNTY_CD: "S",
        APPOINTMENT_COUNTY: null,
      });
    }
  }
  return { rows, skipped };
}
