// Filing through an adapter (issue 37 item 4, decision 0112), modelled on the licence lookup:
// FILING_ADAPTER chooses one (env.server.ts checks the settings at start).
// - 'file' (default): the period's files (layouts.server.ts), stored encrypted for an
//   administrator to download once (filing-files.server.ts) and upload; the state's answer file is
//   read back by answers.server.ts. Files and FILED (appointments and terminations) are written in
//   one transaction: a filing is in one file once, whatever crashes.
// - 'http' (http-adapter.server.ts): POST FILING_HTTP_URL per batch, the service's answers applied.
// A run takes the appointment filings TO_FILE due by the period's end (earlier ones left unfiled
// included) and every termination TO_FILE (decision 0115); the filing job runs it
// (filing-run.server.ts). Each filing marked emits its webhook event (appointment.filed, .accepted,
// .rejected; termination.filed) in the transaction that marks it (decision 0116).
import { dayOf, type Day } from "~/features/licences/status";
import { actorOf } from "~/features/webhooks/event-data.server";
import { emitFilingEvents } from "~/features/webhooks/filing-events.server";
import { encryptField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { dateOf } from "~/lib/days";
import { env } from "~/lib/env.server";
import { saveFile } from "~/lib/storage.server";
import { auditRun, emptyRun, filingRows, oneRequestEach, skippedTerminations, type FilingAdapter, type FilingRunResult } from "./adapter-core.server";
import { httpAdapter } from "./http-adapter.server";
import { filingFiles, type FilingLayout } from "./layouts.server";
import { markTerminationsFiled, terminationsToFile } from "./termination-filing.server";

export { FilingError, oneRequestEach, type FilingAdapter, type FilingAnswer, type FilingRunInput, type FilingRunResult } from "./adapter-core.server";
export { filingServiceAnswerSchema, httpAdapter } from "./http-adapter.server";

const FILE_NAMES: Record<FilingLayout, (from: Day, to: Day) => string> = {
  GENERIC_APPOINTMENTS: (f, t) => `appointments-${f}-to-${t}.csv`,
  FL_APPOINTMENTS: (f, t) => `FL-eappoint-appointments-${f}-to-${t}.csv`,
  GENERIC_TERMINATIONS: (f, t) => `terminations-${f}-to-${t}.csv`,
  FL_TERMINATIONS: (f, t) => `FL-eappoint-terminations-${f}-to-${t}.csv`,
};

/** The file adapter: one transaction writes the batch, its encrypted files and FILED on each filing and termination in them. */
export function fileAdapter(): FilingAdapter {
  return {
    name: "file",
    async run(input) {
      const now = input.now ?? new Date();
      return prisma.$transaction(
        async (tx) => {
          const { rows, skipped } = await filingRows(tx, { dueBy: input.period.to });
          const t = await terminationsToFile(tx, null);
          const empty: FilingRunResult = emptyRun([...skipped, ...skippedTerminations(t.skipped)]);
          if (rows.length === 0 && t.rows.length === 0) return empty;
          const batch = await tx.filingBatch.create({
            data: { adapter: "file", periodFrom: dateOf(input.period.from), periodTo: dateOf(input.period.to), createdById: input.actorId, createdAt: now, sentAt: now },
          });
          const files: FilingRunResult["files"] = [];
          for (const f of filingFiles(oneRequestEach(rows).sent, t.rows)) {
            const fileName = FILE_NAMES[f.layout](input.period.from, input.period.to);
            // The stored bytes are the CSV sealed as one field value: the key and its rotation are the SSN columns'.
            const stored = await saveFile({ bytes: Buffer.from(encryptField(f.text), "utf8"), fileName, contentType: "application/octet-stream", createdById: input.actorId }, tx);
            const row = await tx.filingFile.create({ data: { batchId: batch.id, layout: f.layout, fileName, rowCount: f.rows, storedFileId: stored.id, createdAt: now } });
            files.push({ id: row.id, layout: f.layout, rows: f.rows });
          }
          const ids = rows.map((r) => r.filingId);
          const marked = await tx.appointmentFiling.updateManyAndReturn({ where: { id: { in: ids }, status: "TO_FILE" }, data: { status: "FILED", filingBatchId: batch.id, filedDate: dateOf(dayOf(now)) }, select: { id: true } });
          const filed = marked.length;
          const actor = actorOf(input.actorId);
          await emitFilingEvents(tx, marked.map((m) => m.id), { actor, source: "file_run" });
          // In the files' transaction: a termination is FILED exactly when it is in a file.
          const terminations = (await markTerminationsFiled(tx, [...new Set(t.rows.map((r) => r.filingId))], batch.id, dayOf(now), actor)).length;
          await auditRun(tx, input.actorId, batch.id, { adapter: "file", period: input.period, filed, terminations, files: files.map((f) => f.layout), skipped: empty.skipped.length });
          return { ...empty, batchId: batch.id, filed, files, terminations: { filed: terminations, accepted: 0, rejected: 0 } };
        },
        { timeout: 120_000 },
      );
    },
  };
}

/** The configured adapter (FILING_ADAPTER; env() has checked its settings at start). */
export function filingAdapter(): FilingAdapter {
  const e = env();
  if (e.FILING_ADAPTER === "http" && e.FILING_HTTP_URL && e.FILING_HTTP_TOKEN) {
    return httpAdapter({ url: e.FILING_HTTP_URL, token: e.FILING_HTTP_TOKEN, timeoutMs: e.FILING_HTTP_TIMEOUT_MS });
  }
  return fileAdapter();
}
