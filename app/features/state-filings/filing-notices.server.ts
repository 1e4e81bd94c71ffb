// The daily state-filings job (issue 37 item 6, decision 0114), state-filings-daily in jobs/crontab.ts:
//  - holdLapsedFilings (filings.server.ts) holds or releases the open filings by their licences,
//    and purgeFilingFiles (filing-files.server.ts) removes the bytes of old filing files;
//  - the administrators are told of the appointment filings (TO_FILE, HELD) and terminations
//    (TO_FILE) due in 5 days or less, due today or overdue, once per filing and stage: the
//    filing_notices rows are inserted (ON CONFLICT DO NOTHING) in the transaction that queues the
//    mails, and only the rows it inserted are told. Killed before the commit, nothing was recorded
//    and the run again tells all; after it, the run again finds everything told and queues nothing.
// Who: the active internal users (the administrators) by CAT_STATEFILING_ADMIN, on unless switched off.
import { recipientsByPreference } from "~/features/preferences/recipients.server";
import { dayOf, type Day } from "~/features/licences/status";
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { addDays, OPEN_FILING_STATUSES } from "./due";
import { purgeFilingFiles } from "./filing-files.server";
import { holdLapsedFilings } from "./filings.server";
import { filingNoticeEmail } from "./filing-notice-email.server";

/** How many days before the due date the first notice goes. */
export const NOTICE_DAYS_BEFORE = 5;

export type NoticeStage = "DUE_IN_5" | "DUE_TODAY" | "OVERDUE";

/** The stage of a filing due on `due`, on `today`; null: not yet (more than 5 days away). */
export function noticeStage(due: Day, today: Day): NoticeStage | null {
  if (due < today) return "OVERDUE";
  if (due === today) return "DUE_TODAY";
  // A run missed on the fifth day before still tells it on a later day before the due date.
  return due <= addDays(today, NOTICE_DAYS_BEFORE) ? "DUE_IN_5" : null;
}

export type FilingNotice = { kind: "APPOINTMENT" | "TERMINATION"; id: string; stage: NoticeStage; dueDate: Day; stateCode: string; agent: string };

export type StateFilingsRun = { held: number; released: number; filesPurged: number; notices: number; emailsQueued: number };

type DueRow = { kind: "APPOINTMENT" | "TERMINATION"; id: string; due_date: string; state_code: string; agent: string };

/** Tells the administrators of the filings due (see the top of this file), in one transaction. */
export async function notifyDueFilings(today: Day): Promise<{ notices: number; emailsQueued: number }> {
  return prisma.$transaction(
    async (tx) => {
      const horizon = addDays(today, NOTICE_DAYS_BEFORE);
      const rows = await tx.$queryRawUnsafe<DueRow[]>(
        `SELECT 'APPOINTMENT' AS kind, f.id::text AS id, f.due_date::text AS due_date, f.state_code, a.agent_number AS agent
           FROM appointment_filings f JOIN agents a ON a.id = f.agent_id
          WHERE f.status = ANY($1::text[]) AND f.due_date <= $2::date
         UNION ALL
         SELECT 'TERMINATION', t.id::text, t.due_date::text, t.state_code, a.agent_number
           FROM terminations t JOIN agents a ON a.id = t.agent_id
          WHERE t.status = 'TO_FILE' AND t.due_date <= $2::date
          ORDER BY 3, 4, 5`,
        [...OPEN_FILING_STATUSES],
        horizon,
      );
      const due = rows.map((r) => ({ kind: r.kind, id: r.id, dueDate: r.due_date, stateCode: r.state_code, agent: r.agent, stage: noticeStage(r.due_date, today)! }));
      if (due.length === 0) return { notices: 0, emailsQueued: 0 };
      const inserted = await tx.$queryRawUnsafe<Array<{ k: string }>>(
        `INSERT INTO filing_notices (filing_kind, filing_id, stage, due_date, notified_on)
         SELECT x.kind, x.id, x.stage, x.due, $5::date FROM unnest($1::text[], $2::uuid[], $3::text[], $4::date[]) AS x(kind, id, stage, due)
         ON CONFLICT DO NOTHING
         RETURNING filing_kind || ':' || filing_id || ':' || stage AS k`,
        due.map((d) => d.kind),
        due.map((d) => d.id),
        due.map((d) => d.stage),
        due.map((d) => d.dueDate),
        today,
      );
      const fresh = new Set(inserted.map((r) => r.k));
      const told: FilingNotice[] = due.filter((d) => fresh.has(`${d.kind}:${d.id}:${d.stage}`));
      if (told.length === 0) return { notices: 0, emailsQueued: 0 };
      const admins = await tx.user.findMany({ where: { isInternal: true, isActive: true }, select: { id: true } });
      const recipients = await recipientsByPreference(
        admins.map((a) => a.id),
        [],
        "CAT_STATEFILING_ADMIN",
        tx,
      );
      const mail = filingNoticeEmail(told, `${env().appUrl.replace(/\/$/, "")}/admin/state-filings`);
      let emailsQueued = 0;
      for (const r of recipients) {
        if (!r.emails.length) continue;
        await queueJob(tx, "send-email", { to: r.emails, ...mail, relatedType: "FILING_NOTICE", relatedId: `${today}:${r.userId}` }, jobOptions.filingNoticeMail(today, r.userId));
        emailsQueued++;
      }
      return { notices: told.length, emailsQueued };
    },
    { maxWait: 30_000, timeout: 300_000 },
  );
}

/** The whole daily job: the holds, the purge, then the notices. `now` dates all three. */
export async function stateFilingsDaily(now = new Date()): Promise<StateFilingsRun> {
  const today = dayOf(now);
  const { held, released } = await holdLapsedFilings(today);
  const filesPurged = await purgeFilingFiles(now);
  const { notices, emailsQueued } = await notifyDueFilings(today);
  return { held, released, filesPurged, notices, emailsQueued };
}
