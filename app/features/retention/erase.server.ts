// The retention schedule (issue 38 item 2, decision 0120), run nightly by erase-expired:
//
//   an application ABANDONED or REJECTED more than RETENTION_APPLICANT_DAYS ago, and an APPROVED one
//   whose every agent position was terminated more than RETENTION_AGENT_DAYS ago, loses its sensitive
//   numbers, birth date, driver licence number, typed secrets, uploaded documents and generated PDFs;
//   a terminated agent position loses its SSN after RETENTION_AGENT_DAYS. Nobody under a legal hold
//   (holds.server.ts) loses anything.
//
// What stays is the outline: names, dates, statuses, decisions, the audit trail. Each batch is one
// transaction that nulls the columns, sets erased_at (an erased row is never selected again), marks
// the stored files erased and lists their keys in blob_removals; the bytes are removed after the
// commit. Killed between the two, the next run's sweep (removeDeferredBlobs) removes what is listed;
// then every row that says erased is checked for bytes left behind (sweepErasedBytes).
import { Prisma } from "~/generated/prisma/client";
import { auditRow } from "~/lib/audit.server";
import { prisma } from "~/lib/db.server";
import { removeBlob, removeDeferredBlobs, storageBackend } from "~/lib/storage.server";
import { SECRET_SIGNATURE_TYPES } from "~/features/appointment/codes";
import { eraseCardData } from "~/features/appointment/submit.server";
import { DAY_MS } from "~/features/appointment/abandon.server";
import { agentHeldSql, applicationHeldSql } from "./holds.server";

export type Schedule = { applicantDays: number; agentDays: number; batchSize: number; now?: Date };
export type EraseRun = { applications: number; agents: number; files: number; batches: number; bytesRemoved: number };

type Tx = Prisma.TransactionClient;

/** An agent position whose retention after termination has run out (a deactivation without a date: its last change). */
const agentExpiredSql = (alias: string, agentCutoff: Date) =>
  Prisma.sql`(NOT ${Prisma.raw(alias)}.is_active AND COALESCE(${Prisma.raw(alias)}.termination_date, ${Prisma.raw(alias)}.updated_at::date) <= ${agentCutoff}::date)`;

/** The agent positions an application made (its own agent_id and its carrier lines'). */
const linkedAgentsSql = (a: string) =>
  Prisma.sql`SELECT ag.* FROM agents ag WHERE ag.id = ${Prisma.raw(a)}.agent_id
             OR ag.id IN (SELECT cb.agent_id FROM appointment_carrier_blocks cb WHERE cb.appointment_id = ${Prisma.raw(a)}.appointment_id)`;

/**
 * When an application (alias `a`) falls due under the schedule: abandoned or rejected, its day +
 * applicantDays; approved, the last termination of the positions it made + agentDays once every one
 * is terminated. NULL: not due (in progress, or a position still active). The one rule, read by the
 * erasure and by the retention queue (queue.server.ts).
 */
export const erasureDueSql = (a: string, s: Pick<Schedule, "applicantDays" | "agentDays">) => {
  const t = Prisma.raw(a);
  return Prisma.sql`(CASE
      WHEN ${t}.appointment_status_code = 'APWF_STATUS_ABANDONED' THEN ${t}.abandoned_at + make_interval(days => ${s.applicantDays}::int)
      WHEN ${t}.appointment_status_code = 'APWF_STATUS_REJECTED' THEN ${t}.rejected_at + make_interval(days => ${s.applicantDays}::int)
      WHEN ${t}.appointment_status_code = 'APWF_STATUS_APPROVED' THEN (
        SELECT CASE WHEN bool_or(l.is_active) THEN NULL ELSE (max(COALESCE(l.termination_date, l.updated_at::date)) + ${s.agentDays}::int)::timestamptz END
          FROM (${linkedAgentsSql(a)}) l)
    END)`;
};

/** The applications due now, oldest first, locked for this transaction (another run skips them). */
async function dueApplications(tx: Tx, s: Required<Schedule>): Promise<Array<{ id: number; rule: string }>> {
  const rows = await tx.$queryRaw<Array<{ appointment_id: number; rule: string }>>`
    SELECT a.appointment_id,
           CASE WHEN a.appointment_status_code = 'APWF_STATUS_APPROVED' THEN 'AGENT' ELSE 'APPLICANT' END AS rule
      FROM appointments a
     WHERE a.erased_at IS NULL
       AND ${erasureDueSql("a", s)} <= ${s.now}
       AND NOT ${applicationHeldSql("a")}
     ORDER BY a.appointment_id
     LIMIT ${s.batchSize}
       FOR UPDATE OF a SKIP LOCKED`;
  return rows.map((r) => ({ id: r.appointment_id, rule: r.rule }));
}

