// Filing through an adapter (issue 37 item 4, decision 0112), modelled on the licence lookup:
// FILING_ADAPTER chooses one (env.server.ts checks the settings at start).
// - 'file' (default): the period's files (layouts.server.ts), stored encrypted for an
//   administrator to download once (filing-files.server.ts) and upload; the state's answer file is
//   read back by answers.server.ts. Files and FILED are written in one transaction: a filing is in
//   one file once, whatever crashes.
// - 'http': POST FILING_HTTP_URL per batch as JSON (Authorization: Bearer FILING_HTTP_TOKEN), the
//   service's answer per filing applied. The batch is recorded on its filings before it is sent and
//   sent again with the same id (Idempotency-Key) until answered: a crash files nothing twice.
// A run takes the appointment filings TO_FILE due by the period's end (earlier ones left unfiled
// included); terminations (item 3) are given to it as rows. Each filing marked emits its webhook
// event (appointment.filed, .accepted, .rejected) in the transaction that marks it.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { dayOf, isLineOfAuthority, type Day } from "~/features/licences/status";
import { actorOf } from "~/features/webhooks/event-data.server";
import { emitFilingEvents } from "~/features/webhooks/filing-events.server";
import { auditRow } from "~/lib/audit.server";
import { encryptField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { saveFile } from "~/lib/storage.server";
import { FILING_MESSAGES as M } from "./filing-messages";
import { filingFiles, type AppointmentFilingRow, type FilingLayout, type TerminationFilingRow } from "./layouts.server";
import { dateOf } from "~/lib/days";

type Db = Prisma.TransactionClient;

export type FilingRunInput = {
  /** The period filed: every filing TO_FILE due by `to` (`from` names the batch and its files). */
  period: { from: Day; to: Day };
  /** Terminations to file with the period's appointments (item 3); written, not marked here. */
  terminations?: readonly TerminationFilingRow[];
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
  /** Filings left TO_FILE: their carrier has no NAIC company code yet. */
  skipped: Array<{ filingId: string; reason: "NAIC_MISSING" }>;
  /** File adapter: the files written. */
  files: Array<{ id: string; layout: FilingLayout; rows: number }>;
  /** HTTP adapter: the service's answers to the terminations given (item 3 records them). */
  terminationAnswers: FilingAnswer[];
};

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
async function filingRows(db: Db, where: { dueBy: Day } | { batchId: string }): Promise<{ rows: AppointmentFilingRow[]; skipped: FilingRunResult["skipped"] }> {
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

async function auditRun(db: Db, actorId: string | null, batchId: string, details: Record<string, unknown>) {
  const row = auditRow("FILINGS_FILED", { actorUserId: actorId, targetType: "FilingBatch", targetId: batchId, details });
  await db.auditLog.create({ data: { ...row, details: JSON.parse(row.details!) as never } });
}

const FILE_NAMES: Record<FilingLayout, (from: Day, to: Day) => string> = {
  GENERIC_APPOINTMENTS: (f, t) => `appointments-${f}-to-${t}.csv`,
  FL_APPOINTMENTS: (f, t) => `FL-eappoint-appointments-${f}-to-${t}.csv`,
  GENERIC_TERMINATIONS: (f, t) => `terminations-${f}-to-${t}.csv`,
  FL_TERMINATIONS: (f, t) => `FL-eappoint-terminations-${f}-to-${t}.csv`,
};

/** The file adapter: one transaction writes the batch, its encrypted files and FILED on each filing in them. */
export function fileAdapter(): FilingAdapter {
  return {
    name: "file",
    async run(input) {
      const now = input.now ?? new Date();
      const terminations = input.terminations ?? [];
      return prisma.$transaction(
        async (tx) => {
          const { rows, skipped } = await filingRows(tx, { dueBy: input.period.to });
          const empty: FilingRunResult = { batchId: null, filed: 0, accepted: 0, rejected: 0, skipped, files: [], terminationAnswers: [] };
          if (rows.length === 0 && terminations.length === 0) return empty;
          const batch = await tx.filingBatch.create({
            data: { adapter: "file", periodFrom: dateOf(input.period.from), periodTo: dateOf(input.period.to), createdById: input.actorId, createdAt: now, sentAt: now },
          });
          const files: FilingRunResult["files"] = [];
          for (const f of filingFiles(oneRequestEach(rows).sent, terminations)) {
            const fileName = FILE_NAMES[f.layout](input.period.from, input.period.to);
            // The stored bytes are the CSV sealed as one field value: the key and its rotation are the SSN columns'.
            const stored = await saveFile({ bytes: Buffer.from(encryptField(f.text), "utf8"), fileName, contentType: "application/octet-stream", createdById: input.actorId }, tx);
            const row = await tx.filingFile.create({ data: { batchId: batch.id, layout: f.layout, fileName, rowCount: f.rows, storedFileId: stored.id, createdAt: now } });
            files.push({ id: row.id, layout: f.layout, rows: f.rows });
          }
          const ids = rows.map((r) => r.filingId);
          const marked = await tx.appointmentFiling.updateManyAndReturn({ where: { id: { in: ids }, status: "TO_FILE" }, data: { status: "FILED", filingBatchId: batch.id, filedDate: dateOf(dayOf(now)) }, select: { id: true } });
          const filed = marked.length;
          await emitFilingEvents(tx, marked.map((m) => m.id), { actor: actorOf(input.actorId), source: "file_run" });
          await auditRun(tx, input.actorId, batch.id, { adapter: "file", period: input.period, filed, terminations: terminations.length, files: files.map((f) => f.layout), skipped: skipped.length });
          return { ...empty, batchId: batch.id, filed, files };
        },
        { timeout: 120_000 },
      );
    },
  };
}

/** What the filing service answers (decision 0112): one result per filing and termination sent. */
export const filingServiceAnswerSchema = z.object({
  results: z
    .array(
      z.object({
        filingId: z.string().min(1).max(100),
        status: z.enum(["ACCEPTED", "REJECTED", "PENDING"]),
        reason: z.string().trim().max(500).nullish(),
      }),
    )
    .max(100_000),
});

/** A filing as the service is sent it: the filing's fields, never the SSN (the service keys by NPN). */
const sentFiling = (r: AppointmentFilingRow) => ({
  filingId: r.filingId,
  npn: r.npn,
  stateCode: r.stateCode,
  licenceNumber: r.licenceNumber,
  naicCompanyCode: r.naicCompanyCode,
  lineOfAuthority: r.lineOfAuthority,
  effectiveDate: r.effectiveDate,
  feeAmount: r.feeAmount,
  dueDate: r.dueDate,
});
const sentTermination = ({ SSN: _ssn, ...t }: TerminationFilingRow) => t;

type HttpOpts = { url: string; token: string; timeoutMs: number };

async function post(opts: HttpOpts, batchId: string, body: unknown): Promise<FilingAnswer[]> {
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let res: Response;
  try {
    res = await fetch(opts.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${opts.token}`, "Idempotency-Key": batchId },
      body: JSON.stringify(body),
      redirect: "error",
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw new FilingError(M.httpTimeout(opts.timeoutMs));
    throw new FilingError(M.httpUnreachable(String((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message)));
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel().catch(() => {});
    throw new TokenRefused(M.httpTokenRefused(res.status));
  }
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => {});
    throw new FilingError(M.httpStatus(res.status));
  }
  let json: unknown;
  try {
    json = JSON.parse(await res.text());
  } catch {
    throw new FilingError(M.httpMalformed("the answer", "not JSON"));
  }
  const answer = filingServiceAnswerSchema.safeParse(json);
  if (!answer.success) {
    const issue = answer.error.issues[0]!;
    throw new FilingError(M.httpMalformed(issue.path.join(".") || "the answer", issue.message));
  }
  return answer.data.results;
}

class TokenRefused extends FilingError {}

/** Every id sent answered once, nothing else; a REJECTED one with its reason. */
function checkAnswers(sent: readonly string[], answers: readonly FilingAnswer[]): void {
  const left = new Set(sent);
  answers.forEach((a, i) => {
    if (!left.delete(a.filingId)) throw new FilingError(M.httpMalformed(`results.${i}.filingId`, "not one of the batch's filings, or answered twice"));
    if (a.status === "REJECTED" && !a.reason) throw new FilingError(M.httpMalformed(`results.${i}.reason`, "a rejection without the state's reason"));
  });
  if (left.size) throw new FilingError(M.httpMalformed("results", `${left.size} filing(s) not answered`));
}

/** The HTTP adapter: batches recorded on their filings first, then sent; unanswered batches are sent again first. */
export function httpAdapter(opts: HttpOpts): FilingAdapter {
  async function send(batchId: string, period: { from: Day; to: Day }, terminations: readonly TerminationFilingRow[], actorId: string | null, now: Date): Promise<FilingRunResult> {
    const { sent: rows, twins } = oneRequestEach((await filingRows(prisma, { batchId })).rows);
    let answers: FilingAnswer[];
    try {
      answers = await post(opts, batchId, { batchId, period, filings: rows.map(sentFiling), terminations: terminations.map(sentTermination) });
      checkAnswers([...rows.map((r) => r.filingId), ...terminations.map((t) => t.filingId)], answers);
    } catch (error) {
      // A refused token: nothing was filed; the filings go back to the next run's pick.
      if (error instanceof TokenRefused) {
        await prisma.$transaction(async (tx) => {
          await tx.appointmentFiling.updateMany({ where: { filingBatchId: batchId, status: "TO_FILE" }, data: { filingBatchId: null } });
          await tx.filingBatch.delete({ where: { id: batchId } });
        });
      }
      throw error;
    }
    const appointmentIds = new Set(rows.map((r) => r.filingId));
    return prisma.$transaction(async (tx) => {
      const out: FilingRunResult = { batchId, filed: 0, accepted: 0, rejected: 0, skipped: [], files: [], terminationAnswers: [] };
      const changed: string[] = [];
      for (const a of answers) {
        if (!appointmentIds.has(a.filingId)) {
          out.terminationAnswers.push(a);
          continue;
        }
        const data =
          a.status === "PENDING"
            ? { status: "FILED", filedDate: dateOf(dayOf(now)) }
            : { status: a.status, filedDate: dateOf(dayOf(now)), answeredAt: now, rejectionReason: a.status === "REJECTED" ? a.reason! : null };
        const ids = [a.filingId, ...(twins.get(a.filingId) ?? [])];
        const marked = await tx.appointmentFiling.updateManyAndReturn({ where: { id: { in: ids }, filingBatchId: batchId, status: "TO_FILE" }, data, select: { id: true } });
        changed.push(...marked.map((m) => m.id));
        const n = marked.length;
        out.filed += n;
        if (a.status === "ACCEPTED") out.accepted += n;
        if (a.status === "REJECTED") out.rejected += n;
      }
      // One event per filing, as it stands now: answered at once is accepted or rejected, PENDING is filed.
      await emitFilingEvents(tx, changed, { actor: actorOf(actorId), source: "http_run" });
      await tx.filingBatch.update({ where: { id: batchId }, data: { sentAt: now } });
      await auditRun(tx, actorId, batchId, { adapter: "http", period, filed: out.filed, accepted: out.accepted, rejected: out.rejected, terminations: terminations.length });
      return out;
    });
  }

  return {
    name: "http",
    async run(input) {
      const now = input.now ?? new Date();
      // A batch recorded but never answered (a crash, a service down): sent again, same id, first.
      const unsent = await prisma.filingBatch.findMany({ where: { adapter: "http", sentAt: null }, orderBy: { createdAt: "asc" } });
      for (const b of unsent) {
        await send(b.id, { from: dayString(b.periodFrom), to: dayString(b.periodTo) }, [], input.actorId, now);
      }
      const batchId = randomUUID();
      const picked = await prisma.$transaction(async (tx) => {
        const { rows, skipped } = await filingRows(tx, { dueBy: input.period.to });
        if (rows.length === 0 && !input.terminations?.length) return { rows, skipped, created: false };
        await tx.filingBatch.create({ data: { id: batchId, adapter: "http", periodFrom: dateOf(input.period.from), periodTo: dateOf(input.period.to), createdById: input.actorId, createdAt: now } });
        await tx.appointmentFiling.updateMany({ where: { id: { in: rows.map((r) => r.filingId) }, status: "TO_FILE" }, data: { filingBatchId: batchId } });
        return { rows, skipped, created: true };
      });
      if (!picked.created) return { batchId: null, filed: 0, accepted: 0, rejected: 0, skipped: picked.skipped, files: [], terminationAnswers: [] };
      const out = await send(batchId, input.period, input.terminations ?? [], input.actorId, now);
      return { ...out, skipped: picked.skipped };
    },
  };
}

const dayString = (d: Date): Day => d.toISOString().slice(0, 10);

/** The configured adapter (FILING_ADAPTER; env() has checked its settings at start). */
export function filingAdapter(): FilingAdapter {
  const e = env();
  if (e.FILING_ADAPTER === "http" && e.FILING_HTTP_URL && e.FILING_HTTP_TOKEN) {
    return httpAdapter({ url: e.FILING_HTTP_URL, token: e.FILING_HTTP_TOKEN, timeoutMs: e.FILING_HTTP_TIMEOUT_MS });
  }
  return fileAdapter();
}
