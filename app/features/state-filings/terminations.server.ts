// Terminations (issue 37 item 3, decision 0111): deactivating a position, on screen, by the
// hierarchy import or the API, makes in the deactivation's own transaction one termination to file
// per state the position was appointed in (an appointment filing FILED or ACCEPTED), and withdraws
// the appointments not yet with the state (TO_FILE, HELD) with the reason. For cause, the case: the
// notice to the commissioner (electronic where the state takes it, else by letter) and the copy to
// the producer, mailed through send-email. Written in SQL over `$queryRaw`, so the import's pg
// client (pgEventDb) and a Prisma transaction run the same statements. The rules: terminations.ts.
import type { Prisma } from "~/generated/prisma/client";
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { isLineOfAuthority } from "~/features/licences/status";
import { addDays, dayOf, type Day } from "~/lib/days";
import { floridaTycl, type TerminationFilingRow } from "./layouts.server";
import { renderTerminationCopy } from "./termination-email.server";
import { TERMINATION_MESSAGES, reasonOf, terminationDueDate, terminationIssues, type ReasonChoice, type TerminationIssue, type TerminationSource, type TerminationState } from "./terminations";

export type SqlDb = Pick<Prisma.TransactionClient, "$queryRaw">;

type StateRow = TerminationState & { agentId: number };

/**
 * The states of each position with an appointment filing still standing (not WITHDRAWN nor
 * REJECTED), with the state's rule and reasons as they are now.
 */
export async function terminationStates(db: SqlDb, agentIds: readonly number[]): Promise<Map<number, TerminationState[]>> {
  const out = new Map<number, TerminationState[]>();
  if (agentIds.length === 0) return out;
  const rows = await db.$queryRaw<Array<StateRow & { reasons: TerminationState["reasons"] | null }>>`
    SELECT f.agent_id AS "agentId", f.state_code AS "stateCode",
           bool_or(f.status IN ('FILED', 'ACCEPTED')) AS appointed,
           r.termination_days AS "terminationDays", r.termination_for_cause_days AS "terminationForCauseDays",
           r.producer_copy_days AS "producerCopyDays", r.for_cause_electronic AS "forCauseElectronic",
           r.backdate_max_days AS "backdateMaxDays",
           (SELECT json_agg(json_build_object('code', t.code, 'label', t.label, 'forCause', t.for_cause) ORDER BY t.sort_order, t.id)
              FROM state_termination_reasons t WHERE t.state_code = f.state_code) AS reasons
      FROM appointment_filings f JOIN state_rules r ON r.state_code = f.state_code
     WHERE f.agent_id = ANY(${`{${agentIds.join(",")}}`}::int[]) AND f.status IN ('TO_FILE', 'HELD', 'FILED', 'ACCEPTED')
     GROUP BY f.agent_id, f.state_code, r.state_code
     ORDER BY f.agent_id, f.state_code`;
  for (const r of rows) {
    const list = out.get(r.agentId) ?? [];
    list.push({ ...r, reasons: r.reasons ?? [] });
    out.set(r.agentId, list);
  }
  return out;
}

/** Every code some state accepts: what a position appointed nowhere may be terminated with. */
export async function anyStateReasonCodes(db: SqlDb): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ code: string }>>`SELECT DISTINCT code FROM state_termination_reasons ORDER BY code`;
  return rows.map((r) => r.code);
}

/** The reasons offered for a position appointed nowhere: each code once, with its first meaning. */
export async function anyStateReasons(db: SqlDb): Promise<TerminationState["reasons"]> {
  return db.$queryRaw<Array<{ code: string; label: string; forCause: boolean }>>`
    SELECT DISTINCT ON (code) code, label, for_cause AS "forCause" FROM state_termination_reasons ORDER BY code, state_code`;
}

/** Checks one deactivation against the states of the position (the form, the import line, the API item). */
export async function checkDeactivation(
  db: SqlDb,
  agentId: number,
  choice: ReasonChoice | null | "invalid",
  effectiveDate: Day | null,
  opts: { now: Date; missingReason?: string },
): Promise<TerminationIssue[]> {
  const states = (await terminationStates(db, [agentId])).get(agentId) ?? [];
  return terminationIssues(states, choice, effectiveDate, dayOf(opts.now), { anyStateCodes: await anyStateReasonCodes(db), missingReason: opts.missingReason });
}

export type TerminationsMade = { terminations: number; withdrawn: number; forCause: number };

/**
 * The terminations of one deactivated position, in the caller's transaction, after the checks
 * (checkDeactivation) passed: one per appointed state (reason code and meaning copied, due date from
 * the state's days), WITHDRAWN for the filings not yet with the state, and for cause the case with
 * the copy to the producer queued. Made twice for the same day, it makes nothing twice.
 */
