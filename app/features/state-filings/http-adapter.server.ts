// The HTTP filing adapter (decision 0112; terminations and the split: decision 0115): POST
// FILING_HTTP_URL per batch as JSON (Authorization: Bearer FILING_HTTP_TOKEN), the service's answer
// per filing and termination applied. The batch is recorded on its filings and terminations before
// it is sent, and sent again with the same id (Idempotency-Key) until answered: a crash files
// nothing twice.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { dayOf, type Day } from "~/features/licences/status";
import { prisma } from "~/lib/db.server";
import { dateOf } from "~/lib/days";
import { auditRun, dayString, emptyRun, filingRows, FilingError, oneRequestEach, skippedTerminations, type FilingAdapter, type FilingAnswer, type FilingRunResult } from "./adapter-core.server";
import { FILING_MESSAGES as M } from "./filing-messages";
import type { AppointmentFilingRow, TerminationFilingRow } from "./layouts.server";
import { markTerminationsFiled, terminationsToFile } from "./termination-filing.server";
import { actorOf } from "~/features/webhooks/event-data.server";
import { emitFilingEvents } from "~/features/webhooks/filing-events.server";

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

/** The HTTP adapter: batches recorded on their filings and terminations first, then sent; unanswered batches are sent again first. */
export function httpAdapter(opts: HttpOpts): FilingAdapter {
  async function send(batchId: string, period: { from: Day; to: Day }, actorId: string | null, now: Date): Promise<FilingRunResult> {
    const { sent: rows, twins } = oneRequestEach((await filingRows(prisma, { batchId })).rows);
    const terminations = (await terminationsToFile(prisma, batchId)).rows;
    let answers: FilingAnswer[];
    try {
      answers = await post(opts, batchId, { batchId, period, filings: rows.map(sentFiling), terminations: terminations.map(sentTermination) });
      checkAnswers([...rows.map((r) => r.filingId), ...terminations.map((t) => t.filingId)], answers);
    } catch (error) {
      // A refused token: nothing was filed; the filings and terminations go back to the next run's pick.
      if (error instanceof TokenRefused) {
        await prisma.$transaction(async (tx) => {
          await tx.appointmentFiling.updateMany({ where: { filingBatchId: batchId, status: "TO_FILE" }, data: { filingBatchId: null } });
          await tx.termination.updateMany({ where: { filingBatchId: batchId, status: "TO_FILE" }, data: { filingBatchId: null } });
          await tx.filingBatch.delete({ where: { id: batchId } });
        });
      }
      throw error;
    }
    const appointmentIds = new Set(rows.map((r) => r.filingId));
    const day = dayOf(now);
    return prisma.$transaction(async (tx) => {
      const out: FilingRunResult = { ...emptyRun(), batchId };
      const actor = actorOf(actorId);
      const changed: string[] = [];
      for (const a of answers) {
        if (!appointmentIds.has(a.filingId)) {
          // A termination: FILED through the one function that files them, then the state's answer on it.
          const marked = await markTerminationsFiled(tx, [a.filingId], batchId, day, actor);
          out.terminations.filed += marked.length;
          if (a.status === "PENDING" || marked.length === 0) continue;
          await tx.termination.updateMany({
            where: { id: a.filingId, filingBatchId: batchId, status: "FILED" },
            data: { status: a.status, answeredAt: now, rejectionReason: a.status === "REJECTED" ? a.reason! : null },
          });
          if (a.status === "ACCEPTED") out.terminations.accepted++;
          else out.terminations.rejected++;
          continue;
        }
        const data =
          a.status === "PENDING"
            ? { status: "FILED", filedDate: dateOf(day) }
            : { status: a.status, filedDate: dateOf(day), answeredAt: now, rejectionReason: a.status === "REJECTED" ? a.reason! : null };
        const ids = [a.filingId, ...(twins.get(a.filingId) ?? [])];
        const marked = await tx.appointmentFiling.updateManyAndReturn({ where: { id: { in: ids }, filingBatchId: batchId, status: "TO_FILE" }, data, select: { id: true } });
        changed.push(...marked.map((m) => m.id));
        const n = marked.length;
        out.filed += n;
        if (a.status === "ACCEPTED") out.accepted += n;
        if (a.status === "REJECTED") out.rejected += n;
      }
      // One event per filing, as it stands now: answered at once is accepted or rejected, PENDING is filed.
      await emitFilingEvents(tx, changed, { actor, source: "http_run" });
      await tx.filingBatch.update({ where: { id: batchId }, data: { sentAt: now } });
      await auditRun(tx, actorId, batchId, { adapter: "http", period, filed: out.filed, accepted: out.accepted, rejected: out.rejected, terminations: out.terminations.filed });
      return out;
    });
  }

  return {
    name: "http",
    async run(input) {
      const now = input.now ?? new Date();
      // A batch recorded but never answered (a crash, a service down): sent again, same id, first.
      const unsent = await prisma.filingBatch.findMany({ where: { adapter: "http", sentAt: null }, orderBy: { createdAt: "asc" } });
      const resent = { batches: 0, filed: 0, terminations: 0 };
      for (const b of unsent) {
        const r = await send(b.id, { from: dayString(b.periodFrom), to: dayString(b.periodTo) }, input.actorId, now);
        resent.batches++;
        resent.filed += r.filed;
        resent.terminations += r.terminations.filed;
      }
      const batchId = randomUUID();
      const picked = await prisma.$transaction(async (tx) => {
        const { rows, skipped } = await filingRows(tx, { dueBy: input.period.to });
        const t = await terminationsToFile(tx, null);
        const allSkipped = [...skipped, ...skippedTerminations(t.skipped)];
        if (rows.length === 0 && t.rows.length === 0) return { skipped: allSkipped, created: false };
        await tx.filingBatch.create({ data: { id: batchId, adapter: "http", periodFrom: dateOf(input.period.from), periodTo: dateOf(input.period.to), createdById: input.actorId, createdAt: now } });
        await tx.appointmentFiling.updateMany({ where: { id: { in: rows.map((r) => r.filingId) }, status: "TO_FILE" }, data: { filingBatchId: batchId } });
        // Recorded on the batch before it is sent (not FILED: that waits for the service's answer).
        await tx.termination.updateMany({ where: { id: { in: [...new Set(t.rows.map((r) => r.filingId))] }, status: "TO_FILE", filingBatchId: null }, data: { filingBatchId: batchId } });
        return { skipped: allSkipped, created: true };
      });
      if (!picked.created) return { ...emptyRun(picked.skipped), resent };
      const out = await send(batchId, input.period, input.actorId, now);
      return { ...out, skipped: picked.skipped, resent };
    },
  };
}