/** Erases one batch of applications in the caller's transaction; returns the storage keys to remove after the commit. */
async function eraseApplications(tx: Tx, ids: number[], now: Date): Promise<string[]> {
  await tx.appointmentPersonal.updateMany({
    where: { appointmentId: { in: ids } },
    data: { ssnEncrypted: null, ssnLast4: null, birthDate: null, businessTaxIdEncrypted: null, businessTaxIdLast4: null, driverLicenseNumber: null },
  });
  await tx.appointmentBankInfo.updateMany({
    where: { appointmentId: { in: ids } },
    data: { accountNumberEncrypted: null, accountNumberLast4: null, routingNumberEncrypted: null, routingNumberLast4: null },
  });
  // The card: decision 0087's erasure, and this time its last four too.
  await eraseCardData(tx, ids);
  await tx.appointmentCardInfo.updateMany({ where: { appointmentId: { in: ids } }, data: { cardLast4: null } });
  await tx.commissionRemitAssign.updateMany({ where: { appointmentId: { in: ids } }, data: { ssnTaxIdEncrypted: null, ssnTaxIdLast4: null } });
  await tx.appointmentIrsInfo.updateMany({ where: { appointmentId: { in: ids } }, data: { employerIdNumberEncrypted: null, employerIdNumberLast4: null } });
  // The typed secrets (the mother's maiden name): the signature's evidence (when, from where) stays.
  await tx.appointmentSignature.updateMany({
    where: { appointmentId: { in: ids }, signatureTypeCode: { in: [...SECRET_SIGNATURE_TYPES] } },
    data: { signatureValue: "" },
  });
  // Issue 38 item 1's screening report is erased here too, once it exists (its stored file below).
  const files = await tx.$queryRaw<Array<{ id: string; storage_key: string }>>`
    UPDATE stored_files f SET erased_at = ${now}
     WHERE f.erased_at IS NULL
       AND f.id IN (SELECT d.stored_file_id FROM documents d WHERE d.appointment_id = ANY(${ids}::int[]) AND d.kind_code IN ('UPLOAD', 'GENERATED'))
    RETURNING f.id, f.storage_key`;
  if (files.length) {
    const fileIds = files.map((f) => f.id);
    // A certificate the application gave the producer's records (decision 0098) goes with it.
    await tx.producerCredential.updateMany({ where: { storedFileId: { in: fileIds } }, data: { storedFileId: null } });
    await tx.$executeRaw`
      INSERT INTO blob_removals (storage_key) SELECT unnest(${files.map((f) => f.storage_key)}::text[])
      ON CONFLICT (storage_key) DO UPDATE SET requested_at = now()`;
  }
  await tx.appointment.updateMany({ where: { appointmentId: { in: ids }, erasedAt: null }, data: { erasedAt: now } });
  return files.map((f) => f.storage_key);
}

async function dueAgents(tx: Tx, s: Required<Schedule>): Promise<number[]> {
  const agentCutoff = new Date(s.now.getTime() - s.agentDays * DAY_MS);
  const rows = await tx.$queryRaw<Array<{ id: number }>>`
    SELECT ag.id FROM agents ag
     WHERE ag.erased_at IS NULL AND ${agentExpiredSql("ag", agentCutoff)} AND NOT ${agentHeldSql("ag")}
     ORDER BY ag.id LIMIT ${s.batchSize}
       FOR UPDATE OF ag SKIP LOCKED`;
  return rows.map((r) => r.id);
}

/**
 * The rows that say erased whose bytes are still in storage (a restore that brought files back, a
 * list lost with a backup's cut): removed now. Returns how many. Pages by id; one stat (S3: one
 * HEAD) per erased file a night, the price of never trusting the list alone.
 */
async function sweepErasedBytes(): Promise<number> {
  const backend = await storageBackend();
  let removed = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await prisma.storedFile.findMany({ where: { erasedAt: { not: null }, id: { gt: after } }, orderBy: { id: "asc" }, take: 500, select: { id: true, storageKey: true } });
    for (const r of rows) {
      if (await backend.exists(r.storageKey)) {
        await removeBlob(r.storageKey);
        removed++;
      }
    }
    if (rows.length < 500) return removed;
    after = rows[rows.length - 1]!.id;
  }
}

/** Every batch due now (see the top of this file). Safe to run twice, or again after a kill. */
export async function eraseExpired(schedule: Schedule): Promise<EraseRun> {
  const s: Required<Schedule> = { ...schedule, now: schedule.now ?? new Date() };
  const run: EraseRun = { applications: 0, agents: 0, files: 0, batches: 0, bytesRemoved: 0 };
  // The sweep first: bytes a killed run listed but did not remove.
  run.bytesRemoved += await removeDeferredBlobs();
  for (;;) {
    const batch = await prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SET LOCAL lock_timeout = '10s'`;
        const due = await dueApplications(tx, s);
        if (!due.length) return null;
        const keys = await eraseApplications(
          tx,
          due.map((d) => d.id),
          s.now,
        );
        await tx.auditLog.createMany({
          data: due.map((d) => {
            const row = auditRow("APPLICATION_ERASED", { targetType: "Appointment", targetId: String(d.id), details: { rule: d.rule } });
            return { ...row, details: JSON.parse(row.details!) as never };
          }),
        });
        return { count: due.length, files: keys.length };
      },
      { timeout: 120_000 },
    );
    if (!batch) break;
    run.batches++;
    run.applications += batch.count;
    run.files += batch.files;
    run.bytesRemoved += await removeDeferredBlobs();
  }
  run.bytesRemoved += await sweepErasedBytes();
  for (;;) {
    const count = await prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL lock_timeout = '10s'`;
      const ids = await dueAgents(tx, s);
      if (!ids.length) return 0;
      await tx.agent.updateMany({ where: { id: { in: ids } }, data: { ssnEncrypted: null, ssnLast4: null, erasedAt: s.now } });
      await tx.auditLog.createMany({
        data: ids.map((id) => {
          const row = auditRow("AGENT_ERASED", { targetType: "Agent", targetId: String(id), details: { rule: "AGENT" } });
          return { ...row, details: JSON.parse(row.details!) as never };
        }),
      });
      return ids.length;
    });
    if (!count) break;
    run.batches++;
    run.agents += count;
  }
  return run;
}
