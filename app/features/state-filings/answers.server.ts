// A state's answer file read back (issue 37 item 4, decision 0112): a CSV with a header naming
// FILING_ID (or LICENSE_NUM and STATE), RESULT (ACCEPTED or REJECTED) and REASON, any order, any
// case. Each line marks the FILED filings it names: by filing id, or every FILED filing with that
// licence number in that state (one per line of authority). All or nothing: a line that names no
// filing awaiting an answer, or is malformed, is reported with its number and nothing is applied.
// Reading the same file again changes nothing (a filing already answered the same way is skipped).
// Each filing answered emits appointment.accepted or .rejected in the same transaction.
import { parse } from "csv-parse/sync";
import { actorOf } from "~/features/webhooks/event-data.server";
import { emitFilingEvents } from "~/features/webhooks/filing-events.server";
import { auditRow } from "~/lib/audit.server";
import { prisma } from "~/lib/db.server";
import { FILING_MESSAGES as M } from "./filing-messages";
import { isUuid } from "~/lib/uuid";

export type AnswerProblem = { line: number; message: string };
export type AnswerOutcome = { ok: true; accepted: number; rejected: number; unchanged: number } | { ok: false; problems: AnswerProblem[] };

type Line = { line: number; filingId: string; licence: string; state: string; result: string; reason: string };

function readLines(text: string): Line[] | AnswerProblem {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (error) {
    return { line: 1, message: M.answerNotCsv((error as Error).message.slice(0, 120)) };
  }
  const header = (records[0] ?? []).map((h) => h.toUpperCase());
  const col = (name: string) => header.indexOf(name);
  const [id, licence, state, result, reason] = ["FILING_ID", "LICENSE_NUM", "STATE", "RESULT", "REASON"].map(col);
  if (result < 0 || reason < 0 || (id < 0 && (licence < 0 || state < 0))) return { line: 1, message: M.answerHeader };
  const at = (r: string[], i: number) => (i >= 0 ? (r[i] ?? "") : "");
  return records.slice(1).map((r, i) => ({
    line: i + 2,
    filingId: at(r, id),
    licence: at(r, licence),
    state: at(r, state).toUpperCase(),
    result: at(r, result).toUpperCase(),
    reason: at(r, reason),
  }));
}

const ANSWERABLE = ["FILED", "ACCEPTED", "REJECTED"];
const SELECT = { id: true, status: true, rejectionReason: true, filingBatchId: true, npn: true, stateCode: true, lineOfAuthority: true, carrier: { select: { naicCompanyCode: true } } } as const;

/** Applies the answer file (the caller has checked manage:state-filings). Audited (FILING_ANSWERS_APPLIED). */
export async function applyAnswerFile(text: string, actor: { id: string; request?: Request; now?: Date }): Promise<AnswerOutcome> {
  const lines = readLines(text);
  if (!Array.isArray(lines)) return { ok: false, problems: [lines] };
  const now = actor.now ?? new Date();
  return prisma.$transaction(async (tx) => {
    const problems: AnswerProblem[] = [];
    const plan = new Map<string, { status: "ACCEPTED" | "REJECTED"; reason: string | null }>();
    let unchanged = 0;
    for (const l of lines) {
      if (l.result !== "ACCEPTED" && l.result !== "REJECTED") {
        problems.push({ line: l.line, message: M.answerResult });
        continue;
      }
      if (l.result === "REJECTED" && !l.reason) {
        problems.push({ line: l.line, message: M.answerReasonRequired });
        continue;
      }
      if (!l.filingId && !(l.licence && l.state)) {
        problems.push({ line: l.line, message: M.answerNoKey });
        continue;
      }
      if (l.filingId && !isUuid(l.filingId)) {
        problems.push({ line: l.line, message: M.answerUnknown });
        continue;
      }
      const where = l.filingId ? { id: l.filingId } : { licenceNumber: l.licence, stateCode: l.state };
      let found = await tx.appointmentFiling.findMany({ where: { ...where, status: { in: ANSWERABLE } }, select: SELECT });
      // A filing id answers its twins too: filed in the same batch as one request (oneRequestEach).
      if (l.filingId && found[0]?.filingBatchId) {
        const f = found[0];
        found = await tx.appointmentFiling.findMany({
          where: { filingBatchId: f.filingBatchId, npn: f.npn, stateCode: f.stateCode, lineOfAuthority: f.lineOfAuthority, carrier: { naicCompanyCode: f.carrier.naicCompanyCode }, status: { in: ANSWERABLE } },
          select: SELECT,
        });
      }
      const open = found.filter((f) => f.status === "FILED");
      const same = found.filter((f) => f.status === l.result && (l.result === "ACCEPTED" || f.rejectionReason === l.reason));
      const other = found.filter((f) => f.status !== "FILED" && !same.includes(f));
      if (found.length === 0) problems.push({ line: l.line, message: M.answerUnknown });
      else if (other.length) problems.push({ line: l.line, message: M.answerConflict(other[0]!.status) });
      else if (open.some((f) => plan.has(f.id))) problems.push({ line: l.line, message: M.answerTwice });
      else {
        for (const f of open) plan.set(f.id, { status: l.result, reason: l.result === "REJECTED" ? l.reason : null });
        unchanged += same.length;
      }
    }
    if (problems.length) return { ok: false as const, problems };
    let accepted = 0;
    let rejected = 0;
    for (const [id, a] of plan) {
      const n = (await tx.appointmentFiling.updateMany({ where: { id, status: "FILED" }, data: { status: a.status, rejectionReason: a.reason, answeredAt: now } })).count;
      // Changed since it was read (another reading of the file): all of it is undone.
      if (n !== 1) throw new Error(`Filing ${id} changed while the answer file was applied; nothing was applied`);
      if (a.status === "ACCEPTED") accepted += n;
      else rejected += n;
    }
    await emitFilingEvents(tx, [...plan.keys()], { actor: actorOf(actor.id), source: "answer_file" });
    const row = auditRow("FILING_ANSWERS_APPLIED", { request: actor.request, actorUserId: actor.id, targetType: "AppointmentFiling", details: { lines: lines.length, accepted, rejected, unchanged } });
    await tx.auditLog.create({ data: { ...row, details: JSON.parse(row.details!) as never } });
    return { ok: true as const, accepted, rejected, unchanged };
  });
}