export async function makeTerminations(
  db: SqlDb,
  agentId: number,
  choice: ReasonChoice,
  effectiveDate: Day,
  ctx: { now: Date; actorId: string | null; source: TerminationSource },
): Promise<TerminationsMade> {
  const states = (await terminationStates(db, [agentId])).get(agentId) ?? [];
  const today = dayOf(ctx.now);
  const out: TerminationsMade = { terminations: 0, withdrawn: 0, forCause: 0 };
  const copies: Array<{ id: string; state: TerminationState; reason: TerminationState["reasons"][number] }> = [];
  for (const s of states) {
    const reason = s.reasons.find((r) => r.code === reasonOf(choice, s.stateCode));
    // The checks ran first; a reason gone meanwhile refuses the whole deactivation.
    if (!reason) throw new Error(`terminations: ${s.stateCode} does not accept the reason given`);
    const withdrawn = await db.$queryRaw<Array<{ id: string }>>`
      UPDATE appointment_filings SET status = 'WITHDRAWN', withdrawn_reason = ${TERMINATION_MESSAGES.withdrawnReason(reason.code, reason.label)}, updated_at = now()
       WHERE agent_id = ${agentId}::int AND state_code = ${s.stateCode} AND status IN ('TO_FILE', 'HELD') RETURNING id`;
    out.withdrawn += withdrawn.length;
    if (!s.appointed) continue;
    const due = terminationDueDate(s, effectiveDate, reason.forCause);
    const method = reason.forCause ? (s.forCauseElectronic ? "ELECTRONIC" : "LETTER") : null;
    const copyDue = reason.forCause ? addDays(today, s.producerCopyDays) : null;
    const made = await db.$queryRaw<Array<{ id: string }>>`
      INSERT INTO terminations (id, agent_id, npn, state_code, licence_number, carrier_id, reason_code, reason_label, for_cause,
                                effective_date, due_date, status, source, notice_method, producer_copy_due_date, created_by_id, updated_at)
      SELECT gen_random_uuid(), f.agent_id, f.npn, f.state_code, f.licence_number, f.carrier_id, ${reason.code}, ${reason.label}, ${reason.forCause},
             ${effectiveDate}::date, ${due}::date, 'TO_FILE', ${ctx.source}, ${method}, ${copyDue}::date, ${ctx.actorId}::uuid, now()
        FROM appointment_filings f
       WHERE f.agent_id = ${agentId}::int AND f.state_code = ${s.stateCode} AND f.status IN ('FILED', 'ACCEPTED')
       ORDER BY f.created_at LIMIT 1
      ON CONFLICT (agent_id, state_code, effective_date) DO NOTHING
      RETURNING id`;
    if (!made[0]) continue;
    out.terminations++;
    if (reason.forCause) {
      out.forCause++;
      copies.push({ id: made[0].id, state: s, reason });
    }
  }
  if (copies.length) await queueProducerCopies(db, agentId, effectiveDate, copies);
  return out;
}

/** The copy of each for-cause notice to the producer, one mail per termination (its key: sent once). */
async function queueProducerCopies(
  db: SqlDb,
  agentId: number,
  effectiveDate: Day,
  copies: ReadonlyArray<{ id: string; state: TerminationState; reason: TerminationState["reasons"][number] }>,
) {
  const [agent] = await db.$queryRaw<Array<{ email: string | null; first_name: string | null; last_name: string | null; company_name: string | null }>>`
    SELECT email, first_name, last_name, company_name FROM agents WHERE id = ${agentId}::int`;
  // No address on record: the case shows the copy as not sent, for an administrator to send by post.
  if (!agent?.email) return;
  const name = [agent.first_name, agent.last_name].filter(Boolean).join(" ") || agent.company_name || "";
  for (const c of copies) {
    const mail = renderTerminationCopy({ name, stateCode: c.state.stateCode, reasonCode: c.reason.code, reasonLabel: c.reason.label, effectiveDate });
    await queueJob(db, "send-email", { to: agent.email, subject: mail.subject, html: mail.html, text: mail.text, relatedType: TERMINATION_COPY, relatedId: c.id }, jobOptions.terminationCopyMail(c.id));
  }
}

/** The mail's relatedType: send-email records the copy as sent on its termination (markProducerCopySent). */
export const TERMINATION_COPY = "TerminationCopy";

/** Called by send-email once the copy is delivered: the case's 'copy sent' (first delivery only). */
export async function markProducerCopySent(db: SqlDb, terminationId: string, at: Date): Promise<void> {
  await db.$queryRaw`UPDATE terminations SET producer_copy_sent_at = ${at}::timestamptz, updated_at = now()
                      WHERE id = ${terminationId}::uuid AND producer_copy_sent_at IS NULL RETURNING id`;
}

/** An administrator records the day the letter to the commissioner was sent (a LETTER case; once). */
export async function recordNoticeSent(db: SqlDb, terminationId: string, day: Day, actorId: string): Promise<boolean> {
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    UPDATE terminations SET notice_sent_on = ${day}::date, notice_sent_by_id = ${actorId}::uuid, updated_at = now()
     WHERE id = ${terminationId}::uuid AND notice_method = 'LETTER' AND notice_sent_on IS NULL AND ${day}::date <= current_date RETURNING id`;
  return rows.length === 1;
}

/** Adds one of the portal's stored files to a termination's case (an upload on the form, or later). */
export async function addCaseDocument(db: SqlDb, terminationId: string, storedFileId: string, actorId: string | null): Promise<void> {
  await db.$queryRaw`INSERT INTO termination_documents (termination_id, stored_file_id, created_by_id)
                     VALUES (${terminationId}::uuid, ${storedFileId}::uuid, ${actorId}::uuid) ON CONFLICT DO NOTHING RETURNING termination_id`;
}

/**
 * Marks terminations FILED with their batch and day (a file run in its own transaction, an http run
 * once the service answered): the one place a termination becomes FILED, guarded by TO_FILE (a
 * second call for the same ids marks nothing). Returns the ids it marked.
 */
export async function markTerminationsFiled(db: SqlDb, ids: readonly string[], batchId: string, day: Day): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<Array<{ id: string }>>`
    UPDATE terminations SET status = 'FILED', filing_batch_id = ${batchId}::uuid, filed_date = ${day}::date, updated_at = now()
     WHERE id = ANY(${`{${ids.join(",")}}`}::uuid[]) AND status = 'TO_FILE' AND (filing_batch_id IS NULL OR filing_batch_id = ${batchId}::uuid)
     RETURNING id`;
  return rows.map((r) => r.id);
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
