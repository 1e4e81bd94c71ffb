// What both filing adapters share (decision 0112, split from adapter.server.ts by decision 0115):
// the run's input and result, the error, the appointment filings a run takes, one request per
// appointment, the run's audit.
import type { Prisma } from "~/generated/prisma/client";
import { isLineOfAuthority, type Day } from "~/features/licences/status";
import { auditRow } from "~/lib/audit.server";
import type { AppointmentFilingRow, FilingLayout } from "./layouts.server";

export type Db = Prisma.TransactionClient;

export type FilingRunInput = {
  /** The period filed: every filing TO_FILE due by `to` (`from` names the batch and its files). */
  period: { from: Day; to: Day };
  actorId: string | null;
  now?: Date;
};

export type FilingAnswer = { filingId: string; status: "ACCEPTED" | "REJECTED" | "PENDING"; reason?: string | null };

export type FilingRunResult = {
  /** Null: nothing to file in the period. */
  batchId: string | null;
  /** Appointment filings the run filed (FILED, or answered at once by the service). */
  filed: number;
  accepted: number;
  rejected: number;
  /** Filings and terminations left TO_FILE: their carrier has no NAIC company code yet. */
  skipped: Array<{ filingId: string; reason: "NAIC_MISSING"; kind?: "termination" }>;
  /** File adapter: the files written. */
  files: Array<{ id: string; layout: FilingLayout; rows: number }>;
  /** The terminations (TO_FILE, every one) the run filed, and of them those the service answered at once. */
  terminations: { filed: number; accepted: number; rejected: number };
  /** HTTP adapter: the batches left unanswered by an earlier run, sent again first, and what they filed. */
  resent?: { batches: number; filed: number; terminations: number };
};

export const emptyRun = (skipped: FilingRunResult["skipped"] = []): FilingRunResult => ({
  batchId: null,
  filed: 0,
  accepted: 0,
  rejected: 0,
  skipped,
  files: [],
  terminations: { filed: 0, accepted: 0, rejected: 0 },
});

/** The terminations a carrier without a NAIC code keeps TO_FILE, as the run reports them. */
export const skippedTerminations = (ids: readonly string[]): FilingRunResult["skipped"] => ids.map((filingId) => ({ filingId, reason: "NAIC_MISSING", kind: "termination" }));

export interface FilingAdapter {
  readonly name: "file" | "http";
  run(input: FilingRunInput): Promise<FilingRunResult>;
}

/** A run that could not file; `message` is for the administrator (the job logs it). */
export class FilingError extends Error {
  override name = "FilingError";
}


type RawRow = {
  id: string;
  npn: string;
  state_code: string;
  licence_number: string | null;
  naic_company_code: string | null;
  line_of_authority: string;
  effective_date: string | null;
  fee_amount: string;
  due_date: string | null;
  ssn_encrypted: string | null;
};

const DUE_BY = "f.filing_batch_id IS NULL AND f.due_date <= $1::date";
const IN_BATCH = "f.filing_batch_id = $1::uuid";

/** The filings of a period (locked: a second run meanwhile skips them), or of one http batch to send again. */
export async function filingRows(db: Db, where: { dueBy: Day } | { batchId: string }): Promise<{ rows: AppointmentFilingRow[]; skipped: FilingRunResult["skipped"] }> {
  const cond = "dueBy" in where ? DUE_BY : IN_BATCH;
  const raw = await db.$queryRawUnsafe<RawRow[]>(
    `SELECT f.id, f.npn, f.state_code, f.licence_number, c.naic_company_code, f.line_of_authority,
            f.effective_date::text AS effective_date, f.fee_amount::text AS fee_amount, f.due_date::text AS due_date, a.ssn_encrypted
       FROM appointment_filings f
       JOIN carriers c ON c.carrier_id = f.carrier_id
       JOIN agents a ON a.id = f.agent_id
      WHERE f.status = 'TO_FILE' AND ${cond}
      ORDER BY f.state_code, f.npn, f.line_of_authority, f.id
      FOR UPDATE OF f SKIP LOCKED`,
    "dueBy" in where ? where.dueBy : where.batchId,
  );
  const rows: AppointmentFilingRow[] = [];
  const skipped: FilingRunResult["skipped"] = [];
  for (const r of raw) {
    if (!r.naic_company_code) {
      skipped.push({ filingId: r.id, reason: "NAIC_MISSING" });
      continue;
    }
    if (!isLineOfAuthority(r.line_of_authority)) continue;
    rows.push({
      filingId: r.id,
      npn: r.npn,
      stateCode: r.state_code,
      licenceNumber: r.licence_number,
      naicCompanyCode: r.naic_company_code,
      lineOfAuthority: r.line_of_authority,
      effectiveDate: r.effective_date,
      feeAmount: r.fee_amount,
      dueDate: r.due_date,
      ssnEncrypted: r.ssn_encrypted,
    });
  }
  return { rows, skipped };
}

/**
 * One request per NPN, state, NAIC company code and line (decision 0109 left it here): two
 * positions of one person with one carrier are one appointment for the state. The first (by the
 * rows' order) is sent; `twins` are filed, and answered, with it.
 */
export function oneRequestEach(rows: readonly AppointmentFilingRow[]): { sent: AppointmentFilingRow[]; twins: Map<string, string[]> } {
  const first = new Map<string, AppointmentFilingRow>();
  const twins = new Map<string, string[]>();
  for (const r of rows) {
    const key = `${r.npn}|${r.stateCode}|${r.naicCompanyCode}|${r.lineOfAuthority}`;
    const f = first.get(key);
    if (!f) first.set(key, r);
    else twins.set(f.filingId, [...(twins.get(f.filingId) ?? []), r.filingId]);
  }
  return { sent: [...first.values()], twins };
}

export async function auditRun(db: Db, actorId: string | null, batchId: string, details: Record<string, unknown>) {
  const row = auditRow("FILINGS_FILED", { actorUserId: actorId, targetType: "FilingBatch", targetId: batchId, details });
  await db.auditLog.create({ data: { ...row, details: JSON.parse(row.details!) as never } });
}

export const dayString = (d: Date): Day => d.toISOString().slice(0, 10);
